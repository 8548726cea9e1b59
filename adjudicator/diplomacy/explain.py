"""`--explain`: for each order of a movement phase, why it succeeded or failed, written from the
stable model the solver chose (strengths compared, supports counted, what cut them, the paradox
rule applied). The same encodings decide; `encodings/diplomacy/explain.lp` only shows the
decisions. Nothing here re-adjudicates.
"""

from __future__ import annotations

from collections import defaultdict

from adjudicator.diplomacy.maps import from_atom
from adjudicator.diplomacy.models import Turn, TurnResult
from adjudicator.diplomacy.programs import ENTRY, EXPLAIN
from adjudicator.solving import DEFAULT_TIMEOUT
from adjudicator.solving.messages import messages



def _model_for(turn: Turn, timeout: float, source: str):
    """The final stable model of the turn (after any paradox backup rule), with explain.lp's atoms."""
    from adjudicator.diplomacy.movement import final_model

    prepared, model, _paradoxes = final_model(turn, explain=True, timeout=timeout, source=source)
    return prepared, model


class _Decisions:
    """The decisions explain.lp shows for turn 1 of the model, by the province they concern."""

    def __init__(self, model):
        atoms: dict[str, list[tuple]] = defaultdict(list)
        for s in model:
            if s.arguments and _value(s.arguments[0]) == 1:
                atoms[s.name].append(tuple(_value(a) for a in s.arguments[1:]))
        self.attack = {x: n for x, n in atoms["attack"]}
        self.defend = {x: n for x, n in atoms["defend"]}
        self.prevent = {x: n for x, n in atoms["prevent"]}
        self.hold = {d: n for d, n in atoms["hold"]}
        self.gives_move = _grouped((x, s) for s, x in atoms["gives_move"])
        self.gives_hold = _grouped((x, s) for s, x in atoms["gives_hold"])
        words = messages(ENTRY, EXPLAIN)
        self.cut = {s: words.text("cut_attacker", [x]) for s, x in atoms["cut_attacker"]}
        self.cut.update({s: words.text("cut_by_dislodgement", [x]) for s, x, in atoms["cut_by_dislodgement"]})
        self.h2h = {x: y for x, y in atoms["h2h"]}
        self.rivals = _grouped((x, (y, p)) for x, y, p in atoms["rival"])
        self.same_power = {x for (x,) in atoms["same_power"]}
        self.has_path = {x for (x,) in atoms["has_path"]}
        self.moves = atoms["mv"]


def _grouped(pairs) -> dict:
    grouped = defaultdict(list)
    for key, value in pairs:
        grouped[key].append(value)
    return grouped


def _move_why(d: _Decisions, province: str, order) -> list[str]:
    words = messages(ENTRY, EXPLAIN)
    dest = (order.destination or "").split("/")[0]
    why = []
    if province not in d.has_path:
        why.append(words.text("no_convoy_path"))
    supporters = sorted(d.gives_move.get(province, []))
    a = d.attack.get(province)
    if a is not None and province in d.same_power and a == 0:
        why.append(words.text("own_unit_stays", [dest]))
    elif a is not None:
        sup = f" (1 + support from {', '.join(supporters)})" if supporters else " (no support counted)"
        if province in d.same_power:
            sup += "; " + words.text("own_power_supports", [dest])
        why.append(f"attack strength {a}{sup}")
    if province in d.h2h:
        other = d.h2h[province]
        why.append(words.text("head_to_head", [other, str(d.defend.get(other))]))
    elif dest in d.hold:
        holders = sorted(d.gives_hold.get(dest, []))
        extra = f" (1 + hold support from {', '.join(holders)})" if holders and d.hold[dest] > 1 else ""
        why.append(f"hold strength of {dest}: {d.hold[dest]}{extra}")
    for y, p in sorted(d.rivals.get(province, [])):
        why.append(words.text("rival", [y, str(p)]))
    return why


def _support_why(d: _Decisions, province: str, r) -> list[str]:
    if province in d.cut:
        return [d.cut[province]]
    if r.result == "SUCCEEDS":
        why = ["support counted"]
        attackers = sorted({x for x, to, _ in d.moves if to == province})
        if attackers:
            why.append(messages(ENTRY, EXPLAIN).text("attacked_not_cut", [", ".join(attackers)]))
        return why
    return [r.reason or "void"]


def _hold_why(d: _Decisions, province: str, r) -> list[str]:
    why = []
    holders = sorted(d.gives_hold.get(province, []))
    if province in d.hold:
        why.append(f"hold strength {d.hold[province]}" + (f" (1 + support from {', '.join(holders)})" if holders else ""))
    if r.reason:
        why.append(r.reason)
    return why


def _order_why(d: _Decisions, order, r) -> list[str]:
    """Why order `order` has its result `r`: the decisions behind it."""
    province = order.location.split("/")[0] if order.location else None
    if r.result == "INVALID":
        return [r.reason]
    if order.kind == "move" and province:
        return _move_why(d, province, order)
    if order.kind == "support" and province:
        return _support_why(d, province, r)
    if order.kind == "hold" and province:
        return _hold_why(d, province, r)
    return [r.reason] if r.reason else []


def explain(turn: Turn, result: TurnResult, *, timeout: float = DEFAULT_TIMEOUT, source: str = "input") -> list[str]:
    """One or more lines per order; only movement phases have strengths to explain."""
    if not turn.phase.endswith("M"):
        return [f"{r.power}: {r.order}: {r.result}" + (f" ({r.reason})" if r.reason else "") for r in result.orders]
    prepared, model = _model_for(turn, timeout, source)
    decisions = _Decisions(model)
    lines = []
    # the movement result lists the orders as submitted, in order (named in short notation)
    for (power, _, order), r in zip(prepared.orders, result.orders):
        why = _order_why(decisions, order, r)
        lines.append(f"{power}: {r.order}: {r.result}" + (": " + "; ".join(w for w in why if w) if why else ""))
    for p in result.paradoxes:
        lines.append(f"paradox ({p.kind}): {p.rule}: {p.applied}; orders: {'; '.join(p.orders)}")
    return lines


def _value(term):
    """A model's argument as Python: numbers, and constants as locations (spa_nc -> SPA/NC).
    Accepts clingo symbols and the adjudicator's lighter `Fn`/int terms."""
    if isinstance(term, int):
        return term
    kind = getattr(term, "type", None)
    if kind is not None and kind.name == "Number":
        return term.number
    return from_atom(term.name)
