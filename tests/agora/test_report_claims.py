"""The table of what a report may claim (builders/claims.py): every kind of claim a row, read by
one parser; a key no row reads, a value of another shape and an entry that names nothing known are
each refused in one line that names the claim (and the nearest known keys or names)."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
import yaml

from adjudicator.agora.builders.claims import Shape, read_claims
from adjudicator.agora.builders.reports import CLAIMS
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.cli import main
from adjudicator.errors import InputError

WHERE = "case.yaml: event r1"


def _build() -> CaseBuild:
    build = CaseBuild(case=None, path=Path("case.yaml"), ruleset=None)
    build.lexicon.persons.update({"alice": "alice", "bob": "bob"})
    build.epoch = datetime(2020, 11, 30, tzinfo=timezone.utc)
    return build


def _facts(claims: dict) -> list[str]:
    build = _build()
    read_claims(build, 1, WHERE, claims, CLAIMS)
    return build.program


def _refusal(claims: dict) -> str:
    with pytest.raises(InputError) as refused:
        _facts(claims)
    message = str(refused.value)
    assert len(message.splitlines()) == 1
    return message


# a key each row reads (a subject row: one of its subjects)
KEYS = {row: row.names[0] if row.names else {"report_holding": "coins", None: "officeholder"}[row.fact]
        for row in CLAIMS}


@pytest.mark.parametrize("row", [row for row in CLAIMS if row.shape is not Shape.VALUE], ids=lambda row: KEYS[row])
def test_a_value_of_another_shape_is_refused_with_the_shape_the_claim_takes(row):
    assert _refusal({KEYS[row]: "a sentence"}) == f"{WHERE}: claims: {KEYS[row]}: {row.expect}"


def test_every_claim_has_its_keys_and_says_what_its_value_is():
    for row in CLAIMS:
        assert row.names or (row.subject and row.spellings), row
        assert row.shape is Shape.VALUE or row.expect, row
        assert all(name == " ".join(name.lower().split()) and not name.startswith("the ") for name in row.names), row


@pytest.mark.parametrize("key, nearest", [("focusses", "focuses"), ("karm", "karma"), ("glitter payble", "glitter payable"),
                                          ("officeholdr", "officeholder"), ("coinz", "coins")])
def test_an_unknown_key_is_refused_naming_the_nearest_claims_and_switches(key, nearest):
    message = _refusal({key: {"bob": 1}})
    assert message.startswith(f"{WHERE}: claims: '{key}' is not a part of a report the judge knows, nor a switch (nearest: ")
    assert nearest in message.split("(nearest: ")[1]


def test_an_entry_is_refused_naming_the_claim_and_the_entry():
    assert _refusal({"karma": {"bob": "many"}}) == f"{WHERE}: claims: karma.bob: 'many' is not a whole number"
    assert "is not a person or entity of this case" in _refusal({"ribbons": {"zed": []}})  # even with no types
    assert _refusal({"focuses": {"bob": "Nowhere"}}).startswith(f"{WHERE}: claims: focuses.bob: ")
    assert "claims: former players.bob: give registered: and deregistered: dates" in \
        _refusal({"former players": {"bob": {"left": "2020-01-01"}}})


def test_each_entry_becomes_a_fact_after_the_fact_that_the_report_states_the_part():
    assert _facts({"the Karma": {"bob": 3, "alice": -1}, "players": ["bob"], "coins": {"alice": 2}}) == [
        "report_states_karma(1).", "report_karma(1,bob,3).", "report_karma(1,alice,-1).",
        "report_covers(1,citizenship).", "report_claim(1,citizenship,bob,registered).",
        "report_states_holdings(1,coin).", "report_holding(1,coin,alice,2)."]
    assert _facts({"ribbons": {"bob": ["Red", "cyan"], "alice": "White"}}) == [
        "report_states_ribbons(1).", "report_ribbon(1,bob,red).", "report_ribbon(1,bob,cyan).", "report_ribbon(1,alice,white)."]


def test_a_case_with_an_unknown_claim_exits_2_with_one_line(tmp_path, capsys):
    data = {"title": "claims", "ruleset": "agora-slr-2020-12-31",
            "gamestate": {"persons": ["alice", "bob"], "players": ["alice", "bob"], "offices": {"herald": "alice"}},
            "events": [{"id": "r1", "at": "2020-12-02T12:00:00Z", "by": "alice", "do": "report", "office": "herald",
                        "claims": {"karmma": {"bob": 1}}}],
            "statements": [{"text": "bob is a player"}]}
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    assert main(["judge", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and "claims: 'karmma' is not a part of a report" in err and "karma" in err
    assert len(err.splitlines()) == 1
