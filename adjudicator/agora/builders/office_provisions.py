"""An instrument's provisions about offices and patent titles (R2575: the Distributor's holder
changed by proposal; R649, R2231: a patent title awarded or revoked by an instrument):
`install: {office: Distributor, person: bob}`, `award title: {title: Champion, to: bob}`,
`revoke title: {title: Champion, from: bob}`. What each achieves, and at what Power, is
encodings/agora/office_rules.lp's and titles.lp's."""

from __future__ import annotations

import clingo

from adjudicator.agora import office_names
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.title_statements import title_name
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name, fact

KEYS = {"install": ("office", "person"), "award title": ("title", "to"), "revoke title": ("title", "from")}


def _parts(value: object, names: tuple[str, str], context: str) -> tuple[str, str]:
    if not isinstance(value, dict) or set(map(str, value)) != set(names):
        raise InputError(f"{context}: give {names[0]}: and {names[1]}: (e.g. {{{names[0]}: ..., {names[1]}: ...}})")
    return str(value[names[0]]), str(value[names[1]])


def provision(build: CaseBuild, e: int, key: str, value: object, context: str) -> list[clingo.Symbol] | None:
    """The provision's facts, or None if `key` is not one of these provisions."""
    if key not in KEYS:
        return None
    first, second = _parts(value, KEYS[key], context)
    person = Name(build.who(second, context))
    if key == "install":
        return [fact("provision", e, fact("install", office_names.office(first, context), person))]
    term = "award_title" if key == "award title" else "revoke_title"
    return [fact("provision", e, fact(term, title_name(first, context), person))]
