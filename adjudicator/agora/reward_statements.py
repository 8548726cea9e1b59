"""Statements and action phrases about Rewards (R2496: encodings/agora/rewards.lp): "the Arbitor
granted bob's reward for judging CFJ 9911", "bob's reward for judging CFJ 9911 was granted", each
with its negation; the action "grant bob the reward for judging CFJ 9911"."""

from __future__ import annotations

import re

import clingo

from adjudicator.agora.case import solver_int
from adjudicator.agora.office_statements import PT, WHO, Body, _maybe_not
from adjudicator.solving.terms import atom, fact

CONDITION = r"(?:the )?reward for judging (?:CFJ |case )?#?(?P<cfj>\d+)"


def reward_action(low: str, lexicon, where: str, action_term) -> tuple[clingo.Symbol, list, list] | None:
    """The term of a reward action phrase (lower case, one space), or None."""
    m = (re.fullmatch(rf"grant {WHO}'s? {CONDITION}", low, re.I) or re.fullmatch(rf"grant {WHO} {CONDITION}", low, re.I)
         or re.fullmatch(rf"grant {CONDITION} to {WHO}", low, re.I))
    if m:
        who = lexicon.person(m["who"], where)
        return fact("grant_reward", who, fact("judging_cfj", solver_int(m["cfj"], where))), [who], []
    return None


def _granted(m, lx, w) -> Body:
    who = lx.person(m["who"], w)
    condition = fact("judging_cfj", solver_int(m["cfj"], w))
    return Body(_maybe_not(atom("reward_granted_by", who, condition, PT), m), [atom("reward_query", who, condition, PT)],
                persons=[who])


PATTERNS = [
    (re.compile(rf"^the Arbitor (?P<neg>granted|has granted|did not grant|has not granted) {WHO}'s? {CONDITION}$", re.I),
     _granted),
    (re.compile(rf"^{WHO}'s? {CONDITION} (?P<neg>was|has been|was not|has not been) granted$", re.I), _granted),
]
