"""A witness plan adopted by votes, replayed through the nomic loop's encodings (`agora resolve`).

Kept apart from `ossification.py` because `agora resolve` itself calls the ossification model
(R1698's guard, `r1698.py`): the replay is passed in by the commands (`decide(replay_votes=...)`).
"""

from __future__ import annotations

import datetime as _dt
import tempfile
from decimal import Decimal
from pathlib import Path
from typing import Optional

from adjudicator.agora.decisions import ResolveInput
from adjudicator.agora.resolve import resolve
from adjudicator.analysis.ossification import PlanDoesNotReplay, PlannedProposal, proposal_text
from adjudicator.rulesets import render_ruleset
from adjudicator.rulesets.amend import apply_proposal
from adjudicator.rulesets.model import Ruleset
from adjudicator.rulesets.proposal import Proposal

RESOLVE_EPOCH = _dt.datetime(2021, 1, 4)  # day 0 of a plan replayed through `agora resolve` (a Monday)


def replay_resolve(ruleset: Ruleset, phases: list[PlannedProposal], goal: Optional[Decimal],
                   last_voters: int, timeout: float) -> list[str]:
    """Replay a plan adopted by votes through the nomic loop's encodings (`agora resolve`): each
    referendum with the plan's ballots and dates; R879's quorum, R955's outcome, R106's Power and the
    R105 changes are the encodings' and the engine's. Raise if any comes out otherwise. A plan that
    adopts by self-ratifying resolutions (R2034) has no vote to replay: said so."""
    if any(p.self_ratified for p in phases):
        return ["agora resolve: not applicable, the plan adopts by a self-ratifying resolution (R2034, R2201)"]
    if any(p.festival for p in phases):  # the decisions file has no Festivity or Ribbons to give
        return ["agora resolve: not replayed, the plan votes during a festival (R2481)"]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "ruleset.txt"
        path.write_text(render_ruleset(ruleset), encoding="utf-8")
        current = ruleset
        decisions, ballots = [], []
        for k, planned in enumerate(phases):
            # minutes apart, so that a referendum initiated on the day another is resolved comes after it
            start = RESOLVE_EPOCH + _dt.timedelta(days=planned.initiated, minutes=2 * k)
            decisions.append({
                "id": 9000 + k, "adoption_index": str(Decimal(planned.ai10) / 10), "players": planned.players,
                "initiated": start.isoformat(),
                "resolved": (RESOLVE_EPOCH + _dt.timedelta(days=planned.effective, minutes=2 * k + 1)).isoformat(),
                "proposal": {"title": f"plan proposal {k + 1}", "author": planned.players[0],
                             "text": proposal_text(planned, current, goal)}})
            ballots += [{"voter": voter, "decision": 9000 + k, "vote": vote,
                         "at": (start + _dt.timedelta(seconds=30)).isoformat()} for voter, vote in planned.ballots.items()]
            if planned.edits:
                current = apply_proposal(current, Proposal(power=Decimal(planned.power10) / 10,
                                                           text=proposal_text(planned, current, goal)))[0]
        players = sorted({p for planned in phases for p in planned.players})
        speaker = next((planned.speaker for planned in phases if planned.speaker), None)  # R103
        data = ResolveInput.model_validate({"players": players, "ruleset": str(path), "decisions": decisions,
                                            "ballots": ballots, "last_referendum_voters": last_voters,
                                            "gamestate": {"speaker": speaker}})
        # the plan is checked here (R1698); its rulesets' texts are the plan's own
        result = resolve(data, "ossification plan", timeout=timeout, check_r1698=False, allow_text_mismatch=True)
    lines = []
    for k, (planned, decision) in enumerate(zip(phases, result.decisions)):
        line = (f"agora resolve: referendum {k + 1}: {decision.outcome}, quorum {decision.quorum}, tally "
                f"{decision.tally}, Power {decision.instrument_power}")
        lines.append(line)
        if decision.outcome != "ADOPTED" or decision.instrument_power != Decimal(planned.power10) / 10:
            raise PlanDoesNotReplay(f"the plan does not replay through agora resolve: {line}")
    for change in result.ruleset_changes:
        for item in change.changes:
            if item.get("status") != "APPLIED":
                raise PlanDoesNotReplay(f"the plan does not replay through agora resolve: {item}")
    return lines
