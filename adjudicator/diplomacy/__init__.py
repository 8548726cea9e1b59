"""Diplomacy: map, orders, adjudication, game flow, rendering.

    from adjudicator.diplomacy import adjudicate
    result = adjudicate({"phase": "S1901M", "units": {...}, "orders": {...}})
"""

from adjudicator.diplomacy.adjudicate import adjudicate  # noqa: E402  (the function, not the module)

__all__ = ["adjudicate"]
