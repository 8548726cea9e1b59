"""`--explain`: for each order of a movement phase, why it succeeded or failed, written from the
stable model the solver chose (strengths compared, supports counted, what cut them, the paradox
rule applied). The same encodings decide; `encodings/diplomacy/explain.lp` only shows the
decisions. Nothing here re-adjudicates.
"""

from __future__ import annotations

from collections import defaultdict

from adjudicator.diplomacy.maps import from_atom
from adjudicator.diplomacy.models import Turn, TurnResult
from adjudicator.solving import DEFAULT_TIMEOUT



def _model_for(turn: Turn, timeout: float, source: str):
    """The final stable model of the turn (after any paradox backup rule), with explain.lp's atoms."""
    import importlib

    # the module, not the function the package exports under the same name
    movement = importlib.import_module("adjudicator.diplomacy.adjudicate")
    prepared, model, _paradoxes = movement.final_model(turn, explain=True,
                                                       timeout=timeout, source=source)
    return prepared, model


def explain(turn: Turn, result: TurnResult, *, timeout: float = DEFAULT_TIMEOUT, source: str = "input") -> list[str]:
    """One or more lines per order; only movement phases have strengths to explain."""
    if not turn.phase.endswith("M"):
        return [f"{r.power}: {r.order}: {r.result}" + (f" ({r.reason})" if r.reason else "") for r in result.orders]
    prepared, model = _model_for(turn, timeout, source)
    atoms: dict[str, list[tuple]] = defaultdict(list)
    for s in model:
        if s.arguments and _value(s.arguments[0]) == 1:
            atoms[s.name].append(tuple(_value(a) for a in s.arguments[1:]))
    attack = {x: n for x, n in atoms["attack"]}
    defend = {x: n for x, n in atoms["defend"]}
    prevent = {x: n for x, n in atoms["prevent"]}
    hold = {d: n for d, n in atoms["hold"]}
    gives_move = defaultdict(list)
    for s, x in atoms["gives_move"]:
        gives_move[x].append(s)
    gives_hold = defaultdict(list)
    for s, x in atoms["gives_hold"]:
        gives_hold[x].append(s)
    cut = {s: f"cut by the attack from {x} (BT20)" for s, x in atoms["cut_attacker"]}
    cut.update({s: f"cut: the supporter is dislodged by the unit from {x} (BT20)" for s, x, in atoms["cut_by_dislodgement"]})
    h2h = {x: y for x, y in atoms["h2h"]}
    rivals = defaultdict(list)
    for x, y, p in atoms["rival"]:
        rivals[x].append((y, p))
    same_power = {x for (x,) in atoms["same_power"]}
    has_path = {x for (x,) in atoms["has_path"]}
    exempt = defaultdict(list)
    for s, x in atoms["supports_into"]:
        exempt[s].append(x)
    lines = []
    # the movement result lists the orders as submitted, in order (named in short notation)
    for (power, _, order), r in zip(prepared.orders, result.orders):
        verdict = r.result
        head = f"{power}: {r.order}: {verdict}"
        province = order.location.split("/")[0] if order.location else None
        why: list[str] = []
        if r and r.result == "INVALID":
            why.append(r.reason)
        elif order.kind == "move" and province:
            dest = (order.destination or "").split("/")[0]
            if province not in has_path:
                why.append("no convoy path: attack, prevent and defend strength 0 (BT18)")
            supporters = sorted(gives_move.get(province, []))
            a = attack.get(province)
            if a is not None and province in same_power and a == 0:
                why.append(f"attack strength 0: the unit in {dest} is of the same power and stays "
                           "(BT21: a country can't dislodge its own unit)")
            elif a is not None:
                sup = f" (1 + support from {', '.join(supporters)})" if supporters else " (no support counted)"
                if province in same_power:
                    sup += f"; supports from the power of the unit in {dest} do not count (BT21)"
                why.append(f"attack strength {a}{sup}")
            if province in h2h:
                other = h2h[province]
                why.append(f"head-to-head with the unit in {other}: its defend strength {defend.get(other)} (BT19)")
            elif dest in hold:
                holders = sorted(gives_hold.get(dest, []))
                extra = f" (1 + hold support from {', '.join(holders)})" if holders and hold[dest] > 1 else ""
                why.append(f"hold strength of {dest}: {hold[dest]}{extra}")
            for y, p in sorted(rivals.get(province, [])):
                why.append(f"rival move from {y} with prevent strength {p} (BT19 standoff if not beaten)")
        elif order.kind == "support" and province:
            if province in cut:
                why.append(cut[province])
            elif r and r.result == "SUCCEEDS":
                why.append("support counted")
                attackers = sorted({x for x, d, _ in atoms["mv"] if d == province})
                if attackers:
                    why.append(f"attacked from {', '.join(attackers)} but not cut: from where the support goes, "
                               "by its own power, without a convoy path, or by an army whose convoy it opposes "
                               "(BT20, BT21)")
            elif r:
                why.append(r.reason or "void")
        elif order.kind == "hold" and province:
            holders = sorted(gives_hold.get(province, []))
            if province in hold:
                why.append(f"hold strength {hold[province]}" + (f" (1 + support from {', '.join(holders)})" if holders else ""))
            if r and r.reason:
                why.append(r.reason)
        elif r and r.reason:
            why.append(r.reason)
        lines.append(head + (": " + "; ".join(w for w in why if w) if why else ""))
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
