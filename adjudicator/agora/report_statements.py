"""Sentences about the contents of reports (R2456, R2139, R2166: encodings/agora/reports.lp): "the
report of event r omitted bob's coins", "... omitted Victory Cards", "... omitted bob's
registration date", "... omitted bob" (the Registrar's list of players), "... misstated bob's
coins", "the report of event r was complete", "the Treasuror's weekly report omitted bob's coins"
(the office's last report by the time asked); "... misstated rule 2483's text" (R1681: a rule's
listing in the Rulekeepor's Short Logical Ruleset, or its revision, power, title or text)."""

from __future__ import annotations

import re

from adjudicator.agora import office_names
from adjudicator.agora.regulation_statements import regulation_term
from adjudicator.agora.asset_statements import asset
from adjudicator.agora.office_statements import PT, Body
from adjudicator.agora.ribbon_statements import ribbon_type
from adjudicator.agora.cfj_statements import cfj_number
from adjudicator.agora.contract_statements import contract, pledge_event
from adjudicator.agora.stone_statements import stone
from adjudicator.agora.title_statements import title_name
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name, Var, atom, compare, fact, name_of, negated

TALISMANS = re.compile(r"talismans?")


def asset_class_name(text: str, where: str, lexicon=None) -> Name:
    """A class of assets by name; each player's talisman is one class, talismans (R2532)."""
    if TALISMANS.fullmatch(" ".join(str(text).lower().split())):
        return Name("talisman")
    return asset(str(text), where, lexicon)


REPORT = (r"(?:the )?(?:(?:report|document) (?:of|in|published in) event (?P<event>[\w.\-]+)|"
          r"(?P<office>[A-Za-z][\w ]*?)'s (?:weekly |last |latest )?report)")
R = Var("RPT")


def _report(m, lx, w) -> tuple[list, list[int]]:
    """The report a sentence names: an event's, or the office's last one by the point asked."""
    if m["event"]:
        e = lx.event(m["event"], w)
        return [compare(R, "=", e)], [e]
    office = office_names.office(m["office"], w)
    k = Var("RK")
    return [atom("report", R, office), atom("point_state", PT, k), compare(R, "<=", k),
            atom("no_later_report", R, office, PT)], []


LISTING_PARTS = {"category": "category", "order": "order", "place": "order", "history": "annotations",
                 "annotation": "annotations", "annotations": "annotations"}  # R1681: the FLR's
LOGS = {"directory": "directory", "changelog": "changelog", "warning log": "warning_log", "error log": "error_log"}


def _other_item(t: str, lx, w):
    """The parts of the Webmastor's, the Herald's, the Registrar's monthly, the Ministor's and the
    Notary's reports (R2616, R649, R2139, R2638, R2608), or None."""
    low = t.lower().removeprefix("the ")
    if low in LOGS:
        return fact("log", Name(LOGS[low])), []
    m = re.fullmatch(r"(?P<who>.+?)'s? interest in judging", t, re.I)  # R991: the Arbitor's weekly report
    if m:
        who = lx.person(m["who"], w)
        return fact("interested", who), [who]
    m = re.fullmatch(r"(?P<who>.+?)'s? (?:ministry )?focus", t, re.I)  # R2638: the Ministor's monthly report
    if m:
        who = lx.person(m["who"], w)
        return fact("focus", who), [who]
    m = re.fullmatch(r"(?P<who>.+?)'s? (?P<type>[\w\-]+) ribbon", t, re.I)  # R2438: the Tailor's monthly report
    if m:
        who = lx.person(m["who"], w)
        return fact("ribbon", who, ribbon_type(m["type"], w)), [who]
    m = re.fullmatch(r"(?P<who>.+?)'s? (?:patent )?title (?P<title>.+)", t, re.I)
    if m:
        who = lx.person(m["who"], w)
        return fact("title", who, title_name(m["title"], w)), [who]
    m = re.fullmatch(r"(?:the )?(?:(?P<kind>open case|judgement|judge) (?:of )?)(?:cfj |case )?#?(?P<number>\d+)", t, re.I)
    if m:
        return fact(name_of(m["kind"]), cfj_number(m["number"], w)), []
    m = re.fullmatch(r"(?:the )?(?P<part>title|provisions|creator|text|time window|time of creation|time of expiry) of "
                     r"(?:the )?(?P<kind>pledge|contract|promise) "
                     r"(?P<what>.+)", t, re.I)
    if m:  # R2608: a pledge's title, a contract's provisions, a promise's creator or text
        return _notary_detail(m["part"].lower(), m["kind"].lower(), m["what"].strip(), lx, w)
    m = re.fullmatch(r"(?:the )?(?P<kind>former player|contract|pledge|promise|regulation) (?P<what>.+)", t, re.I)
    if not m:
        return None
    kind, what = m["kind"].lower(), m["what"].strip()
    if kind == "regulation":  # R2493: the Rulekeepor's tracking of regulations
        return fact("regulation", regulation_term(what, False, lx, w)), []
    if kind == "former player":
        who = lx.person(what, w)
        return fact("former_player", who), [who]
    if kind == "contract":
        return fact("contract", contract(what, lx, w)), []
    if kind == "pledge":
        return fact("pledge", pledge_event(lx, what, w)), []
    return fact("promise", _promise_title(what)), []


def _promise_title(text: str) -> str:
    return " ".join(text.strip("'\"").lower().split()).replace('"', "'")


def _notary_detail(part: str, kind: str, what: str, lx, w):
    """R2608's details of the Notary's report: the item a report omitted or misstated."""
    pledge_parts = {"title": "pledge_title", "time window": "pledge_window", "time of creation": "pledge_created",
                    "time of expiry": "pledge_expiry"}
    if kind == "pledge" and part in pledge_parts:
        return fact(pledge_parts[part], pledge_event(lx, what, w)), []
    if (part, kind) == ("provisions", "contract"):
        return fact("provisions", contract(what, lx, w)), []
    if kind == "promise" and part in ("creator", "text"):
        return fact(f"promise_{part}", _promise_title(what)), []
    raise InputError(f"{w}: the Notary's report gives a pledge's title, time window, time of creation and time of "
                     f"expiry, a contract's provisions and a promise's creator and text, not the {part} of a {kind}")


def _item(text: str, lx, w):
    """What a report omitted or misstated: X's holding of an asset, X's registration date, a class
    of assets, a player, or a part of another office's report (`_other_item`)."""
    t = " ".join(text.split())
    m = re.fullmatch(r"(?:rule |r)(?P<rule>\d+)(?:'s (?P<item>revision(?: number)?|power|title|text|category|order|place|"
                     r"history|annotations?))?", t, re.I)
    if m:  # R1681: the Rulekeepor's listing of a rule, or one item of it, its category, place or history
        rule, item = int(m["rule"]), (m["item"] or "").split(" ")[0].lower()
        if item in LISTING_PARTS:
            return fact(LISTING_PARTS[item], rule), []
        return (fact("item", rule, Name(item)) if item else fact("rule", rule)), []
    other = _other_item(t, lx, w)
    if other is not None:
        return other
    m = re.fullmatch(r"(?P<who>.+?)'s? (?:registration date|date of registration|date of becoming a player)", t, re.I)
    if m:
        who = lx.person(m["who"], w)
        return fact("registration_date", who), [who]
    m = re.fullmatch(r"(?P<who>.+?)'s? (?P<what>.+)", t, re.I)
    if m:
        who = lx.person(m["who"], w)
        what = stone(m["what"], w) if m["what"].lower().endswith(" stone") else asset(m["what"], w, lx)
        return fact("holding", what, who), [who]
    m = re.fullmatch(r"(?:the )?(?:class (?:of )?)?(?P<what>.+)", t, re.I)
    try:
        return fact("class", asset_class_name(m["what"], w, lx)), []
    except InputError:
        who = lx.person(t, w)
        return fact("player", who), [who]


def _omits(predicate: str):
    def body(m, lx, w) -> Body:
        which, events = _report(m, lx, w)
        item, persons = _item(m["item"], lx, w)
        literal = atom(predicate, R, item)
        negative = "not" in m["neg"].lower()
        literals = [atom("point", PT), *which, atom("report", R, Var("_")), negated(literal) if negative else literal]
        return Body(literals, [atom("report_contents_asked", PT)], persons=persons, events=events)
    return body


def _complete(m, lx, w) -> Body:
    which, events = _report(m, lx, w)
    literal = atom("report_incomplete", R)
    incomplete = m["state"].lower() == "incomplete"
    literals = [atom("point", PT), *which, atom("report", R, Var("_")), literal if incomplete else negated(literal)]
    return Body(literals, [atom("report_contents_asked", PT)], events=events)


PATTERNS = [
    (re.compile(rf"^{REPORT} (?P<neg>omitted|did not omit) (?P<item>.+)$", re.I), _omits("report_omits")),
    (re.compile(rf"^{REPORT} (?P<neg>misstated|did not misstate) (?P<item>.+)$", re.I), _omits("report_misstates")),
    (re.compile(rf"^{REPORT} (?:is|was) (?P<state>complete|incomplete)$", re.I), _complete),
]
