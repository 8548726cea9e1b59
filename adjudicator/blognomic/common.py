"""Shared plumbing of the BlogNomic area: UTC instants as clingo integers, readings (facts are
built as clingo symbols with adjudicator.solving.terms)."""

from __future__ import annotations

import datetime as dt
import itertools
from typing import Any

from adjudicator.errors import InputError
from adjudicator.solving.terms import Name, fact, fact_lines

EPOCH = dt.datetime(2000, 1, 1, tzinfo=dt.timezone.utc)
LATEST = dt.datetime(2067, 12, 31, tzinfo=dt.timezone.utc)  # seconds since EPOCH stay 32-bit


def as_utc(value: dt.datetime) -> dt.datetime:
    """BlogNomic's Appendix (Time): time is in UTC; a naive time is read as UTC."""
    return value.replace(tzinfo=dt.timezone.utc) if value.tzinfo is None else value.astimezone(dt.timezone.utc)


def seconds(moment: dt.datetime, what: str = "time") -> int:
    moment = as_utc(moment)
    if not EPOCH <= moment <= LATEST:
        raise InputError(f"{what} {moment.isoformat()} is outside 2000-01-01 .. 2067-12-31")
    return int((moment - EPOCH).total_seconds())


def moment(secs: int) -> dt.datetime:
    return EPOCH + dt.timedelta(seconds=secs)


def stamp(secs: int) -> str:
    return moment(secs).strftime("%Y-%m-%d %H:%M UTC")


def atom(value: str) -> str:
    """A reading name or value as a clingo constant (hyphens become underscores)."""
    return value.replace("-", "_")


def parse_readings(pairs: Any, known: dict[str, tuple[tuple[str, ...], str, str]]) -> dict[str, str]:
    """NAME=VALUE pairs (or a dict) checked against `known`; defaults fill the rest."""
    chosen = {name: default for name, (_, default, _) in known.items()}
    items = pairs.items() if isinstance(pairs, dict) else [p.partition("=")[::2] for p in pairs or ()]
    for name, value in items:
        name, value = str(name).strip(), str(value).strip()
        if name not in known:
            raise InputError(f"unknown reading {name!r}; known: {', '.join(sorted(known))}")
        if value not in known[name][0]:
            raise InputError(f"reading {name} has no value {value!r}; choose one of {', '.join(known[name][0])}")
        chosen[name] = value
    return chosen


def reading_facts(readings: dict[str, str]) -> list[str]:
    return fact_lines(fact("reading", Name(atom(name)), Name(atom(value))) for name, value in readings.items())


def combinations(known: dict[str, tuple[tuple[str, ...], str, str]]) -> list[dict[str, str]]:
    names = sorted(known)
    return [dict(zip(names, values)) for values in itertools.product(*(known[n][0] for n in names))]


def _value(sym: Any) -> Any:
    import clingo

    if sym.type == clingo.SymbolType.Number:
        return sym.number
    if sym.type == clingo.SymbolType.String:
        return sym.string
    return str(sym)


def atoms_by_name(symbols: Any) -> dict[str, list[tuple]]:
    """A model's shown atoms as {"name/arity": [argument tuples]} with ints, strings and terms."""
    by: dict[str, list[tuple]] = {}
    for sym in symbols:
        by.setdefault(f"{sym.name}/{len(sym.arguments)}", []).append(tuple(_value(a) for a in sym.arguments))
    return by
