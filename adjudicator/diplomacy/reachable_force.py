"""`reachable --force`: can P win (or reach BT9's draw) whatever the others order?

- **"no"** is sound from the cooperative bound: the relaxation of `reach_bound.lp` already lets
  the others do nothing against P (they never block and never take a centre), so when it does
  not reach 18 by the deadline, no game does, forced or not. For `--draw`, the count of years
  is the same whatever anyone orders.
- **"no"** also from a strategy of the others, over any number of phases: every other unit
  holds, a dislodged one is disbanded, nobody else builds. `reach_bound.lp` with
  `reach_hold.lp` holds every play of P against it (P's attacks need P's own supports, its
  convoys P's own fleets); when none reaches 18, that strategy stops P.
- **"yes"** when one movement phase remains: the game is at a Fall movement phase (of the
  deadline year or before: a win then is one by the deadline). A guess-and-check loop (counterexample-guided) over
  `encodings/diplomacy/reach_force.lp` with the real movement encodings: the *guess* program
  picks P's orders (from its holds, moves and supports) that keep 18 secure centres against
  every counterexample found so far (each a copy of the turn); the *check* program looks for
  orders of all the others (every legal order of every unit, or none: civil disorder; convoys
  along every path under the BT17 path readings) and any resolution the adjudicator could give
  (the backup rules left free) that leaves P fewer than 18. "Secure" counts the centres P's
  units stand on after the movement and P's vacant centres no dislodged unit of another power
  can retreat into (BT22, BT23). A check with no model proves the win; the orders are printed
  and also replayed against all-hold opponents as a sample.
- **"yes"** from a Spring movement phase, by that year's Fall: `reachable_strategy.py` (the
  Spring, its retreats and the Fall; a nested guess-and-check).
- otherwise: "unknown within budget" (exit 3) with the reason.
"""

from __future__ import annotations

import time

from adjudicator import budget
from adjudicator.diplomacy.reachable import (Answer, Start, WitnessPhase, calendar, load_start, opening,
                                             reachable, relaxation, replay, timed, _draw_too_late, SOLO_CENTRES)
from adjudicator.diplomacy.reachable_last import LastPhase, TooManyOrders
from adjudicator.diplomacy.reachable_strategy import spring_to_fall
from adjudicator.solving import DEFAULT_TIMEOUT


def ask(path: str, power: str, deadline: str, *, draw: bool = False, force: bool = False,
        timeout: float = DEFAULT_TIMEOUT) -> Answer:
    """The command: load GAME, then ask the question, cooperative or forced (every solver call
    within `timeout`)."""
    start = load_start(path, timeout=timeout)
    if force:
        return forced(start, power, deadline, draw=draw, timeout=timeout)
    return reachable(start, power, deadline, draw=draw, timeout=timeout)


def forced(start: Start, power_text: str, deadline_text: str, *, draw: bool = False,
           timeout: float = DEFAULT_TIMEOUT) -> Answer:
    """Can P win (or draw) whatever the others order?"""
    began = time.monotonic()
    power, deadline, answer = opening(start, power_text, deadline_text, draw=draw, force=True)
    if answer.answer != "unknown":
        return timed(answer, began)
    return timed(_force_answer(start, power, deadline, answer, draw=draw, timeout=timeout), began)


def _force_answer(start: Start, power: str, deadline: int, answer: Answer, *, draw: bool, timeout: float) -> Answer:
    steps = calendar(start, deadline)
    if draw:
        reason = _draw_too_late(start, steps, deadline)
        if reason:
            answer.answer, answer.reason = "no", reason + " (whatever anyone orders)"
            return answer
        answer.reason = ("a BT9 draw against every order of the others is not decided (any power that can take a "
                         "centre can stop it; proving that none can is not implemented)")
        return answer
    bound = relaxation(start, power, steps, timeout=timeout)
    if bound.first is None:
        return _refuted(answer, bound, "cooperative bound (reach_bound.lp)",
                        f"{power} cannot own {SOLO_CENTRES} supply centres by F{deadline} even if every other power "
                        f"cooperates (at most {bound.best} by the relaxation of reach_bound.lp), so not against "
                        "them either")
    against_holds = relaxation(start, power, steps, timeout=timeout, holding=True)
    if against_holds.first is None:
        return _refuted(answer, against_holds, "bound against holding opponents (reach_bound.lp with reach_hold.lp)",
                        f"if every other unit only holds in every movement phase (a dislodged one is disbanded, "
                        f"nobody else builds), {power} cannot own {SOLO_CENTRES} supply centres after any Fall turn "
                        f"up to F{deadline}, whatever it orders: each move into a province where a unit holds needs "
                        f"a support of its own (BT19, BT20), each convoy its own fleets (BT18)"
                        + (f"; at most {against_holds.best} by then" if against_holds.best is not None else "")
                        + ". The others have a strategy that stops it, so it cannot force a win")
    year = int(start.phase[1:5])
    if start.phase not in (f"S{year}M", f"F{year}M"):
        answer.reason = (f"the bound allows {SOLO_CENTRES} centres from F{bound.first.year}; a win against every "
                         f"order is proved only from a Spring or Fall movement phase, and the game is at "
                         f"{start.phase}")
        return answer
    # a forced win by this year's Fall is one by the deadline (BT16 ends the game); later years are
    # not searched
    if start.phase == f"S{year}M":
        answer = spring_to_fall(start, power, answer, timeout=timeout)
    else:
        answer = _last_phase(start, power, answer, timeout=timeout)
    if answer.answer == "unknown" and year < deadline:
        answer.reason += f" (only a win by F{year} is searched; a later one, up to F{deadline}, is not)"
    return answer


def _refuted(answer: Answer, bound, decided_by: str, reason: str) -> Answer:
    answer.answer, answer.decided_by, answer.bound, answer.reason = "no", decided_by, bound.best, reason
    return answer


def _last_phase(start: Start, power: str, answer: Answer, *, timeout: float) -> Answer:
    try:
        check = LastPhase(start, power, time.monotonic() + budget.call_budget(timeout))
    except TooManyOrders as exc:
        answer.reason = f"the others' orders are too many to range over ({exc})"
        return answer
    orders, counterexamples, rounds = check.search()
    if orders is None:
        answer.reason = (f"no choice among {power}'s holds, moves and supports keeps {SOLO_CENTRES} secure "
                         f"centres against the {len(counterexamples)} counterexample(s) found (a forced win may "
                         "still need convoys or orders not considered)")
        return answer
    return _proved(start, power, {power: orders}, answer, rounds, len(counterexamples), check.their_orders,
                   timeout=timeout)


def _proved(start: Start, power: str, orders: dict[str, list[str]], answer: Answer, rounds: int, found: int,
            their_orders: int, *, timeout: float) -> Answer:
    phase = start.phase
    results, summary = replay(start, [WitnessPhase(phase=phase, orders=orders)], timeout=timeout)
    answer.answer = "yes"
    answer.decided_by = "check of every order of the others in the last movement phase (reach_force.lp with movement.lp)"
    answer.witness = [WitnessPhase(phase=phase, orders={p: sorted(o) for p, o in orders.items()})]
    answer.replay = {"confirmed": summary.winner == power, "phases": 1, "last_phase": results[-1].phase,
                     "winner": summary.winner, "draw_available": bool(results[-1].draw_available),
                     "centre_counts": summary.centre_counts, "sample": "the others submit no orders"}
    answer.reason = (f"{power}'s orders below keep at least {SOLO_CENTRES} supply centres after {phase[:5]} whatever "
                     f"the others order: the check over all their {their_orders} legal orders (or none) and every "
                     f"resolution the adjudicator could give finds no counterexample (proved in {rounds} round(s), "
                     f"{found} counterexample(s) beaten on the way; reach_force.lp with movement.lp); replayed "
                     "against opponents who submit no orders as a sample")
    return answer
