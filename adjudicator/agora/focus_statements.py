"""Ministry Focuses and the Grants of Card Administration in action phrases and statements
(encodings/agora/focuses.lp: R2638, R2624).

Action phrases: `plan to flip eir ministry focus to economy` (R2638), `grant eir focus' grant to
carol` (R2624), `grant the legacy grants to carol` (the Ministor's, carol the player the random draw
chose). Sentence: `bob's ministry focus is legacy` (also `focus`, `is not`); a value that is not
Unfocused or a Ministry is refused naming the nearest."""

from __future__ import annotations

import re

from adjudicator.errors import InputError, excerpt
from adjudicator.names import nearest_names
from adjudicator.solving.terms import Name, Var, atom, fact, negated

PT = Var("PT")
VALUES = ("unfocused", "compliance", "legislation", "economy", "legacy", "participation")


def focus_value(text: str, where: str) -> Name:
    """A value of Ministry Focus (R2638: Unfocused or a Ministry), or refused."""
    spelled = " ".join(str(text).lower().split())
    spelled = re.sub(r"^(?:the )?(?:ministry of )?", "", spelled)
    if spelled in VALUES:
        return Name(spelled)
    raise InputError(f"{where}: {excerpt(str(text))} is not a value of Ministry Focus "
                     f"({nearest_names(spelled, {v: v for v in VALUES})})")


def focus_action(low: str, lexicon, where: str, action_term=None):
    """The typed term of a Focus or Grant phrase, or None if it is not one."""
    m = re.fullmatch(r"plan to flip (?:eir|his|her|their|my) (?:ministry )?focus to (?P<v>.+)", low)
    if m:
        return fact("plan_focus", focus_value(m["v"], where)), [], []
    m = re.fullmatch(r"grant (?:eir|his|her|their|my) (?:ministry )?focus(?:'s?|'s)? grant to (?P<who>.+)", low)
    if m:
        who = lexicon.person(m["who"], where)
        return fact("grant_focus", who), [who], []
    m = re.fullmatch(r"grant the legacy grants? to (?P<who>.+)", low)
    if m:
        who = lexicon.person(m["who"], where)
        return fact("legacy_grant", who), [who], []
    return None


def _focus(m, lexicon, where):
    who = lexicon.person(m["who"], where)
    literal = atom("focus_at", who, focus_value(m["v"], where), PT)
    return dict(literals=[atom("point", PT), negated(literal)] if m["neg"] else [literal],
                facts=[atom("focus_query", who, PT)], persons=[who])


PATTERNS = [
    (re.compile(r"^(?P<who>.+?)'s (?:ministry )?focus (?:is|was) (?P<neg>not )?(?P<v>.+)$", re.I), _focus),
]
