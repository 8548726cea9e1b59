"""Statements and action phrases about patent titles, tournaments and Agora's calendar
(encodings/agora/titles.lp, tournaments.lp, culture.lp): "alice has the patent title Champion",
"it is a Holiday", "it is Agora's Birthday", "it is Read the Ruleset Week", "the tournament Cup is
running", and the actions "award the patent title Scamster to bob", "award the badge Early Badge",
"initiate the tournament Cup", "conclude the tournament Cup", "flip Festivity to 0", "start a rank 2 festival" (for "X CAN
..." and intents)."""

from __future__ import annotations

import re

import clingo

from adjudicator.agora.office_statements import NEG, PT, WHO, Body, _maybe_not
from adjudicator.errors import InputError, excerpt
from adjudicator.solving.terms import Name, atom, fact, name_of

TITLE = r"(?:the )?(?:patent )?title (?:of )?(?P<title>.+?)"


def title_name(text: str, where: str) -> Name:
    """A patent title's name as written (any case, quotes dropped)."""
    cleaned = str(text).strip().strip("'\"\u201c\u201d").strip()
    if not cleaned:
        raise InputError(f"{where}: which patent title?")
    return name_of(cleaned)


def tournament_name(text: str, where: str) -> Name:
    return title_name(text, where)


def title_action(low: str, lexicon, where: str, action_term) -> tuple[clingo.Symbol, list, list] | None:
    """The term of a title, tournament or festivity action phrase (lower case), or None."""
    m = re.fullmatch(r"award (?:the )?(?:patent )?title (?:of )?(.+?) to (.+)", low)
    if m:
        who = lexicon.person(m[2], where)
        return fact("award_title", title_name(m[1], where), who), [who], []
    m = re.fullmatch(r"award (?:the )?badge (.+)", low)
    if m:
        return fact("award_badge", title_name(m[1], where)), [], []
    m = re.fullmatch(r"(initiate|conclude) (?:the )?tournament (.+)", low)
    if m:
        return fact(f"{m[1]}_tournament", tournament_name(m[2], where)), [], []
    m = re.fullmatch(r"delegate the birthday tournament to (.+)", low)
    if m:
        who = lexicon.person(m[1], where)
        return fact("delegate_tournament", who), [who], []
    m = re.fullmatch(r"flip (?:agora's )?festivity to (\d+)", low)
    if m:
        return fact("flip", Name("festivity"), Name("agora"), int(m[1])), [], []
    m = re.fullmatch(r"amend the regulations of (?:the )?tournament (.+)", low)  # R2495
    if m:
        return fact("amend_tournament", tournament_name(m[1], where)), [], []
    m = re.fullmatch(r"start a rank (\d+) festival", low)  # R2480
    if m:
        return fact("start_festival", int(m[1])), [], []
    m = re.fullmatch(r"publish a writ of (?:fage|fugiendae agorae grandissima exprobratione) for (.+)", low)
    if m:
        who = lexicon.person(m[1], where)
        return fact("writ_of_fage", who), [who], []
    return None


def _title(m, lx, w) -> Body:
    who, title = lx.person(m["who"], w), title_name(m["title"], w)
    return Body(_maybe_not(atom("has_title", who, title, PT), m), [atom("title_asked", who, title)], persons=[who])


def _calendar(predicate: str):
    def body(m, lx, w) -> Body:
        return Body(_maybe_not(atom(predicate, PT), m), [atom("calendar_asked", PT)])
    return body


def _tournament(m, lx, w) -> Body:
    n = tournament_name(m["tournament"], w)
    return Body(_maybe_not(atom("tournament_on", n, PT), m), [atom("tournament_asked", n)])


PATTERNS = [
    (re.compile(rf"^{WHO} (?P<neg>has|had|holds|held|does not have|did not have|does not hold|did not hold) {TITLE}$", re.I),
     _title),
    (re.compile(rf"^it (?:is|was){NEG} (?:a )?holiday$", re.I), _calendar("holiday_at")),
    (re.compile(rf"^it (?:is|was){NEG} Agora's Birthday$", re.I), _calendar("birthday_at")),
    (re.compile(rf"^it (?:is|was){NEG} Read the Ruleset Week$", re.I), _calendar("rrw_at")),
    (re.compile(rf"^(?:the )?tournament (?P<tournament>.+?) (?:is|was){NEG} running$", re.I), _tournament),
]
