"""The retreat phase, in ASP (`encodings/diplomacy/retreat.lp`); Python builds facts and reads
the model back into a `TurnResult`."""

from __future__ import annotations

import adjudicator.diplomacy.phases as phases
from adjudicator.diplomacy.maps import atom, from_atom, load_map
from adjudicator.diplomacy.models import OrderResult, Turn, TurnResult
from adjudicator.diplomacy.orders import parse_location, parse_order, parse_unit, power_name
from adjudicator.diplomacy.programs import ENTRY, RETREAT
from adjudicator.diplomacy.conditions import carried_on, pending_entries
from adjudicator.diplomacy.submissions import Entry, entries, phase_facts, read_results, readable, submission_report
from adjudicator.diplomacy.variants import resolve_options
from adjudicator.diplomacy.faults import EncodingFault
from adjudicator.errors import InputError
from adjudicator.solving import solve
from adjudicator.solving.messages import messages




def adjudicate_retreats(turn: Turn, *, source: str | None = None, timeout: float = 30.0,
                        contested: list[str] | None = None) -> TurnResult:
    board = load_map()
    options = resolve_options(turn.rules, getattr(turn, "options", None), source)
    facts, where = phases.unit_facts(board, turn.units, source=source)
    facts = [board.facts, *facts]
    centre_facts, centres = phases.centre_facts(board, turn, source)
    dislodged_units = {}
    for power_text, listed in (turn.dislodged or {}).items():
        power = power_name(board, power_text, source)
        for item in listed:
            unit_type, location = parse_unit(board, item.unit, source)
            dislodged_units[location] = (power, unit_type)
            facts.append(f"dislodged({power.lower()},{unit_type.lower()},{atom(location)}).")
            if item.attacker_from:
                facts.append(f"attacker_from({atom(location)},{atom(board.province_of(item.attacker_from.upper()))}).")
            if item.retreats is not None and "retreats" in item.model_fields_set:
                facts.append(f"options_given({atom(location)}).")
                for dest in item.retreats:
                    dest_location = parse_location(board, dest, source, what=f"retreat option {dest!r}")
                    facts.append(f"given_option({atom(location)},{atom(dest_location)}).")
    for province in contested if contested is not None else (getattr(turn, "contested", None) or []):
        name = board.province(str(province).split("/")[0])
        if name:
            facts.append(f"contested({atom(name)}).")
    # who submitted no orders, and the rules: whether BT24's civil disorder applies is civil_disorder.lp's
    facts += [f"no_orders(0,{p.lower()})." for p in (turn.civil_disorder or [])] + [f"rules(0,{turn.rules})."]
    # phase_order.lp: the phase that follows, and whether the ownership update follows this one (BT23)
    facts += [phases.phase_fact(0, turn.phase), f"option(0,ownership_update,{options['ownership_update']})."]
    listed, misorders = readable(entries(board, turn.orders), board, options, source)  # option misorders
    # BT15: retreats and disbands given in advance with the movement turn's orders, after the
    # phase's own (which replace them); the encoding applies them to dislodged units only
    pending = {len(listed) + k for k in range(len(pending_entries(turn, "retreat")))}
    listed += [Entry(power, text, None) for power, text in pending_entries(turn, "retreat")]
    facts += [f"pending({i})." for i in sorted(pending)]
    facts += phase_facts(turn, listed, options)  # rule 7: who CAN submit is decided by the encoding
    done: dict[int, str] = {}
    canonical: dict[int, str] = {}
    for index, entry in enumerate(listed):
        order = parse_order(entry.text, board, source=source)
        if order.conditions:  # BT15: conditionals are part of the Spring or Fall orders
            raise InputError(f"order {entry.text!r}: a conditional order is given with the movement turn's orders "
                             "(BT15), not in the retreat phase", source=source)
        canonical[index] = order.canonical()
        power, unit_type = entry.power.lower(), (order.unit_type or "none").lower()
        location = order.location
        # the order names the unit's province; use the dislodged unit's exact location (coast)
        for loc in dislodged_units:
            if location and board.province_of(loc) == board.province_of(location):
                location = loc
        done[index] = f"retreated to {order.destination}" if order.kind in ("move", "retreat") else "disbanded"
        if order.kind in ("move", "retreat") and order.destination and not order.via_convoy:
            facts.append(f"raw_retreat_order({index},{power},{unit_type},{atom(location)},{atom(order.destination)}).")
        elif order.kind == "disband":
            facts.append(f"raw_disband_order({index},{power},{unit_type},{atom(location)}).")
        else:
            facts.append(f"raw_other_order({index},{power},{unit_type},{atom(location or 'none')}).")
    solved = solve([ENTRY], facts, timeout=timeout, what=f"retreats {turn.phase}", parts=RETREAT)
    if solved.status != "one":
        raise EncodingFault(f"retreat phase {turn.phase}", f"the retreat encoding gave {solved.status} models, not one")
    model = solved.models[0]
    results, not_counted = read_results(model, listed, messages(ENTRY, RETREAT), not_an_order="not a retreat-phase order",
                                        done=done, optional=pending,
                                        canonical=canonical)
    units: dict[str, list[str]] = {}
    for location, (power, unit_type, _) in where.items():
        units.setdefault(power, []).append(f"{unit_type} {location}")
    ordered = [results[i] for i in sorted(results)]
    for symbol in model:
        args = symbol.arguments
        if symbol.name == "retreated":
            units.setdefault(args[0].name.upper(), []).append(f"{args[1].name.upper()} {from_atom(args[3].name)}")
        if symbol.name == "unordered":
            ordered.append(OrderResult(power=args[0].name.upper(),
                                       order=f"{args[1].name.upper()} {from_atom(args[2].name)} D",
                                       result="SUCCEEDS",
                                       reason="no retreat ordered: the unit is disbanded (BT22; BT24 civil disorder)"))
    units = {p: sorted(us) for p, us in units.items()}
    # after the Fall retreats the next phase depends on the balance: phases.finish
    result = TurnResult(phase=turn.phase, next_phase=phases.read_next_phase(model), orders=ordered, units=units,
                        dislodged={}, contested=[], centers=centres, civil_disorder=turn.civil_disorder or None,
                        submitted_by=submission_report(turn, [(r.power, r.order) for r in ordered], not_counted),
                        pending_orders=carried_on(turn), misorders=misorders)
    result._ownership_update_due = any(s.name == "ownership_update_due" for s in model)
    return result
