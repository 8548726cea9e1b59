"""The economy over time in the judge (encodings/agora/paydays.lp): the Total Buoyancy and
boatloads (R2634, R2635, R2577's rounding), Paydays (R2559), Welcome Packages (R2499), Birthday
Gifts (R2585), their
events and statements, and no silent answers about them."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator.agora.judge import judge_file
from adjudicator.cli import main

GAMESTATE = {"persons": ["alice", "bob", "carol"], "players": ["alice", "bob"], "offices": {"treasuror": "alice"},
             "assets": {"bob": {"coins": 5}}, "total_buoyancy": 2600}
EVENTS = [
    {"id": "r", "at": "2020-11-20T10:00:00Z", "by": "carol", "do": "register"},
    {"id": "w", "at": "2020-11-21T10:00:00Z", "by": "alice", "do": "welcome-package", "to": "carol"},
    {"id": "w2", "at": "2020-11-22T10:00:00Z", "by": "bob", "do": "welcome-package", "to": "carol"},
    {"id": "s", "at": "2020-11-25T10:00:00Z", "by": "alice", "do": "set-total-buoyancy", "amount": 5000},
    {"id": "s2", "at": "2020-11-26T10:00:00Z", "by": "bob", "do": "set-total-buoyancy", "amount": 1},
]


def case(tmp_path: Path, statements: list[str], events: list[dict] | None = None, now: str = "2020-12-02T00:00:00Z",
         **gamestate) -> Path:
    data = {"title": "economy over time", "ruleset": "agora-slr-2020-12-31", "gamestate": {**GAMESTATE, **gamestate},
            "events": EVENTS if events is None else events, "now": now,
            "statements": [{"text": s} for s in statements]}
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def test_paydays_welcome_packages_and_the_total_buoyancy(tmp_path):
    statements = {
        "bob owns 5 coins at 2020-11-30": "TRUE",            # before the Payday
        "bob owns 25 coins": "TRUE",                         # R2559: 10 boatloads at 5000
        "carol owns 11 coins at 2020-11-30": "TRUE",         # R2499, R2577: 10 boatloads at 2600, rounded up
        "carol owns 31 coins": "TRUE",
        "carol owns 1 Voting Card": "TRUE",                  # one of each type of Card
        "event w2 was INEFFECTIVE": "TRUE",                  # received since e registered
        "event s2 was INEFFECTIVE": "TRUE",                  # only the Treasuror sets it
        "carol received a Welcome Package": "TRUE",
        "bob did not receive a Welcome Package": "TRUE",
        "carol has not received a Welcome Package at 2020-11-20": "TRUE",
        "the Payday of December 2020 gave bob 20 coins": "TRUE",
        "the Payday of 2020-12 gave bob 19 coins": "FALSE",
        "the Total Buoyancy was 2600 at 2020-11-24": "TRUE",
        "the Total Buoyancy is 5000": "TRUE",
        "alice CAN cause bob to receive a Welcome Package": "TRUE",
        "alice CAN give carol a welcome package": "FALSE",
        "alice CAN set the total buoyancy to 7": "TRUE",
    }
    result = judge_file(case(tmp_path, list(statements)))
    assert {j.statement: j.verdict for j in result.judgements} == statements


def test_without_a_total_buoyancy_no_payday_is_counted_and_a_boatload_is_no_coin(tmp_path):
    events = [{"id": "w", "at": "2020-11-21T10:00:00Z", "by": "alice", "do": "welcome-package", "to": "bob"}]
    path = case(tmp_path, ["bob owns 5 coins", "bob owns 1 Victory Card", "the Total Buoyancy is 0"], events,
                total_buoyancy=None)
    assert [j.verdict for j in judge_file(path).judgements] == ["TRUE", "TRUE", "TRUE"]


def test_birthday_gifts_r2585(tmp_path):
    gift = {"do": "birthday-gift", "to": "bob"}
    events = [{"id": "g1", "at": "2020-12-01T10:00:00Z", "by": "alice", **gift},    # the day: 3 boatloads
              {"id": "g2", "at": "2020-12-03T10:00:00Z", "by": "carol", **gift},    # the week after: 2
              {"id": "g3", "at": "2020-12-04T10:00:00Z", "by": "alice", **gift},    # once
              {"id": "g4", "at": "2020-12-10T10:00:00Z", "by": "carol", **gift}]    # after the 7 days
    statements = {"event g1 was EFFECTIVE": "TRUE", "event g2 was EFFECTIVE": "TRUE", "event g3 was INEFFECTIVE": "TRUE",
                  "event g4 was INEFFECTIVE": "TRUE", "bob owns 12 coins at 2020-12-05": "TRUE",   # 5 + 4 + 3
                  "it is bob's Agoran Birthday at 2020-12-01T23:00:00Z": "TRUE",
                  "it is not bob's birthday at 2020-12-02": "TRUE"}
    path = case(tmp_path, list(statements), events, now="2020-12-12T00:00:00Z", players=["alice", "bob", "carol"],
                first_registered={"bob": "2019-12-01"})
    assert {j.statement: j.verdict for j in judge_file(path).judgements} == statements


@pytest.mark.parametrize("statement, events, words", [
    ("the Payday of Decembr 2020 gave bob 5 coins", None, ["'Decembr 2020' is not a month"]),
    ("the Payday of December 2020 gave dave 5 coins", None, ["dave"]),
    ("bob owns 5 coins", [{"at": "2020-11-21T10:00:00Z", "by": "alice", "do": "welcome-package"}],
     ["a welcome-package event needs to"]),
    ("bob owns 5 coins", [{"at": "2020-11-21T10:00:00Z", "by": "alice", "do": "set-total-buoyancy", "amount": 10 ** 9}],
     ["more than the judge counts"]),
])
def test_no_silent_answers(tmp_path, capsys, statement, events, words):
    assert main(["judge", str(case(tmp_path, [statement], events))]) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert captured.out == "" and len(lines) == 1 and lines[0].startswith("error: "), captured.err
    for word in words:
        assert word in lines[0], lines[0]
