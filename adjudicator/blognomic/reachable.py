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

With ``force``: can the Captain win whatever the others order? Decided exactly (over the candidate
Orders) when one Watch remains: for each of the Captain's candidate order sets, the others' best
counter is searched by the same plan encoding with the Captain's Orders fixed; yes when some choice
leaves the others no counter. With more Watches left the game tree is not searched: the answer is
no when the cooperative question is already no, else unknown within budget.
"""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from adjudicator.blognomic import watch
from adjudicator.blognomic.programs import BOUND, ENTRY, PLAN
from adjudicator.solving.readings import Given
from adjudicator.errors import BudgetExceeded, InputError
from adjudicator.inputs import read_structured, validation_problems
from adjudicator.solving import solve
from adjudicator.solving.terms import Atoms, fact, fact_lines

MOVES = ["C", "CC", "CCC", "CCCC"] + [r + rest for r in "NESW" for rest in ("", "C", "CC", "CCC")] + \
        [c + r + rest for c in ("C", "CC") for r in "NESW" for rest in ("", "C")]
SPECIALTY_NAMES = ("none", "deadeye", "long_winded", "melee", "defensive", "swimmers", "builders")
BUILD_TYPES = ("battleship", "submarine", "transport")


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
                movers: Optional[set[str]], fixed: list[watch.Order], forbid_win: bool, deadline: float) -> Optional[list[watch.Order]]:
    """The Orders plan.lp picks for one Watch (None when no choice satisfies the constraints)."""
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise BudgetExceeded("blognomic reachable", 0.0)
    cands = candidates(chart, movers)
    program = watch.chart_facts(chart) + _candidate_facts(chart, cands, fixed) + fact_lines(watch.ALL_READINGS.atoms(readings))
    program += fact_lines([fact("goal", captain)])
    if cooperative:
        program += fact_lines([fact("cooperative")])
    extra = [":- goal_wins."] if forbid_win else []
    if forbid_win and chart.armistice_due:
        extra.append(":- armistice_winner(X), goal(X).")
    result = solve([ENTRY], ["\n".join(program + extra), "#show chosen/1."], parts=PLAN,
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


def _force(state: ReachState, captain: str, readings: dict[str, str], deadline: float, base: dict) -> Answer:
    if state.watches > 1:
        return Answer(**base, reachable=None, reason="forcing is decided only when one Watch remains (a game tree "
                      "over several Watches is not searched): unknown within budget")
    chart = state.chart.model_copy(update={"armistice_due": True})
    mine = [o for o in candidates(chart, {captain})]
    others = {c.name for c in chart.captains if not c.idle and c.name != captain}
    options: list[list[watch.Order]] = [[]] + [[o] for o in mine]
    extra_kinds = {"Swimmers": "dive", "Builders": "build"}
    side = next(c.side for c in chart.captains if c.name == captain)
    extra = extra_kinds.get(chart.specialties.get(side, "None"))
    if extra:
        options += [[a, b] for a, b in itertools.combinations(mine, 2) if b.order.startswith(extra) or a.order.startswith(extra)]
    counter: list[watch.Order] = []
    try:
        for option in options:
            check = watch.run_watch(chart, watch.Orders(orders=option), readings)
            if any(o.result == "INVALID" for o in check.orders):
                continue
            counter = _plan_watch(chart, captain, readings, cooperative=False, movers=others, fixed=option,
                                  forbid_win=True, deadline=deadline)
            if counter is None:
                return Answer(**base, reachable=True, how="the final Watch", witness=[_describe(option)],
                              reason="with these Orders no combination of the others' candidate Orders stops the victory "
                                     "(checked by the Watch encoding with the others' Orders chosen against the Captain)")
    except BudgetExceeded:
        return Answer(**base, reachable=None, reason="the search ran out of budget: unknown within budget")
    if _has_vessel(chart, captain):
        return Answer(**base, reachable=None, witness=[_describe(counter)],
                      reason="every candidate order set of the Captain has a counter by the others, but the Captain "
                             "controls a vessel and its candidate moves and shots are not every Order the rules allow: "
                             "unknown within budget (the last counter found is shown)")
    return Answer(**base, reachable=False, witness=[_describe(counter)],
                  reason="every order set of the Captain has a counter by the others (the last counter found is shown); "
                         "the Captain controls no vessel, so its candidates (Diving, every specialty, builds) cover "
                         "every Order the rules allow it, up to their effect on the final Chart")


def _has_vessel(chart: watch.Chart, captain: str) -> bool:
    """Whether the Captain controls a vessel afloat (The Red October included) in this Watch."""
    ro = chart.red_october
    return (any(v.captain == captain and v.parts[3] > 0 for v in chart.vessels)
            or bool(ro and ro.armour > 0 and ro.controller == captain))


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
