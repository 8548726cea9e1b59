"""Offices and switches over time (R1006, R2162): the holders and switch values the case begins
with, interim offices, and the events that change holders: resigning, elections (R2154),
appointments (R103), consent, deputisation (R2160). What each event achieves is
encodings/agora/offices.lp's; here names are resolved (an unknown office or switch is refused,
naming the nearest known ones) and written as facts."""

from __future__ import annotations

import clingo

from adjudicator.agora import office_names
from adjudicator.agora.builders.contracts import consented_action
from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.case import parse_time
from adjudicator.agora.office_statements import interest_list
from adjudicator.agora.statements import action_term
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name, fact


def instance_of(build: CaseBuild, switch: Name, text: str, where: str) -> Name | int:
    """An instance of a switch: an office for Officeholder, a CFJ's number for Judge (R991), a
    contract for Donation Level (R2631), a person for a person switch."""
    if str(switch) in ("officeholder", "complexity", "ministry_interest"):
        return office_names.office(text, where)
    if str(switch) == "festivity":
        return Name("agora")
    if str(switch) == "judge":
        from adjudicator.agora.cfj_statements import cfj_number

        return cfj_number(text, where)
    if str(switch) == "donation_level":
        from adjudicator.agora.contract_statements import contract

        return contract(text, build.lexicon, where)
    return build.who(text, where)


def value_of(build: CaseBuild, switch: Name, text: object, where: str) -> Name | int | clingo.Symbol:
    """A switch's value: a named value, a person (Officeholder, Judge), a number (Donation Level) or
    a list of ministries (Ministry Interest)."""
    if str(switch) == "ministry_interest":
        return interest_list(text, where)
    if str(switch) in ("donation_level", "complexity", "festivity") and str(text).strip().isdecimal():
        return int(str(text).strip())
    person = (lambda t, w: build.who(t, w)) if str(switch) in ("officeholder", "judge") else None
    return office_names.switch_value(switch, text, where, person)


def administrative_regulations(build: CaseBuild) -> None:
    """R2630: `administrative_regulations: {herald: {authorize: [award the patent title Champion to
    bob], forbid: [...]}}`, each an action phrase of the statement language."""
    for office_text, says in build.case.gamestate.administrative_regulations.items():
        where = f"{build.where}: gamestate.administrative_regulations.{office_text}"
        office = office_names.office(office_text, where)
        build.add("regulation_initially", office)
        for kind, phrases in says.items():
            for phrase in phrases:
                term, _persons, _rules = action_term(phrase, build.lexicon, f"{where}.{kind}")
                build.add("regulation_says", office, Name(kind), term)


def offices_and_switches(build: CaseBuild) -> None:
    """Interim offices, switch values, Administrative Regulations and the start of the case's
    record of reports."""
    gamestate, where = build.case.gamestate, build.where
    administrative_regulations(build)
    for text in gamestate.interim_offices:
        build.add("interim_initially", office_names.office(text, f"{where}: gamestate.interim_offices"))
    for switch_text, values in gamestate.switches.items():
        context = f"{where}: gamestate.switches"
        switch = office_names.switch(switch_text, context)
        if str(switch) == "citizenship":
            raise InputError(f"{context}: Citizenship is given by gamestate.players (R869: a registered person is a player)")
        if not isinstance(values, dict):
            raise InputError(f"{context}: {switch_text}: give each instance's value (instance: value)")
        for instance, value in values.items():
            build.add("switch_initially", switch, instance_of(build, switch, instance, context),
                      value_of(build, switch, str(value), context))
    if gamestate.reports_from is not None:
        moment = parse_time(gamestate.reports_from, f"{where}: gamestate.reports_from")
        build.add("reports_from", build.minutes(moment))


def _office(at: EventAt) -> Name:
    if not at.event.office:
        raise InputError(f"{at.context}: which office? (office:)")
    return office_names.office(at.event.office, at.context)


def _person(build: CaseBuild, at: EventAt) -> Name:
    if not at.event.to:
        raise InputError(f"{at.context}: who? (to: the person)")
    return Name(build.who(at.event.to, at.context))


def _office_act(name: str):
    def builder(build: CaseBuild, at: EventAt) -> None:
        build.add("act", at.number, fact(name, _office(at)))
    return builder


def _office_person_act(name: str):
    def builder(build: CaseBuild, at: EventAt) -> None:
        build.add("act", at.number, fact(name, _office(at), _person(build, at)))
    return builder


def consent(build: CaseBuild, at: EventAt) -> None:
    """R2519 item 1: a statement of agreement, to holding an office (`office:`) or to an action (`action:`)."""
    if at.event.office or not at.event.action:
        build.add("act", at.number, fact("consent", fact("office", _office(at))))
        return
    build.add("act", at.number, fact("consent", consented_action(build, at)))


def deputy_action(build: CaseBuild, at: EventAt, office: Name):
    """What a deputy performs: the office's report, or an action phrase."""
    if at.event.action is None:
        return fact("publish_report", office)
    action, _, _ = action_term(at.event.action, build.lexicon, at.context)
    return action


def deputise(build: CaseBuild, at: EventAt) -> None:
    office = _office(at)
    build.add("act", at.number, fact("deputise", office, deputy_action(build, at, office)))
    if at.event.deputise == "temporary":
        build.add("deputise_temporary", at.number)


def intend_deputise(build: CaseBuild, at: EventAt) -> None:
    office = _office(at)
    build.add("act", at.number, fact("intend_deputise", office, deputy_action(build, at, office)))


def _person_act(name: str):
    def builder(build: CaseBuild, at: EventAt) -> None:
        build.add("act", at.number, fact(name, _person(build, at)))
    return builder


def no_confidence(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, Name("no_confidence"))


def _office_switch_flip(switch: str):
    """R2632, R2637: flip an office switch (`office`, `amount` for Complexity, `action` naming a ministry)."""
    def builder(build: CaseBuild, at: EventAt) -> None:
        office = _office(at)
        raw = at.event.amount if switch == "complexity" else at.event.action
        if raw is None:
            raise InputError(f"{at.context}: to which value? ({'amount' if switch == 'complexity' else 'action'}:)")
        build.add("act", at.number, fact("flip", Name(switch), office, value_of(build, Name(switch), str(raw), at.context)))
    return builder


ORDERS = ("certiorari", "dive", "manifesto")


def cabinet_order(build: CaseBuild, at: EventAt) -> None:
    """R2451: `judgement:` the order (Certiorari with `cfj`, Dive with `perp`, Manifesto with `action`)."""
    kind = str(at.event.judgement or "").strip().lower()
    if kind not in ORDERS:
        raise InputError(f"{at.context}: which Cabinet Order? (judgement: Certiorari, Dive or Manifesto; R2451)")
    if kind == "certiorari":
        if at.event.cfj is None:
            raise InputError(f"{at.context}: Certiorari on which case? (cfj:)")
        target = int(at.event.cfj)
    elif kind == "dive":
        if not at.event.perp:
            raise InputError(f"{at.context}: Dive on whom? (perp:)")
        target = Name(build.who(at.event.perp, at.context))
    else:
        target = Name("proposal")
    build.add("act", at.number, fact("cabinet_order", Name(kind), target))


EVENTS = {
    "resign": _office_act("resign"),
    "initiate-election": _office_act("initiate_election"),
    "become-candidate": _office_act("become_candidate"),
    "withdraw-candidacy": _office_act("withdraw_candidacy"),
    "end-election": _office_act("end_election"),
    "declare-winner": _office_person_act("declare_winner"),
    "resolve-election": _office_person_act("resolve_election"),
    "appoint": _office_person_act("appoint"),
    "consent": consent,
    "deputise": deputise,
    "intend-deputise": intend_deputise,
    "demand-resignation": _person_act("demand_resignation"),
    "impeach": _office_act("impeach"),
    "no-confidence": no_confidence,
    "resign-appoint": _office_person_act("resign_appoint"),
    "vacate": _office_act("vacate"),
    "flip-complexity": _office_switch_flip("complexity"),
    "flip-interest": _office_switch_flip("ministry_interest"),
    "adopt-regulations": _office_act("adopt_regulations"),
    "repeal-regulations": _office_act("repeal_regulations"),
    "cabinet-order": cabinet_order,
}
