"""Every Order the rules allow a Captain in one Watch, up to its effect on the Chart Update: the
search `reachable --force` makes over a Captain's Orders, and the others' counters, draw on it.

Which of these Orders is valid, and what each does, is the Watch encoding's to say (the vessel
types' movement points, Range and shot counts are read from it); this module only lists them,
leaving out an Order only where another listed one has the same effect:

- a Move: every list of atomic steps the vessel's movement points allow (with Long Winded), one
  per effect: the square and Facing it ends on and the squares it cruises over (the cheapest
  list kept; more than two Rotations in a row reach no new Facing);
- a Shot only at a square where a vessel can be at the end of the update (a square within four
  steps of a vessel afloat, or a home port where a new vessel appears): a Shot anywhere else
  damages nothing and is removed at the next update, the same effect as no Order;
- Place at every square within the Minelayer's Range (a Mine stays on the Chart);
- Go Diving only for a Captain who controls a vessel (without one it pays nothing: no Order);
- every build (each type and Facing), home port (each port of the Captain's Side), invasion,
  specialty, Go Diving, and the Swimmers' / Builders' extra Order (as a second candidate);
- in the last Watch, where only the Treasure the update leaves matters, one Facing per effect and
  no home port change or invasion (neither changes any Treasure in the update).
"""

from __future__ import annotations

import functools
import itertools
from typing import Optional

from adjudicator.blognomic import watch
from adjudicator.blognomic.programs import ENTRY, WATCH
from adjudicator.solving import solve
from adjudicator.solving.terms import Atoms, fact, fact_lines

OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
OFFSET = {"N": -10, "S": 10, "E": 1, "W": -1}
REACH_OF_A_MOVE = 4  # the most Cruise steps any vessel has (3 movement points, Long Winded +1)


@functools.cache
def vessel_traits() -> tuple[dict[str, int], frozenset[str], dict[str, int], dict[str, int]]:
    """Movement points, the cumbersome types, Range and shots per Order, as the encoding states them."""
    result = solve([ENTRY], "#show points/2. #show cumbersome/1. #show range/2. #show shot_count/2.",
                   parts=WATCH, what="blognomic vessel types")
    by = Atoms(result.models[0])
    points = {t: p for t, p in by.rows("points", 2)}
    cumbersome = frozenset(t for (t,) in by.rows("cumbersome", 1))
    ranges = {t: r for t, r in by.rows("range", 2)}
    shots = {t: n for t, n in by.rows("shot_count", 2)}
    return points, cumbersome, ranges, shots


def _ahead(square: int, facing: str) -> Optional[int]:
    row, col = divmod(square - 1, 10)
    if (facing == "N" and row == 0) or (facing == "S" and row == 9) or (facing == "E" and col == 9) or (facing == "W" and col == 0):
        return None
    return square + OFFSET[facing]


def _distance(a: int, b: int) -> int:
    (ra, ca), (rb, cb) = divmod(a - 1, 10), divmod(b - 1, 10)
    return abs(ra - rb) + abs(ca - cb)


def moves(square: int, facing: str, points: int, cumbersome: bool, land: set[int], *, final: bool = False) -> list[str]:
    """One step list per effect (end square, end Facing, squares cruised over), the cheapest kept;
    `final`: the Facing left out (in the last Watch it changes no Treasure)."""
    best: dict[tuple, tuple[tuple[int, int], str]] = {}
    stack = [(square, facing, 0, frozenset(), "", 0)]
    rotation_cost = 1 if cumbersome else 0
    while stack:
        at, face, cost, cruised, steps, rotations = stack.pop()
        key = (at, None if final else face, cruised)
        if steps and key != (square, None if final else facing, frozenset()):
            if key not in best or (cost, len(steps)) < best[key][0]:
                best[key] = ((cost, len(steps)), steps)
        ahead = _ahead(at, face)
        if ahead is not None and ahead not in land and cost + 1 <= points:
            stack.append((ahead, face, cost + 1, cruised | {ahead}, steps + "C", 0))
        if rotations < 2 and cost + rotation_cost <= points:
            for new in "NESW":
                if new != face and new != OPPOSITE[face]:
                    stack.append((at, new, cost + rotation_cost, cruised, steps + new, rotations + 1))
    return sorted(steps for _, steps in best.values())


def _afloat(chart: watch.Chart) -> list[tuple[str, Optional[str], str, int, str]]:
    """(name, controller, type, square, Facing) of every vessel afloat after update step 2."""
    out = [(v.name, v.captain, v.parts[0], v.square, v.parts[2]) for v in chart.vessels if v.parts[3] > 0]
    ro = chart.red_october
    if ro and ro.armour > 0:
        out.append((watch.RED_OCTOBER, ro.controller, "submarine", ro.square, ro.facing))
    return out


def target_squares(chart: watch.Chart) -> set[int]:
    """Where a vessel can be at the end of this update: near a vessel afloat, or at a home port."""
    near = {s for _, _, _, at, _ in _afloat(chart) for s in range(1, 101) if _distance(at, s) <= REACH_OF_A_MOVE}
    ports = {p.name: p.square for p in chart.ports}
    return near | {ports[c.home_port] for c in chart.captains if c.home_port in ports}


def orders(chart: watch.Chart, captain: str, readings: dict[str, str], *, final: bool = False) -> list[watch.Order]:
    """Every Order the rules allow the Captain, up to effect (valid or not: the encoding decides).
    `final`: the last Watch, where only the Treasure the update leaves matters: a new vessel's or a
    move's Facing, a home port and an invasion change none (so one Facing, no home port or invasion)."""
    points, cumbersome, ranges, shots = vessel_traits()
    me = next(c for c in chart.captains if c.name == captain)
    by_side = {side.lower(): sp for side, sp in chart.specialties.items()}
    specialty = watch.SPECIALTIES.get(by_side.get(me.side.lower(), "none").strip().lower(), "none")
    extra_point = 1 if specialty == "long_winded" else 0
    extra_shot = 1 if specialty == "deadeye" and readings.get("deadeye-bonus") == "squares" else 0
    afloat = _afloat(chart)
    # Go Diving pays only to a Captain who controls a Vessel: without one it is the same as no Order
    diving = any(owner == captain for _, owner, _, _, _ in afloat)
    out = [watch.Order(captain=captain, order="dive")] if diving else []
    facings = "N" if final else "NESW"
    out += [watch.Order(captain=captain, order="build", type=t, facing=f) for t in watch.TYPES.values() for f in facings]
    out += [watch.Order(captain=captain, order="home_port", port=p.name) for p in chart.ports
            if p.allegiance.lower() == me.side.lower() and not final]
    out += [watch.Order(captain=captain, order="specialty", specialty=s) for s in watch.SPECIALTY_TITLES]
    targets = target_squares(chart)
    land = set(chart.land)
    for name, owner, kind, square, facing in afloat:
        if owner != captain:
            continue
        out += [watch.Order(captain=captain, order="move", vessel=name, steps=s)
                for s in moves(square, facing, points[kind] + extra_point, kind in cumbersome, land, final=final)]
        if kind == "transport":
            out += [] if final else [watch.Order(captain=captain, order="invade", vessel=name)]
        elif kind == "minelayer":
            out += [watch.Order(captain=captain, order="place", vessel=name, at=[s]) for s in range(1, 101)
                    if _distance(square, s) <= ranges[kind]]
        else:
            near = sorted(s for s in targets if _distance(square, s) <= ranges[kind] + 1)
            for n in range(1, shots[kind] + extra_shot + 1):
                out += [watch.Order(captain=captain, order="shoot", vessel=name, at=list(at))
                        for at in itertools.combinations_with_replacement(near, n)]
    if specialty == "swimmers" and diving:
        out.append(watch.Order(captain=captain, order="dive"))
    if specialty == "builders":
        out += [watch.Order(captain=captain, order="build", type=t, facing=f) for t in watch.TYPES.values() for f in facings]
    return out


BATCH = 250  # Orders per grounding: the Watch encoding's one-Order-per-Watch rules pair each Captain's Orders


def invalid_reasons(chart: watch.Chart, orders: list[watch.Order], readings: dict[str, str], timeout: float,
                    shown: str = "") -> tuple[set[int], Atoms]:
    """Which Orders (numbered from 1) are invalid each on its own, from groundings of the Watch
    encoding with a batch of them received: each Order's reasons of invalidity other than "the
    Captain already gave an Order" (The Watch: an Order's validity never relies on another Order).
    Also the `shown` atoms of each batch, renumbered."""
    broken: set[int] = set()
    rows: list = []
    for first in range(0, len(orders), BATCH):
        batch = orders[first:first + BATCH]
        program = (watch.chart_facts(chart) + watch.order_facts(chart, batch, start=first + 1)
                   + fact_lines(watch.ALL_READINGS.atoms(readings)))
        result = solve([ENTRY], ["\n".join(program), "#show invalid/2. " + shown], parts=WATCH, timeout=timeout,
                       what="blognomic reachable orders")
        by = Atoms(result.models[0])
        broken |= {o for o, why in by.rows("invalid", 2) if str(why) != "one_order_per_watch"}
        rows += list(result.models[0])
    return broken, Atoms(rows)


def valid_alone(chart: watch.Chart, cands: list[watch.Order], readings: dict[str, str],
                timeout: float) -> list[watch.Order]:
    """The candidates that are valid each on its own."""
    broken, _ = invalid_reasons(chart, cands, readings, timeout)
    return [c for i, c in enumerate(cands, 1) if i not in broken]
