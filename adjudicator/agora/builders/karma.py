"""Karma (R2510): each person's (and Agora's) karma when the case begins (`gamestate.karma`), and
Notices of Honour (`notice-of-honour`: `to:` the player or Agora to gain karma, `from:` the one to
lose it, `reasons:` the reason given for each, `{to: ..., from: ...}`, one left out where the notice
gives none). Whether a notice is valid and what karma and positions in Court follow is
encodings/agora/karma.lp's."""

from __future__ import annotations


from adjudicator.agora.builders.claims import ClaimKind, Shape, named, person_term, states, whole_number
from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.karma_statements import court_position
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name, fact

WORDS = ("notice_of_honour(", "karma_initially(", "karma_query(", "court_query(")


def karma_at_start(build: CaseBuild) -> None:
    """R2510: the karma of each instance the case gives (R2509: the others are 0); and each year's
    first instant, where karma is used (its quarters, culture.lp's calendar), unless another notion gave them."""
    where = f"{build.where}: gamestate.karma"
    for holder, value in build.case.gamestate.karma.items():
        build.add("karma_initially", Name(build.who(holder, where)), int(value))
    text = "\n".join(build.program)
    if build.epoch is None or "cal_year_start(" in text or not any(word in text for word in WORDS):
        return
    build.add_year_starts()


def notice_of_honour(build: CaseBuild, at: EventAt) -> None:
    """R2510: a Notice of Honour, with the reasons it gives."""
    event, where = at.event, at.context
    if not event.to or not event.from_:
        raise InputError(f"{where}: a Notice of Honour names who gains karma (to:) and who loses it (from:)")
    if event.reasons is None:
        raise InputError(f"{where}: what reasons does the notice give? (reasons: {{to: ..., from: ...}}; leave one "
                         "out where the notice gives none)")
    unknown = sorted(set(event.reasons) - {"to", "from"})
    if unknown:
        raise InputError(f"{where}: reasons: {unknown[0]!r}? (the reasons are keyed to: and from:)")
    build.add("act", at.number, fact("notice_of_honour", Name(build.who(event.to, where)),
                                     Name(build.who(event.from_, where))))
    for key, side in (("to", "gain"), ("from", "lose")):
        if str(event.reasons.get(key) or "").strip():
            build.add("notice_reason", at.number, Name(side))


# The Herald's report's karma (`karma: {bob: 3}`) and positions in Court (`positions in Court: {bob:
# [Samurai, Shogun]}`), R2510
CLAIMS = (
    ClaimKind(("karma",), Shape.MAP, "each person's (or Agora's) karma (name: integer)", whole_number, "report_karma",
              key=person_term, stated=states("report_states_karma")),
    ClaimKind(("positions in court", "court", "court positions"), Shape.MAP_OF_LISTS,
              "each player's positions (player: [Samurai, Shogun])", named(court_position), "report_court",
              key=person_term, stated=states("report_states_court")),
)


EVENTS = {"notice-of-honour": notice_of_honour}
