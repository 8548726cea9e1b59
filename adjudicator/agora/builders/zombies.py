"""Zombies before the case's record (R2574, R2532: encodings/agora/zombies.lp): when a player last
made a public announcement, since when a zombie has been one, and when Agora was last a zombie's
master, where the case states them (`gamestate.last_announced`, `zombie_since`,
`agora_last_master`): the 60 and 90 days of R2574 may begin before the first event."""

from __future__ import annotations

from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.case import parse_time
from adjudicator.solving.terms import Name

_FIELDS = ("last_announced", "zombie_since", "agora_last_master")


def zombie_history(build: CaseBuild) -> None:
    """Each stated time as minutes from the case's epoch (`person: time`)."""
    gamestate = build.case.gamestate
    for field in _FIELDS:
        for person, moment in getattr(gamestate, field).items():
            context = f"{build.where}: gamestate.{field}"
            build.add(field, Name(build.who(person, context)), build.minutes(parse_time(moment, f"{context}.{person}")))
