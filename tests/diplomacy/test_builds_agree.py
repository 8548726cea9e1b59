"""The fleet-build rule is written once (adjust_balance.lp `build_location/3`, BT23, DATC 6.I.2,
6.B.14): `diplomacy orders` on a Winter position lists exactly the builds the adjustment phase
(adjust.lp) accepts, every power's, with named coasts and a country in civil disorder (BT24)."""

import pytest

from adjudicator.diplomacy.adjustments import adjudicate_adjustments
from adjudicator.diplomacy.maps import load_map
from adjudicator.diplomacy.models import Turn
from adjudicator.diplomacy.possible import possible_orders

# Austria may build 3 (VIE occupied), England 1, Russia 2 (STP with two coasts, SEV, inland WAR),
# France 2 but in civil disorder under bt2020 (BT24), Germany none, Italy must remove one.
WINTER = {
    "phase": "W1901A",
    "units": {"AUSTRIA": ["A VIE"], "ENGLAND": ["F NTH", "F NWG", "A YOR"], "RUSSIA": ["A MOS", "F RUM", "A UKR"],
              "FRANCE": ["A PAR"], "GERMANY": ["A BER", "F KIE"], "ITALY": ["A ROM", "F NAP", "A VEN", "A TYR"],
              "TURKEY": ["F ANK", "A CON", "A SMY"]},
    "centers": {"AUSTRIA": ["VIE", "BUD", "TRI", "SER"], "ENGLAND": ["LON", "EDI", "LVP", "NWY"],
                "RUSSIA": ["MOS", "STP", "SEV", "WAR", "RUM"], "FRANCE": ["PAR", "BRE", "MAR"],
                "GERMANY": ["BER", "KIE"], "ITALY": ["ROM", "NAP", "VEN"], "TURKEY": ["ANK", "CON", "SMY"]},
}


def _candidates() -> dict[str, list[str]]:
    """Every build a power could write at a home centre: an army, a fleet in the province and on
    each of its coasts (inland or without naming the coast: not accepted)."""
    board = load_map()
    found: dict[str, list[str]] = {}
    for power in board.powers:
        for centre in board.home_centres(power):
            orders = found.setdefault(power, [])
            orders.append(f"A {centre} B")
            coasts = [loc for loc in board.locations if board.province_of(loc) == centre and loc != centre]
            orders += [f"F {loc} B" for loc in [centre, *coasts]]
    return found


@pytest.mark.parametrize("rules, disorder", [("standard", []), ("bt2020", ["FRANCE"])])
def test_orders_lists_exactly_the_builds_the_adjustment_phase_accepts(rules, disorder):
    turn = Turn(**WINTER, rules=rules, civil_disorder=disorder or None)
    listed = {(power, order) for power, orders in possible_orders(turn).builds.items()
              for order in orders if order != "WAIVE"}
    candidates = _candidates()
    accepted = set()
    # one build per power per adjudication (the first legal build is always used, DATC 4.D.4)
    for k in range(max(len(c) for c in candidates.values())):
        orders = {power: [c[k]] for power, c in candidates.items() if k < len(c)}
        result = adjudicate_adjustments(Turn(**{**WINTER, "orders": orders}, rules=rules, civil_disorder=disorder or None))
        accepted |= {(r.power, r.order) for r in result.orders if r.result == "SUCCEEDS" and r.order.endswith(" B")}
    assert listed == accepted
    assert ("RUSSIA", "F STP/NC B") in listed and ("RUSSIA", "F STP/SC B") in listed
    assert ("RUSSIA", "F STP B") not in listed and ("RUSSIA", "F WAR B") not in listed
    assert any(power == "FRANCE" for power, _ in listed) is (rules == "standard")
