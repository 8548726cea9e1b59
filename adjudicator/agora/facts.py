"""A case as ASP facts: the parsed ruleset (IDs, Powers, in force), hypothetical changes, the
gamestate, the events in R478 order, and the compiled statements. Python only translates here;
every decision is the encodings'. Facts are typed symbols (`adjudicator.solving.terms.fact`:
numbers range-checked, strings escaped by clingo); rules with bodies (a clause's `applies/4`, a
statement's compiled sentence, `holds/1`) are clingo AST (`terms.atom`, `terms.rule_text`), written
out by clingo."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path
from typing import Callable

import clingo
from pydantic import ValidationError

from adjudicator.errors import InputError
from adjudicator.inputs import beside, validation_problems
from adjudicator.agora.bindings import Mismatch, bind, encoded_texts, select_by_date
from adjudicator.agora.case import (CLINGO_MAX, AddedRule, Case, Clause, Event, GrantBlots, Person, SetPower, parse_power, parse_time,
                                    solver_int)
from adjudicator.agora.decision_statements import decision_id
from adjudicator.agora.decisions import decision_key
from adjudicator.agora.statements import Compiled, Compiler, Lexicon, Node, action_term, asp_name, parse, referenced
from adjudicator.rulesets import BUNDLED, Ruleset, load_ruleset
from adjudicator.rulesets.changes import reading_facts as rule_change_readings
from adjudicator.rulesets.secured import Securing, securing_facts, securings
from adjudicator.solving.raw import checked_rules, statement_program
from adjudicator.solving.terms import Name, Var, atom, compare, fact, fact_line, fact_lines, function, negated, rule_text
from adjudicator.solving.terms import term as fact_term

# predicates through which statements are judged: a clause's raw ASP may not define them
STATEMENT_PREDICATES = {"holds", "statement", "self_referential", "aux_head", "query_time", "query_after", "asked_rule"}

ENCODINGS = [
    "core/time.lp", "core/ruleset.lp", "core/deontic.lp", "agora/precedence.lp",
    "blognomic/precedence.lp", "core/determinacy.lp", "core/judgement.lp",
    "agora/acts.lp", "agora/persons.lp", "agora/dependent.lp", "agora/winning.lp",
    "agora/justice.lp", "agora/instruments.lp", "agora/pledges.lp", "agora/promises.lp", "agora/event_ballots.lp", "agora/texts.lp",
    "agora/decision_results.lp", "agora/derivations.lp",  # DERIVATIONS: only for the why-tree
    "core/show.lp",
]

DERIVATIONS = "agora/derivations.lp"

MODALITIES = {
    "CAN": "can", "POSSIBLE": "can", "CANNOT": "cannot", "IMPOSSIBLE": "cannot", "INEFFECTIVE": "cannot",
    "MAY": "may", "MAY NOT": "must_not", "MUST NOT": "must_not", "SHALL NOT": "must_not", "ILLEGAL": "must_not",
    "PROHIBITED": "must_not", "MUST": "must", "SHALL": "must", "REQUIRED": "must", "NEED NOT": "need_not",
    "SHOULD": "should", "SHOULD NOT": "should_not",
}

EVENT_KINDS = {
    "register", "deregister", "intend", "support", "object", "withdraw-support", "withdraw-objection", "perform",
    "create-blots", "levy-fine", "petition", "respond", "judge", "transcend", "instrument", "demonstrate-form",
    "publish-list", "pledge", "grant-promise", "cash", "vote", "withdraw-ballot",
}


PT, ACTOR = Var("Pt"), Var("A")  # a clause's rules: the point, the actor

# A clause `method:` saying the rule names no method for its CAN (R2125; CFJ 3736).
UNSPECIFIED_METHOD = ("unspecified", "none", "no method", "not specified")

def power_units(value, where: str) -> int:
    return int((parse_power(value, where) * 1000).to_integral_value())


def method_term(text: str, where: str) -> clingo.Symbol:
    """R1728's methods as terms."""
    low = " ".join(str(text).lower().split())
    if low in ("without objection", "without objections"):
        return fact("without_objections", 1)
    m = re.fullmatch(r"without (\d+) objections?", low)
    if m:  # whether N is in R1728's range is the encoding's (dependent.lp)
        return fact("without_objections", solver_int(m.group(1), where))
    if low in ("with support",):
        return fact("with_support", 1)
    m = re.fullmatch(r"with (\d+) support(?:ers)?", low)
    if m:
        return fact("with_support", solver_int(m.group(1), where))
    if low in ("with agoran consent",):
        return fact("agoran_consent", 10)
    m = re.fullmatch(r"with ([\d.]+) agoran consent", low)
    if m:
        n10 = Decimal(m.group(1)) * 10
        if n10 != n10.to_integral_value():  # the solver counts tenths; N >= 1 is checked in dependent.lp
            raise InputError(f"{where}: R1728: N in 'with N Agoran consent' is a multiple of 0.1")
        return fact("agoran_consent", solver_int(int(n10), where))
    if low == "with notice":
        return fact("notice")
    m = re.fullmatch(r"with (\d+) (day|days|hour|hours) notice", low)
    if m:
        minutes = solver_int(int(m.group(1)) * (1440 if m.group(2).startswith("day") else 60), where)
        return fact("t_notice", minutes)
    raise InputError(f"{where}: {text!r} is not a dependent-action method of R1728 "
                     "(without N objections, with N support, with N Agoran consent, with notice, with T notice)")


def plain(text: str) -> str:
    """A clause's text or a promise's title on one line, double quotes shown as single ones."""
    return text.replace('"', "'").replace("\n", " ")



@dataclass
class CaseFacts:
    """Everything the judge needs about one case."""

    case: Case
    path: Path
    ruleset: Ruleset
    program: list[str]
    lexicon: Lexicon
    statement_nodes: list[Node | None]
    self_referential: set[int]
    rule_names: dict[str, str]          # rule term (as ASP prints it) -> "R869 (Title, Power 3)"
    rule_terms: list[clingo.Symbol]     # every rule the judge may switch off (enabled/1 externals)
    clause_text: dict[str, str]
    person_names: dict[str, str]
    event_labels: dict[int, str]
    event_descriptions: dict[int, str]
    epoch: datetime
    uncertain_events: set[int] = field(default_factory=set)
    statement_points: dict[int, set[clingo.Symbol]] = field(default_factory=dict)  # the q(tN) points asked
    clause_rules: dict[str, str] = field(default_factory=dict)
    text_revisions: dict[int, int] = field(default_factory=dict)       # rule -> encoded revision it has
    text_mismatches: dict[int, Mismatch] = field(default_factory=dict)  # rules whose text is not encoded
    outside_facts: dict[str, str] = field(default_factory=dict)         # ASP id -> the case's sentence
    text_notes: list[str] = field(default_factory=list)                 # revisions chosen by the case's date
    indeterminacy: set[int] = field(default_factory=set)                # statements "it is indeterminate whether S"
    ballot_events: dict[int, dict] = field(default_factory=dict)        # event -> the ballot it announces (R683)
    minutes: Callable[[datetime], int] | None = None                     # a moment in the judge's minutes


def resolve_ruleset(case: Case, case_path: Path) -> Ruleset:
    """The case's ruleset; a folder of Agora's per-rule YAML files (with history) is read as of the
    case's `as_of` date, so the texts are those of that day."""
    name = case.ruleset
    if name in BUNDLED:
        return load_ruleset(name)
    # a file beside the case (or in a folder below it): never an absolute path, nor one that
    # climbs out (a case file must not make the tool read /dev/zero, a FIFO or someone's files)
    candidate = beside(case_path, name, "ruleset")
    try:
        exists = candidate.exists()
    except OSError:
        exists = False
    if exists:
        try:
            if candidate.is_dir() and case.as_of is not None:
                day = parse_time(case.as_of, f"{case_path}: as_of").date().isoformat()
                return load_ruleset(str(candidate), as_of=day)
            return load_ruleset(str(candidate))
        except InputError as exc:  # name the case file too: the ruleset path is written there
            raise InputError(f"ruleset: {exc}", source=str(case_path)) from None
    known = ", ".join(sorted(BUNDLED))
    raise InputError(f"ruleset {name!r} is neither a bundled ruleset ({known}) nor a file", source=str(case_path))


MAX_CASHING_DEPTH = 4
# An unending chain (a promise whose text grants and cashes a copy of itself) is unrolled this many
# rounds; promises.lp lets it end after either of the last two (R2518: a value that alternates
# indefinitely differs between them, one that settles does not).
CHAIN_ROUNDS = 5


def expand_promises(events: list[Event], where: str) -> list[Event]:
    """R2618: cashing a promise makes its creator "act as if e published the promise's text". Each
    `cash` event is followed (same time, R478 order) by the actions of the text of the promise as
    last granted before it, by its creator, marked `caused_by` the cashing: they happen only if the
    cashing is EFFECTIVE (the encodings decide). A text that cashes promises again is expanded
    MAX_CASHING_DEPTH deep. A cashing that would cash a promise with the very text being cashed (a
    promise that grants and cashes a copy of itself) starts an unending chain: its rounds are
    unrolled CHAIN_ROUNDS times and marked (`chain`, `chain_round`), and the encodings say what the
    value after an unending chain is (R2518, promises.lp)."""
    granted: dict[str, Event] = {}
    out: list[Event] = []

    def text_key(grant: Event) -> str:
        return repr(grant.text)

    def cashed(event: Event, label: str, depth: int, texts: dict[str, tuple[str | None, int]],
               chain: str | None, chain_round: int | None) -> list[Event]:
        title = (event.promise or "").strip().lower()
        grant = granted.get(title)
        if grant is None:
            return []
        key = text_key(grant)
        if key in texts:  # the text being cashed again, inside its own cashing: an unending chain
            chain, outer_round = texts[key]
            chain = chain or label
            chain_round, depth = outer_round + 1, 1
            if chain_round > CHAIN_ROUNDS:
                return []
        elif depth > MAX_CASHING_DEPTH:
            raise InputError(f"{where}: promise {event.promise!r}: cashing it cashes promises more than "
                             f"{MAX_CASHING_DEPTH} deep")
        inner_texts = dict(texts)
        caused: list[Event] = []
        for k, spec in enumerate(grant.text, 1):
            if not isinstance(spec, dict) or "do" not in spec:
                raise InputError(f"{where}: promise {grant.promise!r}: each action of its text is a mapping with do:")
            marks = {"chain": chain, "chain_round": chain_round} if chain is not None else {}
            inner = Event.model_validate({**spec, "id": f"{label}.{k}", "at": event.at, "by": grant.by,
                                          "caused_by": label, **marks})
            if inner.text == "same":
                inner = inner.model_copy(update={"text": grant.text})
            caused.append(inner)
            if inner.do.strip().lower().replace("_", "-") == "grant-promise":
                granted[(inner.promise or "").strip().lower()] = inner
            if inner.do.strip().lower() == "cash":
                # the chain, if this cashing repeats a text: the first round is the one this text began
                inner_texts[key] = (chain if chain is not None else label, chain_round or 0)
                caused.extend(cashed(inner, f"{label}.{k}", depth + 1, inner_texts, chain, chain_round))
        return caused

    for n, event in enumerate(events, 1):
        out.append(event)
        kind = event.do.strip().lower().replace("_", "-")
        if kind == "grant-promise":
            if event.text == "same":
                raise InputError(f"{where}: event {event.id or n}: 'text: same' is for a promise's own text")
            granted[(event.promise or "").strip().lower()] = event
        elif kind == "cash":
            if event.id is None:  # the actions it causes name it
                out[-1] = event = event.model_copy(update={"id": f"cash-{n}"})
            out.extend(cashed(event, str(event.id), 1, {}, None, None))
    return out


def expand_otherwise(events: list[Event], where: str) -> list[Event]:
    """A conditional announcement with an alternative ("if C, I do X; otherwise I do Y", R478): Y
    becomes an event right after X, at its time and by its actor, taken exactly when C did not
    hold just before X (`otherwise_of`; the encodings decide, determinacy.lp)."""
    out: list[Event] = []
    for n, event in enumerate(events, 1):
        if event.otherwise is None:
            out.append(event)
            continue
        if event.when is None:
            raise InputError(f"{where}: event {event.id or n}: 'otherwise' needs a condition (when:)")
        if event.id is None:
            event = event.model_copy(update={"id": f"event-{n}"})
        spec = event.otherwise
        if not isinstance(spec, dict) or "do" not in spec or {"at", "by", "when", "otherwise"} & set(spec):
            raise InputError(f"{where}: event {event.id}: 'otherwise' is an action (do: ...) without at, by, "
                             "when or otherwise")
        try:
            alternative = Event.model_validate({**spec, "id": f"{event.id}.otherwise", "at": event.at, "by": event.by,
                                                "caused_by": event.caused_by, "chain": event.chain,
                                                "chain_round": event.chain_round, "otherwise_of": event.id})
        except ValidationError as exc:
            raise InputError(f"{where}: event {event.id}: otherwise: {validation_problems(exc)}") from None
        out += [event.model_copy(update={"otherwise": None}), alternative]
    return out


def statement_tag(index: int) -> clingo.Symbol:
    """Statement `index`'s term, s(N) (holds/1, verdict/2)."""
    return fact("s", index)


def statement_point(index: int) -> clingo.Symbol:
    """The point statement `index` is asked at (the case's end): q(sN), defined by query_time(sN, T)."""
    return fact("q", Name(f"s{index}"))


def build(case: Case, path: Path) -> CaseFacts:
    where = str(path)
    if any(e.do.strip().lower() == "cash" for e in case.events):
        case = case.model_copy(update={"events": expand_promises(case.events, where)})
    if any(e.otherwise is not None for e in case.events):
        case = case.model_copy(update={"events": expand_otherwise(case.events, where)})
    ruleset = resolve_ruleset(case, path)
    out: list[str] = []

    def add(name: str, *arguments) -> None:  # a fact, as a typed symbol (adjudicator.solving.terms)
        out.append(fact_line(fact(name, *arguments)))
    rule_names: dict[str, str] = {}
    rule_terms: list[clingo.Symbol] = []
    clause_text: dict[str, str] = {}
    clause_rules: dict[str, str] = {}

    # ---- which encoded revision each rule's text is (encodings/agora/texts.lp); with `as_of`, the
    # revisions in force on that date where the table knows their dates
    text_revisions, text_mismatches = bind(ruleset)
    text_notes: list[str] = []
    not_yet: dict[int, str] = {}
    from_history = ruleset.format == "agora-yaml"
    if from_history:  # the texts of the day itself; what the folder does not record, it says
        text_notes = [f"{ruleset.name}: {note}" for note in ruleset.notes]
    if case.as_of is not None and not from_history:
        day = parse_time(case.as_of, f"{where}: as_of").date().isoformat()
        dated = select_by_date(ruleset, day)
        for number, revision in dated.revisions.items():
            text_revisions[number] = revision
            text_mismatches.pop(number, None)
        for number, revision in dated.unencoded.items():
            text_revisions.pop(number, None)
            encoded = encoded_texts()[number]
            title = next((r.title for r in ruleset.rules if r.id == number), "?")
            text_mismatches[number] = Mismatch(number, title, revision, f"as of {day}", encoded)
        not_yet = dated.not_yet
        for number in not_yet:
            text_revisions.pop(number, None)
            text_mismatches.pop(number, None)
        text_notes = [f"as of {day}: {note}" for note in dated.notes]
        text_notes.append(f"as of {day}: other rules as in {case.ruleset}")

    # ---- the parsed ruleset: the rules in force, with their IDs, Powers and titles (R105, R1688)
    for rule in ruleset.rules:
        if rule.id is None or rule.kind not in ("rule",) or rule.id in not_yet:
            continue
        context = f"{where}: ruleset {case.ruleset}, rule {rule.id}"
        if rule.id > CLINGO_MAX:  # it would wrap around onto another rule's number
            raise InputError(f"{context}: ID larger than this tool can count (at most {CLINGO_MAX})")
        power = power_units(rule.power or Decimal(0), context)
        add("base_rule", rule.id)
        add("rule_id", rule.id, rule.id)
        add("rule_power", rule.id, power)
        add("rule_enacted", rule.id, -1)
        rule_names[str(rule.id)] = f"R{rule.id} ({rule.title}, Power {rule.power})"
        rule_terms.append(fact_term(rule.id, "rule"))
    # R1688: which rules' changes the ruleset's texts secure (the same reader as `ruleset amend`)
    out += fact_lines(securing_facts(securings(ruleset), f"{where}: ruleset {case.ruleset}"))
    for number, revision in sorted(text_revisions.items()):
        add("text_revision", number, revision)
    add("precedence_policy", Name(case.policy))
    if case.blognomic is not None:  # BlogNomic's votable matters, decided by its own encodings
        from adjudicator.blognomic.matters import judge_facts as blognomic_facts
        out += blognomic_facts(case.blognomic, where)
    if case.options.attempts_violate == "True":
        add("option", Name("attempts_violate"))
    if case.options.r1030_step4 == "numbered_first":
        add("option", Name("r1030_step4"), Name("numbered_first"))
    if case.options.r2449 == "direct_only":
        add("option", Name("r2449_direct_only"))
    out += fact_lines(rule_change_readings(case.options))
    if case.options.r1728_40 == "same_announcement":
        add("option", Name("r1728_same_announcement"))
    if case.options.rule_changes == "not_caused":
        add("option", Name("rule_changes_not_caused"))
    if case.options.r2531_3 == "range_only":
        add("option", Name("r2531_range_only"))

    # ---- the gamestate's names
    lexicon = Lexicon()
    person_names: dict[str, str] = {}

    def add_entity(raw: str | Person, is_person: bool) -> str:
        ident, display = (raw.id, raw.name or raw.id) if isinstance(raw, Person) else (raw, raw)
        name = asp_name(ident)
        lexicon.persons[ident.lower()] = name
        lexicon.persons[display.lower()] = name
        lexicon.persons[name] = name
        person_names[name] = display
        add("entity", Name(name))
        if is_person:
            add("person", Name(name))
        return name

    gs = case.gamestate
    for p in gs.persons:
        add_entity(p, True)
    for x in gs.non_persons:
        add_entity(x, False)
    add_entity("lost_and_found", False) if "lost_and_found" not in lexicon.persons else None
    person_names["lost_and_found"] = "the Lost and Found Department"

    who = lexicon.person  # who(name, context); every context names the file

    for p in gs.players:
        add("registered_initially", Name(who(p, f"{where}: gamestate.players")))
    for p, n in gs.blots.items():
        add("blots_initially", Name(who(p, f"{where}: gamestate.blots")), int(n))
    for p, n in gs.coins.items():
        add("coins_initially", Name(who(p, f"{where}: gamestate.coins")), int(n))
    for office, holder in gs.offices.items():
        add("office", Name(asp_name(office)), Name(who(holder, f"{where}: gamestate.offices")))
    for p in gs.magisters:
        add("magister", Name(who(p, f"{where}: gamestate.magisters")))
    for record in gs.cfjs:
        add("cfj", record.id, Name(who(record.initiator, f"{where}: gamestate.cfjs")), Name(record.about))
    for rule, klass in gs.crime_classes.items():
        add("crime_class", int(rule), int(klass))

    # ---- time: the epoch is the Monday 00:00 UTC on or before everything in the case (R1023)
    times = [parse_time(e.at, f"{where}: event {i}") for i, e in enumerate(case.events, 1)]
    now = parse_time(case.now, f"{where}: now") if case.now is not None else (max(times) if times else None)
    earliest = min([t for t in [*times, now] if t is not None], default=datetime(2020, 1, 6, tzinfo=timezone.utc))
    start_day = earliest.replace(hour=0, minute=0, second=0, microsecond=0)
    epoch = start_day - timedelta(days=start_day.weekday())

    def minutes(moment: datetime) -> int:
        value = int((moment - epoch).total_seconds() // 60)
        if abs(value) > CLINGO_MAX:  # it would wrap around to some other moment
            raise InputError(f"{where}: {moment:%Y-%m-%d} is too far from the case's other dates (the solver "
                             f"counts minutes in 32 bits: about 4000 years)")
        return value

    # R478: the events in date-stamp order; within one date-stamp, in the order written.
    order = sorted(range(len(case.events)), key=lambda i: (times[i], i))
    index_of = {original: position + 1 for position, original in enumerate(order)}
    event_labels: dict[int, str] = {}
    for original in order:
        event = case.events[original]
        e = index_of[original]
        label = str(event.id) if event.id is not None else str(original + 1)
        if label.lower() in lexicon.events:
            raise InputError(f"{where}: two events are labelled {label!r}")
        lexicon.events[label.lower()] = e
        event_labels[e] = label
    lexicon.event_count = len(case.events)
    add("event_count", len(case.events))
    if now is not None:
        add("now_time", minutes(now))
    else:
        add("now_time", 0)

    # ---- hypothetical changes, and added rules' clauses
    added_counter = [0]

    def compile_condition(text: str, clause_id: str, context: str) -> list:
        node = parse(text, lexicon, context)
        compiled = Compiled()
        head = compiler.node(node, clause_id, compiled, context)
        if compiled.self_referential:
            raise InputError(f"{context}: a rule's condition cannot refer to this CFJ's own judgement")
        out.extend(compiled.rules)
        out.extend(fact_lines(compiled.query_points))
        return [atom("aux_head", head, PT)]

    def add_clause(rule: clingo.Symbol, clause: Clause, order_no: int, context: str, amended: bool, clause_ids: dict) -> None:
        rule_term = str(rule)
        cid = Name(f"c_{asp_name(clause.id)}" if clause.id else f"c_{rule_term.replace('(', '_').replace(')', '').replace(',', '_')}_{order_no}")
        if cid in clause_text:
            raise InputError(f"{context}: two clauses are called {clause.id!r}")
        clause_ids[clause.id or cid] = cid
        text = clause.says or " ".join(x for x in [clause.who, clause.modality, clause.action, clause.method and f"({clause.method})",
                                                   clause.when and f"if {clause.when}"] if x)
        clause_text[cid] = text
        clause_rules[cid] = rule_term
        add("clause", Name(cid), rule)
        add("clause_order", Name(cid), order_no)
        add("clause_says", Name(cid), plain(text))
        if amended:
            add("amended_in", Name(cid), rule)
        for target in clause.claims_precedence_over:
            add("claims_over", Name(cid), target_term(target, context))
        for target in clause.defers_to:
            add("defers", Name(cid), target_term(target, context))
        if clause.satisfaction_only_methods is not None:
            add("modality", Name(cid), Name("defines"))
            add("satisfaction_only_methods", Name(cid))
            for m in clause.satisfaction_only_methods:
                if m == "notice":
                    add("satisfaction_method_allowed", Name(cid), Name("notice"))
                elif m in ("t_notice", "t notice", "with t notice"):
                    notice = function("t_notice", Var("T"))
                    out.append(rule_text(atom("satisfaction_method_allowed", cid, notice), [atom("method", Var("_"), notice)]))
                else:
                    add("satisfaction_method_allowed", Name(cid), method_term(m, context))
            return
        if clause.asp:  # rules, facts and constraints only (adjudicator.solving.raw), none of the judge's own
            out.append(checked_rules(clause.asp.replace("CLAUSE", cid), context, reserved=STATEMENT_PREDICATES))
            if not clause.modality:
                add("modality", Name(cid), Name("defines"))
        if not clause.modality:
            if not clause.asp:
                raise InputError(f"{context}: a clause needs a modality (CAN, MAY, SHALL, ...) or asp")
            return
        modality = MODALITIES.get(" ".join(clause.modality.upper().split()))
        if modality is None:
            raise InputError(f"{context}: {clause.modality!r} is not one of R2152's terms ({', '.join(MODALITIES)})")
        if not clause.action:
            raise InputError(f"{context}: a clause with a modality needs an action")
        add("modality", Name(cid), Name(modality))
        action, _, _ = action_term(clause.action, lexicon, context)
        body = [atom("need", ACTOR, action, PT)]
        holder = " ".join(clause.who.lower().split())
        if holder in ("any person", "a person", "persons", "every person"):
            body.append(atom("person", ACTOR))
        elif holder in ("any player", "a player", "players", "every player"):
            body.append(atom("player_at", ACTOR, PT))
        elif holder in ("anyone", "any entity", "everyone"):
            body.append(atom("entity", ACTOR))
        else:
            body.append(compare(ACTOR, "=", Name(who(clause.who, context))))
        if clause.method and " ".join(clause.method.lower().split()) in UNSPECIFIED_METHOD:
            add("no_method", Name(cid))  # R2125: a CAN that names no method (CFJ 3736)
        elif clause.method:
            body.append(atom("via_dependent", ACTOR, action, method_term(clause.method, context), PT))
        if clause.when:
            body.extend(compile_condition(clause.when, cid, context))
        out.append(rule_text(atom("applies", cid, ACTOR, action, PT), body))

    def target_term(target, context: str) -> clingo.Symbol:
        if isinstance(target, int) or str(target).strip().lstrip("Rr").isdigit():
            number = solver_int(str(target).strip().lstrip("Rr"), context)
            return fact("rule", number)
        low = str(target).strip().lower()
        if low in ("all rules", "all", "any rule", "rules to the contrary"):
            return fact("all_rules")
        if low.startswith("class "):
            return fact("class", asp_name(low[6:]))
        raise InputError(f"{context}: {target!r} is not a rule, 'all rules' or 'class NAME'")

    compiler = Compiler(lambda phrase, ctx: time_point(phrase, ctx))
    query_counter = [0]

    def time_point(phrase: str, context: str) -> tuple[clingo.Symbol, list[clingo.Symbol]]:
        """The point a time phrase asks at, and the facts defining it (query_time/2, query_after/2)."""
        low = " ".join(phrase.lower().split())
        query_counter[0] += 1
        name = Name(f"t{query_counter[0]}")
        q = fact("q", name)
        m = re.fullmatch(r"(at|by|before|after) (.+)", low)
        kind, rest = m.group(1), m.group(2)
        if rest in ("now", "the end of the case"):
            return q, [fact("query_time", name, minutes(now) if now else 0)]
        m2 = re.fullmatch(r"event ([\w.\-]+)", rest)
        if m2:
            e = lexicon.event(m2.group(1), context)
            if kind == "before":
                return fact("ev", e), []
            return q, [fact("query_after", name, e)]
        moment = parse_time(phrase.split(None, 1)[1], context)
        return q, [fact("query_time", name, minutes(moment))]

    def add_rule(rule: AddedRule, context: str, at: int) -> clingo.Symbol:
        if rule.id is not None:
            term = fact_term(rule.id, context)
            if any(r.id == rule.id for r in ruleset.rules):
                raise InputError(f"{context}: rule {rule.id} already exists; amend it instead")
            add("rule_id", rule.id, rule.id)
        else:
            added_counter[0] += 1
            term = fact("new", added_counter[0])
        add("added_rule", term)
        power = power_units(rule.power, context)
        if case.policy == "blognomic":
            section = {"special_case": "Special Case", "appendix": "Appendix"}.get(rule.section or "", (rule.section or "").title())
            rule_names[str(term)] = f"the {section + ' ' if section else ''}rule \"{rule.title}\""
        else:
            rule_names[str(term)] = (f"{'R' + str(rule.id) if rule.id is not None else 'the new rule'} "
                                f"({rule.title}, Power {Decimal(power) / 1000:g})")
        rule_terms.append(term)
        if rule.enacted is not None:
            add("rule_enacted", term, minutes(parse_time(rule.enacted, context)))
        elif at > 0:
            out.append(rule_text(atom("rule_enacted", term, Var("T")), [atom("event_time", at, Var("T"))]))
        else:
            add("rule_enacted", term, 0)
        if rule.section:
            add("section", term, Name(asp_name(rule.section)))
        if rule.protected_from_dynastic:
            add("protected_from_dynastic", term)
        for klass in rule.classes:
            add("in_class", term, Name(asp_name(klass)))
        if rule.precedence_by is not None:
            add("precedence_by", term, rule.precedence_by)
            add("asked_rule", rule.precedence_by)
        for pair in rule.precedence_determinations:
            if len(pair) != 2:
                raise InputError(f"{context}: a precedence determination is [winner, loser]")
            add("pd_prefers", term, solver_int(pair[0], context), solver_int(pair[1], context))
        ids: dict = {}
        for n, clause in enumerate(rule.clauses, 1):
            add_clause(term, clause, n, f"{context}: clause {n}", False, ids)
        for n, secured in enumerate(rule.secures, 1):  # R1688: changes to the rules it names are secured
            secured_rule = term if secured.rule == "this rule" else secured.rule
            if secured_rule is not term and not any(r.id == secured_rule for r in ruleset.rules):
                raise InputError(f"{context}: secures[{n}]: rule {secured_rule} is not a rule of the ruleset")
            out.extend(fact_lines(securing_facts([Securing(term, secured_rule, secured.threshold)],
                                                 f"{context}: secures[{n}]")))
        for n, upon in enumerate(rule.upon, 1):  # the rule changes this rule makes upon an action (R2141, R105)
            where_upon = f"{context}: upon {n}"
            action, _, _ = action_term(upon.action, lexicon, where_upon)
            add("rule_upon", term, action, n)
            for provision in upon.provisions:
                if not isinstance(provision, dict) or len(provision) != 1:
                    raise InputError(f"{where_upon}: a provision is a one-key mapping, e.g. {{repeal: this rule}}")
                (key, value), = provision.items()
                key = key.lower().replace("_", " ")
                if key == "repeal":
                    itself = str(value).strip().lower() in ("this rule", "itself", "self")
                    target = term if itself else solver_int(value, where_upon)
                    add("upon_change", term, n, fact("repeal", target))
                elif key == "set power":
                    try:
                        change = SetPower.model_validate(value)
                    except ValidationError as exc:
                        raise InputError(f"{where_upon}: {validation_problems(exc)}") from None
                    add("upon_change", term, n, fact("set_power", change.rule, power_units(change.to, where_upon)))
                else:
                    raise InputError(f"{where_upon}: a rule's own changes are repeal or set power, not {key!r}")
        for clause in rule.clauses:
            for broader in clause.narrower_than:
                mine = ids[clause.id] if clause.id else None
                other = ids.get(broader) or f"c_{asp_name(broader)}"
                if mine:
                    add("narrower", Name(mine), Name(other))
        return term

    for n, change in enumerate(case.changes, 1):
        context = f"{where}: changes[{n}]"
        given = [x for x in (change.power, change.repeal, change.enact, change.amend) if x is not None]
        if len(given) != 1:
            raise InputError(f"{context}: give exactly one of power, repeal, enact, amend")
        if change.power is not None:
            add("hypothetical", fact("set_power", change.power.rule, power_units(change.power.to, context)))
        elif change.repeal is not None:
            add("hypothetical", fact("repeal", change.repeal))
        elif change.enact is not None:
            term = add_rule(change.enact, context, 0)
            add("hypothetical", fact("enact", term, power_units(change.enact.power, context)))
        else:
            amendment = change.amend
            add("hypothetical", fact("amend", amendment.rule))
            ids: dict = {}
            for k, clause in enumerate(amendment.clauses, 1):
                add_clause(fact_term(amendment.rule, context), clause, 100 + k, f"{context}: clause {k}", True, ids)
            for removed in amendment.remove:
                add("removes", amendment.rule, Name(asp_name(removed)))

    def provision_part(model, value, context: str):
        """A provision's value checked against its model: bad shapes are InputErrors, not KeyErrors."""
        try:
            return model.model_validate(value)
        except ValidationError as exc:
            raise InputError(f"{context}: {validation_problems(exc)}") from None

    def provision_facts(e: int, k: int, provision: dict, context: str) -> list[clingo.Symbol]:
        if not isinstance(provision, dict) or len(provision) != 1:
            raise InputError(f"{context}: a provision is a one-key mapping, e.g. {{win: [alice]}}")
        (key, value), = provision.items()
        key = key.lower().replace("_", " ")
        facts: list[clingo.Symbol] = []
        if key == "win":
            for p in (value if isinstance(value, list) else [value]):
                facts.append(fact('provision', e, fact('win', Name(who(p, context)))))
        elif key == "register":
            facts.append(fact('provision', e, fact('register', Name(who(value, context)))))
        elif key in ("register one of", "earn coin one of"):
            group = f"g{e}_{k}"
            kind = "register_one_of" if key.startswith("register") else "earn_coin_one_of"
            facts.append(fact('provision', e, fact(kind, Name(group))))
            for p in (value if isinstance(value, list) else [value]):
                facts.append(fact('one_of', Name(group), Name(who(p, context))))
        elif key == "earn coin":
            facts.append(fact('provision', e, fact('earn_coin', Name(who(value, context)))))
        elif key == "grant blots":
            grant = provision_part(GrantBlots, value, context)
            facts.append(fact('provision', e, fact('grant_blots', Name(who(grant.to, context)), grant.amount)))
        elif key == "repeal":
            facts.append(fact('provision', e, fact('repeal', solver_int(value, context))))
        elif key == "set power":
            change = provision_part(SetPower, value, context)
            facts.append(fact('provision', e, fact('set_power', change.rule, power_units(change.to, context))))
        elif key == "enact":
            rule = provision_part(AddedRule, value, context)
            term = add_rule(rule, context, e)
            facts.append(fact('provision', e, fact('enact', term, power_units(rule.power, context))))
        else:
            raise InputError(f"{context}: unknown provision {key!r} (win, register, register one of, earn coin, "
                             "earn coin one of, grant blots, repeal, set power, enact)")
        return facts

    # ---- events
    event_descriptions: dict[int, str] = {}
    chains: dict[int, int] = {}            # an unending chain's first cashing -> the rounds unrolled
    condition_heads: dict[int, clingo.Symbol] = {}  # a conditional event -> its condition's head
    ballot_events: dict[int, dict] = {}    # vote / withdraw-ballot events, as `agora resolve` ballots

    def event_condition(text: str, e: int, context: str) -> clingo.Symbol:
        node = parse(text, lexicon, context)
        compiled = Compiled()
        head = compiler.node(node, Name(f"cond{e}"), compiled, context)
        if compiled.self_referential:
            raise InputError(f"{context}: an event's condition cannot refer to this CFJ's own judgement")
        out.extend(compiled.rules)
        out.extend(fact_lines(compiled.query_points))
        return head
    uncertain: set[int] = set()
    for original in order:
        event = case.events[original]
        e = index_of[original]
        context = f"{where}: event {event_labels[e]}"
        add("event", e)
        add("event_time", e, minutes(times[original]))
        if event.caused_by is not None:
            add("caused_by", e, lexicon.event(str(event.caused_by), context))
        if event.chain is not None:  # R2518: a round of an unending chain of cashings (promises.lp)
            add("chain_round", e, lexicon.event(event.chain, context), int(event.chain_round or 0))
            chains[lexicon.event(event.chain, context)] = max(chains.get(lexicon.event(event.chain, context), 0),
                                                              int(event.chain_round or 0))
        if event.when is not None:  # a conditional announcement (R478): asked just before the event
            condition_heads[e] = event_condition(event.when, e, f"{context}: when")
            out.append(rule_text(fact("condition_met", e), [atom("aux_head", condition_heads[e], function("ev", e))]))
            add("conditional", e)
        if event.otherwise_of is not None:  # taken exactly when the other's condition did not hold
            other = lexicon.event(str(event.otherwise_of), context)
            out.append(rule_text(fact("condition_met", e), [atom("point", function("ev", other)),
                                                             negated(atom("aux_head", condition_heads[other],
                                                                          function("ev", other)))]))
            add("conditional", e)
        if event.uncertain:
            add("uncertain", e)
            uncertain.add(e)
        kind = event.do.strip().lower().replace("_", "-").replace(" ", "-")
        actor = who(event.by, context) if event.by else None
        if actor:
            add("actor", e, Name(actor))
        elif kind not in ("judge", "instrument"):
            raise InputError(f"{context}: who acted? (by:)")
        event_descriptions[e] = describe_event(event, event_labels[e], times[original])

        def intent_ref() -> int:
            if event.intent is None:
                raise InputError(f"{context}: which intent? (intent: the event id of the announcement of intent)")
            return lexicon.event(str(event.intent), context)

        if event.unclear:  # R2595 (an intent) or R478 (any announcement): not unambiguous and clear
            add("unclear", e)
        if kind == "register":
            add("act", e, Name("register"))
        elif kind == "deregister":
            add("act", e, Name("deregister"))
        elif kind == "intend":
            if not event.action or not event.method:
                raise InputError(f"{context}: an announcement of intent needs action and method")
            action, _, _ = action_term(event.action, lexicon, context)
            add("act", e, Name("intend"))
            add("intent_action", e, action)
            add("intent_method", e, method_term(event.method, context))
            for p in event.players:
                add("intent_target", e, Name(who(p, context)))
            if event.target:
                add("intent_target", e, Name(who(event.target, context)))
            if event.conditions_unmet:
                add("conditions_unmet", e)
        elif kind in ("support", "object"):
            add("act", e, fact(kind, intent_ref()))
        elif kind in ("withdraw-support", "withdraw-objection"):
            which = "support" if kind.endswith("support") else "object"
            add("act", e, fact("withdraw", Name(which), intent_ref()))
        elif kind == "perform":
            add("act", e, fact("perform", intent_ref()))
        elif kind == "create-blots":
            add("act", e, fact("create_blots", int(event.amount or 0)))
        elif kind == "levy-fine":
            if event.perp is None or event.amount is None or event.rule is None:
                raise InputError(f"{context}: a fine needs perp, amount and rule")
            add("act", e, fact("levy_fine", Name(who(event.perp, context)), event.amount, event.rule))
            add("asked_rule", event.rule)
            known = {"minor", "accidental", "inconsequential", "willful", "profitable", "egregious", "abuse"}
            for circumstance in event.circumstances:
                if circumstance.lower() not in known:
                    raise InputError(f"{context}: circumstance {circumstance!r} is not one of R2557's "
                                     f"({', '.join(sorted(known))})")
                add("circumstance", e, Name(circumstance.lower()))
        elif kind == "petition":
            if not event.office:
                raise InputError(f"{context}: a petition names an office")
            add("act", e, fact("petition", Name(asp_name(event.office))))
        elif kind == "respond":
            if event.petition is None:
                raise InputError(f"{context}: respond to which petition? (petition: event id)")
            add("act", e, fact("respond", lexicon.event(str(event.petition), context)))
        elif kind == "grant-promise":  # R2618
            if not event.promise or not event.to:
                raise InputError(f"{context}: a promise needs its title (promise:) and bearer (to:)")
            add("act", e, fact("grant_promise", plain(event.promise.strip().lower()), Name(who(event.to, context))))
        elif kind == "cash":  # R2618
            if not event.promise:
                raise InputError(f"{context}: cash which promise? (promise:)")
            add("act", e, fact("cash", plain(event.promise.strip().lower())))
        elif kind in ("vote", "withdraw-ballot"):  # R683: ballots announced by events
            if event.decision is None or (kind == "vote" and not event.vote):
                raise InputError(f"{context}: a {kind} event names the decision (decision:)"
                                 + (" and the vote (vote:)" if kind == "vote" else ""))
            if case.decisions is None:
                raise InputError(f"{context}: a {kind} event needs the case's decisions: (the Agoran decision it is on)")
            decision = decision_id(str(event.decision))
            if kind == "vote":  # the vote's text names it (ballots.lp judges it, via `agora resolve`)
                written = event.vote if isinstance(event.vote, str) else "[" + ", ".join(event.vote) + "]"
                add("act", e, fact("vote", decision_key(decision), written.strip().upper()))
            else:
                add("act", e, fact("withdraw_ballot", decision_key(decision)))
            ballot_events[e] = {"voter": person_names.get(actor, event.by), "decision": decision,
                                "at": times[original].isoformat(),
                                **({"vote": event.vote if isinstance(event.vote, list) else event.vote.strip()}
                                   if kind == "vote" else {"withdraw": True})}
        elif kind == "pledge":  # R2450
            if not event.action:
                raise InputError(f"{context}: a pledge names the action pledged (action: ...)")
            if re.fullmatch(r"(?:violate|break) (?:this|the) pledge", " ".join(event.action.lower().split())):
                action = fact("break_pledge", e)
            else:
                action, _, _ = action_term(event.action, lexicon, context)
            add("act", e, fact("pledge_refrain" if event.refrain else "pledge", action))
            if event.window_days is not None:  # R2450's default (60 days) is in pledges.lp
                add("stated_window", e, solver_int(event.window_days, f"{context}: window_days"))
        elif kind == "publish-list":
            add("act", e, fact("publish_list", intent_ref()))
        elif kind == "judge":
            if event.cfj is None or not event.judgement:
                raise InputError(f"{context}: a judgement needs cfj and judgement")
            add("act", e, fact("judge", event.cfj, Name(asp_name(event.judgement))))
        elif kind == "transcend":
            if event.cfj is None:
                raise InputError(f"{context}: transcend logic on which CFJ? (cfj:)")
            add("act", e, fact("transcend", event.cfj))
        elif kind in ("instrument", "demonstrate-form"):
            if kind == "instrument":
                if event.power is None:
                    raise InputError(f"{context}: an instrument needs its power")
                add("act", e, Name("instrument"))
                add("instrument_power", e, power_units(event.power, context))
            else:
                add("act", e, Name("demonstrate_form"))
            for k, provision in enumerate(event.provisions, 1):
                out.extend(fact_lines(provision_facts(e, k, provision, f"{context}: provision {k}")))
        elif re.fullmatch(r"[a-z][a-z0-9\-]*", kind):
            action, _, _ = action_term(event.do, lexicon, context)
            add("act", e, action)
        else:
            raise InputError(f"{context}: unknown kind of event {event.do!r}")

    # ---- facts outside the gamestate (R591: IRRELEVANT)
    outside_facts: dict[str, str] = {}
    for key, sentence in case.outside_gamestate.items():
        ident = asp_name(f"x_{key}")
        outside_facts[ident] = str(sentence)
        lexicon.outside[" ".join(str(sentence).split()).rstrip(".").lower()] = ident
        add("outside_fact", Name(ident))

    for chain, rounds in chains.items():
        add("unending_chain", chain, rounds)
    if case.decisions is not None and not ballot_events:  # Agoran decisions, resolved by their own encodings
        from adjudicator.agora.decision_statements import decision_facts

        out.extend(decision_facts(case.decisions, where, minutes))  # minutes: lifecycle statements at a time

    # ---- statements
    nodes: list[Node | None] = []
    self_ref: set[int] = set()
    indeterminacy: set[int] = set()
    statement_points: dict[int, set[clingo.Symbol]] = {}
    for i, statement in enumerate(case.statements, 1):
        context = f"{where}: statement {i}"
        tag = statement_tag(i)
        add("statement", tag)
        point = statement_point(i)
        add("query_time", point.arguments[0], minutes(now) if now else 0)
        if statement.asp:
            # its own namespace: it reads the gamestate, and cannot change it or another statement
            body, goal = statement_program(statement.asp, f"raw_{i}", context)
            out.append(body)
            out.append(rule_text(atom("holds", tag), [atom(goal)]))
            nodes.append(None)
            continue
        text = statement.text
        asked = re.fullmatch(r"\s*it is indeterminate whether (.+)", text, re.IGNORECASE | re.DOTALL)
        if asked:  # R2518: a question over all consistent gamestates; the inner sentence is compiled
            text = asked.group(1)
            indeterminacy.add(i)
        node = parse(text, lexicon, context)
        compiled = Compiled()
        head = compiler.node(node, tag, compiled, context)
        out.extend(compiled.rules)
        out.extend(fact_lines(compiled.query_points))
        statement_points[i] = {fact("q", point.arguments[0]) for point in compiled.query_points}
        out.append(rule_text(atom("holds", tag), [atom("aux_head", head, point)]))
        if compiled.self_referential:
            add("self_referential", tag)
            self_ref.add(i)
        asked_events, asked_persons, asked_rules = referenced(node)
        for r in asked_rules:
            add("asked_rule", r)
        for e in asked_events:  # what the why-tree's derivations are drawn for (derivations.lp)
            add("asked_event", e)
        for p in asked_persons:
            add("asked_person", Name(p))
        nodes.append(node)

    # statements about what players CAN bring about (R1698): answered by the ossification model
    from adjudicator.agora.possibility_statements import possibility_facts

    out.extend(possibility_facts(case, ruleset, nodes, person_names, where))

    return CaseFacts(
        case=case, path=path, ruleset=ruleset, program=out, lexicon=lexicon, statement_nodes=nodes,
        self_referential=self_ref, rule_names=rule_names, rule_terms=rule_terms, clause_text=clause_text,
        person_names=person_names, event_labels=event_labels, event_descriptions=event_descriptions, epoch=epoch,
        uncertain_events=uncertain, statement_points=statement_points, clause_rules=clause_rules,
        text_revisions=text_revisions, text_mismatches=text_mismatches, outside_facts=outside_facts,
        text_notes=text_notes, indeterminacy=indeterminacy, ballot_events=ballot_events, minutes=minutes,
    )


def describe_event(event: Event, label: str, moment: datetime) -> str:
    parts = [f"event {label} ({moment.strftime('%Y-%m-%d %H:%M')} UTC):"]
    if event.by:
        parts.append(event.by)
    if event.do == "perform" and event.intent is not None:  # R1728: performing an announced intent
        parts.append(f"performs the action intended in event {event.intent}")
    else:
        parts.append(event.do)
    for key in ("action", "method", "amount", "perp", "rule", "office", "cfj", "judgement", "power"):
        value = getattr(event, key)
        if value is not None:
            parts.append(f"{key}={value}")
    if event.players:
        parts.append("players=" + ",".join(event.players))
    if event.provisions:
        parts.append("provisions=" + "; ".join(f"{k} {v}" for p in event.provisions for k, v in p.items()))
    if event.promise:
        parts.append(f"promise={event.promise!r}")
    if event.caused_by is not None:
        parts.append(f"[as if published, by cashing in event {event.caused_by} (R2618)]")
    if event.uncertain:
        parts.append("[uncertain: the case does not know whether this happened]")
    return " ".join(str(p) for p in parts)
