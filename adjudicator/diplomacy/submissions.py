"""Who submitted which order (Diplonomic 2020 rule 7; BT7, BT15) and which orders count.

An order in a turn is a string (submitted by the power's contestant) or
``{"order": "A PAR - BUR", "by": "bob"}``. The turn may name the people:
``"contestants": {"FRANCE": {"contestant": "alice", "authorised": ["bob"]}}``.

Rule 7: only the contestant or a teammate e has authorised CAN submit or change orders for eir
country; the Gamemaster SHALL tell who submitted which order. BT15: orders "can be changed at
any time", so of several orders for one unit the last one submitted counts. These are facts
about submission, not adjudication: whether an order is allowed by the game rules stays with
the encodings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field

from adjudicator.diplomacy.maps import DiplomacyMap


class Team(BaseModel):
    contestant: str | None = None
    authorised: list[str] = Field(default_factory=list)
    teammates: list[str] = Field(default_factory=list)


class Submission(BaseModel):
    """One submitted order and what became of it (the rule 7 report)."""

    order: str
    by: str | None = None
    counted: bool = True
    note: str = ""


@dataclass
class Entry:
    power: str
    text: str
    by: str | None
    authorised: bool
    note: str = ""


def order_text(item: Any) -> tuple[str, str | None]:
    if isinstance(item, Mapping):
        return str(item.get("order", "")), (str(item["by"]) if item.get("by") is not None else None)
    if hasattr(item, "order"):
        return str(item.order), getattr(item, "by", None)
    return str(item), None


def entries(board: DiplomacyMap, orders: Mapping[str, list[Any]], teams: Mapping[str, Any] | None,
            rules: str, unauthorised: str) -> list[Entry]:
    """Every submitted order with its submitter and whether e was entitled to submit it."""
    out = []
    teams = teams or {}
    for power_text, items in orders.items():
        power = board.power(power_text) or power_text.upper()
        team = teams.get(power) or teams.get(power_text) or next(
            (t for k, t in teams.items() if board.power(k) == power), None)
        if isinstance(team, Mapping):
            team = Team(**team)
        for item in items:
            text, by = order_text(item)
            allowed, note = True, ""
            if by is not None and team is not None and by != team.contestant:
                if rules == "diplonomic2020" and by in team.authorised:
                    note = f"submitted by authorised teammate {by} (rule 7)"
                elif rules == "diplonomic2020":
                    allowed = False
                    note = (f"{by} is not {power}'s contestant nor a teammate authorised to submit orders "
                            "(Diplonomic rule 7)")
                elif rules == "bt2020":
                    allowed = False
                    note = f"{by} is not {power}'s contestant; BT7 allows assistance, not submission"
            if not allowed and unauthorised == "accepted":
                allowed, note = True, note + "; counted anyway (unauthorised_orders=accepted)"
            out.append(Entry(power, text, by, allowed, note))
    return out
