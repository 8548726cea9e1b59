"""Agoran decisions in the judge: a case's `decisions:` section (the input of `agora resolve`) is
resolved by the decision encodings (`resolve.py`), and what they decided becomes facts the
judge's statements read: "proposal 8500 was adopted", "the outcome of the referendum on proposal
8500 was FAILED QUORUM", "Aris's ballot on proposal 8500 counted as FOR", "the quorum of the
referendum on proposal 8500 was 5", "the voting strength of Aris on proposal 8500 was 4",
"R2168 was amended by proposal 8500". Nothing is decided here: the facts are read back from the
decision encodings' models, and a tie the vote collector breaks stays open (each alternative a
gamestate, `encodings/agora/decision_results.lp`).

Facts and statement literals are clingo symbols and AST (`adjudicator.solving.terms`): no ASP text
is put together here.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Any, Callable

import clingo
from clingo import ast

from adjudicator.agora.decisions import decision_key as key_of, parse_input
from adjudicator.agora.resolve import resolve
from adjudicator.solving.terms import CLINGO_MAX, Atoms, Name, Var, atom, fact, fact_lines, negated

OUTCOME_ATOMS = {"ADOPTED": "adopted", "REJECTED": "rejected", "FAILED QUORUM": "failed_quorum", "NULL": "null"}
PT = Var("PT")  # the point a statement is asked at (statements.py binds it)


def outcome_atom(text: str | None) -> clingo.Symbol:
    if text is None:
        return fact("null")
    known = OUTCOME_ATOMS.get(text.upper())
    return fact(known) if known else fact("opt", key_of(text))


def vote_atom(value: Any) -> clingo.Symbol:
    if isinstance(value, list):
        return fact("list", *(key_of(v) for v in value))
    if str(value).upper() == "PRESENT":
        return fact("present")
    return fact("opt", key_of(str(value).upper() if str(value).upper() in ("FOR", "AGAINST") else value))


def decision_id(text: str) -> int | str:
    text = text.strip().lstrip("#")
    return int(text) if text.isdecimal() else text


def decision_facts(raw: Any, source: str, minutes: Callable[[datetime], int] | None = None,
                   on_resolved: Callable[[Any, Any], list[clingo.Symbol]] | None = None) -> list[str]:
    """`decision_symbols` as program lines (written by clingo)."""
    return fact_lines(decision_symbols(raw, source, minutes, on_resolved))


def decision_symbols(raw: Any, source: str, minutes: Callable[[datetime], int] | None = None,
                     on_resolved: Callable[[Any, Any], list[clingo.Symbol]] | None = None,
                     extra: tuple = ()) -> list[clingo.Symbol]:
    """The facts of a case's `decisions:` section, resolved, as clingo symbols. `minutes` turns a
    time into the judge's minutes (its epoch), so that lifecycle statements can be asked at a time;
    `on_resolved(input, resolution)` adds the facts of another reader (the rules the changes made);
    `extra`: more input facts of the decision encodings (what the case's events did to them)."""
    data = parse_input(raw, f"{source}: decisions")
    result = resolve(data, f"{source}: decisions", extra=extra)
    facts: list[clingo.Symbol] = []

    def because(literal: clingo.Symbol, reasons) -> None:
        facts.extend(fact("nomic_reason", literal, reason) for reason in reasons)
    for d in result.decisions:
        t = key_of(d.id)
        facts.append(fact("agoran_decision", t))
        # the outcome's reasons (R2623's popularity, which the explanation also publishes, is none)
        why = [line for line in [*d.explanation, *d.notes] if not line.startswith("R2623: popularity")]
        if d.outcome is not None:
            facts.append(fact("decision_outcome", t, outcome_atom(d.outcome)))
            because(fact("decision_outcome", t, outcome_atom(d.outcome)), why)
        if d.adopted:
            because(fact("proposal_adopted", t), why)
        if d.quorum is not None:
            because(fact("decision_quorum", t, d.quorum), [r for r in why if "R879" in r])
        for alternative in d.alternatives:
            facts.append(fact("decision_outcome_alternative", t, outcome_atom(alternative)))
        if d.quorum is not None:
            facts.append(fact("decision_quorum", t, d.quorum))
        facts.append(fact("decision_voter_count", t, d.voter_count))  # R208 item 3: the voters
        facts += [fact("decision_voter", t, v) for v in d.voters]
        because(fact("decision_voter_count", t, d.voter_count),
                ["R208 item 3: the voters are the entities with a valid ballot at the end of voting"])
        for b in d.ballots:
            because(fact("decision_voter", t, b.voter), [b.reason])
        for b in d.ballots:
            if b.valid:
                facts.append(fact("ballot_counted_as", t, b.voter, vote_atom(b.counted_as)))
                facts.append(fact("decision_strength", t, b.voter, b.strength))
                because(fact("ballot_counted_as", t, b.voter, vote_atom(b.counted_as)), [b.reason])
                because(fact("decision_strength", t, b.voter, b.strength), [b.reason])
        if d.adopted:
            facts.append(fact("proposal_adopted", t))
    facts += lifecycle_facts(result, minutes)
    for change in result.ruleset_changes:
        for c in change.changes:
            found = re.search(r"\d+", c.get("rule") or "")
            if c["status"] == "APPLIED" and found:
                facts.append(fact("rule_changed_by", int(found.group(0)), key_of(change.decision)))
    if on_resolved is not None:
        facts += on_resolved(data, result)
    return facts


def lifecycle_facts(result, minutes: Callable[[datetime], int] | None = None) -> list[clingo.Symbol]:
    """The proposal lifecycle (`events:`), as `agora resolve` found it (proposals.lp decided it): each
    proposal by its name and, once distributed, by its ID. `nomic_final(L)`: L holds at the end of
    the timeline; `nomic_interval(L, From, Until)`: from the event that made L so until the one that
    ended it (judge minutes); `nomic_reason(L, Text)`: the rule behind it, for the explanation."""
    effective_events: dict[tuple[str, str], list] = {}
    for e in result.events:
        if e.effective:
            effective_events.setdefault((e.event, str(e.subject)), []).append(e)
    facts = _failure_reasons(result)
    for p in result.proposals:
        keys = [key_of(p.name)] + ([key_of(p.id)] if p.id is not None else [])
        mine = [e for e in result.events if e.effective and (
            str(e.subject) == p.name or (e.event == "recycle" and p.id is not None and str(e.subject) == str(p.id)))]
        facts += _intervals(p, keys, mine, minutes)
        facts += _pool_reasons(keys, mine)
        facts += _final_state(p, keys, effective_events)
    return facts


# The fact an event that failed would have made true: its reason goes with it.
FAILED_EVENT_LITERALS = {"create-proposal": ("proposal_created",), "pend": ("proposal_pending",),
                         "remove": ("proposal_in_pool",), "distribute": ("proposal_distributed_as", 0)}


def _failure_reasons(result) -> list[clingo.Symbol]:
    """Why an event did not happen, with the fact it would have made true."""
    facts: list[clingo.Symbol] = []
    ids = {p.name: p.id for p in result.proposals}
    for e in result.events:
        if e.effective is False and e.subject is not None:
            keys = [key_of(e.subject)] + ([key_of(ids[e.subject])] if ids.get(e.subject) is not None else [])
            for k in keys:
                shape = FAILED_EVENT_LITERALS.get(e.event)
                if shape:
                    literal = fact(shape[0], k, *shape[1:])
                    facts.append(fact("nomic_reason", literal, f"event {e.index} ({e.event} by {e.by}) failed: {e.reason}"))
    return facts


def _intervals(p, keys: list, mine: list, minutes: Callable[[datetime], int] | None) -> list[clingo.Symbol]:
    """When each state of proposal `p` began (and, for the Pool, ended): its effective events in order."""
    def at(e) -> int | None:
        if minutes is None:
            return None
        moment = datetime.fromisoformat(e.at)
        return minutes(moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc))

    facts: list[clingo.Symbol] = []

    def since(literal: clingo.Symbol, start, until: int | None = None) -> None:
        if start is not None:
            facts.append(fact("nomic_interval", literal, start, CLINGO_MAX if until is None else until))
    made = next((at(e) for e in mine if e.event == "create-proposal"), None)
    pended = next((at(e) for e in mine if e.event == "recycle" or (e.event == "pend")), None)
    sponsored_at = next((at(e) for e in mine if e.event == "pend" and "sponsored" in e.reason), None)
    pool: list[tuple[int | None, int | None]] = []
    for e in mine:
        if e.event in ("create-proposal", "recycle"):
            pool.append((at(e), None))
        elif e.event in ("remove", "distribute") and pool and pool[-1][1] is None:
            pool[-1] = (pool[-1][0], at(e))
    for k in keys:
        since(fact("proposal_created", k), made)
        since(fact("proposal_pending", k), pended)
        since(fact("proposal_sponsored", k), sponsored_at)
        for start, end in pool:
            since(fact("proposal_in_pool", k), start, end)
        for e in mine:
            if e.event == "distribute":
                since(fact("proposal_distributed", k, e.at[:10]), at(e))
                since(fact("proposal_distributed_as", k, _id_of(e)), at(e))
        if p.created:
            for c in p.coauthors:
                since(fact("proposal_coauthor", k, c), made)
            if p.proposal_class:
                since(fact("proposal_class_is", k, Name(p.proposal_class)), made)
            if p.chamber:
                since(fact("proposal_chamber_is", k, p.chamber), made)
    return facts


def _pool_reasons(keys: list, mine: list) -> list[clingo.Symbol]:
    """The Pool: entered and left (R2350, R1607, R2625)."""
    return [fact("nomic_reason", fact("proposal_in_pool", k), f"{e.at}: {e.reason}")
            for e in mine if e.event in ("create-proposal", "recycle", "remove", "distribute") for k in keys]


def _final_state(p, keys: list, effective_events: dict) -> list[clingo.Symbol]:
    """What holds of proposal `p` at the end of the timeline, with the rules behind it."""
    facts: list[clingo.Symbol] = []

    def add(literal: clingo.Symbol, reasons: list[str]) -> None:
        facts.append(fact("nomic_final", literal))
        facts.extend(fact("nomic_reason", literal, reason) for reason in reasons)
    created = [f"{e.at}: {e.reason}" for e in effective_events.get(("create-proposal", p.name), [])]
    pends = [f"{e.at}: {e.reason}" for e in effective_events.get(("pend", p.name), [])]
    pends += [f"{e.at}: {e.reason}" for e in effective_events.get(("recycle", str(p.id)), [])]
    distributions = effective_events.get(("distribute", p.name), [])
    for k in keys:
        if p.created:
            add(fact("proposal_created", k), created)
        if p.pending:
            add(fact("proposal_pending", k), pends)
        if p.in_pool:
            add(fact("proposal_in_pool", k), [])
        for e in distributions:
            add(fact("proposal_distributed", k, e.at[:10]), [f"{e.at}: {e.reason}"])
        if p.id is not None:
            add(fact("proposal_distributed_as", k, key_of(p.id)), [f"{e.at}: {e.reason}" for e in distributions])
        if p.proposal_class:
            add(fact("proposal_class_is", k, Name(p.proposal_class)),
                [n for n in p.notes if "R2606" in n] or ["R2606: ordinary, the default (its AI is below 3.0)"])
        if p.chamber:
            settings = [f"{e.at}: {e.reason}" for e in effective_events.get(("set-chamber", p.name), [])]
            add(fact("proposal_chamber_is", k, p.chamber), settings[-1:] or ["R2607, R2350: set at its creation"])
        for c in p.coauthors:
            add(fact("proposal_coauthor", k, c), ["R2350: listed at its creation" if not p.sponsored else
                                                  "R2350 (listed at creation) or R2622 (paid a Pendant)"])
        if p.sponsored:
            add(fact("proposal_sponsored", k), [r for r in pends if "sponsored" in r])
    return facts


def _id_of(e) -> int:
    """The ID a `distribute` event's reason names (R1607: the Promotor assigns it)."""
    found = re.search(r"proposal (\d+)", e.reason)
    return int(found.group(1)) if found else 0


_DECISION = r"(?:the\s+)?(?:(?:referendum|decision)\s+on\s+)?(?:proposal|decision|referendum)\s+#?(?P<d>[\w.\-]+)"


def _literal(literal: ast.AST, neg: bool = False) -> ast.AST:
    """The literal of a statement (clingo AST; statements.py makes it a node of the judge's language)."""
    return negated(literal) if neg else literal


def _decision(m, lx, w) -> int | str:
    """The decision a statement names: one of the case's, by id or name, or the statement is refused."""
    return lx.decision(m["d"], w)


# What the decision encodings decide about a decision (read back after the ballots are found).
DECISION_RESULTS = frozenset({"proposal_adopted", "decision_outcome", "ballot_counted_as", "decision_quorum",
                              "decision_strength", "rule_changed_by", "decision_voter_count", "decision_voter"})


def reads_decision_results(literals: list) -> bool:
    """Whether a statement's literals read what a decision's resolution decides."""
    return any(name in DECISION_RESULTS for lit in literals for name in re.findall(r"\b([a-z_]\w*)\(", str(lit)))


def _adopted(m, lx, w):
    return _literal(atom("proposal_adopted", _decision(m, lx, w)), neg=bool(m["neg"]))


def _outcome(m, lx, w):
    decision = _decision(m, lx, w)
    outcome = lx.option(decision, m["x"].strip().strip(chr(34)), tuple(OUTCOME_ATOMS), "an outcome or option", w)
    return _literal(atom("decision_outcome", decision, outcome_atom(outcome)))


def _counted(m, lx, w):
    decision = _decision(m, lx, w)
    vote = lx.option(decision, m["v"], ("FOR", "AGAINST", "PRESENT"), "a vote or option", w)
    return _literal(atom("ballot_counted_as", decision, lx.voter(m["who"], w), vote_atom(vote)))


def _quorum(m, lx, w):
    return _literal(atom("decision_quorum", _decision(m, lx, w), int(m["n"])))


def _strength(m, lx, w):
    return _literal(atom("decision_strength", _decision(m, lx, w), lx.voter(m["who"], w), int(m["n"])))


def _changed(m, lx, w):
    return _literal(atom("rule_changed_by", int(m["rule"]), _decision(m, lx, w)))


def _voters(m, lx, w):
    return _literal(atom("decision_voter_count", _decision(m, lx, w), int(m["n"])))


def _voter(m, lx, w):
    return _literal(atom("decision_voter", _decision(m, lx, w), lx.voter(m["who"], w)), neg=bool(m["neg"]))


def _standing(m, lx, w):
    """A ballot announced by an event (R683; encodings/agora/event_ballots.lp), at the statement's point."""
    neg = bool(m["neg"]) or bool(m["no"])
    return _literal(atom("ballot_standing_at", _decision(m, lx, w), lx.person(m["who"], w), PT), neg=neg)


def reason_lines(node, atoms: Atoms) -> list[str]:
    """The rules behind the nomic-loop facts a statement reads (`nomic_reason/2`), for the judge's
    explanation: `atoms` are the witness gamestate's. A literal asked at a
    point (`nomic_holds(L, PT)`) is explained by L's reasons; "distributed" (`nomic_distributed(K, PT)`)
    by those of any `proposal_distributed_as(K, _)`."""
    wanted: list[tuple[clingo.Symbol, bool]] = []  # (atom, any ID): compared as symbols
    stack = [node]
    while stack:
        n = stack.pop()
        stack.extend(n.children)
        for literal in n.literals:
            if literal.atom.ast_type != ast.ASTType.SymbolicAtom:  # a comparison, an aggregate
                continue
            term = literal.atom.symbol
            if term.ast_type == ast.ASTType.SymbolicTerm:
                wanted.append((term.symbol, False))
            elif term.ast_type != ast.ASTType.Function:
                continue
            elif term.name == "nomic_holds":
                wanted.append((term.arguments[0].symbol, False))
            elif term.name == "nomic_distributed":
                wanted.append((fact("proposal_distributed_as", term.arguments[0].symbol, 0), True))
    lines: list[str] = []
    for said, reason in atoms.terms("nomic_reason", 2):
        for target, any_id in wanted:
            if said == target or (any_id and said.name == target.name and said.arguments[:1] == target.arguments[:1]):
                line = f"  {reason.string}"
                if line not in lines:
                    lines.append(line)
    return (["Found by agora resolve (encodings/agora):"] + lines) if lines else []


def _key(m, lx, w) -> int | str:
    """The proposal a statement names: one of the case's, by name or id, or the statement is refused."""
    return lx.decision(m["p"], w)


def _at(literal: clingo.Symbol) -> ast.AST:
    """A lifecycle fact asked at the statement's point (PT: its time, or the end of the timeline)."""
    return atom("nomic_holds", literal, PT)


def _proposal_state(name: str):
    return lambda m, lx, w: _literal(_at(fact(name, _key(m, lx, w))), neg=bool(m["neg"]))


def _distributed(m, lx, w):
    if m["on"]:
        return _literal(_at(fact("proposal_distributed", _key(m, lx, w), m["on"])), neg=bool(m["neg"]))
    if m["as"]:
        return _literal(_at(fact("proposal_distributed_as", _key(m, lx, w), key_of(decision_id(m["as"])))),
                    neg=bool(m["neg"]))
    return _literal(atom("nomic_distributed", _key(m, lx, w), PT), neg=bool(m["neg"]))


_PROPOSAL = r"proposal (?P<p>.+?)"
_NEG = r"(?P<neg> not)?"
PATTERNS = [
    # The proposal lifecycle (R2350, R2622, R2606, R2607, R1607): the state at the end of the timeline.
    (re.compile(rf"^{_PROPOSAL} (?:is|was){_NEG} pending$", re.I), _proposal_state("proposal_pending")),
    (re.compile(rf"^{_PROPOSAL} (?:is|was){_NEG} in the Proposal Pool$", re.I), _proposal_state("proposal_in_pool")),
    (re.compile(rf"^{_PROPOSAL} (?:is|was|has been){_NEG} created$", re.I), _proposal_state("proposal_created")),
    (re.compile(rf"^{_PROPOSAL} (?:is|was|has been){_NEG} sponsored$", re.I), _proposal_state("proposal_sponsored")),
    (re.compile(rf"^{_PROPOSAL} (?:was|has been){_NEG} distributed(?: on (?P<on>\d{{4}}-\d\d-\d\d)| as proposal #?(?P<as>\d+))?$",
                re.I), _distributed),
    (re.compile(r"^the class of proposal (?P<p>.+?) (?:is|was) (?P<c>ordinary|democratic)$", re.I),
     lambda m, lx, w: _literal(_at(fact("proposal_class_is", _key(m, lx, w), Name(m["c"].lower()))))),
    (re.compile(r"^the chamber of proposal (?P<p>.+?) (?:is|was) (?:the )?(?:Ministry of )?(?P<c>\w+)$", re.I),
     lambda m, lx, w: _literal(_at(fact("proposal_chamber_is", _key(m, lx, w), m["c"].capitalize())))),
    (re.compile(r"^(?P<who>.+?) (?:is|was) a coauthor of proposal (?P<p>.+?)$", re.I),
     lambda m, lx, w: _literal(_at(fact("proposal_coauthor", _key(m, lx, w), lx.voter(m["who"], w))))),
    (re.compile(r"^proposal #?(?P<d>[\w.\-]+) (?:was|is|has been)(?P<neg> not)? adopted$", re.I), _adopted),
    (re.compile(rf"^the outcome of {_DECISION} (?:was|is) (?P<x>.+)$", re.I), _outcome),
    (re.compile(rf"^(?P<who>.+?)(?:'s|’s) ballot on {_DECISION} (?:was )?counted as (?P<v>\S+)$", re.I), _counted),
    (re.compile(rf"^the quorum of {_DECISION} (?:was|is) (?P<n>\d+)$", re.I), _quorum),
    (re.compile(rf"^the number of voters on {_DECISION} (?:was|is) (?P<n>\d+)$", re.I), _voters),
    (re.compile(rf"^(?P<who>.+?) (?:was|is)(?P<neg> not)? a voter on {_DECISION}$", re.I), _voter),
    (re.compile(rf"^(?P<who>.+?) (?:has|had)(?P<neg> not)? (?:cast )?(?:a|(?P<no>no)) (?:non-withdrawn )?"
                rf"ballot on {_DECISION}$", re.I), _standing),
    (re.compile(rf"^the voting strength of (?P<who>.+?) on {_DECISION} (?:was|is) (?P<n>\d+)$", re.I), _strength),
    (re.compile(r"^(?:R|Rule )(?P<rule>\d+) was (?:amended|changed) by proposal #?(?P<d>[\w.\-]+)$", re.I), _changed),
]
