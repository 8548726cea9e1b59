"""The core calendar (encodings/core/calendar.lp, R1023) and asset ledger (encodings/core/ledger.lp,
R2577/R2576) on small named cases, each with its expected stable model (in the style of
potassco's clintest): the files every game can stand on, tested apart from any game."""

from __future__ import annotations

import pytest

from adjudicator.solving import solve
from adjudicator.solving.terms import read

DAY = 86400
MONDAY = 0  # the epoch is a Monday 00:00 UTC


def _model(files: list[str], facts: str, shown: str) -> list:
    result = solve(files, facts + shown, timeout=10)
    assert result.status == "one"
    return result.models[0]


CALENDAR_CASES = {
    # name: (facts, predicate, arity, expected arguments)
    "a Sunday 23:59:59 is still in week 0": ("cal_instant(604799). cal_day_length(86400).", "cal_week_of", 2,
                                             [(604799, 0)]),
    "Monday 00:00 starts week 1": ("cal_instant(604800). cal_day_length(86400).", "cal_week_of", 2,
                                   [(604800, 1)]),
    "weekdays count from Monday": (f"cal_instant({2 * DAY + 5}). cal_day_length(86400).", "cal_weekday", 2,
                                   [(2 * DAY + 5, 2)]),
    "7 days after is exactly 7 x 24 h": ("cal_ask_after(3600, 7). cal_day_length(86400).", "cal_after", 3,
                                         [(3600, 7, 3600 + 7 * DAY)]),
    "N days last N x 24 h, in the game's unit": ("cal_ask_days(4). cal_ask_days(14). cal_day_length(1440).",
                                                 "cal_days", 2, [(4, 4 * 1440), (14, 14 * 1440)]),
    "minutes as the unit (the judge's)": ("cal_week(2). cal_day_length(1440).", "cal_week_start", 2,
                                          [(2, 2 * 7 * 1440)]),
    "an instant in its week": ("cal_instant(700000). cal_week(0). cal_week(1). cal_day_length(86400).",
                               "cal_in_week", 2, [(700000, 1)]),
    # before the epoch (a judge's statement asked at a time before every event): floors, not truncation
    "the Sunday before the epoch is day -1": ("cal_instant(-720). cal_day_length(1440).", "cal_day_of", 2,
                                              [(-720, -1)]),
    "the Sunday before the epoch is a Sunday": ("cal_instant(-720). cal_day_length(1440).", "cal_weekday", 2,
                                                [(-720, 6)]),
    "the week before the epoch is week -1": ("cal_instant(-1). cal_instant(-10080). cal_instant(-10081). "
                                             "cal_day_length(1440).", "cal_week_of", 2,
                                             [(-1, -1), (-10080, -1), (-10081, -2)]),
}


@pytest.mark.parametrize("name", CALENDAR_CASES)
def test_calendar_case(name):
    facts, predicate, arity, expected = CALENDAR_CASES[name]
    model = _model(["core/calendar.lp"], facts, f"\n#show {predicate}/{arity}.")
    assert sorted(read(model, predicate, arity)) == sorted(expected)


LEDGER = "ledger_owner(a). ledger_owner(b). ledger_owner(pot). ledger_opening(a, 10).\n"

LEDGER_CASES = {
    # name: (facts, expected effective attempts, expected insufficient, expected balances)
    "within the balance": (LEDGER + "ledger_attempt(1, a, pot, 4, 100).", [1], [],
                           {"a": 6, "b": 0, "pot": 4}),
    "more than one owns is INEFFECTIVE (R2577)": (LEDGER + "ledger_attempt(1, a, pot, 11, 100).", [], [1],
                                                  {"a": 10, "b": 0, "pot": 0}),
    "transferring nothing succeeds (R2577)": (LEDGER + "ledger_attempt(1, b, pot, 0, 100).", [1], [],
                                              {"a": 10, "b": 0, "pot": 0}),
    "attempts in time order, not log order (R478)": (
        LEDGER + "ledger_attempt(1, a, pot, 8, 200). ledger_attempt(2, a, pot, 5, 100).", [2], [1],
        {"a": 5, "b": 0, "pot": 5}),
    "a failed attempt spends nothing": (
        LEDGER + "ledger_attempt(1, a, pot, 20, 100). ledger_attempt(2, a, pot, 10, 200).", [2], [1],
        {"a": 0, "b": 0, "pot": 10}),
    "a grant counts from its instant on": (
        LEDGER + "ledger_grant(g, b, 12, 150). ledger_attempt(1, b, pot, 5, 100). ledger_attempt(2, b, pot, 5, 200).",
        [2], [1], {"a": 10, "b": 7, "pot": 5}),
    "received transfers count from the next period": (
        LEDGER + "ledger_attempt(1, a, b, 10, 100). ledger_attempt(2, b, pot, 1, 200).", [1], [2],
        {"a": 0, "b": 10, "pot": 0}),
    "what would have no owner goes to the fallback owner (R2576)": (
        LEDGER + "ledger_fallback_owner(lfd). ledger_attempt(1, a, nobody, 3, 100).", [1], [],
        {"a": 7, "b": 0, "pot": 0, "lfd": 3}),
    "everything one owner holds moves at the end": (
        LEDGER + "ledger_attempt(1, a, pot, 4, 100). ledger_end_transfer(pot, b).", [1], [],
        {"a": 6, "b": 4, "pot": 0}),
}


@pytest.mark.parametrize("name", LEDGER_CASES)
def test_ledger_case(name):
    facts, effective, insufficient, balances = LEDGER_CASES[name]
    model = _model(["core/ledger.lp"], facts,
                   "\n#show ledger_effective/1. #show ledger_insufficient/1. #show ledger_balance/2.")
    assert sorted(e for (e,) in read(model, "ledger_effective", 1)) == effective
    assert sorted(e for (e,) in read(model, "ledger_insufficient", 1)) == insufficient
    assert {str(owner): n for owner, n in read(model, "ledger_balance", 2)} == balances


def test_hng_stands_on_the_core():
    """The HNG encodings define no calendar arithmetic or balance bookkeeping of their own."""
    from adjudicator.hng.adjudicate import CALENDAR, ENCODINGS
    from adjudicator.solving import encoding_text

    assert "core/calendar.lp" in CALENDAR and {"core/calendar.lp", "core/ledger.lp"} <= set(ENCODINGS)
    week, calendar = encoding_text("hng/week.lp"), encoding_text("hng/calendar.lp")
    assert "week_seconds" not in calendar and "/ 604800" not in calendar
    for gone in ("spent_before", "owned_before", "pot_before_payout"):
        assert gone not in week


def test_the_judge_stands_on_the_core_calendar(tmp_path):
    """The judge's time (core/time.lp) takes days, weeks and weekdays from the core calendar (no
    arithmetic of its own), so a statement asked before the case's epoch gets the right weekday."""
    from adjudicator.agora.judge import judge_file
    from adjudicator.solving import encoding_text, solve

    time_lp = encoding_text("core/time.lp")
    assert '#include "calendar.lp".' in time_lp and "/ day" not in time_lp and "/ week" not in time_lp
    loaded = solve(["core/time.lp"], "cal_ask_days(1). #show cal_days/2.").models[0]  # its #include read by clingo
    assert [str(s) for s in loaded] == ["cal_days(1,1440)"]
    case = tmp_path / "weekday.yaml"
    case.write_text(  # the epoch is Monday 2020-11-30; the last statement asks about Sunday the 29th
        "title: weekdays\ngamestate: {persons: [alice], players: [alice]}\n"
        "events:\n  - {id: r, at: 2020-12-01T12:00:00Z, by: alice, do: register}\n"
        "now: 2020-12-06T12:00:00Z\nstatements:\n"
        "  - {text: 'it is Sunday'}\n  - {text: 'it is Tuesday at event r'}\n"
        "  - {text: 'it is Sunday at 2020-11-29T12:00:00Z'}\n  - {text: 'it is Monday at 2020-11-29T12:00:00Z'}\n")
    verdicts = [j.verdict for j in judge_file(case).judgements]
    assert verdicts == ["TRUE", "TRUE", "TRUE", "FALSE"]
