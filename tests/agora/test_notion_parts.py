"""The judge grounds a notion's encoding only where the case uses it (`programs.notion_parts`):
every notion part of `encodings/agora/main.lp` is registered with the notions it needs, a case
naming a notion's word grounds it (and what it needs), and the selected parts give the same
gamestates as every part (a sample of the bundled cases; all of them with
ADJUDICATOR_ALL_NOTION_CASES=1)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from clingo import ast

from adjudicator.agora import programs
from adjudicator.agora.case import load_case
from adjudicator.agora.facts import build
from adjudicator.agora.programs import ENTRY, NEEDS, all_notion_parts, notion_parts, own_words
from adjudicator.errors import InputError
from adjudicator.solving import Grounded, encoding_path, entry_files

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ["cfj-3732-candidacy-is-consent", "contracts-consent-behalf", "petition-timely"]


def test_every_notion_part_is_registered_with_its_needs():
    parts = [part for part, _ in entry_files(ENTRY) if part not in ("base", *programs.DERIVATIONS)]
    assert set(NEEDS) == set(own_words()) == set(parts)
    assert all(set(needs) <= set(NEEDS) - {part} for part, needs in NEEDS.items())


def test_a_case_without_a_notions_words_grounds_none():
    assert notion_parts(["person(alice). act(1, register). actor(1, alice). event_time(1, 10)."]) == ()


@pytest.mark.parametrize("program, wanted, not_wanted", [
    ("act(1, make_contract(c)).", {"contracts", "consent", "offices", "names"}, {"titles", "behalf"}),
    ("party_initially(c, alice).", {"contracts"}, {"cfjs"}),
    ("agent(1, bob).", {"behalf"}, {"contracts"}),
    ("cfj(c1, alice, other).", {"cfjs", "offices"}, {"contracts"}),
    ("office(registrar, alice).", {"offices", "reports", "office_rules", "consent"}, {"contracts", "titles"}),
    ("title_initially(alice, champion).", {"titles", "culture", "offices"}, {"contracts"}),
    ('holds(s(1)) :- cfj_is(c1, judged(true), q(t1)).', {"cfjs"}, {"titles"}),
    ('clause_says(c, "a make_contract in a string is no word").', set(), {"contracts"}),
])
def test_a_notions_word_grounds_it_and_what_it_needs(program, wanted, not_wanted):
    chosen = set(notion_parts([program]))
    assert wanted <= chosen and not (not_wanted & chosen)


def test_a_notion_missing_from_the_table_needs_every_other(monkeypatch):
    monkeypatch.setattr(programs, "NEEDS", {k: v for k, v in NEEDS.items() if k != "behalf"})
    assert notion_parts(["agent(1, bob)."]) == all_notion_parts()


def _gamestates(program: str, parts: tuple[str, ...]) -> list[list[str]]:
    grounded = Grounded([ENTRY], [program], timeout=60, parts=parts, project=True, what="notion parts")
    grounded.free_externals([("enabled", 1), ("enforce_self", 1)])
    models, _ = grounded.models([], 256)
    return sorted(sorted(map(str, model)) for model in models)


def _bundled() -> list[Path]:
    every = sorted([*(ROOT / "cases" / "cfj").glob("*.yaml"), *(ROOT / "cases" / "agora" / "judge").glob("*.yaml")])
    if os.environ.get("ADJUDICATOR_ALL_NOTION_CASES"):
        return every
    return [path for path in every if path.stem in SAMPLE]


@pytest.mark.parametrize("path", _bundled(), ids=lambda p: p.stem)
def test_the_selected_parts_give_the_gamestates_of_every_part(path):
    try:
        facts = build(*load_case(path))
    except InputError:
        pytest.skip("a case the judge refuses")
    program = "\n".join(facts.program)
    chosen = notion_parts(facts.program)
    assert _gamestates(program, chosen) == _gamestates(program, all_notion_parts()), chosen


# Inputs every notion reads beside the base part, which bring no notion in by themselves: the
# events (act/2, actor/2, event_time/2, intent_action/2, caused_by/2), the persons (person/1,
# registered_initially/1: an office's holder is read with the office's own facts) and the case's end.
COMMON_INPUTS = {"act", "actor", "event_time", "intent_action", "caused_by", "person", "registered_initially", "now_time"}


def _heads_and_bodies(name: str) -> tuple[set[str], set[str]]:
    heads: set[str] = set()
    bodies: set[str] = set()

    def walk(node, in_body: bool) -> None:
        if isinstance(node, ast.AST):
            if node.ast_type == ast.ASTType.SymbolicAtom:
                symbol = node.symbol
                if symbol.ast_type in (ast.ASTType.Function, ast.ASTType.SymbolicTerm):
                    name = symbol.name if symbol.ast_type == ast.ASTType.Function else str(symbol.symbol)
                    (bodies if in_body else heads).add(name)
                return
            for key in node.child_keys:
                walk(getattr(node, key), in_body or key in ("body", "condition"))
        elif node is not None and not isinstance(node, (str, int)):
            for item in node:
                walk(item, in_body)

    ast.parse_files([str(encoding_path(name))],
                    lambda statement: walk(statement, False) if statement.ast_type == ast.ASTType.Rule else None)
    return heads, bodies


def test_every_input_of_a_notion_brings_it_in():
    """An input of a notion (a predicate its rules read and no file defines) is one of its own
    words, or one of its TRIGGERS, or an input common to every notion."""
    files: dict[str, list[str]] = {}
    for part, name in entry_files(ENTRY):
        if part not in programs.DERIVATIONS:
            files.setdefault(part, []).append(name)
    read = {part: [_heads_and_bodies(name) for name in names] for part, names in files.items()}
    defined = {head for found in read.values() for heads, _ in found for head in heads}
    own = own_words()
    unbound = {part: sorted(set().union(*(bodies for _, bodies in read[part])) - defined - own[part] - COMMON_INPUTS)
               for part in own}
    assert {part: names for part, names in unbound.items() if names} == {}
