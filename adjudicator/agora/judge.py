"""Judging a case: solve, classify each statement (TRUE / FALSE / PARADOXICAL / DISMISS), and
gather the atoms that explain it.

Classification only reads what the encodings decided:
* no consistent gamestate -> the gamestate is paradoxical; a minimal set of rules in conflict
  is found from clingo's unsatisfiable cores over `enabled(R)` assumptions; a statement whose
  answer is the same however the paradox is broken keeps that answer;
* a self-referential statement (about this CFJ's own judgement) is solved with its consistency
  constraint on: no consistent verdict, or both, is undecidability from the case itself (R591:
  DISMISS, not PARADOXICAL);
* otherwise, every consistent gamestate agrees (TRUE / FALSE), or they disagree: because the
  rules leave a value open (R2518: PARADOXICAL), or only because the case leaves facts unknown
  (DISMISS: insufficient information).
Before classifying, values with a determinacy fallback (R2162 switches, R2576 assets) that differ
between gamestates are settled by re-solving with the fallback, and the explanation says so.
"""

from __future__ import annotations

import re
import time
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

import clingo
from pydantic import BaseModel, Field, ValidationError

from adjudicator.errors import BudgetExceeded, InputError
from adjudicator.inputs import validation_problems
from adjudicator.agora.asset_statements import action_words as asset_action_words
from adjudicator.agora.case import READINGS, Event, load_case, parse_time
from adjudicator.agora.decision_inputs import CaseNames, event_inputs, with_event_inputs
from adjudicator.agora.decision_statements import decision_symbols, reason_lines
from adjudicator.agora.facts import CaseFacts, build, statement_point, statement_tag
from adjudicator.agora.programs import DERIVATIONS, ENTRY, JUDGE, all_notion_parts, notion_parts
from adjudicator.agora.builders.findings import RULES as FINDING_RULES, finding_term, finding_words, relevance_facts
from adjudicator.agora.obligation_words import obligation_words
from adjudicator.agora.possibility_statements import explanation_lines
from adjudicator.agora.statements import referenced
from adjudicator.agora.why import derivation_tree
from adjudicator.solving import Grounded, solve
from adjudicator.solving.rounds import Rounds, minimal_core
from adjudicator.solving.terms import Atoms, atom, fact, fact_lines, negated, read, rule_text

MAX_MODELS = 256


class Judgement(BaseModel):
    """The verdict on one statement, with its reason class and explanation."""

    statement: str
    verdict: str                         # TRUE, FALSE, PARADOXICAL, DISMISS, IRRELEVANT
    reason: str                          # determinate, gamestate-paradox, indeterminate, self-reference,
                                         # insufficient-information, outside-gamestate, determinate-despite-paradox
    expected: str | None = None
    matches_expected: bool | None = None
    summary: str
    explanation: list[str] = Field(default_factory=list)
    conflicting_rules: list[str] = Field(default_factory=list)
    precedence: list[str] = Field(default_factory=list)
    gamestates: int = 0
    other_readings: list[str] = Field(default_factory=list)
    supporting_atoms: list[str] = Field(default_factory=list)   # the witness gamestate's atoms that bear on it
    why: dict | None = None              # the explanation as a nested tree (Why), with --explain


class Why(BaseModel):
    """One conclusion of a judgement, the rules it cites, and what it rests on."""

    claim: str
    rules: list[str] = Field(default_factory=list)      # rules cited ("R2465", "R1728/40")
    because: list["Why"] = Field(default_factory=list)


def why_tree(judgement: "Judgement") -> Why:
    """The judgement as a tree: the verdict, resting on the explanation's conclusions (top-level
    lines), each resting on its indented lines."""
    def node(text: str) -> Why:
        cited = list(dict.fromkeys(re.findall(r"\bR\d+(?:/\d+)?\b", text)))
        return Why(claim=text.strip(), rules=cited)

    root = node(f"{judgement.verdict}: {judgement.summary}")
    for line in judgement.explanation:
        if line.startswith("  ") and root.because:
            root.because[-1].because.append(node(line))
        else:
            root.because.append(node(line))
    return root


class CaseJudgement(BaseModel):
    case: str
    title: str
    cfj: int | None = None
    source: str | None = None
    ruleset: str
    policy: str
    judgements: list[Judgement]
    fallbacks: list[str] = Field(default_factory=list)
    paradox_rules: list[str] = Field(default_factory=list)
    readings_checked: list[str] = Field(default_factory=list)
    all_gamestates_seen: bool = True     # False when more than MAX_MODELS consistent gamestates exist
    text_warnings: list[str] = Field(default_factory=list)  # rules relied on whose text is not the encoded one
    text_notes: list[str] = Field(default_factory=list)     # revisions selected by the case's date (as_of)
    findings: list[dict] = Field(default_factory=list)      # the judge's findings: stated (premises) or open
    seconds: float = 0.0


def judge_file(path: str | Path, *, timeout: float = 30.0, readings: bool = True,
               allow_text_mismatch: bool = False, derivations: bool = False) -> CaseJudgement:
    """Judge a case file. Where the case touches an ambiguity the encodings model as a named
    option (and the models say it matters), the case is judged again under the other reading and
    any verdict that changes is reported. Where the case relies on a rule whose text in its
    ruleset is not a text the encodings implement, InputError (or, with allow_text_mismatch,
    a warning in `text_warnings`). With `derivations`, each judgement's `why` is the tree built from the
    solver's derivations (encodings/agora/derivations.lp, grounded only then); without, the tree
    of the explanation's lines."""
    case, case_path = load_case(path)
    hypothetical = {i: HYPOTHETICAL.fullmatch(" ".join(s.text.split())) for i, s in enumerate(case.statements) if s.text}
    hypothetical = {i: m for i, m in hypothetical.items() if m}
    if not hypothetical:
        return _judge_case(case, case_path, timeout, readings, allow_text_mismatch, derivations)
    # Hypothetical statements: each is judged in a copy of the case in which the named change
    # happens at the end (R478: after every event of the case); the rest together as usual.
    ordinary = [s for i, s in enumerate(case.statements) if i not in hypothetical]
    result = _judge_case(case.model_copy(update={"statements": ordinary}), case_path, timeout, readings,
                         allow_text_mismatch, derivations) if ordinary else None
    judged = iter(result.judgements if result else [])
    merged: list[Judgement] = []
    for i, statement in enumerate(case.statements):
        if i not in hypothetical:
            merged.append(next(judged))
            continue
        name, inner = hypothetical[i].group(1), hypothetical[i].group(2)
        # several hypotheses ("if p1 and p2 were adopted") take effect in the order named (R478)
        names = [n for n in re.split(r"\s*(?:,|\band\b|\bthen\b)\s*", name) if n]
        copy = case.model_copy(update={"events": [*case.events, *(_hypothesis(case, case_path, n) for n in names)],
                                       "statements": [statement.model_copy(update={"text": inner})]})
        other = _judge_case(copy, case_path, timeout, readings, allow_text_mismatch, derivations)
        judgement = other.judgements[0]
        judgement.statement = statement.text
        judgement.summary = f"in a copy of the gamestate in which {name} took effect: {judgement.summary}"
        if judgement.why is not None:
            judgement.why["claim"] = f"{judgement.verdict}: {judgement.summary}"
        merged.append(judgement)
        result = result or other
    result.judgements = merged
    return result


HYPOTHETICAL = re.compile(r"if ([\w.\-]+(?:(?:,| and| then|, and|, then) [\w.\-]+)*) (?:were|was|had been) (?:adopted|performed|done|published|to happen|happened),? "
                          r"(?:then )?(.+)", re.IGNORECASE)


def _hypothesis(case, case_path: Path, name: str):
    """The change a hypothetical statement names (`hypotheses:` of the case), as an event at the end."""
    spec = case.hypotheses.get(name)
    if spec is None:
        known = ", ".join(sorted(case.hypotheses)) or "none"
        raise InputError(f"a statement supposes {name!r}, which is not one of the case's hypotheses ({known})",
                         source=str(case_path))
    times = [parse_time(e.at, str(case_path)) for e in case.events]
    at = spec.get("at") or case.now or (max(times).isoformat() if times else None)
    if at is None:
        raise InputError(f"hypothesis {name!r}: give its time (at:) or the case's now", source=str(case_path))
    try:
        return Event.model_validate({**spec, "id": spec.get("id", name), "at": at})
    except ValidationError as exc:
        raise InputError(f"hypothesis {name!r}: {validation_problems(exc)}", source=str(case_path)) from None


def _judge_case(case, case_path: Path, timeout: float, readings: bool, allow_text_mismatch: bool,
                derivations: bool = False) -> CaseJudgement:
    facts = build(case, case_path)
    try:
        result = judge_facts(facts, timeout=timeout, allow_text_mismatch=allow_text_mismatch, derivations=derivations)
    except BudgetExceeded:
        raise BudgetExceeded(f"judging {case_path.name}", timeout) from None
    if not readings:
        return result
    chosen = {name: getattr(case.options, name) for name in READINGS}
    for option in result.readings_checked:
        for _, value, _ in (v for v in READINGS.variations(chosen) if v[0] == option):
            words = READINGS.reading(option).says.get(value, f"{option} is {value}")
            other_case = case.model_copy(update={"options": case.options.model_copy(update={option: value})})
            other = judge_facts(build(other_case, case_path), timeout=timeout, allow_text_mismatch=True)
            for mine, theirs in zip(result.judgements, other.judgements):
                if mine.verdict != theirs.verdict:
                    mine.other_readings.append(f"Under the reading that {words} (option {option}: {value}), "
                                               f"the verdict would be {theirs.verdict}.")
    return result


# Each gamestate's atoms, read once (solving.terms.Atoms) however many questions the judge asks it;
# kept with the model so that its id is not reused while the entry lives (cleared per case).
_ATOMS: dict[int, tuple[list[clingo.Symbol], Atoms]] = {}


def _atoms(model: list[clingo.Symbol]) -> Atoms:
    found = _ATOMS.get(id(model))
    if found is None or found[0] is not model:
        found = _ATOMS[id(model)] = (model, Atoms(model))
    return found[1]


def _holds(model: list[clingo.Symbol], index: int) -> bool:
    target = fact("holds", statement_tag(index))
    return target in model


def judge_facts(facts: CaseFacts, *, timeout: float = 30.0, allow_text_mismatch: bool = False,
                derivations: bool = False) -> CaseJudgement:
    _ATOMS.clear()
    _ROWS.clear()
    _INDEXED.clear()
    try:
        return _judge_facts(facts, timeout=timeout, allow_text_mismatch=allow_text_mismatch, derivations=derivations)
    finally:
        _ATOMS.clear()
        _ROWS.clear()
        _INDEXED.clear()


class _CaseProgram:
    """The case's gamestates: its program grounded once, and once more for the R2518/R2162 rounds
    when some value with a fallback differs between gamestates (grounded with `settling`: every
    settled_choice/1 an external, which the rounds switch on, solving.rounds, however many rounds
    there are). The rounds' externals are not in the first grounding: an external, even one never
    switched on, changes the ground program and so the order in which clasp enumerates the
    gamestates, and with it the witness an explanation reads. The self-reference checks assume
    enforce_self/1 on the last grounding. The search for a minimal paradox grounds the case again
    with `core_search` (every rule an enabled/1 external)."""

    def __init__(self, facts: CaseFacts, timeout: float, derivations: bool):
        self.facts = facts
        self.timeout = timeout
        self.started = time.monotonic()
        self.what = f"judging {facts.path.name}"
        self.decision_rules: list[str] = []
        if facts.ballot_events or facts.decisions_by_events:  # the decisions are resolved per gamestate
            self.decision_rules.extend(_decisions_from_events(facts, self.remaining(), self.what))
        # only the notions the case uses; the why-tree's derivations only when the tree is asked for
        notions = notion_parts([*facts.program, *self.decision_rules])
        self.parts = (*JUDGE, *notions, *DERIVATIONS) if derivations else (*JUDGE, *notions)
        self.rounds = Rounds(self._ground([]))
        self.settled: list[clingo.Symbol] = []   # the values settled so far

    def remaining(self) -> float:
        left = self.timeout - (time.monotonic() - self.started)
        if left <= 0:
            raise BudgetExceeded(self.what, self.timeout)
        return left

    def _ground(self, more: list[str]) -> Grounded:
        grounded = Grounded([ENTRY], ["\n".join(self.facts.program), "\n".join(self.decision_rules), *more],
                            timeout=self.remaining(), what=self.what, project=True, parts=self.parts)
        grounded.free_externals([("enabled", 1), ("enforce_self", 1)])
        return grounded

    def settle(self, choices: list[clingo.Symbol]) -> None:
        """From the next solve on, these values take their fallbacks (settled_choice/1)."""
        if not self.settled:
            self.rounds = Rounds(self._ground(["settling."]))
        self.settled += choices
        self.rounds.add(fact("settled_choice", choice) for choice in choices)

    def models(self, *assumed: tuple[clingo.Symbol, bool]) -> tuple[list[list[clingo.Symbol]], bool]:
        """The consistent gamestates with the choices settled so far (and more assumptions)."""
        found = self.rounds.solve(max_models=MAX_MODELS, assumptions=assumed)
        return found.models, found.complete

    def core_search(self) -> Grounded:
        """The case grounded again with every rule's enabled/1 an external (`core_search`), the
        choices settled so far as facts."""
        return self._ground(["\n".join(fact_lines(fact("settled_choice", c) for c in self.settled)), "core_search."])


def _judge_facts(facts: CaseFacts, *, timeout: float, allow_text_mismatch: bool, derivations: bool) -> CaseJudgement:
    case_program = _CaseProgram(facts, timeout, derivations)
    models, complete = case_program.models()
    models, complete, fallbacks = _settle_fallbacks(case_program, models, complete)
    paradox = _Paradox([], {}) if models else _find_paradox(case_program)
    text_warnings = _text_check(facts, models or paradox.relaxed, allow_text_mismatch)
    self_found = {index: case_program.models((fact("enforce_self", statement_tag(index)), True))[0]
                  for index in sorted(facts.self_referential)
                  if models and index not in facts.indeterminacy}
    decided = _verdicts(facts, models, paradox, self_found, case_program.remaining())
    judgements = []
    for index, statement in enumerate(facts.case.statements, 1):
        found = _Found(models, paradox, self_found.get(index, []))
        judgement = _worded(index, decided[index], found, facts)
        if fallbacks:
            judgement.explanation.extend(f"Determinacy: {line}" for line in fallbacks)
        if judgement.why is not None:
            judgement.why["claim"] = f"{judgement.verdict}: {judgement.summary}"
        else:
            judgement.why = why_tree(judgement).model_dump()
        if statement.expect:
            judgement.expected = statement.expect
            judgement.matches_expected = statement.expect in judgement.verdict.split("/")  # "TRUE/FALSE": on a finding
        judgements.append(judgement)

    relevant = sorted({str(reading) for m in models for reading, in _atoms(m).terms("reading_relevant", 1)})
    relevant = [{"r1728_same_announcement": "r1728_40"}.get(r, r) for r in relevant]
    case = facts.case
    return CaseJudgement(
        case=str(facts.path), title=case.title, cfj=case.cfj, source=case.source, ruleset=case.ruleset,
        policy=case.policy, judgements=judgements, fallbacks=fallbacks, paradox_rules=paradox.rules,
        readings_checked=[r for r in relevant if r in READINGS], all_gamestates_seen=complete,
        text_warnings=text_warnings, text_notes=facts.text_notes + _unencoded_notes(facts, models),
        findings=case_findings(facts, decided),
        seconds=round(time.monotonic() - case_program.started, 3),
    )


# ---------------------------------------------------------------- R2518 / R2162: the rounds

MAX_ROUNDS = 4


def _settle_fallbacks(case_program: _CaseProgram, models, complete):
    """The driver's one loop over models (R2518 is a meta-rule over all consistent gamestates): a
    value is indeterminate when it differs between gamestates, which no single stable model can
    see. The fallbacks themselves (R2162: the switch keeps its value; R2576: the asset goes to the
    Lost and Found Department) are in the encodings (fallback/2); which values to settle each round
    is encodings/core/fallback_round.lp's; this loop switches settled_choice(X) on for them and
    solves again, at most four rounds. Returns the models, whether all were seen, and the
    fallbacks' words."""
    facts = case_program.facts
    fallbacks: list[str] = []
    for _ in range(MAX_ROUNDS):
        if not models:
            break
        open_choices = _to_settle(models, case_program.remaining())
        if not open_choices:
            break
        fallbacks += [_fallback_line(choice, models, facts) for choice in open_choices]
        case_program.settle(open_choices)
        models, complete = case_program.models()
    return models, complete, fallbacks


def _to_settle(models, timeout: float) -> list[clingo.Symbol]:
    """The values with a fallback that differ between gamestates with the same facts (one solve of
    fallback_round.lp on what each gamestate chose), in the order of their text."""
    summary: list[clingo.Symbol] = []
    fallbacks: list[clingo.Symbol] = []
    for k, group in _group_ids(models).items():
        atoms = _atoms(models[k])
        summary.append(fact("group_of", k, group))
        summary += [fact("chosen_in", k, choice, value) for choice, value in atoms.terms("chosen", 2)]
        fallbacks += [fact("has_fallback_in", k, choice) for choice, in atoms.terms("has_fallback", 1)]
    if not fallbacks:  # nothing has a fallback: no round to take
        return []
    summary += fallbacks
    result = solve(["core/fallback_round.lp"], symbols=summary, timeout=timeout, what="settling the fallbacks")
    return sorted((choice for choice, in read(result.models[0], "settle", 1)), key=str)


def _fallback_line(choice: clingo.Symbol, models, facts: CaseFacts) -> str:
    rule = next((str(rule) for m in models for of, rule in _atoms(m).terms("fallback_rule", 2) if of == choice), "?")
    options = sorted({str(value) for m in models for of, value in _atoms(m).terms("chosen", 2) if of == choice})
    return (f"{_choice_words(choice, facts)} would be indeterminate (it is {' or '.join(_person_words(o, facts) for o in options)} "
            f"in different consistent gamestates); {facts.rule_names.get(rule, 'R' + rule)} gives its fallback, "
            f"so the judge re-solved with it ({_fallback_words(rule)}).")


# ---------------------------------------------------------------- R2518: a paradoxical gamestate

@dataclass
class _Paradox:
    """No consistent gamestate: the minimal set of rules in conflict (as worded, and as terms), and
    the gamestates found with each of them set aside."""

    rules: list[str]
    relaxed_by_rule: dict[clingo.Symbol, list[list[clingo.Symbol]]]

    @property
    def relaxed(self) -> list[list[clingo.Symbol]]:
        return [m for found in self.relaxed_by_rule.values() for m in found]


def _find_paradox(case_program: _CaseProgram) -> _Paradox:
    """Which rules are in the paradox (R2518: "cannot be determined without ... paradox") is a
    question over several solves: every rule becomes an assumption, and clingo's core is
    minimised by deletion; then each rule of the minimal set is set aside in turn."""
    facts = case_program.facts
    program = case_program.core_search()
    rules = [fact("enabled", term) for term in facts.rule_terms]
    minimal = minimal_core(program, [(r, True) for r in rules]) or []
    worded = [facts.rule_names.get(str(s.arguments[0]), str(s.arguments[0])) for s in minimal]
    relaxed_by_rule = {}
    for dropped in minimal:
        found, _ = program.models([(r, r != dropped) for r in rules], MAX_MODELS)
        relaxed_by_rule[dropped.arguments[0]] = found
    return _Paradox(worded, relaxed_by_rule)


MAX_BALLOT_SETS = 16


def _decisions_from_events(facts: CaseFacts, timeout: float, what: str) -> list[str]:
    """The case's Agoran decisions when events announce ballots (R683), e.g. the actions of a
    cashed promise's text (R2618), or act on them otherwise (R2645's stones, R2422's Buy Strength,
    R2637's interests). What was done can differ between consistent gamestates (R2518), so the
    gamestates are solved first without the decisions, the distinct sets of ballot announcements and
    other acts read back (`ballot_announcement/1`, ..., event_ballots.lp), and the decisions
    resolved by their own encodings (`agora resolve`) once per set, with those ballots after the
    file's own in time order. Each set's results hold exactly in the gamestates that made it
    (`ballot_set(K)`)."""

    started = time.monotonic()
    grounded = Grounded([ENTRY], ["\n".join(facts.program)], timeout=timeout,
                        parts=(*JUDGE, *notion_parts(facts.program)),
                        what=what, project=True)
    grounded.free_externals([("enabled", 1), ("enforce_self", 1)])
    models, _ = grounded.models([], MAX_MODELS)
    sets = sorted({(frozenset(e for e, in Atoms(model).rows("ballot_announcement", 1)),
                    frozenset(e for e, in Atoms(model).rows("ballot_present", 1)), event_inputs(model))
                   for model in models},
                  key=lambda t: (sorted(t[0]), sorted(t[1]), sorted(map(str, t[2]))))
    if len(sets) > MAX_BALLOT_SETS:
        raise InputError(f"events announce {len(sets)} different sets of ballots in different gamestates; "
                         f"the judge resolves the decisions for at most {MAX_BALLOT_SETS}", source=str(facts.path))
    candidates = sorted(facts.ballot_events)
    seen_inputs = frozenset().union(*(inputs for _, _, inputs in sets))
    out = [rule_text(fact("ballots_by_events"))]
    raw = facts.case.decisions or {}
    names = CaseNames(voter=lambda p: _voter_name(p, facts), label=lambda e: facts.event_labels[e],
                      moment=lambda m: facts.epoch + timedelta(minutes=m),
                      now=parse_time(facts.case.now, str(facts.path)) if facts.case.now is not None else None)
    for k, (announced, present, inputs) in enumerate(sets, 1):
        # R2127: a vote ballot_present/1 says counts as PRESENT is given to the decisions so
        ballots = [{**facts.ballot_events[e], "vote": "PRESENT"} if e in present else facts.ballot_events[e]
                   for e in candidates if e in announced]
        given = list(raw.get("ballots") or [])
        timed = all(isinstance(b, dict) and b.get("at") is not None for b in given)
        merged = [*given, *ballots]
        if timed:  # R683: the ballots in the order cast (the decision encodings read them in order)
            merged.sort(key=lambda b: _moment_of(b["at"], facts))
        remaining = timeout - (time.monotonic() - started)
        if remaining <= 0:
            raise BudgetExceeded(what, timeout)
        decided, extra = with_event_inputs({**raw, "ballots": merged}, inputs, names, str(facts.path))
        resolved = decision_symbols(decided, str(facts.path), facts.minutes, extra=extra) \
            if decided.get("decisions") or decided.get("events") else []
        guard = [*(atom("ballot_announcement", e) for e in candidates if e in announced),
                 *(negated(atom("ballot_announcement", e)) for e in candidates if e not in announced),
                 *(atom("ballot_present", e) for e in candidates if e in present),
                 *(negated(atom("ballot_present", e)) for e in candidates if e in announced - present),
                 *(atom(s.name, *s.arguments) for s in sorted(inputs)),
                 *(negated(atom(s.name, *s.arguments)) for s in sorted(seen_inputs - inputs))]
        out.append(rule_text(fact("ballot_set", k), guard))
        for resolved_fact in resolved:  # the decision encodings' facts, each holding with its set
            out.append(rule_text(resolved_fact, [atom("ballot_set", k)]))
    return out


def _voter_name(person: clingo.Symbol, facts: CaseFacts) -> str:
    """A person of the case as its `decisions:` spells em (else by eir display name)."""
    ident = str(person).strip('"')
    written = sorted(facts.lexicon.voters.get(ident.lower(), ()))
    return written[0] if written else facts.person_names.get(ident, ident)


def _moment_of(value, facts: CaseFacts) -> int:
    return facts.minutes(parse_time(value, str(facts.path)))


def _text_check(facts: CaseFacts, models, allow_text_mismatch: bool) -> list[str]:
    """The rules the case relies on (relies_on/1 in any gamestate; every mismatched rule when no
    gamestate was found) whose text in the case's ruleset is not a text the encodings implement."""
    partly = sorted({(rule, revision, str(what).strip('"')) for m in models
                     for rule, revision, what in _atoms(m).rows("text_unencoded_use", 3)} | _decision_text_uses(facts))
    if not facts.text_mismatches and not partly:
        return []
    relied = {rule for m in models for rule, in _atoms(m).rows("relies_on", 1)} if models \
        else set(facts.text_mismatches)
    relied |= _decision_rules_relied(facts)
    problems = [facts.text_mismatches[r].words() for r in sorted(relied & set(facts.text_mismatches))]
    problems += [f"R{rule}/{revision}'s text differs where the case uses it ({what}): see encodings/agora/texts.lp"
                 for rule, revision, what in partly]
    if problems and not allow_text_mismatch:
        raise InputError(f"the case relies on rules whose text differs from what the judge encodes: "
                         f"{'; '.join(problems)}. The verdict would be for the encoded text, not the case's: "
                         "give the ruleset of the encoded revisions, or judge anyway with --allow-text-mismatch",
                         source=str(facts.path))
    return [f"{p}; judged by the encoded text instead" for p in problems]


def _decision_rules_relied(facts: CaseFacts) -> frozenset[int]:
    """The rules `agora resolve`'s encodings cite (the lifecycle's where `decisions:` has events),
    when the case's decisions are resolved by them: every answer read from a resolution relies on them."""
    from adjudicator.agora.resolve_texts import relied_rules

    if facts.case.decisions is None and not facts.decisions_by_events:
        return frozenset()
    raw = facts.case.decisions if isinstance(facts.case.decisions, dict) else {}
    return relied_rules(bool(raw.get("events")))


def _decision_text_uses(facts: CaseFacts) -> set[tuple[int, int, str]]:
    """Where the case's `decisions:` use what an older text of a decision rule of its day words
    otherwise than the decision encodings (decision_texts.lp)."""
    from adjudicator.agora.decision_texts import older_text_uses
    from adjudicator.agora.decisions import Builder, parse_input

    if not isinstance(facts.case.decisions, dict):
        return set()
    data = parse_input(facts.case.decisions, f"{facts.path}: decisions")
    if not data.decisions:
        return set()
    return set(older_text_uses(Builder(data, str(facts.path)).build(), facts.text_revisions))


def _unencoded_notes(facts: CaseFacts, models) -> list[str]:
    """The rules the case relies on (relies_on/1) that the encodings do not encode (`ruleset coverage`):
    only the clauses the case gives speak for them."""
    from adjudicator.rulesets.coverage import PARTLY, unencoded

    relied = {rule for m in models for rule, in _atoms(m).rows("relies_on", 1)}
    names, parts = unencoded(facts.ruleset, relied), unencoded(facts.ruleset, relied, (PARTLY,))
    return ([f"not encoded (only the case's clauses speak for them): {', '.join(names)}"] if names else []) + \
        ([f"partly encoded (`ruleset coverage` says which part): {', '.join(parts)}"] if parts else [])


def _unknowns_key(model) -> frozenset:
    """What a gamestate says of the facts the case does not establish."""
    atoms = _atoms(model)
    return frozenset([*atoms.symbols("happened", 1), *atoms.symbols("outside_holds", 1),
                      *atoms.symbols("finding_holds", 1), *atoms.symbols("random_outcome", 2)])


def _group_ids(models) -> dict[int, int]:
    """Each gamestate's group: the gamestates that agree on the facts the case does not establish,
    numbered in the order they are first seen."""
    numbers: dict[frozenset, int] = {}
    return {k: numbers.setdefault(_unknowns_key(model), len(numbers)) for k, model in enumerate(models)}


# ---------------------------------------------------------------- R591 / R2518: the verdicts

@dataclass
class _Found:
    """What the solves found, as one statement's wording reads it."""

    models: list[list[clingo.Symbol]]          # the consistent gamestates
    paradox: _Paradox                          # none of them: the rules in conflict, the relaxed gamestates
    self_found: list[list[clingo.Symbol]]      # the gamestates consistent with a self-referential statement


@dataclass
class _Decided:
    """verdict.lp's answer on one statement, and what its wording reads."""

    question: str                  # ordinary, self, paradox, indeterminacy
    verdict: str                   # TRUE, FALSE, PARADOXICAL, DISMISS, IRRELEVANT
    reason: str                    # the reason class: determinate, indeterminate, gamestate-paradox, ...
    undecidable: bool = False      # R2518 leaves it undecidable: R591's judgement for that
    differs: bool = False          # its value differs between consistent gamestates
    split_group: int | None = None  # the first group of gamestates with the same facts it differs in
    deciding: list[str] = field(default_factory=list)   # the open facts it turns on
    usable: list[int] = field(default_factory=list)     # the relaxed gamestates that answer for this ruleset
    paradox_answer: bool = False   # one answer however the paradox is broken
    turns_on: clingo.Symbol | None = None   # the one rule in conflict with itself it is about
    because: str | None = None     # why a self-referential statement is undecidable
    if_found: dict[int, dict[bool, str]] = field(default_factory=dict)  # open finding -> its value -> verdict


VERDICT_ENCODINGS = ["agora/judgements.lp", "agora/verdict.lp"]


def _verdicts(facts: CaseFacts, models, paradox: _Paradox, self_found, timeout: float) -> dict[int, _Decided]:
    """Every statement's verdict and reason class: one solve of verdict.lp (R591 of the case's
    revision, R2518) on facts summarising the gamestates found."""
    result = solve(VERDICT_ENCODINGS, symbols=_verdict_facts(facts, models, paradox, self_found),
                   timeout=timeout, what="deciding the verdicts (R591)")
    atoms = Atoms(result.models[0] if result.models else [])
    decided: dict[int, _Decided] = {}
    questions = {s.number: q.name for s, q in atoms.terms("question", 2)}
    for s, verdict, reason in atoms.terms("verdict", 3):
        decided[s.number] = _Decided(questions[s.number], verdict.name.upper(), reason.name.replace("_", "-"))
    for s, _ in atoms.terms("undecidable", 2):
        decided[s.number].undecidable = True
    for s, in atoms.terms("differs", 1):
        decided[s.number].differs = True
    for s, group in atoms.terms("split_group", 2):
        decided[s.number].split_group = group.number
    for s, open_fact in atoms.terms("deciding", 2):
        decided[s.number].deciding.append(open_fact)
    for s, k in atoms.terms("usable", 2):
        decided[s.number].usable.append(k.number)
    for s, _ in atoms.terms("paradox_answer", 2):
        decided[s.number].paradox_answer = True
    for s, rule in atoms.terms("turns_on", 2):
        decided[s.number].turns_on = rule
    for s, because in atoms.terms("undecidable_because", 2):
        decided[s.number].because = because.name
    for s, finding, value, verdict in atoms.terms("verdict_if", 4):
        decided[s.number].if_found.setdefault(finding.arguments[0].number, {})[value.match("yes", 0)] = \
            verdict.name.upper()
    for one in decided.values():
        one.usable.sort()
    return decided


def _verdict_facts(facts: CaseFacts, models, paradox: _Paradox, self_found) -> list[clingo.Symbol]:
    """The summary of what the judge found, as verdict.lp reads it."""
    out = [fact("text_revision", number, revision) for number, revision in facts.text_revisions.items() if number == 591]
    out += [fact("open_finding", finding_term(n)) for n, finding in enumerate(facts.case.findings, 1) if finding.value is None]
    out += relevance_facts(facts.case)
    for k, group in _group_ids(models).items():
        out += [fact("gamestate", k), fact("group_of", k, group),
                *(fact("unknown_in", k, open_fact) for open_fact in _unknowns_key(models[k]))]
    considered = models or paradox.relaxed
    for index in range(1, len(facts.case.statements) + 1):
        out.append(fact("statement", index))
        out += [fact("holds_in", index, k) for k, model in enumerate(considered) if _holds(model, index)]
        if index in facts.indeterminacy:
            out.append(fact("asks_indeterminacy", index))
        if index in facts.self_referential:
            out.append(fact("self_referential", index))
        tag = statement_tag(index)
        out += [fact("self_consistent", index, verdict)
                for verdict in {v for m in self_found.get(index, []) for of, v in _atoms(m).terms("verdict", 2) if of == tag}]
        if not models:
            out += _about_facts(index, facts)
    k = 0
    for rule, found in paradox.relaxed_by_rule.items():
        out.append(fact("paradox_rule", rule))
        for model in found:
            out.append(fact("set_aside", k, rule))
            out += [fact("speaks_to_in", k, of, point) for of, point in _atoms(model).terms("speaks_to", 2)]
            k += 1
    return out


def _about_facts(index: int, facts: CaseFacts) -> list[clingo.Symbol]:
    """What statement `index` is about: the rules it names, the points it asks about (its own, its
    time phrases', and the events it names)."""
    node = facts.statement_nodes[index - 1]
    events, _, named = referenced(node) if node is not None else (set(), set(), set())
    points = {*_asked_points(index, facts), *(fact("ev", e) for e in events)}
    return [*(fact("names_rule", index, rule) for rule in sorted(named)),
            *(fact("asked_at", index, point) for point in sorted(points, key=str))]


def _asked_points(index: int, facts: CaseFacts) -> set[clingo.Symbol]:
    """The points statement `index` is asked at: its own (q(sN), the case's end) and those of its
    time phrases (q(tN))."""
    return {statement_point(index), *facts.statement_points.get(index, set())}


# ---------------------------------------------------------------- the verdicts in words

def _worded(index: int, decided: _Decided, found: _Found, facts: CaseFacts) -> Judgement:
    statement = facts.case.statements[index - 1]
    text = statement.text or f"(ASP) {statement.asp.strip()}"
    judgement = WORDING[decided.question, decided.reason](index, text, decided, found, facts)
    if decided.undecidable and decided.verdict != "PARADOXICAL":
        # R591 before Proposal 7976 had no PARADOXICAL (encodings/agora/judgements.lp)
        judgement.summary = (f"{judgement.summary}; R591/{facts.text_revisions.get(591)} has no PARADOXICAL: "
                             f"{decided.verdict}, appropriate if the statement is undecidable")
    return judgement


def _determinate_words(index, text, decided: _Decided, found: _Found, facts) -> Judgement:
    models = found.models
    return _explained(index, text, decided.verdict, decided.reason,
                      f"the statement is {decided.verdict.lower()} in every consistent gamestate "
                      f"({len(models)} considered)", models[0], facts, len(models))


def _first_holding(models, index: int):
    return next(m for m in models if _holds(m, index))


def _in_group(models, group: int):
    return [models[k] for k, g in _group_ids(models).items() if g == group]


def _open_words(index, text, decided: _Decided, found: _Found, facts) -> Judgement:
    models = found.models
    differences = _differences(_in_group(models, decided.split_group), facts)
    judgement = _explained(
        index, text, decided.verdict, decided.reason,
        "R2518: the rules leave the answer open: it holds in some consistent gamestates and not in others, "
        "with the same facts", _first_holding(models, index), facts, len(models))
    judgement.explanation[:0] = ["Where the consistent gamestates differ:"] + [f"  {d}" for d in differences] + \
        (["One consistent gamestate, in which the statement holds:"] if judgement.explanation else [])
    return judgement


def _deciding_args(decided: _Decided, name: str) -> list[str]:
    return sorted(str(f.arguments[0]) for f in decided.deciding if f.match(name, 1))


def _outside_words(index, text, decided: _Decided, found: _Found, facts) -> Judgement:
    outside = _deciding_args(decided, "outside_holds")
    summary = ("R591: the veracity of the statement is not relevant to the game: it turns on facts outside the "
               f"gamestate ({', '.join(repr(facts.outside_facts.get(f, f)) for f in outside)}), which no rule "
               "links to it")
    return _unknown_facts_words(index, text, decided, found, facts, summary, "with the outside facts that")


def _found_irrelevant_words(index, text, decided: _Decided, found: _Found, facts) -> Judgement:
    summary = ("R591: IRRELEVANT: the judge finds (premise) that the veracity of the statement is not relevant "
               "to the game")
    return Judgement(statement=text, verdict=decided.verdict, reason=decided.reason, summary=summary,
                     explanation=[], gamestates=len(found.models))


def _relevant_outside_words(index, text, decided: _Decided, found: _Found, facts) -> Judgement:
    outside = _deciding_args(decided, "outside_holds")
    summary = ("R591: insufficient information exists to make a judgement: the statement is found relevant to the "
               f"game (premise), and its answer turns on facts outside the gamestate the case does not establish "
               f"({', '.join(repr(facts.outside_facts.get(f, f)) for f in outside)})")
    return _unknown_facts_words(index, text, decided, found, facts, summary, "with the outside facts that")


def _insufficient_words(index, text, decided: _Decided, found: _Found, facts) -> Judgement:
    models = found.models
    unknowns = _deciding_args(decided, "happened") or \
        sorted({str(e) for m in models for e, in _atoms(m).terms("happened", 1)} | {str(e) for e in facts.uncertain_events})
    chances = sorted({str(x.arguments[0]) for x in decided.deciding if x.match("random_outcome", 2)})
    if chances:  # R2505: the outcome of a random choice the case does not record
        unknowns = [u for u in unknowns if u not in chances] if _deciding_args(decided, "happened") else []
    summary = ("R591: insufficient information exists to make a judgement: the answer depends on facts the case "
               "does not establish ("
               + ", ".join(["whether event " + facts.event_labels.get(int(u), u) + " happened" for u in unknowns]
                           + ["the outcome of the random choice of event " + facts.event_labels.get(int(c), c)
                              for c in chances]) + ")")
    return _unknown_facts_words(index, text, decided, found, facts, summary, "in which the unknown facts")


def _unknown_facts_words(index, text, decided: _Decided, found: _Found, facts, summary: str, intro: str) -> Judgement:
    models = found.models
    judgement = _explained(index, text, decided.verdict, decided.reason, summary, _first_holding(models, index),
                           facts, len(models))
    judgement.explanation.insert(0, f"One consistent gamestate, {intro} make the statement hold:")
    return judgement


def _indeterminacy_words(index, text, decided: _Decided, found: _Found, facts) -> Judgement:
    """"It is indeterminate whether S" (R2518): TRUE when the rules leave S open with the facts the
    case gives, or when S is caught in a paradox."""
    models = found.models
    value = decided.verdict == "TRUE"
    if not models:
        inner = (_despite_paradox_words if decided.paradox_answer else _paradox_words)(index, text, decided, found, facts)
        return Judgement(
            statement=text, verdict=decided.verdict, reason=decided.reason,
            summary=("R2518: no consistent gamestate exists and S cannot be determined without the paradox"
                     if value else "R2518: S has the same value however the paradox elsewhere is broken"),
            explanation=inner.explanation, conflicting_rules=found.paradox.rules)
    why = ("S holds in some consistent gamestates and not in others, with the same facts" if value
           else "S has one value in every consistent gamestate" + (
               " with the same facts (what differs is facts the case does not establish)" if decided.differs else ""))
    judgement = _explained(index, text, decided.verdict, decided.reason, f"R2518: {why}", models[0], facts, len(models))
    if value:
        judgement.explanation[:0] = ["Where the consistent gamestates differ:"] + \
            [f"  {d}" for d in _differences(_in_group(models, decided.split_group), facts)]
    return judgement


def _self_words(index, text, decided: _Decided, found: _Found, facts) -> Judgement:
    return _explained(index, text, decided.verdict, decided.reason,
                      "the statement refers to its own judgement, and only one judgement is consistent with it",
                      found.self_found[0], facts, len(found.self_found))


def _self_undecidable_words(index, text, decided: _Decided, found: _Found, facts) -> Judgement:
    reason = ("no judgement of TRUE or FALSE is consistent with it (a liar)"
              if decided.because == "no_judgement_consistent" else "both TRUE and FALSE are consistent with it")
    return Judgement(
        statement=text, verdict=decided.verdict, reason=decided.reason,
        summary=f"R591: the statement is undecidable because of the case itself: {reason}; "
                "PARADOXICAL is not appropriate when the undecidability arises from the case itself",
        explanation=["The statement is about this CFJ's own judgement (R591, PARADOXICAL paragraph)."],
        gamestates=len(found.self_found))


def _despite_paradox_words(index, text, decided: _Decided, found: _Found, facts) -> Judgement:
    relaxed = found.paradox.relaxed
    judgement = _explained(
        index, text, decided.verdict, decided.reason,
        "the gamestate holds a paradox elsewhere, but the statement has the same answer however it is "
        "broken (each rule of the paradox set aside in turn)", relaxed[decided.usable[0]], facts, len(decided.usable))
    judgement.conflicting_rules = found.paradox.rules
    return judgement


def _paradox_words(index, text, decided: _Decided, found: _Found, facts) -> Judgement:
    rules = found.paradox.rules
    if decided.turns_on is not None:
        rule = facts.rule_names.get(str(decided.turns_on), str(decided.turns_on))
        return Judgement(
            statement=text, verdict=decided.verdict, reason=decided.reason,
            summary=f"R2518: the statement turns on {rule}, which conflicts with itself: no consistent gamestate "
                    "exists, and setting that rule aside would not break the paradox but remove what the "
                    "statement is about",
            explanation=["A minimal set of rules whose clauses cannot all hold together: " + "; ".join(rules) + ".",
                         "It is one rule in conflict with itself: no other rule can give way."],
            conflicting_rules=rules, gamestates=0)
    return Judgement(
        statement=text, verdict=decided.verdict, reason=decided.reason,
        summary="no consistent gamestate exists (R2518: the value cannot be determined without paradox), and the "
                "answer depends on how the paradox would be broken",
        explanation=["A minimal set of rules whose clauses cannot all hold together: " + "; ".join(rules) + ".",
                     "Setting any one of them aside gives a consistent gamestate; the statement's answer differs "
                     "between those."],
        conflicting_rules=rules, gamestates=0)


# The wording of each (question, reason class) verdict.lp answers.
def _finding_labels(facts: CaseFacts) -> dict[str, str]:
    return {label.lower(): label for label in facts.event_labels.values()} | \
        {ident.removeprefix("x_"): sentence for ident, sentence in facts.outside_facts.items()}


def finding_verdict_words(index, text, decided: _Decided, found: _Found, facts) -> Judgement:
    """R217 / R591: the answer turns on findings the case leaves open: the verdict under each."""
    labels, parts, values = _finding_labels(facts), [], []
    for n, by_value in sorted(decided.if_found.items()):
        finding = facts.case.findings[n - 1]
        yes, no = by_value.get(True, "UNDECIDED"), by_value.get(False, "UNDECIDED")
        parts.append(f"{yes} if {finding_words(finding, labels)} ({FINDING_RULES[finding.question]}); {no} if not")
        values += [v for v in (yes, no) if v not in values and v != "UNDECIDED"]
    summary = ("the answer turns on a finding the case leaves open, which is the judge's to make: "
               + "; or ".join(parts))
    holding = [m for m in found.models if _holds(m, index)]  # none: a false statement whose relevance is open
    judgement = _explained(index, text, "/".join(values) or "UNDECIDED", decided.reason, summary,
                           (holding or found.models)[0], facts, len(found.models))
    judgement.explanation.insert(0, "One consistent gamestate, with findings under which the statement holds:"
                                 if holding else "One consistent gamestate (the statement holds in none):")
    return judgement


def case_findings(facts: CaseFacts, decided: dict[int, _Decided]) -> list[dict]:
    """The case's findings for the report: each stated one a premise, each open one with the
    verdicts it changes."""
    labels, out = _finding_labels(facts), []
    for n, finding in enumerate(facts.case.findings, 1):
        entry = {"finding": finding_words(finding, labels, finding.value is not False), "question": finding.question,
                 "about": finding.about, "rules": FINDING_RULES[finding.question],
                 "stated": finding.value is not None, "evidence": finding.evidence}
        if finding.value is None:
            entry["finding"] = finding_words(finding, labels)
            entry["verdicts"] = [{"statement": i, "if_it_holds": d.if_found[n].get(True, "UNDECIDED"),
                                  "if_not": d.if_found[n].get(False, "UNDECIDED")}
                                 for i, d in sorted(decided.items()) if n in d.if_found]
        out.append(entry)
    return out


WORDING = {
    ("ordinary", "determinate"): _determinate_words,
    ("ordinary", "indeterminate"): _open_words,
    ("ordinary", "outside-gamestate"): _outside_words,
    ("ordinary", "insufficient-information"): _insufficient_words,
    ("self", "determinate"): _self_words,
    ("self", "self-reference"): _self_undecidable_words,
    ("paradox", "determinate-despite-paradox"): _despite_paradox_words,
    ("paradox", "gamestate-paradox"): _paradox_words,
    ("indeterminacy", "determinate"): _indeterminacy_words,
    ("ordinary", "open-finding"): finding_verdict_words,
    ("ordinary", "found-irrelevant"): _found_irrelevant_words,
    ("ordinary", "relevant-outside"): _relevant_outside_words,
}


def _differences(group, facts: CaseFacts) -> list[str]:
    per_model = [{*_atoms(m).symbols("chosen", 2), *_atoms(m).symbols("prevails_by_choice", 3)} for m in group]
    common = set.intersection(*per_model) if per_model else set()
    differing = sorted(set.union(*per_model) - common, key=str) if per_model else []
    lines = []
    seen_pairs = set()
    for sym in differing:  # each differing atom worded by its predicate
        if sym.match("prevails_by_choice", 3):
            pair = frozenset(str(a) for a in sym.arguments[:2])
            if pair in seen_pairs:
                continue
            seen_pairs.add(pair)
        if sym.match("chosen", 2) and sym.arguments[0].name == "chain_end":
            lines.append(f"{_choice_words(sym.arguments[0], facts)}: the gamestate after round "
                         f"{sym.arguments[1]} is one of them (R2518: a value that alternates indefinitely between "
                         "values is indeterminate)" + _ballots_after(group, sym, facts))
        elif sym.match("chosen", 2):
            lines.append(f"{_choice_words(sym.arguments[0], facts)} is {_person_words(str(sym.arguments[1]), facts)} "
                         "in one gamestate (the rules say only 'one of' them)")
        else:
            c1, c2 = (str(a) for a in sym.arguments[:2])
            lines.append(f"no step of the precedence policy settles {_clause_words(c1, facts)} against {_clause_words(c2, facts)}; "
                         "each prevails in some consistent gamestate")
    return lines[:6]


# ---------------------------------------------------------------- explanation text

STEPS = {
    "r1030_1": "R1030 step 1 (the Rule with the higher Power takes precedence)",
    "r1030_2": "R1030 step 2 (both rules defer to a precedence-determining rule)",
    "r1030_3": "R1030 step 3 (an explicit claim of precedence or deference)",
    "r1030_4": "R1030 step 4 (the lower ID number takes precedence)",
    "r1030_5": "R1030 step 5 (the rule enacted earliest takes precedence)",
    "r2240_claim": "R2240 (within one rule, the clause that claims precedence)",
    "r2240_later": "R2240 (within one rule, the later clause)",
    "bn_1": "BlogNomic Prioritisation 1 (the Appendix has precedence over any Rule)",
    "bn_2": "BlogNomic Prioritisation 2 (Dynastic over Core, unless the Core Rule says it can't be overruled)",
    "bn_3": "BlogNomic Prioritisation 3 (the part with more limited scope applies)",
    "bn_4": "BlogNomic Prioritisation 4 (with the same scope, the negative rule applies)",
    "bn_5": "BlogNomic Prioritisation 5 (a protected Special Case Rule over a Dynastic Rule)",
}

REASONS = {
    "r2595_window": "R2595 item 3: the intent was not announced within the method's window",
    "r2595_unclear": "R2595 items 1-2: the announcement of intent was not unambiguous, clear and conspicuous",
    "r1728_method": "R1728: the method named is not one of R1728's (N out of its range)",
    "r2595_performer": "R2595 item 4: the performer was neither the initiator nor an eligible supporter",
    "r2595_not_satisfied": "R2595 item 5: Agora was not Satisfied with the intent",
    "r2595_conditions": "R2595 item 6: the conditions stated in the intent were not met",
    "r2595_not_in_force": "R2595 is not in force",
    "r2124_objections": "R2124: there were at least N Objectors (without N objections)",
    "r2124_support": "R2124: there were fewer than N Supporters (with N support)",
    "r2124_consent": "R2124: Supporters did not exceed N times the Objectors (Agoran consent)",
    "r2124_withdrawn": "R2124: an objection was withdrawn within the past 24 hours",
    "r2124_speaker": "R2124: the Speaker objected within the last 48 hours",
    "r2124_not_in_force": "R2124 (which defines Satisfaction) is not in force",
    "r2141": "R2141: a rule's Power is between 0.1 and 4.0",
    "r105_3": "R105 item 3: the reenacting statute cannot set the reenacted rule's Power, so the reenactment is null and void",
    "r2140_1": "R2140 item 1: nothing gives an entity more Power than its own",
    "r2140_2": "R2140 item 2: nothing adjusts the Power of a statute with more Power than its own",
    "r2140_3": "R2140 item 3: nothing changes a substantive aspect of an instrument with more Power than its own",
    "r1030": "R1030: no change can make a rule claim precedence over R1030",
    "not_in_force": "R105: there is no such rule in force",
    "r2633": "R2633: a rulebending form CANNOT apply rule changes, asset changes or switch flips",
    "r1688": "R1688: a secured change needs a statute with Power at least its threshold",
    "r1688_statute": "R1688: only a statute (an entity with positive Power) makes rule changes (R105)",
}


WHY_NOT = {
    "not_initiator": "e is not the initiator of that CFJ",
    "not_about_a_change": "the CFJ is not about the effectiveness, possibility or legality of a change in the gamestate",
    "not_paradoxical_7_days": "the CFJ has not been judged PARADOXICAL continuously for at least 7 days",
    "already_transcended": "e has already done so in respect of that CFJ",
    "already_a_player": "e is already a player (only an Unregistered person registers)",
    "not_a_person": "it is not a person",
    "not_a_player": "e is not a player",
    "not_an_investigator": "e is not an investigator (the Referee)",
    "outside_guidelines": "the fine is more than twice the violation's base value",
    "not_a_magister": "e is not a rulebending magister",
    "not_the_bearer": "e is not the bearer of that promise (or it was already cashed)",
}


def _person_words(term: str, facts: CaseFacts) -> str:
    return facts.person_names.get(term, term)


def _rule_words(term: str, facts: CaseFacts) -> str:
    if term.startswith("instr("):
        e = term[6:-1]
        return f"the instrument of event {facts.event_labels.get(int(e), e)}"
    found = re.fullmatch(r"rule_at\((.+),(\d+)\)", term)
    if found:  # a rule making the changes it states upon an action (R2141)
        e = found.group(2)
        return f"{_rule_words(found.group(1), facts)}, upon event {facts.event_labels.get(int(e), e)} (R2141: a rule is an instrument)"
    return facts.rule_names.get(term, f"R{term}")


def _clause_words(cid: str, facts: CaseFacts) -> str:
    text = facts.clause_text.get(cid) or CLAUSE_TEXT.get(cid)
    rule = facts.clause_rules.get(cid) or _clause_rule(cid)
    rule_words = _rule_words(rule, facts) if rule else "?"
    return f"{rule_words}: \"{text}\"" if text else rule_words


def _clause_rule(cid: str) -> str | None:
    if cid.startswith("r") and "_" in cid and cid[1:cid.index("_")].isdigit():
        return cid[1:cid.index("_")]
    if cid.startswith("instrument_win("):
        return "instr(" + cid[len("instrument_win("):-1] + ")"
    return CLAUSE_RULE.get(cid)


CLAUSE_TEXT: dict[str, str] = {}
CLAUSE_RULE: dict[str, str] = {}


def _load_clause_texts(facts: CaseFacts) -> None:
    if CLAUSE_TEXT:
        return
    result = solve([ENTRY], "#show clause_says/2. #show clause/2.", parts=(*JUDGE, *all_notion_parts()),
                   timeout=10, what="reading clause texts")
    atoms = Atoms(result.models[0] if result.models else [])
    for clause, says in atoms.terms("clause_says", 2):
        CLAUSE_TEXT[str(clause)] = says.string
    for clause, rule in atoms.terms("clause", 2):
        CLAUSE_RULE[str(clause)] = str(rule)


def _choice_words(choice: clingo.Symbol, facts: CaseFacts) -> str:
    label = facts.event_labels.get(choice.arguments[0].number, str(choice.arguments[0])) if choice.arguments else "?"
    if choice.name == "coin":
        return f"the owner of the coin earned in event {label}"
    if choice.name == "citizenship":
        return f"whose Citizenship event {label} flips"
    if choice.name == "chain_end":
        return (f"the cashing in event {label} starts a chain without end (R2618: each round grants and cashes "
                f"a copy of the promise)")
    return str(choice)


def _ballots_after(group, chosen: clingo.Symbol, facts: CaseFacts) -> str:
    """The ballots announced by events (R683) in the gamestate with this end of the chain."""
    model = next((m for m in group if chosen in m), None)
    if model is None or not facts.ballot_events:
        return ""
    announced = sorted(e for e, in _atoms(model).rows("ballot_announcement", 1))
    if not announced:
        return "; no ballot announced"
    steps = ["withdraws" if facts.ballot_events[e].get("withdraw") else f"votes {facts.ballot_events[e]['vote']}"
             for e in announced]
    last = announced[-1]
    who = facts.ballot_events[last]["voter"]
    return f"; ballots announced: {who} {', '.join(steps)} (R683): the last leaves {who} " + (
        "without a ballot" if facts.ballot_events[last].get("withdraw") else "with a ballot")


def _fallback_words(rule: str) -> str:
    return {"2162": "the switch keeps its last determinate value",
            "2576": "the asset is owned by the Lost and Found Department"}.get(rule, "the rules' fallback")


def _point_words(point: clingo.Symbol, facts: CaseFacts) -> str:
    if point.name == "ev":
        return f"at event {facts.event_labels.get(point.arguments[0].number, point.arguments[0])}"
    return "at the time asked about"


# An explanation's atoms: (name, arguments as text, the symbol), each read once (symbol accessors
# go through the C API and are slow in loops).
Row = tuple[str, list[str], clingo.Symbol]

# Where an atom about an attempt keeps its point (ev(E), q(...)): the argument's position.
POINT_ARGUMENT = {"enabled_by": 2, "prevented_by": 2, "forbidden_by": 2, "supporters": 2, "objectors": 2,
                  "dependent_ok": 2, "method_missing": 2, "dependent_failure": 1, "unsatisfied": 1, "why_not": 3}


@dataclass
class _Scope:
    """What a statement's explanation speaks about: the events, persons and rules it names, the
    events that matter to it, and the points (None: a statement about rules, every point)."""

    node: object
    persons: set[str]
    rules: set[int]
    events: set[int]
    relevant_events: set[int]
    points: set[clingo.Symbol] | None
    keys: set[str]                 # what a supporting atom's text mentions


def _scope(index: int, atoms: list[Row], facts: CaseFacts) -> _Scope:
    node = facts.statement_nodes[index - 1]
    events, persons, rules = referenced(node) if node is not None else (set(), set(), set())
    # Events that matter: those named, those by or about the persons named.
    relevant_events = set(events)
    for name, args, sym in atoms:
        if name == "attempt" and args[1] in persons:
            relevant_events.add(int(args[0]))
        elif name in ("won", "joined", "left", "blot_delta", "coin_delta") and args[0] in persons:
            relevant_events.add(int(args[-1]))
        elif name in ("conflict", "enabled_by", "prevented_by", "forbidden_by"):
            actor, point = (args[2], sym.arguments[4]) if name == "conflict" else (args[0], sym.arguments[2])
            if actor in persons and point.match("ev", 1):
                relevant_events.add(point.arguments[0].number)
    points = {fact("ev", e) for e in relevant_events} | _asked_points(index, facts)
    keys = {str(point) for point in points}
    if not relevant_events and not persons:
        points = None  # a statement about rules: show everything
    return _Scope(node, persons, rules, events, relevant_events, points, keys)


def _precedence_lines(atoms: list[Row], points, facts: CaseFacts) -> list[str]:
    """R1030 / R2240: which clause prevailed, at the points the statement speaks to."""
    precedence: list[str] = []
    for name, args, sym in atoms:
        if name == "decided" and (points is None or sym.arguments[3] in points):
            c1, c2, step, _ = args
            precedence.append(f"Precedence {_point_words(sym.arguments[3], facts)}: {_clause_words(c1, facts)} prevails over "
                              f"{_clause_words(c2, facts)} -- settled by {STEPS.get(step, step)}.")
        elif name == "prevails_by_choice" and (points is None or sym.arguments[2] in points):
            precedence.append(f"Precedence {_point_words(sym.arguments[2], facts)}: no step settles {_clause_words(args[0], facts)} "
                              f"against {_clause_words(args[1], facts)} (R2518: open).")
        elif name == "step3_contradiction" and (points is None or sym.arguments[2] in points):
            precedence.append(f"R1030 step 3 does not settle {_clause_words(args[0], facts)} against {_clause_words(args[1], facts)}: "
                              "their claims contradict each other.")
    return precedence


def _by_point(atoms: list[Row]) -> dict[clingo.Symbol, list[Row]]:
    """The atoms about attempts, by the point (ev(E), q(...)) they are about."""
    per_point: dict[clingo.Symbol, list[Row]] = defaultdict(list)
    for row in atoms:
        name, _, sym = row
        if name in POINT_ARGUMENT:
            per_point[sym.arguments[POINT_ARGUMENT[name]]].append(row)
        elif name == "blocked_provision":
            per_point[fact("ev", sym.arguments[0])].append(row)
    return per_point


def _event_lines(atoms: list[Row], relevant_events: set[int], facts: CaseFacts) -> list[str]:
    """Each event that matters: EFFECTIVE or INEFFECTIVE (and ILLEGAL), and why."""
    names, per_point = _indexed(atoms)
    lines: list[str] = []
    for e in sorted(relevant_events):
        desc = facts.event_descriptions.get(e, f"event {e}")
        status = ("EFFECTIVE" if ("effective", (str(e),)) in names else
                  "INEFFECTIVE" if ("ineffective", (str(e),)) in names else None)
        if not status:
            continue
        legal = " and ILLEGAL" if ("illegal", (str(e),)) in names else ""
        lines.append(f"{desc} -> {status}{legal}.")
        explained = False
        for name, args, sym in per_point.get(fact("ev", e), []):
            worded = _attempt_line(name, args, sym, status, facts)
            if worded is not None:
                line, explains = worded
                lines.append(f"  {line}")
                explained = explained or explains
        if ("unclear_announcement", (str(e),)) in names:
            explained = True
            lines.append("  the message was sent to no public forum (R478: a public message is sent via a public forum): "
                         "it performed nothing" if ("sent_to_no_public_forum", (str(e),)) in names else
                         "  the announcement did not unambiguously and clearly specify the action (R478): it performed nothing")
        if status == "INEFFECTIVE" and not explained:
            lines.append("  no rule in force made it possible (R2125: a regulated action only as the rules describe)")
    return lines


def _attempt_line(name: str, args: list[str], sym: clingo.Symbol, status: str,
                  facts: CaseFacts) -> tuple[str, bool] | None:
    """One atom about an attempt in words, and whether it says why the attempt failed."""
    if name in ("enabled_by", "prevented_by", "method_missing", "forbidden_by"):
        doing = _doing(args[0], sym.arguments[1], facts)
        clause = _clause_words(args[3], facts)
        return {"enabled_by": (f"{doing}: possible by {clause}", False),
                "prevented_by": (f"{doing}: IMPOSSIBLE by {clause}", True),
                "method_missing": (f"{doing}: {clause} says CAN but names no method: R2125 (only the methods "
                                   "explicitly specified) makes it enable nothing", True),
                "forbidden_by": (f"{doing}: prohibited by {clause}", False)}[name]
    if name == "dependent_failure":
        return REASONS.get(args[2], args[2]), True
    if name == "unsatisfied":
        return REASONS.get(args[2], _clause_words(args[2], facts) + " (as amended)"), False
    if name == "dependent_ok":
        performance = ("R1728/40 items 1-6" if facts.text_revisions.get(1728) == 40 else "R2595 items 1-6")
        return (f"{performance}: the intent announced in event {facts.event_labels.get(int(args[0]), args[0])} "
                "meets every condition of a dependent action (announcement, window, performer, Satisfaction, "
                "conditions)"), False
    if name in ("supporters", "objectors"):
        return f"{name}: {args[1]}", False
    if name == "blocked_provision":
        return f"provision {args[1]} does not apply: {REASONS.get(args[2], args[2])}", False
    if name == "why_not" and status == "INEFFECTIVE":
        return (f"{_doing(args[1], sym.arguments[2], facts)}: {_clause_words(args[0], facts)} does not apply: "
                f"{WHY_NOT.get(args[4], args[4].replace('_', ' '))}"), True
    return None


def _outcome_lines(atoms: list[Row], scope: _Scope, facts: CaseFacts) -> list[str]:
    """Wins, violations, advice, obligations and rule changes that bear on the statement."""
    persons, events, relevant_events = scope.persons, scope.events, scope.relevant_events
    atom_set = {sym for _, _, sym in atoms}
    moved = {(s.arguments[0], s.arguments[2]): s.arguments[1] for name, _, s in atoms if name == "deadline_extended"}
    lines: list[str] = []
    for name, args, s in atoms:
        if name == "won" and (args[0] in persons or (not persons and (not events or int(args[1]) in relevant_events))):
            lines.append(f"{_person_words(args[0], facts)} won the game at event {facts.event_labels.get(int(args[1]), args[1])} (R2449).")
        elif name == "violation" and (not persons or args[0] in persons):
            lines.append(f"{_person_words(args[0], facts)} violated {_rule_words(args[1], facts)} ({_where(s.arguments[2], facts)}).")
        elif name == "advice_unheeded" and (not persons or args[0] in persons):
            lines.append(f"{_person_words(args[0], facts)} did not follow advice of {_rule_words(args[1], facts)} "
                         "(a SHOULD: recorded, not a violation, R2152 item 8).")
        elif name == "obligation" and (not persons or args[1] in persons):
            lines.append(f"{_person_words(args[1], facts)} was required by {_clause_words(args[5], facts)} to act by {_moment(int(args[4]), facts)} "
                         f"{_extended_from(s, moved, facts)}"
                         f"({'fulfilled' if clingo.Function('fulfilled', [s.arguments[0]]) in atom_set else 'not fulfilled'}).")
        elif name == "applied":
            lines.append(f"Rule change: {_change_words(s.arguments[2], facts)} took effect "
                         f"({'supposed by the case' if args[1] == 'hypothesis' else 'by ' + _rule_words(args[1], facts)}).")
        elif name == "invalid":
            lines.append(f"Rule change: {_change_words(s.arguments[2], facts)} did not occur: {REASONS.get(args[3], args[3])}.")
    return lines


def _extended_from(obligation: clingo.Symbol, moved: dict, facts: CaseFacts) -> str:
    """R2614: where an Emergency Regulation moved the obligation's deadline (`moved`: (key, deadline)
    -> the deadline it had), the deadline it had."""
    was = moved.get((obligation.arguments[0], obligation.arguments[4]))
    return f"(extended from {_moment(was.number, facts)} by an Emergency Regulation, R2614) " if was is not None else ""


# A model's rows and its atoms' texts, made once however many statements it explains (cleared
# with _ATOMS).
_ROWS: dict[int, tuple[list[clingo.Symbol], list[Row], list[str]]] = {}
NOT_SUPPORTING = ("supporters", "objectors", "derived")


def _rows(model: list[clingo.Symbol]) -> tuple[list[Row], list[str]]:
    """The model's atoms as rows (name, argument texts, atom), and the texts of those that may
    support a statement."""
    found = _ROWS.get(id(model))
    if found is None or found[0] is not model:
        rows: list[Row] = [(s.name, [str(a) for a in s.arguments], s) for s in model]
        texts = [str(sym) for name, _, sym in rows if name not in NOT_SUPPORTING]
        found = _ROWS[id(model)] = (model, rows, texts)
    return found[1], found[2]


# The rows' (name, arguments) set and their attempts by point, made once per model's rows.
_INDEXED: dict[int, tuple[list[Row], set, dict]] = {}


def _indexed(atoms: list[Row]) -> tuple[set, dict[clingo.Symbol, list[Row]]]:
    found = _INDEXED.get(id(atoms))
    if found is None or found[0] is not atoms:
        found = _INDEXED[id(atoms)] = (atoms, {(name, tuple(args)) for name, args, _ in atoms}, _by_point(atoms))
    return found[1], found[2]


def _supporting_atoms(texts: list[str], scope: _Scope) -> list[str]:
    """The witness gamestate's atoms that mention what the statement is about (at most 300)."""
    relevant_events = scope.relevant_events
    keys = scope.keys | ({f"({e}," for e in relevant_events} | {f"({e})" for e in relevant_events} | set(scope.persons)
                         | {str(r) for r in scope.rules})
    if scope.points is None:
        supporting = list(texts)
    else:  # a text that contains any of the keys (one pattern: a loop over the keys per atom is slow)
        mentions = re.compile("|".join(map(re.escape, sorted(keys)))).search if keys else (lambda text: None)
        supporting = [text for text in texts if mentions(text)]
    return sorted(supporting)[:300]


def _explained(index: int, text: str, verdict: str, reason: str, summary: str, model, facts: CaseFacts,
               count: int) -> Judgement:
    """The judgement with its explanation: the lines read from the witness gamestate `model`."""
    _load_clause_texts(facts)
    atoms, texts = _rows(model)
    scope = _scope(index, atoms, facts)
    precedence = _precedence_lines(atoms, scope.points, facts)
    lines = precedence + _event_lines(atoms, scope.relevant_events, facts) + _outcome_lines(atoms, scope, facts)
    lines += explanation_lines(scope.node, _atoms(model))
    if scope.node is not None:  # the rules behind the nomic loop's facts (hook: adjudicator/agora/decision_statements.py)
        lines += reason_lines(scope.node, _atoms(model))
    if scope.rules:
        lines.append("Rules named: " + "; ".join(_rule_words(str(r), facts) for r in sorted(scope.rules)) + ".")
    judgement = Judgement(statement=text, verdict=verdict, reason=reason, summary=summary, explanation=lines,
                          precedence=precedence, gamestates=count, supporting_atoms=_supporting_atoms(texts, scope))
    judgement.why = _derivation_why(judgement, model, scope, facts)
    return judgement


# The explanation's conclusions a derivation tree words itself (the lines indented under them go too).
COVERED_BY_TREE = ("event ", "Precedence at event")
COVERED_WORDS = (" won the game at event ", " violated ", " was required by ")


def _derivation_why(judgement: Judgement, model, scope: _Scope, facts: CaseFacts) -> dict | None:
    """The why-tree from the solver's derivations (encodings/agora/derivations.lp), where some bear
    on the statement; the explanation's other conclusions (rule changes, precedence at the
    statement's own point, fallbacks) follow as in the line-based tree. None without derivations."""
    tree = derivation_tree(f"{judgement.verdict}: {judgement.summary}", model,
                           set(scope.relevant_events) | set(scope.events), set(scope.persons), set(scope.rules),
                           lambda sym: _derivation_words(sym, facts), lambda by: _derivation_cites(by, facts))
    if tree is None:
        return None
    covered = COVERED_BY_TREE + (
        ("Rule change:",) if any(n["claim"].startswith("Rule change:") for n in tree["because"]) else ())
    kept, skipping = [], False
    for line in judgement.explanation:  # a covered conclusion goes with the lines indented under it
        if not line.startswith("  "):
            skipping = line.startswith(covered) or any(w in line for w in COVERED_WORDS)
        if not skipping:
            kept.append(line)
    extra = why_tree(judgement.model_copy(update={"explanation": kept})).model_dump()
    tree["because"].extend(extra["because"])
    return tree


def _doing(actor: str, action: clingo.Symbol, facts: CaseFacts) -> str:
    words = action.name.replace("_", " ") if action.name else str(action)
    words = asset_action_words(action) or words
    if action.name == "perform":
        words = "perform"
    if action.name == "behalf" and len(action.arguments) == 2:  # R2466: an action taken on another's behalf
        principal, inner = action.arguments
        return f"{_person_words(actor, facts)} to act on behalf of {_doing(str(principal), inner, facts)}"
    return f"{_person_words(actor, facts)} to {words}"


def _moment(minutes: int, facts: CaseFacts) -> str:
    return (facts.epoch + timedelta(minutes=minutes)).strftime("%Y-%m-%d %H:%M UTC")


def _change_words(change: clingo.Symbol, facts: CaseFacts) -> str:
    args = change.arguments
    rule = _rule_words(str(args[0]), facts)
    if change.name == "enact":
        return f"enact {rule}"
    if change.name == "repeal":
        return f"repeal {rule}"
    if change.name == "set_power":
        return f"set the Power of {rule} to {args[1].number / 1000:g}"
    if change.name == "amend":
        return f"amend {rule}"
    return str(change)


def _where(where: clingo.Symbol, facts: CaseFacts) -> str:
    if where.name == "event":
        return f"by event {facts.event_labels.get(where.arguments[0].number, where.arguments[0])}"
    return "duty not fulfilled: " + obligation_words(
        where, lambda e: _event_term_words(str(e), facts),
        lambda p: _person_words(str(p), facts), facts.epoch)


# ---------------------------------------------------------------- the why-tree's words

def _derivation_cites(by: clingo.Symbol, facts: CaseFacts) -> list[str]:
    """The rule a derivation's authority is: a clause's rule, rule(R), or a precedence step."""
    text = str(by)
    if by.type == clingo.SymbolType.Function and by.name == "rule" and len(by.arguments) == 1:
        number = by.arguments[0].number
    elif text in STEPS:
        match = re.search(r"\b(R\d+)", STEPS[text])
        return [match.group(1)] if match else []
    else:
        rule = facts.clause_rules.get(text) or _clause_rule(text)
        if not rule or not str(rule).isdigit():
            return []
        number = int(rule)
    revision = facts.text_revisions.get(number)
    return [f"R{number}/{revision}" if number in REVISED_RULES and revision is not None else f"R{number}"]


# Rules whose several revisions the encodings implement: cited with the revision judged.
REVISED_RULES = (591, 1728, 2595)


def _source_words(source: str, facts: CaseFacts) -> str:
    """Who requested a rule change: an instrument's event, or the case's hypothesis."""
    if source.startswith(("instr(", "rule_at(")):
        return _rule_words(source, facts)
    return "the case's hypothetical change" if source == "hypothesis" else source


def _event_term_words(term: str, facts: CaseFacts) -> str:
    return f"event {facts.event_labels.get(int(term), term)}" if term.isdigit() else term


def _described(term: str, facts: CaseFacts) -> str:
    return facts.event_descriptions.get(int(term), _event_term_words(term, facts)) if term.isdigit() else term


def _win_trigger_words(sym: clingo.Symbol, args: list[str], facts: CaseFacts) -> str:
    how = {"r2465_win": "a Declaration of Apathy (R2465)", "r2553_win": "a Win by Paradox (R2553)"}.get(args[2], "an instrument")
    return f"the rules state that {_person_words(args[0], facts)} wins at {_event_term_words(args[1], facts)}: {how}"


def _ballot_act_words(sym: clingo.Symbol, args: list[str], facts: CaseFacts) -> str:
    return (f"{_person_words(args[2], facts)} {'submitted a ballot' if args[3] == 'cast' else 'withdrew eir ballot'} "
            f"on decision {args[1]} at {_event_term_words(args[0], facts)}")


def _coin_delta_words(sym: clingo.Symbol, args: list[str], facts: CaseFacts) -> str:
    return (f"{_person_words(args[0], facts)} earned {args[1]} coin{'s' if args[1] != '1' else ''} "
            f"at {_event_term_words(args[2], facts)}")


# An atom of a derivation in words, by its predicate: (the atom, its arguments as text, the case).
DERIVATION_WORDS = {
    "effective": lambda sym, args, facts: f"{_described(args[0], facts)} -> EFFECTIVE",
    "ineffective": lambda sym, args, facts: f"{_described(args[0], facts)} -> INEFFECTIVE",
    "illegal": lambda sym, args, facts: f"{_described(args[0], facts)} was ILLEGAL",
    "violation": lambda sym, args, facts: (f"{_person_words(args[0], facts)} violated {_rule_words(args[1], facts)} "
                                           f"({_where(sym.arguments[2], facts)})"),
    "won": lambda sym, args, facts: f"{_person_words(args[0], facts)} won the game at {_event_term_words(args[1], facts)}",
    "joined": lambda sym, args, facts: f"{_person_words(args[0], facts)} became a player at {_event_term_words(args[1], facts)}",
    "left": lambda sym, args, facts: f"{_person_words(args[0], facts)} ceased to be a player at {_event_term_words(args[1], facts)}",
    "applies": lambda sym, args, facts: (f"{_clause_words(args[0], facts)} speaks to {_doing(args[1], sym.arguments[2], facts)} "
                                         f"{_point_words(sym.arguments[3], facts)}"),
    "decided": lambda sym, args, facts: (f"{_clause_words(args[0], facts)} prevails over {_clause_words(args[1], facts)} -- "
                                         f"settled by {STEPS.get(args[2], args[2])}"),
    "dependent_ok": lambda sym, args, facts: (f"the intent announced in {_event_term_words(args[0], facts)} meets every "
                                              "condition of a dependent action"),
    "dependent_failure": lambda sym, args, facts: REASONS.get(args[2], _clause_words(args[2], facts) + " (as amended)"),
    "unsatisfied": lambda sym, args, facts: REASONS.get(args[2], _clause_words(args[2], facts) + " (as amended)"),
    "no_method": lambda sym, args, facts: f"{_clause_words(args[0], facts)} says CAN but names no method",
    "unclear_announcement": lambda sym, args, facts: (f"the announcement of {_event_term_words(args[0], facts)} did not "
                                                      "unambiguously and clearly specify the action"),
    "blot_delta": lambda sym, args, facts: (f"{_person_words(args[0], facts)}'s blots changed by {args[1]} "
                                            f"at {_event_term_words(args[2], facts)}"),
    "coin_delta": _coin_delta_words,
    "applied": lambda sym, args, facts: (f"Rule change: {_change_words(sym.arguments[2], facts)} took effect "
                                         f"({_source_words(args[1], facts)})"),
    "not_applied": lambda sym, args, facts: (f"Rule change: {_change_words(sym.arguments[2], facts)} did not occur "
                                             f"({_source_words(args[1], facts)})"),
    "requested": lambda sym, args, facts: f"{_source_words(args[1], facts)} requests {_change_words(sym.arguments[2], facts)}",
    "provision": lambda sym, args, facts: (f"the instrument of {_event_term_words(args[0], facts)} provides "
                                           f"{_change_words(sym.arguments[1], facts)}"),
    "invalid": lambda sym, args, facts: REASONS.get(args[3], args[3]),
    "why_not": lambda sym, args, facts: f"{_clause_words(args[0], facts)} does not apply: {WHY_NOT.get(args[4], args[4])}",
    "rule_triggered": lambda sym, args, facts: (f"{_rule_words(args[1], facts)} states the rule changes it makes upon "
                                                f"{_event_term_words(args[0], facts)}"),
    "promise_cashed": lambda sym, args, facts: (f"the promise {args[0]} was cashed (and destroyed) at "
                                                f"{_event_term_words(args[1], facts)}"),
    "caused_happens": lambda sym, args, facts: f"{_described(args[0], facts)} was an action of the text of a cashed promise",
    "ballot_act": _ballot_act_words,
    "chosen": lambda sym, args, facts: (f"{_choice_words(sym.arguments[0], facts)} is {_person_words(args[1], facts)} "
                                        "in this gamestate (R2518: left open)"),
    "nothing_enables": lambda sym, args, facts: (f"no clause in force makes it possible for "
                                                 f"{_doing(args[0], sym.arguments[1], facts)}"),
    "win_trigger": _win_trigger_words,
    "applied_provision": lambda sym, args, facts: f"the instrument of {_event_term_words(args[0], facts)} states {args[1]}",
    "obligation": lambda sym, args, facts: (f"{_person_words(args[1], facts)} was required by {_clause_words(args[5], facts)} to act by "
                                            f"{_moment(int(args[4]), facts)} (not fulfilled)"),
}


def _derivation_words(sym: clingo.Symbol, facts: CaseFacts) -> str:
    """An atom of a derivation in words."""
    words = DERIVATION_WORDS.get(sym.name)
    return words(sym, [str(a) for a in sym.arguments], facts) if words else str(sym)
