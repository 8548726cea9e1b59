"""Entities by name: each person or entity of a case under one distinct spelling (R1586, R2576)."""

from __future__ import annotations

from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.case import Person
from adjudicator.errors import InputError, excerpt
from adjudicator.solving.terms import Name, name_of


def add_entity(build: CaseBuild, raw: str | Person, is_person: bool) -> str:
    ident, display = (raw.id, raw.name or raw.id) if isinstance(raw, Person) else (raw, raw)
    name = name_of(ident)
    persons = build.lexicon.persons
    spellings = {ident.strip().lower(), display.strip().lower(), name}
    normalised = {name, name_of(display)}
    clashes = sorted({persons[s] for s in spellings if s in persons}
                     | {build.normalised_persons[n] for n in normalised if n in build.normalised_persons})
    if clashes:  # one spelling for two entities: refused, never merged
        other = build.person_names[clashes[0]]
        problem = (f"{excerpt(display)} is listed twice" if other == display else
                   f"{excerpt(other)} and {excerpt(display)} are the same name after normalisation (case, punctuation)")
        raise InputError(f"{build.where}: gamestate: {problem}: give each person or entity one distinct name")
    for spelling in spellings:
        persons[spelling] = name
    for spelling in normalised:
        build.normalised_persons[spelling] = name
    build.person_names[name] = display
    build.add("entity", Name(name))
    if is_person:
        build.add("person", Name(name))
    return name
