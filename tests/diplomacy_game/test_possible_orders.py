"""`adjudicator diplomacy orders`: every legal order per unit, from possible_orders.lp; the counts
are cross-checked with the `diplomacy` package's get_all_possible_orders when it is installed."""

import json
import random
from pathlib import Path

import pytest

from adjudicator.cli import main
from adjudicator.diplomacy.movement import adjudicate
from adjudicator.diplomacy.models import Turn
from adjudicator.diplomacy.possible import possible_orders

ROOT = Path(__file__).resolve().parents[2]


def test_the_1901_position_has_238_legal_orders(capsys):
    # 238 is also what the diplomacy package lists for the standard start
    assert main(["diplomacy", "orders", str(ROOT / "cases/examples/start-1901.yaml"), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed["count"] == 238
    vienna = listed["units"]["A VIE"]
    assert "A VIE - GAL" in vienna and "A VIE S A BUD - GAL" in vienna and "A VIE S F TRI" in vienna
    assert "A VIE - ROM" not in vienna and "A VIE S A ROM - VEN" not in vienna
    assert "F STP/SC - BOT" in listed["units"]["F STP/SC"]
    assert "F STP/SC - BAR" not in listed["units"]["F STP/SC"]  # the other coast's sea


def test_convoys_and_via_convoy_moves_follow_the_fleets():
    turn = Turn(phase="S1901M", units={"ENGLAND": ["A LON", "F NTH", "F ENG"], "FRANCE": ["A BRE"]})
    listed = possible_orders(turn)
    assert "A LON - BEL VIA" in listed.units["A LON"] and "A LON - NWY VIA" in listed.units["A LON"]
    assert "F NTH C A LON - NWY" in listed.units["F NTH"]
    # ENG is not needed to carry London's army to Norway (NTH is next to both): DATC 6.G.19
    assert "F ENG C A LON - NWY" not in listed.units["F ENG"]
    assert "F ENG C A BRE - LON" in listed.units["F ENG"]
    assert "F NTH S A LON - BEL" in listed.units["F NTH"]  # a convoyed move supported by another fleet


def test_retreat_and_adjustment_phases():
    moved = adjudicate(Turn(phase="S1901M", units={"FRANCE": ["A BUR"], "GERMANY": ["A MUN", "A RUH"]},
                            orders={"GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"]}))
    retreat = Turn(phase=moved.next_phase, units=moved.units, dislodged=moved.dislodged)
    listed = possible_orders(retreat)
    assert set(listed.units) == {"A BUR"}
    assert set(listed.units["A BUR"]) == {"A BUR D"} | {f"A BUR R {p}" for p in moved.dislodged["FRANCE"][0].retreats}
    winter = Turn(phase="W1901A", units={"RUSSIA": ["A MOS"], "FRANCE": ["A PAR", "A BUR", "F BRE", "A PIC"]},
                  centers={"RUSSIA": ["MOS", "STP", "WAR"], "FRANCE": ["PAR", "BRE"]})
    listed = possible_orders(winter)
    assert listed.builds["RUSSIA"] == ["A STP B", "A WAR B", "F STP/NC B", "F STP/SC B", "WAIVE"]
    assert all(orders == [f"{unit} D"] for unit, orders in listed.units.items() if unit.startswith(("A P", "A B", "F")))


def test_a_retreat_phase_without_its_dislodged_units_is_an_input_error(tmp_path):
    turn = tmp_path / "turn.yaml"
    turn.write_text("phase: S1901R\nunits: {FRANCE: [A PAR]}\n")
    assert main(["diplomacy", "orders", str(turn)]) == 2


def test_the_same_orders_as_the_diplomacy_package():
    """Skipped without the package (the `bench` extra); benchmarks/possible_orders.py runs more."""
    pytest.importorskip("diplomacy")
    import importlib.util

    spec = importlib.util.spec_from_file_location("possible_orders_bench", ROOT / "benchmarks/possible_orders.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    compared = 0
    for game in bench.play(seed=5, phases=12):
        assert bench.our_orders(game) == bench.package_orders(game), game.get_current_phase()
        compared += 1
    assert compared == 12
