"""Resolving Agoran decisions: `adjudicator agora resolve FILE`.

The input (`decisions.py`) becomes facts; the encodings decide (`encodings/agora/decisions.lp`,
`ballots.lp`, `strength.lp`, `conditional.lp`, `runoff.lp`); this module runs them and reads the
answer back:

1. consistency: every endorsement and conditional vote guesses its value and keeps the guesses
   its own vote confirms (R2127); the values each ballot takes in some consistent gamestate are
   collected (brave consequences over the optimal models);
2. counting: those sets come back as facts and the encodings count each ballot (a single
   consistent value: that vote; several or none: PRESENT, R2127), tally, apply quorum and
   decide the outcomes. Several models here are the vote collector's tie-breaks (R955): the
   alternatives.

An ADOPTED proposal with text then runs through the Rule 105 engine (`rulesets.amend`) at the
Power the encodings give it (R106: min(4, AI)); decisions after it in order (or initiated after
its resolution) see the new ruleset, whose parameters (R107's voting period, R879's quorum
minimum, R2422's strengths ...) are read from its text again, and the decisions are re-solved
until nothing changes.
"""

from __future__ import annotations

import datetime as dt
import time
from decimal import Decimal
from functools import lru_cache
from typing import Any, Union

import clingo
from pydantic import BaseModel, Field, PrivateAttr

from adjudicator.agora.bindings import revision_on
from adjudicator.agora.decisions import EPOCH, ESSENTIAL, Builder, Endorse, Conditional, ResolveInput, load_input
from adjudicator.agora.parameters import parameter_facts, power_of_hundredths, rule_parameters
from adjudicator.agora.programs import LIFECYCLE, RESOLVE, RESOLVE_ENTRY
from adjudicator.agora.proposals import EventResult, ProposalResult, lifecycle_facts, read_lifecycle
from adjudicator.agora.resolve_texts import amended_text_notes, check_texts, check_uses
from adjudicator.analysis.r1698 import R1698Check, R1698Guard  # R1698's guard
from adjudicator.errors import InputError
from adjudicator.inputs import beside
from adjudicator.rulesets import BUNDLED, load_ruleset
from adjudicator.rulesets.amend import Unrecognised, parse_changes
from adjudicator.rulesets.model import Ruleset
from adjudicator.rulesets.proposal import Proposal
from adjudicator.solving import DEFAULT_TIMEOUT
from adjudicator.solving import Grounded
from adjudicator.solving.terms import Atoms, fact, program, value as _value

DEFAULT_RULESET = "agora-slr-2020-12-31"
MAX_TIE_MODELS = 2000
OUTCOME_NAMES = {"adopted": "ADOPTED", "rejected": "REJECTED", "failed_quorum": "FAILED QUORUM", "null": None}
INVALID_REASONS = {
    "no_such_decision": "no such decision: its distribution was not EFFECTIVE (R1607, R683)",
    "not_initiated": "no such decision: its notice was not valid, so it was not initiated (R107, R683)",
    "before_initiation": "cast before the decision was initiated (R683 item 1)",
    "after_voting_period": "cast after the voting period ended (R683 item 1)",
    "not_a_player_at_initiation": "the voter was not a player when the decision was initiated (R683 item 2)",
    "not_a_valid_vote": "not a valid vote on this decision (R683 item 4, R2528)",
    "already_has_a_valid_ballot": "the voter already had a valid ballot on it (R683 item 6: withdraw first to change a vote)",
}


class BallotResult(BaseModel):
    voter: str
    vote: str  # as written
    valid: bool
    counted_as: Union[str, list[str], None]  # FOR / AGAINST / PRESENT / an option / a ranked list; None if not valid
    strength: int | None
    reason: str
    consistent_values: list[Union[str, list[str]]] = Field(default_factory=list)  # where not determinate (R2127)


class DecisionResult(BaseModel):
    id: Union[int, str]
    method: str
    outcome: str | None
    resolved: bool
    quorum: int | None
    quorum_source: str | None
    voters: list[str]
    voter_count: int
    tally: dict[str, int]
    present: int
    adoption_index: Decimal | None = None
    ballots: list[BallotResult]
    alternatives: list[str | None] = Field(default_factory=list)
    adopted: bool = False
    instrument_power: Decimal | None = None
    title: str | None = None
    notes: list[str] = Field(default_factory=list)
    explanation: list[str] = Field(default_factory=list)
    ruleset: str | None = None  # the ruleset the decision saw (after earlier adoptions)


class RulesetChange(BaseModel):
    decision: Union[int, str]
    proposal: str | None
    power: Decimal
    ruleset_before: str
    ruleset_after: str
    changes: list[dict[str, Any]]
    took_effect: bool = True
    r1698: R1698Check | None = None  # R1698's guard (None: skipped)
    # the rulesets before and after, for the judge's statements about rules (not printed)
    _before: Ruleset | None = PrivateAttr(default=None)
    _after: Ruleset | None = PrivateAttr(default=None)


class Resolution(BaseModel):
    source: str
    ruleset: str
    decisions: list[DecisionResult]
    ruleset_changes: list[RulesetChange] = Field(default_factory=list)
    events: list[EventResult] = Field(default_factory=list)  # the timed events, each with its effect and rule
    proposals: list[ProposalResult] = Field(default_factory=list)  # what became of each proposal created
    mismatches: list[str] | None = None  # against the file's `expect:` (None: nothing expected)
    text_warnings: list[str] = Field(default_factory=list)  # rules whose text is not the encoded one (resolve_texts)
    seconds: float = 0.0


def check_expectations(result: Resolution, expect: dict | None) -> list[str] | None:
    """Each expected figure that the resolution does not reproduce, as a line."""
    if expect is None:
        return None
    by_id = {str(d.id): d for d in result.decisions}
    problems = []
    for key, wanted in expect.items():
        if str(key).startswith(("proposal ", "event ")):
            problems += _check_lifecycle(result, str(key), wanted)
            continue
        d = by_id.get(str(key))
        if d is None:
            problems.append(f"{key}: expected a decision with this id")
            continue
        counted = {b.voter: b.counted_as for b in d.ballots if b.valid}
        values = {b.voter: b.consistent_values for b in d.ballots if b.valid}
        got = {"outcome": d.outcome, "tally": d.tally, "quorum": d.quorum, "voters": d.voters,
               "alternatives": d.alternatives, "resolved": d.resolved}
        for field, value in wanted.items():
            if field in ("counted", "consistent_values") and not isinstance(value, dict):
                raise InputError(f"expect: {str(key)[:60]}: {field}: expected a mapping of voters, "
                                 f"not {type(value).__name__}")
            if field in ("voters", "alternatives") and not isinstance(value, list):
                raise InputError(f"expect: {str(key)[:60]}: {field}: expected a list, not {type(value).__name__}")
            if field == "counted":
                for voter, v in value.items():
                    if counted.get(voter) != v:
                        problems.append(f"{key}: {voter} counted as {counted.get(voter)!r}, expected {v!r}")
            elif field == "consistent_values":
                for voter, v in value.items():
                    if sorted(map(str, values.get(voter, []))) != sorted(map(str, v)):
                        problems.append(f"{key}: {voter}'s consistent values {values.get(voter)}, expected {v}")
            elif field == "notes":  # each text some note of the decision contains
                for text in value if isinstance(value, list) else [value]:
                    if not any(str(text) in n for n in d.notes):
                        problems.append(f"{key}: no note mentions {text!r}")
            elif field in ("voters", "alternatives"):
                if sorted(map(str, got[field])) != sorted(map(str, value)):
                    problems.append(f"{key}: {field} {got[field]}, expected {value}")
            elif field in got:
                if got[field] != value:
                    problems.append(f"{key}: {field} {got[field]!r}, expected {value!r}")
            else:
                problems.append(f"{key}: unknown expectation {field!r}")
    return problems


def _check_lifecycle(result: Resolution, key: str, wanted: dict) -> list[str]:
    """`proposal NAME: {status, id, class, chamber, coauthors, pending, sponsored, in_pool}` and
    `event N: {effective, illegal, cites}` (N counts the events from 1; `cites` a rule the reason names)."""
    kind, _, name = key.partition(" ")
    if kind == "event":
        found = [e for e in result.events if str(e.index) == name.strip()]
        got = found[0].model_dump() if found else None
        fields = {"effective": "effective", "illegal": "illegal"}
    else:
        found = [p for p in result.proposals if p.name == name.strip()]
        got = found[0].model_dump() if found else None
        fields = {"status": "status", "id": "id", "class": "proposal_class", "chamber": "chamber",
                  "coauthors": "coauthors", "pending": "pending", "sponsored": "sponsored", "in_pool": "in_pool"}
    if got is None:
        return [f"{key}: expected it in the report"]
    problems = []
    for field, value in wanted.items():
        if field == "cites":
            if str(value) not in got["reason"]:
                problems.append(f"{key}: reason {got['reason']!r} does not cite {value}")
        elif field == "notes":
            if not any(str(value) in n for n in got["notes"]):
                problems.append(f"{key}: no note mentions {value!r} ({got['notes']})")
        elif field not in fields:
            problems.append(f"{key}: unknown expectation {field!r}")
        elif got[fields[field]] != value:
            problems.append(f"{key}: {field} {got[fields[field]]!r}, expected {value!r}")
    return problems


@lru_cache(maxsize=4)
def _bundled(name: str) -> Ruleset:
    return load_ruleset(name)


def _load_ruleset(name: str | None) -> Ruleset:
    key = name or DEFAULT_RULESET  # never changed in place: the Rule 105 engine works on a copy
    return _bundled(key) if key in BUNDLED else load_ruleset(key)


def resolve_file(source: str, *, timeout: float = DEFAULT_TIMEOUT, check_r1698: bool = True,
                 allow_text_mismatch: bool = False) -> Resolution:
    data = load_input(source)
    if data.ruleset and data.ruleset not in BUNDLED:  # a file beside the decisions file, never any path
        data = data.model_copy(update={"ruleset": str(beside(source, data.ruleset, "ruleset"))})
    return resolve(data, source, timeout=timeout, check_r1698=check_r1698, allow_text_mismatch=allow_text_mismatch)


def resolve(data: ResolveInput, source: str, *, timeout: float = DEFAULT_TIMEOUT,
            check_r1698: bool = True, allow_text_mismatch: bool = False, extra: tuple = ()) -> Resolution:
    """`extra`: more input facts of the decision encodings (the judge's: what a case's events did)."""
    start = time.monotonic()
    guard = R1698Guard(len(data.players), timeout, enabled=check_r1698)
    builder = Builder(data, source)
    base = builder.build() + program(extra)
    initial = _load_ruleset(data.ruleset)
    text_warnings = check_texts(initial, bool(data.events), allow_text_mismatch, source)
    text_warnings += check_uses(initial, base, allow_text_mismatch, source)  # the older texts bound
    order = [d.id for d in data.decisions]
    seen_by = {d: initial for d in order}
    initiated = {d.id: d.initiated for d in data.decisions}
    evaluated = any(isinstance(b.vote, (Endorse, Conditional)) or  # R2127, also a list's conditional entries
                    (isinstance(b.vote, list) and any(isinstance(e, (Endorse, Conditional)) for e in b.vote))
                    for b in data.ballots)
    base += lifecycle_facts(initial) if data.events else ""
    # Solved again rather than on one grounding with the parameters as externals: the values an
    # adoption brings are known only once the Rule 105 engine (and R1698's guard) has applied the
    # adopted proposal, which needs this solve's outcomes; declaring them in advance would run the
    # engine on every proposal with text, adopted or not, which costs more than the solve it saves.
    for _ in range(len(order) + 1):
        params = program(atom for d in order for atom in [*parameter_facts(d, seen_by[d]),
                                                          *dated_revision_facts(d, seen_by[d], initiated)])
        models, consistent, brave_outcomes = _solve(base + params, evaluated, timeout, source, bool(data.events))
        _ratified_texts(data, models[0])
        changes, after = _adopt(data, models, seen_by, initial, guard)
        if all(rule_parameters(after[d]) == rule_parameters(seen_by[d]) for d in order):
            break
        seen_by = after
    index = _Index(models)
    # A decision a `distribute` event would initiate exists only if the distribution was EFFECTIVE.
    existing = {decision for decision, in index.atoms.rows("decision", 1)}
    decisions = [_read_decision(d, builder, index, consistent, brave_outcomes, seen_by[d.id])
                 for d in data.decisions if d.id in existing]
    for d in decisions:
        d.notes += amended_text_notes(initial, seen_by[d.id], bool(data.events))
    events, proposals = read_lifecycle(data, models[0], {d.id: d.outcome for d in decisions})
    result = Resolution(source=source, ruleset=initial.name, decisions=decisions, ruleset_changes=changes,
                        events=events, proposals=proposals, text_warnings=text_warnings)
    result.mismatches = check_expectations(result, data.expect)
    result.seconds = time.monotonic() - start
    return result


def _solve(facts: str, evaluated: bool, timeout: float, source: str, lifecycle: bool = False):
    """Both runs on one grounding: phase 1 (only where some ballot is evaluated) gives the brave
    consequences over the optimal models; phase 2 counts, with the phase and those values as
    externals. Returns the counting models."""
    consistent: dict[int, list[Any]] = {}
    brave_outcomes: dict[Any, set[Any]] = {}
    program = Grounded([RESOLVE_ENTRY], [facts], timeout=timeout, what=f"{source}: resolving", project=True,
                       parts=RESOLVE + LIFECYCLE * lifecycle)
    externals = program.free_externals([("counting_phase", 0), ("consistent_value", 2)])
    off = [(symbol, False) for symbol in externals]
    solving = program.ctl.configuration.solve
    solving.opt_mode = "optN"  # phase 2 has no cost to minimise: every model is optimal
    # Core-guided optimisation starts from the bound 0 (no ballot marked): with the default
    # (model-guided) strategy, every marked ballot cost one model on the way down.
    program.ctl.configuration.solver.opt_strategy = "usc"
    if evaluated:
        solving.enum_mode = "brave"
        found, _ = program.models(off)
        brave = Atoms(found[-1] if found else [])
        for ballot, value in brave.terms("ballot_value", 2):
            consistent.setdefault(ballot.number, []).append(value)
        for decision, outcomes in brave.grouped("outcome", 2, as_terms=True).items():
            brave_outcomes[decision] = {outcome for outcome, in outcomes}
        solving.enum_mode = "auto"
    assumptions = [(clingo.Function("counting_phase"), True)]
    for symbol in externals:
        if symbol.match("consistent_value", 2):
            b, v = symbol.arguments
            assumptions.append((symbol, v in consistent.get(b.number, [])))
    models, complete = program.models(assumptions, max_models=MAX_TIE_MODELS)
    if not models:
        raise InputError("no consistent resolution (the decisions' facts contradict each other)", source=source)
    return models, consistent, brave_outcomes


def _ratified_texts(data: ResolveInput, model) -> None:
    """R1607, R1551: where a ratified Promotor's report stated another text of a proposal before its
    distribution, that text is the one distributed (proposals.lp decides which report, if any)."""
    by_id = {d.id: d for d in data.decisions}
    for decision, event in Atoms(model).rows("distributed_text_from", 2):
        d = by_id.get(decision)
        report = data.events[event - 1]
        if d is not None and d.proposal is not None and d._distribution is not None:
            listed = (report.pool or {}).get(d._distribution.proposal)
            if listed is not None and listed.text is not None:
                d.proposal = d.proposal.model_copy(update={"text": listed.text})


def _adopt(data: ResolveInput, models, seen_by: dict, initial: Ruleset, guard: R1698Guard):
    """R106: each adopted proposal with text takes effect through the Rule 105 engine, in order."""
    atoms = Atoms(models[0])
    powers = dict(atoms.rows("instrument_power_hundredths", 2))
    prevented = {decision for decision, in atoms.rows("rule_changes_prevented", 1)}
    resolved_at = {d.id: d.resolved for d in data.decisions}
    initiated_at = {d.id: d.initiated for d in data.decisions}
    current = initial
    changes: list[RulesetChange] = []
    history: list[tuple[Any, Ruleset]] = []  # (resolution time or None, ruleset after) in order
    after: dict[Any, Ruleset] = {}
    for d in data.decisions:
        # A decision sees the adoptions before it in order, or (where times are known) those resolved
        # before it was initiated.
        if initiated_at[d.id] is not None and all(r is not None for r, _ in history):
            visible = [rs for r, rs in history if _as_dt(r) <= _as_dt(initiated_at[d.id])]
            after[d.id] = visible[-1] if visible else initial
        else:
            after[d.id] = current
        if d.id in powers and d.proposal is not None and d.proposal.text:
            power = power_of_hundredths(powers[d.id])
            proposal = Proposal(title=d.proposal.title or f"proposal {d.id}", power=power,
                                adoption_index=d.adoption_index, author=d.proposal.author, text=d.proposal.text,
                                source=f"proposal {d.id}")
            before = current
            if d.id in prevented:  # R105: its text was not published 4 to 60 days before
                changes.append(RulesetChange(decision=d.id, proposal=proposal.title, power=power,
                                             ruleset_before=before.name, ruleset_after=before.name,
                                             changes=[{"status": "PREVENTED", "reason": (
                                                 "R105: a rule change is wholly prevented from taking effect unless "
                                                 "its full text was published at least 4 and at most 60 days before "
                                                 "it would take effect (at the resolution)")}]))
                continue
            instructions = parse_changes(proposal)
            if instructions and all(isinstance(c, Unrecognised) for c in instructions):
                # No rule change the engine reads (a proposal that only acts on the gamestate): the ruleset stays.
                changes.append(RulesetChange(decision=d.id, proposal=proposal.title, power=power,
                                             ruleset_before=before.name, ruleset_after=before.name,
                                             changes=[{"status": "UNRECOGNISED", "reason": "not a rule change this "
                                                       "engine can read: " + " ".join(c.instruction.split())[:120]}
                                                      for c in instructions]))
                continue
            current, results, r1698 = guard.take_effect(current, proposal)  # R1698: may not take effect
            if current is not before:
                current.name = f"{initial.name} + P{d.id}" if before is initial else f"{before.name} + P{d.id}"
            changes.append(RulesetChange(decision=d.id, proposal=proposal.title, power=power,
                                         ruleset_before=before.name, ruleset_after=current.name, changes=results,
                                         took_effect=not (r1698 is not None and r1698.cancelled), r1698=r1698))
            changes[-1]._before, changes[-1]._after = before, current
            history.append((resolved_at[d.id], current))
    return changes, after


def dated_revision_facts(decision, ruleset: Ruleset, initiated: dict) -> list[clingo.Symbol]:
    """R2422's revision in force at the decision's initiation (`decision_rule_revision/3`, read by
    strength.lp): the ruleset's, taken to the day where a later revision is dated (texts.lp)."""
    when = initiated.get(decision)
    revision = revision_on(ruleset, 2422, when.isoformat()[:10] if when is not None else None)
    key = decision if isinstance(decision, int) else str(decision)
    return [] if revision is None else [fact("decision_rule_revision", key, 2422, revision)]


def _as_dt(value):
    if not isinstance(value, dt.datetime):
        value = dt.datetime(value.year, value.month, value.day)
    return value.replace(tzinfo=value.tzinfo or dt.timezone.utc)


def _value_text(value: clingo.Symbol, lists: dict[int, list[str]]) -> Union[str, list[str]]:
    if value.type == clingo.SymbolType.Function and value.name == "opt":
        return _value(value.arguments[0])
    if value.type == clingo.SymbolType.Function and value.name == "list":
        return [e for e in lists.get(value.arguments[0].number, []) if isinstance(e, str)]
    if value.type == clingo.SymbolType.Function and value.name == "clist":
        # R2127: the options in order, each conditional entry replaced by the list it evaluated to.
        values, t = [], value.arguments[1]
        while t.type == clingo.SymbolType.Function and t.name == "" and len(t.arguments) == 2:
            values.append(t.arguments[0])
            t = t.arguments[1]
        values.reverse()
        out: list[str] = []
        for entry in lists.get(value.arguments[0].number, []):
            if isinstance(entry, str):
                out.append(entry)
            elif values:
                v = _value_text(values.pop(0), lists)
                out += v if isinstance(v, list) else ([] if v == "PRESENT" else [v])
        return out
    if value.type == clingo.SymbolType.Function and value.name == "present":
        return "PRESENT"
    return str(value)


def _outcome_text(value: clingo.Symbol) -> str | None:
    if value.type == clingo.SymbolType.Function and value.name == "opt":
        return str(_value(value.arguments[0]))
    return OUTCOME_NAMES.get(value.name, value.name)


class _Index:
    """The counting models' atoms read once (solving.terms.Atoms): decision-level atoms by decision
    (their first argument), as {name: [the other arguments as symbols]}; ballot-level by ballot."""

    BALLOT_LEVEL = {"counted": 2, "ballot_invalid": 2, "withdrawn": 1, "valid_ballot": 1, "indeterminate": 1}
    # what _read_decision and _explain ask of a decision (encodings/agora/resolve_show.lp)
    DECISION_LEVEL = {
        "adopted_proposal": 1, "adoption_index_hundredths": 2, "awaiting_resolution": 1, "base_strength": 3,
        "doubted_within_week": 1, "eliminated": 3, "instrument_power_hundredths": 2, "method_overridden": 2,
        "present_strength": 2, "quorum": 2, "quorum_raised_to_minimum": 1, "quorum_set": 3, "quorum_unknown": 1,
        "ratification_pending": 1, "ratified_differs": 1, "ratified_outcome": 2, "resolution_not_by_collector": 1,
        "resolution_too_early": 1, "resolved": 1, "round_votes": 4, "rule_changes_prevented": 1, "strength": 3,
        "strength_modifier": 4, "tally": 3, "vote_collector": 2, "voter": 2, "voting_method": 2,
        "voting_period_extended": 1, "bought_uncounted": 4, "popularity": 3, "voting_period_end": 2,
        # the notice, the duties and the announcement (R107, R879, R208, R2168)
        "notice_lacks": 2, "notice_ratified": 1, "notice_doubted_within_week": 1, "not_initiated": 1,
        "quorum_not_stated": 1, "quorum_misstated": 3, "voting_period_raised": 2, "early_end_duty_broken": 1,
        "resolution_deadline": 2, "timely_resolution_broken": 1, "resolution_lacks": 2, "reminder_deadline": 2,
        "reminder_duty_broken": 1, "reminder_omits": 3, "reminder_not_by_collector": 2, "reminder_early_or_late": 2,
        "period_extended_to": 2, "period_extension_capped": 2, "period_extension_late": 2,  # R2614
    }

    def __init__(self, models) -> None:
        self.atoms = Atoms(models[0])
        self.by_decision: dict[Any, dict[str, list[tuple]]] = {}
        for name, arity in self.DECISION_LEVEL.items():
            for decision, rest in self.atoms.grouped(name, arity, as_terms=True).items():
                self.by_decision.setdefault(decision, {})[name] = rest
        self.by_ballot: dict[str, dict[int, list]] = {
            name: {ballot: [term for rest in found for term in (rest or (True,))]
                   for ballot, found in self.atoms.grouped(name, arity, as_terms=True).items()}
            for name, arity in self.BALLOT_LEVEL.items()}
        self.outcomes: dict[Any, list[str | None]] = {}  # the count's (outcome/2)
        self.resolved_outcomes: dict[Any, list[str | None]] = {}  # as resolved (resolved_outcome/2, R2034)
        for model in models:  # every tied outcome, in the order the models give them
            atoms = self.atoms if model is models[0] else Atoms(model)
            for name, found in (("outcome", self.outcomes), ("resolved_outcome", self.resolved_outcomes)):
                for decision, outcomes in atoms.grouped(name, 2, as_terms=True).items():
                    seen = found.setdefault(decision, [])
                    for outcome, in outcomes:
                        text = _outcome_text(outcome)
                        if text not in seen:
                            seen.append(text)


def _read_decision(d, builder: Builder, index: "_Index", consistent, brave_outcomes, ruleset: Ruleset) -> DecisionResult:
    key = d.id
    by_name = index.by_decision.get(key, {})
    method = by_name["voting_method"][0][0].name.replace("_", "-")
    counted_outcomes = index.outcomes.get(key, [])  # the count's (R955), every tie model's
    resolved_outcomes = index.resolved_outcomes.get(key, [])  # as resolved (R2034: a ratified message's)
    resolved = bool(by_name.get("resolved"))
    quorum = by_name["quorum"][0][0].number if by_name.get("quorum") else None
    quorum_source = _quorum_source(by_name["quorum_set"][0][1]) if by_name.get("quorum_set") else None
    if by_name.get("quorum_unknown"):
        raise InputError(f"decision {key}: no quorum: give `quorum:` or `last_referendum_voters:` (R879's default "
                         "needs the voters on the most recently resolved referendum)", source=builder.source)
    tally = {_value(a[0]): a[1].number for a in by_name.get("tally", [])}
    present = by_name["present_strength"][0][0].number if by_name.get("present_strength") else 0
    voters = sorted(_value(a[0]) for a in by_name.get("voter", []))
    ai = by_name["adoption_index_hundredths"][0][0].number if by_name.get("adoption_index_hundredths") else None
    ballots = _ballot_results(key, builder, index, consistent)
    outcome = resolved_outcomes[0] if len(resolved_outcomes) == 1 and resolved else None
    alternatives: list[str | None] = resolved_outcomes if resolved and len(resolved_outcomes) > 1 else []
    notes = _notes(d, by_name, resolved, counted_outcomes, brave_outcomes.get(key), ballots, ai)
    power = power_of_hundredths(by_name["instrument_power_hundredths"][0][0].number) \
        if by_name.get("instrument_power_hundredths") else None
    explanation = _explain(key, method, outcome, quorum, quorum_source, voters, tally, present, ai, resolved, power,
                           by_name, counted_outcomes)
    title = d.proposal.title if d.proposal else None
    return DecisionResult(id=key, method=method, outcome=outcome, resolved=resolved, quorum=quorum,
                          quorum_source=quorum_source, voters=voters, voter_count=len(voters), tally=tally,
                          present=present, adoption_index=(power_of_hundredths(ai) if ai is not None else None),
                          ballots=ballots, alternatives=alternatives, adopted=bool(by_name.get("adopted_proposal")),
                          instrument_power=power, title=title, notes=notes, explanation=explanation,
                          ruleset=ruleset.name)


class _Strengths:
    """A decision's voting strengths (R2422): each voter's, its base and each rule's modifier, read once."""

    def __init__(self, by_name: dict[str, list[tuple]]):
        self.strength = {_value(a[0]): a[1].number for a in by_name.get("strength", [])}
        self.base = {_value(a[0]): a[1].number for a in by_name.get("base_strength", [])}
        self.modifiers: dict[str, list[str]] = {}
        for p, rule, x in by_name.get("strength_modifier", []):
            self.modifiers.setdefault(_value(p), []).append(f"{x.number:+d} (R{rule.number})")

    def reason(self, voter: str) -> str:
        """A valid ballot's strength and where it comes from."""
        strength, base, modifiers = self.strength.get(voter), self.base, self.modifiers.get(voter, [])
        if voter not in base:
            return f"strength {strength} (as given)"
        clamped = base[voter] + sum(int(m.split()[0]) for m in modifiers) != strength
        return (f"strength {strength}: {base[voter]} (R2422)" + "".join(" " + m for m in modifiers)
                + (", clamped to 0-15 (R2422)" if clamped else ""))


def _ballot_results(key, builder: Builder, index: "_Index", consistent) -> list[BallotResult]:
    """Each ballot on decision `key`: valid or why not, how it counted, its strength, its consistent
    values where it is not determinate (R2127)."""
    strengths = _Strengths(index.by_decision.get(key, {}))
    strength = strengths.strength
    ballot_atoms = index.by_ballot
    indeterminate = ballot_atoms.get("indeterminate", {})
    ballots = []
    for b in builder.ballots_of.get(key, []):
        _, _, voter = builder.node_of_ballot[b]
        valid = b in ballot_atoms.get("valid_ballot", {})
        counted = ballot_atoms.get("counted", {}).get(b, [])
        counted_as = _value_text(counted[0], builder.lists) if counted else None
        reasons = [INVALID_REASONS.get(why.name, why.name) for why in ballot_atoms.get("ballot_invalid", {}).get(b, [])]
        if b in ballot_atoms.get("withdrawn", {}):
            reasons.append("withdrawn during the voting period (R683)")
        values = []
        if valid and b in consistent or (valid and b in indeterminate):
            values = [_value_text(v, builder.lists) for v in consistent.get(b, [])]
        if valid:
            reasons.append(_evaluation_reason(builder, b, counted_as, values, b in indeterminate))
            reasons.append(strengths.reason(voter))
        ballots.append(BallotResult(voter=voter, vote=builder.ballot_text[b], valid=valid, counted_as=counted_as,
                                    strength=strength.get(voter) if valid else None, reason="; ".join(reasons),
                                    consistent_values=values if b in indeterminate else []))
    return ballots


def _notes(d, by_name: dict[str, list[tuple]], resolved: bool, counted_outcomes: list, brave: set | None,
           ballots: list[BallotResult], ai: int | None) -> list[str]:
    """What the rules say about how decision `d` was resolved, each atom the encodings derive worded."""
    notes = []
    if resolved and len(counted_outcomes) > 1:
        notes.append("R955: a tie the vote collector breaks; each selection gives one of the alternatives")
    collectors = sorted(str(_value(a[0])) for a in by_name.get("vote_collector", []))
    if by_name.get("resolution_not_by_collector"):
        notes.append(f"R208: resolved by {d.resolved_by}, who is not its vote collector "
                     f"({', '.join(collectors) or 'none: the office is vacant'}): INEFFECTIVE, the decision stays unresolved")
    elif by_name.get("not_initiated"):
        pass  # worded with the notice (_initiation_notes)
    elif by_name.get("awaiting_resolution"):
        notes.append("no resolution announced yet (R208: the vote collector resolves it after the voting period)")
    elif by_name.get("resolution_lacks"):
        lacks = sorted(LACKS_WORDS[x.name] for x, in by_name["resolution_lacks"])
        notes.append(f"R208 items 2-4: the resolution did not {' or '.join(lacks)}: INEFFECTIVE"
                     + ("; the message still purports to resolve it (R2034)" if resolved else
                        ", the decision stays unresolved"))
    elif not resolved:
        notes.append("R208: the resolution was published before the voting period ended: INEFFECTIVE, "
                     "the decision stays unresolved")
    if brave and len(brave) > 1 and any(bl.consistent_values for bl in ballots):
        seen = sorted({_outcome_text(o) or "null" for o in brave})
        notes.append("R2127: with the indeterminate ballots' consistent values the outcome could have been "
                     + " or ".join(seen) + "; they count PRESENT")
    if by_name.get("voting_period_extended"):
        notes.append("R2168: FAILED QUORUM at the end of the voting period, which was extended to 14 days")
    notes += _extension_notes(by_name)
    if ai is not None and ai % 10:
        notes.append(f"R1950: adoption index {power_of_hundredths(ai)} is not a multiple of 0.1; used as stated")
    if by_name.get("method_overridden"):
        notes.append("R1950: a decision with an adoption index is AI-majority (the method given is ignored)")
    if by_name.get("quorum_raised_to_minimum"):
        notes.append("R879: the quorum can never be less than 2; raised")
    notes += _ratification_notes(by_name, resolved, counted_outcomes)
    notes += _initiation_notes(d, by_name) + _duty_notes(d, by_name, collectors)
    for voter, uncounted, revision in by_name.get("bought_uncounted", []):
        notes.append(f"R2422/{revision.number}: {_value(voter)} bought strength {uncounted.number} more time(s) than "
                     + ("counts (at most 3 times on a decision)" if revision.number <= 8 else
                        "counts (only on an ordinary referendum)" if revision.number == 9 else
                        "counts (Buy Strength is no longer in the rules)"))
    if by_name.get("rule_changes_prevented"):
        notes.append("R105: its text was not published 4 to 60 days before the resolution: its rule changes are "
                     "wholly prevented")
    return notes


LACKS_WORDS = {"matter": "identify the matter", "voters": "specify the voters",
               "tally": "give a tally of the valid ballots"}
NOTICE_WORDS = {"matter": "the matter to be decided", "method": "the voting method",
                "options": "the valid options", "collector": "the vote collector"}


def _extension_notes(by_name: dict[str, list[tuple]]) -> list[str]:
    """R2614: the voting period as Emergency Regulations extended it (`extensions:`)."""
    notes = [f"R2614: extension {i.number} came after the voting period had ended: no effect"
             for i, in by_name.get("period_extension_late", [])]
    for i, in by_name.get("period_extension_capped", []):
        notes.append(f"R2614: extension {i.number} would make the voting period more than double its length: "
                     "ineffective beyond the double (another reading: wholly ineffective)")
    if by_name.get("period_extended_to"):
        notes.append(f"R2614: the voting period, extended by Emergency Regulation, ends "
                     f"{_when(by_name['period_extended_to'][0][0].number)}")
    return notes


def _when(minutes_since_epoch: int) -> str:
    return (EPOCH + dt.timedelta(minutes=minutes_since_epoch)).strftime("%Y-%m-%d %H:%M")


def _initiator(d) -> str:
    if d._distribution is not None:
        return d._distribution.by
    return d.initiator or "the initiator"


def _initiation_notes(d, by_name: dict[str, list[tuple]]) -> list[str]:
    """R107's notice (valid, ratified or not initiating), the minimum period, R879's stated quorum."""
    notes = []
    order = [*NOTICE_WORDS, *ESSENTIAL]
    lacks = sorted((x.name if x.name in NOTICE_WORDS else x.arguments[0].name for x, in by_name.get("notice_lacks", [])),
                   key=order.index)
    lacking = [NOTICE_WORDS.get(x) or f"the essential parameter {x.replace('_', ' ')}" for x in lacks]
    if lacking:
        rules = "R107, R1607, R1950" if any(x not in NOTICE_WORDS for x in lacks) else "R107"
        said = f"{rules}: the notice did not specify {', '.join(lacking)}: not a valid notice"
        if by_name.get("notice_ratified"):
            notes.append(f"{said}, but it purports to initiate the decision and stayed undoubted for a week: its "
                         "validity is ratified (R107, R2201)")
        elif by_name.get("notice_doubted_within_week"):
            notes.append(f"{said}, doubted within its week (R2201): the decision was not initiated")
        else:
            notes.append(f"{said}: the decision was not initiated (its validity self-ratifies once a week passes "
                         "without doubt, R107, R2201: not as of the file's `as_of`, or no `as_of` given)")
    for days, in by_name.get("voting_period_raised", []):
        notes.append(f"R107: the minimum voting period of a decision with at least two options is {days.number} days: "
                     "the shorter period is raised to it")
    if by_name.get("quorum_not_stated"):
        notes.append(f"R879: {_initiator(d)} SHALL state the quorum when initiating it: the notice did not: violation")
    for stated, actual in by_name.get("quorum_misstated", []):
        notes.append(f"R879: the notice stated quorum {stated.number}, the quorum is {actual.number}: an incorrect "
                     "statement neither invalidates the initiation nor changes the quorum (whether it breaks the "
                     "SHALL to state it the rule does not say)")
    return notes


def _duty_notes(d, by_name: dict[str, list[tuple]], collectors: list[str]) -> list[str]:
    """The vote collector's duties: R107's early end, R208's timely resolution, R2168's reminder."""
    notes = []
    who = ", ".join(collectors) or "the vote collector"
    if by_name.get("early_end_duty_broken"):
        end = _when(by_name["voting_period_end"][0][0].number)
        notes.append(f"R107: {who} SHALL end the voting period of a decision with fewer than two options (resolving it "
                     f"in the same message): the period ran out on {end}: violation")
    if by_name.get("timely_resolution_broken"):
        deadline = _when(by_name["resolution_deadline"][0][0].number)
        notes.append(f"R208: {who} SHALL resolve a decision required to be initiated in a timely fashion after the "
                     f"voting period (R1023: within 7 days, by {deadline}): not resolved by then: violation")
    if by_name.get("reminder_duty_broken"):
        deadline = _when(by_name["reminder_deadline"][0][0].number)
        notes.append(f"R2168: {who} SHALL issue a humiliating public reminder naming the slackers within four days "
                     f"of the extension (by {deadline}): none did: violation")
    for i, in by_name.get("reminder_early_or_late", []):
        notes.append(f"R2168: reminder {i.number} was not within the four days after the extension")
    for i, in by_name.get("reminder_not_by_collector", []):
        notes.append(f"R2168: reminder {i.number} was not by the vote collector ({who})")
    omitted: dict[int, list[str]] = {}
    for i, person in by_name.get("reminder_omits", []):
        omitted.setdefault(i.number, []).append(str(_value(person)))
    for i, people in sorted(omitted.items()):
        notes.append(f"R2168: reminder {i} did not name {', '.join(sorted(people))}, eligible and without a vote "
                     "on it")
    return notes


def _ratification_notes(by_name: dict[str, list[tuple]], resolved: bool, counted_outcomes: list) -> list[str]:
    """R2034, R2201: a resolution message ratified, pending ratification, or doubted."""
    notes = []
    if by_name.get("ratified_outcome"):
        ratified = _outcome_text(by_name["ratified_outcome"][0][0])
        counted = counted_outcomes[0] if len(counted_outcomes) == 1 and resolved else None
        if counted is None:
            counted = "one of " + ", ".join(map(str, counted_outcomes)) if counted_outcomes else "none"
        notes.append(f"R2034, R2201: the resolution message stated {ratified} and stayed undoubted for a week: "
                     f"ratified" + (f" (the rules' count gave {counted})" if by_name.get("ratified_differs") else ""))
    elif by_name.get("ratification_pending"):
        notes.append("R2201: the resolution message self-ratifies once a week passes without doubt (not yet, as of "
                     "the file's `as_of`, or no `as_of` given)")
    if by_name.get("doubted_within_week"):
        notes.append("R2201: the resolution message was doubted within its week: not ratified")
    return notes


def _evaluation_reason(builder: Builder, b: int, counted_as, values, indeterminate: bool) -> str:
    vote = builder.ballot_text[b]
    shown = describe_counted(counted_as)
    if indeterminate:
        if values:
            return (f"{vote}: not determinate, consistent values {', '.join(describe_counted(v) for v in values)}: "
                    f"counts PRESENT (R2127)")
        return f"{vote}: no consistent value (a paradox): counts PRESENT (R2127)"
    if vote.startswith("endorse ") or "endorse " in vote:
        return f"{vote}: evaluates to {shown} (R2127)"
    if " if " in vote:
        return f"{vote}: evaluates to {shown} (R2127)"
    return f"counted as {shown}"


def describe_counted(value) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(value) + "]"
    return str(value)


def _quorum_source(how: clingo.Symbol) -> str:
    """`given`, `r879`, `r2481`, or the ID of the rule that defines quorum (`R2646`)."""
    return f"R{how.arguments[0].number}" if how.name == "defined" else how.name


def _explain(key, method, outcome, quorum, quorum_source, voters, tally, present, ai, resolved, power, by_name,
             outcomes) -> list[str]:
    lines = []
    source = {"given": "as set at initiation (given)", "r879": "R879's default: 2/3 of the voters on the most "
              "recently resolved referendum, rounded, at least 2", "r2481": "R2481: half the Festive players"}
    if quorum is not None:
        defined = f"{quorum_source}, a rule of Power 2 or greater that defines quorum (R1030 chose it)"
        lines.append(f"R879: quorum {quorum}, {source.get(quorum_source, defined)}")
    lines.append(f"R208: {len(voters)} voters ({', '.join(voters) or 'none'})")
    if method == "ai-majority":
        f, a = tally.get("FOR", 0), tally.get("AGAINST", 0)
        ratio = "inf" if a == 0 and f > 0 else (f"{f / a:.3f}" if a else "0/0")
        lines.append(f"R955: F={f}, A={a}, F/A={ratio}, AI={power_of_hundredths(ai)}: ADOPTED iff F/A >= AI and F/A > 1 "
                     "(or F > 0 and A = 0)")
    elif method == "first-past-the-post":
        lines.append("R955: first-past-the-post totals: " + ", ".join(f"{o}={s}" for o, s in sorted(tally.items())))
    else:
        rounds: dict[int, list[str]] = {}
        for r_o_s in by_name.get("round_votes", []):
            rounds.setdefault(r_o_s[0].number, []).append(f"{_value(r_o_s[1])}={r_o_s[2].number}")
        for r, parts in sorted(rounds.items()):
            elim = [str(_value(e[1])) for e in by_name.get("eliminated", []) if e[0].number == r]
            lines.append(f"R955 instant runoff round {r}: {', '.join(sorted(parts))}"
                         + (f"; eliminated {elim[0]}" if elim else ""))
    if quorum is not None and len(voters) < quorum and len(outcomes) and outcomes[0] == "FAILED QUORUM":
        lines.append(f"R955: {len(voters)} voters < quorum {quorum}: FAILED QUORUM")
    if by_name.get("resolution_too_early"):
        lines.append("R208 item 1: resolution published before the end of the voting period: INEFFECTIVE")
    if power is not None:
        lines.append(f"R106: adopted; takes effect as an ephemeral instrument at Power {power} (min(4, AI))")
    for difference, total in by_name.get("popularity", []):  # computed with the lifecycle (popularity.lp)
        lines.append(f"R2623: popularity (F - A)/T = {difference.number}/{total.number}, in valid ballots")
    return lines
