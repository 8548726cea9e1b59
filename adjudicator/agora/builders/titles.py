"""Patent titles, tournaments and Agora's calendar (R649, R2415, R1367, R2231, R2581, R2582; R2464,
R2566, R2495; R2327, R1727, R1769, R1789, R2480): the titles the case begins with, the events that
award them, initiate or conclude tournaments, submit a Cantus Cygneus, flip Festivity, and the
first instant of each year near the case (the calendar culture.lp reads dates with). What each
achieves is encodings/agora/titles.lp's, tournaments.lp's and culture.lp's."""

from __future__ import annotations

import re

from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.title_statements import title_name, tournament_name
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name, fact

YEAR = re.compile(r"^(?P<base>.+?)_(?P<year>\d{4})$")


def _title_facts(build: CaseBuild, title: Name) -> None:
    """R2415: a badge has 'badge' in its name; R2582: an annual award's full name ends with its year."""
    if "badge" in str(title):
        build.add("badge", title)
    m = YEAR.match(str(title))
    if m:
        build.add("title_base", title, Name(m["base"]))


def _title(at: EventAt) -> Name:
    if not at.event.title:
        raise InputError(f"{at.context}: which patent title? (title:)")
    return title_name(at.event.title, at.context)


def award_title(build: CaseBuild, at: EventAt) -> None:
    if not at.event.to:
        raise InputError(f"{at.context}: awarded to whom? (to:)")
    build.add("act", at.number, fact("award_title", _title(at), Name(build.who(at.event.to, at.context))))


def award_badge(build: CaseBuild, at: EventAt) -> None:
    """R2415: a new badge awarded to several persons at once (`players:`)."""
    build.add("act", at.number, fact("award_badge", _title(at)))
    for person in at.event.players:
        build.add("badge_awardee", at.number, Name(build.who(person, at.context)))


def _tournament(at: EventAt) -> Name:
    if not at.event.title:
        raise InputError(f"{at.context}: which tournament? (title: its name)")
    return tournament_name(at.event.title, at.context)


def _tournament_act(name: str):
    def builder(build: CaseBuild, at: EventAt) -> None:
        build.add("act", at.number, fact(name, _tournament(at)))
    return builder


def tournament_winner(build: CaseBuild, at: EventAt) -> None:
    if not at.event.to:
        raise InputError(f"{at.context}: who won the tournament? (to:)")
    build.add("act", at.number, fact("tournament_winner", _tournament(at), Name(build.who(at.event.to, at.context))))


def _person_act(name: str):
    def builder(build: CaseBuild, at: EventAt) -> None:
        if not at.event.to:
            raise InputError(f"{at.context}: whom? (to:)")
        build.add("act", at.number, fact(name, Name(build.who(at.event.to, at.context))))
    return builder


def cantus_cygneus(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, Name("cantus_cygneus"))


def propose_birthday_regulations(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, Name("propose_birthday_regulations"))


def flip_festivity(build: CaseBuild, at: EventAt) -> None:
    if at.event.amount is None:
        raise InputError(f"{at.context}: to which Festivity? (amount:)")
    build.add("act", at.number, fact("flip", Name("festivity"), Name("agora"), int(at.event.amount)))


EVENTS = {
    "award-title": award_title,
    "award-badge": award_badge,
    "initiate-tournament": _tournament_act("initiate_tournament"),
    "conclude-tournament": _tournament_act("conclude_tournament"),
    "tournament-winner": tournament_winner,
    "delegate-tournament": _person_act("delegate_tournament"),
    "cantus-cygneus": cantus_cygneus,
    "writ-of-fage": _person_act("writ_of_fage"),
    "flip-festivity": flip_festivity,
    "propose-birthday-regulations": propose_birthday_regulations,
}

_CALENDAR_WORDS = ("calendar_asked(", "award_title(", "initiate_tournament(", "levy_fine(")  # R1769: a Holiday's deadline


def titles_and_calendar(build: CaseBuild) -> None:
    """The case's patent titles; R2495's Birthday Tournament by name; each year's first instant
    where a rule or statement reads a date (culture.lp)."""
    gamestate, where = build.case.gamestate, build.where
    for person, titles in gamestate.titles.items():
        who = Name(build.who(person, f"{where}: gamestate.titles"))
        for text in titles:
            build.add("title_initially", who, title_name(text, f"{where}: gamestate.titles"))
    text = "\n".join(build.program)
    named = set(re.findall(r"award_(?:title|badge)\((\w+)", text)) | set(re.findall(r"title_initially\(\w+,(\w+)\)", text))
    for title in sorted(named):  # every title an event, an intent or the gamestate names
        _title_facts(build, Name(title))
    for name in sorted(set(re.findall(r"(?:initiate|conclude|amend)_tournament\((\w+)\)", text))):
        if "birthday" in name:
            build.add("birthday_tournament", Name(name))
    monthly = "reports_from(" in text and ("ministor" in text or "herald" in text)  # R2636's, R2495's duties
    if build.epoch is None or not (monthly or any(word in text for word in _CALENDAR_WORDS)):
        return
    build.add_year_starts()
