"""The numbers the voting rules fix, read from the text of the ruleset in force (so an adopted
proposal that amends R107's "7 days" changes the next decision's voting period). Parsing only:
each value becomes a `rule_parameter(D, Name, Value)` fact; the encodings say what it means and
fall back to the SLR of 2020-12-31's values where a rule does not say (or is gone).
"""

from __future__ import annotations

import re
from decimal import Decimal

from adjudicator.rulesets.model import Ruleset

WORDS = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
NUMBER = r"(\d+|" + "|".join(WORDS) + r")"

# The rules whose being in force the encodings consult (rule_in_force/2).
RULES_CONSULTED = (103, 2168, 2481, 2556)

# (rule, parameter, pattern): the pattern's groups are the value (one number, or a pair).
PATTERNS = [
    (107, "voting_period_days", re.compile(rf"voting\s+period\s+lasts\s+for\s+{NUMBER}\s+days", re.I)),
    (107, "maximum_voting_period_days", re.compile(rf"duration\s+longer\s+than\s+{NUMBER}\s+days", re.I)),
    (879, "minimum_quorum", re.compile(rf"can\s+never\s+be\s+less\s+than\s+{NUMBER}", re.I)),
    (879, "quorum_fraction", re.compile(r"equal\s+to\s+(\d+)\s*/\s*(\d+)\s+of\s+the\s+number\s+of\s+voters", re.I)),
    (2422, "voting_strength_range", re.compile(rf"integer\s+between\s+{NUMBER}\s+and\s+{NUMBER}\s+inclusive", re.I)),
    (2422, "default_voting_strength",
     re.compile(rf"if\s+not\s+otherwise\s+specified,\s+the\s+voting\s+strength\s+of\s+an\s+entity\s+on\s+an\s+"
                rf"agoran\s+decision\s+is\s+{NUMBER}", re.I)),
    (106, "adoption_power_cap_hundredths", re.compile(rf"minimum\s+of\s+{NUMBER}\s+and\s+its\s+adoption\s+index", re.I)),
]


def _number(text: str) -> int:
    return int(text) if text.isdigit() else WORDS[text.lower()]


def rule_parameters(ruleset: Ruleset) -> dict[str, int | tuple[int, int]]:
    """The parameters the ruleset's text states, by name (absent where the text does not say)."""
    found: dict[str, int | tuple[int, int]] = {}
    in_force = {rule.id: rule for rule in ruleset.in_force() if rule.id is not None and not rule.prefix}
    for rule_id, name, pattern in PATTERNS:
        rule = in_force.get(rule_id)
        match = pattern.search(" ".join(rule.text.split())) if rule else None
        if not match:
            continue
        values = [_number(g) for g in match.groups()]
        if name == "adoption_power_cap_hundredths":
            found[name] = values[0] * 100
        elif len(values) == 2:
            found[name] = (values[0], values[1])
        else:
            found[name] = values[0]
    found["_in_force"] = rules_in_force(ruleset)
    return found


def rules_in_force(ruleset: Ruleset) -> list[int]:
    ids = {rule.id for rule in ruleset.in_force() if rule.id is not None and not rule.prefix}
    return [r for r in RULES_CONSULTED if r in ids]


def parameter_facts(decision_term: str, ruleset: Ruleset, parameters: dict | None = None) -> list[str]:
    facts = []
    parameters = rule_parameters(ruleset) if parameters is None else parameters
    for name, value in parameters.items():
        if name.startswith("_"):
            continue
        shown = f"({value[0]},{value[1]})" if isinstance(value, tuple) else str(value)
        facts.append(f"rule_parameter({decision_term},{name},{shown}).")
    facts += [f"rule_in_force({decision_term},{r})." for r in parameters.get("_in_force", rules_in_force(ruleset))]
    return facts


def power_of_hundredths(hundredths: int) -> Decimal:
    return Decimal(hundredths).scaleb(-2).normalize() if hundredths % 10 else Decimal(hundredths // 10).scaleb(-1)
