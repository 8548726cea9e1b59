"""Stones in the judge (encodings/agora/stones.lp: R2640-R2645): wielding, immunity, collection,
the Gauntlet, and misspelt stones refused with the nearest."""

from __future__ import annotations

from pathlib import Path

import yaml

from adjudicator.agora.judge import judge_file
from adjudicator.cli import main


def case(tmp_path: Path, events: list[dict], statements: list[str], assets: dict) -> Path:
    state = {"persons": ["alice", "bob", "carol"], "players": ["alice", "bob", "carol"], "non_persons": ["agora"],
             "offices": {"stonemason": "carol"}, "assets": assets}
    data = {"title": "stones", "ruleset": "agora-slr-2020-12-31", "gamestate": state, "events": events,
            "now": "2020-12-21T12:00:00Z", "statements": [{"text": s} for s in statements]}
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def verdicts(path: Path) -> list[str]:
    return [j.verdict for j in judge_file(path).judgements]


def _event(id_: str, day: int, by: str, do: str, **fields) -> dict:
    return {"id": id_, "at": f"2020-12-{day:02d}T12:00:00Z", "by": by, "do": do, **fields}


def test_wielding_immunity_collection_and_the_stonemasons_duty(tmp_path):
    events = [_event("w1", 1, "bob", "wield", asset="Power Stone", to="alice", decision=8500),
              _event("w2", 2, "bob", "wield", asset="Power Stone", to="alice", decision=8500),
              _event("w3", 2, "alice", "wield", asset="Wealth Stone"),
              _event("s", 3, "bob", "wield", asset="Soul Stone", target="Wealth Stone"),
              _event("n", 4, "carol", "collection-notice", stones=["Power Stone", "Wealth Stone", "Protection Stone"]),
              _event("n2", 5, "carol", "collection-notice")]
    statements = ["bob wielded the Power Stone", "event w2 was INEFFECTIVE", "event w3 was INEFFECTIVE",
                  "bob owns the Wealth Stone after event s", "alice owns the Soul Stone after event s",
                  "the Protection Stone is immune before event n", "the Power Stone is not immune before event n",
                  "agora owns the Power Stone", "event n2 was INEFFECTIVE", "carol violated R2642"]
    path = case(tmp_path, events, statements, {"bob": {"Power Stone": 1, "Soul Stone": 1}, "alice": {"Wealth Stone": 1}})
    assert verdicts(path) == ["TRUE"] * 10


def test_the_gauntlet_wins_and_returns_every_stone(tmp_path):
    stones = {s: 1 for s in ("Power Stone", "Soul Stone", "Wealth Stone", "Sabotage Stone")}
    events = [_event("g1", 1, "carol", "gauntlet", to="bob"),
              _event("t", 2, "alice", "transfer", amount=1, asset="Protection Stone", to="bob"),
              _event("g2", 3, "carol", "gauntlet", to="bob")]
    path = case(tmp_path, events, ["bob wielded the Gauntlet before event g2", "bob wielded the Gauntlet",
                                   "bob won the game", "agora owns the Protection Stone", "bob owns the Power Stone"],
                {"bob": stones, "alice": {"Protection Stone": 1}})
    assert verdicts(path) == ["FALSE", "TRUE", "TRUE", "TRUE", "FALSE"]


def test_a_stone_the_rules_do_not_define_is_refused_naming_the_nearest(tmp_path, capsys):
    path = case(tmp_path, [], ["bob wielded the Anti-Equatorial Stone at 2020-12-02"], {})
    assert main(["judge", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and "Anti-Equatorial Stone" in err and "nearest: " in err
    assert len(err.splitlines()) == 1


def test_a_stone_given_twice_is_refused(tmp_path, capsys):
    path = case(tmp_path, [], ["bob owns the Power Stone"], {"bob": {"Power Stone": 1}, "alice": {"power stone": 1}})
    assert main(["judge", str(path)]) == 2
    assert "unique (R2640)" in capsys.readouterr().err
