"""The last movement phase of `reachable --force`: P's orders that keep 18 secure centres
whatever the others order, by a guess-and-check loop (counterexample-guided) over
`encodings/diplomacy/reach_force.lp` with the real movement encodings. Used by
`reachable_force.py` (a game at a Fall movement phase) and by `reachable_strategy.py` (the Fall
after a Spring, in every position the Spring can lead to)."""

from __future__ import annotations

import re
import time

import clingo

from adjudicator import budget
from adjudicator.diplomacy.movement import prepare
from adjudicator.diplomacy.maps import atom, load_map
from adjudicator.diplomacy.models import Turn
from adjudicator.diplomacy.orders import parse_position
from adjudicator.diplomacy.possible import possible_orders
from adjudicator.diplomacy.programs import ENTRY, MOVEMENT
from adjudicator.diplomacy.reachable import Start
from adjudicator.errors import BudgetExceeded
from adjudicator.solving import grounded_control

FORCE = "diplomacy/reach_force.lp"
MAX_CANDIDATES = 3000  # orders considered in one check (else unknown: the grounding would be too big)
MAX_PATHS = 40  # named convoy paths per convoyed move (BT17 path readings)
_ORDER_FACT = re.compile(r"^(order|hold|move|via_convoy|support_hold|support_move|convoy|other_order|path_named|"
                         r"named_path|submitted_by)\((\d+),(\d+)([,)].*)\.$")


# ----------------------------------------------------------------------------- the last phase
def _candidates(start: Start, power: str, timeout: float) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """(P's orders considered: holds, moves and supports per unit; every legal order of every
    other unit, convoyed moves also along each named path)."""
    turn = Turn(phase=start.phase, units=start.turn.units, centers=start.turn.centers, rules=start.game.rules,
                options=start.game.options)
    possible = possible_orders(turn, timeout=timeout, source=start.source)
    board = load_map()
    named_paths = start.options["convoy_path"] != "ignored"
    fleets_at_sea = {loc for _, ty, loc in parse_position(board, turn.units) if ty == "F"
                     and board.provinces[board.province_of(loc)].terrain == "sea"}
    mine: dict[str, list[str]] = {}
    theirs: dict[str, list[str]] = {}
    for owner, units in possible.powers.items():
        for unit in units:
            orders = possible.units[unit]
            if owner == power:
                mine[unit] = [o for o in orders if not o.endswith(" VIA") and " C " not in o]
                continue
            listed = list(orders)
            if named_paths:
                for order in orders:
                    if order.endswith(" VIA"):
                        origin, destination = order.split()[1], order.split()[3]
                        paths = _sea_paths(board, origin, destination, fleets_at_sea)
                        if len(paths) >= MAX_PATHS:  # the range would be cut short: no proof
                            raise TooManyOrders(f"{order}: {MAX_PATHS} or more convoy paths to name")
                        listed += [f"A {origin} - {' - '.join(path)} - {destination}" for path in paths]
            theirs[unit] = listed
    return mine, theirs


class TooManyOrders(Exception):
    """The others' orders are too many to range over (the check would not cover them all)."""


def _sea_paths(board, origin: str, destination: str, seas: set[str]) -> list[tuple[str, ...]]:
    """Simple chains of seas holding fleets from the army's coast to the destination's (BT18)."""
    def borders(sea: str, province: str) -> bool:
        return any(board.fleet_adjacent(sea, loc) for loc in board.fleet_locations(province))

    found: list[tuple[str, ...]] = []

    def extend(path: list[str]) -> None:
        if len(found) >= MAX_PATHS:
            return
        if borders(path[-1], destination):
            found.append(tuple(path))
        for sea in sorted(seas):
            if sea not in path and board.fleet_adjacent(path[-1], sea):
                extend(path + [sea])

    for sea in sorted(seas):
        if borders(sea, origin):
            extend([sea])
    return found


def _turn_facts(start: Start, number: int, orders: dict[str, list[str]], conditional: set[int] | None):
    """The movement facts of the turn with these orders (adjudicate.prepare); the facts of the
    orders whose index is in `conditional` hold only when chosen. Returns (facts, prepared)."""
    turn = Turn(phase=start.phase, units=start.turn.units, centers=start.turn.centers, orders=orders,
                rules=start.game.rules, options=start.game.options, contestants=start.game.contestants)
    prepared = prepare(turn, number, load_map(), start.source)
    lines = []
    for line in prepared.facts.splitlines():
        match = _ORDER_FACT.match(line.strip())
        if match and conditional is not None and int(match.group(3)) in conditional:
            lines.append(f"{line.strip()[:-1]} :- chosen({match.group(3)}).")
        else:
            lines.append(line)
    return "\n".join(lines) + "\n", prepared


def solve_first(ctl: clingo.Control, assumptions, deadline: float, what: str) -> list[clingo.Symbol] | None:
    """The first model's shown atoms (None: no model); BudgetExceeded past the deadline."""
    ctl.configuration.solve.models = 1
    with ctl.solve(assumptions=list(assumptions), yield_=True, async_=True) as handle:
        handle.resume()
        if not handle.wait(max(0.0, deadline - time.monotonic())):
            handle.cancel()
            raise BudgetExceeded(what, 0)
        model = handle.model()
        return None if model is None else list(model.symbols(shown=True))


class LastPhase:
    """The check of the last movement phase in a position: the target's orders considered (holds,
    moves and supports), every legal order of the others (or none), every resolution. Built once
    (grounded), then asked per choice of the target's orders."""

    def __init__(self, start: Start, power: str, deadline: float, *, steady: bool = False):
        board = load_map()
        self.start, self.power, self.deadline = start, power, deadline
        remaining = deadline - time.monotonic()
        if remaining <= 0:  # a solver budget must be positive: the search is past its deadline
            raise BudgetExceeded("the last phase's candidate orders", 0)
        mine, theirs = _candidates(start, power, remaining)  # TooManyOrders
        total = sum(map(len, mine.values())) + sum(map(len, theirs.values()))
        if total > MAX_CANDIDATES:
            raise TooManyOrders(f"{total} orders to consider in the last phase (at most {MAX_CANDIDATES} are handled)")
        owner_of = {f"{ty} {loc}": pw for pw, ty, loc in parse_position(board, start.turn.units)}
        all_orders: dict[str, list[str]] = {power: [o for orders in mine.values() for o in orders]}
        for unit, orders in theirs.items():
            all_orders.setdefault(owner_of[unit], []).extend(orders)
        facts, prepared = _turn_facts(start, 1, all_orders, None)
        self.mine_count = sum(1 for pw, _, _ in prepared.orders if pw == power)
        facts, prepared = _turn_facts(start, 1, all_orders, set(range(len(prepared.orders))))
        self.prepared, self.mine_orders = prepared, {power: all_orders[power]}
        common = [f"target({power.lower()})."]
        for pw_text, centres in (start.turn.centers or {}).items():
            if board.power(pw_text) == power:
                common += [f"target_owns({atom(board.province(c.split('/')[0]) or c)})." for c in centres]
        candidates = [f"candidate({i},{atom(board.province_of(o.location))})." for i, (_, _, o) in
                      enumerate(prepared.orders)]
        targets = [f"target_order({i})." for i, (pw, _, _) in enumerate(prepared.orders) if pw == power]
        targets += [f"hold_candidate({i})." for i, (pw, _, o) in enumerate(prepared.orders) if pw == power
                    and o.kind == "hold"]
        mine_at = {board.province_of(loc) for pw, _, loc in parse_position(board, start.turn.units) if pw == power}
        if steady:  # a search hint: the target's units try supporting each other's holds first
            targets += [f"steady_candidate({i})." for i, (pw, _, o) in enumerate(prepared.orders) if pw == power
                        and o.kind == "support" and o.destination is None
                        and board.province_of(o.target or "") in mine_at]
        self.guess_facts = common + [c for c, (pw, _, _) in zip(candidates, prepared.orders) if pw == power] + targets
        self.what = f"the check of {power}'s orders against every other order"
        budget.stage(f"grounding {self.what}")
        self.check, _ = grounded_control([ENTRY, FORCE], [board.facts, facts, "\n".join(common + candidates + targets),
                                                          "check_mode. backup_rules(1)."],
                                         arguments=["--project=show"], what=self.what, parts=MOVEMENT)
        for name in ("szykman", "circular"):  # every resolution the backup rules could give
            for atom_ in self.check.symbolic_atoms.by_signature(name, 2):
                if atom_.is_external:
                    self.check.assign_external(atom_.symbol, None)

    @property
    def their_orders(self) -> int:
        return len(self.prepared.orders) - self.mine_count

    def counterexample(self, picked: set[int]) -> dict[str, list[str]] | None:
        """Orders of the others that leave the target short against its orders `picked` (indices
        among its candidates), or None: those orders win whatever the others order."""
        assumptions = [(clingo.Function("pick", [clingo.Number(i)]), i in picked) for i in range(self.mine_count)]
        model = solve_first(self.check, assumptions, self.deadline, self.what)
        if model is None:
            return None
        example: dict[str, list[str]] = {}
        for i in sorted({s.arguments[0].number for s in model if s.name == "chosen"} - set(range(self.mine_count))):
            example.setdefault(self.prepared.orders[i][0], []).append(self.prepared.orders[i][1])
        return example

    def indices(self, orders: list[str]) -> set[int] | None:
        """The target's candidates for these orders (its units without one hold); None when one
        is not among them."""
        texts = {text: i for i, (pw, text, _) in enumerate(self.prepared.orders[:self.mine_count])}
        board = load_map()
        ordered = {board.province_of(self.prepared.orders[texts[o]][2].location) for o in orders if o in texts}
        if any(o not in texts for o in orders):
            return None
        picked = {texts[o] for o in orders}
        for i, (_, _, order) in enumerate(self.prepared.orders[:self.mine_count]):
            if order.kind == "hold" and board.province_of(order.location) not in ordered:
                picked.add(i)
        return picked

    def search(self) -> tuple[list[str] | None, list[dict[str, list[str]]], int]:
        """The guess-and-check loop: (the target's orders that win against every order, or None;
        the counterexamples found; the rounds)."""
        counterexamples: list[dict[str, list[str]]] = []
        rounds = 0
        while True:
            rounds += 1
            picked = _guess(self.start, self.power, self.mine_orders, counterexamples, self.guess_facts,
                            self.mine_count, self.deadline)
            if picked is None:
                return None, counterexamples, rounds
            example = self.counterexample(picked)
            if example is None:
                return [self.prepared.orders[i][1] for i in sorted(picked)], counterexamples, rounds
            counterexamples.append(example)


def _guess(start: Start, power: str, mine_orders: dict[str, list[str]], counterexamples, common: list[str],
           mine_count: int, deadline: float) -> set[int] | None:
    """P's orders (indices among its candidates) that keep 18 secure centres in every copy of
    the turn, one per counterexample (turn k: P's candidates conditional, the others' orders of
    counterexample k as given); the first round has one copy where the others have no orders."""
    board = load_map()
    programs = [board.facts, "\n".join(common)]
    for number, theirs in enumerate(counterexamples or [{}], 1):
        orders = {**mine_orders, **{pw: list(o) for pw, o in theirs.items()}}
        facts, _ = _turn_facts(start, number, orders, set(range(mine_count)))
        programs += [facts, f"guess_turn({number})."]
    what = f"{power}'s orders to force a win"
    ctl, _ = grounded_control([ENTRY, FORCE], programs, what=what, parts=MOVEMENT)
    ctl.configuration.solver.heuristic = "Domain"  # reach_force.lp's #heuristic: holds first
    model = solve_first(ctl, [], deadline, what)
    return None if model is None else {s.arguments[0].number for s in model if s.name == "pick"}
