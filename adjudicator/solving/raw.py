"""Raw ASP from people (the judge's `asp:` statements and clauses): parsed with clingo's AST and
accepted only when it is rules, facts and constraints.

Refused, with a message naming the input: `#include` (it reads files: `#include "/etc/passwd"`),
`#script`, `#external`, `#program` (it would cut the program in parts), `#show`, `#project`,
`#const`, `#minimize`, weak constraints, heuristics, theory atoms, @-terms (they call Python),
control characters (a NUL cut off the rest of the program), characters outside ASCII (clingo's
parser aborts the process on some of them), and anything clingo cannot parse.

`statement_program` also isolates one raw statement from the rest of the program: every
predicate the statement defines (appears in a head) is renamed into the statement's own
namespace, so it can neither make another statement hold (`holds(s(2)).`), nor change the
gamestate the other statements are judged on; it reads the gamestate only. Its rules must be
normal rules (one atom in the head): constraints, choices and disjunctions would remove or add
gamestates for everyone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

import clingo
from clingo import ast

from adjudicator.errors import InputError, excerpt

MAX_RAW_CHARS = 20_000  # raw ASP of one statement or clause

_INCLUDE = re.compile(r"#\s*include")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_DIRECTIVES = {
    ast.ASTType.ShowSignature: "#show", ast.ASTType.ShowTerm: "#show", ast.ASTType.Program: "#program",
    ast.ASTType.External: "#external", ast.ASTType.Script: "#script", ast.ASTType.Definition: "#const",
    ast.ASTType.Minimize: "a weak constraint or #minimize", ast.ASTType.Edge: "#edge",
    ast.ASTType.Heuristic: "#heuristic", ast.ASTType.ProjectAtom: "#project",
    ast.ASTType.ProjectSignature: "#project", ast.ASTType.Defined: "#defined",
    ast.ASTType.TheoryDefinition: "#theory",
}


@dataclass
class RawProgram:
    """Accepted raw ASP: its statements (clingo AST) and the predicates its heads define."""

    statements: list[ast.AST]
    defined: set[str]

    def text(self) -> str:
        return "\n".join(str(statement) for statement in self.statements)


def _refused_part(node: ast.AST) -> str | None:
    """What in a rule is not plain ASP: an @-function (it calls Python) or a theory atom."""
    found: list[str] = []

    class Finder(ast.Transformer):
        def visit_Function(self, function: ast.AST) -> ast.AST:  # noqa: N802 - clingo's visitor names
            if function.external:
                found.append("@-functions")
            return function.update(**self.visit_children(function))

        def visit_TheoryAtom(self, atom: ast.AST) -> ast.AST:  # noqa: N802
            found.append("theory atoms (&...)")
            return atom

    Finder()(node)
    return found[0] if found else None


def _head_names(rule: ast.AST) -> set[str]:
    names: set[str] = set()

    class Heads(ast.Transformer):
        def visit_SymbolicAtom(self, atom: ast.AST) -> ast.AST:  # noqa: N802
            symbol = atom.symbol
            if symbol.ast_type == ast.ASTType.Function:
                names.add(symbol.name)
            elif symbol.ast_type == ast.ASTType.SymbolicTerm and symbol.symbol.type == clingo.SymbolType.Function:
                names.add(symbol.symbol.name)
            return atom

    Heads()(rule.head)
    return names


def parse_rules(text: str, where: str) -> RawProgram:
    """`text` parsed as rules, facts and constraints only; InputError naming `where` otherwise."""
    if len(text) > MAX_RAW_CHARS:
        raise InputError(f"{where}: raw ASP of {len(text):,} characters; at most {MAX_RAW_CHARS:,}")
    if _INCLUDE.search(text):
        raise InputError(f"{where}: raw ASP may not use #include (it would read files)")
    control = _CONTROL.search(text)
    if control:
        raise InputError(f"{where}: raw ASP contains the control character {control.group()!r}")
    if not text.isascii():
        # clingo's parser cuts its error messages inside multi-byte characters, and the broken UTF-8
        # aborts the whole process in its logger callback ("PANIC: exception in nothrow scope")
        bad = next(ch for ch in text if not ch.isascii())
        raise InputError(f"{where}: raw ASP is ASCII only (found {bad!r}); write other names as strings in the "
                         "case, not in raw ASP")
    statements: list[ast.AST] = []
    messages: list[str] = []

    def logger(code: clingo.MessageCode, message: str) -> None:
        messages.append(" ".join(message.split()))

    try:
        ast.parse_string(text, statements.append, logger=logger, message_limit=3)
    except RuntimeError:
        detail = messages[0].replace("<string>:", "line ") if messages else "syntax error"
        raise InputError(f"{where}: raw ASP does not parse: {excerpt(detail, 120)}") from None
    accepted: list[ast.AST] = []
    defined: set[str] = set()
    for index, statement in enumerate(statements):
        kind = statement.ast_type
        if kind == ast.ASTType.Program and index == 0:
            continue  # clingo's own `#program base.` opening every parse
        if kind == ast.ASTType.Comment:
            continue
        if kind != ast.ASTType.Rule:
            name = _DIRECTIVES.get(kind, str(kind).rsplit(".", 1)[-1])
            raise InputError(f"{where}: raw ASP may contain only rules, facts and constraints, not {name} "
                             f"({excerpt(str(statement), 40)})")
        refused = _refused_part(statement)
        if refused:
            raise InputError(f"{where}: raw ASP may not use {refused} ({excerpt(str(statement), 40)})")
        defined |= _head_names(statement)
        accepted.append(statement)
    return RawProgram(accepted, defined)


def checked_rules(text: str, where: str, *, reserved: Iterable[str] = ()) -> str:
    """Raw ASP (e.g. a clause of a hypothetical rule) accepted as rules, facts and constraints whose
    heads define none of the `reserved` predicates; returned as program text."""
    program = parse_rules(text, where)
    clash = sorted(program.defined & set(reserved))
    if clash:
        raise InputError(f"{where}: raw ASP may not define {', '.join(clash)} (the tool's own predicates)")
    return program.text()


def statement_program(text: str, namespace: str, where: str, *, goal: str = "holds") -> tuple[str, str]:
    """One raw statement in its own namespace: every predicate it defines is renamed to
    `<namespace>_<name>`. Returns the program text and the name its `goal` (0-ary) now has."""
    if not re.fullmatch(r"[a-z][a-z0-9_]*", namespace):
        raise ValueError(f"namespace {namespace!r} is not an ASP name")
    program = parse_rules(text, where)
    for statement in program.statements:
        head = statement.head
        if not (head.ast_type == ast.ASTType.Literal and head.sign == ast.Sign.NoSign
                and head.atom.ast_type == ast.ASTType.SymbolicAtom):
            raise InputError(f"{where}: a raw statement has only rules with one atom as head, deriving "
                             f"{goal} from the gamestate (not {excerpt(str(statement), 40)}): constraints, "
                             "choices and disjunctions would change the other statements' gamestates")
    renamed = {name: f"{namespace}_{name}" for name in program.defined}

    class Rename(ast.Transformer):
        def visit_SymbolicAtom(self, atom: ast.AST) -> ast.AST:  # noqa: N802
            symbol = atom.symbol
            if symbol.ast_type == ast.ASTType.Function and symbol.name in renamed:
                return atom.update(symbol=symbol.update(name=renamed[symbol.name]))
            if (symbol.ast_type == ast.ASTType.SymbolicTerm and symbol.symbol.type == clingo.SymbolType.Function
                    and symbol.symbol.name in renamed):
                old = symbol.symbol
                new = clingo.Function(renamed[old.name], old.arguments, old.positive)
                return atom.update(symbol=symbol.update(symbol=new))
            return atom

    rename = Rename()
    text_out = "\n".join(str(rename(statement)) for statement in program.statements)
    return text_out, renamed.get(goal, f"{namespace}_{goal}")
