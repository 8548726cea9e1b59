"""Player Focuses and Card Administration (R2638, R2624: encodings/agora/focuses.lp): the events
`plan-focus` (`value:` the Ministry, or Unfocused), `grant-focus` (`to:` the player granted the
Focus' Grant) and `legacy-grant` (the Ministor's; `to:` the player the random draw chose)."""

from __future__ import annotations


from adjudicator.agora.builders.claims import ClaimKind, Shape, named, person_term, states
from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.focus_statements import focus_value
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name, fact


def _to(build: CaseBuild, at: EventAt) -> Name:
    if not at.event.to:
        raise InputError(f"{at.context}: a {at.kind} event needs to (the player)")
    return Name(build.who(at.event.to, at.context))


def plan(build: CaseBuild, at: EventAt) -> None:
    if not at.event.value:
        raise InputError(f"{at.context}: a plan-focus event needs value (a Ministry, or Unfocused)")
    build.add("act", at.number, fact("plan_focus", focus_value(at.event.value, at.context)))


def grant(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, fact("grant_focus", _to(build, at)))


def legacy(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, fact("legacy_grant", _to(build, at)))


# The Ministor's monthly report's Ministry Focuses (`focuses: {bob: Legacy, ...}`: each active
# player's Focus that is not Unfocused), R2638
CLAIMS = (ClaimKind(("focuses", "ministry focuses", "focus", "ministry focus"), Shape.MAP,
                    "each player's Focus (player: Ministry)", named(focus_value), "report_focus", key=person_term,
                    stated=states("report_states_focuses")),)


EVENTS = {"plan-focus": plan, "grant-focus": grant, "legacy-grant": legacy}
MONTHLY = ("plan_focus(", "grant_focus(", "legacy_grant(", "focus_query(", "report_states_focuses(")


def focus_calendar(build: CaseBuild) -> None:
    """Each year's first instant, where a Focus or a Grant reads the month (R2638, R2624) and no
    other notion gave them (culture.lp's calendar)."""
    text = "\n".join(build.program)
    if build.epoch is None or "cal_year_start(" in text or not any(word in text for word in MONTHLY):
        return
    build.add_year_starts()
