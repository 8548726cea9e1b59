"""encodings/hng/calendar.lp's weeks for the drivers, on small named cases (facts -> expected
atoms): the weeks walked run from the earliest instant's week to the horizon, with as_of's week;
every instant the drivers place (events, as_of, Game Night) has its week (R1023)."""

from __future__ import annotations

import pytest

from adjudicator.solving import solve
from adjudicator.solving.terms import read

WEEK = 604800  # seconds; the anchor (0) is a Monday 00:00 UTC
P = 1200 * WEEK + 2 * 86400  # promulgated on a Wednesday of week 1200
HORIZON = 12

CASES = {
    # name: (facts, predicate, arity, expected arguments)
    "R1023: an event two weeks before the promulgation starts the walk": (
        f"promulgated({P}). event(1, {P - 14 * 86400}, \"a\").", "walk_from", 1, [(1198,)]),
    "R1023: without earlier instants the walk starts at the promulgation's week": (
        f"promulgated({P}). as_of({P + 86400}).", "walk_from", 1, [(1200,)]),
    "R1023: as_of's week is known even past the horizon": (
        f"promulgated({P}). as_of({P + 20 * WEEK}).", "cal_week_of", 2,
        [(P, 1200), (P + 7 * 86400, 1201), (P + 20 * WEEK, 1220)]),
    "R1023: the week as_of falls in has its bounds past the horizon": (
        f"promulgated({P}). as_of({P + 20 * WEEK}).", "cal_week_start", 2,
        [(w, w * WEEK) for w in [*range(1200, 1200 + HORIZON + 1), 1220]]),
    "BT31, R1023: Game Night (7 days after the promulgation) is placed in its week": (
        f"promulgated({P}).", "cal_week_of", 2, [(P, 1200), (P + 7 * 86400, 1201)]),
}


@pytest.mark.parametrize("name", CASES)
def test_calendar_case(name):
    facts, predicate, arity, expected = CASES[name]
    facts += '\nreading(cycle_start, after_promulgation).'
    result = solve(["core/calendar.lp", "hng/calendar.lp"], facts + f"\n#show {predicate}/{arity}.", timeout=10)
    assert result.status == "one"
    assert sorted(read(result.models[0], predicate, arity)) == sorted(expected)
