"""The frame guards of the judge's state (core/ruleset.lp's rules in force, persons.lp's players):
a rule's state, or a player's Citizenship, carries over a position without asking whether it
changed there unless the inputs alone say it may (`change_requestable/2`, `may_leave/2`). That is
the same program only while every rule that changes the state has its guard: each file of the
judge that derives `requested/3` must declare `change_requestable/2`, each that derives `left/2`
`may_leave/2`. A new rule without its guard would be silently ignored; this says so.
The guards themselves are exercised by the bundled cases (rule changes by instruments, cleaning,
rule_upon and hypotheses; deregistration, exile, Writs of FAGE, zombies, ratified Citizenship).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from clingo import ast

from adjudicator.agora.programs import ENTRY
from adjudicator.solving import encoding_path, entry_files

JUDGE_FILES = sorted({encoding_path(name).resolve() for _, name in entry_files(ENTRY)})
GUARDS = {("requested", 3): ("change_requestable", 2), ("left", 2): ("may_leave", 2)}


def _heads(path: Path) -> set[tuple[str, int]]:
    heads: set[tuple[str, int]] = set()

    def visit(statement) -> None:
        if statement.ast_type != ast.ASTType.Rule or statement.head.ast_type != ast.ASTType.Literal:
            return
        atom = statement.head.atom
        if atom.ast_type == ast.ASTType.SymbolicAtom and atom.symbol.ast_type == ast.ASTType.Function:
            heads.add((atom.symbol.name, len(atom.symbol.arguments)))

    text = "\n".join(line for line in path.read_text(encoding="utf-8").splitlines()
                     if not line.lstrip().startswith("#include"))  # each file on its own
    ast.parse_string(text, visit)
    return heads


@pytest.mark.parametrize("path", JUDGE_FILES, ids=lambda p: p.name)
def test_every_state_change_has_its_guard(path):
    heads = _heads(path)
    missing = [f"{name}/{arity} without {GUARDS[(name, arity)][0]}/{GUARDS[(name, arity)][1]}"
               for name, arity in GUARDS if (name, arity) in heads and GUARDS[(name, arity)] not in heads]
    assert not missing, f"{path.name}: {missing} (see core/ruleset.lp and agora/persons.lp)"


def test_the_guards_are_found():
    files = {path.name for path in JUDGE_FILES if ("left", 2) in _heads(path)}
    assert files == {"persons.lp", "culture.lp", "zombies.lp", "winning.lp", "reports.lp"}
    files = {path.name for path in JUDGE_FILES if ("requested", 3) in _heads(path)}
    assert files == {"ruleset.lp", "instruments.lp", "cleaning.lp"}
