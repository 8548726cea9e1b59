#!/usr/bin/env python3
"""Generate the top-level encodings/README.md from the encodings tree.

    python3 tools/encodings_readme.py          rewrite encodings/README.md
    python3 tools/encodings_readme.py --check  exit 1 if the committed file is out of date

For each folder of `encodings/` the README lists its `.lp` files with the rules each one names in
its opening comment, and gathers the folder README's predicate tables (the markdown tables whose
first header cell is "predicate"). The helpers that read heads and tables are also used by
tests/test_encodings_conventions.py.

Encodings are parsed here with `clingo.ast` (no grounding, no solving: solving goes through
`adjudicator.solving` only).
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENCODINGS = ROOT / "encodings"
README = ENCODINGS / "README.md"
# The shared core first, then the games.
FOLDER_ORDER = ("core", "agora", "diplomacy", "hng")

# ---------------------------------------------------------------- opening comments and rules


def opening_comment(text: str) -> str:
    """The `%` lines a file opens with, up to the first blank comment line or the first code."""
    lines = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped.startswith("%"):
            break
        body = stripped.lstrip("%").strip()
        if not body:
            break
        lines.append(body)
    return " ".join(lines)


_RULE_PATTERNS = (
    # Agora rule numbers: R478, R2152 (not "R1023 3.2"'s 3.2)
    re.compile(r"\bR\d{2,4}\b"),
    # Birthday Tournament regulations: BT9, BT31, BT11-BT21
    re.compile(r"\bBT\d+(?:-BT\d+)?\b"),
    # rulebooks by year
    re.compile(r"\b\d{4} rulebook\b"),
    re.compile(r"\bBlogNomic\b"),
    re.compile(r"\bDiplonomic(?: 2020)?\b"),
)
_DATC_SECTION = re.compile(r"\b\d\.[A-Z](?:\.\d+)?(?:-\d\.[A-Z]\.\d+)?\b")
_DIPLONOMIC_RULE = re.compile(r"\brules? (\d+(?:(?:, | and )\d+)*)")


def rules_named(comment: str) -> list[str]:
    """Game rules an opening comment names, in order of first mention, without repeats."""
    found: list[tuple[int, str]] = []
    for pattern in _RULE_PATTERNS:
        found += [(m.start(), m.group(0)) for m in pattern.finditer(comment)]
    if "DATC" in comment:
        found += [(m.start(), f"DATC {m.group(0)}") for m in _DATC_SECTION.finditer(comment)]
        if not _DATC_SECTION.search(comment):
            found.append((comment.index("DATC"), "DATC"))
    if "Diplonomic" in comment:
        # "Diplonomic 2020 rules 22 and 24", "BT16 / rule 16": one entry, where Diplonomic is first named
        numbers: list[str] = []
        for m in _DIPLONOMIC_RULE.finditer(comment):
            numbers += [n for n in re.split(r", | and ", m.group(1)) if n not in numbers]
        label = "Diplonomic " + ("rule " if len(numbers) == 1 else "rules ") + ", ".join(numbers) if numbers else "Diplonomic"
        found = [(start, name) for start, name in found if not name.startswith("Diplonomic")]
        found.append((comment.index("Diplonomic"), label))
    names: list[str] = []
    for _, name in sorted(found, key=lambda item: item[0]):
        if name not in names:
            names.append(name)
    return names


def _without_asides(text: str) -> str:
    """The text without its parenthetical asides (" (...)", nested), which hold quotations."""
    out, depth = [], 0
    for i, ch in enumerate(text):
        if ch == "(" and (depth or (i > 0 and text[i - 1] == " ")):
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
        elif not depth:
            out.append(ch)
    return re.sub(r"\s+([,;:.])", r"\1", re.sub(r"\s{2,}", " ", "".join(out)))


def summary(comment: str) -> str:
    """The opening comment's first sentence, without its asides."""
    text = _without_asides(comment)
    match = re.match(r"(.+?\.)(?:\s|$)", text)
    return match.group(1) if match else text


# ---------------------------------------------------------------- predicates defined in heads


@dataclass(frozen=True, order=True)
class Definition:
    name: str
    arity: int
    file: str
    line: int
    external: bool = False

    @property
    def signature(self) -> str:
        return f"{self.name}/{self.arity}"


def _term_signatures(term) -> list[tuple[str, int]]:
    from clingo.ast import ASTType, UnaryOperator
    from clingo import SymbolType

    if term.ast_type == ASTType.Pool:
        return [sig for argument in term.arguments for sig in _term_signatures(argument)]
    if term.ast_type == ASTType.UnaryOperation and term.operator_type == UnaryOperator.Minus:
        return _term_signatures(term.argument)  # classical negation: same predicate name
    if term.ast_type == ASTType.Function and term.name:
        return [(term.name, len(term.arguments))]
    if term.ast_type == ASTType.SymbolicTerm and term.symbol.type == SymbolType.Function and term.symbol.name:
        return [(term.symbol.name, len(term.symbol.arguments))]
    return []


def _literal_signatures(literal) -> list[tuple[str, int]]:
    from clingo.ast import ASTType, Sign

    if literal.ast_type == ASTType.ConditionalLiteral:
        literal = literal.literal
    if literal.ast_type != ASTType.Literal or literal.sign != Sign.NoSign:
        return []  # `not a :- b.` constrains, it does not define
    if literal.atom.ast_type != ASTType.SymbolicAtom:
        return []  # #false, comparisons
    return _term_signatures(literal.atom.symbol)


def _head_signatures(head) -> list[tuple[str, int]]:
    from clingo.ast import ASTType

    if head.ast_type == ASTType.Literal:
        return _literal_signatures(head)
    if head.ast_type in (ASTType.Aggregate, ASTType.Disjunction):
        return [sig for element in head.elements for sig in _literal_signatures(element)]
    if head.ast_type == ASTType.HeadAggregate:
        return [sig for element in head.elements for sig in _literal_signatures(element.condition)]
    return []  # theory atoms


def definitions(path: Path) -> list[Definition]:
    """Every predicate a file defines: rule heads (facts, choices, disjunctions, head
    aggregates) and #external declarations; #show, #const and bodies define nothing."""
    try:
        name = path.relative_to(ENCODINGS).as_posix()
    except ValueError:
        name = path.name
    # an #include defines nothing here (the included file is read on its own)
    text = re.sub(r'(?m)^\s*#include\s+"[^"]*"\s*\.', "", path.read_text(encoding="utf-8"))
    return definitions_in(text, name)


def definitions_in(program: str, file: str = "<string>") -> list[Definition]:
    from clingo.ast import ASTType, parse_string

    found: list[Definition] = []

    def visit(statement) -> None:
        if statement.ast_type == ASTType.Rule:
            signatures = _head_signatures(statement.head)
            external = False
        elif statement.ast_type == ASTType.External:
            signatures = _term_signatures(statement.atom.symbol)
            external = True
        else:
            return
        line = statement.location.begin.line
        found.extend(Definition(name, arity, file, line, external) for name, arity in signatures)

    parse_string(program, visit)
    return found


# ---------------------------------------------------------------- README predicate tables

_SIGNATURE = re.compile(r"(?<![\w#])([a-z_][A-Za-z0-9_]*)/(\d+)\b")


@dataclass
class Table:
    heading: str  # the markdown heading the table sits under
    header: str
    rows: list[str] = field(default_factory=list)


def tables(markdown: str) -> list[Table]:
    """Markdown tables whose first header cell is "predicate", with the heading above each."""
    found: list[Table] = []
    heading = ""
    current: Table | None = None
    lines = markdown.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
        if not line.startswith("|"):
            current = None
            continue
        if current is not None:
            if not re.fullmatch(r"\|[\s\-:|]+\|?", line):
                current.rows.append(line)
            continue
        cells = _cells(line)
        below = lines[index + 1] if index + 1 < len(lines) else ""
        if cells and cells[0].lower() == "predicate" and below.startswith("|"):
            current = Table(heading, line)
            found.append(current)
        else:
            current = _SKIP  # a table of another kind: skip its rows
    return found


_SKIP = Table("", "")


def _cells(row: str) -> list[str]:
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def documented(markdown: str) -> set[str]:
    """`name/arity` signatures named in the first column of the predicate tables."""
    signatures: set[str] = set()
    for table in tables(markdown):
        for row in table.rows:
            first = _cells(row)[0]
            for span in re.findall(r"`([^`]*)`", first):
                signatures |= {f"{name}/{arity}" for name, arity in _SIGNATURE.findall(span)}
    return signatures


# ---------------------------------------------------------------- the top-level README


def folders() -> list[Path]:
    present = [p for p in ENCODINGS.iterdir() if p.is_dir() and any(p.glob("*.lp"))]
    rank = {name: i for i, name in enumerate(FOLDER_ORDER)}
    return sorted(present, key=lambda p: (rank.get(p.name, len(rank)), p.name))


INTRO = """\
# Encodings

<!-- Generated by tools/encodings_readme.py from the .lp files' opening comments and the
folder READMEs. Do not edit by hand: edit those, then run `python3 tools/encodings_readme.py`
(`--check` tells whether this file is up to date; tests/test_encodings_conventions.py runs it). -->

The game logic of the adjudicator: answer-set programs (clingo), one folder per game, plus the
normative `core` every game shares. Python parses input, writes facts, solves and reads the
models back; what is decided, is decided here.

The folder is installed as package data, the package `adjudicator.encodings` (`**/*.lp`,
`**/*.md`), and programs are loaded only through `adjudicator.solving`, by their path relative to
this folder: `encoding_path("diplomacy/movement.lp")`, `encoding_text(...)`, or the names passed
to `solve(...)` / `Grounded(...)`. Only `adjudicator/solving` talks to clingo.

Conventions (checked by tests/test_encodings_conventions.py): every `.lp` file opens with a
comment naming the game rules it encodes; every rule that implements a game rule cites it
(`% R1030`, `% BT19`, `% DATC 4.A.2`); every predicate a file defines (rule heads and
`#external`s) is in its folder README's predicate tables as `name/arity`. Those tables are
gathered below.
"""


def render() -> str:
    out = [INTRO]
    out.append("## Contents\n")
    for folder in folders():
        out.append(f"- [`{folder.name}/`](#{folder.name}): {len(list(folder.glob('*.lp')))} programs")
    out.append("")
    for folder in folders():
        out.append(f'<a id="{folder.name}"></a>\n')
        out.append(f"## `{folder.name}/`\n")
        readme = folder / "README.md"
        if readme.is_file():
            out.append(f"Details, facts and conventions: [{folder.name}/README.md]({folder.name}/README.md).\n")
        out.append("| file | what it is | rules named in its opening comment |")
        out.append("| --- | --- | --- |")
        for lp in sorted(folder.glob("*.lp")):
            comment = opening_comment(lp.read_text(encoding="utf-8"))
            rules = ", ".join(rules_named(comment)) or "none (no game rule)"
            out.append(f"| [`{lp.name}`]({folder.name}/{lp.name}) | {_escape(summary(comment))} | {rules} |")
        out.append("")
        if readme.is_file():
            for table in tables(readme.read_text(encoding="utf-8")):
                out.append(f"### {folder.name}: {table.heading}\n")
                out.append("| predicate | meaning |")
                out.append("| --- | --- |")
                out.extend(table.rows)
                out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def _escape(text: str) -> str:
    return text.replace("|", "\\|")


def is_current() -> bool:
    return README.is_file() and README.read_text(encoding="utf-8") == render()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if encodings/README.md is out of date")
    args = parser.parse_args(argv)
    if args.check:
        if is_current():
            return 0
        print(f"{README.relative_to(ROOT)} is out of date: run python3 tools/encodings_readme.py", file=sys.stderr)
        return 1
    README.write_text(render(), encoding="utf-8")
    print(f"wrote {README.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
