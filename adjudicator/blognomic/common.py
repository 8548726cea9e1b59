"""Shared plumbing of the BlogNomic area: UTC instants as clingo integers, a model's atoms by
name (facts are built as clingo symbols with adjudicator.solving.terms; the readings are declared
on adjudicator.solving.readings.Readings in matters.py and watch.py)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from adjudicator.errors import InputError

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
