"""Files the commands write (`--svg`, `--export`, `--next`): an output that is one of the
command's inputs is refused before anything is written, a write is a rename of a finished file,
and a command that fails leaves its outputs as they were."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest

from adjudicator.cli import main
from adjudicator.errors import InputError
from adjudicator.inputs import write_output

ROOT = Path(__file__).resolve().parents[2]
TURN = ROOT / "cases/examples/contested-turn.yaml"
CHART = ROOT / "cases/blognomic/watch/example-chart.yaml"
ORDERS = ROOT / "cases/blognomic/watch/example-orders.yaml"
GAME = "rules: standard\nphases:\n  - orders: {FRANCE: [A PAR - BUR]}\n  - orders: {FRANCE: [A BUR - MUN]}\n"


@pytest.fixture()
def refused_unchanged(refused):
    """`refused_unchanged(args, victim, before, *needles)`: refused with one line, `victim` as it was."""

    def check(args: list[str], victim: Path, before: bytes, *needles: str) -> None:
        refused(args, *needles)
        assert victim.read_bytes() == before

    return check


@pytest.fixture()
def copies(tmp_path: Path) -> Path:
    for source in (TURN, CHART, ORDERS):
        shutil.copy(source, tmp_path / source.name)
    (tmp_path / "game.yaml").write_text(GAME, encoding="utf-8")
    return tmp_path


def test_adjudicate_refuses_to_draw_over_its_turn(copies, refused_unchanged):
    turn = copies / TURN.name
    before = turn.read_bytes()
    refused_unchanged(["diplomacy", "adjudicate", str(turn), "--svg", str(turn)], turn, before,
                      "SVG would overwrite the input")
    os.symlink(turn.name, copies / "link.svg")  # the same file under another name
    refused_unchanged(["diplomacy", "adjudicate", str(turn), "--svg", str(copies / "link.svg")], turn, before)


def test_adjudicate_refuses_to_draw_over_its_order_list(copies, refused_unchanged):
    listing = copies / "orders.txt"
    listing.write_text("France: A Paris - Burgundy\n", encoding="utf-8")
    before = listing.read_bytes()
    refused_unchanged(["diplomacy", "adjudicate", str(copies / TURN.name), "--orders", str(listing),
                               "--svg", str(listing)], listing, before, "overwrite the input")


def test_play_refuses_to_export_over_its_game(copies, refused_unchanged):
    game = copies / "game.yaml"
    before = game.read_bytes()
    refused_unchanged(["diplomacy", "play", str(game), "--export", str(game)], game, before,
                      "saved game would overwrite the input")


@pytest.mark.parametrize("option, target", [("--next", CHART.name), ("--svg", CHART.name),
                                            ("--next", ORDERS.name), ("--svg", ORDERS.name)])
def test_watch_refuses_to_write_over_its_chart_or_orders(copies, option, target, refused_unchanged):
    victim = copies / target
    before = victim.read_bytes()
    refused_unchanged(["blognomic", "watch", str(copies / CHART.name), str(copies / ORDERS.name),
                               option, str(victim)], victim, before, "would overwrite the input")


def test_watch_refuses_one_file_for_both_outputs(copies, capsys):
    code = main(["blognomic", "watch", str(copies / CHART.name), str(copies / ORDERS.name),
                 "--svg", str(copies / "x"), "--next", str(copies / "x")])
    assert code == 2 and "name the same file" in capsys.readouterr().err
    assert not (copies / "x").exists()


def test_watch_writes_both_outputs(copies):
    assert main(["blognomic", "watch", str(copies / CHART.name), str(copies / ORDERS.name),
                 "--svg", str(copies / "c.svg"), "--next", str(copies / "n.yaml")]) == 0
    assert (copies / "c.svg").read_text(encoding="utf-8").startswith("<svg")
    assert "watch:" in (copies / "n.yaml").read_text(encoding="utf-8")
    assert not [p for p in copies.iterdir() if p.name.endswith(".part")]


def test_a_failed_game_leaves_the_board_folder_as_it_was(tmp_path, capsys):
    game = tmp_path / "game.yaml"
    game.write_text(GAME + "  - orders: {FRANCE: ['Q XYZ ! blah']}\n", encoding="utf-8")
    boards = tmp_path / "boards"
    boards.mkdir()
    (boards / "S1901M.svg").write_text("an earlier run's board", encoding="utf-8")
    assert main(["diplomacy", "play", str(game), "--svg", str(boards)]) == 2
    assert "phase 3" in capsys.readouterr().err
    assert sorted(p.name for p in boards.iterdir()) == ["S1901M.svg"]
    assert (boards / "S1901M.svg").read_text(encoding="utf-8") == "an earlier run's board"


def test_a_successful_game_writes_every_board(copies):
    tmp_path = copies
    boards = tmp_path / "boards"
    assert main(["diplomacy", "play", str(tmp_path / "game.yaml"), "--svg", str(boards), "--export", str(tmp_path / "g.json")]) == 0
    assert sorted(p.name for p in boards.iterdir()) == ["F1901M.svg", "S1901M.svg"]
    assert (tmp_path / "g.json").read_text(encoding="utf-8").startswith("{")


def test_write_output_replaces_whole_or_not_at_all(tmp_path, monkeypatch):
    target = tmp_path / "out.svg"
    target.write_text("old", encoding="utf-8")
    write_output(target, "new", "SVG")
    assert target.read_text(encoding="utf-8") == "new"

    def failing_replace(source, destination):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(InputError, match="cannot write the SVG: No space left on device"):
        write_output(target, "newer", "SVG")
    assert target.read_text(encoding="utf-8") == "new"
    assert [p.name for p in tmp_path.iterdir()] == ["out.svg"]  # no temporary file left behind


def test_write_output_refuses_a_folder_and_a_missing_folder(tmp_path):
    with pytest.raises(InputError, match="Is a directory"):
        write_output(tmp_path, "x", "SVG")
    with pytest.raises(InputError, match="No such file or directory"):
        write_output(tmp_path / "missing" / "x.svg", "x", "SVG")


def test_write_output_keeps_a_files_mode_and_never_replaces_a_device(tmp_path):
    target = tmp_path / "out.svg"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o600)
    write_output(target, "new", "SVG")
    assert target.read_text(encoding="utf-8") == "new" and stat.S_IMODE(target.stat().st_mode) == 0o600
    write_output("/dev/null", "nothing", "SVG")  # written to, not replaced by a regular file
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    if os.path.exists("/dev/full"):
        with pytest.raises(InputError, match="No space left on device"):
            write_output("/dev/full", "x", "SVG")
        assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_bytes_are_written_whole_with_the_usual_permissions(tmp_path) -> None:
    import os
    import stat

    from adjudicator.inputs import write_output
    mask = os.umask(0)
    os.umask(mask)
    target = tmp_path / "board.png"
    write_output(target, b"\x89PNG data", "PNG")
    assert target.read_bytes() == b"\x89PNG data"
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~mask  # not the temporary file's 0600
    assert [p.name for p in tmp_path.iterdir()] == ["board.png"]
