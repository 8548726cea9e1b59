"""Ribbons and Glitter in the judge (encodings/agora/ribbons.lp: R2438, R2602): the ribbon events,
the statements about them, and misspelt colours refused."""

from __future__ import annotations

from pathlib import Path

import yaml

from adjudicator.agora.judge import judge_file
from adjudicator.cli import main


def case(tmp_path: Path, events: list[dict], statements: list[str], gamestate: dict | None = None) -> Path:
    state = {"persons": ["alice", "bob", "carol"], "players": ["alice", "bob", "carol"], **(gamestate or {})}
    data = {"title": "ribbons", "ruleset": "agora-slr-2020-12-31", "gamestate": state, "events": events,
            "now": "2020-12-26T12:00:00Z", "statements": [{"text": s} for s in statements]}
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def verdicts(path: Path) -> list[str]:
    return [j.verdict for j in judge_file(path).judgements]


def _event(id_: str, at: str, by: str, do: str, **fields) -> dict:
    return {"id": id_, "at": f"2020-12-{at}Z", "by": by, "do": do, **fields}


def test_an_earned_ribbon_is_awarded_then_glitter_and_the_tailors_grant(tmp_path):
    """R2438: a person who earned Cyan (deputising, as the case states) qualifies and any player CAN
    award it; one who owns it gets Glitter once per earning (R2602: none without a type); the
    Tailor CAN grant its coins once and SHALL do so in a timely fashion."""
    events = [_event("e", "01T12:00:00", "bob", "earn-ribbon", ribbon="Cyan"),
              _event("a", "02T12:00:00", "alice", "award-ribbon", ribbon="cyan", to="bob"),
              _event("e2", "03T12:00:00", "bob", "earn-ribbon", ribbon="cyan"),
              _event("g", "03T13:00:00", "alice", "award-glitter", ribbon="Cyan", to="bob"),
              _event("g2", "03T14:00:00", "carol", "award-glitter", ribbon="Cyan", to="bob"),
              _event("g3", "03T15:00:00", "carol", "award-glitter", to="bob"),
              _event("pay", "20T12:00:00", "carol", "grant-glitter", glitter="g")]
    statements = ["bob qualifies for a Cyan Ribbon before event a", "bob owns a Cyan Ribbon before event a",
                  "event a was EFFECTIVE", "bob owns a Cyan Ribbon", "bob was awarded Cyan Glitter",
                  "event g2 was EFFECTIVE", "event g3 was EFFECTIVE", "carol violated R2602",
                  "carol CAN grant the coins for the Glitter of event g before event pay",
                  "bob qualifies for a Cyan Ribbon"]
    path = case(tmp_path, events, statements, {"offices": {"tailor": "carol"}})
    assert verdicts(path) == ["TRUE", "FALSE", "TRUE", "TRUE", "TRUE", "FALSE", "FALSE", "TRUE", "TRUE", "FALSE"]


def test_a_banner_wins_and_clears_every_ribbon(tmp_path):
    every = ["Red", "Orange", "Green", "Emerald", "Cyan", "Blue", "Magenta", "Ultraviolet", "Violet", "Indigo",
             "Platinum", "Lime", "White", "Black", "Gray", "Transparent"]
    events = [_event("x", "01T12:00:00", "alice", "raise-banner"), _event("b", "02T12:00:00", "bob", "raise-banner")]
    path = case(tmp_path, events, ["event x was INEFFECTIVE", "bob won the game", "bob owns a Red Ribbon",
                                   "bob has a Transparent Ribbon before event b", "alice qualifies for a White Ribbon",
                                   "carol qualifies for a White Ribbon"],
                {"ribbons": {"bob": every}, "ribbons_formerly": {"carol": ["white"]}})
    assert verdicts(path) == ["TRUE", "TRUE", "FALSE", "TRUE", "TRUE", "FALSE"]


def test_a_misspelt_colour_is_refused_naming_the_nearest(tmp_path, capsys):
    path = case(tmp_path, [], ["bob owns a Cyann Ribbon"])
    assert main(["judge", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and "Cyann" in err and "cyan" in err and len(err.splitlines()) == 1
