"""Named cases for encodings/agora/rewards.lp (R2496: the rewards for judging a CFJ in time, an adopted
proposal, the first referendum of a week and an office's first report), on the judge's core with the
CFJ procedure, reports, complexity and the economy files it stands on; and for karma.lp (R2510:
Notices of Honour, karma, positions in Court, the quarters' halving) on the core with the calendar."""

from __future__ import annotations

import pytest

from .clintest import Case, Table, check, params
from .test_encodings_agora import ACTS, BASE, DAY, PLAYERS, events
from .test_encodings_agora_justice import JUSTICE
from .test_encodings_agora_justice import RULES as JUSTICE_RULES

REWARDS = (*JUSTICE, "agora/assets.lp", "agora/economy.lp", "agora/numbers.lp", "agora/paydays.lp", "agora/reports.lp",
           "agora/culture.lp", "agora/office_rules.lp", "agora/rewards.lp")
RULES = "".join(f"base_rule({r}). rule_id({r}, {r}). rule_power({r}, {p}).\n" for r, p in
                {2496: 1000, 2577: 3000, 2578: 3000, 2635: 1000, 2166: 3000, 2483: 2000, 2143: 1000, 2139: 1000, 2632: 1000}.items())
# alice is the Arbitor; bob calls CFJ 1 and alice assigns it to carol; the Total Buoyancy is 1000
# (5 boatloads: 2 coins, rounded up)
SETUP = PLAYERS + "office(arbitor, alice). buoyancy_initially(1000). judgement_given(3, true).\n"


def judged(*later: tuple[int, str, str], at: int = 20, now: int | None = None) -> str:
    return SETUP + events((0, "bob", "call_cfj(1)"), (10, "alice", "assign_cfj(1, carol)"),
                          (at, "carol", "deliver_judgement(1)"), *later, now=now)


GRANT = "grant_reward(carol, judging_cfj(1))"
# alice, the Assessor, resolves the referendum on bob's proposal 8500 (7 FOR, 2 AGAINST); carol is
# the ADoP; a Total Buoyancy of 2500 makes a boatload one coin
RESOLVED = (PLAYERS + "office(assessor, alice). office(adop, carol). buoyancy_initially(2500). "
            "referendum_ballots(1, 7, 2). referendum_author(8500, bob).\n")
RESOLVE = "resolve_referendum(8500, adopted)"
REWARD_TABLES: dict[str, Table] = {
    "agora/rewards.lp": Table(REWARDS, [
        Case("R2496 the Arbitor CAN once grant the judge 5 boatloads of coins for judging in time",
             judged((30, "bob", GRANT), (40, "alice", GRANT), (50, "alice", GRANT)),
             holds={"reward_earned(carol, judging_cfj(1), 3)", "ineffective(4)", "effective(5)", "ineffective(6)",
                    "asset_created(coin, carol, 2, 5)", "why_not(r2496_grant, bob, grant_reward(carol, judging_cfj(1)), ev(4), not_the_officer)",
                    "why_not(r2496_grant, alice, grant_reward(carol, judging_cfj(1)), ev(6), granted_already)"}),
        Case("R2496 a judgement later than the time limit earns no reward",
             judged((8 * DAY + 10, "alice", GRANT), at=8 * DAY),
             holds={"ineffective(4)"}, never={"reward_earned(carol, judging_cfj(1), 3)", "asset_created(coin, carol, 2, 4)"}),
        Case("R2496 the Arbitor SHALL grant the reward in an officially timely fashion",
             judged(now=9 * DAY) + "reward_query(carol, judging_cfj(1), ev(1)).\n", holds={"violation(alice, 2496, reward(carol, judging_cfj(1), 3))"}),
        Case("R2496 no reward for judging a case open through the judge's own Motion to Reconsider",
             judged((DAY, "carol", "reconsider_cfj(1)"), (2 * DAY, "carol", "deliver_judgement(1)"))
             + "judgement_given(5, false). reward_query(carol, judging_cfj(1), ev(1)).\n",
             holds={"effective(4)", "effective(5)", "reward_earned(carol, judging_cfj(1), 3)"},
             never={"reward_earned(carol, judging_cfj(1), 5)"}),
        Case("R2496 the Assessor CAN grant an adopted sponsored proposal's author FOR - AGAINST boatloads",
             RESOLVED + "referendum_sponsored(8500).\n" + events((0, "alice", RESOLVE), (10, "alice", "grant_reward(bob, authoring_proposal(8500))")),
             holds={"reward_earned(bob, authoring_proposal(8500), 1)", "effective(2)", "asset_created(coin, bob, 5, 2)"}),
        Case("R2496 an unsponsored proposal earns its author nothing",
             RESOLVED + events((0, "alice", RESOLVE), (10, "alice", "grant_reward(bob, authoring_proposal(8500))")),
             holds={"ineffective(2)"}, never={"reward_earned(bob, authoring_proposal(8500), 1)"}),
        Case("R2496 R1023 R2632 only the first referendum resolved in an Agoran week earns 5 boatloads times complexity",
             RESOLVED + "referendum_author(8501, bob).\n"
             + events((0, "alice", RESOLVE), (DAY, "alice", "resolve_referendum(8501, rejected)"),
                      (DAY + 10, "carol", "grant_reward(alice, resolving_referendum(8500))"),
                      (DAY + 20, "carol", "grant_reward(alice, resolving_referendum(8501))")),
             holds={"reward_earned(alice, resolving_referendum(8500), 1)", "effective(3)", "ineffective(4)",
                    "asset_created(coin, alice, 5, 3)"}, never={"reward_earned(alice, resolving_referendum(8501), 2)"}),
        Case("R2496 only an office's first weekly report of a week, by its holder, earns the reward",
             SETUP + "office(adop, carol). office(registrar, bob). buoyancy_initially(2500).\n"
             + events((0, "alice", "publish_report(registrar)"), (10, "bob", "publish_report(registrar)"),
                      (20, "bob", "publish_report(registrar)"), (30, "carol", "grant_reward(bob, publishing_report(2))")),
             holds={"reward_earned(bob, publishing_report(2), 2)", "effective(4)", "asset_created(coin, bob, 5, 4)"},
             never={"reward_earned(alice, publishing_report(1), 1)", "reward_earned(bob, publishing_report(3), 3)"}),
    ], base=BASE + JUSTICE_RULES + RULES),
}


KARMA = (*ACTS, "agora/culture.lp", "agora/reports.lp", "agora/karma.lp")
KARMA_RULES = "base_rule(2510). rule_id(2510, 2510). rule_power(2510, 1000).\n"
# The judge's minutes count from a Monday; here 1 January 2021 is 3 days after it (a Thursday).
YEAR = "cal_year_start(2020, -363 * 1440). cal_year_start(2021, 3 * 1440). cal_year_start(2022, 368 * 1440).\n"
AGORA = "entity(agora).\n"


def notice(gain: str, lose: str) -> str:
    return f"notice_of_honour({gain}, {lose})"


REASONS = "notice_reason(1, gain). notice_reason(1, lose). notice_reason(2, gain). notice_reason(2, lose).\n"
KARMA_TABLES: dict[str, Table] = {
    "agora/karma.lp": Table(KARMA, [
        Case("R2510 R2509 a valid Notice of Honour moves one karma from 0; a second by one player in a week is not valid",
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
        Case("R2510 R869 each quarter halves every person's karma towards 0, not Agora's (no person)",
             PLAYERS + AGORA + YEAR + "karma_initially(bob, 7). karma_initially(carol, -7). karma_initially(agora, 7).\n"
             "karma_query(bob, q(t)). karma_query(carol, q(t)). karma_query(agora, q(t)). query_time(t, 5 * 1440).\n"
             "court_query(bob, q(s)). court_query(carol, q(s)). query_time(s, 1440).\n"
             + events((0, "alice", "publish"), now=6 * DAY),
             holds={"karma_at(bob, 3, q(t))", "karma_at(carol, -3, q(t))", "karma_at(agora, 7, q(t))",
                    "court_position(bob, samurai, q(s))", "court_position(bob, shogun, q(s))",
                    "court_position(carol, honourless_worm, q(s))"},
             never={"court_position(bob, samurai, q(t))"}),
        Case("R2510 R2510/5 a notice may not move Agora's karma farther from 0",
             PLAYERS + AGORA + REASONS + "r2510_fourth_condition. karma_initially(agora, 2).\n"
             + events((0, "alice", notice("agora", "carol")), (10, "bob", notice("carol", "agora"))),
             holds={"ineffective(1)", "notice_valid(2)",
                    "why_not(r2510_notice, alice, notice_of_honour(agora, carol), ev(1), agora_karma_farther_from_0)"}),
        Case("R2510 R2143 R2162 R1551 the Herald's report: karma and positions checked; ratified, karma is replayed on it",
             PLAYERS + AGORA + REASONS + "notice_reason(3, gain). notice_reason(3, lose). office(herald, alice). "
             "karma_initially(bob, 5). report_states_karma(2). report_karma(2, bob, 7). report_states_court(2). "
             "report_court(2, bob, samurai). karma_query(bob, q(s)). query_time(s, 30). karma_query(bob, q(t)). "
             "query_time(t, 10100). base_rule(2201). rule_id(2201, 2201). rule_power(2201, 3000).\n"
             + events((0, "alice", notice("bob", "carol")), (10, "alice", "publish_report(herald)"),
                      (20, "carol", notice("bob", "alice")), (10090, "alice", "self_ratify(2)")),
             holds={"misstated(2, karma(bob))", "omitted(2, karma(carol))", "omitted(2, court(bob, shogun))",
                    "report_incomplete(2)", "self_ratified(2, 4)", "karma_at(bob, 7, q(s))", "karma_at(bob, 8, q(t))"}),
        Case("R2510 two Samurai with the same highest karma: neither is the Shogun",
             PLAYERS + "karma_initially(bob, 6). karma_initially(carol, 6). court_query(bob, q(t)). query_time(t, 10).\n"
             + events((0, "alice", "publish")),
             holds={"court_position(bob, samurai, q(t))"}, never={"court_position(bob, shogun, q(t))"}),
    ], base=BASE + KARMA_RULES),
}
REWARD_TABLES.update(KARMA_TABLES)


@pytest.mark.parametrize("file, case", params(REWARD_TABLES))
def test_agora_rewards_case(file: str, case: Case):
    check(REWARD_TABLES[file], case)
