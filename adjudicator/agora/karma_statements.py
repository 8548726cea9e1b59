"""Statements and action phrases about Karma (R2510: encodings/agora/karma.lp): "bob's karma is 3",
"Agora's karma is -1", "bob is a Samurai", "bob is the Shogun", "carol is a Gamma", "carol is the
Honourless Worm", each with its negation; the action "publish a Notice of Honour for carol against
dave" (carol gains karma, dave loses it)."""

from __future__ import annotations

import re

import clingo

from adjudicator.agora.case import solver_int
from adjudicator.errors import InputError
from adjudicator.agora.office_statements import PT, WHO, Body, _maybe_not
from adjudicator.solving.terms import Name, atom, fact

POSITIONS = {"samurai": "samurai", "gamma": "gamma", "shogun": "shogun", "honourless worm": "honourless_worm",
             "honorless worm": "honourless_worm"}


def court_position(text: str, where: str) -> Name:
    """A position in Court (R2510), by name."""
    key = " ".join(text.lower().replace("the ", "").split())
    if key not in POSITIONS:
        raise InputError(f"{where}: {text!r} is no position in Court (Samurai, Gamma, Shogun, Honourless Worm)")
    return Name(POSITIONS[key])


def karma_action(low: str, lexicon, where: str, action_term) -> tuple[clingo.Symbol, list, list] | None:
    """The term of a Notice of Honour phrase (lower case, one space), or None."""
    m = re.fullmatch(r"publish a notice of honou?r (?:for|raising) (?P<gain>.+?) (?:and )?(?:against|lowering) (?P<lose>.+)",
                     low)
    if m:
        gain, lose = lexicon.person(m["gain"], where), lexicon.person(m["lose"], where)
        return fact("notice_of_honour", gain, lose), [gain, lose], []
    return None


def _karma(m, lx, w) -> Body:
    who = lx.person(m["who"], w)
    value = (-1 if m["minus"] else 1) * solver_int(m["value"], w)
    return Body(_maybe_not(atom("karma_at", who, value, PT), m), [atom("karma_query", who, PT)], persons=[who])


def _position(m, lx, w) -> Body:
    who = lx.person(m["who"], w)
    position = court_position(m["position"], w)
    return Body(_maybe_not(atom("court_position", who, position, PT), m), [atom("court_query", who, PT)], persons=[who])


PATTERNS = [
    (re.compile(rf"^{WHO}'s? karma (?P<neg>is|was|is not|was not) (?P<minus>-)?(?P<value>\d+)$", re.I), _karma),
    (re.compile(rf"^{WHO} (?P<neg>is|was|is not|was not) (?:a |an |the )?(?P<position>samurai|gamma|shogun|"
                rf"honou?rless worm)$", re.I), _position),
]
