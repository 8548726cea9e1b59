"""Fora and public messages (encodings/agora/fora.lp, R478, R2614): a forum by the name the case's
`gamestate.fora` gives it, the action of changing a forum's Publicity, and the sentence whether an
event's message was public."""

from __future__ import annotations

import re

import clingo

from adjudicator.agora import office_names
from adjudicator.agora.office_statements import NEG, Body, _maybe_not
from adjudicator.solving.terms import Name, atom, fact

PUBLICITY = Name("publicity")


def forum_key(text: object) -> str:
    words = " ".join(str(text).strip().lower().split())
    return words.removeprefix("the ").removeprefix("forum ")


def forum(lexicon, text: object, where: str) -> Name:
    """A forum of the case's `gamestate.fora` (Lexicon.forum)."""
    return lexicon.forum(text, where)


def publicity(text: object, where: str) -> Name:
    """A value of Publicity (R478: Public, Discussion, Foreign)."""
    return office_names.switch_value(PUBLICITY, text, where)


def fora_action(low: str, lexicon, where: str, action_term) -> tuple[clingo.Symbol, list, list] | None:
    """R478: "change the publicity of (the forum) X to public" (also "flip"), or None."""
    m = re.fullmatch(r"(?:change|flip|set) the publicity of (?P<forum>.+?) to (?P<value>\w+)", low)
    if m:
        return fact("flip", PUBLICITY, forum(lexicon, m["forum"], where), publicity(m["value"], where)), [], []
    return None


def _public(m, lx, w) -> Body:
    event = lx.event(m["event"], w)
    return Body(_maybe_not(atom("public_message", event), m), [atom("message_asked", event)], events=[event])


PATTERNS = [
    (re.compile(rf"^the message of event (?P<event>[\w.\-]+) (?:is|was){NEG} (?:a )?public(?: message)?$", re.I), _public),
    (re.compile(rf"^event (?P<event>[\w.\-]+) (?:is|was){NEG} a public message$", re.I), _public),
]
