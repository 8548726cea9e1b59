"""`diplomacy adjudicate --png`: the board as PNG through cairosvg (the optional `png` extra;
skipped without it), written whole, never over an input."""

from pathlib import Path

import pytest

from adjudicator.cli import main

ROOT = Path(__file__).resolve().parents[2]
START = ROOT / "cases/examples/start-1901.yaml"


def test_the_board_is_written_as_png(tmp_path):
    pytest.importorskip("cairosvg")
    target = tmp_path / "board.png"
    assert main(["diplomacy", "adjudicate", str(START), "--json", "--png", str(target)]) == 0  # as the web API asks
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not list(tmp_path.glob(".*.part"))  # no temporary file left


def test_a_png_never_replaces_an_input(tmp_path, capsys):
    turn = tmp_path / "turn.yaml"
    turn.write_text(START.read_text())
    assert main(["diplomacy", "adjudicate", str(turn), "--png", str(turn)]) == 2
    assert turn.read_text() == START.read_text()
    assert "png" in capsys.readouterr().err.lower()  # refused, whether or not cairosvg is installed


GAME = """rules: standard
phases:
  - phase: S1901M
    orders: {FRANCE: [A PAR - BUR, A MAR - SPA], GERMANY: [A MUN - BUR]}
  - phase: F1901M
    orders: {FRANCE: [A SPA - POR]}
"""


def test_play_writes_one_png_per_phase(tmp_path):
    pytest.importorskip("cairosvg")
    game = tmp_path / "game.yaml"
    game.write_text(GAME)
    boards = tmp_path / "boards"
    assert main(["diplomacy", "play", str(game), "--svg", str(boards), "--png", str(boards)]) == 0
    names = sorted(p.name for p in boards.iterdir())
    assert names == ["F1901M.png", "F1901M.svg", "S1901M.png", "S1901M.svg"]  # no temporary file left
    data = (boards / "S1901M.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width = int.from_bytes(data[16:20], "big")
    assert width == round((1835 + 620) * 0.8)  # the map and the order list, at 0.8 of the drawing's size


def test_play_png_is_refused_at_once_without_cairosvg(tmp_path, capsys, monkeypatch):
    import sys

    game = tmp_path / "game.yaml"
    game.write_text(GAME)
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # as if the optional extra were not installed
    assert main(["diplomacy", "play", str(game), "--png", str(tmp_path / "boards")]) == 2
    assert "cairosvg" in capsys.readouterr().err
    assert not (tmp_path / "boards").exists()
