"""Phase names and the shared fact-building helpers of the retreat and adjustment phases.

The phase sequence (S-M, S-R only if needed, F-M, F-R only if needed, W-A only if needed, next
year) is decided from what the encodings report: dislodged units (a retreat phase is needed)
and the adjustment balance (an adjustment phase is needed). This module only names the phases.
"""

from __future__ import annotations

from adjudicator.diplomacy.maps import DiplomacyMap, atom
from adjudicator.diplomacy.models import Turn
from adjudicator.errors import InputError


def year(phase: str) -> int:
    return int(phase[1:5])


def after_movement(phase: str, retreats_needed: bool, adjustments_needed: bool) -> str:
    """The phase after a movement phase (S/F...M)."""
    if retreats_needed:
        return f"{phase[0]}{phase[1:5]}R"
    return after_retreats(phase[0] + phase[1:5] + "R", adjustments_needed)


def after_retreats(phase: str, adjustments_needed: bool) -> str:
    """The phase after a (possibly skipped) retreat phase."""
    if phase[0] == "S":
        return f"F{phase[1:5]}M"
    if adjustments_needed:
        return f"W{phase[1:5]}A"
    return f"S{year(phase) + 1}M"


def after_adjustments(phase: str) -> str:
    return f"S{year(phase) + 1}M"


def power_name(board: DiplomacyMap, text: str, source: str | None = None) -> str:
    power = board.power(text)
    if power is None:
        raise InputError(f"unknown power {text!r}", source=source)
    return power


def unit_facts(board: DiplomacyMap, units: dict[str, list[str]], predicate: str = "unit",
               source: str | None = None) -> tuple[list[str], dict[str, tuple[str, str, str]]]:
    """`unit(Power,Type,Location).` facts and a lookup location -> (power, type, location)."""
    facts, where = [], {}
    for power_text, listed in units.items():
        power = power_name(board, power_text, source)
        for unit in listed:
            unit_type, location = parse_unit(board, unit, source)
            province = board.province_of(location)
            if any(board.province_of(other) == province for other in where):
                raise InputError(f"two units in {province} ({unit!r})", source=source)
            where[location] = (power, unit_type, location)
            facts.append(f"{predicate}({power.lower()},{unit_type.lower()},{atom(location)}).")
    return facts, where


def parse_unit(board: DiplomacyMap, text: str, source: str | None = None) -> tuple[str, str]:
    """'A PAR' / 'F STP/SC' -> ('A', 'PAR'); InputError if it is not a unit."""
    parts = str(text).replace("(", "/").replace(")", "").split()
    if len(parts) != 2 or parts[0].upper() not in ("A", "F"):
        raise InputError(f"not a unit: {text!r} (expected like 'A PAR' or 'F STP/SC')", source=source)
    name, _, coast = parts[1].partition("/")
    province = board.province(name)
    if province is None:
        raise InputError(f"unknown province {name!r} in unit {text!r}", source=source)
    if coast and coast.upper() in board.provinces[province].coasts:
        return parts[0].upper(), f"{province}/{coast.upper()}"
    return parts[0].upper(), province


def centre_facts(board: DiplomacyMap, turn: Turn, source: str | None = None) -> tuple[list[str], dict[str, list[str]]]:
    """`owns(Power,Province).` facts (default: 1901 ownership) and the ownership as a dict."""
    centres: dict[str, list[str]] = {}
    if turn.centers is None:
        for name, province in board.provinces.items():
            if province.home_of:
                centres.setdefault(province.home_of, []).append(name)
    else:
        for power_text, listed in turn.centers.items():
            power = power_name(board, power_text, source)
            for name in listed:
                province = board.province(str(name).split("/")[0])
                if province is None or not board.provinces[province].supply_centre:
                    raise InputError(f"{name!r} is not a supply centre ({power})", source=source)
                centres.setdefault(power, []).append(province)
    facts = [f"owns({p.lower()},{atom(c)})." for p, cs in centres.items() for c in cs]
    return facts, {p: sorted(cs) for p, cs in centres.items()}


def alphabet_facts(board: DiplomacyMap) -> list[str]:
    """The two alphabetical orders of provinces BT24's tie-break may use (data for the encoding)."""
    facts = []
    provinces = [p for p in board.provinces.values() if not p.impassable]
    for alphabet, key in (("english_names", lambda p: p.name.lower()), ("abbreviations", lambda p: p.abbreviation)):
        for rank, province in enumerate(sorted(provinces, key=key)):
            facts.append(f"name_rank({alphabet},{atom(province.abbreviation)},{rank}).")
    return facts
