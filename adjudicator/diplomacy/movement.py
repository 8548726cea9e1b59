"""Adjudicate Diplomacy movement phases: turns -> facts -> clingo (encodings/diplomacy/movement.lp)
-> results.

The turns of one call are grounded together, up to CHUNK turns per program (the encoding and the
map once per program, each turn under its own turn number), and solved at once; only turns whose
resolution is not unique are looked at again, one by one, to name the paradox and apply the
backup rule (circular movement: the circle moves; convoy paradox: DATC 4.A.2 Szykman rule).
The encoding decides; this module builds facts, reads models back, and classifies.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence, get_args

import clingo
from pydantic import ValidationError
from pydantic_core import to_json

from adjudicator.diplomacy.citations import cite, cite_result
from adjudicator.diplomacy.conditions import condition_facts, pending_orders
from adjudicator.diplomacy.faults import EncodingFault
from adjudicator.diplomacy.maps import DiplomacyMap, atom, from_atom, load_map
from adjudicator.diplomacy.models import (
    OrderResult,
    Paradox,
    Resolution,
    Result,
    Turn,
    TurnResult,
)
from adjudicator.diplomacy.orders import Order, bounded_memo, parse_order, parse_position, power_name
from adjudicator.errors import BudgetExceeded, InputError
from adjudicator.solving import DEFAULT_TIMEOUT, Grounded, solve
from adjudicator.solving.atom_text import FunctionTerm as Fn, group_by_number, read_numbered_atom as read_turn_atom
from adjudicator.solving.messages import grounded_messages, messages
from adjudicator.diplomacy.phases import close_fall_turns, finish as finish_phase, phase_fact, phase_text
from adjudicator.diplomacy.submissions import misorder_reason, names_submitters, order_text, submission_report
from adjudicator.diplomacy.programs import BACKUP_DECISION, BACKUP_SEARCH, ENTRY, EXPLAIN, MOVEMENT_PHASE
from adjudicator.diplomacy.variants import RULES as VARIANT_RULES, movement_facts, readings_in_force

RULES = set(VARIANT_RULES)  # rules variants (their options and rules: the variants module)
MAX_PARADOX_ROUNDS = 8
CHUNK = 500  # turns grounded in one program, about (even chunks; each program costs ~25 ms more to set up)
SMALL_CHUNK = 8  # turns per program for those that may hold a paradox
PARALLEL_MIN = 200  # from this many movement turns, chunks are settled in worker processes
WORKERS = 2


@dataclass
class PreparedTurn:
    """One turn checked against the map and turned into facts."""

    number: int
    turn: Turn
    units: list[tuple[str, str, str]]  # (power, type, location)
    orders: list[tuple[str, str, Order]]  # index i -> (power, text as submitted, parsed)
    own_facts: str  # the turn's facts but turn/1 and its readings (option/3)
    readings: tuple[tuple[str, str], ...]  # the rules variant's readings in force (variants.readings_in_force)
    after: list[tuple[str, str, str]] = field(default_factory=list)  # the model's after/4: (power, type, location) atoms
    misorders: list[dict[str, str]] = field(default_factory=list)  # option misorders=hold: orders not read

    @property
    def facts(self) -> str:
        """The turn's facts on their own (a program of this turn alone): with turn/1 and option/3."""
        n = self.number
        return (f"turn({n}).\n{self.own_facts}"
                + "".join(f"option({n},{name},{value}).\n" for name, value in self.readings))


# ------------------------------------------------------------------------------------- input
def prepare(turn: Turn, number: int, board: DiplomacyMap, source: str) -> PreparedTurn:
    """Check the position against the map, parse the orders, and write the turn's facts.
    The facts are written as text, not built with `solving.terms.fact`: about 100 per turn, and a
    symbol costs about four times as much to build in Python as a line costs to write and parse
    (measured on 500 turns: 0.62 s against 0.15 s, grounding 0.1-0.2 s faster). Every value is a
    turn or order number or a name of the map (orders are parsed against it); the one text that
    comes from users, a submitter's name, is quoted by `terms` (variants.movement_facts)."""
    if turn.rules not in RULES:
        raise InputError(f"rules {turn.rules!r} are not known here (known: {', '.join(sorted(RULES))})", source=source)
    lines = [phase_fact(number, turn.phase)]  # phase_order.lp: the phase that follows
    units = parse_position(board, turn.units, source)
    unit_arguments = _UNIT_ARGUMENTS
    for unit in units:
        arguments = unit_arguments.get(unit)
        if arguments is None:
            arguments = unit_arguments[unit] = _unit_arguments(*unit)
        lines.append(f"unit({number},{arguments}).")
    orders: list[tuple[str, str, Order]] = []
    submitters: dict[int, str] = {}
    readings = readings_in_force(turn)
    holding = ("misorders", "hold") in readings
    misorders: list[dict[str, str]] = []
    for power_text, order_texts in turn.orders.items():
        power = power_name(board, power_text, source)
        for item in order_texts or []:
            text, by = (item, None) if type(item) is str else order_text(item)  # Diplonomic rule 7: {"order", "by"}
            if by is not None:
                submitters[len(orders)] = by
            known = _PREPARED_ORDERS.get((power, text, board.name))
            if known is None:
                try:
                    known = _prepared_order(power, text, board, source)
                except InputError as exc:
                    if not holding:
                        raise
                    misorders.append({"power": power, "order": str(text), "reason": misorder_reason(exc)})
                    continue
            written, order, facts = known
            lines.append(facts.replace(_TURN_AND_ORDER, f"{number},{len(orders)}"))
            orders.append((power, written, order))
    # BT24 (variant_movement.lp): an order ruled a hold under misorders=hold was submitted
    lines.extend(sorted({f"misordered({number},{m['power'].lower()})." for m in misorders}))
    lines.extend(movement_facts(turn, number, board, orders, submitters))  # rules variants
    lines.extend(condition_facts(number, orders))  # BT15 conditional orders
    lines.extend(_rule_change_lines(turn, number, source))  # additions enacted during a game
    return PreparedTurn(number, turn, units, orders, "\n".join(lines) + "\n", readings, misorders=misorders)


def _rule_change_lines(turn: Turn, number: int, source: str) -> list[str]:
    """`rule_change(T,C).` for each addition in force, and its rules (rule_changes.lp)."""
    from adjudicator.diplomacy.rule_changes import addition_id, addition_program

    lines = []
    for addition in turn.rule_changes or []:
        ident = addition_id(addition.name)
        lines.append(f"rule_change({number},{ident}).")
        lines.append(addition_program(addition.asp, ident, f"{source}: {addition.name}"))
    return lines


def _cited_changes(p: PreparedTurn, entries: list[dict[str, Any]], changed: list[tuple]) -> None:
    """The orders an addition made possible (rule_changes.lp changed_by/3) cite it in their reason."""
    from adjudicator.diplomacy.rule_changes import RULE_CHANGE_NOTE, addition_id

    names = {addition_id(a.name): a for a in p.turn.rule_changes or []}
    for i, term in changed:
        addition = names.get(str(term))
        if addition is None:
            continue
        when = f", enacted {addition.enacted}" if addition.enacted else ""
        cited = f" ({addition.cite})" if addition.cite else ""
        note = f"{RULE_CHANGE_NOTE}{addition.name}{when}{cited}"
        entry = dict(entries[i])  # entries are shared between turns: a copy
        entry["reason"] = f"{entry['reason']}; {note}" if entry["reason"] else note
        entries[i] = entry


_UNIT_ARGUMENTS: dict[tuple[str, str, str], str] = {}  # (power, type, location) -> "austria,a,vie"
_TURN_AND_ORDER = "{T},{I}"  # in an order's facts: the turn and order numbers
# (power, order as submitted, map) -> (order text, parsed order, its facts): orders repeat across the turns of a call
_PREPARED_ORDERS: dict[tuple[str, Any, str], tuple[str, Order, str]] = {}


def _prepared_order(power: str, text: Any, board: DiplomacyMap, source: str) -> tuple[str, Order, str]:
    def compute() -> tuple[str, Order, str]:
        order = parse_order(str(text), board, source=f"{source}: {power}")
        return str(text).strip(), order, _order_facts(power, order)

    return bounded_memo(_PREPARED_ORDERS, (power, text, board.name) if isinstance(text, str) else None, compute)


def _unit_arguments(power: str, kind: str, location: str) -> str:
    return f"{power.lower()},{kind.lower()},{atom(location)}"


def _order_facts(power: str, o: Order) -> str:
    """The facts of an order (a template: orders repeat across the turns of a call), `{T},{I}`
    standing for the turn and order numbers."""
    if o.kind == "waive":
        return f"order({_TURN_AND_ORDER},{power.lower()},none,none).\nother_order({_TURN_AND_ORDER},waive)."
    ty = (o.unit_type or "none").lower()
    out = [f"order({_TURN_AND_ORDER},{power.lower()},{ty},{atom(o.location)})."]
    if o.kind == "hold":
        out.append(f"hold({_TURN_AND_ORDER}).")
    elif o.kind == "move":
        out.append(f"move({_TURN_AND_ORDER},{atom(o.destination)}).")
        if o.via_convoy:
            out.append(f"via_convoy({_TURN_AND_ORDER}).")
    elif o.kind == "support" and o.destination is None:
        out.append(f"support_hold({_TURN_AND_ORDER},{atom(o.target)}).")
    elif o.kind == "support":
        out.append(f"support_move({_TURN_AND_ORDER},{atom(o.target)},{atom(o.destination)}).")
    elif o.kind == "convoy":
        out.append(f"convoy({_TURN_AND_ORDER},{atom(o.target)},{atom(o.destination)}).")
    else:
        out.append(f"other_order({_TURN_AND_ORDER},{o.kind}).")
    return "\n".join(out)


def load_turns(data: Any, source: str = "input") -> tuple[list[Turn], bool]:
    """Validate a turn or a list of turns (already loaded from JSON/YAML). Returns (turns, was_list)."""
    was_list = isinstance(data, list)
    items = data if was_list else [data]
    turns = []
    for n, item in enumerate(items, 1):
        where = f"{source}, turn {n}" if was_list else source
        if not isinstance(item, (dict, Turn)):
            raise InputError("a turn must be a mapping with phase, units, orders", source=where)
        try:
            turns.append(item if isinstance(item, Turn) else Turn.model_validate(item))  # keys may be numbers
        except InputError as exc:
            raise InputError(str(exc), source=where) from None
        except ValidationError as exc:
            problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors())
            raise InputError(f"not a valid turn: {problems}", source=where) from None
    return turns, was_list


# ------------------------------------------------------------------------------------- solving
def _sym(name: str, *args: int | str) -> clingo.Symbol:
    return clingo.Function(name, [clingo.Number(a) if isinstance(a, int) else clingo.Function(a) for a in args])


def _readings(prepared: list[PreparedTurn]) -> str:
    """The readings of the turns of one program: each distinct set once (set_option/3), and per
    turn which set is in force (option_set/2; variant_movement.lp derives option/3 from them).
    About 14 readings a turn would otherwise be parsed anew for every turn."""
    sets: dict[tuple[tuple[str, str], ...], int] = {}
    lines = [f"option_set({p.number},{sets.setdefault(p.readings, len(sets) + 1)}).\n" for p in prepared]
    lines += [f"set_option({k},{name},{value}).\n" for readings, k in sets.items() for name, value in readings]
    return "".join(lines)


class _Session:
    """One grounded program for a chunk of turns (all of them are solved together)."""

    def __init__(self, prepared: list[PreparedTurn], board: DiplomacyMap, timeout: float,
                 explain: bool = False, backup_rules: bool = False):
        self.prepared = prepared
        self.board = board
        self.timeout = timeout
        # the paradox backup rules exist (as externals) only where they may be switched on
        backup = "".join(f"backup_rules({p.number}).\n" for p in prepared) if backup_rules else ""
        facts = "".join(p.own_facts for p in prepared)  # one text to parse (not one per turn)
        self.program = Grounded([ENTRY], [board.facts, facts + _readings(prepared) + backup],
                                timeout=timeout, what="diplomacy movement adjudication",
                                parts=EXPLAIN if explain else MOVEMENT_PHASE, budget_per_solve=True)
        if not explain:  # the reasons' words, read once per process from a program that grounded them
            grounded_messages(self.program.ctl, ENTRY, MOVEMENT_PHASE)

    def solve(self, numbers: Sequence[int], szykman: Iterable[tuple[int, str]] = (),
              circular: Iterable[tuple[int, str]] = (), max_models: int = 2,
              set_aside: Iterable[tuple[int, int]] = ()):
        """Models of the whole program (every turn in it takes part; `numbers` names them), with
        the given backup rules switched on."""
        externals = [_sym("szykman", t, f) for t, f in szykman]
        externals += [_sym("circular", t, x) for t, x in circular]
        externals += [_sym("set_aside", t, i) for t, i in set_aside]
        result = self.program.solve(externals, max_models=max_models)
        return [[read_turn_atom(str(s)) for s in model] for model in result.models]

    def unique_models(self, numbers: list[int]) -> tuple[dict[int, "_Model | list[Fn]"], list[int]]:
        """Solve the turns at once. Returns (the model's atoms per turn, []) when the resolution
        of every turn is unique; else ({}, the turns known to have several resolutions: those the
        first two models differ in; all of them when there is no model): the caller looks at
        those one by one (and at the others together again)."""
        result = self.program.solve([], max_models=2)
        if len(result.models) == 1:  # the common case: read straight into each turn's _Model
            return _models_by_turn(result.models[0], numbers), []
        models = [[read_turn_atom(str(s)) for s in model] for model in result.models]
        by_turn: list[dict[int, list[Fn]]] = []
        for model in models:
            atoms: dict[int, list[Fn]] = {t: [] for t in numbers}
            for s in model:
                atoms[s.arguments[0]].append(s)
            by_turn.append(atoms)
        if len(models) == 1:
            return by_turn[0], []
        differing = [t for t in numbers if len(models) == 2 and set(by_turn[0][t]) != set(by_turn[1][t])]
        return {}, differing or list(numbers)


def _models_by_turn(symbols: Sequence[clingo.Symbol], numbers: list[int]) -> dict[int, "_Model"]:
    """A model's shown atoms as a `_Model` per turn, read in one pass (the hot path of a chunk of
    hundreds of turns)."""
    grouped = {t: _Model([]) for t in numbers}
    group_by_number(symbols, {t: model.by_name for t, model in grouped.items()})
    return grouped


def _may_be_indeterminate(p: PreparedTurn, board: DiplomacyMap) -> bool:
    """A cycle of three or more moves, or a convoy order matching an army's move where a
    convoying fleet is attacked or two units exchange places: the only ways a turn can have
    several or no resolutions (Kruijswijk: circular movement; a convoyed army whose own convoy
    may be disrupted; a swap by convoy). Used to schedule the solving, nothing else: every
    program's uniqueness is checked by the solver."""
    if any(o.conditions for _, _, o in p.orders):
        return True  # conditions on each other's outcomes (BT15)
    moves = {board.province_of(o.location): board.province_of(o.destination)
             for _, _, o in p.orders if o.kind == "move" and o.location and o.destination}
    cycle_lengths = set()
    for start in moves:
        seen, x = set(), start
        while x in moves and x not in seen:
            seen.add(x)
            x = moves[x]
        if x == start:
            cycle_lengths.add(len(seen))
    if any(n >= 3 for n in cycle_lengths):
        return True
    fleets = {board.province_of(o.location) for _, _, o in p.orders
              if o.kind == "convoy" and o.location and o.target and o.destination
              and moves.get(board.province_of(o.target)) == board.province_of(o.destination)}
    return bool(fleets) and (bool(cycle_lengths) or any(d in fleets for d in moves.values()))


def _atoms(model: list[Fn], name: str) -> list[tuple]:
    """The arguments after the turn number of the model's atoms named `name`."""
    return [s.arguments[1:] for s in model if s.name == name]


class _Model:
    """A model's atoms grouped by predicate name once (reading them back is the hot path)."""

    def __init__(self, model: list[Fn]):
        self.by_name: dict[str, list[tuple]] = {}
        for s in model:
            self.by_name.setdefault(s.name, []).append(s.arguments[1:])

    def __call__(self, name: str) -> list[tuple]:
        return self.by_name.get(name, [])


_CANONICAL: dict[str, str] = {}  # order text -> short notation, for orders that name their unit's type


def _canonical(p: PreparedTurn, i: int) -> str:
    """Order i in short notation, with the type of the unit there when the order left it out."""
    _, text, order = p.orders[i]
    if order.unit_type is None and order.location:
        province = DiplomacyMap.province_of(order.location)
        standing = next((ty for _, ty, loc in p.units if DiplomacyMap.province_of(loc) == province), None)
        return order.canonical(standing)
    return bounded_memo(_CANONICAL, text, order.canonical)


def _paradox_orders(p: PreparedTurn, indices: Iterable[int]) -> list[str]:
    return [f"{p.orders[i][0]}: {_canonical(p, i)}" for i in sorted(set(indices))]


def _results_of(model: list[Fn]) -> dict[int, str]:
    return {i: str(r) for i, r in _atoms(model, "result")}


def _resolve_paradoxes(session: _Session, p: PreparedTurn) -> tuple[list[Fn], list[Paradox]]:
    """A turn without a unique resolution: apply the backup rules (encodings/diplomacy/backup.lp
    decides which and to what), report. The one loop stays here: each round solves the turn with
    the rules applied so far, and the rule to apply next depends on how many resolutions remain
    and on what differs between them, which one program cannot say of its own models; so the
    resolutions are given back to backup.lp as facts (several), or backup.lp searches the smallest
    sets to hold (none)."""
    t = p.number
    szykman: set[tuple[int, str]] = set()
    circular: set[tuple[int, str]] = set()
    set_aside: set[tuple[int, int]] = set()  # BT15 conditional orders of a paradox (conditional.lp)
    paradoxes: list[Paradox] = []
    for _ in range(MAX_PARADOX_ROUNDS):
        models = [[s for s in m if s.arguments[0] == t]
                  for m in session.solve([t], szykman, circular, max_models=16, set_aside=set_aside)]
        if len(models) == 1:
            return models[0], paradoxes
        if len(models) > 1:
            decided = _Model(_backup_decision(session, p, models))
            rule = {str(r) for (r,) in decided("backup_rule")}
            results = [_results_of(m) for m in models]
            differing = sorted(i for (i,) in decided("differs"))
            involved = sorted(i for (i,) in decided("in_paradox"))
            if "conditional_paradox" in rule:  # conditions that refer to each other's outcomes (BT15)
                due = sorted(i for (i,) in decided("set_aside_due"))
                paradoxes.append(_conditional_paradox(p, involved, due, len(models), results))
                if {(t, i) for i in due} <= set_aside:
                    break
                set_aside |= {(t, i) for i in due}
            elif "szykman" in rule:
                armies = sorted(str(x).upper() for (x,) in decided("szykman_army"))
                fleets = {(t, str(f)) for (f,) in decided("szykman_due")}
                alternatives = [
                    Resolution(description=f"consistent resolution {k + 1}",
                               results=[OrderResult(power=p.orders[i][0], order=_canonical(p, i),
                                                    result=r[i].upper()) for i in differing if i in r])
                    for k, r in enumerate(results)
                ]
                paradoxes.append(Paradox(
                    kind="convoy paradox", orders=_paradox_orders(p, involved),
                    rule="DATC 4.A.2: Szykman rule (the convoying fleets of the paradox hold)",
                    consistent_resolutions=len(models), alternatives=alternatives,
                    applied="convoys of " + ", ".join(armies) + " treated as holds"))
                if fleets <= szykman:
                    break
                szykman |= fleets
            else:
                # circular movement is no paradox: the rulebook says the units of the circle all
                # move (DATC 6.C.1, 6.G.1); the moves say so in their reason (why circular_movement)
                circle = {(t, str(x)) for (x,) in decided("circular_due")}
                if circle <= circular:
                    break
                circular |= circle
            continue
        # No consistent resolution: backup.lp finds the smallest sets of conditional orders (BT15)
        # or, where none works, of convoyed armies (DATC 4.A.2) that, set aside or held, leave a
        # consistent resolution, and every order or army of every such set is taken.
        found = _Model(_backup_search(session, p, szykman, circular, set_aside))
        found_orders = sorted(i for (i,) in found("set_aside_now"))
        if found_orders:
            paradoxes.append(_conditional_paradox(p, found_orders, found_orders, 0, []))
            set_aside |= {(t, i) for i in found_orders}
            continue
        armies = sorted(from_atom(str(x)) for (x,) in found("hold_convoys"))
        if not armies:
            break
        involved = sorted(i for (i,) in found("in_paradox"))  # the armies' convoys and moves
        paradoxes.append(Paradox(
            kind="convoy paradox", orders=_paradox_orders(p, involved),
            rule="DATC 4.A.2: Szykman rule (the convoying fleets of the paradox hold)",
            consistent_resolutions=0, alternatives=[],
            applied="no consistent resolution; convoys of " + ", ".join(armies) + " treated as holds"))
        szykman |= {(t, str(f)) for (f,) in found("szykman")}
    raise EncodingFault(f"movement phase {p.turn.phase} (turn {t})", "no unique resolution even after the backup "
                        f"rules (paradoxes seen: {[x.kind for x in paradoxes]})")


_BACKUP_ATOMS = ("result", "in_force", "path", "moves")  # what backup.lp compares between resolutions


def _backup_decision(session: _Session, p: PreparedTurn, models: list[list[Fn]]) -> list[Fn]:
    """backup.lp's decision on several resolutions, given back to it as resolution/3 facts."""
    given = "".join(f"resolution({p.number},{k},{s}).\n" for k, model in enumerate(models)
                    for s in model if s.name in _BACKUP_ATOMS)
    decided = solve([ENTRY], [session.board.facts, p.facts, given], timeout=session.timeout, max_models=1,
                    parts=BACKUP_DECISION, what="diplomacy backup rules")
    return [read_turn_atom(str(s)) for s in decided.models[0]] if decided.models else []


def _backup_search(session: _Session, p: PreparedTurn, szykman: set[tuple[int, str]],
                   circular: set[tuple[int, str]], set_aside: set[tuple[int, int]]) -> list[Fn]:
    """backup.lp's smallest sets for a turn with no resolution: one optimisation with the movement
    program, the union of its optimal choices (brave consequences over the optimal models)."""
    t = p.number
    given = [f"backup_search({t})."] + [f"szykman_given({t},{f})." for _, f in sorted(szykman)]
    given += [f"circular_given({t},{x})." for _, x in sorted(circular)]
    given += [f"set_aside_given({t},{i})." for _, i in sorted(set_aside)]
    found = solve([ENTRY], [session.board.facts, p.facts, "\n".join(given) + "\n"], timeout=session.timeout,
                  parts=BACKUP_SEARCH, arguments=["--opt-mode=optN", "--enum-mode=brave"],
                  what="diplomacy backup rules (smallest sets)")
    return [read_turn_atom(str(s)) for s in found.models[-1]] if found.models else []


def _conditional_paradox(p: PreparedTurn, involved: list[int], set_aside: list[int], count: int,
                         results: list[dict[int, str]]) -> Paradox:
    """A conditional paradox (BT15): the conditions of orders refer to each other's outcomes so
    that several or no resolutions are consistent; its conditional orders are set aside."""
    alternatives = [
        Resolution(description=f"consistent resolution {k + 1}",
                   results=[OrderResult(power=p.orders[i][0], order=_canonical(p, i), result=r[i].upper(),
                                        condition=p.orders[i][2].condition_text())
                            for i in involved if i in r])
        for k, r in enumerate(results)
    ]
    return Paradox(
        kind="conditional paradox", orders=_paradox_orders(p, involved),
        rule="BT15 conditional orders, BT25: the conditional orders of the paradox are set aside (not "
             "executed); reported for the Gamemaster's judgement",
        consistent_resolutions=count, alternatives=alternatives,
        applied=("no consistent resolution; " if count == 0 else "") + "set aside: "
                + "; ".join(f"{p.orders[i][0]}: {_canonical(p, i)} IF {p.orders[i][2].condition_text()}"
                            for i in set_aside))


# ------------------------------------------------------------------------------------- output
def _reason(term: Fn) -> str:
    """A why/3 reason in words: its message/3 beside the rule that derives it (movement.lp, ...)."""
    args = [from_atom(a.name) if isinstance(a, Fn) else str(a) for a in term.arguments]
    return messages(ENTRY, MOVEMENT_PHASE).text(term.name, args)


_REASON_TEXTS: dict[Fn, str] = {}


def _reason_text(term: Fn) -> str:
    text = _REASON_TEXTS.get(term)
    if text is None:
        text = _REASON_TEXTS[term] = _reason(term)
    return text


def _centres(turn: Turn, board: DiplomacyMap) -> dict[str, list[str]]:
    """The ownership before the turn (default: the home centres)."""
    if turn.centers is not None:
        return {board.power(k) or k: sorted(v) for k, v in turn.centers.items()}
    return {pw: board.home_centres(pw) for pw in board.powers}


_RESULT_TEXTS = {Fn(r.lower()): r for r in get_args(Result)}  # result/3's outcome -> the JSON's
_ADDITIONS = ("civil_disorder", "submitted_by", "winner", "draw_available", "explanations", "pending_orders",
              "misorders")


class PlainResult:
    """A movement result as the plain data of its JSON (`data`; each order a dict without its
    unset keys), built without pydantic: the hot path of a large call. `phases.finish` and
    `close_fall_turns` read and set its fields as attributes; `model()` is the `TurnResult`
    (validated from the same data), `json()` its `model_dump_json` text."""

    __slots__ = ("data", "_ownership_update_due", "_game_over")

    def __init__(self, data: dict[str, Any], ownership_update_due: bool):
        object.__setattr__(self, "data", data)
        object.__setattr__(self, "_ownership_update_due", ownership_update_due)
        object.__setattr__(self, "_game_over", False)

    def __getattr__(self, name: str) -> Any:
        if name in _FIELDS:
            return self.data.get(name)
        raise AttributeError(name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in PlainResult.__slots__:
            object.__setattr__(self, name, value)
        elif name in _FIELDS:
            self.data[name] = value
        else:
            raise AttributeError(name)

    def model(self) -> TurnResult:
        result = TurnResult.model_validate(self.data)
        result._ownership_update_due = self._ownership_update_due
        result._game_over = self._game_over
        return result

    def json(self, indent: int | None = None) -> str:
        """`self.model().model_dump_json(indent=indent)`, the same text: written by pydantic-core
        from the plain data where that is all calm (no paradox, no submitters, nothing pending or
        explained: what a movement turn usually is), else through the model."""
        data = self.data
        if data["paradoxes"] or any(data.get(key) is not None for key in _THROUGH_MODEL):
            return self.model().model_dump_json(indent=indent)
        shown = {key: data[key] for key in _CONTRACT}
        for key in ("civil_disorder", "winner"):
            if data.get(key) is not None:
                shown[key] = data[key]
        return to_json(shown, indent=indent).decode()


_FIELDS = frozenset(TurnResult.model_fields)
_CONTRACT = tuple(key for key in TurnResult.model_fields if key not in _ADDITIONS)
_THROUGH_MODEL = ("submitted_by", "draw_available", "explanations", "pending_orders", "misorders")  # models inside


def result_json(result: "TurnResult | PlainResult", indent: int | None = None) -> str:
    """A result's JSON text (`model_dump_json`)."""
    if isinstance(result, PlainResult):
        return result.json(indent)
    return result.model_dump_json(indent=indent)


def result_model(result: "TurnResult | PlainResult") -> TurnResult:
    return result.model() if isinstance(result, PlainResult) else result


_NAMES: dict[str, tuple[str, str | None, str | None]] = {}  # order text -> (short notation, written, condition)


def _names(p: PreparedTurn, i: int) -> tuple[str, str | None, str | None]:
    """Order i's short notation, the text as submitted when it differs, and its conditions (BT15)."""
    _, text, order = p.orders[i]

    def compute() -> tuple[str, str | None, str | None]:
        canonical = _canonical(p, i)
        condition = order.condition_text()
        return canonical, text if text != canonical + (f" IF {condition}" if condition else "") else None, condition

    # (an order without its unit's type is named after the unit standing there: not remembered)
    return bounded_memo(_NAMES, text if order.unit_type is not None or not order.location else None, compute)


_REASONS_JOINED: dict[tuple, str] = {}  # (a move?, the why/3 terms in model order) -> the reason


def _reasons_text(move: bool, listed: tuple) -> str:
    """The reason of an order from its why/3 terms: of a failed move's reasons that all have a
    reason_rank/2 (the others follow from the first), the first one only."""
    def compute() -> str:
        chosen = list(listed)
        rank = messages(ENTRY, MOVEMENT_PHASE).rank
        if move and all(rank(t.name) is not None for t in chosen):
            chosen = sorted(chosen, key=lambda t: rank(t.name))[:1]
        return "; ".join(_reason_text(t) for t in sorted(chosen, key=str))

    return bounded_memo(_REASONS_JOINED, (move, listed), compute, limit=100_000)


_UNIT_TEXTS: dict[tuple, tuple[tuple[str, str, str], str, str]] = {}  # after/4's arguments -> names, POWER, "A PAR"


def _unit_text(args: tuple) -> tuple[tuple[str, str, str], str, str]:
    def compute() -> tuple[tuple[str, str, str], str, str]:
        pw, ty, loc = (a.name for a in args)
        return (pw, ty, loc), pw.upper(), f"{ty.upper()} {from_atom(loc)}"

    return bounded_memo(_UNIT_TEXTS, args, compute)


# (rules, power, order text, result/3's outcome, why/3's terms or the attack strength) -> the
# order's result as the JSON's plain data (shared by the turns it recurs in: nobody changes it)
_ENTRIES: dict[tuple, dict[str, Any]] = {}


def _order_entry(p: PreparedTurn, i: int, outcome: Fn | None, listed: list[Fn] | None, strength: int | None,
                 in_force: set[int]) -> dict[str, Any]:
    """Order i's result as plain data, its reason cited for the turn's rules (citations.cite)."""
    power, text, order = p.orders[i]
    if outcome is None:
        raise EncodingFault(f"movement phase {p.turn.phase}", f"no result for order {i} ({power}: {text})")
    result = _RESULT_TEXTS.get(outcome)
    if result is None:
        raise EncodingFault(f"movement phase {p.turn.phase}", f"unknown result {str(outcome).upper()!r} for order {i}")
    if listed:
        reason = _reasons_text(order.kind == "move", tuple(listed))
    elif result != "SUCCEEDS":
        reason = ""
    else:  # movement.lp's message for a success of the order's kind (a move's: its attack strength)
        words, code = messages(ENTRY, MOVEMENT_PHASE), f"{order.kind}_succeeds"
        arguments = [str(1 if strength is None else strength)] if order.kind == "move" else []
        reason = words.text(code, arguments) if code in words.templates else ""
    canonical, written, condition = _names(p, i)
    entry = {"power": power, "order": canonical, "result": result, "reason": cite(reason, p.turn.rules)}
    if written is not None:
        entry["written"] = written
    if condition is not None:
        entry["condition"] = condition
        entry["condition_met"] = i in in_force
    return entry


def _build_result(p: PreparedTurn, model: "list[Fn] | _Model", paradoxes: list[Paradox]) -> PlainResult:
    atoms = model if isinstance(model, _Model) else _Model(model)
    results = dict(atoms("result"))
    strengths = dict(atoms("strength"))
    in_force = {i for (i,) in atoms("in_force")}
    later = {i for (i,) in atoms("later_phase_order")}  # BT15: for the retreat or adjustment phase
    terms: dict[int, list[Fn]] = {}
    for i, term in atoms("why"):
        terms.setdefault(i, []).append(term)
    orders = []
    position: dict[int, int] = {}  # order number -> its place in `orders`
    rules, entries = p.turn.rules, _ENTRIES
    for i, (power, text, order) in enumerate(p.orders):
        if i in later:
            continue
        position[i] = len(orders)
        listed = terms.get(i)
        key = (rules, power, text, results.get(i), tuple(listed) if listed else strengths.get(i))
        entry = entries.get(key)
        if entry is None:
            entry = _order_entry(p, i, key[3], listed, key[4], in_force)
            # an order that names its unit's type and has no conditions: the same entry every time
            if "condition" not in entry and (order.unit_type is not None or not order.location) \
                    and len(entries) < 100_000:
                entries[key] = entry
        orders.append(entry)
    if p.turn.rule_changes:
        _cited_changes(p, orders, [(position[i], c) for i, c in atoms("changed_by") if i in position])
    units: dict[str, list[str]] = {}
    p.after = []
    unit_texts = _UNIT_TEXTS
    for args in atoms("after"):
        names, power, unit = unit_texts.get(args) or _unit_text(args)
        p.after.append(names)
        units.setdefault(power, []).append(unit)
    retreats: dict[str, list[str]] = {}
    for y, loc in atoms("retreat"):
        retreats.setdefault(y.name, []).append(from_atom(loc.name))
    dislodged: dict[str, list[dict]] = {}
    by_province = {DiplomacyMap.province_of(loc): (pw, ty, loc) for pw, ty, loc in p.units} \
        if atoms("dislodged") else {}
    for y, x in sorted(atoms("dislodged"), key=str):
        pw, ty, loc = by_province[y.name.upper()]
        dislodged.setdefault(pw, []).append(
            {"unit": f"{ty} {loc}", "attacker_from": x.name.upper(), "retreats": sorted(retreats.get(y.name, []))})
    contested = sorted(x[0].name.upper() for x in atoms("contested"))
    # phase_order.lp: the phase that follows ("" after a Fall turn without retreats: the close of
    # the Fall turn decides it) and whether the ownership update follows this phase (BT23)
    following = [phase_text(season.name, when, kind.name) for season, when, kind in atoms("next_phase")]
    data = {
        "phase": p.turn.phase, "next_phase": following[0] if following else "", "orders": orders,
        "units": {k: sorted(v) for k, v in sorted(units.items())}, "dislodged": dislodged, "contested": contested,
        "centers": _centres(p.turn, load_map()), "paradoxes": paradoxes,
        "civil_disorder": sorted(pw.name.upper() for (pw,) in atoms("civil_disorder")) or None,
        "submitted_by": submission_report(p.turn, [(power, _names(p, i)[0]) for i, (power, _, _) in enumerate(p.orders)],
                                          {i for i, w in atoms("why") if w.name == "unauthorised_submitter"})
        if names_submitters(p.turn) else None,
        "pending_orders": pending_orders(p.orders, later, in_force)}
    if p.misorders:  # option misorders=hold (absent from the JSON otherwise)
        data["misorders"] = p.misorders
    return PlainResult(data, bool(atoms("ownership_update_due")))


# ------------------------------------------------------------------------------------- entry
def _settle(chunk: list[PreparedTurn], board: DiplomacyMap, timeout: float) -> list[tuple[int, PlainResult]]:
    """Adjudicate one chunk of movement turns: one program for all; a turn without a unique
    resolution again in a program of its own, with the paradox backup rules."""
    settled = []
    models, undetermined = _Session(chunk, board, timeout).unique_models([p.number for p in chunk])
    alone = set(undetermined)
    if not models and len(alone) < len(chunk):  # the others: together again (without a paradox: unique)
        settled += _settle([p for p in chunk if p.number not in alone], board, timeout)
    for p in chunk:
        if p.number in models:
            settled.append((p.number, _build_result(p, models[p.number], [])))
        elif p.number in alone:
            settled.append((p.number, _build_result(p, *_settle_alone(p, board, timeout))))
    return settled


def _settle_alone(p: PreparedTurn, board: DiplomacyMap, timeout: float,
                  explain: bool = False) -> tuple[list[Fn], list[Paradox]]:
    """One turn in a program of its own: its unique model, or the model after the paradox backup
    rules, with the paradoxes found."""
    single = _Session([p], board, timeout, explain, backup_rules=True)
    alone = single.solve([p.number])
    if len(alone) == 1:
        return alone[0], []
    return _resolve_paradoxes(single, p)


def final_model(turn: Turn | dict, *, explain: bool = False, timeout: float = DEFAULT_TIMEOUT,
                source: str = "input") -> tuple[PreparedTurn, list[Fn], list[Paradox]]:
    """The stable model the adjudication of one movement turn settles on (after any paradox backup
    rule), for callers that read more of it than the result: with `explain`, the explain part
    (explain.lp) is grounded with the movement part and shows its atoms too. The
    turn has number 1; every atom's first argument is 1. Returns (the prepared turn, the model's
    atoms, the paradoxes found)."""
    turn_list, _ = load_turns(turn, source)
    board = load_map()
    turn_list[0].require_units(source)
    prepared = prepare(turn_list[0], 1, board, source)
    model, paradoxes = _settle_alone(prepared, board, timeout, explain)
    return prepared, model, paradoxes


def _schedule(movement: list[PreparedTurn], board: DiplomacyMap) -> list[list[PreparedTurn]]:
    """The chunks the turns are grounded in. Scheduling only (the solver decides, and every
    program's uniqueness is checked): turns that could hold a circular movement or a convoy
    paradox go in small chunks, so that one paradox sends few turns to be looked at alone."""
    calm: list[PreparedTurn] = []
    restless: list[PreparedTurn] = []
    for p in movement:
        (restless if _may_be_indeterminate(p, board) else calm).append(p)
    # chunks of even size (502 turns: one program of 502, not 500 and 2; 1200: three of 400)
    size = -(-len(calm) // max(1, round(len(calm) / CHUNK)))
    chunks = [calm[i:i + size] for i in range(0, len(calm), size)] if calm else []
    chunks += [restless[i:i + SMALL_CHUNK] for i in range(0, len(restless), SMALL_CHUNK)]
    return chunks


def _movement_part(turn_list: list[Turn], where: list[str], numbers: list[int], board: DiplomacyMap,
                   timeout: float) -> tuple[dict[int, PlainResult], dict]:
    """The movement turns `numbers` of a call: prepared, scheduled in chunks, settled, and the
    close of their Fall turns decided in one program (phases.close_fall_turns)."""
    movement = [prepare(turn_list[n - 1], n, board, where[n - 1]) for n in numbers]
    done: dict[int, PlainResult] = {}
    for chunk in _schedule(movement, board):
        done.update(_settle(chunk, board, timeout))
    after = {p.number: p.after for p in movement}
    closing = close_fall_turns([(n, turn_list[n - 1], done[n]) for n in numbers], timeout=timeout, positions=after)
    return done, closing


_PENDING: tuple | None = None  # (turn_list, where, slices, board, timeout, layout) handed to forked workers


def _finished(turn: Turn, result: TurnResult | PlainResult, closing, timeout: float) -> TurnResult | PlainResult:
    """A result with its next phase and, after a Fall turn, the new ownership (phases.finish,
    with the close of the Fall turn already decided), its reasons cited for the turn's rules."""
    result = finish_phase(turn, result, timeout=timeout, closing=closing)
    # a PlainResult's reasons were cited as it was built (_order_entry)
    return result if isinstance(result, PlainResult) else cite_result(result, turn.rules)


def json_text(result: TurnResult | PlainResult, layout: str) -> str:
    """A result's `--json` text (`result_json(result, 2)`); with layout "listed", as an element
    of the list json.dumps(indent=2) would print (each line indented two more)."""
    text = result_json(result, 2)
    return "  " + text.replace("\n", "\n  ") if layout == "listed" else text


def _movement_slice(index: int):
    """In a worker: slice `index` of `_PENDING` adjudicated and finished, each result as JSON
    text (pickling pydantic models costs about three times as much): its text in the `--json`
    output (`json_text`) when a layout is asked, else compact for `TurnResult.model_validate_json`.
    Errors come back as data (our exceptions do not survive pickling)."""
    turn_list, where, slices, board, timeout, layout = _PENDING
    try:
        done, closing = _movement_part(turn_list, where, slices[index], board, timeout)
        texts = {}
        for n, result in done.items():
            result = _finished(turn_list[n - 1], result, closing.get(n), timeout)
            texts[n] = json_text(result, layout) if layout else result_json(result)
        return "ok", texts
    except InputError as exc:
        return "input", str(exc)
    except BudgetExceeded as exc:
        return "budget", (exc.what, exc.seconds)
    except EncodingFault as exc:
        return "fault", (exc.phase, exc.problem)


def _in_workers(count: int, work) -> list:
    """`work(i)` for i in range(count), each in a forked process of its own; their answers in
    order (pickled through a pipe). Not a `multiprocessing.Pool`: its start-up, its task queue and
    its handler threads cost about 0.1-0.2 s of wall clock per call, and a worker's exit frees
    nothing (the grounded programs, the turns) that the process is about to drop anyway."""
    import gc
    import multiprocessing
    from multiprocessing.connection import wait

    context = multiprocessing.get_context("fork")
    receivers, processes = {}, []
    # what exists now (modules, the turns) is never collected in a worker: its collections skip it
    # instead of walking (and copying) it; worker 0 of the benchmark: -203M of 11.5G instructions
    gc.freeze()
    answers: list = [None] * count
    try:
        for index in range(count):
            receiver, sender = context.Pipe(duplex=False)
            process = context.Process(target=_answer, args=(work, index, sender), daemon=True)
            process.start()
            sender.close()
            receivers[receiver] = index
            processes.append(process)
        while receivers:
            for receiver in wait(list(receivers)):
                index = receivers.pop(receiver)
                try:
                    answers[index] = receiver.recv()
                except EOFError:  # the worker died without an answer (its traceback is on stderr)
                    raise RuntimeError(f"worker process {index} of {count} ended without an answer") from None
                finally:
                    receiver.close()
    finally:
        for process in processes:
            if receivers:  # an error above: do not wait for the others
                process.kill()
            process.join()
        gc.unfreeze()
    return answers


def _answer(work, index: int, sender) -> None:
    """In a worker: send `work(index)` back (the process then ends without freeing its memory)."""
    sender.send(work(index))
    sender.close()


def _slices(turn_list: list[Turn], numbers: list[int], parts: int) -> list[list[int]]:
    """`numbers` cut into `parts` contiguous slices of about the same work (orders to
    adjudicate, plus a turn's own share), so that the workers finish together. Contiguous: a
    worker reports its first bad turn, and the first slice's comes first, as in one process."""
    weights = [8 + sum(len(listed or ()) for listed in turn_list[n - 1].orders.values()) for n in numbers]
    total, slices, start, acc = sum(weights), [], 0, 0
    for i, weight in enumerate(weights):
        acc += weight
        if len(slices) < parts - 1 and acc * parts >= total * (len(slices) + 1):
            slices.append(numbers[start:i + 1])
            start = i + 1
    slices.append(numbers[start:])
    return [s for s in slices if s]


def _movement_turns(turn_list: list[Turn], where: list[str], numbers: list[int], board: DiplomacyMap,
                    timeout: float, layout: str | None = None) -> dict[int, TurnResult | str]:
    """The movement turns of a call, adjudicated and finished (`_finished`); for a large call on
    a machine with 2+ cores, in WORKERS forked processes (each runs single-threaded clingo), on
    contiguous slices of the turns. With a `layout`, each result as its `--json` text (`json_text`)."""
    import multiprocessing
    import os

    if len(numbers) < PARALLEL_MIN or (os.cpu_count() or 1) < 2 or \
            "fork" not in multiprocessing.get_all_start_methods():
        done, closing = _movement_part(turn_list, where, numbers, board, timeout)
        finished = {n: _finished(turn_list[n - 1], done[n], closing.get(n), timeout) for n in numbers}
        return {n: json_text(r, layout) if layout else result_model(r) for n, r in finished.items()}
    slices = _slices(turn_list, numbers, WORKERS)
    global _PENDING
    _PENDING = (turn_list, where, slices, board, timeout, layout)
    try:
        answers = _in_workers(len(slices), _movement_slice)
    finally:
        _PENDING = None
    # as one process would: the first bad turn is reported before any budget overrun
    for status, value in answers:
        if status == "input":
            raise InputError(value)
    done: dict[int, TurnResult | str] = {}
    for status, value in answers:
        if status == "budget":
            raise BudgetExceeded(*value)
        if status == "fault":
            raise EncodingFault(*value)
        if layout:
            done.update(value)
        else:
            done.update((n, TurnResult.model_validate_json(text)) for n, text in value.items())
    return done


# ------------------------------------------------------------------------------------- the call
def adjudicate(turns: Turn | dict | list, *, timeout: float = DEFAULT_TIMEOUT,
               source: str = "input") -> TurnResult | list[TurnResult]:
    """Adjudicate one movement-phase turn (a `Turn` or a dict of the JSON contract) or a list of
    them (then a list of results, in order). Bad input raises `InputError`."""
    results, was_list = _adjudicate(turns, timeout, source, layout=None)
    return results if was_list else results[0]


def adjudicate_json(turns: Turn | dict | list, *, timeout: float = DEFAULT_TIMEOUT,
                    source: str = "input") -> tuple[list[str], bool]:
    """As `adjudicate`, each result as its JSON text (`TurnResult.model_dump_json(indent=2)`;
    for a list, laid out as an element of it: `json_text`), written where it was made (in the
    worker processes of a large call); and whether the input was a list. The CLI's `--json`."""
    return _adjudicate(turns, timeout, source, layout="listed" if isinstance(turns, list) else "document")


def _adjudicate(turns: Turn | dict | list, timeout: float, source: str, layout: str | None) -> tuple[list, bool]:
    turn_list, was_list = load_turns(turns, source)
    board = load_map()
    where = [f"{source}, turn {n}" if was_list else source for n in range(1, len(turn_list) + 1)]
    for turn, place in zip(turn_list, where):
        turn.require_units(place)
    # The turns are grounded together, in chunks (a solve over a large program costs in
    # proportion to the whole program even for one turn); a chunk whose turns are not all
    # determinate is looked at again turn by turn, each in a small program of its own.
    numbers = [n for n, turn in enumerate(turn_list, 1) if turn.phase.endswith("M")]
    # next phase (skipping empty retreat/adjustment phases) and Fall ownership (BT23): phases.finish,
    # with the close of the Fall movement turns decided for all of them in one program per worker
    done = _movement_turns(turn_list, where, numbers, board, timeout, layout)
    others: dict[int, TurnResult] = {}
    for n, turn in enumerate(turn_list, 1):
        if turn.phase.endswith("R"):
            from adjudicator.diplomacy.retreats import adjudicate_retreats
            others[n] = adjudicate_retreats(turn, source=where[n - 1], timeout=timeout)
        elif turn.phase.endswith("A"):
            from adjudicator.diplomacy.adjustments import adjudicate_adjustments
            others[n] = adjudicate_adjustments(turn, source=where[n - 1], timeout=timeout)
    for n, result in others.items():  # (every bad turn is reported before a budget overrun here)
        result = _finished(turn_list[n - 1], result, None, timeout)
        done[n] = json_text(result, layout) if layout else result
    return [done[n] for n in range(1, len(turn_list) + 1)], was_list
