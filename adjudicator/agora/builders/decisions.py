"""Decisions: BlogNomic's votable matters and Agoran decisions, each resolved by their own
encodings (`blognomic.matters`, `agora resolve`), and the ballots events announce (R683),
which the judge resolves through `agora resolve` too (event_ballots.lp)."""

from __future__ import annotations

from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.decision_statements import decision_id
from adjudicator.agora.decisions import decision_key
from adjudicator.errors import InputError
from adjudicator.solving.terms import fact


def blognomic_matters(build: CaseBuild) -> None:
    """BlogNomic's votable matters, decided by its own encodings."""
    if build.case.blognomic is not None:
        from adjudicator.blognomic.matters import judge_facts as blognomic_facts
        build.program.extend(blognomic_facts(build.case.blognomic, build.where))


def ballot(build: CaseBuild, at: EventAt) -> None:
    """A vote or the withdrawal of a ballot (R683) on one of the case's decisions."""
    event, kind = at.event, at.kind
    if event.decision is None or (kind == "vote" and not event.vote):
        raise InputError(f"{at.context}: a {kind} event names the decision (decision:)"
                         + (" and the vote (vote:)" if kind == "vote" else ""))
    if build.case.decisions is None:
        raise InputError(f"{at.context}: a {kind} event needs the case's decisions: (the Agoran decision it is on)")
    decision = decision_id(str(event.decision))
    if kind == "vote":  # the vote's text names it (ballots.lp judges it, via `agora resolve`)
        written = event.vote if isinstance(event.vote, str) else "[" + ", ".join(event.vote) + "]"
        build.add("act", at.number, fact("vote", decision_key(decision), written.strip().upper()))
        announced = {"vote": event.vote if isinstance(event.vote, list) else event.vote.strip()}
    else:
        build.add("act", at.number, fact("withdraw_ballot", decision_key(decision)))
        announced = {"withdraw": True}
    build.ballot_events[at.number] = {"voter": build.person_names.get(at.actor, event.by), "decision": decision,
                                      "at": at.time.isoformat(), **announced}


def agoran_decisions(build: CaseBuild) -> None:
    """The case's `decisions:`, resolved by `agora resolve`; when events announce ballots the judge
    resolves them itself, with the ballots of each gamestate."""
    if build.case.decisions is not None and not build.ballot_events:
        from adjudicator.agora.decision_statements import decision_facts

        # minutes: lifecycle statements asked at a time
        build.program.extend(decision_facts(build.case.decisions, build.where, build.minutes))


EVENTS = {"vote": ballot, "withdraw-ballot": ballot}
