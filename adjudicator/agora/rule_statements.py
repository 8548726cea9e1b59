"""Statements about rules: their text, Power, revision and whether they are rules at all.

    rule 2643's text contains "A stone is immune if and only if"     (also: rule N contains the text "..."
    the text "repeal both that rule and this one" exists in rule 2655    the text of rule N contains "...")
    rule 879 has power 3.0                                           (the Power statement's other wording)
    rule 2601 is a rule                                              (in force: R2141, the ruleset)
    rule 2595 is revision 2

each with its negation ("does not contain", "does not exist in", "is not a rule", "is not revision").
The rule's text and revision are those of the case's ruleset on the case's day (a ruleset with
history is read as of that day); whether a phrase is in a text is a fact about that text, compared
as R2429 reads texts (amounts of whitespace do not matter), given to the solver as
`rule_text_has/2` and `rule_revision/2`; whether the rule is in force, and its Power, at the point
asked is the ruleset encoding's (`in_force/2`, `power/3`: R105, R2141, the same as `ruleset amend`).
A rule the case's own changes amend has a text the ruleset does not give: statements about its text
or revision are refused.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from clingo import ast

from adjudicator.agora.case import parse_power, solver_int
from adjudicator.errors import InputError
from adjudicator.solving.terms import Var, atom, negated

RULE = r"(?:the entity (?:once|at one point) known as )?(?P<rule>(?:R|Rule ?)\d+)"
QUOTE = r"[\"'\u201c\u2018](?P<phrase>.+)[\"'\u201d\u2019]"
PT, RK = Var("PT"), Var("RK")


class RuleSentence(NamedTuple):
    """What a statement about a rule asks: its literals (the point as PT), the facts it needs, the
    rule it names, and whether it is negated (statements.py makes the node)."""

    literals: list[ast.AST]
    facts: list[ast.AST]
    rule: int | None
    negated: bool
    events: tuple[int, ...] = ()


def _number(text: str, where: str) -> int:
    match = re.fullmatch(r"(?:r|rule\s*)(\d+)", text.strip().lower())
    if not match:
        raise InputError(f"{where}: {text!r} is not a rule (write R869 or Rule 869)")
    return solver_int(match.group(1), where)


def _words(text: str) -> str:
    return " ".join(text.split())


def _node(literals: list[ast.AST], text: str, rule: int, negate: bool, facts: list[ast.AST] = ()) -> RuleSentence:
    return RuleSentence(literals, [atom("asked_rule", rule), *facts], rule, negate)


def _in_force_at(rule: int) -> list[ast.AST]:
    return [atom("point_state", PT, RK), atom("in_force", rule, RK)]


def _text_contains(m, lx, w):
    rule = _number(m["rule"], w)
    text = _rule_text(lx, rule, w)
    phrase = _words(m["phrase"])
    facts = [atom("rule_text_has", rule, phrase)] if phrase in _words(text) else []
    return _node([*_in_force_at(rule), atom("rule_text_has", rule, phrase)], m.string, rule,
                 bool(m["neg"]), facts)


def _is_revision(m, lx, w):
    rule = _number(m["rule"], w)
    _rule_text(lx, rule, w)  # the rule's text must be the ruleset's (not amended by the case)
    revision = lx.rule_revisions.get(rule)
    facts = [atom("rule_revision", rule, revision)] if revision is not None else []
    return _node([*_in_force_at(rule), atom("rule_revision", rule, int(m["revision"]))], m.string, rule,
                 bool(m["neg"]), facts)


def _is_rule(m, lx, w):
    rule = _number(m["rule"], w)
    return _node(_in_force_at(rule), m.string, rule, bool(m["neg"]))


def _has_power(m, lx, w):
    rule = _number(m["rule"], w)
    power = int((parse_power(m["power"], w) * 1000).to_integral_value())
    return _node([atom("point_state", PT, RK), atom("power", rule, power, RK)], m.string, rule, bool(m["neg"]))


def _clear(m, lx, w):
    """The finding R478 and R2595 items 1-2 ask for: the announcement was clear (findings.lp)."""
    event = lx.event(m["event"], w)
    return RuleSentence([atom("point", PT), negated(atom("unclear", event))], [], None, bool(m["neg"]), (event,))


def _rule_text(lx, rule: int, where: str) -> str:
    if rule in lx.rules_amended:
        raise InputError(f"{where}: the case's changes amend R{rule}, and the judge knows its text only as the "
                         "ruleset gives it: a statement about its text or revision is not decided here")
    if rule not in lx.rule_texts:
        known = ", ".join(f"R{r}" for r in sorted(lx.rule_texts)[:12]) or "none"
        raise InputError(f"{where}: R{rule} is not a rule of the case's ruleset on the case's day "
                         f"(its rules: {known}{', ...' if len(lx.rule_texts) > 12 else ''})")
    return lx.rule_texts[rule]


PATTERNS = [
    (re.compile(rf"^(?:{RULE}'s text|the text of {RULE.replace('rule>', 'rule2>')}) (?P<neg>does not contain|contains) {QUOTE}$",
                re.I), None),
    (re.compile(rf"^{RULE} (?P<neg>does not contain|contains) the text {QUOTE}$", re.I), None),
    (re.compile(rf"^the text {QUOTE} (?P<neg>does not exist|exists) in {RULE}$", re.I), None),
    (re.compile(rf"^{RULE} (?P<neg>is not|isn't|is) (?:a )?revision (?P<revision>\d+)$", re.I), _is_revision),
    (re.compile(rf"^{RULE} (?P<neg>is not|isn't|is) a rule$", re.I), _is_rule),
    (re.compile(rf"^{RULE} (?P<neg>does not have|has) (?:a )?power (?:of )?(?P<power>[\d.]+)$", re.I), _has_power),
    (re.compile(r"^the announcement (?:of|in) event (?P<event>[\w.\-]+) (?P<neg>was not|wasn't|was) clear$", re.I), _clear),
]


class _Match(dict):
    """A match's groups, with `neg` as a flag and `rule` from whichever group named it."""

    def __init__(self, match: re.Match):
        groups = match.groupdict()
        super().__init__(groups)
        self.string = match.string
        self["rule"] = groups.get("rule") or groups.get("rule2")
        self["neg"] = (groups.get("neg") or "").lower() in ("does not contain", "does not exist", "is not", "isn't",
                                                             "does not have", "was not", "wasn't")


def _wrapped(pattern: re.Pattern, build):
    builder = build or _text_contains
    return pattern, lambda m, lx, w: builder(_Match(m), lx, w)


PATTERNS = [_wrapped(pattern, build) for pattern, build in PATTERNS]


def amended_rules(case) -> set[int]:
    """The rules the case's own changes amend (their texts after it are not the ruleset's)."""
    return {change.amend.rule for change in case.changes if change.amend is not None}
