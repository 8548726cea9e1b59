"""Who can still win: `adjudicator diplomacy reachable GAME --power P --by F1910`.

Cooperative question (every power cooperates): can P reach BT16's victory (18 supply centres
after a Fall turn) by the Fall turn of a year, or, with `draw`, BT9's draw (no ownership change
in the past three game-years, P still in the game)? Decided by two clingo programs, both
incremental over the phases of the calendar (multi-shot: one `step(t)` per phase):

- `encodings/diplomacy/reach_bound.lp`, a relaxation in P's favour (others never block, fleets
  are wherever a convoy needs them, P never loses a centre): when no play of it reaches 18
  centres by then, no real game does. That "no" is sound; its reason is the relaxation's most
  centres after the last Fall turn (an optimisation over the same program).
- `encodings/diplomacy/reach.lp`, a witness search over orders whose outcome cannot be
  otherwise (moves that meet no unit, attacks with one uncut support that dislodge a holding
  unit, retreats), guided by the relaxations' plays (the one against holding units,
  `reach_hold.lp`, first). A plan is turned into the orders of every phase and REPLAYED through
  the real adjudicator (`game.play`); only a replay that ends with P's win (or the draw) by then
  is reported as "yes".

Between the two (the relaxation reaches 18, the witness search finds no plan) the answer is
"unknown". `force=True` (a game against the rest) is in `reachable_force.py`.
Python here builds facts, drives the solver step by step and turns plans into orders; the game
rules are in the encodings.
"""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Any, Literal

import clingo
from clingo import ast
from pydantic import BaseModel, Field

from adjudicator import budget
from adjudicator.diplomacy.game import Game, GamePhase, GameSummary, StartPosition, load_game, play, read_document
from adjudicator.diplomacy.maps import atom, from_atom, load_map
from adjudicator.diplomacy.models import Turn, TurnResult, normalize_phase
from adjudicator.diplomacy.orders import parse_position, power_name
from adjudicator.diplomacy.variants import resolve_options
from adjudicator.errors import InputError
from adjudicator.diplomacy.phases import KINDS, SEASONS, phase_text
from adjudicator.solving import DEFAULT_TIMEOUT, Grounded, encoding_text, solve
from adjudicator.solving.terms import Atoms, Name, fact, program as program_text

PLAN = "diplomacy/reach.lp"
CALENDAR = "diplomacy/reach_calendar.lp"
BOUND = "diplomacy/reach_bound.lp"
HOLD = "diplomacy/reach_hold.lp"
MAX_YEARS_AHEAD = 40  # a deadline further away is refused (the calendar is grounded step by step)
WITNESS_CONFLICTS = 20000  # solver conflicts for a plan reaching the goal at a Fall turn before the deadline's
FOLLOW_CONFLICTS = 20000  # solver conflicts for a plan whose target's moves follow a relaxation's play
GUIDE_NAMES = {1: "against holding units", 2: "with the others out of the way"}
TIDY_CONFLICTS = 5000  # solver conflicts spent shortening a witness found (a limit, not a time: same output)
FALL_CONFLICTS = 5000  # per Fall turn, deciding whether the relaxation reaches 18 (undecided: not a "no")
BOUND_CONFLICTS = 20000  # per demand, finding the exact bound (the "no" is proved before)
SOLO_CENTRES = 18  # BT16 (also in the encodings; here only to word the answers)


class WitnessPhase(BaseModel):
    phase: str
    orders: dict[str, list[str]] = Field(default_factory=dict)


class FallOption(BaseModel):
    """One Fall order set of a forced strategy over two movement phases, with the Spring response
    the search found it for (its use is not limited to that response: the Fall rule plays the
    first order set that wins in the position reached)."""

    orders: list[str]
    found_for: dict[str, list[str]] = Field(default_factory=dict)  # the others' Spring orders
    retreats: dict[str, list[str]] = Field(default_factory=dict)  # their retreats after it
    position: dict[str, list[str]] = Field(default_factory=dict)  # the units before the Fall


class Strategy(BaseModel):
    """`--force` from a Spring: the target's Spring orders (its dislodged units are disbanded in the
    retreat phase), then in the Fall the first of `fall` that wins against every order there."""

    spring: list[str]
    fall: list[FallOption]


class Answer(BaseModel):
    """The answer to one question, as `--json` prints it."""

    power: str
    by: str  # the Fall turn of the deadline, e.g. F1910M
    question: Literal["win", "draw"]
    mode: Literal["cooperative", "force"]
    answer: Literal["yes", "no", "unknown"]
    start: str  # the phase the question starts from
    reason: str
    decided_by: str | None = None  # how the answer was decided (which program, which bound)
    bound: int | None = None  # "no": the most centres P could own after the deadline's Fall turn
    witness: list[WitnessPhase] | None = None  # "yes": the orders of every phase, replayed
    replay: dict[str, Any] | None = None  # what the replay of the witness established
    strategy: Strategy | None = None  # `--force` over two movement phases: the orders proved
    seconds: float = 0.0


class Start:
    """Where the question starts: the position, the game to replay from, and its history."""

    def __init__(self, game: Game, turn: Turn, summary: GameSummary | None, source: str):
        self.game, self.turn, self.summary, self.source = game, turn, summary, source
        self.options = resolve_options(game.rules, game.options, source)

    @property
    def phase(self) -> str:
        return self.turn.phase


def load_start(path: str, *, timeout: float = DEFAULT_TIMEOUT) -> Start:
    """GAME: a game file (played to its end; the question starts from its last position) or a
    turn file (its position; when it has orders they are adjudicated first)."""
    data = read_document(path)
    if data is None:
        raise InputError("the file is empty", source=path)
    if not isinstance(data, dict):
        raise InputError("expected a game (start, phases) or one turn (phase, units, ...)", source=path)
    if "phases" in data:
        game = load_game(data, path)
        if not game.phases:
            return _from_position(game, path)
        return _after_playing(game, path, timeout)
    from adjudicator.diplomacy.movement import load_turns

    turn = load_turns(data, path)[0][0]
    if turn.dislodged and turn.phase.endswith("R"):
        raise InputError("a retreat phase as the start: give the game file that leads to it "
                         "(its movement phase decides the retreats)", source=path)
    game = Game(rules=turn.rules, options=turn.options, contestants=turn.contestants,
                start=StartPosition(phase=turn.phase, units=turn.units, centers=turn.centers))
    if any(turn.orders.values()):
        game.phases = [GamePhase(phase=turn.phase, orders=turn.orders)]
        return _after_playing(game, path, timeout)
    return _from_position(game, path)


def _after_playing(game: Game, source: str, timeout: float) -> Start:
    """The game played through the adjudicator; the question starts after its last phase."""
    results, summary = play(game, timeout=timeout, source=source)
    last = results[-1]
    turn = Turn(phase=last.next_phase, units=last.units, centers=last.centers, rules=game.rules,
                options=game.options, dislodged=last.dislodged or None, contested=last.contested or None,
                civil_disorder=last.civil_disorder)
    return Start(game, turn, summary, source)


def _from_position(game: Game, source: str) -> Start:
    from adjudicator.diplomacy.game import start_turn

    state = start_turn(game)
    turn = Turn(phase=state["phase"], units=state["units"], centers=state["centers"], rules=game.rules,
                options=game.options)
    return Start(game, turn, None, source)


def parse_deadline(text: str, start_phase: str, source: str = "--by") -> int:
    """`F1910`, `F1910M`, `Fall 1910` or `1910` -> 1910, checked against the start."""
    raw = str(text).strip()
    if raw.isdigit():
        year = int(raw)
    else:
        candidate = raw if raw[-1:].upper() in "MRA" and not raw[-1:].isdigit() else raw + ("M" if raw[:1].upper() == "F" and raw[1:].isdigit() else " Movement")
        try:
            phase = normalize_phase(candidate)
        except InputError:
            raise InputError(f"{raw!r} is not a Fall turn like F1910", source=source) from None
        if phase[0] != "F":
            raise InputError(f"{raw!r}: the deadline is a Fall turn (BT16: the count after a Fall turn), like F1910",
                             source=source)
        year = int(phase[1:5])
    first = int(start_phase[1:5])
    last_fall = first if start_phase[0] in "SF" else first + 1
    if year < last_fall:
        raise InputError(f"F{year} is before the first Fall turn still to play (F{last_fall}, the game is at "
                         f"{start_phase})", source=source)
    if year > first + MAX_YEARS_AHEAD:
        raise InputError(f"F{year} is more than {MAX_YEARS_AHEAD} years after {start_phase}", source=source)
    return year


# ----------------------------------------------------------------------------- the calendar
_KINDS = {"movement": None, "retreat": "retreat", "adjustment": "winter"}  # a movement step's kind is its season


class Step:
    """One phase of the plan: kind spring|fall|retreat|winter, its year and name, and whether the
    ownership update (BT23) follows it (reach_calendar.lp's phase/4 and ownership_update_due/1)."""

    def __init__(self, number: int, kind: str, year: int, phase: str, closes: bool):
        self.number, self.kind, self.year, self.phase, self.closes = number, kind, year, phase, closes

    def facts(self) -> list[clingo.Symbol]:
        """The step as the reach programs' step(t) part reads it: phase_kind/2, phase_year/2 and,
        after a Fall turn, closes_year/1."""
        t = self.number
        facts = [fact("phase_kind", t, Name(self.kind)), fact("phase_year", t, self.year)]
        return facts + ([fact("closes_year", t)] if self.closes else [])


class Calendar(list):
    """The plan's steps (a list of Step), and whether BT9's three unchanged years can end by the
    deadline as far as counting years tells (reach_calendar.lp draw_in_reach/0)."""

    draw_in_reach = False


def calendar(start: Start, deadline: int) -> Calendar:
    """The phases from the start to the deadline's Fall turn, as reach_calendar.lp lists them
    (phase_order.lp's order; a retreat phase at the start is a step of its own when units are
    dislodged; a retreat phase after a movement phase is planned with that movement, and played
    only when the plan dislodges a unit; every Winter is a step, played when the plan says it is
    due)."""
    season, year, kind = start.phase[0], int(start.phase[1:5]), start.phase[-1]
    facts = [fact("start_phase", Name(SEASONS[season]), year, Name(KINDS[kind])), fact("deadline", deadline),
             fact("option_ownership_update", Name(start.options["ownership_update"]))]
    if start.turn.dislodged:
        facts.append(fact("start_retreats"))
    if start.summary is not None:
        facts += [fact("unchanged_before", y) for y in start.summary.years_without_ownership_change]
    model = Atoms(solve([CALENDAR], symbols=facts, what="the plan's calendar").models[0])
    closes = {number for number, in model.rows("ownership_update_due", 1)}
    steps = Calendar(Step(number, _KINDS[kind] or str(season), year, phase_text(season, year, kind), number in closes)
                     for number, season, year, kind in sorted(model.rows("phase", 4)) if number > 0)
    steps.draw_in_reach = model.has("draw_in_reach", 0)
    return steps


# ----------------------------------------------------------------------------- facts
def start_facts(start: Start, power: str, goal: str) -> str:
    board = load_map()
    turn = start.turn
    lines = [f"target({power.lower()}).", f"goal({goal})."]
    for pw, ty, loc in parse_position(board, turn.units, start.source):
        lines.append(f"start_unit({pw.lower()},{ty.lower()},{atom(loc)}).")
    for pw_text, centres in (turn.centers or {}).items():
        pw = power_name(board, pw_text, start.source)
        lines += [f"start_owns({pw.lower()},{atom(board.province(c.split('/')[0]) or c)})." for c in centres]
    for pw_text, units in (turn.dislodged or {}).items():
        pw = power_name(board, pw_text, start.source)
        for d in units:
            (_, ty, loc), = parse_position(board, {pw: [d.unit]}, start.source)
            lines.append(f"start_dislodged({pw.lower()},{ty.lower()},{atom(loc)}).")
            lines += [f"start_option({atom(loc)},{atom(r)})." for r in d.retreats]
    if start.options["ownership_update"] == "after_fall_movement":
        lines.append("ownership_after_movement.")
    lines.append(f"game_rules({start.game.rules}).")  # whether BT24 applies: civil_disorder.lp's
    if turn.phase[0] in "FW":
        lines += [f"start_disorder({power_name(board, p).lower()})." for p in (turn.civil_disorder or [])]
    if start.summary is not None:
        lines += [f"unchanged_before({y})." for y in start.summary.years_without_ownership_change]
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------- solving
BALANCE = ("diplomacy/adjust_balance.lp", "diplomacy/civil_disorder.lp")  # the game's Winter rules, per step


class _TurnToStep(ast.Transformer):
    """The turn variable T of a game encoding as the step parameter t of an incremental part
    (`turned`: the statement had one)."""

    turned = False

    def visit_Variable(self, node):
        if node.name != "T":
            return node
        self.turned = True
        return ast.SymbolicTerm(node.location, clingo.Function("t"))


@lru_cache(maxsize=None)
def as_step(name: str) -> str:
    """The program text of game encoding `name` (whose rules carry the turn as variable T, e.g.
    adjust_balance.lp) for an incremental program: the rules with T go into part step(t) with T
    bound to t, so each step grounds them for itself only; the others (the map's, e.g.
    build_location/3) into base. Built with clingo's AST: the rules are the encoding's own."""
    base: list[str] = []
    step: list[str] = []
    def add(statement) -> None:
        if statement.ast_type in (ast.ASTType.Program, ast.ASTType.Comment):
            return
        turn = _TurnToStep()
        changed = turn(statement)
        (step if turn.turned else base).append(str(changed))

    ast.parse_string(encoding_text(name), add)
    return "\n".join(["#program base.", *base, "#program step(t).", *step, "#program base."]) + "\n"


class _Incremental:
    """One multi-shot program: base grounded once, then step(t) and check(t) phase by phase."""

    def __init__(self, encodings: str | list[str], facts: str, *, timeout: float, what: str):
        board = load_map()
        encodings = [encodings] if isinstance(encodings, str) else encodings
        winter = [as_step(name) for name in BALANCE]  # the Winter's rules, grounded with each step
        self.program = Grounded(encodings, [board.facts, facts, *winter], timeout=timeout, what=what, project=True)
        self.ctl = self.program.ctl
        if any("#heuristic" in encoding_text(e) for e in encodings):
            self.ctl.configuration.solver.heuristic = "Domain"  # the encoding's #heuristic hints

    def add_step(self, step: Step) -> None:
        t = clingo.Number(step.number)
        self.ctl.add(f"calendar_{step.number}", [], program_text(step.facts()))
        budget.stage(f"grounding {self.program.what}, phase {step.phase}")
        self.ctl.ground([(f"calendar_{step.number}", []), ("step", [t]), ("check", [t])])
        self.program._check_budget("grounding")

    def solve_at(self, step: Step, conflicts: int | None = None) -> list[clingo.Symbol] | None:
        """A model with the goal at `step`, None if there is none; with `conflicts` (a restricted
        try, e.g. under follow/1) None also when the limit ends it, and the query stays open."""
        query = clingo.Function("query", [clingo.Number(step.number)])
        self.ctl.assign_external(query, True)  # (an external assumed true must not be fixed false)
        if conflicts is not None:
            return self._solve_for(self.program.deadline - time.monotonic(), conflicts)[1]
        models, _ = self.program.models([], max_models=1)
        if not models:
            self.ctl.release_external(query)  # false for good: later steps ask their own query
        return models[0] if models else None

    def decide_at(self, step: Step, conflicts: int | None) -> tuple[bool | None, list[clingo.Symbol] | None]:
        """(whether a model with the goal at `step` exists, one) within `conflicts` (None: no
        limit); undecided (None) when the limit ends the search. The query is closed unless a
        model was found."""
        if conflicts is None:
            model = self.solve_at(step)
            return model is not None, model
        query = clingo.Function("query", [clingo.Number(step.number)])
        self.ctl.assign_external(query, True)
        satisfiable, model = self._solve_for(self.program.deadline - time.monotonic(), conflicts)
        if not satisfiable:
            self.ctl.assign_external(query, False)
        return satisfiable, model

    def _solve_for(self, seconds: float, conflicts: int, optimise: bool = False) -> tuple[bool | None, list[clingo.Symbol] | None]:
        """Solve for at most `conflicts` conflicts (a limit that does not depend on the machine's
        load, so the same input gives the same answer) and, as a safety, `seconds` (never past
        the program's deadline): (satisfiable, the last model); satisfiable None when a limit
        ended the search before it knew (then the best model so far)."""
        self.ctl.configuration.solve.opt_mode = "opt" if optimise else "ignore"
        self.ctl.configuration.solve.models = 0 if optimise else 1
        self.ctl.configuration.solve.solve_limit = str(conflicts)
        deadline = min(time.monotonic() + seconds, self.program.deadline)
        best = None
        try:
            with self.ctl.solve(yield_=True, async_=True) as handle:
                while True:
                    handle.resume()
                    if not handle.wait(max(0.0, deadline - time.monotonic())):
                        handle.cancel()
                        return None, best
                    model = handle.model()
                    if model is None:
                        result = handle.get()
                        if best is not None:
                            return True, best
                        return (False, None) if result.unsatisfiable else (None, None)
                    best = list(model.symbols(shown=True))
        finally:
            self.ctl.configuration.solve.solve_limit = "umax,umax"

    def tidy(self, step: Step, seconds: float) -> list[clingo.Symbol] | None:
        """With the goal at `step`: the plan with the fewest moves found within `seconds` (the
        `tidy` part's minimisation; the best so far when time runs out), None if none."""
        self.ctl.ground([("tidy", [])])  # query(t) is still true from solve_at
        return self._solve_for(seconds, TIDY_CONFLICTS, optimise=True)[1]

    def most(self, step: Step, below: int, seconds: float) -> int | None:
        """The most centres the relaxation allows after the Fall turn closed at `step`, known to
        be below `below`: raise the demand from a model's count until it is unsatisfiable.
        None when `seconds` run out first."""
        t = clingo.Number(step.number)
        deadline = time.monotonic() + seconds
        found = -1  # the most centres of a play seen so far
        while found + 1 < below:
            k = found + 1
            demand = clingo.Function("demand", [t, clingo.Number(k)])
            self.ctl.ground([("at_least", [t, clingo.Number(k)])])
            self.ctl.assign_external(demand, True)
            satisfiable, model = self._solve_for(deadline - time.monotonic(), BOUND_CONFLICTS)
            self.ctl.release_external(demand)
            if satisfiable is None:
                return None
            if not satisfiable:
                return found
            found = max(s.arguments[1].number for s in model
                        if s.name == "bound_count" and s.arguments[0].number == step.number)
        return below - 1


class Bound:
    """What the relaxation says about the Fall turn of the deadline: the cap from counting alone
    (units, build limits) and, when found in time, the most centres a play of it reaches; when
    it allows the goal, the first Fall step that does and the play (the target's moves), which
    guides the witness search."""

    def __init__(self, first: Step | None, cap: int | None, most: int | None,
                 play: list[clingo.Symbol] | None = None, steps: list[Step] | None = None):
        self.first, self.cap, self.most = first, cap, most
        self.play, self.steps = play or [], steps or []

    @property
    def best(self) -> int | None:
        """The most centres known to be reachable by the deadline (the play's, else the count's)."""
        return self.most if self.most is not None else self.cap

    def guide(self, witness_steps: list[Step], index: int) -> str:
        """The play's moves as guide(G,T,Ty,L,D) facts (G = `index`), T the witness calendar's
        step of the same phase (a search hint for reach.lp, no game rule)."""
        number = {s.phase: s.number for s in witness_steps}
        phase = {s.number: s.phase for s in self.steps}
        lines = []
        for sym in self.play:
            if sym.name == "goes" and phase.get(sym.arguments[0].number) in number:
                t = number[phase[sym.arguments[0].number]]
                lines.append(f"guide({index},{t},{','.join(str(a) for a in sym.arguments[1:])}).")
        return "\n".join(lines) + "\n"


def relaxation(start: Start, power: str, steps: list[Step], *, timeout: float, holding: bool = False,
               conflicts: int | None = FALL_CONFLICTS) -> Bound:
    """The first Fall step at which the relaxation allows 18 centres, with the play that does
    (None: none does), and, when none does, the most centres it allows after the last Fall
    turn. Each Fall turn is decided within `conflicts` solver conflicts (a limit, not a time):
    one left undecided is a first step without a play (the relaxation does not rule it out).
    `holding`: against others who only hold (reach_hold.lp)."""
    program = _Incremental([BOUND, HOLD] if holding else BOUND, start_facts(start, power, "win"), timeout=timeout,
                           what=f"the bound on {power}'s supply centres" + (" against holding units" if holding else ""))
    undecided = None
    for step in steps:
        program.add_step(step)
        if step.closes:
            satisfiable, model = program.decide_at(step, conflicts)
            if satisfiable:  # (after an undecided one: a later play, to guide the witness search)
                return Bound(undecided or step, None, None, model, steps)
            if satisfiable is None and undecided is None:
                undecided = step
    if undecided is not None:
        return Bound(undecided, None, None, None, steps)
    closing = [s for s in steps if s.closes]
    if not closing:
        return Bound(None, None, None)
    last = clingo.Number(closing[-1].number)
    cap = next((a.symbol.arguments[1].number for a in program.ctl.symbolic_atoms.by_signature("cap_centres", 2)
                if a.is_fact and a.symbol.arguments[0] == last), None)
    below = min(SOLO_CENTRES, cap + 1) if cap is not None else SOLO_CENTRES
    left = program.program.deadline - time.monotonic()
    return Bound(None, cap, program.most(closing[-1], below, left / 3))


def witness_plan(start: Start, power: str, steps: list[Step], goal: str, *, timeout: float,
                 from_year: int = 0, guides: dict[int, str] | None = None) -> tuple[Step, list[clingo.Symbol], str] | None:
    """The first Fall step (of a year from `from_year`: earlier ones the bound already rules
    out) with a plan that reaches the goal, the plan, and how it was found; None when no plan of
    the search reaches it by the deadline. `guides`: the relaxation's plays as guide/5 facts:
    first the target's units are held to each play (follow/1, a restricted search of at most
    FOLLOW_CONFLICTS conflicts), then the whole search runs with the plays as hints."""
    guides = guides or {}
    program = _Incremental(PLAN, start_facts(start, power, goal) + "".join(guides.values()), timeout=timeout,
                           what=f"the plan for {power}")
    last_fall = max(s.number for s in steps if s.closes)
    for step in steps:
        program.add_step(step)
        if step.closes and step.year >= from_year:
            model, how = None, "the whole search"
            for number in guides:
                follow = clingo.Function("follow", [clingo.Number(number)])
                program.ctl.assign_external(follow, True)
                model = program.solve_at(step, conflicts=FOLLOW_CONFLICTS)
                if model is not None:
                    how = f"the target's moves held to the relaxation's play {GUIDE_NAMES[number]}"
                    break
                program.ctl.assign_external(follow, False)
            if model is None:  # a Fall turn before the deadline's gets a limited search only
                model = program.solve_at(step, conflicts=None if step.number == last_fall else WITNESS_CONFLICTS)
                if model is None and step.number != last_fall:
                    program.ctl.assign_external(clingo.Function("query", [clingo.Number(step.number)]), False)
            if model is not None:
                left = program.program.deadline - time.monotonic()
                return step, program.tidy(step, left / 3) or model, how
    return None


def _unit(ty: clingo.Symbol, location: clingo.Symbol) -> str:
    return f"{ty.name.upper()} {from_atom(location.name)}"


def plan_orders(start: Start, steps: list[Step], last: Step, model: list[clingo.Symbol]) -> list[WitnessPhase]:
    """The orders of every phase of the plan: every unit ordered in a movement phase (a move, a
    support or a hold, so nobody is in civil disorder), every dislodged unit's retreat or
    disband, builds and removals. A retreat or adjustment phase is listed only when it is due
    (else it is skipped, as in a game)."""
    moves: dict[int, dict[str, tuple[str, str, str]]] = {}  # step -> location -> (power, order, destination)
    convoys: dict[int, dict[str, set[str]]] = {}  # step -> army location -> seas whose fleets convoy it
    supports: dict[int, dict[str, str]] = {}  # step -> supporter location -> the province of the move supported
    dislodged: dict[int, set[str]] = {}  # step -> locations of the units dislodged
    adjust: dict[int, list[tuple[str, str]]] = {}
    retreats: dict[int, dict[str, tuple[str, str]]] = {}
    due = set()
    for s in model:
        args = s.arguments
        if s.name == "move":
            moves.setdefault(args[0].number, {})[from_atom(args[3].name)] = (
                args[1].name.upper(), f"{_unit(args[2], args[3])} - {from_atom(args[4].name)}",
                from_atom(args[4].name))
        elif s.name == "carried":
            moves.setdefault(args[0].number, {})[from_atom(args[2].name)] = (
                args[1].name.upper(), "", from_atom(args[3].name))
        elif s.name == "carries":
            convoys.setdefault(args[0].number, {}).setdefault(from_atom(args[1].name), set()).add(
                from_atom(args[2].name))
        elif s.name == "support":
            supports.setdefault(args[0].number, {})[from_atom(args[1].name)] = from_atom(args[2].name)
        elif s.name == "dislodged":
            dislodged.setdefault(args[0].number, set()).add(from_atom(args[3].name))
        elif s.name == "retreat":
            retreats.setdefault(args[0].number, {})[from_atom(args[3].name)] = (
                args[1].name.upper(), f"{_unit(args[2], args[3])} R {from_atom(args[4].name)}")
        elif s.name == "build":
            adjust.setdefault(args[0].number, []).append((args[1].name.upper(), f"{_unit(args[2], args[3])} B"))
        elif s.name == "remove":
            adjust.setdefault(args[0].number, []).append((args[1].name.upper(), f"{_unit(args[2], args[3])} D"))
        elif s.name == "adjustment_due":
            due.add(args[0].number)
    board = load_map()
    position = {loc: (pw, ty) for pw, ty, loc in parse_position(board, start.turn.units, start.source)}
    pending: dict[str, tuple[str, str]] = {}  # the dislodged units to retreat: location -> (power, type)
    for pw_text, units in (start.turn.dislodged or {}).items():
        pw = power_name(board, pw_text)
        for d in units:
            (_, ty, loc), = parse_position(board, {pw: [d.unit]})
            pending[loc] = (pw, ty)
    phases: list[WitnessPhase] = []
    for step in steps:
        if step.number > last.number:
            break
        orders: dict[str, list[str]] = {}
        if step.kind in ("spring", "fall"):
            chosen = moves.get(step.number, {})
            convoying: dict[str, str] = {}  # fleet location -> its convoy order
            for loc, (pw, text, destination) in chosen.items():
                if not text:  # an army convoyed along a chain of seas, named (BT17)
                    path = _sea_path(board, loc, destination, convoys.get(step.number, {}).get(loc, set()))
                    chosen[loc] = (pw, f"A {loc} - {' - '.join(path + [destination])}", destination)
                    convoying.update({sea: f"F {sea} C A {loc} - {destination}" for sea in path})
            into = {board.province_of(destination): origin for origin, (_, _, destination) in chosen.items()}
            supporting = {loc: f"{position[loc][1]} {loc} S {position[into[province]][1]} {into[province]} - {province}"
                          for loc, province in supports.get(step.number, {}).items()}
            new_position = {}
            lost = dislodged.get(step.number, set())
            for loc, (pw, ty) in sorted(position.items()):
                if loc in chosen:
                    orders.setdefault(pw, []).append(chosen[loc][1])
                    new_position[chosen[loc][2]] = (pw, ty)
                else:
                    orders.setdefault(pw, []).append(supporting.get(loc) or convoying.get(loc, f"{ty} {loc} H"))
                    if loc in lost:
                        pending[loc] = (pw, ty)
                    else:
                        new_position[loc] = (pw, ty)
            position = new_position
            phases.append(WitnessPhase(phase=step.phase, orders={p: sorted(o) for p, o in sorted(orders.items())}))
            orders = {}
            if not pending:
                continue
        if step.kind in ("spring", "fall", "retreat"):  # the retreat phase (BT22), when a unit was dislodged
            chosen = retreats.get(step.number, {})
            for loc, (pw, ty) in sorted(pending.items()):
                if loc in chosen:
                    orders.setdefault(pw, []).append(chosen[loc][1])
                    position[chosen[loc][1].split(" R ")[1]] = (pw, ty)
                else:
                    orders.setdefault(pw, []).append(f"{ty} {loc} D")
            pending = {}
            phases.append(WitnessPhase(phase=step.phase[:5] + "R",
                                       orders={p: sorted(o) for p, o in sorted(orders.items())}))
            continue
        else:
            if step.number not in due:
                continue
            for pw, text in adjust.get(step.number, []):
                orders.setdefault(pw, []).append(text)
                ty, loc, verb = text.split()
                if verb == "B":
                    position[loc] = (pw, ty)
                else:
                    position.pop(loc, None)
        phases.append(WitnessPhase(phase=step.phase, orders={p: sorted(o) for p, o in sorted(orders.items())}))
    return phases


def _sea_path(board, origin: str, destination: str, seas: set[str]) -> list[str]:
    """The shortest chain through `seas` from a sea next to the army's coast to one next to the
    destination (the plan's convoying fleets stand in them)."""
    def borders(sea: str, province: str) -> bool:
        return any(board.fleet_adjacent(sea, loc) for loc in board.fleet_locations(province))

    paths = [[sea] for sea in sorted(seas) if borders(sea, origin)]
    seen = {p[0] for p in paths}
    while paths:
        path = paths.pop(0)
        if borders(path[-1], destination):
            return path
        for sea in sorted(seas - seen):
            if board.fleet_adjacent(path[-1], sea):
                seen.add(sea)
                paths.append(path + [sea])
    raise ValueError(f"the plan convoys {origin} to {destination} without a chain of fleets")


def replay(start: Start, witness: list[WitnessPhase], *, timeout: float) -> tuple[list[TurnResult], GameSummary]:
    """The game from its start with the witness's phases after its own: played by the real
    adjudicator (game.play)."""
    game = start.game.model_copy(deep=True)
    game.phases = list(game.phases) + [GamePhase(phase=w.phase, orders=w.orders) for w in witness]
    return play(game, timeout=timeout, source=f"{start.source} + witness")


def _moves_count(witness: list[WitnessPhase]) -> int:
    """Orders other than holds (moves, retreats, builds, removals)."""
    return sum(1 for w in witness for orders in w.orders.values() for o in orders if not o.endswith(" H"))


# ----------------------------------------------------------------------------- the question
def opening(start: Start, power_text: str, deadline_text: str, *, draw: bool, force: bool) -> tuple[str, int, Answer]:
    """The question checked (power, deadline year) and its answer so far: decided already when
    the game is over (BT16), else "unknown" to be decided."""
    board = load_map()
    power = power_name(board, power_text, "--power")
    deadline = parse_deadline(deadline_text, start.phase)
    answer = Answer(power=power, by=f"F{deadline}M", question="draw" if draw else "win",
                    mode="force" if force else "cooperative", answer="unknown", start=start.phase, reason="")
    if draw and start.game.rules == "standard":
        raise InputError("--draw asks about BT9, a Birthday Tournament regulation; the game's rules are standard "
                         "(say rules: bt2020 or diplonomic2020)", source=start.source)
    over = start.summary.winner if start.summary is not None else None
    if over:
        answer.answer = "yes" if over == power and not draw else "no"
        answer.decided_by = "the game's result (BT16)"
        answer.reason = (f"{over} has already won (BT16: 18 supply centres after a Fall turn); the game is over"
                         + ("" if over == power else f" and {power} is no longer a contestant"))
    return power, deadline, answer


def reachable(start: Start, power_text: str, deadline_text: str, *, draw: bool = False,
              timeout: float = DEFAULT_TIMEOUT) -> Answer:
    """The cooperative question (every power cooperates); `--force` is reachable_force.forced."""
    began = time.monotonic()
    power, deadline, answer = opening(start, power_text, deadline_text, draw=draw, force=False)
    if answer.answer != "unknown":
        return timed(answer, began)
    if draw:
        return timed(_cooperative_draw(start, power, deadline, answer, timeout=timeout), began)
    return timed(_cooperative_win(start, power, deadline, answer, timeout=timeout), began)


def timed(answer: Answer, began: float) -> Answer:
    answer.seconds = round(time.monotonic() - began, 2)
    return answer


def _cooperative_win(start: Start, power: str, deadline: int, answer: Answer, *, timeout: float) -> Answer:
    bound = relaxation(start, power, calendar(start, deadline), timeout=timeout)
    if bound.first is None:
        answer.answer = "no"
        answer.decided_by = ("bound by counting" if bound.most is None or bound.most == bound.cap
                             else "bound by distances") + " (reach_bound.lp)"
        answer.bound = bound.best
        how = []
        if bound.cap is not None:
            how.append(f"counting alone (each unit takes at most one centre per Fall turn, a winter builds at "
                       f"most up to the centres and one unit per home centre) it could own at most {bound.cap}")
        if bound.most is not None and bound.most != bound.cap:
            how.append(f"with the distances its units can cover (one step a season, or convoyed along as many "
                       f"seas as there can be fleets) at most {bound.most}")
        answer.reason = (f"{power} cannot own {SOLO_CENTRES} supply centres after any Fall turn up to F{deadline}, "
                         "even if every other power cooperates: after F" + str(deadline) + ", "
                         + ("; ".join(how) or f"fewer than {SOLO_CENTRES}")
                         + " (a relaxation in its favour: other units never block it, it never loses a centre; "
                           "encodings/diplomacy/reach_bound.lp)")
        return answer
    first = bound.first
    steps = calendar(start, deadline)
    guides = {2: bound.guide(steps, 2)} if bound.play else {}
    against_holds = relaxation(start, power, steps, timeout=timeout, holding=True)
    if against_holds.play:
        guides = {1: against_holds.guide(steps, 1), **guides}
    found = witness_plan(start, power, steps, "win", timeout=timeout, from_year=first.year, guides=guides)
    if found is None:
        answer.reason = (f"the bound allows {SOLO_CENTRES} centres from F{first.year}, but the witness search "
                         "(orders that cannot fail: moves, convoys, attacks with one support) found no plan by "
                         f"F{deadline}; neither decides it")
        return answer
    last, model, how = found
    return _confirm(start, power, steps, last, model, answer, timeout=timeout, how=how)


def _confirm(start: Start, power: str, steps: list[Step], last: Step, model, answer: Answer, *,
             timeout: float, how: str = "the whole search") -> Answer:
    witness = plan_orders(start, steps, last, model)
    try:
        results, summary = replay(start, witness, timeout=timeout)
    except InputError as exc:
        answer.reason = f"a plan was found but its replay was refused by the adjudicator ({exc}); not reported"
        return answer
    final = results[-1]
    if answer.question == "win":
        confirmed = summary.winner == power
        what = f"{power} wins in {final.phase} with {summary.centre_counts.get(power, 0)} supply centres (BT16)"
    else:
        confirmed = bool(final.draw_available) and summary.winner is None
        what = (f"a draw is available after {final.phase} (BT9: no ownership change in "
                f"{', '.join(map(str, summary.years_without_ownership_change[-3:]))})")
    answer.replay = {"confirmed": confirmed, "phases": len(witness), "last_phase": final.phase,
                     "winner": summary.winner, "draw_available": bool(final.draw_available),
                     "centre_counts": summary.centre_counts}
    if not confirmed:
        answer.reason = "a plan was found but the adjudicator's replay of it does not reach the goal; not reported"
        return answer
    answer.answer = "yes"
    answer.decided_by = f"witness planned (reach.lp; {how}) and replayed through the adjudicator"
    answer.witness = witness
    moves = _moves_count(witness)
    besides = "all holds" if not moves else f"{moves} order{'' if moves == 1 else 's'} besides holds"
    answer.reason = (f"if every power plays the {len(witness)} phase{'' if len(witness) == 1 else 's'} below "
                     f"({besides}), "
                     f"{what}; replayed through the adjudicator")
    return answer


def _cooperative_draw(start: Start, power: str, deadline: int, answer: Answer, *, timeout: float) -> Answer:
    steps = calendar(start, deadline)
    reason = _draw_too_late(start, steps, deadline)
    if reason:
        answer.answer = "no"
        answer.decided_by = "count of years (BT9)"
        answer.reason = reason
        return answer
    found = witness_plan(start, power, steps, "draw", timeout=timeout)
    if found is not None:
        last, model, how = found
        return _confirm(start, power, steps, last, model, answer, timeout=timeout, how=how)
    answer.reason = (f"the witness search (moves that cannot fail) found no way to a BT9 draw by F{deadline}, "
                     "and no count of years rules it out")
    return answer


def _draw_too_late(start: Start, steps: Calendar, deadline: int) -> str | None:
    """Why BT9's draw is out of reach by counting years, None when it is not (reach_calendar.lp
    draw_in_reach/0: three game-years in a row without an ownership change, years before the start
    counting only when the game's history says they were unchanged, must end by the deadline)."""
    if steps.draw_in_reach:
        return None
    known = set(start.summary.years_without_ownership_change) if start.summary else set()
    closing = [s.year for s in steps if s.closes]
    if not closing:
        return f"BT9 needs a game-year to close without an ownership change; no Fall turn closes by F{deadline}"
    reading = start.options["draw_ownership"]
    history = (f"the game's years without a change so far: {', '.join(map(str, sorted(known))) or 'none'} "
               f"(reading draw_ownership={reading})" if start.summary
               else "a turn file has no history, so years before it do not count as unchanged")
    return (f"BT9 needs three game-years in a row without an ownership change; only the years "
            f"{', '.join(map(str, closing))} are still to close by F{deadline} and {history}")


# ----------------------------------------------------------------------------- output
def render(answer: Answer) -> str:
    what = ("reach BT16's solo victory (18 supply centres after a Fall turn)" if answer.question == "win"
            else "reach BT9's draw (no change of ownership in the past three game-years)")
    how = "if every power cooperates" if answer.mode == "cooperative" else "whatever the others order"
    lines = [f"Can {answer.power} {what} by {answer.by}, {how}? (from {answer.start})",
             f"Answer: {answer.answer.upper() if answer.answer != 'unknown' else 'unknown within budget'}",
             f"Why: {answer.reason}"]
    if answer.decided_by:
        lines.insert(2, f"Decided by: {answer.decided_by}")
    if answer.strategy:
        lines.append(f"Strategy: Spring orders of {answer.power}: {', '.join(answer.strategy.spring)}")
        lines.append("  Spring retreats: disband any dislodged unit")
        lines.append("  Fall: the first of these order sets that wins against every order in the position reached "
                     "(units without an order hold):")
        for number, option in enumerate(answer.strategy.fall, 1):
            lines.append(f"  {number}. {', '.join(option.orders)}")
            found = "; ".join(f"{pw}: {', '.join(o)}" for pw, o in option.found_for.items()) or "no orders"
            lines.append(f"     (found for the Spring response {found}"
                         + ("; retreats " + "; ".join(f"{pw}: {', '.join(o)}" for pw, o in option.retreats.items())
                            if option.retreats else "") + ")")
    if answer.witness:
        lines.append("Sample play (the others submit no orders)" if answer.strategy
                     else "Witness (the orders of every phase):")
        for phase in answer.witness:
            lines.append(f"  {phase.phase}" + ("" if phase.orders else "  (no orders: every power waives its builds)"))
            for pw, orders in phase.orders.items():
                lines.append(f"    {pw}: {', '.join(orders)}")
    if answer.replay:
        counts = ", ".join(f"{p} {n}" for p, n in sorted(answer.replay["centre_counts"].items()))
        lines.append(f"Replay: {'confirmed' if answer.replay['confirmed'] else 'NOT confirmed'} after "
                     f"{answer.replay['last_phase']}; supply centres: {counts}")
    return "\n".join(lines)
