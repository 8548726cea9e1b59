"""The contents of the Treasuror's, the Registrar's and a recordkeepor's reports (R2456, R2139,
R2166: encodings/agora/reports.lp), as a report's `claims:` give them: `asset classes: [coins,
blots, ...]`, an asset's holdings `coins: {bob: 5}` or `stones: {Power Stone: bob}`, `became
players: {bob: 2020-11-02}`. Called by builders/reports.py for each claim before the switches'."""

from __future__ import annotations

import re
from datetime import datetime, timezone

from adjudicator.agora.asset_statements import asset
from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.rulekeeping import claim as rulekeeping_claim
from adjudicator.agora.builders.cfjs import interest_claim
from adjudicator.agora.builders.karma import karma_claim
from adjudicator.agora.builders.ribbons import glitter_claim
from adjudicator.agora.builders.focuses import focus_claim
from adjudicator.agora.builders.regulations import regulation_claim
from adjudicator.agora.builders.state import CaseBuild, one_line
from adjudicator.agora.case import parse_time, solver_int
from adjudicator.agora.report_statements import asset_class_name
from adjudicator.agora.stone_statements import SHAPES, stone
from adjudicator.agora.cfj_statements import JUDGEMENTS, cfj_number, word
from adjudicator.agora.contract_statements import contract, pledge_event, title_words
from adjudicator.agora.builders.contracts import contract_provisions
from adjudicator.agora.builders.promises import promise_text_words
from adjudicator.agora.title_statements import title_name
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name

CLASSES = re.compile(r"(?:the )?(?:list of )?(?:all )?(?:public )?(?:asset classes|classes of assets)")
DATES = re.compile(r"(?:became players|registration dates|dates (?:of )?(?:registration|becoming players))")


WEBMASTOR_LOGS = {"directory": "directory", "changelog": "changelog", "warning log": "warning_log",
                  "error log": "error_log"}
FORMER = re.compile(r"(?:the )?former players")
TITLES = re.compile(r"(?:the )?patent titles")


def _former_players(build: CaseBuild, at: EventAt, values: object, where: str) -> None:
    """R2139: `former players: {bob: {registered: 2020-01-02, deregistered: 2020-03-04}}`."""
    if not isinstance(values, dict):
        raise InputError(f"{where}: each former player's dates (player: {{registered: date, deregistered: date}})")
    build.add("report_states_former", at.number)
    for person, dates in values.items():
        if not isinstance(dates, dict) or not set(map(str, dates)) <= {"registered", "deregistered"}:
            raise InputError(f"{where}.{person}: give registered: and deregistered: dates")
        for what, day in dates.items():
            moment = parse_time(day, f"{where}.{person}.{what}").astimezone(timezone.utc)
            start = datetime(moment.year, moment.month, moment.day, tzinfo=timezone.utc)
            build.add("report_former", at.number, Name(build.who(str(person), where)), Name(str(what)), build.minutes(start))


def _patent_titles(build: CaseBuild, at: EventAt, values: object, where: str) -> None:
    """R649: `patent titles: {bob: [Champion, Scamster]}` (each person's titles)."""
    if not isinstance(values, dict):
        raise InputError(f"{where}: each person's patent titles (person: [title, ...])")
    build.add("report_states_titles", at.number)
    for person, titles in values.items():
        for text in (titles if isinstance(titles, list) else [titles]):
            build.add("report_title", at.number, Name(build.who(str(person), where)), title_name(str(text), where))


def _mapping(values: object, where: str, shape: str) -> dict:
    if not isinstance(values, dict):
        raise InputError(f"{where}: {shape}")
    return values


def _notary_pledges(build: CaseBuild, e: int, values: object, where: str) -> None:
    """R2608: `pledges: {<title or event>: {creator: bob, window: 60, created: 2020-01-01, expires:
    2020-03-01, title: ...}}` (or just the creator); a title the pledge was not given names its pledge
    with `event:` (the Notary's selection)."""
    build.add("report_states_pledges", e)
    for key, about in _mapping(values, where, "each pledge by its title or event (title: creator)").items():
        about = about if isinstance(about, dict) else {"creator": about}
        if not set(map(str, about)) <= {"creator", "expires", "title", "event", "window", "created"} or "creator" not in about:
            raise InputError(f"{where}.{key}: give creator: (and expires:, window:, created:, title: or event:)")
        context = f"{where}.{key}"
        if "event" in about:  # the key is the title the report gives the pledge of that event
            event, title = build.lexicon.event(str(about["event"]), context), title_words(str(key))
            build.lexicon.pledges.setdefault(title, set()).add(event)
        else:
            event = pledge_event(build.lexicon, str(key), context)
            given = title_words(str(key)) if title_words(str(key)) in build.lexicon.pledges else None
            title = title_words(str(about["title"])) if "title" in about else given
        expiry = build.minutes(parse_time(about["expires"], context)) if "expires" in about else Name("none")
        build.add("report_pledge", e, event, Name(build.who(str(about["creator"]), where)), expiry)
        if title is not None:
            build.add("report_pledge_title", e, event, title)
        if "window" in about:  # R2608: the time window, in days
            build.add("report_pledge_window", e, event, solver_int(about["window"], f"{context}.window"))
        if "created" in about:
            build.add("report_pledge_created", e, event, build.minutes(parse_time(about["created"], f"{context}.created")))


def _notary_contracts(build: CaseBuild, e: int, values: object, where: str) -> None:
    """R2608: `contracts: {<contract>: [parties]}` or `{<contract>: {parties: [...], provisions: [...]}}`."""
    build.add("report_states_contracts", e)
    shape = "each contract with its parties (contract: [party, ...] or {parties: [...], provisions: [...]})"
    for text, listed in _mapping(values, where, shape).items():
        name = contract(str(text), build.lexicon, where)
        build.add("report_contract", e, name)
        if isinstance(listed, dict):
            if not set(map(str, listed)) <= {"parties", "provisions"}:
                raise InputError(f"{where}.{text}: give parties: and provisions:")
            parties = listed.get("parties", [])
            for term in contract_provisions(build, listed.get("provisions", []), f"{where}.{text}"):
                build.add("report_contract_provision", e, name, term)
        else:
            parties = listed
        for person in (parties if isinstance(parties, list) else [parties]):
            build.add("report_contract_party", e, name, Name(build.who(str(person), where)))


def _notary_promises(build: CaseBuild, e: int, values: object, where: str) -> None:
    """R2608: `promises: {<title>: bearer}` or `{<title>: {bearer: .., creator: .., text: [actions]}}`."""
    build.add("report_states_promises", e)
    for title, about in _mapping(values, where, "each promise with its bearer (title: bearer)").items():
        about = about if isinstance(about, dict) else {"bearer": about}
        if not set(map(str, about)) <= {"bearer", "creator", "text"} or "bearer" not in about:
            raise InputError(f"{where}.{title}: give bearer: (and creator:, text:)")
        key = one_line(str(title).strip().lower())
        build.add("report_promise", e, key, Name(build.who(str(about["bearer"]), where)))
        if "creator" in about:
            build.add("report_promise_creator", e, key, Name(build.who(str(about["creator"]), where)))
        if "text" in about:
            build.add("report_promise_text", e, key, promise_text_words(about["text"]))


def notary_part(build: CaseBuild, at: EventAt, low: str, values: object, where: str) -> bool:
    """R2608: the Notary's pledges, contracts and promises."""
    parts = {"pledges": _notary_pledges, "contracts": _notary_contracts, "promises": _notary_promises}
    part = parts.get(low.removeprefix("the "))
    if part is None:
        return False
    part(build, at.number, values, where)
    return True


def arbitor_part(build: CaseBuild, at: EventAt, low: str, values: object, where: str) -> bool:
    """R991: `open cases: [3901, 3902]`, `judged cases: {3899: FALSE}` (the Judge switch's claims,
    `judge: {3901: bob}`, are the assignments)."""
    if low in ("open cases", "the open cases"):
        if not isinstance(values, list):
            raise InputError(f"{where}: the list of the open cases' numbers")
        build.add("report_states_open_cases", at.number)
        for number in values:
            build.add("report_open_case", at.number, cfj_number(str(number), where))
        return True
    if low in ("judged cases", "recently judged cases", "recently-judged cases"):
        for number, judgement in _mapping(values, where, "each case's judgement (case: judgement)").items():
            build.add("report_judged", at.number, cfj_number(str(number), where),
                      word(str(judgement), JUDGEMENTS, "a judgement of R591", where))
        return True
    return False


def monthly_part(build: CaseBuild, at: EventAt, low: str, values: object, where: str) -> bool:
    """The monthly reports' parts (R2616's logs, R649's patent titles, R2139's former players)."""
    if low in WEBMASTOR_LOGS:  # their items are at the Webmastor's discretion: only their presence is judged
        build.add("report_states_part", at.number, Name(WEBMASTOR_LOGS[low]))
        return True
    if FORMER.fullmatch(low):
        _former_players(build, at, values, where)
        return True
    if TITLES.fullmatch(low):
        _patent_titles(build, at, values, where)
        return True
    return notary_part(build, at, low, values, where) or arbitor_part(build, at, low, values, where)


def claim(build: CaseBuild, at: EventAt, key: str, values: object) -> bool:
    """One part of a report's contents, if `key` names one (else False: a switch's claims)."""
    low, where, e = " ".join(str(key).lower().split()), f"{at.context}: claims: {key}", at.number
    if rulekeeping_claim(build, at, low, values):  # R1051, R1681: the Rulekeepor's SLR
        return True
    if regulation_claim(build, at, low, values):  # R2493: the regulations the Rulekeepor tracks
        return True
    if karma_claim(build, at, low, values, where):  # the Herald's karma and positions in Court (R2510)
        return True
    if glitter_claim(build, at, low, values, where):  # the Tailor's amounts payable for Glitter (R2602)
        return True
    if focus_claim(build, at, low, values, where):  # the Ministor's Ministry Focuses (R2638)
        return True
    if interest_claim(build, at, low, values, where):  # R991: the Arbitor's list of players interested in judging
        return True
    if monthly_part(build, at, low, values, where):  # R2616, R649, R2139, R2608, R991 (office_rules.lp, reports.lp)
        return True
    if CLASSES.fullmatch(low):
        if not isinstance(values, list):
            raise InputError(f"{where}: the list of the classes the report names")
        build.add("report_states_classes", e)
        for text in values:
            build.add("report_lists_class", e, asset_class_name(text, where))
        return True
    if DATES.fullmatch(low):
        if not isinstance(values, dict):
            raise InputError(f"{where}: each player's date (player: date)")
        build.add("report_states_dates", e)
        for person, day in values.items():
            moment = parse_time(day, f"{where}.{person}").astimezone(timezone.utc)
            start = datetime(moment.year, moment.month, moment.day, tzinfo=timezone.utc)
            build.add("report_became", e, Name(build.who(str(person), where)), build.minutes(start))
        return True
    if low in ("deregistered in a writ of fage", "writs of fage"):  # R1789: the Registrar's monthly notation
        if not isinstance(values, list):
            raise InputError(f"{where}: the list of the players the report notes deregistered in a Writ of FAGE")
        for person in values:
            build.add("report_notes_fage", e, Name(build.who(str(person), where)))
        return True
    if low in ("accurate as of", "as of"):  # CFJ 3798: the time the report speaks of
        build.add("report_as_of", e, build.minutes(parse_time(values, where)))
        return True
    if low in ("stones", "the stones"):
        if not isinstance(values, dict):
            raise InputError(f"{where}: each stone's owner (stone: owner)")
        for kind in SHAPES:
            build.add("report_states_holdings", e, Name(kind))
        for text, owner in values.items():
            build.add("report_holding", e, stone(str(text), where), Name(build.who(str(owner), where)), 1)
        return True
    try:
        kind = asset(str(key), where)
    except InputError:
        return False
    if not isinstance(values, dict):
        raise InputError(f"{where}: each owner's holding (owner: number)")
    build.add("report_states_holdings", e, kind)
    for owner, number in values.items():
        build.add("report_holding", e, kind, Name(build.who(str(owner), where)), int(number))
    return True
