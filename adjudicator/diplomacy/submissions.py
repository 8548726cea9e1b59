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

from adjudicator.diplomacy.maps import DiplomacyMap
from adjudicator.diplomacy.models import OrderResult, Submission
from adjudicator.solving.messages import Messages


@dataclass
class Entry:
    power: str
    text: str
    by: str | None


def order_text(item: Any) -> tuple[str, str | None]:
    if isinstance(item, Mapping):
        return str(item.get("order", "")), (str(item["by"]) if item.get("by") is not None else None)
    if hasattr(item, "order"):
        return str(item.order), getattr(item, "by", None)
    return str(item), None


def entries(board: DiplomacyMap, orders: Mapping[str, list[Any]]) -> list[Entry]:
    """Every submitted order with its power and submitter, in the order given. Whether the
    submitter CAN submit it is decided by the encodings (variant_submission.lp,
    variant_movement.lp), not here."""
    out = []
    for power_text, items in orders.items():
        power = board.power(power_text) or power_text.upper()
        for item in items:
            text, by = order_text(item)
            out.append(Entry(power, text, by))
    return out


def misorder_reason(exc: Exception) -> str:
    """The parser's reason without the place and the order it names (the misorder says them)."""
    text = str(exc)
    source = getattr(exc, "source", None)
    if source and text.startswith(f"{source}: "):
        text = text[len(source) + 2:]
    return text.split("': ", 1)[1] if text.startswith("order '") and "': " in text else text


def readable(listed: list[Entry], board: DiplomacyMap, options: Mapping[str, str], source: str | None):
    """(the orders kept, the misorders or None): under option misorders=hold an order that cannot be read
    is set aside with its reason and its unit is unordered (a retreat phase disbands it, BT22; an
    adjustment phase makes no build for it, and a removal due is the civil-disorder one, BT24);
    under misorders=stop every order is kept and an unreadable one stops the phase."""
    from adjudicator.diplomacy.models import Misorder
    from adjudicator.diplomacy.orders import parse_order
    from adjudicator.errors import InputError

    if options.get("misorders") != "hold":
        return listed, None
    kept, misorders = [], []
    for entry in listed:
        try:
            parse_order(entry.text, board, source=source)
        except InputError as exc:
            misorders.append(Misorder(power=entry.power, order=str(entry.text), reason=misorder_reason(exc)))
            continue
        kept.append(entry)
    return kept, misorders or None


def names_submitters(turn) -> bool:
    """Whether the turn names any submitter or contestant (else rule 7's report is None)."""
    if turn.contestants:
        return True
    return any(type(item) is not str and order_text(item)[1] for items in turn.orders.values() for item in items)


def submission_report(turn, named: list[tuple[str, str]], not_counted: set[int]) -> dict[str, list[Submission]] | None:
    """Rule 7's report: per power, every order with who submitted it and whether it counted
    (`named`: (power, order in short notation) of the turn's orders, by index; `not_counted`:
    the orders the encoding found were submitted by someone who CANNOT). None when the turn
    names no submitters and no contestants (nothing to report)."""
    if not names_submitters(turn):
        return None
    pairs = [order_text(item) for items in turn.orders.values() for item in items]
    teams = turn.contestants or {}
    report: dict[str, list[Submission]] = {}
    for index, ((power, order), (_, by)) in enumerate(zip(named, pairs)):
        team = next((t for k, t in teams.items() if k.upper() in (power, power[:3])), None)
        who = by or (team.contestant if team else None)
        report.setdefault(power, []).append(
            Submission(order=order, by=who, counted=index not in not_counted))
    return report


def read_results(model, listed: list[Entry], reasons: Messages, *, not_an_order: str,
                 done: dict[int, str] | None = None,
                 canonical: dict[int, str] | None = None,
                 optional: set[int] = frozenset()) -> tuple[dict[int, OrderResult], set[int]]:
    """The encoding's `result(Index, Outcome, Reason)` atoms (retreat and adjustment phases) as
    results by index, with every reason for the outcome (worded by the phase's `reasons`), and the orders that did not count
    because their submitter CANNOT submit them (rule 7). An entry without a result is INVALID
    with the reason `not_an_order`; `done` words a success ("built", "retreated to PIC");
    `canonical` names each order in short notation (the text as submitted goes to `written`);
    an `optional` entry without a result is left out (an order given in advance that the phase
    did not need, BT15)."""
    results: dict[int, OrderResult] = {}
    not_counted: set[int] = set()
    for symbol in model:
        if symbol.name != "result":
            continue
        index, outcome, reason = symbol.arguments[0].number, symbol.arguments[1].name, symbol.arguments[2].name
        entry = listed[index]
        text = reasons.text(reason)
        if reason == "ok" and done:
            text = done.get(index, text)
        if reason == "unauthorised_submitter":
            not_counted.add(index)
        if index in results and results[index].result == outcome.upper():  # several reasons: all of them
            text = "; ".join(sorted({results[index].reason, text}))
        results[index] = _named(entry, index, canonical, result=outcome.upper(), reason=text)
    for index, entry in enumerate(listed):
        if index not in results and index not in optional:
            results[index] = _named(entry, index, canonical, result="INVALID", reason=not_an_order)
    return results, not_counted


def _named(entry: Entry, index: int, canonical: dict[int, str] | None, **fields) -> OrderResult:
    name = (canonical or {}).get(index, entry.text)
    return OrderResult(power=entry.power, order=name, written=entry.text if entry.text != name else None, **fields)


def phase_facts(turn, listed: list[Entry], options: dict[str, str]) -> list[str]:
    """Facts for variant_submission.lp (retreat and adjustment phases): who submitted each order
    and who may; the encoding decides which orders count (rule 7)."""
    from adjudicator.diplomacy.maps import load_map
    from adjudicator.diplomacy.variants import _person

    board = load_map()
    facts = [f"rules({turn.rules}).", f"option(unauthorised_orders,{options['unauthorised_orders']})."]
    for index, entry in enumerate(listed):
        facts.append(f"submitted_order({index},{entry.power.lower()}).")
        if entry.by is not None:
            facts.append(f"submitted_by({index},{_person(entry.by)}).")
    for power_text, team in (turn.contestants or {}).items():
        power = (board.power(power_text) or power_text.upper()).lower()
        if team.contestant:
            facts.append(f"contestant({power},{_person(team.contestant)}).")
        facts += [f"authorised({power},{_person(p)})." for p in team.authorised]
    return facts
