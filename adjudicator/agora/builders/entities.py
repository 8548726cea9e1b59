"""Entities by name: each person or entity of a case under one distinct spelling (R1586, R2576); and
what an amendment does to the entities its rule defines (R1586: no longer defines, redefines, renames)."""

from __future__ import annotations

from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.case import Amendment, Person
from adjudicator.agora.entity_statements import entity
from adjudicator.errors import InputError, excerpt
from adjudicator.solving.terms import Name, fact, name_of


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


def amendment_effects(build: CaseBuild, position: int, amendment: Amendment, context: str) -> None:
    """R1586: the entities the amendment of `amendment.rule` (requested at `position`) stops defining,
    redefines or renames; each named as the rules name it, or refused naming the nearest."""
    rule = amendment.rule
    for text in amendment.undefines:
        build.add("entity_change", position, rule, fact("undefine", entity(text, f"{context}: undefines")))
    for text in amendment.redefines:
        build.add("entity_change", position, rule, fact("redefine", entity(text, f"{context}: redefines")))
    for old, new in amendment.renames.items():
        where = f"{context}: renames: {old}"
        if not str(new).strip():
            raise InputError(f"{where}: the new name is empty")
        named = entity(str(old), where)
        build.add("entity_change", position, rule, fact("rename", named, Name(name_of(str(new)))))
        build.lexicon.entity_names.setdefault(name_of(str(new)), str(named))
