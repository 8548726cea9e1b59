"""The rules a result cites. Reasons are written citing the Birthday Tournament 2020 regulations
(BTnn), whose movement, retreat and adjustment rules are the rulebook's; under `rules: standard`
the same rule is cited as the rulebook's, never as a tournament regulation."""

from __future__ import annotations

import re
from functools import lru_cache

from adjudicator.diplomacy.models import TurnResult

_BT = re.compile(r"\bBT\d+\b")
_BT_BESIDE_OTHERS = re.compile(r"\bBT\d+[;,] ")  # "BT17, DATC 6.A.1": the other citation stays
_REPEATED = re.compile(r"\brulebook(?:[;,] rulebook\b)+")


@lru_cache(maxsize=4096)  # reasons repeat across turns
def cite(text: str, rules: str) -> str:
    """`text` with its BTnn citations read for `rules`."""
    if rules != "standard" or "BT" not in text:
        return text
    return _REPEATED.sub("rulebook", _BT.sub("rulebook", _BT_BESIDE_OTHERS.sub("", text)))


def cite_result(result: TurnResult, rules: str) -> TurnResult:
    """Every reason and explanation of `result`, cited for `rules` (in place; returns it)."""
    if rules != "standard":
        return result
    for order in result.orders:
        order.reason = cite(order.reason, rules)
    if result.explanations:
        result.explanations = [cite(line, rules) for line in result.explanations]
    return result
