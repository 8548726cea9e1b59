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
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import clingo
from pydantic import BaseModel, Field, ValidationError

from adjudicator.errors import BudgetExceeded, InputError
from adjudicator.inputs import validation_problems
from adjudicator.agora.case import READINGS, Event, load_case, parse_time
from adjudicator.agora.decision_statements import decision_symbols, reason_lines
from adjudicator.agora.facts import DERIVATIONS, ENCODINGS, CaseFacts, build, statement_point, statement_tag
from adjudicator.agora.possibility_statements import explanation_lines
from adjudicator.agora.statements import referenced
from adjudicator.agora.why import derivation_tree
from adjudicator.solving import Grounded, solve
from adjudicator.solving.terms import Atoms, atom, fact, fact_lines, negated, program, read, rule_text

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
    seconds: float = 0.0


@dataclass
class Solved:
    models: list[list[clingo.Symbol]]
    complete: bool


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
    try:
        return _judge_facts(facts, timeout=timeout, allow_text_mismatch=allow_text_mismatch, derivations=derivations)
    finally:
        _ATOMS.clear()


def _judge_facts(facts: CaseFacts, *, timeout: float, allow_text_mismatch: bool, derivations: bool) -> CaseJudgement:
    started = time.monotonic()
    extra: list[str] = []
    fallbacks: list[str] = []
    what = f"judging {facts.path.name}"
    # the why-tree's derivations cost grounding: only when the tree is asked for
    encodings = ENCODINGS if derivations else [e for e in ENCODINGS if e != DERIVATIONS]

    if facts.ballot_events:  # ballots announced by events: the decisions are resolved per gamestate
        remaining = timeout - (time.monotonic() - started)
        if remaining <= 0:
            raise BudgetExceeded(what, timeout)
        extra.extend(_decisions_from_events(facts, remaining, what))

    def ground(core_search: bool = False) -> Grounded:
        remaining = timeout - (time.monotonic() - started)
        if remaining <= 0:
            raise BudgetExceeded(what, timeout)
        grounded = Grounded(encodings, ["\n".join(facts.program), "\n".join(extra),
                                        "core_search." if core_search else ""],
                            timeout=remaining, what=what, project=True)
        grounded.free_externals([("enabled", 1), ("enforce_self", 1)])
        return grounded

    program = ground()
    rules = [fact("enabled", term) for term in facts.rule_terms]
    all_on: list = []
    models, complete = program.models(all_on, MAX_MODELS)

    # The driver's one loop over models (R2518 is a meta-rule over all consistent gamestates):
    # a value is indeterminate when it differs between gamestates, which no single stable model
    # can see. The fallbacks themselves (R2162: the switch keeps its value; R2576: the asset goes
    # to the Lost and Found Department) are in the encodings (fallback/2); this loop only finds
    # the values that differ and re-solves with settled_choice(X), at most four rounds.
    for _ in range(4):
        if not models:
            break
        by_group = _group_by_unknowns(models)
        open_choices = set()
        for group in by_group.values():
            seen: dict[clingo.Symbol, set[clingo.Symbol]] = defaultdict(set)
            fallback_known = set()
            for model in group:
                for choice, value in _atoms(model).terms("chosen", 2):
                    seen[choice].add(value)
                fallback_known.update(choice for choice, in _atoms(model).terms("has_fallback", 1))
            open_choices |= {x for x, values in seen.items() if len(values) > 1 and x in fallback_known}
        if not open_choices:
            break
        for choice in sorted(open_choices, key=str):
            extra += fact_lines([fact("settled_choice", choice)])
            rule = next((str(rule) for m in models for of, rule in _atoms(m).terms("fallback_rule", 2)
                         if of == choice), "?")
            options = sorted({str(value) for m in models for of, value in _atoms(m).terms("chosen", 2) if of == choice})
            fallbacks.append(
                f"{_choice_words(choice, facts)} would be indeterminate (it is {' or '.join(_name(o, facts) for o in options)} "
                f"in different consistent gamestates); {facts.rule_names.get(rule, 'R' + rule)} gives its fallback, "
                f"so the judge re-solved with it ({_fallback_words(rule)})."
            )
        program = ground()
        models, complete = program.models(all_on, MAX_MODELS)

    paradox_rules: list[str] = []
    relaxed: list[list[clingo.Symbol]] = []
    relaxed_by_rule: dict[str, list[list[clingo.Symbol]]] = {}   # rule set aside -> its gamestates
    if not models:
        # No consistent gamestate (R2518: "cannot be determined without ... paradox"). Which rules
        # are in the paradox is again a question over several solves: every rule becomes an
        # assumption, and clingo's core is minimised by deletion.
        program = ground(core_search=True)
        all_on = [(r, True) for r in rules]
        core = program.core(all_on) or []
        core_terms = [s for s in core if s.match("enabled", 1)]
        minimal = list(core_terms)
        for candidate in list(minimal):
            trial = [s for s in minimal if s != candidate]
            if not program.satisfiable([(s, True) for s in trial]):
                minimal = trial
        paradox_rules = [facts.rule_names.get(str(s.arguments[0]), str(s.arguments[0])) for s in minimal]
        for dropped in minimal:
            found, _ = program.models([(r, r != dropped) for r in rules], MAX_MODELS)
            relaxed.extend(found)
            relaxed_by_rule[str(dropped.arguments[0])] = found

    text_warnings = _text_check(facts, models or relaxed, allow_text_mismatch)

    undecidable = _undecidable_verdict(facts)
    judgements = []
    for index, statement in enumerate(facts.case.statements, 1):
        text = statement.text or f"(ASP) {statement.asp.strip()}"
        if index in facts.indeterminacy:
            judgement = _judge_indeterminacy(index, text, models, relaxed_by_rule, paradox_rules, facts)
        elif not models:
            judgement = _judge_paradox(index, text, relaxed_by_rule, paradox_rules, facts)
        elif index in facts.self_referential:
            enforce = fact("enforce_self", statement_tag(index))
            found, _ = program.models([*all_on, (enforce, True)], MAX_MODELS)
            judgement = _judge_self(index, text, found, facts)
        else:
            judgement = _judge_ordinary(index, text, models, facts)
        if judgement.verdict == "PARADOXICAL" and undecidable != "PARADOXICAL":
            # R591 before Proposal 7976 had no PARADOXICAL (encodings/agora/judgements.lp)
            judgement.verdict = undecidable
            judgement.summary = (f"{judgement.summary}; R591/{facts.text_revisions.get(591)} has no PARADOXICAL: "
                                 f"{undecidable}, appropriate if the statement is undecidable")
        if fallbacks:
            judgement.explanation.extend(f"Determinacy: {line}" for line in fallbacks)
        if judgement.why is not None:
            judgement.why["claim"] = f"{judgement.verdict}: {judgement.summary}"
        else:
            judgement.why = why_tree(judgement).model_dump()
        if statement.expect:
            judgement.expected = statement.expect
            judgement.matches_expected = statement.expect == judgement.verdict
        judgements.append(judgement)

    relevant = sorted({str(reading) for m in models for reading, in _atoms(m).terms("reading_relevant", 1)})
    relevant = [{"r1728_same_announcement": "r1728_40"}.get(r, r) for r in relevant]
    case = facts.case
    return CaseJudgement(
        case=str(facts.path), title=case.title, cfj=case.cfj, source=case.source, ruleset=case.ruleset,
        policy=case.policy, judgements=judgements, fallbacks=fallbacks, paradox_rules=paradox_rules,
        readings_checked=[r for r in relevant if r in READINGS], all_gamestates_seen=complete,
        text_warnings=text_warnings, text_notes=facts.text_notes, seconds=round(time.monotonic() - started, 3),
    )


MAX_BALLOT_SETS = 16


def _decisions_from_events(facts: CaseFacts, timeout: float, what: str) -> list[str]:
    """The case's Agoran decisions when events announce ballots (R683), e.g. the actions of a
    cashed promise's text (R2618). Which announcements were made can differ between consistent
    gamestates (R2518), so the gamestates are solved first without the decisions, the distinct
    sets of ballot announcements read back (`ballot_announcement/1`, event_ballots.lp), and the
    decisions resolved by their own encodings (`agora resolve`) once per set, with those ballots
    after the file's own in time order. Each set's results hold exactly in the gamestates that
    made those announcements (`ballot_set(K)`)."""

    started = time.monotonic()
    grounded = Grounded([e for e in ENCODINGS if e != DERIVATIONS], ["\n".join(facts.program)], timeout=timeout,
                        what=what, project=True)
    grounded.free_externals([("enabled", 1), ("enforce_self", 1)])
    models, _ = grounded.models([], MAX_MODELS)
    sets = sorted({frozenset(e for e, in Atoms(model).rows("ballot_announcement", 1)) for model in models}, key=sorted)
    if len(sets) > MAX_BALLOT_SETS:
        raise InputError(f"events announce {len(sets)} different sets of ballots in different gamestates; "
                         f"the judge resolves the decisions for at most {MAX_BALLOT_SETS}", source=str(facts.path))
    candidates = sorted(facts.ballot_events)
    out = [rule_text(fact("ballots_by_events"))]
    raw = facts.case.decisions or {}
    for k, announced in enumerate(sets, 1):
        ballots = [facts.ballot_events[e] for e in candidates if e in announced]
        given = list(raw.get("ballots") or [])
        timed = all(isinstance(b, dict) and b.get("at") is not None for b in given)
        merged = [*given, *ballots]
        if timed:  # R683: the ballots in the order cast (the decision encodings read them in order)
            merged.sort(key=lambda b: _moment_of(b["at"], facts))
        remaining = timeout - (time.monotonic() - started)
        if remaining <= 0:
            raise BudgetExceeded(what, timeout)
        resolved = decision_symbols({**raw, "ballots": merged}, str(facts.path), facts.minutes)
        guard = [*(atom("ballot_announcement", e) for e in candidates if e in announced),
                 *(negated(atom("ballot_announcement", e)) for e in candidates if e not in announced)]
        out.append(rule_text(fact("ballot_set", k), guard))
        for resolved_fact in resolved:  # the decision encodings' facts, each holding with its set
            out.append(rule_text(resolved_fact, [atom("ballot_set", k)]))
    return out


def _moment_of(value, facts: CaseFacts) -> int:
    return facts.minutes(parse_time(value, str(facts.path)))


def _undecidable_verdict(facts: CaseFacts) -> str:
    """R591's judgement for an undecidable statement under the case's text of R591, from
    encodings/agora/judgements.lp (solved on its own: a paradox has no gamestate to read it from)."""
    revisions = program(fact("text_revision", 591, r) for n, r in facts.text_revisions.items() if n == 591)
    result = solve(["agora/judgements.lp"], revisions + "#show judgement_for/2.", timeout=10,
                   what="reading R591's valid judgements")
    verdicts = [str(verdict).upper() for _, verdict in read(result.models[0] if result.models else [], "judgement_for", 2)]
    return verdicts[0] if len(verdicts) == 1 else "PARADOXICAL"


def _text_check(facts: CaseFacts, models, allow_text_mismatch: bool) -> list[str]:
    """The rules the case relies on (relies_on/1 in any gamestate; every mismatched rule when no
    gamestate was found) whose text in the case's ruleset is not a text the encodings implement."""
    if not facts.text_mismatches:
        return []
    relied = {rule for m in models for rule, in _atoms(m).rows("relies_on", 1)} if models \
        else set(facts.text_mismatches)
    problems = [facts.text_mismatches[r].words() for r in sorted(relied & set(facts.text_mismatches))]
    if problems and not allow_text_mismatch:
        raise InputError(f"the case relies on rules whose text differs from what the judge encodes: "
                         f"{'; '.join(problems)}. The verdict would be for the encoded text, not the case's: "
                         "give the ruleset of the encoded revisions, or judge anyway with --allow-text-mismatch",
                         source=str(facts.path))
    return [f"{p}; judged by the encoded text instead" for p in problems]


def _group_by_unknowns(models):
    groups: dict[frozenset, list] = defaultdict(list)
    for model in models:
        atoms = _atoms(model)
        key = frozenset([*atoms.symbols("happened", 1), *atoms.symbols("outside_holds", 1)])
        groups[key].append(model)
    return groups


def _judge_ordinary(index: int, text: str, models, facts: CaseFacts) -> Judgement:
    values = {_holds(m, index) for m in models}
    if len(values) == 1:
        value = values.pop()
        witness = next(m for m in models if _holds(m, index) == value)
        return _explained(index, text, "TRUE" if value else "FALSE", "determinate",
                          f"the statement is {'true' if value else 'false'} in every consistent gamestate "
                          f"({len(models)} considered)", witness, facts, len(models))
    groups = _group_by_unknowns(models)
    split_inside = [g for g in groups.values() if len({_holds(m, index) for m in g}) > 1]
    true_model = next(m for m in models if _holds(m, index))
    if split_inside:
        group = split_inside[0]
        differences = _differences(group, facts)
        judgement = _explained(
            index, text, "PARADOXICAL", "indeterminate",
            "R2518: the rules leave the answer open: it holds in some consistent gamestates and not in others, "
            "with the same facts", true_model, facts, len(models))
        judgement.explanation[:0] = ["Where the consistent gamestates differ:"] + [f"  {d}" for d in differences] + \
            (["One consistent gamestate, in which the statement holds:"] if judgement.explanation else [])
        return judgement
    false_models = [m for m in models if not _holds(m, index)]
    true_models = [m for m in models if _holds(m, index)]
    outside = _deciding(true_models, false_models, "outside_holds")
    if outside:
        verdict, reason, intro = "IRRELEVANT", "outside-gamestate", "with the outside facts that"
        summary = ("R591: the veracity of the statement is not relevant to the game: it turns on facts outside the "
                   f"gamestate ({', '.join(repr(facts.outside_facts.get(f, f)) for f in outside)}), which no rule "
                   "links to it")
    else:
        unknowns = _deciding(true_models, false_models, "happened") or \
            sorted({str(e) for m in models for e, in _atoms(m).terms("happened", 1)} |
                   {str(e) for e in facts.uncertain_events})
        verdict, reason, intro = "DISMISS", "insufficient-information", "in which the unknown facts"
        summary = ("R591: insufficient information exists to make a judgement: the answer depends on facts the case "
                   "does not establish ("
                   + ", ".join("whether event " + facts.event_labels.get(int(u), u) + " happened" for u in unknowns) + ")")
    judgement = _explained(index, text, verdict, reason, summary, true_model, facts, len(models))
    judgement.explanation.insert(0, f"One consistent gamestate, {intro} make the statement hold:")
    return judgement


def _deciding(true_models, false_models, name: str) -> list[str]:
    """The open facts (happened/1 or outside_holds/1) whose value differs between the gamestates
    where the statement holds and those where it does not."""
    def values(models):
        return {frozenset(str(fact_) for fact_, in _atoms(m).terms(name, 1)) for m in models}
    on_true, on_false = values(true_models), values(false_models)
    every = set().union(*on_true, *on_false)
    return sorted(f for f in every if {f in v for v in on_true} != {f in v for v in on_false})


def _judge_indeterminacy(index: int, text: str, models, relaxed_by_rule, paradox_rules, facts: CaseFacts) -> Judgement:
    """"It is indeterminate whether S" (R2518): TRUE when the rules leave S open with the facts the
    case gives (S differs between consistent gamestates that agree on those facts), or when S is
    caught in a paradox (no consistent gamestate, and S differs however it is broken)."""
    if models:
        open_groups = [g for g in _group_by_unknowns(models).values() if len({_holds(m, index) for m in g}) > 1]
        value = bool(open_groups)
        witness = models[0]
        why = ("S holds in some consistent gamestates and not in others, with the same facts" if value
               else "S has one value in every consistent gamestate" + (
                   " with the same facts (what differs is facts the case does not establish)"
                   if len({_holds(m, index) for m in models}) > 1 else ""))
        judgement = _explained(index, text, "TRUE" if value else "FALSE", "determinate",
                               f"R2518: {why}", witness, facts, len(models))
        if value:
            judgement.explanation[:0] = ["Where the consistent gamestates differ:"] + \
                [f"  {d}" for d in _differences(open_groups[0], facts)]
        return judgement
    inner = _judge_paradox(index, text, relaxed_by_rule, paradox_rules, facts)
    value = inner.verdict == "PARADOXICAL"
    return Judgement(
        statement=text, verdict="TRUE" if value else "FALSE", reason="determinate",
        summary=("R2518: no consistent gamestate exists and S cannot be determined without the paradox"
                 if value else "R2518: S has the same value however the paradox elsewhere is broken"),
        explanation=inner.explanation, conflicting_rules=paradox_rules)


def _judge_self(index: int, text: str, found, facts: CaseFacts) -> Judgement:
    tag = statement_tag(index)
    verdicts = {str(verdict) for m in found for of, verdict in _atoms(m).terms("verdict", 2) if of == tag}
    if len(verdicts) == 1:
        value = verdicts.pop() == "true"
        witness = found[0]
        return _explained(index, text, "TRUE" if value else "FALSE", "determinate",
                          "the statement refers to its own judgement, and only one judgement is consistent with it",
                          witness, facts, len(found))
    reason = ("no judgement of TRUE or FALSE is consistent with it (a liar)" if not verdicts
              else "both TRUE and FALSE are consistent with it")
    return Judgement(
        statement=text, verdict="DISMISS", reason="self-reference",
        summary=f"R591: the statement is undecidable because of the case itself: {reason}; "
                "PARADOXICAL is not appropriate when the undecidability arises from the case itself",
        explanation=["The statement is about this CFJ's own judgement (R591, PARADOXICAL paragraph)."],
        gamestates=len(found))


def _statement_rules(index: int, models, facts: CaseFacts) -> set[str]:
    """The rules a statement is about: those it names, and those with a clause that speaks
    (applies/4, in force or not) at the points it asks about or to the events it names."""
    node = facts.statement_nodes[index - 1]
    events, _, named = referenced(node) if node is not None else (set(), set(), set())
    points = {*_asked_points(index, facts), *(fact("ev", e) for e in events)}
    about = {str(r) for r in named}
    for model in models:
        about |= {str(rule) for rule, point in _atoms(model).terms("speaks_to", 2) if point in points}
    return about


def _asked_points(index: int, facts: CaseFacts) -> set[clingo.Symbol]:
    """The points statement `index` is asked at: its own (q(sN), the case's end) and those of its
    time phrases (q(tN))."""
    return {statement_point(index), *facts.statement_points.get(index, set())}


def _judge_paradox(index: int, text: str, relaxed_by_rule, paradox_rules, facts: CaseFacts) -> Judgement:
    # Setting a rule aside breaks the paradox only if another rule of it remains that the
    # statement is about: removing the only such rule (a rule in conflict with itself, CFJ 3907)
    # answers for a ruleset without it, not for this one.
    all_relaxed = [m for found in relaxed_by_rule.values() for m in found]
    about = _statement_rules(index, all_relaxed, facts) & set(relaxed_by_rule)
    usable = [m for rule, found in relaxed_by_rule.items() if not (about and about <= {rule}) for m in found]
    values = {_holds(m, index) for m in usable}
    if len(values) == 1:
        value = values.pop()
        witness = next(m for m in usable)
        judgement = _explained(
            index, text, "TRUE" if value else "FALSE", "determinate-despite-paradox",
            "the gamestate holds a paradox elsewhere, but the statement has the same answer however it is "
            "broken (each rule of the paradox set aside in turn)", witness, facts, len(usable))
        judgement.conflicting_rules = paradox_rules
        return judgement
    if not usable:
        rule = facts.rule_names.get(next(iter(about)), next(iter(about)))
        return Judgement(
            statement=text, verdict="PARADOXICAL", reason="gamestate-paradox",
            summary=f"R2518: the statement turns on {rule}, which conflicts with itself: no consistent gamestate "
                    "exists, and setting that rule aside would not break the paradox but remove what the "
                    "statement is about",
            explanation=["A minimal set of rules whose clauses cannot all hold together: " + "; ".join(paradox_rules) + ".",
                         "It is one rule in conflict with itself: no other rule can give way."],
            conflicting_rules=paradox_rules, gamestates=0)
    return Judgement(
        statement=text, verdict="PARADOXICAL", reason="gamestate-paradox",
        summary="no consistent gamestate exists (R2518: the value cannot be determined without paradox), and the "
                "answer depends on how the paradox would be broken",
        explanation=["A minimal set of rules whose clauses cannot all hold together: " + "; ".join(paradox_rules) + ".",
                     "Setting any one of them aside gives a consistent gamestate; the statement's answer differs "
                     "between those."],
        conflicting_rules=paradox_rules, gamestates=0)


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
            lines.append(f"{_choice_words(sym.arguments[0], facts)} is {_name(str(sym.arguments[1]), facts)} "
                         "in one gamestate (the rules say only 'one of' them)")
        else:
            c1, c2 = (str(a) for a in sym.arguments[:2])
            lines.append(f"no step of the precedence policy settles {_clause(c1, facts)} against {_clause(c2, facts)}; "
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


def _name(term: str, facts: CaseFacts) -> str:
    return facts.person_names.get(term, term)


def _rule(term: str, facts: CaseFacts) -> str:
    if term.startswith("instr("):
        e = term[6:-1]
        return f"the instrument of event {facts.event_labels.get(int(e), e)}"
    found = re.fullmatch(r"rule_at\((.+),(\d+)\)", term)
    if found:  # a rule making the changes it states upon an action (R2141)
        e = found.group(2)
        return f"{_rule(found.group(1), facts)}, upon event {facts.event_labels.get(int(e), e)} (R2141: a rule is an instrument)"
    return facts.rule_names.get(term, f"R{term}")


def _clause(cid: str, facts: CaseFacts, rule_of: dict | None = None) -> str:
    text = facts.clause_text.get(cid) or CLAUSE_TEXT.get(cid)
    rule = facts.clause_rules.get(cid) or _clause_rule(cid)
    rule_words = _rule(rule, facts) if rule else "?"
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
    result = solve([e for e in ENCODINGS if e.startswith("agora/")], "#show clause_says/2. #show clause/2.",
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


def _explained(index: int, text: str, verdict: str, reason: str, summary: str, model, facts: CaseFacts,
               count: int) -> Judgement:
    _load_clause_texts(facts)
    node = facts.statement_nodes[index - 1]
    events, persons, rules = referenced(node) if node is not None else (set(), set(), set())
    # Read every atom once (symbol accessors go through the C API and are slow in loops).
    atoms = [(s.name, [str(a) for a in s.arguments], s) for s in model]
    names = {(name, tuple(args)) for name, args, _ in atoms}
    per_point: dict[clingo.Symbol, list] = defaultdict(list)  # a point (ev(E), q(...)) -> the atoms about it
    for name, args, sym in atoms:
        if name in ("enabled_by", "prevented_by", "forbidden_by", "supporters", "objectors", "dependent_ok",
                    "method_missing"):
            per_point[sym.arguments[2]].append((name, args, sym))
        elif name in ("dependent_failure", "unsatisfied"):
            per_point[sym.arguments[1]].append((name, args, sym))
        elif name == "why_not":
            per_point[sym.arguments[3]].append((name, args, sym))
        elif name == "blocked_provision":
            per_point[fact("ev", sym.arguments[0])].append((name, args, sym))
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
    keys = {str(point) for point in points}  # what a supporting atom's text mentions (below)
    if not relevant_events and not persons:
        points = None  # a statement about rules: show everything
    lines: list[str] = []
    precedence: list[str] = []
    for name, args, sym in atoms:
        if name == "decided" and (points is None or sym.arguments[3] in points):
            c1, c2, step, _ = args
            precedence.append(f"Precedence {_point_words(sym.arguments[3], facts)}: {_clause(c1, facts)} prevails over "
                              f"{_clause(c2, facts)} -- settled by {STEPS.get(step, step)}.")
        elif name == "prevails_by_choice" and (points is None or sym.arguments[2] in points):
            precedence.append(f"Precedence {_point_words(sym.arguments[2], facts)}: no step settles {_clause(args[0], facts)} "
                              f"against {_clause(args[1], facts)} (R2518: open).")
        elif name == "step3_contradiction" and (points is None or sym.arguments[2] in points):
            precedence.append(f"R1030 step 3 does not settle {_clause(args[0], facts)} against {_clause(args[1], facts)}: "
                              "their claims contradict each other.")
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
            if name == "enabled_by":
                lines.append(f"  {_doing(args[0], sym.arguments[1], facts)}: possible by {_clause(args[3], facts)}")
            elif name == "prevented_by":
                explained = True
                lines.append(f"  {_doing(args[0], sym.arguments[1], facts)}: IMPOSSIBLE by {_clause(args[3], facts)}")
            elif name == "method_missing":
                explained = True
                lines.append(f"  {_doing(args[0], sym.arguments[1], facts)}: {_clause(args[3], facts)} says CAN but "
                             "names no method: R2125 (only the methods explicitly specified) makes it enable nothing")
            elif name == "forbidden_by":
                lines.append(f"  {_doing(args[0], sym.arguments[1], facts)}: prohibited by {_clause(args[3], facts)}")
            elif name == "dependent_failure":
                explained = True
                lines.append(f"  {REASONS.get(args[2], args[2])}")
            elif name == "unsatisfied":
                lines.append(f"  {REASONS.get(args[2], _clause(args[2], facts) + ' (as amended)')}")
            elif name == "dependent_ok":
                performance = ("R1728/40 items 1-6" if facts.text_revisions.get(1728) == 40 else "R2595 items 1-6")
                lines.append(f"  {performance}: the intent announced in event "
                             f"{facts.event_labels.get(int(args[0]), args[0])} meets every condition of a dependent "
                             "action (announcement, window, performer, Satisfaction, conditions)")
            elif name == "supporters":
                lines.append(f"  supporters: {args[1]}")
            elif name == "objectors":
                lines.append(f"  objectors: {args[1]}")
            elif name == "blocked_provision":
                lines.append(f"  provision {args[1]} does not apply: {REASONS.get(args[2], args[2])}")
            elif name == "why_not" and status == "INEFFECTIVE":
                explained = True
                lines.append(f"  {_doing(args[1], sym.arguments[2], facts)}: {_clause(args[0], facts)} does not apply: "
                             f"{WHY_NOT.get(args[4], args[4].replace('_', ' '))}")
        if ("unclear_announcement", (str(e),)) in names:
            explained = True
            lines.append("  the announcement did not unambiguously and clearly specify the action (R478): it performed nothing")
        if status == "INEFFECTIVE" and not explained:
            lines.append("  no rule in force made it possible (R2125: a regulated action only as the rules describe)")
    atom_set = {sym for _, _, sym in atoms}
    for _, args, s in atoms:
        if s.name == "won" and (args[0] in persons or (not persons and (not events or int(args[1]) in relevant_events))):
            lines.append(f"{_name(args[0], facts)} won the game at event {facts.event_labels.get(int(args[1]), args[1])} (R2449).")
        elif s.name == "violation" and (not persons or args[0] in persons):
            lines.append(f"{_name(args[0], facts)} violated {_rule(args[1], facts)} ({_where(s.arguments[2], facts)}).")
        elif s.name == "advice_unheeded" and (not persons or args[0] in persons):
            lines.append(f"{_name(args[0], facts)} did not follow advice of {_rule(args[1], facts)} "
                         "(a SHOULD: recorded, not a violation, R2152 item 8).")
        elif s.name == "obligation" and (not persons or args[1] in persons):
            lines.append(f"{_name(args[1], facts)} was required by {_clause(args[5], facts)} to act by {_moment(int(args[4]), facts)} "
                         f"({'fulfilled' if clingo.Function('fulfilled', [s.arguments[0]]) in atom_set else 'not fulfilled'}).")
        elif s.name == "applied":
            lines.append(f"Rule change: {_change_words(s.arguments[2], facts)} took effect "
                         f"({'supposed by the case' if args[1] == 'hypothesis' else 'by ' + _rule(args[1], facts)}).")
        elif s.name == "invalid":
            lines.append(f"Rule change: {_change_words(s.arguments[2], facts)} did not occur: {REASONS.get(args[3], args[3])}.")
    lines = precedence + lines

    lines += explanation_lines(node, _atoms(model))
    if node is not None:  # the rules behind the nomic loop's facts (hook: adjudicator/agora/decision_statements.py)
        lines += reason_lines(node, _atoms(model))
    if rules:
        lines.append("Rules named: " + "; ".join(_rule(str(r), facts) for r in sorted(rules)) + ".")
    keys |= ({f"({e}," for e in relevant_events} | {f"({e})" for e in relevant_events} | set(persons)
            | {str(r) for r in rules})
    supporting = [str(sym) for name, args, sym in atoms
                  if name not in ("supporters", "objectors", "derived") and (points is None or any(k in str(sym) for k in keys))]
    judgement = Judgement(statement=text, verdict=verdict, reason=reason, summary=summary, explanation=lines,
                          precedence=precedence, gamestates=count, supporting_atoms=sorted(supporting)[:300])
    # The why-tree from the solver's derivations (encodings/agora/derivations.lp), where some bear
    # on the statement; the explanation's other conclusions (rule changes, precedence at the
    # statement's own point, fallbacks) follow as in the line-based tree.
    tree = derivation_tree(f"{verdict}: {summary}", model, set(relevant_events) | set(events), set(persons), set(rules),
                           lambda sym: _derivation_words(sym, facts), lambda by: _derivation_cites(by, facts))
    if tree is not None:
        covered = ("event ", "Precedence at event") + (
            ("Rule change:",) if any(n["claim"].startswith("Rule change:") for n in tree["because"]) else ())
        kept, skipping = [], False
        for line in lines:  # a covered conclusion goes with the lines indented under it
            if not line.startswith("  "):
                skipping = line.startswith(covered) or any(w in line for w in (" won the game at event ", " violated ",
                                                                                 " was required by "))
            if not skipping:
                kept.append(line)
        extra = why_tree(judgement.model_copy(update={"explanation": kept})).model_dump()
        tree["because"].extend(extra["because"])
        judgement.why = tree
    return judgement


def _doing(actor: str, action: clingo.Symbol, facts: CaseFacts) -> str:
    words = action.name.replace("_", " ") if action.name else str(action)
    if action.name == "perform":
        words = "perform"
    return f"{_name(actor, facts)} to {words}"


def _moment(minutes: int, facts: CaseFacts) -> str:
    return (facts.epoch + timedelta(minutes=minutes)).strftime("%Y-%m-%d %H:%M UTC")


def _change_words(change: clingo.Symbol, facts: CaseFacts) -> str:
    args = change.arguments
    rule = _rule(str(args[0]), facts)
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
    if where.name == "petition":
        return f"by not responding in a timely fashion to the petition of event {facts.event_labels.get(where.arguments[0].number, where.arguments[0])}"
    return str(where)


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
        return _rule(source, facts)
    return "the case's hypothetical change" if source == "hypothesis" else source


def _derivation_words(sym: clingo.Symbol, facts: CaseFacts) -> str:
    """An atom of a derivation in words."""
    args = [str(a) for a in sym.arguments]

    def event(term: str) -> str:
        return f"event {facts.event_labels.get(int(term), term)}" if term.isdigit() else term

    def described(term: str) -> str:
        return facts.event_descriptions.get(int(term), event(term)) if term.isdigit() else term

    name = sym.name
    if name in ("effective", "ineffective"):
        return f"{described(args[0])} -> {name.upper()}"
    if name == "illegal":
        return f"{described(args[0])} was ILLEGAL"
    if name == "violation":
        return f"{_name(args[0], facts)} violated {_rule(args[1], facts)} ({_where(sym.arguments[2], facts)})"
    if name == "won":
        return f"{_name(args[0], facts)} won the game at {event(args[1])}"
    if name == "joined":
        return f"{_name(args[0], facts)} became a player at {event(args[1])}"
    if name == "left":
        return f"{_name(args[0], facts)} ceased to be a player at {event(args[1])}"
    if name == "applies":
        return f"{_clause(args[0], facts)} speaks to {_doing(args[1], sym.arguments[2], facts)} {_point_words(sym.arguments[3], facts)}"
    if name == "decided":
        return f"{_clause(args[0], facts)} prevails over {_clause(args[1], facts)} -- settled by {STEPS.get(args[2], args[2])}"
    if name == "dependent_ok":
        return f"the intent announced in {event(args[0])} meets every condition of a dependent action"
    if name in ("dependent_failure", "unsatisfied"):
        return REASONS.get(args[2], _clause(args[2], facts) + " (as amended)")
    if name == "no_method":
        return f"{_clause(args[0], facts)} says CAN but names no method"
    if name == "unclear_announcement":
        return f"the announcement of {event(args[0])} did not unambiguously and clearly specify the action"
    if name == "blot_delta":
        return f"{_name(args[0], facts)}'s blots changed by {args[1]} at {event(args[2])}"
    if name == "coin_delta":
        return f"{_name(args[0], facts)} earned {args[1]} coin{'s' if args[1] != '1' else ''} at {event(args[2])}"
    if name == "applied":
        return f"Rule change: {_change_words(sym.arguments[2], facts)} took effect ({_source_words(args[1], facts)})"
    if name == "not_applied":
        return f"Rule change: {_change_words(sym.arguments[2], facts)} did not occur ({_source_words(args[1], facts)})"
    if name == "requested":
        return f"{_source_words(args[1], facts)} requests {_change_words(sym.arguments[2], facts)}"
    if name == "provision":
        return f"the instrument of {event(args[0])} provides {_change_words(sym.arguments[1], facts)}"
    if name == "invalid":
        return REASONS.get(args[3], args[3])
    if name == "why_not":
        return f"{_clause(args[0], facts)} does not apply: {WHY_NOT.get(args[4], args[4])}"
    if name == "rule_triggered":
        return f"{_rule(args[1], facts)} states the rule changes it makes upon {event(args[0])}"
    if name == "promise_cashed":
        return f"the promise {args[0]} was cashed (and destroyed) at {event(args[1])}"
    if name == "caused_happens":
        return f"{described(args[0])} was an action of the text of a cashed promise"
    if name == "ballot_act":
        return (f"{_name(args[2], facts)} {'submitted a ballot' if args[3] == 'cast' else 'withdrew eir ballot'} "
                f"on decision {args[1]} at {event(args[0])}")
    if name == "chosen":
        return f"{_choice_words(sym.arguments[0], facts)} is {_name(args[1], facts)} in this gamestate (R2518: left open)"
    if name == "nothing_enables":
        return f"no clause in force makes it possible for {_doing(args[0], sym.arguments[1], facts)}"
    if name == "win_trigger":
        how = {"r2465_win": "a Declaration of Apathy (R2465)", "r2553_win": "a Win by Paradox (R2553)"}.get(args[2], "an instrument")
        return f"the rules state that {_name(args[0], facts)} wins at {event(args[1])}: {how}"
    if name == "applied_provision":
        return f"the instrument of {event(args[0])} states {args[1]}"
    if name == "obligation":
        return f"{_name(args[1], facts)} was required by {_clause(args[5], facts)} to act by {_moment(int(args[4]), facts)} (not fulfilled)"
    return str(sym)
