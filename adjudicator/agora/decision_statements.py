"""Agoran decisions in the judge: a case's `decisions:` section (the input of `agora resolve`) is
resolved by the decision encodings (`resolve.py`), and what they decided becomes facts the
judge's statements read: "proposal 8500 was adopted", "the outcome of the referendum on proposal
8500 was FAILED QUORUM", "Aris's ballot on proposal 8500 counted as FOR", "the quorum of the
referendum on proposal 8500 was 5", "the voting strength of Aris on proposal 8500 was 4",
"R2168 was amended by proposal 8500". Nothing is decided here: the facts are read back from the
decision encodings' models, and a tie the vote collector breaks stays open (each alternative a
gamestate, `encodings/agora/decision_results.lp`).
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Any, Callable

from adjudicator.agora.decisions import parse_input, term
from adjudicator.agora.resolve import resolve
from adjudicator.errors import InputError
from adjudicator.solving.terms import CLINGO_MAX

OUTCOME_ATOMS = {"ADOPTED": "adopted", "REJECTED": "rejected", "FAILED QUORUM": "failed_quorum", "NULL": "null"}


def outcome_atom(text: str | None) -> str:
    if text is None:
        return "null"
    return OUTCOME_ATOMS.get(text.upper(), f"opt({term(text)})")


def vote_atom(value: Any) -> str:
    if isinstance(value, list):
        return "list(" + ",".join(term(v) for v in value) + ")" if value else "list"
    if str(value).upper() == "PRESENT":
        return "present"
    return f"opt({term(str(value).upper() if str(value).upper() in ('FOR', 'AGAINST') else value)})"


def decision_id(text: str) -> int | str:
    text = text.strip().lstrip("#")
    return int(text) if text.isdigit() else text


def decision_facts(raw: Any, source: str, minutes: Callable[[datetime], int] | None = None) -> list[str]:
    """The facts of a case's `decisions:` section, resolved. `minutes` turns a time into the judge's
    minutes (its epoch), so that lifecycle statements can be asked at a time."""
    data = parse_input(raw, f"{source}: decisions")
    result = resolve(data, f"{source}: decisions")
    facts: list[str] = []
    for d in result.decisions:
        t = term(d.id)
        facts.append(f"agoran_decision({t}).")
        why = [*d.explanation, *d.notes]
        if d.outcome is not None:
            facts.append(f"decision_outcome({t},{outcome_atom(d.outcome)}).")
            facts += [f"nomic_reason(decision_outcome({t},{outcome_atom(d.outcome)}),{term(r)})." for r in why]
        if d.adopted:
            facts += [f"nomic_reason(proposal_adopted({t}),{term(r)})." for r in why]
        if d.quorum is not None:
            facts += [f"nomic_reason(decision_quorum({t},{d.quorum}),{term(r)})." for r in why if "R879" in r]
        for alternative in d.alternatives:
            facts.append(f"decision_outcome_alternative({t},{outcome_atom(alternative)}).")
        if d.quorum is not None:
            facts.append(f"decision_quorum({t},{d.quorum}).")
        facts.append(f"decision_voter_count({t},{d.voter_count}).")  # R208 item 3: the voters
        facts += [f"decision_voter({t},{term(v)})." for v in d.voters]
        facts.append(f"nomic_reason(decision_voter_count({t},{d.voter_count}),"
                     f"{term('R208 item 3: the voters are the entities with a valid ballot at the end of voting')}).")
        for b in d.ballots:
            facts.append(f"nomic_reason(decision_voter({t},{term(b.voter)}),{term(b.reason)}).")
        for b in d.ballots:
            if b.valid:
                facts.append(f"ballot_counted_as({t},{term(b.voter)},{vote_atom(b.counted_as)}).")
                facts.append(f"decision_strength({t},{term(b.voter)},{b.strength}).")
                facts.append(f"nomic_reason(ballot_counted_as({t},{term(b.voter)},{vote_atom(b.counted_as)}),"
                             f"{term(b.reason)}).")
                facts.append(f"nomic_reason(decision_strength({t},{term(b.voter)},{b.strength}),{term(b.reason)}).")
        if d.adopted:
            facts.append(f"proposal_adopted({t}).")
    facts += lifecycle_facts(result, minutes)
    for change in result.ruleset_changes:
        for c in change.changes:
            found = re.search(r"\d+", c.get("rule") or "")
            if c["status"] == "APPLIED" and found:
                facts.append(f"rule_changed_by({int(found.group(0))},{term(change.decision)}).")
    return facts


def lifecycle_facts(result, minutes: Callable[[datetime], int] | None = None) -> list[str]:
    """The proposal lifecycle (`events:`), as `agora resolve` found it (proposals.lp decided it): each
    proposal by its name and, once distributed, by its ID. `nomic_final(L)`: L holds at the end of
    the timeline; `nomic_interval(L, From, Until)`: from the event that made L so until the one that
    ended it (judge minutes); `nomic_reason(L, Text)`: the rule behind it, for the explanation."""
    facts: list[str] = []
    forever = CLINGO_MAX

    def at(e) -> int | None:
        if minutes is None:
            return None
        moment = datetime.fromisoformat(e.at)
        return minutes(moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc))

    def since(literal: str, start, until: int | None = None) -> None:
        if start is not None:
            facts.append(f"nomic_interval({literal},{start},{forever if until is None else until}).")
    effective_events: dict[tuple[str, str], list] = {}
    for e in result.events:
        if e.effective:
            effective_events.setdefault((e.event, str(e.subject)), []).append(e)

    def add(literal: str, reasons: list[str]) -> None:
        facts.append(f"nomic_final({literal}).")
        for reason in reasons:
            facts.append(f"nomic_reason({literal},{term(reason)}).")

    # Why an event did not happen: its reason goes with the fact it would have made true.
    ids = {p.name: p.id for p in result.proposals}
    for e in result.events:
        if e.effective is False and e.subject is not None:
            keys = [term(e.subject)] + ([term(ids[e.subject])] if ids.get(e.subject) is not None else [])
            for k in keys:
                literal = {"create-proposal": f"proposal_created({k})", "pend": f"proposal_pending({k})",
                           "remove": f"proposal_in_pool({k})",
                           "distribute": f"proposal_distributed_as({k},0)"}.get(e.event)
                if literal:
                    facts.append(f"nomic_reason({literal},{term(f'event {e.index} ({e.event} by {e.by}) failed: {e.reason}')}).")
    for p in result.proposals:
        keys = [term(p.name)] + ([term(p.id)] if p.id is not None else [])
        # When each state began (and, for the Pool, ended): the effective events in order.
        mine = [e for e in result.events if e.effective and (
            str(e.subject) == p.name or (e.event == "recycle" and p.id is not None and str(e.subject) == str(p.id)))]
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
            since(f"proposal_created({k})", made)
            since(f"proposal_pending({k})", pended)
            since(f"proposal_sponsored({k})", sponsored_at)
            for start, end in pool:
                since(f"proposal_in_pool({k})", start, end)
            for e in mine:
                if e.event == "distribute":
                    since(f"proposal_distributed({k},{term(e.at[:10])})", at(e))
                    since(f"proposal_distributed_as({k},{_id_of(e)})", at(e))
            if p.created:
                for c in p.coauthors:
                    since(f"proposal_coauthor({k},{term(c)})", made)
                if p.proposal_class:
                    since(f"proposal_class_is({k},{p.proposal_class})", made)
                if p.chamber:
                    since(f"proposal_chamber_is({k},{term(p.chamber)})", made)
        created = [f"{e.at}: {e.reason}" for e in effective_events.get(("create-proposal", p.name), [])]
        pends = [f"{e.at}: {e.reason}" for e in effective_events.get(("pend", p.name), [])]
        pends += [f"{e.at}: {e.reason}" for e in effective_events.get(("recycle", str(p.id)), [])]
        for e in mine:  # the Pool: entered and left (R2350, R1607, R2625)
            if e.event in ("create-proposal", "recycle", "remove", "distribute"):
                for k in keys:
                    facts.append(f"nomic_reason(proposal_in_pool({k}),{term(f'{e.at}: {e.reason}')}).")
        distributions = effective_events.get(("distribute", p.name), [])
        for k in keys:
            if p.created:
                add(f"proposal_created({k})", created)
            if p.pending:
                add(f"proposal_pending({k})", pends)
            if p.in_pool:
                add(f"proposal_in_pool({k})", [])
            for e in distributions:
                add(f"proposal_distributed({k},{term(e.at[:10])})", [f"{e.at}: {e.reason}"])
            if p.id is not None:
                add(f"proposal_distributed_as({k},{term(p.id)})", [f"{e.at}: {e.reason}" for e in distributions])
            if p.proposal_class:
                add(f"proposal_class_is({k},{p.proposal_class})",
                    [n for n in p.notes if "R2606" in n] or ["R2606: ordinary, the default (its AI is below 3.0)"])
            if p.chamber:
                add(f"proposal_chamber_is({k},{term(p.chamber)})", ["R2607, R2350: set at its creation"])
            for c in p.coauthors:
                add(f"proposal_coauthor({k},{term(c)})", ["R2350: listed at its creation" if not p.sponsored else
                                                           "R2350 (listed at creation) or R2622 (paid a Pendant)"])
            if p.sponsored:
                add(f"proposal_sponsored({k})", [r for r in pends if "sponsored" in r])
    return facts


def _id_of(e) -> int:
    """The ID a `distribute` event's reason names (R1607: the Promotor assigns it)."""
    found = re.search(r"proposal (\d+)", e.reason)
    return int(found.group(1)) if found else 0


_D = r"(?:the\s+)?(?:(?:referendum|decision)\s+on\s+)?(?:proposal|decision|referendum)\s+#?(?P<d>[\w.\-]+)"


def _lit(text: str, literal: str, neg: bool = False) -> str:
    """The ASP literal of a statement (statements.py makes it a node of the judge's language)."""
    return literal if not neg else f"not {literal}"


def _adopted(m, lx, w):
    return _lit(m.string, f"proposal_adopted({term(decision_id(m['d']))})", neg=bool(m["neg"]))


def _outcome(m, lx, w):
    return _lit(m.string, f"decision_outcome({term(decision_id(m['d']))},{outcome_atom(m['x'].strip().strip(chr(34)))})")


def _counted(m, lx, w):
    return _lit(m.string, f"ballot_counted_as({term(decision_id(m['d']))},{term(m['who'].strip())},"
                          f"{vote_atom(m['v'].strip())})")


def _quorum(m, lx, w):
    return _lit(m.string, f"decision_quorum({term(decision_id(m['d']))},{int(m['n'])})")


def _strength(m, lx, w):
    return _lit(m.string, f"decision_strength({term(decision_id(m['d']))},{term(m['who'].strip())},{int(m['n'])})")


def _changed(m, lx, w):
    return _lit(m.string, f"rule_changed_by({int(m['rule'])},{term(decision_id(m['d']))})")


def _voters(m, lx, w):
    return _lit(m.string, f"decision_voter_count({term(decision_id(m['d']))},{int(m['n'])})")


def _voter(m, lx, w):
    return _lit(m.string, f"decision_voter({term(decision_id(m['d']))},{term(m['who'].strip())})", neg=bool(m["neg"]))


def _standing(m, lx, w):
    """A ballot announced by an event (R683; encodings/agora/event_ballots.lp), at the statement's point."""
    neg = bool(m["neg"]) or bool(m["no"])
    return _lit(m.string, f"ballot_standing_at({term(decision_id(m['d']))},{lx.person(m['who'], w)},PT)", neg=neg)


def reason_lines(node, atoms) -> list[str]:
    """The rules behind the nomic-loop facts a statement reads (`nomic_reason/2`), for the judge's
    explanation: `atoms` are (name, [argument texts], symbol) of the model."""
    literals: list[str] = []
    stack = [node]
    while stack:
        n = stack.pop()
        stack.extend(n.children)
        for lit in map(str, n.literals):  # clingo AST, written as text
            lit = lit[4:] if lit.startswith("not ") else lit
            if lit.startswith("nomic_holds(") and lit.endswith(",PT)"):
                lit = lit[len("nomic_holds("):-len(",PT)")]
            elif lit.startswith("nomic_distributed(") and lit.endswith(",PT)"):
                lit = "proposal_distributed_as(" + lit[len("nomic_distributed("):-len(",PT)")] + ",_)"
            literals.append(lit)
    lines: list[str] = []
    for name, args, _ in atoms:
        if name != "nomic_reason":
            continue
        for lit in literals:
            wildcard = lit.endswith(",_)")
            if args[0] == lit or (wildcard and args[0].startswith(lit[:-2])):
                text = args[1].strip('"').replace('\\"', '"')
                line = f"  {text}"
                if line not in lines:
                    lines.append(line)
    return (["Found by agora resolve (encodings/agora):"] + lines) if lines else []


def _key(m) -> str:
    return term(decision_id(m["p"].strip().strip('"\u201c\u201d')))


def _at(literal: str) -> str:
    """A lifecycle fact asked at the statement's point (PT: its time, or the end of the timeline)."""
    return f"nomic_holds({literal},PT)"


def _proposal_state(name: str):
    return lambda m, lx, w: _lit(m.string, _at(f"{name}({_key(m)})"), neg=bool(m["neg"]))


def _distributed(m, lx, w):
    if m["on"]:
        return _lit(m.string, _at(f"proposal_distributed({_key(m)},{term(m['on'])})"), neg=bool(m["neg"]))
    if m["as"]:
        return _lit(m.string, _at(f"proposal_distributed_as({_key(m)},{term(decision_id(m['as']))})"),
                    neg=bool(m["neg"]))
    return _lit(m.string, f"nomic_distributed({_key(m)},PT)", neg=bool(m["neg"]))


_P = r"proposal (?P<p>.+?)"
_NEG = r"(?P<neg> not)?"
PATTERNS = [
    # The proposal lifecycle (R2350, R2622, R2606, R2607, R1607): the state at the end of the timeline.
    (re.compile(rf"^{_P} (?:is|was){_NEG} pending$", re.I), _proposal_state("proposal_pending")),
    (re.compile(rf"^{_P} (?:is|was){_NEG} in the Proposal Pool$", re.I), _proposal_state("proposal_in_pool")),
    (re.compile(rf"^{_P} (?:is|was|has been){_NEG} created$", re.I), _proposal_state("proposal_created")),
    (re.compile(rf"^{_P} (?:is|was|has been){_NEG} sponsored$", re.I), _proposal_state("proposal_sponsored")),
    (re.compile(rf"^{_P} (?:was|has been){_NEG} distributed(?: on (?P<on>\d{{4}}-\d\d-\d\d)| as proposal #?(?P<as>\d+))?$",
                re.I), _distributed),
    (re.compile(r"^the class of proposal (?P<p>.+?) (?:is|was) (?P<c>ordinary|democratic)$", re.I),
     lambda m, lx, w: _lit(m.string, _at(f"proposal_class_is({_key(m)},{m['c'].lower()})"))),
    (re.compile(r"^the chamber of proposal (?P<p>.+?) (?:is|was) (?:the )?(?:Ministry of )?(?P<c>\w+)$", re.I),
     lambda m, lx, w: _lit(m.string, _at(f"proposal_chamber_is({_key(m)},{term(m['c'].capitalize())})"))),
    (re.compile(r"^(?P<who>.+?) (?:is|was) a coauthor of proposal (?P<p>.+?)$", re.I),
     lambda m, lx, w: _lit(m.string, _at(f"proposal_coauthor({_key(m)},{term(m['who'].strip())})"))),
    (re.compile(rf"^proposal #?(?P<d>[\w.\-]+) (?:was|is|has been)(?P<neg> not)? adopted$", re.I), _adopted),
    (re.compile(rf"^the outcome of {_D} (?:was|is) (?P<x>.+)$", re.I), _outcome),
    (re.compile(rf"^(?P<who>.+?)(?:'s|’s) ballot on {_D} (?:was )?counted as (?P<v>\S+)$", re.I), _counted),
    (re.compile(rf"^the quorum of {_D} (?:was|is) (?P<n>\d+)$", re.I), _quorum),
    (re.compile(rf"^the number of voters on {_D} (?:was|is) (?P<n>\d+)$", re.I), _voters),
    (re.compile(rf"^(?P<who>.+?) (?:was|is)(?P<neg> not)? a voter on {_D}$", re.I), _voter),
    (re.compile(rf"^(?P<who>.+?) (?:has|had)(?P<neg> not)? (?:cast )?(?:a|(?P<no>no)) (?:non-withdrawn )?"
                rf"ballot on {_D}$", re.I), _standing),
    (re.compile(rf"^the voting strength of (?P<who>.+?) on {_D} (?:was|is) (?P<n>\d+)$", re.I), _strength),
    (re.compile(r"^(?:R|Rule )(?P<rule>\d+) was (?:amended|changed) by proposal #?(?P<d>[\w.\-]+)$", re.I), _changed),
]
