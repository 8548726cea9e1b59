"""Statements about the entities the rules define (R1586; encodings/agora/entities.lp):

    the Stonemason exists / the Stonemason does not exist
    the Stonemason has ceased to exist / the Stonemason has not ceased to exist
    (also: "ceased to exist", "did not cease to exist")

An entity is an office, a switch type or a class of assets, by any of its names (names.lp,
economy.lp); a name none of them has is refused naming the nearest. Whether it exists is at the
point asked; "ceased to exist" is by that point."""

from __future__ import annotations

import re

from adjudicator.agora.asset_statements import asset_names
from adjudicator.agora.office_names import known
from adjudicator.errors import InputError, excerpt
from adjudicator.names import nearest_names
from adjudicator.solving.terms import Name, Var, atom, compare

PT, EK, CK = Var("PT"), Var("EK"), Var("CK")
DEFINING_RULE = 1586


def _key(text: str) -> str:
    words = " ".join(text.strip().lower().replace("-", " ").split())
    return words[4:] if words.startswith("the ") else words


def entity(text: str, where: str) -> Name:
    """An office, switch type or asset class by any of its names, or refused naming the nearest."""
    names = known()
    table = {**{s.replace("_", " "): a for s, a in asset_names().items()},
             **{s.replace("_", " "): o for s, o in names.switches.items()},
             **{s.replace("_", " "): o for s, o in names.offices.items()}}
    key = _key(text)
    if key in table:
        return Name(table[key])
    raise InputError(f"{where}: {excerpt(text.strip())} is not an entity the rules define "
                     f"(an office, a switch or an asset; {nearest_names(key, {s: s for s in table})})")


def _exists(m, lx, w):
    x = entity(m["what"], w)
    return [atom("point_state", PT, EK), atom("entity_exists", x, EK)], x


def _ceased(m, lx, w):
    x = entity(m["what"], w)
    return [atom("point_state", PT, EK), atom("entity_ceased", x, CK), compare(CK, "<=", EK)], x


# Each pattern: its builder (literals, the entity) and whether the sentence is negated.
PATTERNS = [
    (re.compile(r"^(?P<what>.+?) (?P<neg>exists|does not exist)$", re.I), _exists),
    (re.compile(r"^(?P<what>.+?) (?P<neg>has ceased|ceased|has not ceased|did not cease) to exist$", re.I), _ceased),
]
