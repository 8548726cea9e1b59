"""The judge grounds a notion's encoding only where the case uses it (`programs.notion_parts`):
every notion part of `encodings/agora/main.lp` is registered with the notions it needs, a case
naming a notion's word grounds it (and what it needs), and the selected parts give the same
gamestates as every part, for every bundled judge case (a notion left out where its words are
named elsewhere answers wrongly in silence: a Finger came out INEFFECTIVE once)."""

from __future__ import annotations

import posixpath
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


def test_every_notion_part_is_registered_with_its_needs():
    parts = [part for part, _ in entry_files(ENTRY) if part not in ("base", *programs.DERIVATIONS)]
    assert set(NEEDS) == set(own_words()) == set(parts)
    assert all(set(needs) <= set(NEEDS) - {part} for part, needs in NEEDS.items())
    base = {posixpath.normpath(name) for part, name in entry_files(ENTRY) if part == "base"}
    assert set(programs.COMMON) <= base


def test_a_case_without_a_notions_words_grounds_none():
    assert notion_parts(["person(alice). act(1, register). actor(1, alice). event_time(1, 10)."]) == ()


@pytest.mark.parametrize("program, wanted", [
    ("act(1, make_contract(c)).", {"contracts", "consent", "switches", "names"}),
    ("party_initially(c, alice).", {"contracts"}),
    ("agent(1, bob).", {"behalf"}),
    ("cfj(c1, alice, other).", {"cfjs", "switches"}),
    ("office(registrar, alice).", {"offices", "reports", "office_rules", "consent"}),
    ("title_initially(alice, champion).", {"titles", "culture"}),
    ("award_ribbon(1, alice, cyan).", {"culture", "titles"}),
    ('holds(s(1)) :- cfj_is(c1, judged(true), q(t1)).', {"cfjs"}),
])
def test_a_notions_word_grounds_it_and_what_it_needs(program, wanted):
    assert wanted <= set(notion_parts([program]))


def test_a_word_in_a_string_is_no_word():
    assert notion_parts(['clause_says(c, "a make_contract in a string").']) == ()


def test_a_notion_missing_from_the_table_needs_every_other(monkeypatch):
    monkeypatch.setattr(programs, "NEEDS", {k: v for k, v in NEEDS.items() if k != "behalf"})
    assert notion_parts(["agent(1, bob)."]) == all_notion_parts()


def _gamestates(program: str, parts: tuple[str, ...]) -> list[list[str]]:
    grounded = Grounded([ENTRY], [program], timeout=60, parts=parts, project=True, what="notion parts")
    grounded.free_externals([("enabled", 1), ("enforce_self", 1)])
    models, _ = grounded.models([], 256)
    return sorted(sorted(map(str, model)) for model in models)


def _bundled() -> list[Path]:
    return sorted([*(ROOT / "cases" / "cfj").glob("*.yaml"), *(ROOT / "cases" / "agora" / "judge").glob("*.yaml")])


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
# registered_initially/1: an office's holder is read with the office's own facts), the case's end,
# and the case's readings and rule revisions (option/1, text_revision/2: in every case, read with a
# notion's own facts).
COMMON_INPUTS = {"act", "actor", "event_time", "intent_action", "caused_by", "person", "registered_initially", "now_time",
                 "option", "text_revision"}


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


# What base files read of a notion and is nothing without that notion's own facts or acts in the
# case (then the notion is grounded by its words): an office's holder and vacancy (offices.lp:
# without office facts or acts every office is vacant), a CFJ's judgement and judging (cfjs.lp,
# from its acts), a class of crime and an Unjustified Gesticulation (investigations.lp, from
# forbidden_art/1 and a Finger's conclusion), acts on behalf
# (behalf.lp, contracts.lp: from agent/2 and contracts), the amounts and provisions asked about
# (contracts.lp); and calendar_asked/1, an ask the base file itself makes of culture.lp (READERS);
# a consent to be bound by a regulation (regulations.lp: from consent acts, contracts, findings).
NOTHING_WITHOUT_FACTS = {"office_at", "holder", "office_in_play", "deputised", "won_election", "switch_initially",
                         "judgement", "did", "crime_class", "gesticulation", "behalf_act", "behalf_allowed", "transferred",
                         "at_least_asked", "provision", "calendar_asked", "consented_to", "stated_consent",
                         "focus_ratified", "ratified_focus_time",  # a ratified report of Focuses (reports.lp)
                         "report_state", "tournament_ended",  # a report's state (from a report act); a tournament
                                                              # ended (from its regulations' facts: regulations.lp)
                         "months_after",  # R2614's month (regulations.lp), culture's: the repeal it asks for brings it in
                         # R2438 (ribbons.lp): Green's elected office one holds, the duties the judge tracks (a Finger's,
                         # a reward's officer), the Tailor's ratified report: nothing without offices, obligations, reports
                         "elected", "finger", "reward_officer", "ratified", "ribbon_ratified", "ribbon_query"}


def test_what_a_base_file_reads_of_a_notion_is_registered():
    """A base file (not COMMON) naming a predicate only a notion's rules define is one of the
    READERS of that notion, or what it reads is nothing without the notion's facts."""
    files: dict[str, list[str]] = {}
    for part, name in entry_files(ENTRY):
        files.setdefault(part, []).append(name)
    text = {name: programs._COMMENT_OR_STRING.sub(" ", encoding_path(name).read_text()) for names in files.values()
            for name in names}
    common = programs._words("\n".join(text[n] for n in files["base"] if posixpath.normpath(n) in programs.COMMON))
    defined_in_base = set(programs._HEAD.findall("\n".join(text[n] for n in files["base"])))
    heads = {part: set(programs._HEAD.findall("\n".join(text[n] for n in names))) - common - defined_in_base
             for part, names in files.items() if part in NEEDS}  # what the notion alone defines
    unregistered = {}
    for name in files["base"]:
        short = posixpath.normpath(name)
        if short in programs.COMMON or short == "core/show.lp":
            continue
        reads = programs._words(text[name]) - common - NOTHING_WITHOUT_FACTS
        grounded = set().union(*(_closure(part) for part in programs.READERS.get(short.partition("/")[2], ())))
        missing = {part: sorted(reads & found) for part, found in heads.items() if reads & found and part not in grounded}
        if missing:
            unregistered[short] = missing
    assert unregistered == {}


def _closure(part: str) -> set[str]:
    seen, todo = {part}, [part]
    while todo:
        for other in NEEDS[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen
