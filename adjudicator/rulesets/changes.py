"""Whether a rule change occurs, and the Power it leaves: asked of the ruleset encoding.

Agora R105 (rule changes), R1688 (only a statute changes rules; secured changes), R2140 (power
controls mutability) and R2141 (rule powers between 0.1 and 4.0) have one home,
`encodings/core/ruleset.lp`, which the judge also solves. `amend.py` finds what a change names
(the rule, the quoted text; VOID on ambiguity) and asks `decide` here; this module only turns
the change into facts and the stable model back into a `Decision`.

The readings where those rules' text allows two answers are declared here once, and used by both
`ruleset amend` (`R105Options`) and `judge` (a case's `options`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Literal

import clingo

from adjudicator.errors import InputError
from adjudicator.rulesets.secured import Securing, securing_facts
from adjudicator.solving import solve
from adjudicator.solving.readings import Reading, Readings
from adjudicator.solving.terms import Name, fact, program, term

ENACT_POWER_OUT_OF_RANGE_HELP = (
    "Enacting with a power above 4.0: [cap] R105(1) gives the minimum of the power specified and the maximum "
    "permitted (4.0); impossible: R2141 'IMPOSSIBLE to enact a rule with power outside this range' applies to "
    "the power specified.")
POWER_LIMIT_HELP = (
    "R2140 limits 'entit[ies] with power below the power of this rule': [r2140-text] an instrument of power at "
    "least R2140's power (3) is not limited by it; any-lower-instrument: no instrument can change a rule of "
    "higher power than its own.")

SECURED_THRESHOLD_HELP = (
    "A rule securing changes with a Power Threshold above its own Power: [securing-power] R1688's threshold "
    "'defaults to the securing Rule's Power, but CAN be lowered', not raised, so that Power applies; as-stated: "
    "the threshold stated applies.")

# Declared once; the encodings see option(Name, Value) for each reading set to other than its default.
READINGS = Readings(
    Reading("enact_power_out_of_range", ("cap", "impossible"), "cap", ENACT_POWER_OUT_OF_RANGE_HELP,
            cite="R105(1), R2141",
            says={"impossible": "R2141 makes enacting a rule 'with power 5' IMPOSSIBLE (the power specified is "
                                "outside 0.1-4.0), rather than R105(1) capping the new rule's power at 4.0"}),
    Reading("power_limit", ("r2140-text", "any-lower-instrument"), "r2140-text", POWER_LIMIT_HELP, cite="R2140",
            says={"any-lower-instrument": "no instrument can change a rule of higher power than its own, whatever "
                                          "R2140's own power"}),
    Reading("secured_threshold", ("securing-power", "as-stated"), "securing-power", SECURED_THRESHOLD_HELP,
            cite="R1688",
            says={"as-stated": "a secured change needs the Power Threshold its securing rule states, even above "
                               "that rule's own Power (R1688)"}),
)
EnactPowerOutOfRange = Literal[READINGS.reading("enact_power_out_of_range").values]  # type: ignore[valid-type]
PowerLimit = Literal[READINGS.reading("power_limit").values]  # type: ignore[valid-type]

ENCODINGS = ("core/ruleset.lp", "core/rule_changes.lp")
UNITS = 1000  # the encodings count Power in thousandths (3.14 -> 3140)
CLINGO_MAX = 2**31 - 1
SOURCE = term(Name("instrument"))
NEW_RULE = term(Name("new_rule"))
# When several reasons hold, the one reported first (the others are true as well).
PRIORITY = ("r1688_statute", "r1688", "r2141", "r2140_2", "r2140_1", "r2140_3", "r105_3", "r1030", "not_in_force")


def power_units(value: Decimal, what: str) -> int:
    """A Power as the encodings count it; exact, and within clingo's 32-bit integers."""
    units = value * UNITS
    if units != units.to_integral_value():
        raise InputError(f"{what}: Power {value} has more than three decimal places (Powers are counted in "
                         "thousandths)")
    if not 0 <= units <= CLINGO_MAX:
        raise InputError(f"{what}: Power {value} is outside what this tool can count (0 to {CLINGO_MAX // UNITS})")
    return int(units)


def rule_term(key: str | int) -> clingo.Symbol:
    """Agora rules by number (as the judge names them); regulations and titled rules by their key."""
    if isinstance(key, int):
        return term(key, "rule number")
    return term(int(key[1:]), "rule number") if key[:1] == "R" and key[1:].isdigit() else term(key, "rule")


def reading_facts(options) -> list[clingo.Symbol]:
    """option(Name, Value) for each reading `options` sets to other than its default."""
    return READINGS.atoms({name: getattr(options, name) for name in READINGS if hasattr(options, name)},
                          "option", changed_only=True)


@dataclass
class RuleState:
    """What the encoding needs to know of a rule: its term and Power (None where the ruleset has none)."""

    key: str | int
    power: Decimal | None = None


@dataclass
class Decision:
    applied: bool
    reasons: list[str] = field(default_factory=list)  # why not, most telling first (PRIORITY)
    power_units: int | None = None  # the target's Power after the change, where the encoding gives one
    capped_by: list[str] = field(default_factory=list)  # enact: which maxima capped the power (r2141, r2140_1)
    specified_units: int | None = None  # enact: the power R105(1) starts from (the one specified, or one)
    result_units: int | None = None  # enact/reenact: the power the new rule would have, applied or not
    unmet_thresholds: list[tuple[int, int]] = field(default_factory=list)  # R1688: (securing rule, threshold) not met

    @property
    def reason(self) -> str | None:
        return self.reasons[0] if self.reasons else None

    def power(self, *candidates: Decimal | None) -> Decimal | None:
        """The target's Power after the change, written as the first input it equals (so "4.0" stays
        "4.0", "2" stays "2")."""
        return as_written(self.power_units, candidates)

    def result(self, *candidates: Decimal | None) -> Decimal | None:
        """The power an enacted or reenacted rule would have, written likewise."""
        return as_written(self.result_units, candidates)


def as_written(units: int | None, candidates) -> Decimal | None:
    if units is None:
        return None
    for value in candidates:
        if value is not None and value * UNITS == units:
            return value
    return Decimal(units) / UNITS


_MODELS: dict[str, tuple[clingo.Symbol, ...]] = {}  # the same question (facts) has the same answer


def _stable_model(program: str, what: str) -> tuple[clingo.Symbol, ...]:
    """The one stable model of the ruleset encoding with these facts. Remembered, because
    comparing readings (and replaying plans) asks the same change about the same ruleset again."""
    if program not in _MODELS:
        result = solve(ENCODINGS, program, what=what)
        if result.status != "one":  # the encoding is stratified: exactly one model, or it is broken
            raise RuntimeError(f"{what}: the ruleset encoding gave {len(result.models)} models")
        if len(_MODELS) >= 4096:
            _MODELS.clear()
        _MODELS[program] = tuple(result.models[0])
    return _MODELS[program]


def decide(change: clingo.Symbol, *, rules: list[RuleState], instrument_power: Decimal | None, options,
           target: clingo.Symbol | None = None, power_at_repeal: Decimal | None = None, what: str = "rule change",
           securing: list[Securing] = (),
           ) -> Decision:
    """Solve the ruleset encoding for one change X (e.g. `amend(2141)`) requested by an instrument
    of `instrument_power` (None: unknown, so unlimited) against the rules given (the target, R2140
    and the rules securing changes to the target suffice; R1688: `securing`)."""
    facts: list[clingo.Symbol] = [fact("change_count", 1)]
    for rule in rules:
        term = rule_term(rule.key)
        facts.append(fact("base_rule", term))
        if rule.power is not None:
            facts.append(fact("rule_power", term, power_units(rule.power, f"rule {rule.key}")))
    facts += securing_facts(list(securing), what)
    if power_at_repeal is not None and target is not None:
        facts.append(fact("power_at_repeal", target, power_units(power_at_repeal, what)))
    if instrument_power is not None:
        facts.append(fact("source_power", SOURCE, power_units(instrument_power, what)))
    facts.append(fact("requested", 1, SOURCE, change))
    facts += reading_facts(options)
    model = _stable_model(program(facts), what)
    decision = Decision(applied=False)
    reasons, capped = [], []
    target = target if target is not None else change.arguments[0]
    for atom in model:
        args = atom.arguments
        if atom.name == "applied" and args[2] == change:
            decision.applied = True
        elif atom.name == "invalid" and args[2] == change:
            reasons.append(args[3].name)
        elif atom.name == "power" and args[0] == target and args[2].number == 1:
            decision.power_units = args[1].number
        elif atom.name in ("enact_result", "reenact_power"):
            decision.result_units = args[3].number
        elif atom.name == "enact_specified":
            decision.specified_units = args[3].number
        elif atom.name == "enact_capped":
            capped.append(args[3].name)
        elif atom.name == "unmet_threshold" and args[1] == change:
            decision.unmet_thresholds.append((args[2].number, args[3].number))
    decision.reasons = sorted(set(reasons), key=lambda r: PRIORITY.index(r) if r in PRIORITY else len(PRIORITY))
    decision.capped_by = sorted(set(capped), key=("r2141", "r2140_1").index)
    decision.unmet_thresholds.sort()
    return decision
