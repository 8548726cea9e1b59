"""Names inside conditional votes and endorsements: outcomes and options resolve to exactly one known
thing (in any case) or the file is refused; a person is matched as voters are: exactly as the file
spells its players and persons, or as the register of Agorans spells a former player; any other name
is refused with one line naming it and the nearest known names."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from adjudicator.agora.decisions import OUTCOME_ATOMS, Builder, agoran_persons, parse_input
from adjudicator.agora.resolve import resolve
from adjudicator.errors import InputError

PLAYERS = ["Aris", "Murphy", "G.", "Janet", "R. Lee"]


def case(murphy_vote: object) -> dict:
    """Murphy's vote decides 8500: without it FOR 2, AGAINST 2 (REJECTED at AI 1); FOR makes it ADOPTED."""
    return {
        "players": PLAYERS,
        "decisions": [{"id": 8500, "adoption_index": 1.0, "quorum": 2},
                      {"id": 8501, "adoption_index": 1.0, "quorum": 2}],
        "ballots": [
            {"voter": "Aris", "decision": 8500, "vote": "FOR"},
            {"voter": "G.", "decision": 8500, "vote": "AGAINST"},
            {"voter": "Janet", "decision": 8500, "vote": "FOR"},
            {"voter": "R. Lee", "decision": 8500, "vote": "AGAINST"},
            {"voter": "Aris", "decision": 8501, "vote": "FOR"},
            {"voter": "G.", "decision": 8501, "vote": "FOR"},
            {"voter": "Murphy", "decision": 8500, "vote": murphy_vote},
        ],
    }


def outcome_of_8500(murphy_vote: object) -> str:
    result = resolve(parse_input(case(murphy_vote), "case.yaml"), "case.yaml")
    return next(d.outcome for d in result.decisions if str(d.id) == "8500")


def refusal(murphy_vote: object) -> str:
    with pytest.raises(InputError) as caught:
        Builder(parse_input(case(murphy_vote), "case.yaml"), "case.yaml").build()
    return str(caught.value)


def test_correct_spellings_count_as_written():
    assert outcome_of_8500({"if": "Aris voted FOR on decision 8500", "then": "FOR", "else": "AGAINST"}) == "ADOPTED"
    assert outcome_of_8500({"endorse": "Aris"}) == "ADOPTED"
    assert outcome_of_8500({"if": "the outcome of decision 8501 is adopted", "then": "FOR", "else": "AGAINST"}) \
        == "ADOPTED"


@pytest.mark.parametrize("vote, unknown, near", [
    ({"if": "Arsi voted FOR on decision 8500", "then": "FOR", "else": "AGAINST"}, "'Arsi'", "nearest: Aris"),
    ({"if": "aris voted FOR on decision 8500", "then": "FOR", "else": "AGAINST"}, "'aris'", "nearest: Aris"),
    ({"endorse": "Arsi"}, "'Arsi'", "nearest: Aris"),
    ({"if": "Arsi's ballot on decision 8500 counted as FOR", "then": "FOR"}, "'Arsi'", "nearest: Aris"),
    ([{"endorse": "Murphey"}], "'Murphey'", "nearest: Murphy"),
    ({"endorse": "r. lee"}, "'r. lee'", "nearest: R. Lee"),
    ({"endorse": "G"}, "'G'", "nearest: G."),
    ({"if": "the outcome of decision 8501 is ADOPTD", "then": "FOR", "else": "AGAINST"}, "'ADOPTD'",
     "nearest: ADOPTED"),
    ({"if": "Aris voted FRO on decision 8500", "then": "FOR", "else": "AGAINST"}, "'FRO'", "nearest: FOR"),
    ({"if": "not Aris votd FOR on decision 8500", "then": "FOR"}, "malformed condition", "conditions read"),
])
def test_unknown_names_in_votes_are_refused_with_the_nearest_known(vote, unknown, near):
    message = refusal(vote)
    assert "\n" not in message and unknown in message and near in message


def test_a_former_player_of_the_register_is_endorsed_as_a_person_outside_the_file():
    # The Assessor's records endorse former players: not voters here, so PRESENT (R2127).
    assert "Maud" in agoran_persons() and "Maud" not in PLAYERS
    assert endorsed_names({"endorse": "Maud"}) == ["Maud"]
    assert outcome_of_8500({"endorse": "Maud"}) == "REJECTED"


@pytest.mark.parametrize("vote", [{"endorse": "Zed"}, {"if": "Zed voted FOR on decision 8500", "then": "FOR"},
                                  {"endorse": "maud"}])
def test_a_name_neither_in_the_file_nor_in_the_register_is_refused(vote):
    message = refusal(vote)
    assert "unknown person" in message and "register of Agorans" in message and "\n" not in message


def test_a_person_the_file_lists_may_be_endorsed():
    document = case({"endorse": "Zed"})
    document["persons"] = ["Zed"]
    result = resolve(parse_input(document, "case.yaml"), "case.yaml")
    assert next(d.outcome for d in result.decisions if str(d.id) == "8500") == "REJECTED"


def test_the_cli_refuses_a_misspelt_endorsement_in_one_line(tmp_path):
    import yaml
    path = tmp_path / "votes.yaml"
    path.write_text(yaml.safe_dump(case({"endorse": "Arsi"})))
    run = subprocess.run([sys.executable, "-m", "adjudicator.cli", "agora", "resolve", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.splitlines() == [f"error: {path}: ballots[6].vote: endorse: unknown person 'Arsi' (not a player "
                                       "or person of the file, nor in the register of Agorans; nearest: Aris)"]


def spellings(name: str) -> st.SearchStrategy[str]:
    """NAME as written, in another case, or with one letter dropped, doubled, swapped or replaced."""
    def edit(draw_index: int, kind: str, letter: str) -> str:
        i = draw_index % len(name)
        return {"case": name.swapcase(), "drop": name[:i] + name[i + 1:], "double": name[:i] + name[i] + name[i:],
                "swap": name[:i] + name[i + 1:i + 2] + name[i:i + 1] + name[i + 2:],
                "replace": name[:i] + letter + name[i + 1:], "same": name}[kind]
    return st.builds(edit, st.integers(0, 50), st.sampled_from(["case", "drop", "double", "swap", "replace", "same"]),
                     st.sampled_from("aeiouxyzAEIOU ."))


def endorsed_names(murphy_vote: object) -> list[str]:
    builder = Builder(parse_input(case(murphy_vote), "case.yaml"), "case.yaml")
    builder.build()
    return [str(a.arguments[1].string) for a in builder.facts.atoms if a.name == "endorse_vote"]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(PLAYERS).flatmap(spellings))
def test_every_endorsed_misspelling_of_a_known_person_is_refused(name):
    if not name.strip():
        return
    if name.strip() in PLAYERS or name.strip() in agoran_persons():
        assert endorsed_names({"endorse": name}) == [name.strip()]
    else:
        assert f"unknown person {' '.join(name.split())!r}" in refusal({"endorse": name})  # errors are one line


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([*OUTCOME_ATOMS, "FOR", "AGAINST"]).flatmap(spellings))
def test_every_outcome_spelling_is_an_outcome_or_is_refused(word):
    vote = {"if": f"the outcome of decision 8501 is {word}", "then": "FOR", "else": "AGAINST"}
    text = " ".join(word.split()).strip("\"'").upper()
    if not text or text != word.strip().upper() or word.strip().endswith("."):
        return  # blanks and quotes are the pattern's, not the name's
    if text in OUTCOME_ATOMS or text in ("FOR", "AGAINST"):
        Builder(parse_input(case(vote), "case.yaml"), "case.yaml").build()
    else:
        assert f"{word.strip()!r} is not an outcome of decision 8501" in refusal(vote)
