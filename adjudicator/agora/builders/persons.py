"""Persons and the gamestate they start in: entities and persons (R869, R2150), who is registered,
blots, coins, offices, magisters, CFJs and crime classes; registering and deregistering."""

from __future__ import annotations

from adjudicator.agora import office_names
from adjudicator.agora.builders.contracts import contract_names
from adjudicator.agora.builders.entities import add_entity
from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.solving.terms import Name


def entities(build: CaseBuild) -> None:
    """The case's persons and other entities, and the Lost and Found Department (R2576)."""
    gamestate = build.case.gamestate
    for p in gamestate.persons:
        add_entity(build, p, True)
    for x in gamestate.non_persons:
        add_entity(build, x, False)
    if "lost_and_found" not in build.lexicon.persons:
        add_entity(build, "lost_and_found", False)
    build.person_names["lost_and_found"] = "the Lost and Found Department"
    contract_names(build)  # R1742: contracts are entities, named before any event names them


def initial_gamestate(build: CaseBuild) -> None:
    """What holds before the first event."""
    gamestate, where, who = build.case.gamestate, build.where, build.who
    for p in gamestate.players:
        build.add("registered_initially", Name(who(p, f"{where}: gamestate.players")))
    for p, n in gamestate.blots.items():
        build.add("blots_initially", Name(who(p, f"{where}: gamestate.blots")), int(n))
    for p, n in gamestate.coins.items():
        build.add("coins_initially", Name(who(p, f"{where}: gamestate.coins")), int(n))
    for office, holder in gamestate.offices.items():
        build.add("office", office_names.office(office, f"{where}: gamestate.offices"),
                  Name(who(holder, f"{where}: gamestate.offices")))
    for p in gamestate.magisters:
        build.add("magister", Name(who(p, f"{where}: gamestate.magisters")))
    for record in gamestate.cfjs:
        build.add("cfj", record.id, Name(who(record.initiator, f"{where}: gamestate.cfjs")), Name(record.about))
    for rule, klass in gamestate.crime_classes.items():
        build.add("crime_class", int(rule), int(klass))


def register(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, Name("register"))


def deregister(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, Name("deregister"))


EVENTS = {"register": register, "deregister": deregister}
