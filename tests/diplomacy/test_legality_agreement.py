"""`diplomacy orders` and the movement adjudication agree on which orders are legal (both take it
from encodings/diplomacy/legality.lp): over the starting position of 1901 and the positions of
the bundled DATC cases, every listed order is adjudicated without INVALID, and every order of a
broad set written in the listing's notation that the adjudication accepts is listed."""

import random
from pathlib import Path

from adjudicator.diplomacy.movement import adjudicate
from adjudicator.diplomacy.programs import ENTRY, MOVEMENT
from adjudicator.solving.messages import messages
from adjudicator.diplomacy.cases import load_case
from adjudicator.diplomacy.maps import load_map
from adjudicator.diplomacy.models import Turn
from adjudicator.diplomacy.orders import parse_position
from adjudicator.diplomacy.possible import possible_orders

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = 200  # orders of the broad set tried per position (all of them in small positions)


def _positions() -> list[tuple[str, dict[str, list[str]]]]:
    board = load_map()
    positions = [("start-1901", dict(board.starting_units))]
    for path in sorted((ROOT / "cases" / "datc").glob("6.[A-G].*.yaml")):
        case = load_case(path)
        positions += [(f"{case.datc} phase {n}", phase.units) for n, phase in enumerate(case.phases, 1)
                      if phase.phase.endswith("M")]
    return positions


def _broad_orders(board, units: list[tuple[str, str, str]]) -> list[tuple[str, str]]:
    """(power, order) for every unit: hold, moves to every location, moves via convoy to every
    coast, supports of every other unit to hold or to move anywhere, convoys of every army to
    every coast (the shapes the listing writes)."""
    coasts = [p for p, prov in board.provinces.items() if prov.terrain == "coastal"]
    split = {p for p, prov in board.provinces.items() if prov.coasts}
    fleet_places = [loc for loc in board.locations if loc not in split] + sorted(split)
    out = []
    for power, kind, loc in units:
        unit = f"{kind} {loc}"
        out.append((power, f"{unit} H"))
        if kind == "A":
            out += [(power, f"{unit} - {d}") for d in board.playable_provinces]
            out += [(power, f"{unit} - {d} VIA") for d in coasts]
        else:
            out += [(power, f"{unit} - {d}") for d in board.locations if d not in split]
        for _, other_kind, other in units:
            if other == loc:
                continue
            out.append((power, f"{unit} S {other_kind} {other}"))
            places = board.playable_provinces if other_kind == "A" else fleet_places
            out += [(power, f"{unit} S {other_kind} {other} - {d}") for d in places]
            if kind == "F" and other_kind == "A":
                out += [(power, f"{unit} C A {other} - {d}") for d in coasts]
    return out


def _accepted(turns: list[Turn]) -> list[set[str]]:
    """Per turn, the orders the adjudication does not find INVALID (DATC 4.D.3: the orders of a
    unit given several legal ones are legal, though none counts: the unit holds; superseded ones
    under multiple_orders=first). One call: the turns are grounded together."""
    words = messages(ENTRY, MOVEMENT)
    several = (words.text("several_orders"), words.text("superseded"))
    return [{r.written or r.order for r in result.orders if r.result != "INVALID" or r.reason.startswith(several)}
            for result in adjudicate(turns)]


def _by_power(orders: list[tuple[str, str]]) -> dict[str, list[str]]:
    given: dict[str, list[str]] = {}
    for power, order in orders:
        given.setdefault(power, []).append(order)
    return given


def test_listed_orders_are_exactly_the_legal_ones():
    board = load_map()
    rng = random.Random(9)
    positions = _positions()
    listed_turns, broad_turns, listed_sets = [], [], []
    for name, units in positions:
        position = parse_position(board, units)
        listed = possible_orders(Turn(phase="S1901M", units=units))
        listed_sets.append({o for orders in listed.units.values() for o in orders})
        owner = {f"{kind} {loc}": power for power, kind, loc in position}
        listed_turns.append(Turn(phase="S1901M", units=units,
                                 orders=_by_power([(owner[u], o) for u, os in listed.units.items() for o in os])))
        broad = _broad_orders(board, position)
        tried = broad if len(broad) <= SAMPLE else rng.sample(broad, SAMPLE)
        broad_turns.append(Turn(phase="S1901M", units=units, orders=_by_power(tried)))
    compared = 0
    for (name, _), listed_orders, accepted in zip(positions, listed_sets, _accepted(listed_turns)):
        assert listed_orders <= accepted, (name, sorted(listed_orders - accepted))
    for (name, _), listed_orders, accepted in zip(positions, listed_sets, _accepted(broad_turns)):
        for order in accepted:
            words = order.split()
            if words[0] == "A" and len(words) >= 4 and words[2] == "-":
                origin, destination = words[1], words[3]
                if not board.army_adjacent(origin, destination):
                    order = f"A {origin} - {destination} VIA"  # a convoyed move is listed with VIA
                elif words[-1] == "VIA":
                    continue  # legal, listed only when fleets could carry it (the package's way)
            assert order in listed_orders, (name, order)
            compared += 1
    assert compared > 1000
