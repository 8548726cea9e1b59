"""The adjustment phase (Winter): builds, disbands, civil-disorder removals, in ASP.

Python parses the orders and builds facts; `encodings/diplomacy/adjust.lp` decides every
build, disband and automatic removal; this module reads the model back into a `TurnResult`.
"""

from __future__ import annotations

import adjudicator.diplomacy.phases as phases
from adjudicator.diplomacy.maps import atom, from_atom, load_map
from adjudicator.diplomacy.models import OrderResult, Turn, TurnResult
from adjudicator.diplomacy.orders import parse_order
from adjudicator.diplomacy.programs import ADJUST, ENTRY
from adjudicator.diplomacy.conditions import pending_entries
from adjudicator.diplomacy.submissions import Entry, entries, phase_facts, read_results, readable, submission_report
from adjudicator.diplomacy.variants import option_facts, resolve_options
from adjudicator.diplomacy.faults import EncodingFault
from adjudicator.errors import InputError
from adjudicator.solving import solve
from adjudicator.solving.messages import messages




def _unit_str(unit_type: str, location: str) -> str:
    return f"{unit_type} {location}"


def adjudicate_adjustments(turn: Turn, *, source: str | None = None, timeout: float = 30.0,
                           civil_disorder: list[str] | None = None) -> TurnResult:
    board = load_map()
    options = resolve_options(turn.rules, getattr(turn, "options", None), source)
    unit_facts, where = phases.unit_facts(board, turn.units, source=source)
    centre_facts, centres = phases.centre_facts(board, turn, source)
    facts = [board.facts, *unit_facts, *centre_facts, *option_facts(options), *phases.alphabet_facts(board)]
    disorder = set(civil_disorder or getattr(turn, "civil_disorder", None) or [])
    # who submitted no orders, and the rules: whether BT24's civil disorder applies is civil_disorder.lp's
    facts += [f"no_orders(0,{p.lower()})." for p in sorted(disorder)] + [f"rules(0,{turn.rules})."]
    facts.append(phases.phase_fact(0, turn.phase))  # phase_order.lp: the phase that follows
    # BT15, BT23: builds, removals and waives given in advance with the Fall orders, after the
    # phase's own; judged like them
    listed, misorders = readable(entries(board, turn.orders), board, options, source)  # option misorders
    listed += [Entry(power, text, None) for power, text in pending_entries(turn, "adjustment")]
    facts += phase_facts(turn, listed, options)  # rule 7: who CAN submit is decided by the encoding
    done: dict[int, str] = {}
    canonical: dict[int, str] = {}
    for index, entry in enumerate(listed):
        order = parse_order(entry.text, board, source=source)
        if order.conditions:  # BT15: conditionals are part of the Spring or Fall orders
            raise InputError(f"order {entry.text!r}: a conditional order is given with the movement turn's orders "
                             "(BT15), not in the adjustment phase", source=source)
        canonical[index] = order.canonical()
        power = entry.power.lower()
        unit_type = (order.unit_type or "none").lower()
        done[index] = {"build": "built", "disband": "removed", "waive": "build waived"}.get(order.kind, "")
        if order.kind == "build":
            facts.append(f"raw_build_order({index},{power},{unit_type},{atom(order.location)}).")
        elif order.kind == "disband":
            facts.append(f"raw_disband_order({index},{power},{unit_type},{atom(order.location)}).")
        elif order.kind == "waive":
            facts.append(f"raw_waive_order({index},{power}).")
        else:
            facts.append(f"raw_other_order({index},{power}).")
    solved = solve([ENTRY], ["\n".join(facts)], timeout=timeout, what=f"adjustments {turn.phase}", parts=ADJUST)
    if solved.status != "one":
        raise EncodingFault(f"adjustment phase {turn.phase}",
                            f"the adjustment encoding gave {solved.status} models, not one")
    model = solved.models[0]
    results, not_counted = read_results(model, listed, messages(ENTRY, ADJUST), not_an_order="not an adjustment order", done=done,
                                        canonical=canonical)
    units: dict[str, list[str]] = {}
    for location, (power, unit_type, _) in where.items():
        units.setdefault(power, []).append(_unit_str(unit_type, location))
    removed = set()
    automatic = []
    distances = {}
    in_disorder = set()  # BT24 applies (civil_disorder.lp: not under the standard rules)
    for symbol in model:
        args = symbol.arguments
        if symbol.name in ("ordered_removal", "automatic_removal"):
            removed.add(from_atom(args[2].name))
        if symbol.name == "automatic_removal":
            automatic.append((args[0].name.upper(), args[1].name.upper(), from_atom(args[2].name)))
        if symbol.name == "civil_disorder" and len(args) == 1:
            in_disorder.add(args[0].name.upper())
        if symbol.name == "removal_distance":
            distances[from_atom(args[2].name)] = args[3].number
        if symbol.name == "built":
            units.setdefault(args[0].name.upper(), []).append(_unit_str(args[1].name.upper(), from_atom(args[2].name)))
    ordered = [results[i] for i in sorted(results)]
    for power, unit_type, location in sorted(automatic):
        why = "civil disorder" if power in in_disorder else "too few disbands ordered"
        ordered.append(OrderResult(
            power=power, order=f"{unit_type} {location} D", result="SUCCEEDS",
            reason=(f"not ordered: removed by the civil-disorder rule ({why}; BT24: farthest first "
                    f"[distance {distances.get(location)} to {options['removal_distance'].replace('_', ' ')}], "
                    f"fleets before armies, then alphabetical by {options['removal_alphabet'].replace('_', ' ')})")))
    after = {p: sorted(u for u in us if u.split()[1] not in removed) for p, us in units.items()}
    after = {p: us for p, us in after.items() if us}
    return TurnResult(phase=turn.phase, next_phase=phases.read_next_phase(model), orders=ordered,
                      units=after, dislodged={}, contested=[], centers=centres,
                      submitted_by=submission_report(turn, [(r.power, r.order) for r in ordered], not_counted),
                      misorders=misorders)
