"""Every name in a judge statement resolves to exactly one known thing, or the case is refused
with one line naming it and the nearest known names: persons, decisions and proposals of the
case's `decisions:`, events (by id or position in the file), and the case's own persons (two
that are the same name after normalisation are refused, never merged)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.agora.case import load_case
from adjudicator.agora.facts import build
from adjudicator.agora.judge import judge_file
from adjudicator.cli import main
from adjudicator.errors import InputError

ROOT = Path(__file__).resolve().parents[2]
LIFECYCLE = ROOT / "cases" / "agora" / "judge" / "lifecycle-statements.yaml"
REFERENDUM = ROOT / "cases" / "agora" / "judge" / "referendum-statements.yaml"
PROMISE_CHAIN = ROOT / "cases" / "cfj" / "promise-chain-settles.yaml"


def with_statements(tmp_path: Path, source: Path, statements: list[str]) -> Path:
    """`source` with only `statements` (no expectations)."""
    data = yaml.safe_load(source.read_text())
    data["statements"] = [{"text": s} for s in statements]
    path = tmp_path / source.name
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def verdicts(tmp_path: Path, source: Path, statements: list[str]) -> list[str]:
    return [j.verdict for j in judge_file(with_statements(tmp_path, source, statements)).judgements]


def refused(tmp_path: Path, capsys, source: Path, statement: str) -> str:
    """The one line the judge refuses `statement` with (exit 2)."""
    path = with_statements(tmp_path, source, [statement])
    assert main(["judge", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {path}: statement 1: "), captured.err
    return lines[0]


# ---------------------------------------------------------------- item 1: decisions, proposals, voters

@pytest.mark.parametrize("source, statement, unknown, nearest", [
    (LIFECYCLE, "proposal Tdy is pending", "Tdy", "Tidy"),
    (LIFECYCLE, "Murphey is a coauthor of proposal Tidy", "Murphey", "Murphy"),
    (LIFECYCLE, "Murphy is a coauthor of proposal Tidyy", "Tidyy", "Tidy"),
    (REFERENDUM, "the voting strength of Arsi on proposal 8500 was 4", "Arsi", "Aris"),
    (REFERENDUM, "the outcome of decision Electon was Aris", "Electon", "Election"),
    (REFERENDUM, "proposal 8599 was adopted", "8599", "8500"),
    (REFERENDUM, "Aris is a voter on the referendum on proposal 8502", "8502", "8500"),
    (PROMISE_CHAIN, "Gee is a voter on the referendum on proposal 9001", "Gee", "G."),
    (PROMISE_CHAIN, "alcie's ballot on proposal 9001 counted as FOR", "alcie", "alice"),
    # outcomes and votes: the outcome words, or the decision's options
    (REFERENDUM, "the outcome of decision Election was Arsi", "Arsi", "Aris"),
    (REFERENDUM, "the outcome of proposal 8500 was ADOPTD", "ADOPTD", "ADOPTED"),
    (REFERENDUM, "Aris's ballot on proposal 8500 counted as FR", "FR", "FOR"),
])
def test_an_unknown_name_is_refused_naming_the_nearest(tmp_path, capsys, source, statement, unknown, nearest):
    line = refused(tmp_path, capsys, source, statement)
    assert f"'{unknown}' is not a" in line and f"(nearest: " in line and nearest in line.split("(nearest: ")[1].rstrip(")").split(", ")


def test_a_negated_statement_with_an_unknown_name_is_refused_too(tmp_path, capsys):
    line = refused(tmp_path, capsys, LIFECYCLE, "proposal Tdy is not pending")
    assert "'Tdy'" in line and "Tidy" in line


@pytest.mark.parametrize("source, spellings, verdict", [
    (LIFECYCLE, ["proposal Tidy is pending", "proposal tidy is pending", "proposal TIDY is pending"], "TRUE"),
    (LIFECYCLE, ["Murphy is a coauthor of proposal Tidy", "murphy is a coauthor of proposal tidy"], "TRUE"),
    (LIFECYCLE, ["proposal Outsider was created", "proposal outsider was created"], "FALSE"),
    (REFERENDUM, ["the voting strength of Aris on proposal 8500 was 4",
                  "the voting strength of aris on proposal #8500 was 4"], "TRUE"),
    (REFERENDUM, ["the outcome of decision Election was Aris", "the outcome of decision election was aris"],
     "PARADOXICAL"),
    (REFERENDUM, ["the outcome of proposal 8500 was ADOPTED", "the outcome of proposal 8500 was adopted"], "TRUE"),
    (REFERENDUM, ["Jason's ballot on proposal 8500 counted as PRESENT", "jason's ballot on proposal 8500 counted as present"],
     "TRUE"),
    # the case's person {id: g, name: G.} is "G." in `decisions:`: by id or display name, any case
    (PROMISE_CHAIN, ["G. is a voter on the referendum on proposal 9001", "g is a voter on the referendum on proposal 9001",
                     "g. is a voter on the referendum on proposal 9001"], "TRUE"),
    (PROMISE_CHAIN, ["alice's ballot on proposal 9001 counted as AGAINST", "Alice's ballot on proposal 9001 counted as AGAINST"],
     "TRUE"),
])
def test_every_spelling_of_a_known_name_gives_the_same_verdict(tmp_path, source, spellings, verdict):
    assert verdicts(tmp_path, source, spellings) == [verdict] * len(spellings)


def test_a_decision_statement_without_decisions_is_refused(tmp_path, capsys):
    path = tmp_path / "case.yaml"
    path.write_text("title: t\ngamestate: {persons: [alice]}\nstatements: [{text: 'proposal 8500 was adopted'}]\n")
    assert main(["judge", str(path)]) == 2
    assert "'8500' names a decision or proposal, but this case has no decisions:" in capsys.readouterr().err


# ---------------------------------------------------------------- item 3: event N is the N-th in the file

EVENTS_CASE = """
title: t
gamestate: {persons: [alice, bob], players: [alice, bob]}
events:
  - {id: late, at: 2020-12-03T00:00:00Z, by: alice, do: deregister}
  - {at: 2020-12-01T00:00:00Z, by: bob, do: grant-promise, promise: Quit, to: bob, text: [{do: deregister}]}
  - {at: 2020-12-02T00:00:00Z, by: bob, do: cash, promise: Quit}
  - {at: 2020-12-04T00:00:00Z, by: bob, do: register}
statements: [{text: "alice is a player"}]
"""


def test_event_n_is_the_n_th_event_in_the_file(tmp_path):
    path = tmp_path / "case.yaml"
    path.write_text(EVENTS_CASE)
    facts = build(*load_case(path))
    by_position = [facts.event_labels[facts.lexicon.event(str(n), "t")] for n in (1, 2, 3, 4)]
    # the 1st in the file is `late` (3rd in time); the 4th comes after the event the cashing made
    assert by_position == ["late", "2", "cash-3", "4"]
    assert facts.lexicon.event("late", "t") == facts.lexicon.event("1", "t")
    assert facts.lexicon.event("cash-3.1", "t") not in [facts.lexicon.event(str(n), "t") for n in (1, 2, 3, 4)]


def test_event_n_in_a_statement_answers_about_the_n_th_in_the_file(tmp_path):
    # event 1 (bob's registration, listed first, happens last) fails: bob is already a player
    path = tmp_path / "case.yaml"
    path.write_text("""
title: t
gamestate: {persons: [alice, bob], players: [alice, bob]}
events:
  - {id: again, at: 2020-12-05T00:00:00Z, by: bob, do: register}
  - {at: 2020-12-01T00:00:00Z, by: alice, do: deregister}
statements:
  - {text: "event 1 was EFFECTIVE"}
  - {text: "event again was EFFECTIVE"}
  - {text: "event 2 was EFFECTIVE"}
""")
    assert [j.verdict for j in judge_file(path).judgements] == ["FALSE", "FALSE", "TRUE"]


@pytest.mark.parametrize("statement", ["event 5 was EFFECTIVE", "event 12 was EFFECTIVE", "event 0 was EFFECTIVE"])
def test_an_event_past_the_file_is_refused(tmp_path, capsys, statement):
    path = tmp_path / "case.yaml"
    path.write_text(EVENTS_CASE.replace('[{text: "alice is a player"}]', f'[{{text: "{statement}"}}]'))
    assert main(["judge", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "there is no event" in err and "1 to 4" in err


def test_an_event_id_that_is_another_events_position_is_ambiguous(tmp_path, capsys):
    path = tmp_path / "case.yaml"
    path.write_text("""
title: t
gamestate: {persons: [alice], players: [alice]}
events:
  - {id: first, at: 2020-12-01T00:00:00Z, by: alice, do: deregister}
  - {id: 1, at: 2020-12-02T00:00:00Z, by: alice, do: register}
statements: [{text: "event 1 was EFFECTIVE"}]
""")
    assert main(["judge", str(path)]) == 2
    assert "'event 1' is ambiguous" in capsys.readouterr().err


# ---------------------------------------------------------------- item 4: persons are never merged

@pytest.mark.parametrize("persons, names", [
    ('["D. Margaux", "D Margaux"]', ["D. Margaux", "D Margaux"]),
    ('[bob, {id: b2, name: Bob}]', ["bob", "Bob"]),
    ('[{id: a1, name: Ann}, {id: a2, name: ann}]', ["Ann", "ann"]),
    ('[{id: r_lee, name: R. Lee}, {id: rlee, name: "R Lee"}]', ["R. Lee", "R Lee"]),
    ('[alice, alice]', ["alice"]),
])
def test_persons_whose_names_collide_are_refused(tmp_path, capsys, persons, names):
    path = tmp_path / "case.yaml"
    path.write_text(f"title: t\ngamestate: {{persons: {persons}}}\nstatements: [{{text: 'bob won the game'}}]\n")
    assert main(["judge", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {path}: gamestate: ") and err.count("\n") == 1
    assert all(name in err for name in names)


def test_a_person_and_a_non_person_may_not_share_a_name(tmp_path, capsys):
    path = tmp_path / "case.yaml"
    path.write_text("title: t\ngamestate: {persons: [Bank], non_persons: [bank]}\nstatements: [{text: 'Bank is a person'}]\n")
    assert main(["judge", str(path)]) == 2
    assert "same name after normalisation" in capsys.readouterr().err


# ---------------------------------------------------------------- the property: one thing, or refused

def swap_case(text: str, flips: list[bool]) -> str:
    return "".join(c.swapcase() if flip else c for c, flip in zip(text, flips + [False] * len(text)))


@pytest.fixture(scope="module")
def lifecycle_lexicon():
    return build(*load_case(LIFECYCLE)).lexicon


@pytest.fixture(scope="module")
def chain_lexicon():
    return build(*load_case(PROMISE_CHAIN)).lexicon


# what each lexicon knows: every spelling that must resolve, and the one thing it must resolve to
LIFECYCLE_DECISIONS = {"Longer voting": "Longer voting", "Tidy": "Tidy", "Outsider": "Outsider", "8600": 8600}
LIFECYCLE_VOTERS = {n: n for n in ["Aris", "Murphy", "Jason", "Falsifian", "Telnaior", "Yachay"]}
CHAIN_VOTERS = {"G.": "G.", "g": "G.", "alice": "alice"}
CHAIN_PERSONS = {"G.": "g", "g": "g", "alice": "alice"}

PROPERTY_SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
NAME_TEXT = st.text(alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyzAGMTYJF.0123456789 -#"), min_size=1, max_size=14)


def lookups(lexicon_name: str):
    """(table, lookup) pairs of one lexicon: the spellings that must resolve and how to ask."""
    return {
        "decisions": (LIFECYCLE_DECISIONS, lambda lx, t: lx.decision(t, "t")),
        "voters": (LIFECYCLE_VOTERS, lambda lx, t: lx.voter(t, "t")),
        "chain voters": (CHAIN_VOTERS, lambda lx, t: lx.voter(t, "t")),
        "persons": (CHAIN_PERSONS, lambda lx, t: str(lx.person(t, "t"))),
    }[lexicon_name]


def resolve_or_refuse(lookup, lexicon, text):
    try:
        return lookup(lexicon, text)
    except InputError as error:
        assert "\n" not in str(error) and str(error).startswith("t: ")
        return None


def intended_lifecycle(table: dict, text: str):
    """What `text` must resolve to in the lifecycle case: a name in any case, an ID as a number."""
    bare = text.strip().lstrip("#")
    found = [v for k, v in table.items()
             if k.lower() == bare.lower() or (bare.isdigit() and k.isdigit() and int(k) == int(bare))]
    return found[0] if found else None


# every spelling (lower case) each lookup of the promise-chain case knows, and what it gives
CHAIN_SPELLINGS = {"chain voters": {"g.": "G.", "g": "G.", "alice": "alice"},
                   "persons": {"g.": "g", "g": "g", "alice": "alice", "lost_and_found": "lost_and_found"}}


@PROPERTY_SETTINGS
@given(which=st.sampled_from(["decisions", "voters", "chain voters", "persons"]), data=st.data())
def test_every_name_resolves_to_the_one_intended_or_is_refused(lifecycle_lexicon, chain_lexicon, which, data):
    """A known name in any mixture of cases resolves to it; any other text resolves to the one thing
    it spells (ids and display names alike) or is refused with one line."""
    table, lookup = lookups(which)
    lexicon = lifecycle_lexicon if which in ("decisions", "voters") else chain_lexicon
    known = data.draw(st.sampled_from(sorted(table)))
    flips = data.draw(st.lists(st.booleans(), max_size=len(known)))
    assert lookup(lexicon, swap_case(known, flips)) == table[known]
    text = data.draw(NAME_TEXT)
    intended = (intended_lifecycle(table, text) if lexicon is lifecycle_lexicon
                else CHAIN_SPELLINGS[which].get(text.strip().lower()))
    assert resolve_or_refuse(lookup, lexicon, text) == intended


@pytest.fixture(scope="module")
def referendum_lexicon():
    return build(*load_case(REFERENDUM)).lexicon


OUTCOME_WORDS = ("ADOPTED", "REJECTED", "FAILED QUORUM", "NULL")


@PROPERTY_SETTINGS
@given(decision=st.sampled_from([8500, 8501, "Election"]),
       text=st.one_of(NAME_TEXT, st.sampled_from(["Aris", "murphy", "adopted", "Failed Quorum", "null", "Jason"])))
def test_an_outcome_is_an_outcome_word_or_an_option_of_the_decision_or_refused(referendum_lexicon, decision, text):
    options = {"aris": "Aris", "murphy": "Murphy"} if decision == "Election" else {}
    found = resolve_or_refuse(lambda lx, t: lx.option(decision, t, OUTCOME_WORDS, "an outcome", "t"),
                              referendum_lexicon, text)
    if text.strip().upper() in OUTCOME_WORDS:
        assert found == text.strip()
    else:
        assert found == options.get(text.strip().lower())


CHAIN_EVENT_IDS = ["a1", "grant", "cash", "a2", "a3", "a4", "a5"]  # in the file's order


@PROPERTY_SETTINGS
@given(text=st.one_of(st.integers(min_value=0, max_value=30).map(str), NAME_TEXT, st.sampled_from(CHAIN_EVENT_IDS)))
def test_an_event_is_named_by_its_id_or_its_position_or_refused(chain_lexicon, text):
    found = resolve_or_refuse(lambda lx, t: lx.event(t, "t"), chain_lexicon, text)
    key = text.strip().lower()
    if key.isdigit() and 1 <= int(key) <= len(CHAIN_EVENT_IDS):
        assert found == chain_lexicon.event(CHAIN_EVENT_IDS[int(key) - 1], "t")
    elif key in CHAIN_EVENT_IDS:
        assert found == chain_lexicon.events[key]
    else:  # refused, or one of the events the cashing and the alternative made, by its id
        assert found is None or (key in chain_lexicon.events and found == chain_lexicon.events[key])


@pytest.mark.parametrize("statement, message", [
    ("proposal \u00b2 was adopted", "'\u00b2' is not a decision or proposal"),   # a digit that is not a number
    ("event \u00b2 was EFFECTIVE", "there is no event '\u00b2'"),
    ("proposal \uff18\uff15\uff10\uff10 was adopted", None),                    # full-width 8500: the number
])
def test_digits_that_are_not_ascii(tmp_path, capsys, statement, message):
    path = with_statements(tmp_path, REFERENDUM, [statement])
    if message is None:
        assert [j.verdict for j in judge_file(path).judgements] == ["TRUE"]
        return
    assert main(["judge", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
