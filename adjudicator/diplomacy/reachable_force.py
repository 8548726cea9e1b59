"""`reachable --force`: can P win (or reach BT9's draw) whatever the others order?

Sound "no": the relaxation of `reach_bound.lp` already ignores what the others do (they never
block and never take a centre), so when it does not reach 18, no game does, forced or not; for
`--draw`, the count of years is the same whatever anyone orders. A "yes" needs a proof over
every order of the others (see docs/reachable.md for what is proved); otherwise the answer is
unknown within budget.
"""

from __future__ import annotations

from adjudicator.diplomacy.reachable import (Answer, Start, calendar, relaxation, _draw_too_late,
                                             SOLO_CENTRES)


def force_answer(start: Start, power: str, deadline: int, answer: Answer, *, draw: bool, timeout: float) -> Answer:
    steps = calendar(start, deadline)
    if draw:
        reason = _draw_too_late(start, steps, deadline)
        if reason:
            answer.answer, answer.reason = "no", reason + " (whatever anyone orders)"
            return answer
        answer.reason = "a draw forced against every order of the others is not decided by this tool"
        return answer
    bound = relaxation(start, power, steps, timeout=timeout)
    if bound.first is None:
        answer.answer = "no"
        answer.bound = bound.most if bound.most is not None else bound.cap
        answer.reason = (f"{power} cannot own {SOLO_CENTRES} supply centres by F{deadline} even if every other "
                         f"power cooperates (at most {answer.bound} by the relaxation of reach_bound.lp), so not "
                         "against them either")
        return answer
    answer.reason = (f"the bound allows {SOLO_CENTRES} centres from F{bound.first.year}; a win against every "
                     "order of the others was not proved")
    return answer
