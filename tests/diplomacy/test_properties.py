"""Invariants on random turns (random units on the standard map, random orders of every kind):
every order gets exactly one result, no two units end in one province, dislodged units are not
in the position and do not retreat to the attacker's origin (unless convoyed) or to occupied or
contested provinces, and adjudicating turns together equals adjudicating them one by one."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.diplomacy import adjudicate
from adjudicator.diplomacy.maps import load_map

BOARD = load_map()
POWERS = list(BOARD.powers)


def random_turn(rng: random.Random) -> dict:
    provinces = rng.sample(BOARD.playable_provinces, rng.randint(4, 22))
    units: dict[str, list[str]] = {}
    placed = []
    for p in provinces:
        terrain = BOARD.provinces[p].terrain
        kind = "F" if terrain == "sea" else "A" if terrain == "inland" else rng.choice("AF")
        loc = rng.choice(BOARD.fleet_locations(p)) if kind == "F" else p
        power = rng.choice(POWERS)
        units.setdefault(power, []).append(f"{kind} {loc}")
        placed.append((power, kind, loc))
    orders: dict[str, list[str]] = {}
    for power, kind, loc in placed:
        near = BOARD.neighbours(loc, kind) or [loc]
        other_power, other_kind, other_loc = rng.choice(placed)
        choice = rng.random()
        if choice < 0.45:
            order = f"{kind} {loc} - {rng.choice(near)}"
        elif choice < 0.55:
            order = f"{kind} {loc} - {rng.choice(BOARD.playable_provinces)}" + (" VIA" if rng.random() < 0.3 else "")
        elif choice < 0.7:
            order = f"{kind} {loc} S {other_kind} {other_loc} - {rng.choice(BOARD.neighbours(other_loc, other_kind) or [other_loc])}"
        elif choice < 0.8:
            order = f"{kind} {loc} S {other_kind} {other_loc}"
        elif choice < 0.9:
            order = f"{kind} {loc} C A {other_loc} - {rng.choice(BOARD.playable_provinces)}"
        else:
            order = f"{kind} {loc} H"
        orders.setdefault(rng.choice([power, power, power, other_power]), []).append(order)
    return {"phase": "S1901M", "units": units, "orders": orders}


def check(turn: dict, result) -> None:
    submitted = [(p, o) for p, listed in turn["orders"].items() for o in listed]
    assert [(r.power, r.order) for r in result.orders] == submitted
    assert all(r.result in ("SUCCEEDS", "FAILS", "INVALID") and r.reason for r in result.orders)
    after = [u.split()[1].split("/")[0] for units in result.units.values() for u in units]
    assert len(after) == len(set(after)), "two units in one province"
    dislodged = [d for ds in result.dislodged.values() for d in ds]
    before = sum(len(u) for u in turn["units"].values())
    assert len(after) + len(dislodged) == before
    for d in dislodged:
        assert d.attacker_from  # the unit that dislodged it came from somewhere
        for r in d.retreats:
            province = r.split("/")[0]
            assert province not in after and province not in result.contested
    for r in result.orders:
        if r.result == "SUCCEEDS" and " - " in r.order and " S " not in r.order and " C " not in r.order:
            _, _, rest = r.order.partition(" ")
            dest = rest.split(" - ")[1].split()[0]
            assert any(u.split()[1].startswith(dest.split("/")[0]) for u in result.units.get(r.power, []))


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_random_turns(seed):
    rng = random.Random(seed)
    turns = [random_turn(rng) for _ in range(4)]
    together = adjudicate(turns)
    for turn, result in zip(turns, together):
        check(turn, result)
        assert adjudicate(turn) == result
