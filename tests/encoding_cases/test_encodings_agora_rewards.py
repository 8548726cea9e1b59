"""Named cases for encodings/agora/rewards.lp (R2496: the reward for judging a CFJ in time), on the
judge's core with the CFJ procedure and the economy files it stands on."""

from __future__ import annotations

import pytest

from .clintest import Case, Table, check, params
from .test_encodings_agora import BASE, DAY, PLAYERS, events
from .test_encodings_agora_justice import JUSTICE
from .test_encodings_agora_justice import RULES as JUSTICE_RULES

REWARDS = (*JUSTICE, "agora/assets.lp", "agora/economy.lp", "agora/numbers.lp", "agora/paydays.lp", "agora/rewards.lp")
RULES = "".join(f"base_rule({r}). rule_id({r}, {r}). rule_power({r}, {p}).\n" for r, p in
                {2496: 1000, 2577: 3000, 2578: 3000, 2635: 1000, 2166: 3000, 2483: 2000}.items())
# alice is the Arbitor; bob calls CFJ 1 and alice assigns it to carol; the Total Buoyancy is 1000
# (5 boatloads: 2 coins, rounded up)
SETUP = PLAYERS + "office(arbitor, alice). buoyancy_initially(1000). judgement_given(3, true).\n"


def judged(*later: tuple[int, str, str], at: int = 20, now: int | None = None) -> str:
    return SETUP + events((0, "bob", "call_cfj(1)"), (10, "alice", "assign_cfj(1, carol)"),
                          (at, "carol", "deliver_judgement(1)"), *later, now=now)


GRANT = "grant_reward(carol, judging_cfj(1))"
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
    ], base=BASE + JUSTICE_RULES + RULES),
}


@pytest.mark.parametrize("file, case", params(REWARD_TABLES))
def test_agora_rewards_case(file: str, case: Case):
    check(REWARD_TABLES[file], case)
