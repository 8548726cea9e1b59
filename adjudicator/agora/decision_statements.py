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
from typing import Any

from adjudicator.agora.decisions import parse_input, term
from adjudicator.agora.resolve import resolve
from adjudicator.errors import InputError

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


def decision_facts(raw: Any, source: str) -> list[str]:
    """The facts of a case's `decisions:` section, resolved."""
    data = parse_input(raw, f"{source}: decisions")
    result = resolve(data, f"{source}: decisions")
    facts: list[str] = []
    for d in result.decisions:
        t = term(d.id)
        facts.append(f"agoran_decision({t}).")
        if d.outcome is not None:
            facts.append(f"decision_outcome({t},{outcome_atom(d.outcome)}).")
        for alternative in d.alternatives:
            facts.append(f"decision_outcome_alternative({t},{outcome_atom(alternative)}).")
        if d.quorum is not None:
            facts.append(f"decision_quorum({t},{d.quorum}).")
        for b in d.ballots:
            if b.valid:
                facts.append(f"ballot_counted_as({t},{term(b.voter)},{vote_atom(b.counted_as)}).")
                facts.append(f"decision_strength({t},{term(b.voter)},{b.strength}).")
        if d.adopted:
            facts.append(f"proposal_adopted({t}).")
    for change in result.ruleset_changes:
        for c in change.changes:
            found = re.search(r"\d+", c.get("rule") or "")
            if c["status"] == "APPLIED" and found:
                facts.append(f"rule_changed_by({int(found.group(0))},{term(change.decision)}).")
    return facts


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


PATTERNS = [
    (re.compile(rf"^proposal #?(?P<d>[\w.\-]+) (?:was|is|has been)(?P<neg> not)? adopted$", re.I), _adopted),
    (re.compile(rf"^the outcome of {_D} (?:was|is) (?P<x>.+)$", re.I), _outcome),
    (re.compile(rf"^(?P<who>.+?)(?:'s|’s) ballot on {_D} (?:was )?counted as (?P<v>\S+)$", re.I), _counted),
    (re.compile(rf"^the quorum of {_D} (?:was|is) (?P<n>\d+)$", re.I), _quorum),
    (re.compile(rf"^the voting strength of (?P<who>.+?) on {_D} (?:was|is) (?P<n>\d+)$", re.I), _strength),
    (re.compile(r"^(?:R|Rule )(?P<rule>\d+) was (?:amended|changed) by proposal #?(?P<d>[\w.\-]+)$", re.I), _changed),
]
