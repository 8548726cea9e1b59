"""Rewards (R2496): the officer's grant of a reward to a player (`grant-reward`, `to:` the player, and
the condition: `cfj:` the CFJ e judged, `proposal:` the adopted proposal e authored, `referendum:`
the proposal whose referendum e resolved, `report:` the event that published eir report, `title:`
the degree awarded for eir thesis), and a referendum resolved by its vote collector as the case
records it (`resolve-referendum`: `proposal:`, `outcome:`, `for:` and `against:` the valid ballots,
`author:`, `coauthors:`, `sponsored:`, `power:` the greatest Power of the rules the proposal changes,
before or after, where the case gives it: R2438's Red Ribbon). Whether a condition holds and who CAN grant is
encodings/agora/rewards.lp's; the resolution itself is the case's record (`agora resolve` decides
decisions)."""

from __future__ import annotations


import clingo

from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.rules import power_units
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.case import solver_int
from adjudicator.agora.title_statements import title_name
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name, fact

CONDITIONS = ("cfj: the CFJ judged, proposal: the adopted proposal authored, referendum: the proposal whose "
              "referendum was resolved, report: the event publishing the report, title: the degree of the thesis")
OUTCOMES = {"ADOPTED": "adopted", "REJECTED": "rejected", "FAILED QUORUM": "failed_quorum", "NULL": "null"}


def reward_condition(build: CaseBuild, at: EventAt) -> clingo.Symbol:
    """The reward condition a grant names (exactly one of its fields)."""
    event = at.event
    given = {key: value for key, value in (("cfj", event.cfj), ("proposal", event.proposal),
                                           ("referendum", event.referendum), ("report", event.report),
                                           ("title", event.title)) if value is not None}
    if len(given) != 1:
        raise InputError(f"{at.context}: a reward for which condition? (one of {CONDITIONS})")
    (key, value), = given.items()
    if key == "cfj":
        return fact("judging_cfj", int(value))
    if key == "proposal":
        return fact("authoring_proposal", solver_int(value, f"{at.context}: proposal"))
    if key == "referendum":
        return fact("resolving_referendum", solver_int(value, f"{at.context}: referendum"))
    if key == "report":
        return fact("publishing_report", build.lexicon.event(str(value), f"{at.context}: report"))
    return fact("thesis", title_name(str(value), f"{at.context}: title"))


def grant_reward(build: CaseBuild, at: EventAt) -> None:
    """R2496: grant the player (`to:`) the reward for a condition."""
    if not at.event.to:
        raise InputError(f"{at.context}: grant whose reward? (to: the player)")
    build.add("act", at.number, fact("grant_reward", Name(build.who(at.event.to, at.context)), reward_condition(build, at)))


def resolve_referendum(build: CaseBuild, at: EventAt) -> None:
    """The case records that its actor resolved the referendum on a proposal (R2496, R2438)."""
    event, where = at.event, at.context
    if event.proposal is None:
        raise InputError(f"{where}: the referendum on which proposal? (proposal: its number)")
    outcome = OUTCOMES.get(str(event.outcome or "").strip().upper())
    if outcome is None:
        raise InputError(f"{where}: outcome {event.outcome!r}? (one of {', '.join(OUTCOMES)})")
    if event.votes_for is None or event.votes_against is None:
        raise InputError(f"{where}: how many valid ballots? (for: and against:, after evaluating conditionals)")
    if not event.author:
        raise InputError(f"{where}: whose proposal? (author:)")
    if outcome == "adopted" and event.sponsored is None:
        raise InputError(f"{where}: was the proposal sponsored? (sponsored: true or false)")
    number = solver_int(event.proposal, f"{where}: proposal")
    build.add("act", at.number, fact("resolve_referendum", number, Name(outcome)))
    build.add("referendum_ballots", at.number, event.votes_for, event.votes_against)
    build.add("referendum_author", number, Name(build.who(event.author, where)))
    for person in event.coauthors:
        build.add("referendum_coauthor", number, Name(build.who(person, f"{where}: coauthors")))
    if event.sponsored:
        build.add("referendum_sponsored", number)
    if event.power is not None:  # the greatest Power of the rules it changes, before or after (R2438 Red)
        build.add("referendum_power", number, power_units(event.power, f"{where}: power"))




def reward_calendar(build: CaseBuild) -> None:
    """Each year's first instant, where a reward may be for a monthly report (R2496: the month of a
    report, culture.lp's calendar) and no other notion gave them."""
    text = "\n".join(build.program)
    if build.epoch is None or "cal_year_start(" in text or not ("grant_reward(" in text or "reward_query(" in text):
        return
    build.add_year_starts()


EVENTS = {"grant-reward": grant_reward, "resolve-referendum": resolve_referendum}
