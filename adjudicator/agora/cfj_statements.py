"""Statements and action phrases about the CFJ procedure (encodings/agora/cfjs.lp): "CFJ 3900 is
assigned to alice", "CFJ 3900 is open" / "suspended" / "judged TRUE", "alice's judgement of CFJ 3900
was delivered in time", "CFJ 3900 is an excess case", and the actions "call CFJ 3900", "assign CFJ
3900 to alice", "judge CFJ 3900", "extend CFJ 3900", "reconsider CFJ 3900", "enter CFJ 3900 into
Moot", "retract CFJ 3900", "refuse CFJ 3900", "recuse from CFJ 3900", "recuse the judge of CFJ 3900"
(for "X CAN ..." and intents). A judgement is one of R591's; any other word is refused."""

from __future__ import annotations

import re

import clingo

from adjudicator.agora.office_statements import NEG, PT, WHO, Body, _maybe_not
from adjudicator.errors import InputError, excerpt
from adjudicator.names import nearest_names
from adjudicator.solving.terms import Name, atom, fact, function

CFJ = r"(?:the )?CFJ #?(?P<cfj>\d+)"
JUDGEMENTS = ("FALSE", "TRUE", "IRRELEVANT", "INSUFFICIENT", "DISMISS", "PARADOXICAL")
MOOT_OUTCOMES = ("AFFIRM", "REMAND", "REMIT")


def word(text: str, known: tuple[str, ...], what: str, where: str) -> Name:
    """One of `known` (any case), as an ASP constant, or refused naming the nearest."""
    spelled = str(text).strip().upper()
    if spelled in known:
        return Name(spelled.lower())
    raise InputError(f"{where}: {excerpt(str(text).strip())} is not {what} ({nearest_names(spelled, known)})")


def cfj_number(text: str, where: str) -> int:
    from adjudicator.agora.case import solver_int

    return solver_int(str(text).lstrip("#"), where)


_SIMPLE = {"call": "call_cfj", "initiate": "call_cfj", "judge": "deliver_judgement", "extend": "extend_cfj",
           "reconsider": "reconsider_cfj", "retract": "retract_cfj", "refuse": "refuse_cfj"}


def cfj_action(low: str, lexicon, where: str, action_term) -> tuple[clingo.Symbol, list, list] | None:
    """The term of a CFJ action phrase (lower case), or None if it is not one."""
    m = re.fullmatch(r"(call|initiate|judge|extend|reconsider|retract|refuse) (?:the )?cfj #?(\d+)", low)
    if m:
        return fact(_SIMPLE[m[1]], cfj_number(m[2], where)), [], []
    m = re.fullmatch(r"assign (?:the )?cfj #?(\d+) to (.+)", low)
    if m:
        who = lexicon.person(m[2], where)
        return fact("assign_cfj", cfj_number(m[1], where), who), [who], []
    m = re.fullmatch(r"enter (?:the judgement of )?(?:the )?cfj #?(\d+) into moot", low)
    if m:
        return fact("moot_cfj", cfj_number(m[1], where)), [], []
    m = re.fullmatch(r"recuse (?:emself |oneself |myself )?from (?:the )?cfj #?(\d+)", low)
    if m:
        return fact("recuse_cfj", cfj_number(m[1], where)), [], []
    m = re.fullmatch(r"recuse the judge of (?:the )?cfj #?(\d+)", low)
    if m:
        return fact("recuse_judge", cfj_number(m[1], where)), [], []
    return None


def _asked(c: int) -> list:
    return [atom("cfj_asked", c)]


def _assigned(m, lx, w) -> Body:
    c, who = cfj_number(m["cfj"], w), lx.person(m["who"], w)
    return Body(_maybe_not(atom("assigned_to", c, who, PT), m), _asked(c), persons=[who])


def _status(m, lx, w) -> Body:
    c, state = cfj_number(m["cfj"], w), m["state"].strip()
    if state.lower() in ("open", "suspended"):
        status = Name(state.lower())
    else:
        verdict = re.fullmatch(r"judged (\w+)", state, re.I)
        if not verdict:
            raise InputError(f"{w}: {excerpt(state)}: say open, suspended or judged <judgement>")
        status = function("judged", word(verdict[1], JUDGEMENTS, "a judgement of R591", w))
    return Body(_maybe_not(atom("cfj_is", c, status, PT), m), _asked(c))


def _in_time(m, lx, w) -> Body:
    c, who = cfj_number(m["cfj"], w), lx.person(m["who"], w)
    return Body(_maybe_not(atom("judged_in_time", c, who), m), _asked(c), persons=[who])


def _interested(m, lx, w) -> Body:
    who = lx.person(m["who"], w)
    return Body(_maybe_not(atom("interested_at", who, PT), m), [atom("interest_asked", who)], persons=[who])


def _excess(m, lx, w) -> Body:
    c = cfj_number(m["cfj"], w)
    return Body(_maybe_not(atom("excess_case", c), m), _asked(c))


PATTERNS = [
    (re.compile(rf"^{CFJ} (?:is|was|has been){NEG} assigned to {WHO}$", re.I), _assigned),
    (re.compile(rf"^{CFJ} (?:is|was){NEG} an excess case$", re.I), _excess),
    (re.compile(rf"^{WHO} (?:is|was){NEG} interested in judging$", re.I), _interested),
    (re.compile(rf"^{CFJ} (?:is|was){NEG} (?P<state>open|suspended|judged \w+)$", re.I), _status),
    (re.compile(rf"^{WHO}'s judgement (?:of|on|in) {CFJ} (?:was|is){NEG} delivered (?:in time|on time|in a timely fashion)$",
                re.I), _in_time),
]
