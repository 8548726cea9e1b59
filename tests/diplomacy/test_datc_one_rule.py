"""DATC 4.E.1 / 6.D.32 and 4.D.3, as one rule for the adjudication, the list of legal orders and
the documentation: a move "via convoy" that no chain of fleets could carry is illegal and ignored
(the army holds and may be supported to hold); a unit given two legal orders holds (the v3.0
preference; `multiple_orders: first` is the other reading); a coast written out in a position
(`F Spain (south coast)`) is read as in orders."""

import pytest

from adjudicator.diplomacy.movement import adjudicate
from adjudicator.diplomacy.models import Turn
from adjudicator.diplomacy.possible import possible_orders


def _york(options=None):
    return Turn(phase="S1901M", options=options,
                units={"ENGLAND": ["A YOR"], "FRANCE": ["A WAL"], "GERMANY": ["A EDI", "A LVP"]},
                orders={"ENGLAND": ["A YOR - LON VIA"], "FRANCE": ["A WAL S A YOR"],
                        "GERMANY": ["A EDI - YOR", "A LVP S A EDI - YOR"]})


def test_a_via_move_no_fleet_could_convoy_is_illegal_and_the_army_holds_with_its_support():
    result = adjudicate(_york())
    york, support = result.orders[0], result.orders[1]
    assert york.result == "INVALID" and "DATC 4.E.1" in york.reason
    assert support.result == "SUCCEEDS"  # the hold support counts: 2 against 2
    assert result.units["ENGLAND"] == ["A YOR"] and not result.dislodged


def test_a_via_move_from_an_inland_province_is_illegal():
    result = adjudicate(Turn(phase="S1901M", units={"FRANCE": ["A PAR"]}, orders={"FRANCE": ["A PAR - BUR VIA"]}))
    assert result.orders[0].result == "INVALID" and result.units["FRANCE"] == ["A PAR"]


def test_a_via_move_a_fleet_could_carry_is_legal_and_without_its_convoy_fails():
    turn = Turn(phase="S1901M", units={"ENGLAND": ["A YOR", "F NTH"]},
                orders={"ENGLAND": ["A YOR - LON VIA", "F NTH H"]})
    result = adjudicate(turn)
    assert result.orders[0].result == "FAILS" and "no fallback to the land route" in result.orders[0].reason


def test_under_the_land_fallback_a_via_move_without_fleets_goes_overland():
    result = adjudicate(Turn(phase="S1901M", units={"FRANCE": ["A PAR"]}, orders={"FRANCE": ["A PAR - BUR VIA"]},
                             options={"via_fallback": "land"}))
    assert result.orders[0].result == "SUCCEEDS" and result.units["FRANCE"] == ["A BUR"]


def test_the_list_of_legal_orders_agrees():
    listed = possible_orders(Turn(phase="S1901M", units={"ENGLAND": ["A YOR"]}))
    assert "A YOR - LON" in listed.units["A YOR"] and "A YOR - LON VIA" not in listed.units["A YOR"]


@pytest.mark.parametrize("orders", [["A PAR - BUR", "A PAR - PIC"], ["A PAR - PIC", "A PAR - BUR"]])
def test_a_unit_given_two_orders_holds_whatever_their_order(orders):
    result = adjudicate(Turn(phase="S1901M", units={"FRANCE": ["A PAR"]}, orders={"FRANCE": orders}))
    assert [r.result for r in result.orders] == ["INVALID", "INVALID"]
    assert "more than one order" in result.orders[0].reason and "DATC 4.D.3" in result.orders[0].reason
    assert result.units["FRANCE"] == ["A PAR"]


def test_a_unit_given_two_orders_may_be_supported_to_hold():
    result = adjudicate(Turn(phase="S1901M", units={"FRANCE": ["A PAR", "A PIC"], "GERMANY": ["A BUR", "A GAS"]},
                             orders={"FRANCE": ["A PAR - BUR", "A PAR H", "A PIC S A PAR"],
                                     "GERMANY": ["A BUR - PAR", "A GAS S A BUR - PAR"]}))
    assert result.units["FRANCE"] == ["A PAR", "A PIC"] and not result.dislodged


def test_the_first_order_counts_under_the_other_reading_and_in_the_tournaments():
    orders = {"FRANCE": ["A PAR - BUR", "A PAR - PIC"]}
    first = adjudicate(Turn(phase="S1901M", units={"FRANCE": ["A PAR"]}, orders=orders,
                            options={"multiple_orders": "first"}))
    assert first.units["FRANCE"] == ["A BUR"] and first.orders[1].result == "INVALID"
    bt = adjudicate(Turn(phase="S1901M", units={"FRANCE": ["A PAR"]}, orders=orders, rules="bt2020"))
    assert bt.units["FRANCE"] == ["A BUR"]


@pytest.mark.parametrize("written", ["F Spain (south coast)", "F Spain/south coast", "F SPA (sc)",
                                     "F St Petersburg (north coast)"])
def test_a_coast_written_out_is_read_in_a_position(written):
    result = adjudicate(Turn(phase="S1901M", units={"FRANCE": [written]}, orders={}))
    assert result.units["FRANCE"][0] in ("F SPA/SC", "F STP/NC")
