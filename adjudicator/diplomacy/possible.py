"""Every legal order per unit in a position (`adjudicator diplomacy orders TURN`).

Which orders are legal is decided by `encodings/diplomacy/possible_orders.lp` from our map facts,
with the legality the movement adjudication applies (`legality.lp`, which it includes); retreat options come from the turn's dislodged units (a movement result's `dislodged`, as the
retreat adjudication computed them). Python writes the facts and prints the orders in the short
notation the adjudicator reads (the notation of the `diplomacy` package's
`get_all_possible_orders`: `A PAR - BUR`, `A BRE - LON VIA`, `F NTH C A LON - BEL`,
`A MUN S A BUR - PAR`, `A PAR R BUR`, `A PAR D`, `A PAR B`, `WAIVE`).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

import adjudicator.diplomacy.phases as phases
from adjudicator.diplomacy.maps import atom, from_atom, load_map
from adjudicator.diplomacy.models import Turn
from adjudicator.errors import InputError
from adjudicator.solving import DEFAULT_TIMEOUT, solve

ENCODINGS = ["diplomacy/possible_orders.lp"]
KINDS = {"M": "movement", "R": "retreat", "A": "adjustment"}


class PossibleOrders(BaseModel):
    phase: str
    # "A PAR" -> its legal orders (in a retreat phase: the dislodged units)
    units: dict[str, list[str]]
    powers: dict[str, list[str]]  # power -> its units, in the order listed
    builds: dict[str, list[str]] = {}  # adjustment phase: power -> build orders and WAIVE
    count: int


# possible/2's order terms -> the short notation; {0}, {1}, ... are the term's arguments
NOTATION = {"hold": "{unit} H", "move": "{unit} - {0}", "move_via": "{unit} - {0} VIA",
            "support_hold": "{unit} S {0} {1}", "support_move": "{unit} S {0} {1} - {2}",
            "convoy": "{unit} C A {0} - {1}", "retreat": "{unit} R {0}", "disband": "{unit} D", "remove": "{unit} D"}


def _format(unit: str, order: Any) -> str:
    return NOTATION[order.name].format(*(from_atom(a.name) for a in order.arguments), unit=unit)


def possible_orders(turn: Turn, *, timeout: float = DEFAULT_TIMEOUT, source: str = "turn") -> PossibleOrders:
    board = load_map()
    kind = KINDS[turn.phase[-1]]
    facts, where = phases.unit_facts(board, turn.units, predicate="standing", source=source)
    centre_facts, _ = phases.centre_facts(board, turn, source)
    facts = [board.facts, *facts, *centre_facts, f"phase_kind({kind})."]
    # who submitted no orders, and the rules: whether BT24 stops builds is civil_disorder.lp's
    facts += [f"no_orders(0,{phases.power_name(board, p, source).lower()})." for p in turn.civil_disorder or []]
    facts.append(f"rules(0,{turn.rules}).")
    dislodged: dict[str, tuple[str, str, str]] = {}
    if kind == "retreat":
        if not turn.dislodged:
            raise InputError("a retreat phase needs its dislodged units (with their retreat options, as a "
                             "movement result's `dislodged` gives them)", source=source)
        for power_text, items in turn.dislodged.items():
            power = phases.power_name(board, power_text, source)
            for item in items:
                unit_type, location = phases.parse_unit(board, item.unit, source)
                dislodged[location] = (power, unit_type, location)
                facts.append(f"dislodged_at({power.lower()},{unit_type.lower()},{atom(location)}).")
                for option in item.retreats:
                    _, option_location = phases.parse_unit(board, f"{unit_type} {option}", source)
                    facts.append(f"retreat_option({atom(location)},{atom(option_location)}).")
    solved = solve(ENCODINGS, facts, timeout=timeout, max_models=1, what=f"possible orders {turn.phase}")
    if solved.status == "none" or not solved.models:
        raise InputError(f"no possible orders could be listed for {turn.phase}", source=source)
    listed = dislodged if kind == "retreat" else where
    units: dict[str, list[str]] = {f"{t} {loc}": [] for loc, (_, t, _) in listed.items()}
    powers: dict[str, list[str]] = {}
    for location, (power, unit_type, _) in listed.items():
        powers.setdefault(power, []).append(f"{unit_type} {location}")
    builds: dict[str, list[str]] = {}
    for symbol in solved.models[0]:
        if symbol.name == "possible":
            location = from_atom(symbol.arguments[0].name)
            if location not in listed:
                continue
            unit = f"{listed[location][1]} {location}"
            units[unit].append(_format(unit, symbol.arguments[1]))
        elif symbol.name == "possible_build":
            power, unit_type, location = symbol.arguments
            builds.setdefault(power.name.upper(), []).append(f"{unit_type.name.upper()} {from_atom(location.name)} B")
        elif symbol.name == "possible_waive":
            builds.setdefault(symbol.arguments[0].name.upper(), []).append("WAIVE")
    units = {unit: sorted(orders) for unit, orders in units.items() if orders}
    builds = {power: sorted(orders, key=lambda o: (o == "WAIVE", o)) for power, orders in sorted(builds.items())}
    powers = {p: [u for u in us if u in units] for p, us in sorted(powers.items())}
    count = sum(len(o) for o in units.values()) + sum(len(o) for o in builds.values())
    return PossibleOrders(phase=turn.phase, units=units, powers={p: u for p, u in powers.items() if u},
                          builds=builds, count=count)


def render(possible: PossibleOrders) -> str:
    lines = [f"Legal orders, {possible.phase}: {possible.count}"]
    for power, units in possible.powers.items():
        lines.append("")
        lines.append(power)
        for unit in units:
            orders = possible.units[unit]
            lines.append(f"  {unit} ({len(orders)})")
            lines.extend(f"    {order}" for order in orders)
    for power, orders in possible.builds.items():
        lines.append("")
        lines.append(f"{power} builds ({len(orders)})")
        lines.extend(f"    {order}" for order in orders)
    return "\n".join(lines)
