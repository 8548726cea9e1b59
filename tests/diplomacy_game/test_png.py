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
    assert main(["diplomacy", "adjudicate", str(START), "--png", str(target)]) == 0
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not list(tmp_path.glob(".*.part"))  # no temporary file left


def test_a_png_never_replaces_an_input(tmp_path, capsys):
    turn = tmp_path / "turn.yaml"
    turn.write_text(START.read_text())
    assert main(["diplomacy", "adjudicate", str(turn), "--png", str(turn)]) == 2
    assert turn.read_text() == START.read_text()
    assert "png" in capsys.readouterr().err.lower()  # refused, whether or not cairosvg is installed
