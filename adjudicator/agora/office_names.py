"""The offices and switch types the judge knows by name, as `encodings/agora/names.lp` declares them
(read once from the encoding: no list of offices here), and the one way a name in a case or a
statement resolves to one of them: exactly one, or refused naming the nearest known names."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from adjudicator.errors import InputError, excerpt
from adjudicator.names import nearest_names
from adjudicator.solving import solve
from adjudicator.solving.terms import Atoms, Name, name_of

NAMES = "agora/names.lp"


@dataclass(frozen=True)
class KnownNames:
    offices: dict[str, str]          # any spelling, normalised -> the office's name in the encodings
    office_shown: dict[str, str]     # the office's name -> how it is written
    switches: dict[str, str]         # spelling -> switch type
    switch_values: dict[str, dict[str, str]]  # switch -> value spelling -> value (the named values)


def _spellings(name: str, *texts: str) -> set[str]:
    return {name, name.replace("_", " "), *(name_of(text) for text in texts), *(text.lower() for text in texts)}


@lru_cache(maxsize=1)
def known() -> KnownNames:
    atoms = Atoms(solve([NAMES], "", timeout=10, what="the names of offices and switches").models[0])
    offices: dict[str, str] = {}
    shown: dict[str, str] = {}
    for office, text in atoms.rows("office_spelling", 2):
        shown.setdefault(str(office), text)
        for spelling in _spellings(str(office), text):
            offices[spelling] = str(office)
    for office, _rule, _kind in atoms.rows("office_defined", 3):
        shown.setdefault(str(office), str(office).replace("_", " ").title())
        offices.setdefault(str(office), str(office))
    switches = {spelling: str(s) for s, _rule, _possessor in atoms.rows("switch_type", 3) for spelling in _spellings(str(s))}
    values: dict[str, dict[str, str]] = {}
    for s, v in atoms.rows("switch_value_word", 2):
        values.setdefault(str(s), {})[str(v)] = str(v)
    return KnownNames(offices, shown, switches, values)


def _key(text: str) -> str:
    words = " ".join(str(text).strip().lower().split())
    return words[4:] if words.startswith("the ") else words


def _lookup(table: dict[str, str], shown: dict[str, str], text: object, where: str, what: str) -> Name:
    """`text` by any of its spellings in `table` (spelling -> name), or refused naming the nearest
    (`shown`: spelling -> how it is written)."""
    key = _key(str(text))
    found = table.get(key) or table.get(name_of(key))
    if found is None:
        raise InputError(f"{where}: {excerpt(str(text))} is not {what} ({nearest_names(key, shown)})")
    return Name(found)


def office(text: object, where: str) -> Name:
    """An office by any of its spellings ("Prime Minister", "prime_minister", "the ADoP")."""
    names = known()
    shown = {s: names.office_shown[o] for s, o in names.offices.items()}
    return _lookup(names.offices, shown, text, where, "an office of the rules")


def switch(text: object, where: str) -> Name:
    names = known()
    return _lookup(names.switches, dict(names.switches), text, where, "a switch the judge knows")


def switch_value(switch_name: Name, text: object, where: str, person=None) -> Name:
    """A value of a switch: one of its named values, or (Officeholder) a person or "vacant"."""
    values = known().switch_values.get(str(switch_name), {})
    key = name_of(_key(str(text)))
    if key in values:
        return Name(values[key])
    if person is not None:
        return person(str(text), where)
    raise InputError(f"{where}: {excerpt(str(text))} is not a value of the switch {switch_name} "
                     f"({nearest_names(key, values)})")
