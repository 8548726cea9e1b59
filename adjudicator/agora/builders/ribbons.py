"""Ribbons and Glitter (R2438, R2602): the Ribbons each person owns when the case begins (and those
e owned before, for White), and the events that award Ribbons and Glitter, raise a Banner, state
an earning the judge cannot derive, acknowledge Agora's Birthday and grant Glitter's coins. What
each achieves is encodings/agora/ribbons.lp's."""

from __future__ import annotations

from adjudicator.agora.builders.claims import ClaimKind, Shape, named, person_term, states, whole_number
from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.ribbon_statements import ribbon_type
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name, fact


def ribbons_at_start(build: CaseBuild) -> None:
    """R2438: the Ribbon Ownership switches that are True when the case begins (and were before)."""
    gamestate = build.case.gamestate
    for field, predicate in (("ribbons", "ribbon_initially"), ("ribbons_formerly", "ribbon_owned_before")):
        where = f"{build.where}: gamestate.{field}"
        for person, kinds in getattr(gamestate, field).items():
            who = Name(build.who(person, where))
            for kind in kinds:
                build.add(predicate, who, ribbon_type(kind, f"{where}.{person}"))


def _kind(at: EventAt, required: bool = True) -> Name:
    if not at.event.ribbon:
        if required:
            raise InputError(f"{at.context}: which type of Ribbon? (ribbon: a colour, e.g. Blue)")
        return Name("unspecified")
    return ribbon_type(at.event.ribbon, at.context)


def _whom(build: CaseBuild, at: EventAt) -> Name:
    if not at.event.to:
        raise InputError(f"{at.context}: awarded to whom? (to:)")
    return Name(build.who(at.event.to, at.context))


def award_ribbon(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, fact("award_ribbon", _kind(at), _whom(build, at)))


def award_glitter(build: CaseBuild, at: EventAt) -> None:
    """R2602: a Glitter award that names no type is INEFFECTIVE (`unspecified`)."""
    build.add("act", at.number, fact("award_glitter", _kind(at, required=False), _whom(build, at)))


def earn_ribbon(build: CaseBuild, at: EventAt) -> None:
    """An earning the case states (a Black Ribbon from a statute, a Red one from a proposal)."""
    build.add("act", at.number, fact("earn_ribbon", _kind(at)))


def grant_glitter(build: CaseBuild, at: EventAt) -> None:
    if at.event.glitter is None:
        raise InputError(f"{at.context}: for which Glitter award? (glitter: its event)")
    build.add("act", at.number, fact("grant_glitter", build.lexicon.event(str(at.event.glitter), at.context)))


def raise_banner(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, Name("raise_banner"))


def acknowledge_birthday(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, Name("acknowledge_birthday"))
    build.add("calendar_asked", fact("ev", at.number))


def ribbon_provision(build: CaseBuild, e: int, key: str, value: object, context: str) -> list | None:
    """An instrument's provision `award ribbon`, `revoke ribbon` or `earn ribbon` ({type: Red, to:
    bob}: R2438's secured switch, R1688; a statute's Black Ribbon), or None for another key."""
    kinds = {"award ribbon": "award_ribbon", "revoke ribbon": "revoke_ribbon", "earn ribbon": "earn_ribbon"}
    if key not in kinds:
        return None
    if not isinstance(value, dict) or not {"type", "to"} <= set(value):
        raise InputError(f"{context}: {key}: give type: (a colour) and to: (the person)")
    kind = ribbon_type(str(value["type"]), context)
    return [fact("provision", e, fact(kinds[key], kind, Name(build.who(str(value["to"]), context))))]


# The Tailor's monthly report's Ribbon Ownership (`ribbons: {bob: [Red, Cyan], ...}`: the types each
# person owns; a person or type not listed is said not to be owned), R2438 with R2162; eir weekly
# report's amount payable for each type of Glitter, in boatloads of coins (`glitter payable: {Red:
# 5, ...}`), R2602
CLAIMS = (
    ClaimKind(("ribbons", "ribbon ownership", "ribbons owned"), Shape.MAP_OF_LISTS,
              "the types each person owns (person: [type, ...])", named(ribbon_type), "report_ribbon", key=person_term,
              stated=states("report_states_ribbons")),
    ClaimKind(("glitter payable", "amounts payable", "glitter amounts", "amount payable for each type of glitter"),
              Shape.MAP, "each type's amount, in boatloads (type: number)", whole_number, "report_glitter",
              key=named(ribbon_type), stated=states("report_states_glitter")),
)


EVENTS = {
    "award-ribbon": award_ribbon,
    "award-glitter": award_glitter,
    "earn-ribbon": earn_ribbon,
    "grant-glitter": grant_glitter,
    "raise-banner": raise_banner,
    "acknowledge-birthday": acknowledge_birthday,
}
