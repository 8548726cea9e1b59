"""Decisions: BlogNomic's votable matters and Agoran decisions, each resolved by their own
encodings (`blognomic.matters`, `agora resolve`), and the ballots events announce (R683),
which the judge resolves through `agora resolve` too (event_ballots.lp)."""

from __future__ import annotations

from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.decision_statements import decision_id, reads_decision_results
from adjudicator.agora.stone_statements import decision_term
from adjudicator.agora.decisions import decision_key, parse_input
from adjudicator.agora.rule_changes import nomic_rule_changes
from adjudicator.errors import InputError
from adjudicator.solving.terms import fact


def blognomic_matters(build: CaseBuild) -> None:
    """BlogNomic's votable matters, decided by its own encodings."""
    if build.case.blognomic is not None:
        from adjudicator.blognomic.matters import judge_facts as blognomic_facts
        build.program.extend(blognomic_facts(build.case.blognomic, build.where))


def decision_names(build: CaseBuild) -> None:
    """What statements about the case's `decisions:` may name: its decisions and proposals (by id
    or name) and its persons, by the names written there or by the case's ids and display names of
    the same persons (any case: as persons are named everywhere in the judge)."""
    if build.case.decisions is None:
        return
    data = parse_input(build.case.decisions, f"{build.where}: decisions")
    lexicon = build.lexicon
    lexicon.has_decisions = True
    names = [*(str(d.id) for d in data.decisions), *(e.proposal for e in data.events if e.proposal is not None)]
    for name in names:
        key = decision_key(decision_id(name))
        lexicon.decisions.setdefault(str(key).lower(), set()).add(key)
    for d in data.decisions:  # the options a statement may name as an outcome or a vote (R2528)
        ai_majority = d._distribution is not None or d.adoption_index is not None or d.method == "ai-majority"
        if ai_majority or d.options:
            options = {} if ai_majority else {o.strip().lower(): o for o in d.options}
            lexicon.options[decision_key(decision_id(str(d.id)))] = options
    written = {*data.players, *data.persons, *(p for d in data.decisions for p in d.players or [])}
    for person in written:
        lexicon.voters.setdefault(person.strip().lower(), set()).add(person)
    _case_persons_as_voters(build, written)


def _case_persons_as_voters(build: CaseBuild, written: set[str]) -> None:
    """The case's persons, by any of their spellings, as `decisions:` names them (else by their display
    name: the name a ballot announced by an event is cast under)."""
    lexicon = build.lexicon
    for ident, display in build.person_names.items():
        if ident == "lost_and_found":
            continue
        spellings = {s.lower() for s in (ident, display)} | {k for k, v in lexicon.persons.items() if v == ident}
        same = sorted(p for p in written if p.strip().lower() in spellings) or [display]
        for spelling in spellings:
            lexicon.voters.setdefault(spelling, set()).update(same)


def ballot(build: CaseBuild, at: EventAt) -> None:
    """A vote or the withdrawal of a ballot (R683) on one of the case's decisions."""
    event, kind = at.event, at.kind
    if event.decision is None or (kind == "vote" and not event.vote):
        raise InputError(f"{at.context}: a {kind} event names the decision (decision:)"
                         + (" and the vote (vote:)" if kind == "vote" else ""))
    decision = decision_id(str(event.decision))
    if build.case.decisions is None and str(decision).lower() not in build.lexicon.decisions:
        raise InputError(f"{at.context}: a {kind} event needs the case's decisions: (the Agoran decision it is on) "
                         "or an Indictment's decisions initiated before it (R2619: <finger>-convict, <finger>-accept)")
    if kind == "vote":  # the vote's text names it (ballots.lp judges it, via `agora resolve`)
        written = event.vote if isinstance(event.vote, str) else "[" + ", ".join(event.vote) + "]"
        build.add("act", at.number, fact("vote", decision_key(decision), written.strip().upper()))
        announced = {"vote": event.vote if isinstance(event.vote, list) else event.vote.strip()}
    else:
        build.add("act", at.number, fact("withdraw_ballot", decision_key(decision)))
        announced = {"withdraw": True}
    build.ballot_events[at.number] = {"voter": build.person_names.get(at.actor, event.by), "decision": decision,
                                      "at": at.time.isoformat(), **announced}


# The acts that change a decision's strengths or adoption index (R2645's Power and Sabotage Stones,
# R2422's Buy Strength) and R2637's Ministry Interest, as the case's program writes them.
DECISION_INPUT_WORDS = ("wield(power_stone,", "wield(sabotage_stone,", "buy_strength(", "ministry_interest")


def _decision_inputs(build: CaseBuild) -> bool:
    """Whether the case's events or gamestate act on its decisions besides ballots."""
    interests = any("interest" in name.lower() for name in build.case.gamestate.switches)
    return interests or any(word in line for line in build.program for word in DECISION_INPUT_WORDS)


def _conditions_known_before_resolution(build: CaseBuild) -> None:
    """The condition of an event that casts a ballot or otherwise acts on a decision (its own `when:`,
    or the one it is the alternative of) is asked while those acts are found, before any decision is
    resolved: one that reads a decision's result is refused."""
    acting = set(build.ballot_events) | {int(line[4:line.index(",")]) for line in build.program
                                         if line.startswith("act(") and any(w in line for w in DECISION_INPUT_WORDS)}
    for written in build.order:
        e, event = build.index_of[written], build.case.events[written]
        if e not in acting:
            continue
        context = f"{build.where}: event {build.event_labels[e]}: when"
        decided_by = e if event.otherwise_of is None else build.lexicon.event(str(event.otherwise_of), context)
        head = build.condition_heads.get(decided_by)
        if head is not None and reads_decision_results(build.condition_literals[head]):
            raise InputError(f"{context}: the condition of an act on a decision cannot read a decision's result (its "
                             "outcome, voters, counts, quorum or strengths): those acts are found before the decisions "
                             "are resolved")


def _decisions_known(build: CaseBuild) -> None:
    """The decisions events may act on, by the name a stone or a fee names them with, and when each
    was resolved (event_ballots.lp: what was done while it was unresolved, the interests then)."""
    from adjudicator.agora.resolve import _as_dt

    data = parse_input(build.case.decisions, f"{build.where}: decisions")
    resolved = {str(d.id): d.resolved for d in data.decisions if d.resolved is not None}
    resolved.update({str(e.decision): e.at for e in data.events if e.event == "resolve" and e.decision is not None})
    build.add("decisions_by_events")
    for d in data.decisions:
        term = decision_term(str(d.id))
        build.add("decision_known", term)
        if str(d.id) in resolved and build.epoch is not None:
            build.add("decision_resolved_time", term, build.minutes(_as_dt(resolved[str(d.id)])))


def agoran_decisions(build: CaseBuild) -> None:
    """The case's `decisions:`, resolved by `agora resolve`; when events announce ballots or act on
    the decisions otherwise (stones, Buy Strength, interests) the judge resolves them itself, with
    what was done in each gamestate."""
    _conditions_known_before_resolution(build)
    if build.case.decisions is not None and _decision_inputs(build):
        build.decisions_by_events = True
        _decisions_known(build)
    if any("indictment_decisions(" in line for line in build.program):  # R2619's decisions: the judge's
        build.decisions_by_events = True
    if build.case.decisions is not None and not build.ballot_events and not build.decisions_by_events:
        from adjudicator.agora.decision_statements import decision_facts

        # minutes: lifecycle statements asked at a time
        build.program.extend(decision_facts(build.case.decisions, build.where, build.minutes,
                                            nomic_rule_changes(build.lexicon, build.minutes if build.now else None)))


EVENTS = {"vote": ballot, "withdraw-ballot": ballot}
