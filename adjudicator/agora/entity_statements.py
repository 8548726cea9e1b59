"""Statements about the entities the rules define (R1586; encodings/agora/entities.lp):

    the Stonemason exists / the Stonemason does not exist
    the Stonemason has ceased to exist / the Stonemason has not ceased to exist
    (also: "ceased to exist", "did not cease to exist")
    the Stonemason ceased to exist exactly at 2021-01-05T12:00:00Z / ... in event repeal
    the Stonemason is named Mason / is not named Mason (at a time)
    a reference to Stonemason in rule 2641 is to the Mason / is not to ...

An entity is an office, a switch type or a class of assets, by any of its names (names.lp,
economy.lp), or a name a change of the case gives it; a name none of them has is refused naming
the nearest. Whether it exists is at the point asked; "ceased to exist" is by that point, "exactly"
at the point's very time."""

from __future__ import annotations

import re

from adjudicator.agora.asset_statements import asset_names
from adjudicator.agora.office_names import known
from adjudicator.errors import InputError, excerpt
from adjudicator.names import nearest_names
from adjudicator.solving.terms import Name, Var, atom, compare, name_of

PT, EK, CK = Var("PT"), Var("EK"), Var("CK")
DEFINING_RULE = 1586


def _key(text: str) -> str:
    words = " ".join(text.strip().lower().replace("-", " ").split())
    return words[4:] if words.startswith("the ") else words


def entity(text: str, where: str, renamed: dict[str, str] | None = None) -> Name:
    """An office, switch type or asset class by any of its names (or a name a change of the case
    gives it, `renamed`), or refused naming the nearest."""
    names = known()
    table = {**{s.replace("_", " "): a for s, a in asset_names().items()},
             **{s.replace("_", " "): o for s, o in names.switches.items()},
             **{s.replace("_", " "): o for s, o in names.offices.items()}}
    key = _key(text)
    if key in table:
        return Name(table[key])
    if renamed and name_of(key) in renamed:
        return Name(renamed[name_of(key)])
    raise InputError(f"{where}: {excerpt(text.strip())} is not an entity the rules define "
                     f"(an office, a switch or an asset; {nearest_names(key, {s: s for s in table})})")


def _exists(m, lx, w):
    x = entity(m["what"], w, lx.entity_names)
    return [atom("point_state", PT, EK), atom("entity_exists", x, EK)], x


def _ceased(m, lx, w):
    x = entity(m["what"], w, lx.entity_names)
    return [atom("point_state", PT, EK), atom("entity_ceased", x, CK), compare(CK, "<=", EK)], x


def _ceased_exactly(m, lx, w):
    """Ceased by the change at the point's very time (R478: the event of that time)."""
    x, t = entity(m["what"], w, lx.entity_names), Var("CT")
    return [atom("entity_ceased", x, CK), atom("event_time", CK, t), atom("point_time", PT, t)], x


def _ceased_in(m, lx, w):
    x = entity(m["what"], w, lx.entity_names)
    return [atom("entity_ceased", x, lx.event(m["event"], w))], x


def _named(m, lx, w):
    x = entity(m["what"], w, lx.entity_names)
    return [atom("point_state", PT, EK), atom("entity_name", x, Name(name_of(_key(m["name"]))), EK)], x


def _reference(m, lx, w):
    """R1586: what rule R's reference by a name refers to (asked of the rule, not at a time)."""
    x, name = entity(m["what"], w, lx.entity_names), Name(name_of(_key(m["name"])))
    rule = int(m["rule"])
    return [atom("refers_to", rule, name, x)], x, [atom("name_reference", rule, name)]


# Each pattern: its builder (literals, the entity) and whether the sentence is negated.
PATTERNS = [
    (re.compile(r"^(?P<what>.+?) (?P<neg>exists|does not exist)$", re.I), _exists),
    (re.compile(r"^(?P<what>.+?) (?P<neg>has ceased|ceased|has not ceased|did not cease) to exist$", re.I), _ceased),
    (re.compile(r"^(?P<what>.+?) (?P<neg>ceased|did not cease) to exist exactly$", re.I), _ceased_exactly),
    (re.compile(r"^(?P<what>.+?) (?P<neg>ceased|did not cease) to exist in event (?P<event>[\w.\-]+)$", re.I), _ceased_in),
    (re.compile(r"^(?P<what>.+?) (?P<neg>is|was|is not|was not) (?:named|called) (?P<name>.+)$", re.I), _named),
    (re.compile(r"^(?:a |the )?reference to (?P<name>.+?) in (?:rule |r)(?P<rule>\d+) (?P<neg>is|was|is not|was not) "
                r"(?:a reference )?to (?P<what>.+)$", re.I), _reference),
]
