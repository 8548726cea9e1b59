"""Messages beside their rules: an encoding states, next to the rule that derives a reason, how
the reason is worded and what it cites, as facts

    message(Code, Template, Cite).      % Template: "{1}", "{2}", ... are the reason's arguments
    reason_rank(Code, Rank).            % among reasons that explain the same thing, lower first

and this module words a reason atom with them: the template filled with the atom's arguments,
the cite where the template says "{cite}", else after it as " (Cite)" when it is not empty.
The facts are read once per program (its encodings and the `#program` parts a task grounds):
from the atoms of a program that grounded them, or with clingo's own parser (`#include`s
followed); one code has one message within a program.
"""

from __future__ import annotations

from typing import Iterable, Sequence

import clingo
import clingo.ast as ast

from adjudicator.solving import encoding_path

MESSAGE = ("message", 3)
REASON_RANK = ("reason_rank", 2)


class Messages:
    """The wording (`message/3`) and ranks (`reason_rank/2`) an entry program states."""

    def __init__(self, templates: dict[str, tuple[str, str]], ranks: dict[str, int]):
        self.templates = templates
        self.ranks = ranks

    def text(self, code: str, arguments: Sequence[str] = ()) -> str:
        """The reason `code(arguments...)` in words. A code without a message is its own name
        with spaces (an encoding that forgot one still says something readable)."""
        found = self.templates.get(code)
        if found is None:
            return code.replace("_", " ")
        template, cite = found
        for position, argument in enumerate(arguments, start=1):
            template = template.replace(f"{{{position}}}", argument)
        if "{cite}" in template:
            return template.replace("{cite}", cite)
        return f"{template} ({cite})" if cite else template

    def rank(self, code: str) -> int | None:
        return self.ranks.get(code)


def _kept(statement: ast.AST) -> bool:
    """A `#program` statement (which part the facts after it belong to), or a fact of
    message/3 or reason_rank/2."""
    if statement.ast_type == ast.ASTType.Program:
        return True
    if statement.ast_type != ast.ASTType.Rule or statement.body:
        return False
    head = statement.head
    if head.ast_type != ast.ASTType.Literal or head.atom.ast_type != ast.ASTType.SymbolicAtom:
        return False
    term = head.atom.symbol
    return term.ast_type == ast.ASTType.Function and (term.name, len(term.arguments)) in (MESSAGE, REASON_RANK)


def _from_atoms(atoms: Iterable[clingo.Symbol], where: str) -> Messages:
    templates: dict[str, tuple[str, str]] = {}
    ranks: dict[str, int] = {}
    for symbol in atoms:
        if symbol.match(*MESSAGE):
            code, template, cite = symbol.arguments
            wording = (template.string, cite.string)
            if templates.setdefault(code.name, wording) != wording:
                raise ValueError(f"two messages for {code.name} in {where}")
        elif symbol.match(*REASON_RANK):
            code, rank = symbol.arguments
            ranks[code.name] = rank.number
    return Messages(templates, ranks)


def _grounded_atoms(control: clingo.Control) -> list[clingo.Symbol]:
    atoms = control.symbolic_atoms
    return [a.symbol for signature in (MESSAGE, REASON_RANK) for a in atoms.by_signature(*signature)]


def read_messages(paths: Iterable[str], parts: Sequence[str] = ()) -> Messages:
    """The message/3 and reason_rank/2 facts of the programs at `paths` (their `#include`s
    followed) in the base part and `parts`, grounded on their own."""
    paths = [str(p) for p in paths]
    kept: list[ast.AST] = []
    ast.parse_files(paths, lambda s: kept.append(s) if _kept(s) else None)
    control = clingo.Control(["--warn=none"])
    with ast.ProgramBuilder(control) as builder:
        for statement in kept:
            builder.add(statement)
    control.ground([("base", []), *((part, []) for part in parts)])
    return _from_atoms(_grounded_atoms(control), f"{', '.join(paths)} {tuple(parts)}")


_READ: dict[tuple[tuple[str, ...], tuple[str, ...]], Messages] = {}  # (entries, parts) -> messages, once per process


def _key(entries: str | Sequence[str], parts: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return ((entries,) if isinstance(entries, str) else tuple(entries)), tuple(parts)


def messages(entries: str | Sequence[str], parts: Sequence[str] = ()) -> Messages:
    """The messages of a program: its encodings named as `solving` names them
    (`diplomacy/main.lp`), with the `#program` parts a task grounds."""
    key = _key(entries, parts)
    found = _READ.get(key)
    if found is None:
        found = _READ[key] = read_messages([encoding_path(name) for name in key[0]], parts)
    return found


def grounded_messages(control: clingo.Control, entries: str | Sequence[str], parts: Sequence[str]) -> Messages:
    """The messages of `entries` with `parts`, read from a program that grounded them (its atoms:
    no file parsed again), once per process; `messages(entries, parts)` then returns them."""
    key = _key(entries, parts)
    found = _READ.get(key)
    if found is None:
        found = _READ[key] = _from_atoms(_grounded_atoms(control), f"{', '.join(key[0])} {key[1]}")
    return found
