"""Facts for conditional orders (BT15; encodings/diplomacy/conditional.lp).

A conditional order is written ``<order> IF <condition> [AND <condition> ...]``; a condition is
``<order> SUCCEEDS``, ``<order> FAILS``, ``<unit> DISLODGED`` or ``<unit> NOT DISLODGED``
(adjudicator/diplomacy/orders.py reads them). This module only says which order of the turn a
condition names (the same unit's province, kind of order, destination and supported or convoyed
unit; unit types, coasts and convoy paths are not compared, as DATC 4.C.1/4.B.5 treat orders).
Whether a condition holds, and so whether the order is in force, is decided by the encoding.
"""

from __future__ import annotations

from adjudicator.diplomacy.maps import DiplomacyMap, atom
from adjudicator.diplomacy.orders import Order


def order_key(order: Order) -> tuple:
    """What identifies an order for a condition: its kind and the provinces it names."""
    province = DiplomacyMap.province_of
    return (order.kind,
            province(order.location) if order.location else None,
            province(order.destination) if order.destination else None,
            province(order.target) if order.target else None)


def condition_facts(number: int, orders: list[tuple[str, str, Order]]) -> list[str]:
    """conditional/2, condition/4, condition_order/4 (``none`` when no order of the turn is the
    one named) and condition_unit/4 facts of turn `number`; `orders[i]` is (power, text, order)."""
    if not any(order.conditions for _, _, order in orders):
        return []
    by_key: dict[tuple, list[int]] = {}
    for j, (_, _, order) in enumerate(orders):
        by_key.setdefault(order_key(order), []).append(j)
    lines = []
    for i, (_, _, order) in enumerate(orders):
        if not order.conditions:
            continue
        lines.append(f"conditional({number},{i}).")
        for k, condition in enumerate(order.conditions):
            lines.append(f"condition({number},{i},{k},{condition.kind}).")
            if condition.order is not None:
                named = by_key.get(order_key(condition.order), [])
                lines += [f"condition_order({number},{i},{k},{j})." for j in named] or \
                    [f"condition_order({number},{i},{k},none)."]
            else:
                province = DiplomacyMap.province_of(condition.location)
                lines.append(f"condition_unit({number},{i},{k},{atom(province)}).")
    return lines
