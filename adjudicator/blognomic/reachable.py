"""Can a Captain still win the naval dynasty (Treasure Victory, or the Armistice after the last
remaining Watch)?

- yes: a witness, one Watch's Orders at a time, each Watch chosen by ``encodings/blognomic/plan.lp``
  (the Watch encoding plus a choice among candidate Orders, ranked for the asking Captain) and then
  replayed through the Watch encoding (``watch.run_watch``); the answer is yes only if the replay
  ends in the Captain's victory.
- no: ``encodings/blognomic/bound.lp`` shows that the most Treasure the Captain could have is not
  enough (every Treasure source counted generously).
- otherwise "unknown within budget" (exit 3): the witness search is one Watch deep at a time, so it
  can miss plans that need several Watches of preparation.

With ``force``: can the Captain win whatever the others order? A game tree over every Order the
rules allow each Captain (``options.py``), Watch by Watch over all the Watches left, within stated
bounds (``_ForceSearch``); beyond them, unknown within budget.
"""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from adjudicator.blognomic import options, watch
from adjudicator.blognomic.programs import BOUND, COUNTER, ENTRY, PLAN
from adjudicator.solving.readings import Given
from adjudicator.errors import BudgetExceeded, InputError
from adjudicator.inputs import read_structured, validation_problems
from adjudicator.solving import solve
from adjudicator.solving.terms import Atoms, fact, fact_lines

MOVES = ["C", "CC", "CCC", "CCCC"] + [r + rest for r in "NESW" for rest in ("", "C", "CC", "CCC")] + \
        [c + r + rest for c in ("C", "CC") for r in "NESW" for rest in ("", "C")]
SPECIALTY_NAMES = ("none", "deadeye", "long_winded", "melee", "defensive", "swimmers", "builders")
BUILD_TYPES = ("battleship", "submarine", "transport")
# The bounds of --force's game tree (see _ForceSearch).
FORCE_OWN_ORDERS = 80
FORCE_OTHERS_ORDERS = 1500
FORCE_POSITIONS = 60
FORCE_REPLIES = 8  # rounds of counter and reply in the last Watch before each Order set is tried


class ReachState(BaseModel):
    """A Chart and how many Watches remain before the Armistice (12:00 on 14/09/2019)."""

    model_config = ConfigDict(extra="forbid")
    chart: watch.Chart
    watches: int = Field(ge=1, le=20)
    expect: Optional[dict[str, Any]] = None  # conformance cases only


def load(path: str | Path) -> ReachState:
    data = read_structured(path, "state")
    if not isinstance(data, dict):
        raise InputError("expected a mapping with chart and watches", source=str(path))
    try:
        return ReachState.model_validate(data)
    except ValidationError as exc:
        raise InputError(validation_problems(exc), source=str(path)) from None


class Answer(BaseModel):
    captain: str
    question: Literal["cooperative", "force"]
    reachable: Optional[bool]  # None: unknown within budget
    how: Optional[str] = None  # "treasure victory at Watch N" / "Armistice"
    witness: list[list[str]] = Field(default_factory=list)  # per Watch, the Orders (as text)
    witness_orders: list[list[dict[str, Any]]] = Field(default_factory=list)  # the same, as ORDERS entries
    final_treasure: dict[str, int] = Field(default_factory=dict)
    reason: str
    bounds: str
    readings: dict[str, str]


def candidates(chart: watch.Chart, captains: Optional[set[str]] = None) -> list[watch.Order]:
    """The Orders the search considers for each Captain (the encoding decides which are valid)."""
    vessels = [(v.name, v.captain, v.parts[0], v.square) for v in chart.vessels if v.parts[3] > 0]
    if chart.red_october and chart.red_october.armour > 0 and chart.red_october.controller:
        vessels.append((watch.RED_OCTOBER, chart.red_october.controller, "submarine", chart.red_october.square))
    occupied = sorted({s for _, _, _, s in vessels})
    out: list[watch.Order] = []
    for c in chart.captains:
        if c.idle or (captains is not None and c.name not in captains):
            continue
        out.append(watch.Order(captain=c.name, order="dive"))
        for kind in BUILD_TYPES:
            out.append(watch.Order(captain=c.name, order="build", type=kind, facing="N"))
        for sp in SPECIALTY_NAMES:
            out.append(watch.Order(captain=c.name, order="specialty", specialty=sp))
        for name, owner, kind, square in vessels:
            if owner != c.name:
                continue
            out += [watch.Order(captain=c.name, order="move", vessel=name, steps=m) for m in MOVES]
            targets = [s for s in occupied]
            if kind == "battleship":
                out += [watch.Order(captain=c.name, order="shoot", vessel=name, at=[a, b])
                        for a, b in itertools.combinations_with_replacement(targets, 2)]
            if kind in ("battleship", "submarine"):
                out += [watch.Order(captain=c.name, order="shoot", vessel=name, at=[a]) for a in targets]
            if kind == "minelayer":
                out += [watch.Order(captain=c.name, order="place", vessel=name, at=[a]) for a in targets]
    return out


def _candidate_facts(chart: watch.Chart, cands: list[watch.Order], fixed: list[watch.Order]) -> list[str]:
    """Candidates as plan.lp's cand_* facts; `fixed` Orders are given outright (numbered after them)."""
    return (watch.order_facts(chart, cands, candidates=True)
            + watch.order_facts(chart, fixed, start=len(cands) + 1))


def _plan_watch(chart: watch.Chart, captain: str, readings: dict[str, str], *, cooperative: bool,
                movers: Optional[set[str]], fixed: list[watch.Order], forbid_win: bool, deadline: float,
                cands: Optional[list[watch.Order]] = None, require_win: bool = False) -> Optional[list[watch.Order]]:
    """The Orders plan.lp picks for one Watch among `cands` (default: the candidate Orders of
    `movers`); None when no choice satisfies the constraints."""
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise BudgetExceeded("blognomic reachable", 0.0)
    if cands is None:
        cands = candidates(chart, movers)
    program = watch.chart_facts(chart) + _candidate_facts(chart, cands, fixed) + fact_lines(watch.ALL_READINGS.atoms(readings))
    program += fact_lines([fact("goal", captain)])
    if cooperative:
        program += fact_lines([fact("cooperative")])
    extra = [":- goal_wins."] if forbid_win else []
    if forbid_win and chart.armistice_due:
        extra.append(":- armistice_winner(X), goal(X).")
    if require_win:
        extra.append("goal_victory :- goal_wins. goal_victory :- goal(X), armistice_winner(X). :- not goal_victory.")
    result = solve([ENTRY], ["\n".join(program + extra), "#show chosen/1."], parts=PLAN if cooperative else COUNTER,
                   timeout=remaining, arguments=["--opt-mode=opt"], what="blognomic reachable")
    if not result.models:
        return None
    chosen = sorted(o for (o,) in Atoms(result.models[-1]).rows("chosen", 1))
    return [cands[o - 1] for o in chosen]


def _bound(chart: watch.Chart, captain: str, watches: int, readings: dict[str, str], timeout: float) -> tuple[bool, str]:
    program = watch.chart_facts(chart) + fact_lines(watch.ALL_READINGS.atoms(readings)) + fact_lines([fact("goal", captain), fact("watches_left", watches)])
    result = solve([ENTRY], ["\n".join(program),
                   "#show cannot_win/0. #show best_treasure/2. #show frozen/0. #show dive_total/1. "
                   "#show reward_total/1. #show sinkable/1. #show armed_in/1."],
                   parts=BOUND, timeout=timeout, what="blognomic reachable bound")
    by = Atoms(result.models[0])
    best = next((t for c, t in by.rows("best_treasure", 2) if c == captain), None)
    if by.has("frozen", 0):
        text = (f"at most {best} Treasure for {captain}: BlogNomic is Dormant (fewer than five Captains), so no "
                f"Order is valid and no Treasure changes")
    else:
        dives = next((d for (d,) in by.rows("dive_total", 1)), 0)
        rewards = next((r for (r,) in by.rows("reward_total", 1)), 0)
        sinkable = next((n for (n,) in by.rows("sinkable", 1)), 0)
        armed = sorted(k for (k,) in by.rows("armed_in", 1))
        text = (f"at most {best} Treasure for {captain} within {watches} Watch(es): {dives} by Diving (only in "
                f"Watches with a Vessel), {rewards} in sinking rewards ({'10 for each of ' + str(sinkable) + ' vessels that could sink, with an armed vessel in Watch(es) ' + ', '.join(map(str, armed)) if armed else 'no armed vessel in any remaining Watch'}); "
                f"the others' Treasure falls only by specialty Orders")
    return by.has("cannot_win", 0), text


def _describe(orders: list[watch.Order]) -> list[str]:
    return [f"{o.captain}: {watch._detail(o)}" for o in orders]


def reachable(state: ReachState, captain: str, *, force: bool = False, readings: Given = None,
              timeout: float = 30.0) -> Answer:
    chart = state.chart
    if captain not in {c.name for c in chart.captains if not c.idle}:
        raise InputError(f"{captain!r} is not an active Captain on the Chart")
    chosen = watch.ALL_READINGS.parse(readings)
    deadline = time.monotonic() + timeout
    impossible, bounds = _bound(chart, captain, state.watches, chosen, timeout)
    question = "force" if force else "cooperative"
    base = dict(captain=captain, question=question, bounds=bounds, readings=chosen)
    if impossible:
        return Answer(**base, reachable=False, reason="even the most Treasure the rules allow in the remaining "
                      "Watches is not enough for Treasure Victory or the Armistice")
    if force:
        return _force(state, captain, chosen, deadline, base)
    witness: list[list[str]] = []
    witness_orders: list[list[dict[str, Any]]] = []
    current = chart
    try:
        for n in range(1, state.watches + 1):
            current = current.model_copy(update={"armistice_due": n == state.watches})
            orders = _plan_watch(current, captain, chosen, cooperative=True, movers=None, fixed=[],
                                 forbid_win=False, deadline=deadline) or []
            report = watch.run_watch(current, watch.Orders(orders=orders), chosen)  # the replay
            witness.append(_describe(orders))
            witness_orders.append([o.model_dump(exclude_none=True) for o in orders])
            treasure = {c.name: c.treasure for c in report.chart.captains}
            if report.treasure_victory == captain:
                return Answer(**base, reachable=True, how=f"Treasure Victory at the update ending Watch {current.watch}",
                              witness=witness, witness_orders=witness_orders, final_treasure=treasure, reason="the witness Watches, replayed through the Watch encoding, end in victory")
            if report.treasure_victory:
                break
            if n == state.watches and captain in report.armistice_winners:
                return Answer(**base, reachable=True, how="Armistice", witness=witness, witness_orders=witness_orders, final_treasure=treasure,
                              reason="the witness Watches, replayed through the Watch encoding, leave the most Treasure at the Armistice")
            current = report.chart
    except BudgetExceeded:
        pass
    return Answer(**base, reachable=None, witness=[], reason="no witness found by the Watch-by-Watch search and the "
                  "bounds do not rule victory out: unknown within budget")


class _TooLarge(Exception):
    """The game tree is larger than the search's bounds."""


class _ForceSearch:
    """Can the Captain win whatever the others order, over the Watches left? A game tree over every
    Order the rules allow the Captain (``options.orders``, valid on its own; the Swimmers' or
    Builders' extra Order paired with each), against the others' counters chosen by plan.lp among
    every Order the rules allow them. A position is won when some Order set of the Captain leaves the
    others no Orders that stop a Treasure Victory at this update (or, at the last, the Armistice);
    lost when the bound rules victory out, or every Order set of the Captain has a counter after
    which the Captain cannot win (searched again from the new Chart). A counter not found to lose
    leaves the position unknown: the others' other counters are not searched."""

    def __init__(self, captain: str, readings: dict[str, str], deadline: float):
        self.captain, self.readings, self.deadline = captain, readings, deadline
        self.positions = 0
        self.counter: list[watch.Order] = []
        self.memo: dict[tuple[str, int], tuple[Optional[bool], list[watch.Order]]] = {}

    def _remaining(self) -> float:
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            raise BudgetExceeded("blognomic reachable", 0.0)
        return remaining

    def valid_orders(self, chart: watch.Chart) -> tuple[list[watch.Order], list[watch.Order]]:
        """(the Captain's Orders, the others' Orders), each valid on its own."""
        every: list[watch.Order] = []
        for c in chart.captains:
            if not c.idle and c.name != chart.admiral:
                every += options.orders(chart, c.name, self.readings, final=chart.armistice_due)
        valid = options.valid_alone(chart, every, self.readings, self._remaining())
        return [o for o in valid if o.captain == self.captain], [o for o in valid if o.captain != self.captain]

    def own_options(self, chart: watch.Chart, valid: list[watch.Order]) -> list[list[watch.Order]]:
        """No Order, each Order alone, and the Swimmers' / Builders' extra Order with each."""
        singles = [o for n, o in enumerate(valid) if o not in valid[:n]]
        extra_kind = {"swimmers": ("dive",), "builders": ("build", "build_transport")}.get(_specialty(chart, self.captain), ())
        pairs = [[a, b] for a in singles if a.order in extra_kind for b in singles]
        return [[]] + [[o] for o in singles] + pairs

    def won(self, chart: watch.Chart, left: int) -> tuple[Optional[bool], list[watch.Order]]:
        """(whether the Captain can force a victory from this Chart with `left` Watches, its Orders now)."""
        key = (chart.model_dump_json(), left)
        if key not in self.memo:
            self.memo[key] = self._won(chart, left)
        return self.memo[key]

    def _counter(self, chart: watch.Chart, option: list[watch.Order], theirs: list[watch.Order]) -> Optional[list[watch.Order]]:
        return _plan_watch(chart, self.captain, self.readings, cooperative=False, movers=None, fixed=option,
                           forbid_win=True, deadline=self.deadline, cands=theirs)

    def _refutes(self, chart: watch.Chart, left: int, option: list[watch.Order], counter: list[watch.Order]) -> bool:
        """Whether, with these Orders of the others, the Captain's Order set does not lead to victory."""
        report = watch.run_watch(chart, watch.Orders(orders=option + counter), self.readings)
        if report.treasure_victory == self.captain or (left == 1 and self.captain in report.armistice_winners):
            return False
        if left == 1 or report.treasure_victory:
            return True  # the Armistice passed, or another Captain's victory ended the dynasty
        return self.won(report.chart, left - 1)[0] is False

    def _winning_reply(self, chart: watch.Chart, mine: list[list[watch.Order]],
                       counter: list[watch.Order]) -> Optional[list[watch.Order]]:
        """In the last Watch: an Order set of the Captain that wins against this counter, or None (one
        solve over all of them: the Captain's Orders chosen with the counter fixed, victory required)."""
        singles = [option[0] for option in mine if len(option) == 1]
        extras = [option[0] for option in mine if len(option) == 2 and option[1] == option[0]]  # a second copy
        return _plan_watch(chart, self.captain, self.readings, cooperative=True, movers=None, fixed=counter,
                           forbid_win=False, deadline=self.deadline, cands=singles + extras, require_win=True)

    def _last_watch(self, chart: watch.Chart, mine: list[list[watch.Order]], theirs: list[watch.Order],
                    first: list[watch.Order]) -> Optional[tuple[bool, list[watch.Order]]]:
        """The last Watch, decided by alternating replies: a counter to the Captain's Orders, the
        Captain's winning reply to that counter, ... A counter with no winning reply refutes every
        Order set (no); Orders with no counter win (yes); None after FORCE_REPLIES rounds."""
        option = first
        for _ in range(FORCE_REPLIES):
            counter = self._counter(chart, option, theirs)
            if counter is None:
                return True, option
            self.counter = counter
            reply = self._winning_reply(chart, mine, counter)
            if reply is None:
                return False, []
            option = reply
        return None

    def _won(self, chart: watch.Chart, left: int) -> tuple[Optional[bool], list[watch.Order]]:
        self.positions += 1
        if self.positions > FORCE_POSITIONS:
            raise _TooLarge(f"more than {FORCE_POSITIONS} positions")
        impossible, _ = _bound(chart, self.captain, left, self.readings, self._remaining())
        if impossible:
            return False, []
        chart = chart.model_copy(update={"armistice_due": left == 1})
        own, theirs = self.valid_orders(chart)
        if len(theirs) > FORCE_OTHERS_ORDERS:
            raise _TooLarge(f"{len(theirs)} Orders of the others in Watch {chart.watch} (at most {FORCE_OTHERS_ORDERS} are searched)")
        mine = self.own_options(chart, own)
        # the Captain's own best Orders first: they may win outright
        best = _plan_watch(chart, self.captain, self.readings, cooperative=True, movers={self.captain}, fixed=[],
                           forbid_win=False, deadline=self.deadline) or []
        if left == 1:
            decided = self._last_watch(chart, mine, theirs, best)
            if decided is not None:
                return decided
        elif self._counter(chart, best, theirs) is None:
            return True, best
        if len(mine) > FORCE_OWN_ORDERS:
            raise _TooLarge(f"{len(mine)} Order sets of {self.captain} in Watch {chart.watch} (at most {FORCE_OWN_ORDERS} are searched)")
        return self._each_option(chart, left, mine, theirs)

    def _each_option(self, chart: watch.Chart, left: int, mine: list[list[watch.Order]],
                     theirs: list[watch.Order]) -> tuple[Optional[bool], list[watch.Order]]:
        """Every Order set of the Captain in turn, each against the counters found so far, else a new one."""
        verdict: Optional[bool] = False
        counters: list[list[watch.Order]] = []
        for option in mine:
            if len(option) > 1 and any(o.result == "INVALID" for o in watch.run_watch(chart, watch.Orders(orders=option), self.readings).orders):
                continue
            if any(self._refutes(chart, left, option, c) for c in counters):
                continue
            counter = self._counter(chart, option, theirs)
            if counter is None:
                return True, option
            self.counter = counter
            counters.append(counter)
            if not self._refutes(chart, left, option, counter):
                verdict = None
        return verdict, []


def _specialty(chart: watch.Chart, captain: str) -> str:
    side = next(c.side for c in chart.captains if c.name == captain).lower()
    by_side = {s.lower(): sp for s, sp in chart.specialties.items()}
    return watch.SPECIALTIES.get(by_side.get(side, "none").strip().lower(), "none")


def _force(state: ReachState, captain: str, readings: dict[str, str], deadline: float, base: dict) -> Answer:
    search = _ForceSearch(captain, readings, deadline)
    bounds = (f"at most {FORCE_OWN_ORDERS} Order sets of {captain} and {FORCE_OTHERS_ORDERS} Orders of the others in a "
              f"Watch, {FORCE_POSITIONS} positions in all")
    try:
        verdict, option = search.won(state.chart, state.watches)
    except _TooLarge as exc:
        return Answer(**base, reachable=None, reason=f"the game tree is larger than the search's bounds ({bounds}): "
                      f"{exc}: unknown within budget")
    except BudgetExceeded:
        return Answer(**base, reachable=None, reason="the search ran out of budget: unknown within budget")
    searched = f"{search.positions} position(s) searched over every Order the rules allow each Captain"
    if verdict:
        return Answer(**base, reachable=True, how="Treasure Victory or the Armistice, whatever the others order",
                      witness=[_describe(option)],
                      reason=f"with these Orders now, no combination of the others' Orders stops the victory at this "
                             f"update ({searched})")
    if verdict is False:
        return Answer(**base, reachable=False, witness=[_describe(search.counter)] if search.counter else [],
                      reason=f"every Order set of the Captain has a counter by the others after which it cannot win "
                             f"({searched}; the last counter found is shown)")
    return Answer(**base, reachable=None, reason=f"some Order set of the Captain has no counter found to stop it in "
                  f"later Watches ({searched}; the others' other counters are not searched): unknown within budget")


def render(answer: Answer) -> str:
    verdict = {True: "YES", False: "NO", None: "UNKNOWN within budget"}[answer.reachable]
    what = "win whatever the others order" if answer.question == "force" else "still win"
    lines = [f"Can {answer.captain} {what}? {verdict}" + (f" ({answer.how})" if answer.how else ""), f"  {answer.reason}"]
    for n, orders in enumerate(answer.witness, 1):
        label = "counter-strategy" if answer.reachable is False else f"Watch {n}"
        lines.append(f"  {label}: " + ("; ".join(orders) if orders else "no Orders"))
    if answer.final_treasure:
        lines.append("  Treasure after the witness: " + ", ".join(f"{c} {t}" for c, t in answer.final_treasure.items()))
    lines.append(f"  bounds: {answer.bounds}")
    return "\n".join(lines)
