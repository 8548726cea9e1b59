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
from adjudicator.diplomacy.models import PendingOrder
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


def pending_orders(orders: list[tuple[str, str, Order]], later: set[int],
                   in_force: set[int]) -> dict[str, list[PendingOrder]] | None:
    """The orders the encoding carried to the phases that follow (`later`: later_phase_order/2;
    BT15, BT23), per power, each for the retreat phase (a retreat, or a disband not written
    "Remove") or the adjustment phase (build, removal, waive); a conditional one says whether its
    conditions held (`in_force`: in_force/2). None when there are none."""
    carried: dict[str, list[PendingOrder]] = {}
    for i in sorted(later):
        power, _, order = orders[i]
        for_retreats = order.kind == "retreat" or (order.kind == "disband" and not order.removal)
        condition = order.condition_text()
        carried.setdefault(power, []).append(PendingOrder(
            order=order.canonical(), phase="retreat" if for_retreats else "adjustment", condition=condition,
            condition_met=(i in in_force) if condition else None))
    return carried or None


def pending_entries(turn, phase: str) -> list[tuple[str, str]]:
    """(power, order) of the orders carried to this phase ('retreat' or 'adjustment') whose
    conditions held, in the order given (after the phase's own orders: of several orders for one
    unit the first counts, so an order given in the phase itself replaces one given in advance)."""
    return [(power, pending.order) for power, listed in (turn.pending_orders or {}).items()
            for pending in listed if pending.phase == phase and pending.condition_met is not False]


def carried_on(turn) -> dict[str, list[PendingOrder]] | None:
    """The pending orders of a retreat phase's input that are for the adjustment phase."""
    kept = {power: [p for p in listed if p.phase == "adjustment"] for power, listed in (turn.pending_orders or {}).items()}
    return {power: listed for power, listed in kept.items() if listed} or None
