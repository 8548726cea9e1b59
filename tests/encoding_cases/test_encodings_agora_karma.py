"""Named cases for encodings/agora/karma.lp (R2510: Notices of Honour, karma, positions in Court, the
quarters' halving), on the judge's core with the calendar it stands on."""

from __future__ import annotations

import pytest

from .clintest import Case, Table, check, params
from .test_encodings_agora import ACTS, BASE, DAY, PLAYERS, events

KARMA = (*ACTS, "agora/culture.lp", "agora/karma.lp")
RULES = "base_rule(2510). rule_id(2510, 2510). rule_power(2510, 1000).\n"
# The judge's minutes count from a Monday; here 1 January 2021 is 3 days after it (a Thursday).
YEAR = "cal_year_start(2020, -363 * 1440). cal_year_start(2021, 3 * 1440). cal_year_start(2022, 368 * 1440).\n"
AGORA = "entity(agora).\n"


def notice(gain: str, lose: str) -> str:
    return f"notice_of_honour({gain}, {lose})"


REASONS = "notice_reason(1, gain). notice_reason(1, lose). notice_reason(2, gain). notice_reason(2, lose).\n"
KARMA_TABLES: dict[str, Table] = {
    "agora/karma.lp": Table(KARMA, [
        Case("R2510 a valid Notice of Honour moves one karma; a second by the same player that week is not valid",
             PLAYERS + AGORA + REASONS + "karma_query(bob, q(t)). karma_query(carol, q(t)). query_time(t, 30).\n"
             + events((0, "alice", notice("bob", "carol")), (10, "alice", notice("bob", "carol")), now=40),
             holds={"notice_valid(1)", "ineffective(2)", "karma_at(bob, 1, q(t))", "karma_at(carol, -1, q(t))",
                    "why_not(r2510_notice, alice, notice_of_honour(bob, carol), ev(2), not_the_first_this_week)"}),
        Case("R2510 a notice raising its own publisher, or without a reason for each, is not valid",
             PLAYERS + AGORA + "notice_reason(1, gain). notice_reason(1, lose). notice_reason(2, gain).\n"
             + events((0, "alice", notice("alice", "carol")), (10, "bob", notice("agora", "carol"))),
             holds={"ineffective(1)", "ineffective(2)",
                    "why_not(r2510_notice, alice, notice_of_honour(alice, carol), ev(1), gainer_is_the_publisher)",
                    "why_not(r2510_notice, bob, notice_of_honour(agora, carol), ev(2), no_reason_given)"}),
        Case("R2510 each quarter halves every person's karma towards 0, not Agora's",
             PLAYERS + AGORA + YEAR + "karma_initially(bob, 7). karma_initially(carol, -7). karma_initially(agora, 7).\n"
             "karma_query(bob, q(t)). karma_query(carol, q(t)). karma_query(agora, q(t)). query_time(t, 5 * 1440).\n"
             "court_query(bob, q(s)). court_query(carol, q(s)). query_time(s, 1440).\n"
             + events((0, "alice", "publish"), now=6 * DAY),
             holds={"karma_at(bob, 3, q(t))", "karma_at(carol, -3, q(t))", "karma_at(agora, 7, q(t))",
                    "court_position(bob, samurai, q(s))", "court_position(bob, shogun, q(s))",
                    "court_position(carol, honourless_worm, q(s))"},
             never={"court_position(bob, samurai, q(t))"}),
        Case("R2510 two Samurai with the same highest karma: neither is the Shogun",
             PLAYERS + "karma_initially(bob, 6). karma_initially(carol, 6). court_query(bob, q(t)). query_time(t, 10).\n"
             + events((0, "alice", "publish")),
             holds={"court_position(bob, samurai, q(t))"}, never={"court_position(bob, shogun, q(t))"}),
    ], base=BASE + RULES),
}


@pytest.mark.parametrize("file, case", params(KARMA_TABLES))
def test_agora_karma_case(file: str, case: Case):
    check(KARMA_TABLES[file], case)
