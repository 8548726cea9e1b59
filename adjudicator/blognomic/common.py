"""Shared plumbing of the BlogNomic area: UTC instants as clingo integers (facts are built as clingo
symbols and models read back with adjudicator.solving.terms; the readings are declared on
adjudicator.solving.readings.Readings in matters.py and watch.py)."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from pydantic import AfterValidator

from adjudicator.errors import InputError

EPOCH = dt.datetime(2000, 1, 1, tzinfo=dt.timezone.utc)
LATEST = dt.datetime(2067, 12, 31, tzinfo=dt.timezone.utc)  # seconds since EPOCH stay 32-bit


def as_utc(value: dt.datetime) -> dt.datetime:
    """BlogNomic's Appendix (Time): time is in UTC; a naive time is read as UTC."""
    return value.replace(tzinfo=dt.timezone.utc) if value.tzinfo is None else value.astimezone(dt.timezone.utc)


UTCTime = Annotated[dt.datetime, AfterValidator(as_utc)]  # Appendix, Time: time in BlogNomic is UTC


def seconds(moment: dt.datetime, what: str = "time") -> int:
    moment = as_utc(moment)
    if not EPOCH <= moment <= LATEST:
        raise InputError(f"{what} {moment.isoformat()} is outside 2000-01-01 .. 2067-12-31")
    return int((moment - EPOCH).total_seconds())


def moment(secs: int) -> dt.datetime:
    return EPOCH + dt.timedelta(seconds=secs)


def stamp(secs: int) -> str:
    return moment(secs).strftime("%Y-%m-%d %H:%M UTC")
