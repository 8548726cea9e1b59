"""Pledges (R2450): what is pledged (or pledged not to be done) and for how long."""

from __future__ import annotations

import re
from fractions import Fraction

from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.contract_statements import title_words
from adjudicator.agora.case import solver_int
from adjudicator.agora.statements import action_term
from adjudicator.errors import InputError
from adjudicator.solving.terms import fact


def pledge(build: CaseBuild, at: EventAt) -> None:
    event, e = at.event, at.number
    if not event.action:
        raise InputError(f"{at.context}: a pledge names the action pledged (action: ...)")
    if re.fullmatch(r"(?:violate|break) (?:this|the) pledge", " ".join(event.action.lower().split())):
        action = fact("break_pledge", e)
    else:
        action, _, _ = action_term(event.action, build.lexicon, at.context)
    build.add("act", e, fact("pledge_refrain" if event.refrain else "pledge", action))
    if event.title:  # R2608: a title publicly provided with the pledge
        build.add("pledge_title", e, title_words(event.title))
        build.lexicon.pledges.setdefault(title_words(event.title), set()).add(e)
    if event.window_days is not None:  # R2450's default (60 days) is in pledges.lp
        where = f"{at.context}: window_days"
        days = real_number(event.window_days, where)
        if days.denominator == 1:
            build.add("stated_window", e, solver_int(days.numerator, where))
        else:  # R2509: a real number of days, exactly (numbers.lp)
            build.add("real_number", fact("window", e), solver_int(days.numerator, where),
                      solver_int(days.denominator, where))


def real_number(value: int | float | str, where: str) -> Fraction:
    """A non-negative number as written (R2509: a real number): 30, 0.5, "1/24", "2.5"; exactly."""
    try:
        number = Fraction(str(value).strip())
    except (ValueError, ZeroDivisionError):
        raise InputError(f"{where}: {value!r} is not a number (e.g. 30, 0.5, 1/24)") from None
    if number < 0:
        raise InputError(f"{where}: {value!r} is negative")
    return number


EVENTS = {"pledge": pledge}
