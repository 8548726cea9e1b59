"""Statements and action phrases about Rewards (R2496: encodings/agora/rewards.lp): "the Arbitor
granted bob's reward for judging CFJ 9911", "bob's reward for authoring proposal 8500 was granted",
"the ADoP granted carol's reward for resolving the referendum on proposal 8500", "... for the report
of event r1", "... for eir thesis for Doctorate of Nomic Law", each with its negation; "bob earned
the reward for ..."; the action "grant bob the reward for judging CFJ 9911"."""

from __future__ import annotations

import re

import clingo

from adjudicator.agora import office_names
from adjudicator.agora.case import solver_int
from adjudicator.agora.office_statements import PT, WHO, Body, _maybe_not
from adjudicator.agora.title_statements import title_name
from adjudicator.solving.terms import atom, fact

CONDITION = (r"(?:the |eir |a )?reward for (?:judging (?:CFJ |case )?#?(?P<cfj>\d+)"
             r"|(?:authoring |eir |the adopted )?proposal #?(?P<proposal>\d+)"
             r"|resolving the referendum on proposal #?(?P<referendum>\d+)"
             r"|(?:publishing )?the report (?:of|in|published in) event (?P<report>[\w.\-]+)"
             r"|(?:eir |the |a )?thesis (?:for|earning) (?:the |a |an )?(?P<degree>.+?))")


def condition_term(m: re.Match, lexicon, where: str) -> clingo.Symbol:
    """The reward condition a phrase names."""
    if m["cfj"]:
        return fact("judging_cfj", solver_int(m["cfj"], where))
    if m["proposal"]:
        return fact("authoring_proposal", solver_int(m["proposal"], where))
    if m["referendum"]:
        return fact("resolving_referendum", solver_int(m["referendum"], where))
    if m["report"]:
        return fact("publishing_report", lexicon.event(m["report"], where))
    return fact("thesis", title_name(m["degree"], where))


def reward_action(low: str, lexicon, where: str, action_term) -> tuple[clingo.Symbol, list, list] | None:
    """The term of a reward action phrase (lower case, one space), or None."""
    m = (re.fullmatch(rf"grant {WHO}'s? {CONDITION}", low, re.I) or re.fullmatch(rf"grant {WHO} {CONDITION}", low, re.I)
         or re.fullmatch(rf"grant {CONDITION} to {WHO}", low, re.I))
    if m:
        who = lexicon.person(m["who"], where)
        return fact("grant_reward", who, condition_term(m, lexicon, where)), [who], []
    return None


def _granted(m, lx, w) -> Body:
    who = lx.person(m["who"], w)
    condition = condition_term(m, lx, w)
    literal = atom("reward_granted_by", who, condition, PT)
    if m.groupdict().get("office"):  # the officer named is the condition's (R2496's list)
        literal = atom("reward_granted_as", who, condition, office_names.office(m["office"], w), PT)
    return Body(_maybe_not(literal, m), [atom("reward_query", who, condition, PT)], persons=[who])


def _earned(m, lx, w) -> Body:
    who = lx.person(m["who"], w)
    condition = condition_term(m, lx, w)
    return Body(_maybe_not(atom("reward_earned_at", who, condition, PT), m), [atom("reward_query", who, condition, PT)],
                persons=[who])


PATTERNS = [
    (re.compile(rf"^the (?P<office>Arbitor|Assessor|ADoP|Associate Director of Personnel|Herald) "
                rf"(?P<neg>granted|has granted|did not grant|has not granted) {WHO}'s? {CONDITION}$", re.I), _granted),
    (re.compile(rf"^{WHO}'s? {CONDITION} (?P<neg>was|has been|was not|has not been) granted$", re.I), _granted),
    (re.compile(rf"^{WHO} (?P<neg>earned|has earned|did not earn|has not earned) {CONDITION}$", re.I), _earned),
]
