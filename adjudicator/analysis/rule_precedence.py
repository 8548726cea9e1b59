"""R1030 between rules that give one parameter of the ossification model different values.

The judge's own encoding decides (encodings/agora/precedence.lp: Power, precedence-determining
rules, claims of precedence and deference, ID, enactment), from the rules' Powers, IDs and the
claims their texts make. The claims are read here, and only two kinds of sentence count for a
parameter: the sentence that gives the value (its "rules to the contrary notwithstanding") and a
sentence of the rule about the rule itself ("This rule takes precedence over / defers to ...").
Such a sentence that is not read makes the choice not understood (the model then answers unknown),
never a guess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from itertools import permutations

import clingo

from adjudicator.rulesets.model import Rule
from adjudicator.solving import solve

PRECEDENCE = "agora/precedence.lp"
PRECEDENCE_WORDS = re.compile(r"\b(?:precedence|notwithstanding|defers?|deference|prevails?|overrid\w*)\b", re.I)
BROAD = r"(?:all|any|every) (?:other )?rules?"
ONE_RULE = r"(?:rule|R) ?(\d+)"
# A claim about the rule itself: "This rule takes precedence over Rule 879" / "... defers to any rule".
SELF_CLAIM = re.compile(rf"^this rule (takes precedence over|defers to) (?:{ONE_RULE}|({BROAD}))$", re.I)
NOTWITHSTANDING = re.compile(r"\brules to the contrary notwithstanding\b", re.I)


@dataclass
class Claims:
    """What one rule claims for the sentence that gives a parameter: precedence over (claims_over)
    or deference to (defers) a rule or all rules, and the sentences about precedence it does not read."""

    over: list[clingo.Symbol] = field(default_factory=list)
    defers: list[clingo.Symbol] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)


def _target(number: str | None) -> clingo.Symbol:
    return clingo.Function("rule", [clingo.Number(int(number))]) if number else clingo.Function("all_rules")


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.;])\s+", " ".join(text.split())) if s.strip()]


def read_claims(rule: Rule, sentence: str) -> Claims:
    """The claims `rule` makes for its `sentence` (the one that gives the parameter)."""
    claims = Claims()
    if NOTWITHSTANDING.search(sentence):
        claims.over.append(_target(None))
    for other in _sentences(rule.text):
        said = other.rstrip(".;")
        if not said.lower().startswith("this rule") or not PRECEDENCE_WORDS.search(said):
            continue
        m = SELF_CLAIM.match(said)
        if m is None:
            claims.unread.append(f"R{rule.id}: a claim of precedence is not understood: \"{other}\"")
            continue
        (claims.over if m.group(1).lower().startswith("takes") else claims.defers).append(_target(m.group(2)))
    return claims


@dataclass
class Decision:
    winner: Rule | None  # None: R1030 does not settle it, or a claim is not read
    step: str = ""  # r1030_1 .. r1030_5: the comparison that settled it
    unread: list[str] = field(default_factory=list)


def _power(rule: Rule) -> int:
    return int(((rule.power or Decimal(0)) * 1000).to_integral_value())


def prevailing(candidates: list[tuple[Rule, str]], timeout: float = 10.0) -> Decision:
    """Of the rules in `candidates` (each with the sentence by which it gives the parameter), the one
    that takes precedence over every other one (R1030 through precedence.lp)."""
    if len(candidates) == 1:
        return Decision(candidates[0][0], "only")
    facts, unread = ["precedence_policy(agora). point_state(p, 0)."], []
    for rule, sentence in candidates:
        clause = clingo.Function("c", [clingo.Number(rule.id)])
        claims = read_claims(rule, sentence)
        unread += claims.unread
        facts.append(f"rule_of({clause}, {rule.id}). rule_id({rule.id}, {rule.id}). "
                     f"clause_power({clause}, {_power(rule)}, 0).")
        facts += [f"claims_over({clause}, {t})." for t in claims.over]
        facts += [f"defers({clause}, {t})." for t in claims.defers]
    if unread:
        return Decision(None, unread=unread)
    for (a, _), (b, _) in permutations(candidates, 2):
        facts.append(f"pair(c({a.id}), c({b.id}), p).")
    result = solve([PRECEDENCE], [*facts, "#show decided/4."], timeout=timeout, what="R1030 between rules")
    decided = [sym for model in result.models[:1] for sym in model]
    for rule, _ in candidates:
        beaten = {s.arguments[1].arguments[0].number for s in decided if s.arguments[0].arguments[0].number == rule.id}
        if beaten == {r.id for r, _ in candidates} - {rule.id}:
            step = {str(s.arguments[2]) for s in decided if s.arguments[0].arguments[0].number == rule.id}
            return Decision(rule, ", ".join(sorted(step)))
    return Decision(None)
