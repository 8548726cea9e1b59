"""The Diplomacy map as data: provinces, coasts, adjacency per unit type, supply centres.

The standard map lives in `adjudicator/data/diplomacy/standard.yaml` (our own format). Names:
a *province* is its upper-case abbreviation (``"SPA"``); a *location* is where a unit stands,
a province or a coast of it (``"SPA/NC"``). Armies stand on provinces, fleets on sea provinces,
single-coast provinces, or on a coast of a multi-coast province.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from importlib import resources
from typing import Literal

import yaml

from adjudicator.errors import InputError

Terrain = Literal["inland", "coastal", "sea"]
UnitType = Literal["A", "F"]
POWER_ORDER = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
ADJECTIVES = {"AUSTRIAN": "AUSTRIA", "ENGLISH": "ENGLAND", "FRENCH": "FRANCE", "GERMAN": "GERMANY",
              "ITALIAN": "ITALY", "RUSSIAN": "RUSSIA", "TURKISH": "TURKEY"}
COAST_NAMES = {"NC": "North Coast", "SC": "South Coast", "EC": "East Coast", "WC": "West Coast"}


@dataclass(frozen=True)
class Province:
    abbreviation: str
    name: str
    terrain: Terrain
    supply_centre: bool = False
    home_of: str | None = None
    coasts: tuple[str, ...] = ()  # e.g. ("NC", "SC"); empty for single-coast provinces
    impassable: bool = False


def _normal(text: str) -> str:
    """Key for name lookup: lower case, letters and digits only (St. Petersburg -> stpetersburg)."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


@dataclass
class DiplomacyMap:
    name: str
    provinces: dict[str, Province]
    powers: dict[str, str]  # power name -> 3-letter abbreviation
    starting_units: dict[str, list[str]]  # power -> ["A VIE", "F STP/SC", ...]
    army_edges: frozenset[frozenset[str]]
    fleet_edges: frozenset[frozenset[str]]
    _names: dict[str, str] = field(default_factory=dict, repr=False)
    _powers: dict[str, str | None] = field(default_factory=dict, repr=False, compare=False)  # power() looked up

    def __post_init__(self) -> None:
        for p in self.provinces.values():
            self._names[_normal(p.abbreviation)] = p.abbreviation
            self._names[_normal(p.name)] = p.abbreviation
        # Common alternative spellings of province names.
        for alias, abbrev in {"saintpetersburg": "STP", "stpete": "STP", "gulfoflyons": "LYO",
                              "lyon": "LYO", "gol": "LYO", "mid": "MAO", "marseille": "MAR", "heligolandbight": "HEL",
                              "helgoland": "HEL", "mao": "MAO", "midatlantic": "MAO", "nat": "NAO",
                              "nrg": "NWG", "eastmed": "EAS", "westmed": "WES", "gob": "BOT",
                              "tyn": "TYS", "tyrrhenian": "TYS", "lyo": "LYO", "eng": "ENG",
                              "ech": "ENG", "channel": "ENG"}.items():
            if abbrev in self.provinces:
                self._names.setdefault(alias, abbrev)

    # --- lookups ---------------------------------------------------------------------------
    def province(self, text: str) -> str | None:
        """The abbreviation for a province abbreviation or full name (any case), else None."""
        # (a name already normal, "par", is found without the regular expression: the keys are normal)
        return self._names.get(text.lower()) or self._names.get(_normal(text))

    def power(self, text: str) -> str | None:
        """The power name for a name, adjective or 3-letter abbreviation (any case), else None."""
        found = self._powers.get(text)
        if found is None and text not in self._powers:
            found = self._power(text)
            if len(self._powers) < 10_000:  # (names repeat; arbitrary input does not grow it without end)
                self._powers[text] = found
        return found

    def _power(self, text: str) -> str | None:
        key = text.strip().upper()
        key = ADJECTIVES.get(key, key)
        for name, abbrev in self.powers.items():
            if key in (name, abbrev):
                return name
        return None

    @cached_property
    def locations(self) -> list[str]:
        """Every place a unit can stand: provinces, and the coasts of multi-coast provinces."""
        out = []
        for p in self.provinces.values():
            if p.impassable:
                continue
            out.append(p.abbreviation)
            out.extend(f"{p.abbreviation}/{c}" for c in p.coasts)
        return out

    @staticmethod
    def province_of(location: str) -> str:
        return location.split("/")[0]

    def fleet_locations(self, province: str) -> list[str]:
        """Where a fleet can stand in a province: its coasts, or the province itself."""
        p = self.provinces[province]
        if p.terrain == "inland" or p.impassable:
            return []
        return [f"{province}/{c}" for c in p.coasts] or [province]

    # --- adjacency -------------------------------------------------------------------------
    def army_adjacent(self, a: str, b: str) -> bool:
        return frozenset((self.province_of(a), self.province_of(b))) in self.army_edges

    def fleet_adjacent(self, a: str, b: str) -> bool:
        """Fleet adjacency between locations (coasts matter: SPA/NC is not SPA/SC)."""
        return frozenset((a, b)) in self.fleet_edges

    def neighbours(self, location: str, unit_type: UnitType) -> list[str]:
        """Locations a unit of this type can move to from `location` (armies: provinces)."""
        edges = self.army_edges if unit_type == "A" else self.fleet_edges
        if unit_type == "A":
            location = self.province_of(location)
        return sorted(next(iter(e - {location})) for e in edges if location in e)

    # --- centres -----------------------------------------------------------------------------
    @cached_property
    def supply_centres(self) -> list[str]:
        return sorted(p.abbreviation for p in self.provinces.values() if p.supply_centre)

    def home_centres(self, power: str) -> list[str]:
        return sorted(p.abbreviation for p in self.provinces.values() if p.home_of == power)

    @cached_property
    def playable_provinces(self) -> list[str]:
        return sorted(p.abbreviation for p in self.provinces.values() if not p.impassable)

    # --- logic-program facts --------------------------------------------------------------------
    @cached_property
    def facts(self) -> str:
        """The map as ASP facts (schema in encodings/diplomacy/README.md)."""
        lines = []
        for p in self.provinces.values():
            a = atom(p.abbreviation)
            if p.impassable:  # a province no unit can enter (Switzerland)
                lines.append(f"province({a}). terrain({a},impassable). location({a},{a}).")
                continue
            lines.append(f"province({a}). terrain({a},{p.terrain}).")
            if p.supply_centre:
                lines.append(f"supply_centre({a}).")
            if p.home_of:
                lines.append(f"home_centre({p.home_of.lower()},{a}).")
            for c in p.coasts:
                lines.append(f"coast({atom(p.abbreviation + '/' + c)},{a}).")
        for loc in self.locations:
            lines.append(f"location({atom(loc)},{atom(self.province_of(loc))}).")
        for e in sorted(tuple(sorted(e)) for e in self.army_edges):
            lines.append(f"army_adjacent({atom(e[0])},{atom(e[1])}). army_adjacent({atom(e[1])},{atom(e[0])}).")
        for e in sorted(tuple(sorted(e)) for e in self.fleet_edges):
            lines.append(f"fleet_adjacent({atom(e[0])},{atom(e[1])}). fleet_adjacent({atom(e[1])},{atom(e[0])}).")
        for power in self.powers:
            lines.append(f"power({power.lower()}).")
        return "\n".join(lines) + "\n"


def atom(location: str) -> str:
    """ASP constant for a province or location: SPA/NC -> spa_nc."""
    return location.lower().replace("/", "_")


def from_atom(text: str) -> str:
    """Inverse of `atom`: spa_nc -> SPA/NC."""
    return text.upper().replace("_", "/")


@lru_cache(maxsize=None)
def load_map(name: str = "standard") -> DiplomacyMap:
    """Load a bundled map by name (only "standard" ships)."""
    try:
        text = resources.files("adjudicator").joinpath(f"data/diplomacy/{name}.yaml").read_text("utf-8")
    except FileNotFoundError:
        raise InputError(f"no bundled Diplomacy map named {name!r}") from None
    # libyaml's parser where present (about ten times faster: the map is read in every call)
    data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # noqa: S506 - a safe loader
    provinces = {
        abbrev: Province(
            abbreviation=abbrev,
            name=entry["name"],
            terrain=entry["terrain"],
            supply_centre=bool(entry.get("supply_centre", False)),
            home_of=entry.get("home_of"),
            coasts=tuple(entry.get("coasts", ())),
            impassable=bool(entry.get("impassable", False)),
        )
        for abbrev, entry in data["provinces"].items()
    }
    return DiplomacyMap(
        name=data["name"],
        provinces=provinces,
        powers={n: p["abbreviation"] for n, p in data["powers"].items()},
        starting_units={n: list(p["units_1901"]) for n, p in data["powers"].items()},
        army_edges=frozenset(frozenset(e.split("-")) for e in data["adjacency"]["army"]),
        fleet_edges=frozenset(frozenset(e.split("-")) for e in data["adjacency"]["fleet"]),
    )
