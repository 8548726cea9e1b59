"""The contents of the Treasuror's and the Registrar's weekly reports in the judge (R2456, R2139,
R2166 with R2483; encodings/agora/reports.lp): omissions, misstatements, R2143's weekly duty and
the self-ratification of a recordkeepor's holdings."""

from __future__ import annotations

from pathlib import Path

import yaml

from adjudicator.agora.judge import judge_file
from adjudicator.cli import main


def case(tmp_path: Path, events: list[dict], statements: list[str]) -> Path:
    state = {"persons": ["alice", "bob", "carol", "dave"], "players": ["alice", "bob", "carol"], "non_persons": ["agora"],
             "offices": {"treasuror": "carol", "registrar": "alice"}, "assets": {"bob": {"coins": 10}, "alice": {"coins": 3}},
             "reports_from": "2020-11-30T00:00:00Z"}
    data = {"title": "reports", "ruleset": "agora-slr-2020-12-31", "gamestate": state, "events": events,
            "now": "2020-12-20T12:00:00Z", "statements": [{"text": s} for s in statements]}
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


EVENTS = [
    {"id": "j", "at": "2020-12-01T10:00:00Z", "by": "dave", "do": "register"},
    {"id": "r1", "at": "2020-12-02T12:00:00Z", "by": "carol", "do": "report", "office": "treasuror",
     "claims": {"coins": {"alice": 3}, "asset classes": ["coins", "blots", "Victory Cards"]}},
    {"id": "d", "at": "2020-12-02T13:00:00Z", "by": "bob", "do": "doubt", "report": "r1"},
    {"id": "g1", "at": "2020-12-03T12:00:00Z", "by": "alice", "do": "report", "office": "registrar",
     "claims": {"players": ["alice", "bob", "carol", "dave"],
                "became players": {"dave": "2020-12-01", "alice": "2019-01-01", "bob": "2019-05-05", "carol": "2018-01-01"}}},
    {"id": "r2", "at": "2020-12-09T12:00:00Z", "by": "carol", "do": "report", "office": "treasuror",
     "claims": {"coins": {"alice": 3, "bob": 12}}},
]


def test_omissions_misstatements_the_weekly_duty_and_ratified_holdings(tmp_path):
    statements = ["the report of event r1 omitted bob's coins", "the report of event r1 omitted alice's coins",
                  "the report of event r1 omitted Pendants", "the report of event r1 was incomplete", "carol violated R2143",
                  "the report of event g1 was complete", "the report of event r2 misstated bob's coins",
                  "the Treasuror's weekly report misstated bob's coins", "bob owns 12 coins", "bob owns 10 coins before event r2"]
    assert [j.verdict for j in judge_file(case(tmp_path, EVENTS, statements)).judgements] == \
        ["TRUE", "FALSE", "TRUE", "TRUE", "TRUE", "TRUE", "TRUE", "TRUE", "TRUE", "TRUE"]


def test_a_registrar_report_with_a_wrong_date_or_without_a_player(tmp_path):
    events = [EVENTS[0], {"id": "g", "at": "2020-12-03T12:00:00Z", "by": "alice", "do": "report", "office": "registrar",
                          "claims": {"players": ["alice", "bob", "carol"], "became players": {"dave": "2020-12-02"}}}]
    statements = ["the report of event g omitted dave", "the report of event g misstated dave's registration date",
                  "the report of event g omitted bob's registration date", "the report of event g was complete"]
    assert [j.verdict for j in judge_file(case(tmp_path, events, statements)).judgements] == ["TRUE", "TRUE", "TRUE", "FALSE"]


def test_an_unknown_asset_in_a_report_sentence_is_refused(tmp_path, capsys):
    assert main(["judge", str(case(tmp_path, EVENTS, ["the report of event r1 omitted bob's koins"]))]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and "koins" in err and "coins" in err and len(err.splitlines()) == 1
