"""Diplomacy: map, orders, adjudication, game flow, rendering.

    from adjudicator.diplomacy import adjudicate
    result = adjudicate({"phase": "S1901M", "units": {...}, "orders": {...}})
"""

from adjudicator.diplomacy.movement import adjudicate  # noqa: E402  (the function; the module is `movement`)

__all__ = ["adjudicate"]
