"""Which rules make changes to which rules secured (Agora R1688), as a ruleset's text says.

R1688: "A Rule that makes a change, action, or value secured (hereafter the securing Rule)
thereby makes it IMPOSSIBLE to perform that change ... except as allowed by a Statute with Power
greater than or equal to the change's Power Threshold. This Threshold defaults to the securing
Rule's Power, but CAN be lowered as allowed by that Rule". A rule's text secures changes to a rule
in sentences of these forms (capitals, whitespace and line wrapping do not matter):

    Changes to Rule 2429 are secured.                     (the threshold: the securing rule's Power)
    Changes to this Rule are secured.
    Changes to Rule 2429 are secured at power 2.          (a stated threshold; also "at a Power
    Changes to Rule 2429 are secured with a Power Threshold of 2.   Threshold of 2", "with Power Threshold 2")

`ruleset amend` and `judge` both read them here and hand them to the ruleset encoding as
`secures(S, R)` / `secures_at(S, R, Th)`; whether a change occurs, and at which threshold, is
decided there only (encodings/core/ruleset.lp, reading `secured_threshold`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

import clingo

from adjudicator.errors import InputError
from adjudicator.rulesets.model import Rule, Ruleset
from adjudicator.solving.terms import fact

UNITS = 1000  # the encodings count Power in thousandths
# R2141's range of rule Powers: a stated threshold lowers the securing rule's Power (R1688), so
# one outside it is a mistake in the input, not a threshold
LOWEST, HIGHEST = Decimal("0.1"), Decimal("4.0")
SECURING = re.compile(
    r"\bchanges\s+to\s+(?:rule\s+(?P<rule>\d+)|(?P<this>this)\s+rule)\s+(?:are|is)\s+secured"
    r"(?:\s+(?:at\s+power|(?:at|with)\s+(?:a\s+)?power\s+threshold(?:\s+of)?)\s+(?P<threshold>-?[\d.]+\d|-?\d))?",
    re.IGNORECASE)


@dataclass(frozen=True)
class Securing:
    """Rule `by` makes changes to rule `rule` secured, at `threshold` where it states one."""

    by: int | clingo.Symbol
    rule: int | clingo.Symbol
    threshold: Decimal | int | float | str | None = None  # as written (checked by threshold_units)


def threshold_units(value: object, where: str) -> int:
    """A stated Power Threshold as the encodings count it; InputError outside 0.1-4.0."""
    try:
        threshold = Decimal(str(value).strip())
    except InvalidOperation:
        raise InputError(f"{where}: Power Threshold {value!r} is not a number") from None
    if not threshold.is_finite() or not LOWEST <= threshold <= HIGHEST:
        raise InputError(f"{where}: Power Threshold {value} is out of range (0.1 to 4.0: R1688 lowers a threshold "
                         "from the securing rule's Power, which R2141 keeps within 0.1-4.0)")
    units = threshold * UNITS
    if units != units.to_integral_value():
        raise InputError(f"{where}: Power Threshold {value} has more than three decimal places")
    return int(units)


def _numbered(rule: Rule) -> bool:
    return rule.kind == "rule" and rule.id is not None and not rule.prefix


def securings(ruleset: Ruleset, *, strict: bool = True) -> list[Securing]:
    """Every "changes to rule N are secured" in the ruleset's rules, in order. Strict (a ruleset as
    given): a secured rule the ruleset knows neither as a rule nor as a repealed one is an
    InputError. Not strict (the ruleset after some of a proposal's changes): such a declaration
    secures nothing, as the rule is gone."""
    numbers = {rule.id for rule in ruleset.rules + ruleset.repealed if _numbered(rule)}
    out = []
    for rule in ruleset.rules:
        if not _numbered(rule) or "secured" not in rule.text.lower():
            continue
        for match in SECURING.finditer(" ".join(rule.text.split())):
            where = f"{ruleset.name}: rule {rule.id}"
            target = rule.id if match["this"] else int(match["rule"])
            if target not in numbers:
                if strict:
                    raise InputError(f"{where} secures changes to rule {target}, which is not a rule of this ruleset")
                continue
            threshold = match["threshold"]
            if threshold is not None:
                threshold = Decimal(threshold_units(threshold, where)) / UNITS
            out.append(Securing(rule.id, target, threshold))
    return out


def securing_facts(declared: list[Securing], where: str) -> list[clingo.Symbol]:
    """secures(S, R) and secures_at(S, R, Th), the encoding's inputs."""
    out = []
    for securing in declared:
        if securing.threshold is None:
            out.append(fact("secures", securing.by, securing.rule))
        else:
            out.append(fact("secures_at", securing.by, securing.rule, threshold_units(securing.threshold, where)))
    return out
