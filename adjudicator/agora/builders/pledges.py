"""Pledges (R2450): what is pledged (or pledged not to be done) and for how long."""

from __future__ import annotations

import re

from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.state import CaseBuild
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
    if event.window_days is not None:  # R2450's default (60 days) is in pledges.lp
        build.add("stated_window", e, solver_int(event.window_days, f"{at.context}: window_days"))


EVENTS = {"pledge": pledge}
