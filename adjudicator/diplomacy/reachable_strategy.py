"""`reachable --force` from a Spring movement phase: a forced win by that year's Fall turn.

Three phases: the Spring movement (the target's orders fixed in advance), its retreats (the
others retreat anywhere they may; the target disbands a dislodged unit), and the Fall movement,
whose orders the target chooses after seeing the Spring's result. A nested counterexample-guided
search over `encodings/diplomacy/reach_strategy.lp` (with movement.lp, legality.lp and
variant_movement.lp):

1. *guess* the target's Spring orders σ (holds, moves, supports) that, in a copy per Spring
   counterexample found so far, leave it Fall orders keeping 18 secure centres against the Fall
   counterexamples found for that Spring response (a heuristic: only the check decides);
2. *check* σ against the Fall order sets found so far for it (f₁..fₙ): is there a Spring response
   of the others (every legal order of every unit or none, every resolution the adjudicator
   could give, every legal retreat) after which EVERY fᵢ leaves the target short against some
   Fall response? No model: proved, whatever happens in the Spring one of f₁..fₙ wins the Fall.
3. a model: its position after the Spring retreats is searched by the one-phase loop of
   `reachable_force.LastPhase`; the Fall orders it proves become fₙ₊₁ and the check is asked
   again; when it finds none, σ is refuted: the Spring response (with the Fall counterexamples
   the loop found) is a counterexample for the next guess, and σ itself is excluded.

The answer is "yes" only from a check without a model; the budget running out, or no Spring
orders left to guess, is "unknown" with what was tried.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import lru_cache

import clingo
from clingo import ast

from adjudicator import budget
from adjudicator.diplomacy.movement import prepare
from adjudicator.diplomacy.maps import atom, from_atom, load_map
from adjudicator.diplomacy.models import Turn
from adjudicator.diplomacy.orders import Order, parse_position
from adjudicator.diplomacy.programs import ENTRY, MOVEMENT
from adjudicator.diplomacy.reachable import SOLO_CENTRES, Answer, FallOption, Start, Strategy, WitnessPhase, replay
from adjudicator.diplomacy.reachable_last import LastPhase, TooManyOrders, solve_first
from adjudicator.errors import BudgetExceeded
from adjudicator.solving import encoding_path, grounded_control

STRATEGY = "diplomacy/reach_strategy.lp"
EXPLANATIONS = {"why", "strength", "stronger_rival"}  # movement.lp's output-only atoms: not grounded here
MAX_FALL_OPTIONS = 12
GUESS_FALLS = 8  # Fall counterexamples per Spring response in the guess (the last ones found: a heuristic)


@dataclass
class Response:
    """A Spring response of the others found by the check: their orders (terms c(L,O) and as
    text), their retreats, and the position before the Fall."""

    chosen: list[clingo.Symbol]
    orders: dict[str, list[str]]
    retreats: dict[str, list[str]]
    units: dict[str, list[str]]
    fall_counterexamples: list[dict[str, list[str]]] = field(default_factory=list)


def spring_to_fall(start: Start, power: str, answer: Answer, *, timeout: float) -> Answer:
    """The game is at the deadline year's Spring movement phase: prove a forced win by its Fall."""
    reason = _out_of_range(start, power)
    if reason:
        answer.reason = reason
        return answer
    search = _Search(start, power, time.monotonic() + budget.call_budget(timeout))
    try:
        proved = search.run()
    except BudgetExceeded:
        answer.reason = (f"the budget ran out in the search over Spring and Fall ({search.summary()}); "
                         "the answer is unknown within budget")
        return answer
    if proved is None:
        answer.reason = (f"no Spring orders of {power} (holds, moves, supports) survive the Spring responses found "
                         f"({search.summary()}); a forced win may still need convoys, retreats or orders not "
                         "considered")
        return answer
    return _proved(start, power, answer, proved, search, timeout=timeout)


def _out_of_range(start: Start, power: str) -> str | None:
    """A position whose orders the check cannot range over completely: the reason, else None."""
    options = start.options
    if options.get("support_reach") == "unrestricted":
        return ("under support_reach=unrestricted (BT17 read literally) a unit may support beyond its reach; the "
                "orders considered over two phases do not cover that")
    if options.get("convoy_path", "ignored") != "ignored":
        board = load_map()
        fleets = [loc for pw, ty, loc in parse_position(board, start.turn.units) if ty == "F" and pw != power]
        if fleets:
            return (f"with convoy_path={options['convoy_path']} (BT17: a convoyed move names its path) and other "
                    f"powers' fleets on the board ({', '.join(fleets[:5])}), the convoy paths over two phases are not "
                    "enumerated; a forced win from a Spring is proved only without them")
    return None


class _Search:
    def __init__(self, start: Start, power: str, deadline: float):
        self.start, self.power, self.deadline = start, power, deadline
        self.board = load_map()
        self.year = int(start.phase[1:5])
        self.refuted: list[list[clingo.Symbol]] = []
        self.counterexamples: list[Response] = []
        self.guesses = self.checks = self.fall_searches = 0
        self.types = {atom(loc): ty for _, ty, loc in parse_position(self.board, start.turn.units)}
        self.common = [f"target({power.lower()})."]
        for pw_text, centres in (start.turn.centers or {}).items():
            if self.board.power(pw_text) == power:
                self.common += [f"target_owns({atom(self.board.province(c.split('/')[0]) or c)})." for c in centres]

    def summary(self) -> str:
        return (f"{self.guesses} Spring guess(es), {len(self.refuted)} refuted by {len(self.counterexamples)} Spring "
                f"response(s), {self.checks} check(s), {self.fall_searches} Fall search(es)")

    # ------------------------------------------------------------------ the loop
    def run(self) -> tuple[list[clingo.Symbol], list[tuple[list[str], Response]]] | None:
        tries = self.first_tries()
        while True:
            sigma = tries.pop(0) if tries else self.guess()
            if sigma in self.refuted:
                continue
            if sigma is None:
                return None
            options: list[tuple[list[str], Response]] = []
            while True:
                response = self.check(sigma, [orders for orders, _ in options])
                if response is None:
                    return sigma, options
                fall = self.fall_start(response.units)
                self.fall_searches += 1
                try:
                    orders, examples, _ = LastPhase(fall, self.power, self.deadline, steady=True).search()
                except TooManyOrders:
                    orders, examples = None, []
                if orders is not None and len(options) < MAX_FALL_OPTIONS:
                    options.append((orders, response))
                    continue
                response.fall_counterexamples = examples
                self.counterexamples.append(response)
                self.refuted.append(sigma)
                break

    def first_tries(self) -> list[list[clingo.Symbol]]:
        """The Spring orders tried before any guess (search hints, no game rule): every unit
        holds; then every unit not on one of the target's centres takes the first step towards
        the nearest centre the target does not own (the others hold)."""
        position = parse_position(self.board, self.start.turn.units)
        mine = [(ty, loc) for pw, ty, loc in position if pw == self.power]
        holds = {loc: clingo.Function("hold") for _, loc in mine}
        tries = [self.picks(holds)]
        owned = {c.split("/")[0].upper() for pw, cs in (self.start.turn.centers or {}).items()
                 if self.board.power(pw) == self.power for c in cs}
        wanted = set(self.board.supply_centres) - owned
        approach = dict(holds)
        for ty, loc in mine:
            if self.board.province_of(loc) in owned:
                continue
            step = self.first_step(ty, loc, wanted)
            if step is not None:
                approach[loc] = clingo.Function("move", [clingo.Function(atom(step))])
        if self.picks(approach) != tries[0]:
            tries.append(self.picks(approach))
        return tries

    def first_step(self, ty: str, loc: str, wanted: set[str]) -> str | None:
        """The first location on a shortest way of a unit to a province in `wanted` (the map's
        adjacency for its type)."""
        frontier = [(loc, None)]
        seen = {loc}
        while frontier:
            following = []
            for here, first in frontier:
                for there in self.board.neighbours(here, ty):
                    if there in seen:
                        continue
                    seen.add(there)
                    step = first or there
                    if self.board.province_of(there) in wanted:
                        return step
                    following.append((there, step))
            frontier = following
        return None

    @staticmethod
    def picks(orders: dict[str, clingo.Symbol]) -> list[clingo.Symbol]:
        return sorted(clingo.Function("spring_pick", [clingo.Function(atom(loc)), o]) for loc, o in orders.items())

    # ------------------------------------------------------------------ programs
    def turn_facts(self, number: int, phase: str, units, orders: dict[str, list[str]]) -> str:
        """The movement facts of copy `number` (adjudicate.prepare): its units when given, its
        orders as facts (integer ids)."""
        game = self.start.game
        turn = Turn(phase=phase, units=units or {}, centers=self.start.turn.centers, orders=orders,
                    rules=game.rules, options=game.options, contestants=game.contestants)
        return prepare(turn, number, self.board, self.start.source).facts

    def control(self, programs: list[str], what: str) -> clingo.Control:
        budget.stage(f"grounding {what}")
        if time.monotonic() >= self.deadline:
            raise BudgetExceeded(what, 0)
        ctl, _ = grounded_control([STRATEGY], [_movement_rules(), self.board.facts, *programs], what=what,
                                 parts=MOVEMENT)
        for name in ("szykman", "circular"):  # every resolution the backup rules could give
            for atom_ in ctl.symbolic_atoms.by_signature(name, 2):
                if atom_.is_external:
                    ctl.assign_external(atom_.symbol, None)
        ctl.configuration.solver.heuristic = "Domain"  # the encoding's #heuristic: holds first
        return ctl

    def guess(self) -> list[clingo.Symbol] | None:
        """The target's Spring orders (spring_pick(L,O) terms), or None when none is left."""
        self.guesses += 1
        spring, fall = f"S{self.year}M", f"F{self.year}M"
        programs = ["\n".join(self.common + ["strategy_guess."])]
        number = 0
        for response in self.counterexamples or [None]:
            number += 1
            s = number
            programs += [self.turn_facts(s, spring, self.start.turn.units, {}), f"spring({s}). backup_rules({s})."]
            if response is not None:
                programs.append("\n".join(f"chosen({s},{c})." for c in response.chosen))
                # the position this response led to was refuted: another Spring must avoid it
                programs.append(":- " + ", ".join(f"post({s},{pw.lower()},{ty.lower()},{atom(loc)})" for pw, ty, loc in
                                                  parse_position(self.board, response.units)) + ".")
            for theirs in (response.fall_counterexamples[-GUESS_FALLS:] if response else []) or [{}]:
                number += 1
                programs += [self.turn_facts(number, fall, None, theirs), f"fall({number},{s}). backup_rules({number})."]
        for sigma in self.refuted:
            programs.append(":- " + ", ".join(str(c) for c in sigma) + ".")
        what = f"{self.power}'s Spring orders to force a win"
        model = solve_first(self.control(programs, what), [], self.deadline, what)
        return None if model is None else sorted(s for s in model if s.name == "spring_pick")

    def check(self, sigma: list[clingo.Symbol], options: list[list[str]]) -> Response | None:
        """A Spring response after which every Fall order set in `options` loses, or None."""
        self.checks += 1
        spring, fall = f"S{self.year}M", f"F{self.year}M"
        programs = ["\n".join(self.common + ["strategy_check."]),
                    self.turn_facts(1, spring, self.start.turn.units, {}), "spring(1). backup_rules(1).",
                    "\n".join(f"{s}." for s in sigma)]
        for number, orders in enumerate(options, 2):
            programs += [self.turn_facts(number, fall, None, {self.power: orders}),
                         f"fall({number},1). backup_rules({number})."]
        what = f"the check of {self.power}'s Spring orders against every response"
        model = solve_first(self.control(programs, what), [], self.deadline, what)
        if model is None:
            return None
        mine = {(s.arguments[0], s.arguments[1]) for s in sigma}
        chosen = sorted(s.arguments[1] for s in model if s.name == "chosen" and s.arguments[0].number == 1
                        and (s.arguments[1].arguments[0], s.arguments[1].arguments[1]) not in mine)
        owners = {atom(loc): pw for pw, _, loc in parse_position(self.board, self.start.turn.units)}
        orders: dict[str, list[str]] = {}
        for c in chosen:
            location = c.arguments[0].name
            orders.setdefault(owners[location], []).append(self.order_text(location, c.arguments[1]))
        retreats: dict[str, list[str]] = {}
        units: dict[str, list[str]] = {}
        for s in model:
            if s.name == "retreats":
                y, dl = s.arguments[1].name, s.arguments[2].name
                pw, ty, loc = next(u for u in parse_position(self.board, self.start.turn.units)
                                   if self.board.province_of(u[2]).lower() == y)
                retreats.setdefault(pw, []).append(f"{ty} {loc} R {from_atom(dl)}")
            elif s.name == "post" and s.arguments[0].number == 1:
                pw, ty, loc = (a.name for a in s.arguments[1:])
                units.setdefault(pw.upper(), []).append(f"{ty.upper()} {from_atom(loc)}")
        return Response([clingo.Function("c", list(c.arguments)) for c in chosen], orders, retreats,
                        {pw: sorted(u) for pw, u in sorted(units.items())})

    # ------------------------------------------------------------------ orders and positions
    def order_text(self, location: str, order: clingo.Symbol) -> str:
        """The order O of the unit at L (reach_strategy.lp's c(L,O)) as text (orders.Order's)."""
        def unit_type(loc: str) -> str:
            return self.types.get(loc) or next((t for l_, t in self.types.items() if l_.split("_")[0] == loc), "A")

        args = [from_atom(a.name) for a in order.arguments]
        kind = {"move_via": "move", "support_hold": "support", "support_move": "support"}.get(order.name, order.name)
        fields = {"kind": kind, "unit_type": unit_type(location), "location": from_atom(location)}
        if kind == "move":
            fields.update(destination=args[0], via_convoy=order.name == "move_via")
        elif kind in ("support", "convoy"):
            fields.update(target=args[0], target_type=unit_type(order.arguments[0].name),
                          destination=args[1] if len(args) > 1 else None)
        return Order(text="", **fields).canonical()

    def spring_orders(self, sigma: list[clingo.Symbol]) -> list[str]:
        return sorted(self.order_text(s.arguments[0].name, s.arguments[1]) for s in sigma)

    def fall_start(self, units: dict[str, list[str]]) -> Start:
        game = self.start.game
        turn = Turn(phase=f"F{self.year}M", units=units, centers=self.start.turn.centers, rules=game.rules,
                    options=game.options)
        return Start(game, turn, None, self.start.source)


@lru_cache(maxsize=1)
def _movement_rules() -> str:
    """The movement part of the entry program without the rules of its explanations (why/3 and
    the strengths it quotes: nothing else reads them, and with the units of a Fall copy derived
    rather than given they were most of the grounding)."""
    kept: list[str] = []
    entry = str(encoding_path(ENTRY))
    grounded = {"base", *MOVEMENT}
    part = "base"  # the entry's part a file is included in (the files of parts not grounded are left out)

    def keep(statement) -> None:
        nonlocal part
        if statement.ast_type == ast.ASTType.Program and statement.location.begin.filename == entry:
            part = statement.name
        if part not in grounded:
            return
        if statement.ast_type == ast.ASTType.Rule and statement.head.ast_type == ast.ASTType.Literal:
            head = statement.head.atom
            if head.ast_type == ast.ASTType.SymbolicAtom and getattr(head.symbol, "name", None) in EXPLANATIONS:
                return
        kept.append(str(statement))

    ast.parse_files([entry], keep)  # with its #includes, read by clingo
    return "\n".join(kept)


# ----------------------------------------------------------------------------- the answer
def fall_choice(start: Start, power: str, options: list[list[str]], *, deadline: float) -> int | None:
    """The strategy's Fall rule in a position at the Fall: the first of the order sets (as
    `applied` there) that no order of the others beats, by the one-phase check; None when none
    does."""
    check = LastPhase(start, power, deadline)
    for index, orders in enumerate(options):
        picked = check.indices(applied(orders, start.turn.units, power))
        if picked is not None and check.counterexample(picked) is None:
            return index
    return None


def applied(orders: list[str], units: dict[str, list[str]], power: str) -> list[str]:
    """A Fall order set played in a position: the orders of the target's units there; a unit
    without one, or whose support names a unit that is not there (void: the unit holds, as the
    check adjudicated it), holds."""
    board = load_map()
    position = parse_position(board, units)
    standing = {board.province_of(loc) for _, _, loc in position}
    mine = [f"{ty} {loc}" for pw, ty, loc in position if pw == power]
    played = {}
    for order in orders:
        words = order.split()
        unit = " ".join(words[:2])
        if unit not in mine:
            continue
        if len(words) > 3 and words[2] == "S" and board.province_of(words[4]) not in standing:
            continue
        played[unit] = order
    return sorted(played.get(unit, f"{unit} H") for unit in mine)


def _proved(start: Start, power: str, answer: Answer, proved, search: _Search, *, timeout: float) -> Answer:
    sigma, options = proved
    spring_orders = search.spring_orders(sigma)
    answer.answer = "yes"
    answer.decided_by = ("nested check of every Spring response and every Fall order of the others "
                         "(reach_strategy.lp with movement.lp; the Fall by reach_force.lp)")
    answer.strategy = Strategy(
        spring=spring_orders,
        fall=[FallOption(orders=orders, found_for=response.orders, retreats=response.retreats,
                         position=response.units) for orders, response in options])
    answer.witness = [WitnessPhase(phase=start.phase, orders={power: spring_orders})]
    year = int(start.phase[1:5])
    answer.reason = (f"{power}'s Spring orders below, then in the Fall the first of the {len(options)} order set(s) "
                     f"below that wins in the position reached, keep at least {SOLO_CENTRES} supply centres after "
                     f"F{year} whatever the others order: the check over every Spring response (every legal order "
                     f"of the others or none, every resolution the adjudicator could give, every retreat) finds none "
                     f"after which all these Fall order sets lose to some Fall order of the others "
                     f"({search.summary()})")
    _sample(start, power, answer, spring_orders, [orders for orders, _ in options], timeout=timeout)
    return answer


def _sample(start: Start, power: str, answer: Answer, spring: list[str], options: list[list[str]], *,
            timeout: float) -> None:
    """Replay against opponents who submit no orders: the Spring, then the Fall rule's choice."""
    results, _ = replay(start, [WitnessPhase(phase=start.phase, orders={power: spring})], timeout=timeout)
    after = results[-1]
    phases = [WitnessPhase(phase=start.phase, orders={power: spring})]
    if after.dislodged:
        phases.append(WitnessPhase(phase=start.phase[:5] + "R", orders={
            pw: [f"{d.unit} D" for d in units] for pw, units in after.dislodged.items() if pw == power}))
        results, _ = replay(start, phases, timeout=timeout)
        after = results[-1]
    fall_turn = Turn(phase=f"F{start.phase[1:5]}M", units=after.units, centers=after.centers,
                     rules=start.game.rules, options=start.game.options)
    fall = Start(start.game, fall_turn, None, start.source)
    choice = fall_choice(fall, power, options, deadline=time.monotonic() + budget.call_budget(timeout))
    if choice is None:
        answer.replay = {"confirmed": False, "sample": "the others submit no orders", "phases": len(phases),
                         "last_phase": after.phase, "winner": None, "draw_available": False, "centre_counts": {}}
        return
    phases.append(WitnessPhase(phase=fall_turn.phase, orders={power: applied(options[choice], after.units, power)}))
    results, summary = replay(start, phases, timeout=timeout)
    answer.witness = phases
    answer.replay = {"confirmed": summary.winner == power, "phases": len(phases), "last_phase": results[-1].phase,
                     "winner": summary.winner, "draw_available": bool(results[-1].draw_available),
                     "centre_counts": summary.centre_counts, "sample": "the others submit no orders",
                     "fall_choice": choice + 1}
