"""Formats users have: the diplomacy package's saved games, Droidippy/godip records, judges'
order lists. Real bundled records are replayed and checked against what they recorded."""

import json
import os
from pathlib import Path

import pytest

from adjudicator.cli import main
from adjudicator.diplomacy.formats import (check_recorded, parse_order_list, read_droidippy, read_saved_game,
                                           saved_game)
from adjudicator.errors import InputError

ROOT = Path(__file__).resolve().parents[2]
SAVED = ROOT / "cases/games/saved/random-1901-1904.json"
DROIDIPPY = ROOT / "cases/games/droidippy"


def test_a_saved_game_is_read_with_its_dislodged_units_and_retreat_options():
    phases = read_saved_game(json.loads(SAVED.read_text()), str(SAVED))
    assert [p.phase for p in phases][:5] == ["S1901M", "F1901M", "W1901A", "S1902M", "S1902R"]
    retreat = next(p for p in phases if p.phase == "S1902R")
    assert retreat.dislodged and all(not u.startswith("*") for us in retreat.units.values() for u in us)
    assert phases[0].units["RUSSIA"] == ["A WAR", "A MOS", "F SEV", "F STP/SC"]


def test_play_replays_a_saved_game_and_every_phase_agrees(capsys):
    assert main(["diplomacy", "play", str(SAVED)]) == 0
    out = capsys.readouterr().out
    assert "13 of 13 phases agree with the record" in out and "DIFFERS" not in out


def test_a_changed_record_is_reported_phase_by_phase(tmp_path, capsys):
    data = json.loads(SAVED.read_text())
    # the record now has an Austrian army in Bohemia after Spring 1901 that nothing moved there
    data["phases"][1]["state"]["units"]["AUSTRIA"].append("A BOH")
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(data))
    assert main(["diplomacy", "play", str(changed), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    differing = [c for c in report["checks"] if not c["agrees"]]
    assert differing[0]["phase"] == "S1901M"
    assert any("only the record has: AUSTRIA A BOH" in d for d in differing[0]["differences"])


def test_export_writes_a_saved_game_that_replays_the_same(tmp_path, capsys):
    exported = tmp_path / "game.json"
    game = ROOT / "cases/games/bt2020-example-1901-1903.yaml"
    assert main(["diplomacy", "play", str(game), "--export", str(exported)]) == 0
    data = json.loads(exported.read_text())
    assert data["map"] == "standard" and data["phases"][0]["name"] == "S1901M"
    assert data["phases"][-1]["name"] == "S1904M" and not any(data["phases"][-1]["orders"].values())
    dislodged_phase = next(p for p in data["phases"] if p["name"] == "S1902R")
    assert any(u.startswith("*") for us in dislodged_phase["state"]["units"].values() for u in us)
    capsys.readouterr()
    assert main(["diplomacy", "play", str(exported)]) == 0
    assert "12 of 12 phases agree" in capsys.readouterr().out


def test_droidippy_records_agree_except_the_known_via_convoy_land_fallback(capsys):
    assert main(["diplomacy", "play", str(DROIDIPPY / "game_10101.txt")]) == 0
    assert "18 of 18 phases agree" in capsys.readouterr().out
    assert main(["diplomacy", "play", str(DROIDIPPY / "game_10029.txt")]) == 1
    out = capsys.readouterr().out
    assert "16 of 17 phases agree with the record; 1 differ: F1901M" in out
    assert "units only we have: FRANCE A MAR" in out and "units only the record has: FRANCE A GAS" in out


def test_droidippy_orders_are_given_to_the_power_of_the_unit():
    phases = read_droidippy((DROIDIPPY / "game_10029.txt").read_text(), "game_10029")
    first = phases[0]
    assert first.phase == "S1901M" and "A VIE - BUD" in first.orders["AUSTRIA"]
    assert "F STP/SC - BOT" in first.orders["RUSSIA"]
    assert "A MAR - GAS VIA" in phases[1].orders["FRANCE"]
    assert any(p.phase == "W1901A" for p in phases)


def test_order_lists_lines_and_blocks():
    orders = parse_order_list("Austria: A Vienna - Galicia\n# a comment\n\nGermany\nA Munich - Burgundy\n"
                              "F Kiel - Denmark\nFrance:\nA Paris H\nRussia: A Warsaw - Galicia\n")
    assert orders == {"AUSTRIA": ["A Vienna - Galicia"], "GERMANY": ["A Munich - Burgundy", "F Kiel - Denmark"],
                      "FRANCE": ["A Paris H"], "RUSSIA": ["A Warsaw - Galicia"]}
    with pytest.raises(InputError, match="line 1"):
        parse_order_list("A Vienna - Galicia")
    with pytest.raises(InputError, match="line 2"):
        parse_order_list("Austria\nA Vienna - Gallia")


def test_adjudicate_takes_a_judges_order_list(capsys):
    assert main(["diplomacy", "adjudicate", str(ROOT / "cases/examples/start-1901.yaml"), "--orders",
                 str(ROOT / "cases/examples/judge-orders.txt"), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    outcome = {(r["power"], r["order"]): r["result"] for r in result["orders"]}
    assert outcome[("FRANCE", "A PAR - BUR")] == "SUCCEEDS"
    assert outcome[("GERMANY", "A MUN - BUR")] == "FAILS"
    assert {r["written"] for r in result["orders"]} >= {"A Paris - Burgundy", "A Marseilles Supports A Paris - Burgundy"}
    assert "GAL" in result["contested"]


def test_bad_records_are_input_errors(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("PHASE 1901 Spring Movement\nPOSITIONS\nAustria: army xyz\n")
    assert main(["diplomacy", "play", str(bad)]) == 2
    with pytest.raises(InputError, match="phase name"):
        read_saved_game({"phases": [{"name": "Summer", "state": {}}]})


def test_saved_game_writer_round_trips_through_the_reader():
    phases = read_saved_game(json.loads(SAVED.read_text()))
    checks = check_recorded(phases[:6])
    from adjudicator.diplomacy.models import Turn

    turns = [Turn(phase=p.phase, units=p.units, centers=p.centers, orders=p.orders, dislodged=p.dislodged or None)
             for p in phases[:5]]
    written = saved_game(turns, [c.result for c in checks])
    again = read_saved_game(written)
    assert [p.phase for p in again] == [p.phase for p in phases[:6]]
    assert again[4].dislodged == phases[4].dislodged


@pytest.mark.skipif(not os.environ.get("ADJUDICATOR_REAL_GAMES") and not (ROOT.parent / "shared").exists(),
                    reason="../shared is not present")
def test_real_games_from_shared_agree(tmp_path):
    """Optional: the first real games of ../shared/reference/realgames replayed (skipped without it)."""
    import tarfile

    archive = ROOT.parent / "shared" / "reference/realgames/droidippy-games.tar.xz"
    if not archive.exists():
        pytest.skip("no real games in ../shared")
    with tarfile.open(archive) as tar:
        members = sorted((m for m in tar.getmembers() if m.isfile()), key=lambda m: m.name)[:2]
        texts = [(m.name, tar.extractfile(m).read().decode()) for m in members]
    for name, text in texts:
        checks = check_recorded(read_droidippy(text, name))
        agree = sum(c.agrees for c in checks)
        assert agree >= len(checks) - 1, (name, [(c.phase, c.differences) for c in checks if not c.agrees])


def test_the_diplomacy_package_loads_our_export(tmp_path):
    """Cross-check (skipped without the `diplomacy` package, the `bench` extra): the package reads
    the saved game we write and reaches the same position."""
    export = pytest.importorskip("diplomacy.utils.export")
    exported = tmp_path / "game.json"
    assert main(["diplomacy", "play", str(ROOT / "cases/games/bt2020-example-1901-1903.yaml"), "--export",
                 str(exported)]) == 0
    data = json.loads(exported.read_text())
    game = export.from_saved_game_format(data)
    assert game.get_current_phase() == data["phases"][-1]["name"]
    units = {p: sorted(us) for p, us in game.get_state()["units"].items() if us}
    assert units == {p: sorted(us) for p, us in data["phases"][-1]["state"]["units"].items() if us}


def test_the_saved_games_influence_is_read_and_drawn():
    import json as _json
    from adjudicator.diplomacy.formats import read_saved_game
    from adjudicator.diplomacy.models import Turn
    from adjudicator.diplomacy.svg import render_svg

    saved = _json.loads((Path(__file__).resolve().parents[2] / "cases/games/saved/random-1901-1904.json").read_text())
    phase = read_saved_game(saved)[3]
    assert phase.influence and "PRU" in phase.influence["GERMANY"]
    turn = Turn(phase=phase.phase, units=phase.units, centers=phase.centers, influence=phase.influence)
    import re as _re
    shaded = _re.findall(r'data-province="(\w+)" data-shade="influence" data-shade-power="(\w+)"', render_svg(turn))
    assert shaded and all(province in phase.influence[power] for province, power in shaded)
    assert ("PRU", "GERMANY") in shaded  # no unit, no supply centre there: its influence shades it
    assert 'data-shade="influence"' not in render_svg(Turn(phase=phase.phase, units=phase.units, centers=phase.centers))
