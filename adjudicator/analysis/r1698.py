"""R1698's guard inside the nomic loop (`agora resolve`): "If, but for this rule, the net effect of
a proposal would cause Agora to become ossified ... it cannot take effect".

`agora resolve` hands each ADOPTED proposal to `R1698Guard.take_effect` instead of applying it
directly. The changes go through the Rule 105 engine as before; when they apply and Agora, not
ossified before, would be ossified after them (the ossification model, `ossification.decide`, with
the resolution's players cooperating), the proposal does not take effect: the ruleset stays as it
was and each change is reported CANCELLED, citing R1698 and the rules that would block every plan.

The check costs two ossification verdicts per adopted proposal with text (cached by ruleset and
proposal while one resolution is re-solved); `--skip-r1698` leaves it out, and a check that runs
past its budget is "unknown within budget" (exit 3) naming the proposal, never a guess.
"""

from __future__ import annotations

from typing import Any, Optional

from pydantic import BaseModel, Field

from adjudicator.analysis.ossification import Blocking, Options, r1698_guard
from adjudicator.errors import BudgetExceeded
from adjudicator.rulesets import render_ruleset
from adjudicator.rulesets.amend import apply_proposal
from adjudicator.rulesets.model import Ruleset
from adjudicator.rulesets.proposal import Proposal


class R1698Check(BaseModel):
    """What R1698's guard said about one adopted proposal."""

    cancelled: bool
    why: str
    blocking: list[Blocking] = Field(default_factory=list)  # the rules that would block every plan after it
    players: int
    not_understood: list[str] = Field(default_factory=list)  # clauses the model cannot account for: undecided


class R1698Guard:
    """R1698's guard for one resolution: `players` cooperate; each check has `timeout` seconds."""

    def __init__(self, players: int, timeout: float, enabled: bool = True, last_voters: Optional[int] = None):
        self.enabled = enabled
        self.opts = Options(players=max(1, players), last_voters=last_voters, timeout=timeout)
        self._ossified: dict[str, bool] = {}  # ruleset text -> ossified (the ruleset before a proposal)
        self._checked: dict[tuple[str, str, str], tuple[Ruleset, list[dict[str, Any]], Optional[R1698Check]]] = {}

    def take_effect(self, current: Ruleset, proposal: Proposal) -> tuple[Ruleset, list[dict[str, Any]],
                                                                         Optional[R1698Check]]:
        """The ruleset after `proposal` (an adopted instrument with its Power), each change's report,
        and R1698's check (None when skipped). A cancelled proposal leaves `current` itself."""
        if not self.enabled:
            after, report = apply_proposal(current, proposal, skip_unrecognised=True)
            return after, [r.model_dump(mode="json") for r in report.results], None
        text = render_ruleset(current)
        key = (text, proposal.text, str(proposal.power))
        if key not in self._checked:
            self._checked[key] = self._check(current, text, proposal)
        after, changes, check = self._checked[key]
        if check is not None and check.cancelled:
            after = current  # the ruleset passed in itself: it did not change
        return after, [dict(c) for c in changes], check

    def _check(self, current: Ruleset, text: str, proposal: Proposal):
        try:
            verdict, after, report = r1698_guard(proposal.source or proposal.title or "proposal", proposal, current,
                                                 self.opts, self._ossified.get(text), strict=True)
        except BudgetExceeded as exc:
            raise BudgetExceeded(f"R1698's guard on {proposal.title or 'a proposal'} ({exc.what}; --skip-r1698 "
                                 f"leaves the check out)", exc.seconds) from None
        results = [r.model_dump(mode="json") for r in report.results] if report is not None else []
        if verdict.ossified_before is not None:
            self._ossified[text] = verdict.ossified_before
        check = R1698Check(cancelled=verdict.cancelled_by_r1698, why=verdict.why, blocking=verdict.blocking,
                           players=self.opts.players, not_understood=verdict.not_understood)
        if verdict.cancelled_by_r1698:
            for r in results:
                if r["status"] == "APPLIED":
                    r["status"], r["reason"] = "CANCELLED", f"R1698: cannot take effect (would have: {r['reason']})"
            return current, results, check
        return after, results, check

