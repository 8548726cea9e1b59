"""Time (R1023, R478): the case's epoch (the Monday 00:00 UTC on or before everything in it), the
events in date-stamp order (within one date-stamp, in the order written) and their labels, and
the end of the case (`now_time/1`)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.case import parse_time
from adjudicator.errors import InputError


def timeline(build: CaseBuild) -> None:
    case, where = build.case, build.where
    times = [parse_time(e.at, f"{where}: event {i}") for i, e in enumerate(case.events, 1)]
    now = parse_time(case.now, f"{where}: now") if case.now is not None else (max(times) if times else None)
    earliest = min([t for t in [*times, now] if t is not None], default=datetime(2020, 1, 6, tzinfo=timezone.utc))
    start_day = earliest.replace(hour=0, minute=0, second=0, microsecond=0)
    build.times, build.now = times, now
    build.epoch = start_day - timedelta(days=start_day.weekday())
    build.order = sorted(range(len(case.events)), key=lambda i: (times[i], i))
    build.index_of = {written: position + 1 for position, written in enumerate(build.order)}
    for written in build.order:
        event = case.events[written]
        e = build.index_of[written]
        position = event._position if event._position is not None else written + 1
        label = str(event.id) if event.id is not None else str(position)
        if label.lower() in build.lexicon.events:
            raise InputError(f"{where}: two events are labelled {label!r}")
        build.lexicon.events[label.lower()] = e
        build.event_labels[e] = label
        if event._position is not None:
            build.lexicon.positions[str(position)] = e
    build.lexicon.event_count = sum(1 for event in case.events if event._position is not None)
    build.add("event_count", len(case.events))
    build.add("now_time", build.minutes(now) if now is not None else 0)
