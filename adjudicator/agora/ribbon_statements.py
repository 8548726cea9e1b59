"""Statements and action phrases about Ribbons and Glitter (R2438, R2602: encodings/agora/ribbons.lp):
"bob owns a Transparent Ribbon", "bob qualifies for a Blue Ribbon", "bob earned a Cyan Ribbon",
"bob was awarded a Red Ribbon", "bob was awarded Indigo Glitter", each with its negation; the
actions "award bob a Blue Ribbon", "award Blue Glitter to bob", "award bob Glitter" (no type:
R2602), "raise a banner", "grant the coins for the Glitter of event g"."""

from __future__ import annotations

import re

import clingo

from adjudicator.agora.office_statements import PT, WHO, Body, _maybe_not
from adjudicator.errors import InputError, excerpt
from adjudicator.names import nearest_names
from adjudicator.solving.terms import Name, atom, fact

# R2438: the types of Ribbon, with the letters the Tailor's report uses
RIBBON_TYPES = ("red", "orange", "green", "emerald", "cyan", "blue", "magenta", "ultraviolet", "violet", "indigo",
                "platinum", "lime", "white", "black", "gray", "transparent")
SPELLINGS = {**{t: t for t in RIBBON_TYPES}, "grey": "gray"}
TYPE = r"(?P<type>[A-Za-z][\w\-]*)"


def ribbon_type(text: str, where: str) -> Name:
    """A type of Ribbon by its colour (any case), or refused naming the nearest colours."""
    word = " ".join(str(text).lower().split()).removesuffix(" ribbon").removesuffix(" glitter").strip()
    if word in SPELLINGS:
        return Name(SPELLINGS[word])
    raise InputError(f"{where}: {excerpt(str(text).strip())} is not a type of Ribbon (R2438; {nearest_names(word, SPELLINGS)})")


def ribbon_action(low: str, lexicon, where: str, action_term) -> tuple[clingo.Symbol, list, list] | None:
    """The term of a ribbon or glitter action phrase (lower case, one space), or None."""
    m = (re.fullmatch(r"award (?P<who>.+?) (?:an? )?(?P<type>[\w\-]+) ribbon", low)
         or re.fullmatch(r"award (?:an? )?(?P<type>[\w\-]+) ribbon to (?P<who>.+)", low))
    if m:
        who = lexicon.person(m["who"], where)
        return fact("award_ribbon", ribbon_type(m["type"], where), who), [who], []
    m = (re.fullmatch(r"award (?P<who>.+?) (?:(?P<type>[\w\-]+) )?glitter", low)
         or re.fullmatch(r"award (?:(?P<type>[\w\-]+) )?glitter to (?P<who>.+)", low))
    if m:
        who = lexicon.person(m["who"], where)
        kind = ribbon_type(m["type"], where) if m["type"] else Name("unspecified")
        return fact("award_glitter", kind, who), [who], []
    if low in ("raise a banner", "raise banner"):
        return fact("raise_banner"), [], []
    m = re.fullmatch(r"grant the coins for the glitter (?:of|in|awarded in) event ([\w.\-]+)", low)
    if m:
        return fact("grant_glitter", lexicon.event(m[1], where)), [], []
    return None


def _owns(m, lx, w) -> Body:
    who, kind = lx.person(m["who"], w), ribbon_type(m["type"], w)
    return Body(_maybe_not(atom("ribbon_owned", who, kind, PT), m), [atom("ribbon_query", who, kind, PT)], persons=[who])


def _qualifies(m, lx, w) -> Body:
    who, kind = lx.person(m["who"], w), ribbon_type(m["type"], w)
    return Body(_maybe_not(atom("qualifies", who, kind, PT), m), [atom("qualify_query", who, kind, PT)], persons=[who])


def _earned(m, lx, w) -> Body:
    who, kind = lx.person(m["who"], w), ribbon_type(m["type"], w)
    return Body(_maybe_not(atom("earned_by", who, kind, PT), m), [atom("qualify_query", who, kind, PT)], persons=[who])


def _glitter(m, lx, w) -> Body:
    who, kind = lx.person(m["who"], w), ribbon_type(m["type"], w)
    return Body(_maybe_not(atom("glitter_at", who, kind, PT), m), [atom("glitter_query", who, kind, PT)], persons=[who])


def _awarded(m, lx, w) -> Body:
    who, kind = lx.person(m["who"], w), ribbon_type(m["type"], w)
    literal = atom("ribbon_awarded_by", who, kind, PT)
    return Body(_maybe_not(literal, m), [atom("ribbon_query", who, kind, PT)], persons=[who])


OWN = r"(?P<neg>owns|owned|has|had|does not own|did not own|does not have|did not have)"
PATTERNS = [
    (re.compile(rf"^{WHO} {OWN} an? {TYPE} Ribbon$", re.I), _owns),
    (re.compile(rf"^{WHO} (?P<neg>qualifies|qualified|does not qualify|did not qualify) for an? {TYPE} Ribbon$", re.I),
     _qualifies),
    (re.compile(rf"^{WHO} (?P<neg>earned|has earned|did not earn|has not earned) an? {TYPE} Ribbon$", re.I), _earned),
    (re.compile(rf"^{WHO} (?P<neg>was|has been|was not|has not been) awarded an? {TYPE} Ribbon$", re.I), _awarded),
    (re.compile(rf"^{WHO} (?P<neg>was|has been|was not|has not been) awarded {TYPE} Glitter$", re.I), _glitter),
    (re.compile(rf"^{WHO} (?P<neg>gained|did not gain|has gained|has not gained) {TYPE} Glitter$", re.I), _glitter),
]
