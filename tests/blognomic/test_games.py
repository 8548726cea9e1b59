"""Two full games of the naval dynasty from the seed's starting rules (cases/blognomic/games), each
Watch's expected outcome checked as it is played, and the `game` command."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.blognomic import watch
from adjudicator.cli import main

GAMES = sorted((Path(__file__).resolve().parents[2] / "cases" / "blognomic" / "games").glob("*.yaml"))


def test_two_games():
    assert len(GAMES) >= 2


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_game(path: Path):
    game = watch.load_game(path)
    assert game.chart.watch == 1 and not game.chart.vessels and all(c.treasure == 0 for c in game.chart.captains)
    report = watch.play(game)
    assert len(report.watches) == len(game.watches) >= 5
    for n, (step, result) in enumerate(zip(game.watches, report.watches), 1):
        expect = step.expect or {}
        for i, wanted in enumerate(expect.get("orders", []), 1):
            got = result.orders[i - 1]
            assert ([got.result, *got.reasons] if isinstance(wanted, list) else got.result) == wanted, f"Watch {n}, order {i}"
        if "built" in expect:
            assert result.built == expect["built"], f"Watch {n}"
        after = {v.vessel: v.after for v in result.vessels}
        for name, code in expect.get("vessels", {}).items():
            assert after[name] == code, f"Watch {n}: {name}"
        if "sinks" in expect:
            assert sorted(v.vessel for v in result.vessels if v.sinks) == expect["sinks"], f"Watch {n}"
        treasure = {c.name: c.treasure for c in result.chart.captains}
        for name, amount in expect.get("treasure", {}).items():
            assert treasure[name] == amount, f"Watch {n}: {name}"
        if "mines" in expect:
            assert sorted(m.square for m in result.chart.mines) == expect["mines"], f"Watch {n}"
        differing = sorted({d.split("=")[0].removeprefix("under ") for d in result.reading_differences})
        assert differing == sorted((game.expect or {}).get("differences", {}).get(n, [])), f"Watch {n}: {result.reading_differences}"
    assert report.winner == game.expect["winner"]
    if report.winner:
        assert report.how == game.expect["how"]


def test_tie_game_under_the_other_reading():
    game = watch.load_game(next(p for p in GAMES if p.stem == "armistice-tie"))
    report = watch.play(game, {"armistice-ties": "all"})
    assert report.winner == "Lulu, ubq323" and report.how == "the Armistice"


def test_game_command(capsys):
    assert main(["blognomic", "game", str(next(p for p in GAMES if p.stem == "armistice-victory"))]) == 0
    assert "achieved victory by the Armistice" in capsys.readouterr().out
