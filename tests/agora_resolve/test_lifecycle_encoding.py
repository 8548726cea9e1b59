"""The proposal lifecycle's timing (encodings/agora/proposals.lp on the core calendar, loaded with
decisions.lp as `agora resolve` loads them) on small named cases, each with its expected atoms (in
the style of potassco's clintest): R1607's "more than 7 days", R2595's intent windows (14 days,
4 days), R1607's weekly duty over R1023's weeks. Each boundary is tested on both sides."""

from __future__ import annotations

import pytest

from adjudicator.solving import solve
from adjudicator.solving.terms import read

DAY = 1440  # the encodings count minutes since 1990-01-01, a Monday
WEEK = 7 * DAY
K = 1800  # an Agoran week (1990 + 1800 weeks: 2024)
MONDAY = K * WEEK

PEOPLE = 'player("alice"). player("bob"). person("alice"). person("bob"). office_holder("Promotor", "bob"). '
CREATED = 'event_at(1, {t}). ev_create(1, "p", "alice"). ev_has_text(1). '


def _pool_removal(after: int) -> str:
    start = MONDAY + 60
    return PEOPLE + CREATED.format(t=start) + f'event_at(2, {start + after}). ev_remove(2, "p", "bob"). ' \
        f"timeline_end({start + after})."


def _pend_with_intent(age: int) -> str:
    start = MONDAY + 60
    at = start + 20 * DAY
    return PEOPLE + CREATED.format(t=start) + f'event_at(2, {at}). ev_pend(2, "p", "alice", without_objection). ' \
        f"ev_intent(2, {at - age}). timeline_end({at})."


def _pending_over_a_week(end: int) -> str:
    start = MONDAY - 60  # a Sunday evening: in the Pool and pending when week K begins
    return PEOPLE + 'pendants("alice", 1). ' + CREATED.format(t=start) + \
        f'event_at(2, {start}). ev_pend(2, "p", "alice", pendant). timeline_end({end}).'


CASES = {
    # name: (facts, predicate, arity, expected arguments)
    "R1607: the Promotor's removal after exactly 7 days fails (more than 7)": (
        _pool_removal(7 * DAY), "event_failed", 2, [(2, "within_7_days")]),
    "R1607: the Promotor's removal a minute after 7 days succeeds": (
        _pool_removal(7 * DAY + 1), "removed", 2, [("p", 2)]),
    "R2595: an intent exactly 14 days old is in time": (
        _pend_with_intent(14 * DAY), "pend_effective", 2, [(2, "p")]),
    "R2595: an intent a minute older than 14 days is too old": (
        _pend_with_intent(14 * DAY + 1), "dependent_fails", 2, [(2, "intent_too_old")]),
    "R2595: an intent exactly 4 days old may be acted on without objection": (
        _pend_with_intent(4 * DAY), "pend_effective", 2, [(2, "p")]),
    "R2595: an intent a minute short of 4 days is too recent": (
        _pend_with_intent(4 * DAY - 1), "dependent_fails", 2, [(2, "intent_too_recent")]),
    "R1607, R1023: pending when the week began and not distributed by its end: the duty is broken": (
        _pending_over_a_week(MONDAY + WEEK), "distribution_duty_broken", 2, [("p", K)]),
    "R1607, R1023: the week is not over a minute before the next Monday": (
        _pending_over_a_week(MONDAY + WEEK - 1), "distribution_duty_broken", 2, []),
    "R1023: the timeline's weeks, from the first event's to the end's": (
        _pending_over_a_week(MONDAY + WEEK), "week", 1, [(K - 1,), (K,), (K + 1,)]),
    "R1607: more than 7 days in the Pool and not pending: removal advised": (
        PEOPLE + CREATED.format(t=MONDAY) + f"timeline_end({MONDAY + 7 * DAY + 1}).", "removal_advised", 1, [("p",)]),
    "R1607: exactly 7 days in the Pool: not yet": (
        PEOPLE + CREATED.format(t=MONDAY) + f"timeline_end({MONDAY + 7 * DAY}).", "removal_advised", 1, []),
}


@pytest.mark.parametrize("name", CASES)
def test_lifecycle_case(name):
    facts, predicate, arity, expected = CASES[name]
    result = solve(["agora/decisions.lp", "agora/proposals.lp"], facts + f"\n#show {predicate}/{arity}.", timeout=10)
    assert result.status == "one"
    assert sorted(read(result.models[0], predicate, arity)) == sorted(expected)
