"""The numbers the voting rules fix, for the encodings: read from the ruleset in force by the one
reader of Agora's parameters (`adjudicator.analysis.agora_parameters.derive`, shared with the
ossification analysis), so an adopted proposal that amends R107's "7 days" changes the next
decision's voting period. Each value becomes a `rule_parameter(D, Name, Value)` fact; the
encodings say what it means and fall back to the SLR of 2020-12-31's values where no fact is given.
"""

from __future__ import annotations

from decimal import Decimal

import clingo

from adjudicator.analysis.agora_parameters import derive
from adjudicator.errors import InputError
from adjudicator.rulesets.model import Ruleset
from adjudicator.solving.terms import Name, fact

# The rules whose being in force the encodings consult (rule_in_force/2).
RULES_CONSULTED = (103, 105, 2034, 2168, 2201, 2481, 2556, 2637, 2645)

_CACHE: dict[int, tuple[Ruleset, dict]] = {}  # id -> (the ruleset, kept alive; its parameters)


def rule_parameters(ruleset: Ruleset) -> dict[str, int | tuple[int, int] | list[int]]:
    """The parameters the encodings read, by name; `_in_force` lists the consulted rules in force."""
    cached = _CACHE.get(id(ruleset))
    if cached is not None and cached[0] is ruleset:
        return cached[1]
    derived = derive(ruleset)
    if derived.not_understood:  # never the 2020 values in place of a sentence that says otherwise
        raise InputError(f"{ruleset.name}: " + "; ".join(derived.not_understood)
                         + " (the decision encodings cannot take their parameters from it)")
    params = derived.params
    found: dict[str, int | tuple[int, int] | list[int]] = {}
    if params["voting_period_days"].rule:
        found["voting_period_days"] = int(params["voting_period_days"].value)
    if params["quorum_minimum"].rule:
        found["minimum_quorum"] = int(params["quorum_minimum"].value)
    quorum = params["quorum"].value
    if params["quorum"].rule == "R879" and quorum.get("kind") == "last_voters":
        found["quorum_fraction"] = (int(quorum["num"]), int(quorum["den"]))
    elif params["quorum"].rule:  # another rule defines quorum (R879): players times K plus A, or a number
        per_player, added = (quorum["num"], quorum["add"]) if quorum["kind"] == "players" else (0, quorum["value"])
        found["quorum_defined"] = (int(per_player), int(added), int(params["quorum"].rule[1:]))
    if params["festival_quorum"].value and not params["festival_quorum_prevails"].value:
        found["festival_quorum_yields"] = 1
    if params["strength"].rule:
        low, default, high = params["strength"].value
        found["voting_strength_range"] = (int(low), int(high))
        found["default_voting_strength"] = int(default)
    if params["r106_cap"].rule and params["proposals_take_effect"].value:
        found["adoption_power_cap_hundredths"] = int(Decimal(params["r106_cap"].value) * 100)
    ids = {rule.id for rule in ruleset.in_force() if rule.id is not None and not rule.prefix}
    found["_in_force"] = [r for r in RULES_CONSULTED if r in ids]
    if len(_CACHE) > 16:
        _CACHE.clear()
    _CACHE[id(ruleset)] = (ruleset, found)
    return found


def parameter_facts(decision: int | str, ruleset: Ruleset) -> list[clingo.Symbol]:
    """`rule_parameter(D, Name, Value)` and `rule_in_force(D, R)` for decision `decision` (a number,
    or a name as a string), as clingo symbols."""
    parameters = rule_parameters(ruleset)
    key = decision if isinstance(decision, int) else str(decision)
    atoms = [fact("rule_parameter", key, Name(name), tuple(value) if isinstance(value, tuple) else value)
             for name, value in parameters.items() if not name.startswith("_")]
    return atoms + [fact("rule_in_force", key, r) for r in parameters["_in_force"]]


def power_of_hundredths(hundredths: int) -> Decimal:
    return Decimal(hundredths).scaleb(-2).normalize() if hundredths % 10 else Decimal(hundredths // 10).scaleb(-1)
