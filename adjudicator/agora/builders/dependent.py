"""Dependent actions (R1728, R2595): the methods as terms, and the events of announcing an intent,
supporting or objecting to it (and withdrawing that), performing it, publishing its list."""

from __future__ import annotations

import re
from decimal import Decimal

import clingo

from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.case import solver_int
from adjudicator.agora.statements import action_term
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name, fact


def method_term(text: str, where: str) -> clingo.Symbol:
    """R1728's methods as terms."""
    low = " ".join(str(text).lower().split())
    if low in ("without objection", "without objections"):
        return fact("without_objections", 1)
    m = re.fullmatch(r"without (\d+) objections?", low)
    if m:  # whether N is in R1728's range is the encoding's (dependent.lp)
        return fact("without_objections", solver_int(m.group(1), where))
    if low in ("with support",):
        return fact("with_support", 1)
    m = re.fullmatch(r"with (\d+) support(?:ers)?", low)
    if m:
        return fact("with_support", solver_int(m.group(1), where))
    if low in ("with agoran consent",):
        return fact("agoran_consent", 10)
    m = re.fullmatch(r"with ([\d.]+) agoran consent", low)
    if m:
        n10 = Decimal(m.group(1)) * 10
        if n10 != n10.to_integral_value():  # the solver counts tenths; N >= 1 is checked in dependent.lp
            raise InputError(f"{where}: R1728: N in 'with N Agoran consent' is a multiple of 0.1")
        return fact("agoran_consent", solver_int(int(n10), where))
    if low == "with notice":
        return fact("notice")
    m = re.fullmatch(r"with (\d+) (day|days|hour|hours) notice", low)
    if m:
        minutes = solver_int(int(m.group(1)) * (1440 if m.group(2).startswith("day") else 60), where)
        return fact("t_notice", minutes)
    raise InputError(f"{where}: {text!r} is not a dependent-action method of R1728 "
                     "(without N objections, with N support, with N Agoran consent, with notice, with T notice)")


def intend(build: CaseBuild, at: EventAt) -> None:
    event, e = at.event, at.number
    if not event.action or not event.method:
        raise InputError(f"{at.context}: an announcement of intent needs action and method")
    action, _, _ = action_term(event.action, build.lexicon, at.context)
    build.add("act", e, Name("intend"))
    build.add("intent_action", e, action)
    build.add("intent_method", e, method_term(event.method, at.context))
    for p in event.players:
        build.add("intent_target", e, Name(build.who(p, at.context)))
    if event.target:
        build.add("intent_target", e, Name(build.who(event.target, at.context)))
    if event.conditions_unmet:
        build.add("conditions_unmet", e)


def support_or_object(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, fact(at.kind, at.intent(build)))


def withdraw(build: CaseBuild, at: EventAt) -> None:
    which = "support" if at.kind.endswith("support") else "object"
    build.add("act", at.number, fact("withdraw", Name(which), at.intent(build)))


def perform(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, fact("perform", at.intent(build)))


def publish_list(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, fact("publish_list", at.intent(build)))


EVENTS = {
    "intend": intend, "support": support_or_object, "object": support_or_object,
    "withdraw-support": withdraw, "withdraw-objection": withdraw, "perform": perform, "publish-list": publish_list,
}
