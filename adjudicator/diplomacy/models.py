"""pydantic models of the `adjudicator diplomacy adjudicate` contract (input turn, output result).

Input (JSON or YAML), one turn or a list of turns::

    {"phase": "S1901M",
     "units":  {"ENGLAND": ["F NTH", "A YOR"], "FRANCE": ["F SPA/SC"]},
     "centers": {"ENGLAND": ["LON", "EDI", "LVP"]},      # optional; default 1901 ownership
     "orders": {"ENGLAND": ["F NTH - PIC", "A YOR H"]},
     "rules": "standard"}                                # optional

Output: `TurnResult`, one per turn. Keep these field names stable: other tools depend on them.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator, model_serializer, model_validator

from adjudicator.errors import InputError

Result = Literal["SUCCEEDS", "FAILS", "INVALID"]
SEASONS = {"S": "Spring", "F": "Fall", "W": "Winter"}
KINDS = {"M": "Movement", "R": "Retreats", "A": "Adjustments"}
_LONG_SEASON = {"spring": "S", "summer": "S", "fall": "F", "autumn": "F", "winter": "W"}
_LONG_KIND = {"movement": "M", "movements": "M", "move": "M", "moves": "M", "orders": "M",
              "retreat": "R", "retreats": "R", "adjustment": "A", "adjustments": "A", "builds": "A", "build": "A"}


# the phases the notation names: Spring and Fall movement and retreats, Winter adjustments
_PHASE_NAMES = {"SM", "SR", "FM", "FR", "WA"}


def normalize_phase(text: str) -> str:
    """``S1901M`` or ``Spring 1901 Movement`` (any case) -> ``S1901M``; InputError otherwise."""
    raw = str(text).strip()
    phase = None
    m = re.fullmatch(r"([SFW])\s*(\d{4})\s*([MRA])", raw, re.IGNORECASE)
    if m:
        phase = f"{m.group(1).upper()}{m.group(2)}{m.group(3).upper()}"
    m = re.fullmatch(r"([A-Za-z]+)\s+(\d{4})\s+([A-Za-z]+)", raw)
    if m and m.group(1).lower() in _LONG_SEASON and m.group(3).lower() in _LONG_KIND:
        phase = f"{_LONG_SEASON[m.group(1).lower()]}{m.group(2)}{_LONG_KIND[m.group(3).lower()]}"
    if phase is None:
        raise InputError(f"phase {raw!r} is not like S1901M or 'Spring 1901 Movement'")
    if phase[0] + phase[-1] not in _PHASE_NAMES:
        raise InputError(f"phase {raw!r} is not a phase of the game: Spring and Fall have movement (M) "
                         "and retreats (R), Winter has adjustments (A)")
    return phase


def phase_name(phase: str) -> str:
    return f"{SEASONS[phase[0]]} {phase[1:5]} {KINDS[phase[5]]}"


RESULT_ONLY_FIELDS = {"next_phase", "paradoxes", "submitted_by", "winner", "draw_available", "explanations",
                      "misorders"}


class Turn(BaseModel):
    """One phase to adjudicate: the position, the orders, and the rules variant."""

    model_config = ConfigDict(extra="forbid")

    phase: str = "S1901M"
    units: dict[str, list[str]] = Field(default_factory=dict)
    centers: dict[str, list[str]] | None = None
    # an order is a string, or {"order": "...", "by": "name"} naming who submitted it (Diplonomic rule 7)
    orders: dict[str, list[str | SubmittedOrder]] = Field(default_factory=dict)
    rules: str = "standard"
    # readings of ambiguous regulations (docs/variants.md), overriding the variant's defaults
    options: dict[str, str] | None = None
    # who plays each power: {"FRANCE": {"contestant": "alice", "authorised": ["bob"]}} (rule 7)
    contestants: dict[str, Team] | None = None
    # powers in civil disorder (BT24), carried from the movement phase into retreats/adjustments
    civil_disorder: list[str] | None = None
    # provinces left empty by a standoff (from the movement result; no retreats there)
    contested: list[str] | None = None
    # Retreat-phase input (set from a movement result's `dislodged`); used by the retreat
    # adjudicator, carried along unchanged by the movement adjudicator.
    dislodged: dict[str, list["DislodgedUnit"]] | None = None
    # BT15, BT23: retreat, disband, build and removal orders given with the movement turn's
    # orders, for the retreat and adjustment phases that follow (from the previous result)
    pending_orders: dict[str, list["PendingOrder"]] | None = None
    # the `diplomacy` package's influence (a saved game's state): the provinces each power last
    # occupied; drawn as that power's land where no unit stands, and BT9's starting "ownership"
    # of a game (draw_ownership=occupied_provinces). Supply-centre ownership stays in `centers`.
    influence: dict[str, list[str]] | None = None
    # additions to the order rules enacted during a game and in force in this turn (raw ASP over
    # the movement encoding's input predicates, named and cited: rule_changes.py)
    rule_changes: list["RuleAddition"] | None = None

    @model_validator(mode="before")
    @classmethod
    def _result_as_input(cls, v: object) -> object:
        # The contract: a result, given new orders and phase set to next_phase, is the input of
        # the next phase; its result-only fields are dropped here.
        if isinstance(v, dict):
            v = {k: x for k, x in v.items() if k not in RESULT_ONLY_FIELDS}
        return v

    @field_validator("phase", mode="before")
    @classmethod
    def _phase(cls, v: object) -> str:
        return normalize_phase(str(v))

    @field_validator("centers")
    @classmethod
    def _known_centres(cls, v: dict[str, list[str]] | None) -> dict[str, list[str]] | None:
        # checked here, not only in the adjustment phase: a movement turn echoes the ownership back
        if v is None:
            return v
        from adjudicator.diplomacy.maps import load_map

        board = load_map()
        owners: dict[str, str] = {}
        for power_text, names in v.items():
            power = board.power(power_text)
            if power is None:
                raise InputError(f"centers: unknown power {power_text!r} (powers: {', '.join(board.powers)})")
            for name in names:
                province = _CENTRE_NAMED.get(name) or _centre_named(board, name)
                if province is None:
                    raise InputError(f"centers: {name!r} is not a supply centre ({power})")
                if owners.setdefault(province, power) != power:
                    raise InputError(f"centers: {province} is listed for both {owners[province]} and {power}")
        return v

    @model_validator(mode="after")
    def _known_names(self) -> "Turn":
        # fields carried over from a result: a typo here was silently ignored by the phases
        from adjudicator.diplomacy.maps import load_map
        from adjudicator.diplomacy.variants import resolve_options

        resolve_options(self.rules, self.options)  # unknown rules or options: InputError
        board = load_map()
        for power in self.civil_disorder or []:
            if board.power(power) is None:
                raise InputError(f"civil_disorder: unknown power {power!r} (powers: {', '.join(board.powers)})")
        for power, provinces in (self.influence or {}).items():
            if board.power(power) is None:
                raise InputError(f"influence: unknown power {power!r} (powers: {', '.join(board.powers)})")
            for province in provinces:
                if board.province(str(province).split("/")[0]) is None:
                    raise InputError(f"influence: unknown province {province!r} ({power})")
        for province in self.contested or []:
            if board.province(str(province).split("/")[0]) is None:
                raise InputError(f"contested: unknown province {province!r}")
        for units in (self.dislodged or {}).values():
            for unit in units:
                if unit.attacker_from and board.province(unit.attacker_from.split("/")[0]) is None:
                    raise InputError(f"dislodged {unit.unit}: attacker_from: unknown province {unit.attacker_from!r}")
        return self

    @field_validator("orders", mode="before")
    @classmethod
    def _none_is_empty(cls, v: object) -> object:
        return {} if v is None else v

    @field_validator("units", mode="before")
    @classmethod
    def _units_said(cls, v: object) -> object:
        # `units:` left blank is a position forgotten, not an empty board (write `units: {}`)
        if v is None:
            raise InputError("units: no position given (`units:` is blank); "
                             "write `units: {}` for an empty board")
        return v

    @property
    def units_given(self) -> bool:
        """Whether the input said where the units stand (`units: {}` says: nowhere)."""
        return "units" in self.model_fields_set

    def require_units(self, source: str | None = None) -> None:
        """A phase is adjudicated against a position the input gave: never an empty board by
        default (an omitted `units:` adjudicated every order as 'no unit there')."""
        if not self.units_given:
            raise InputError(f"phase {self.phase}: no `units:` given; list the units of each power "
                             "(`units: {}` for an empty board)", source=source)


_CENTRE_NAMED: dict[str, str] = {}  # a supply centre as written ("Par", "stp/nc") -> its province (names repeat)


def _centre_named(board, name: str) -> str | None:
    """The supply centre a name in `centers` names (its province), else None."""
    province = board.province(str(name).split("/")[0])
    if province is None or not board.provinces[province].supply_centre:
        return None
    if len(_CENTRE_NAMED) < 10_000:  # (arbitrary input does not grow it without end)
        _CENTRE_NAMED[name] = province
    return province


class Misorder(BaseModel):
    """An order that could not be read, ruled a hold (option misorders=hold)."""

    power: str
    order: str
    reason: str


class RuleAddition(BaseModel):
    """A named, cited addition to the order rules (raw ASP), in force in the turns it is given to."""

    model_config = ConfigDict(extra="forbid")

    name: str
    asp: str
    enacted: str | None = None  # when it was enacted, as the citation says it ("F1904")
    cite: str | None = None  # the text or proposal that enacted it


class SubmittedOrder(BaseModel):
    model_config = ConfigDict(extra="forbid")

    order: str
    by: str | None = None


class PendingOrder(BaseModel):
    """An order given with a Spring or Fall turn's orders for a later phase of that turn (BT15
    "how they will retreat and disband if necessary", "conditionals for the creation and
    destruction of units"; BT23 "As part of eir Fall orders")."""

    model_config = ConfigDict(extra="forbid")

    order: str  # short notation (A BUR R PIC, A BUR D, F BRE B, WAIVE)
    phase: Literal["retreat", "adjustment"]  # the phase it is for
    condition: str | None = None  # its conditions, decided in the movement phase
    condition_met: bool | None = None  # False: not in force, not carried out

    @model_serializer(mode="wrap")
    def _drop_unset(self, handler):
        return {k: v for k, v in handler(self).items() if v is not None}


class Team(BaseModel):
    model_config = ConfigDict(extra="forbid")

    contestant: str | None = None
    authorised: list[str] = Field(default_factory=list)
    teammates: list[str] = Field(default_factory=list)


class Submission(BaseModel):
    """Who submitted an order and whether it counted (the Gamemaster's report of rule 7)."""

    order: str
    by: str | None = None
    counted: bool = True


class OrderResult(BaseModel):
    power: str
    order: str  # the order as adjudicated, in short notation (A MUN S A BUR - PAR)
    result: Result
    reason: str = ""
    written: str | None = None  # the order as submitted, when it was written otherwise
    condition: str | None = None  # BT15: the conditions of a conditional order (A KIE - HOL SUCCEEDS)
    condition_met: bool | None = None  # BT15: whether they held (the order was in force)


class DislodgedUnit(BaseModel):
    unit: str
    attacker_from: str | None = None
    retreats: list[str] = Field(default_factory=list)


class Resolution(BaseModel):
    """One consistent resolution of a paradox: the results of the orders it concerns."""

    description: str
    results: list[OrderResult]


class Paradox(BaseModel):
    """A circular movement or a convoy paradox found in the turn, never resolved silently."""

    kind: Literal["circular movement", "convoy paradox", "conditional paradox"]
    orders: list[str]  # "ENGLAND: F NTH C A LON - BEL"
    rule: str  # the backup rule applied, e.g. "DATC 4.A.2 Szykman rule"
    consistent_resolutions: int  # stable models before the backup rule (0: no resolution)
    alternatives: list[Resolution] = Field(default_factory=list)
    applied: str = ""  # what the backup rule did


class TurnResult(BaseModel):
    phase: str
    next_phase: str
    orders: list[OrderResult]
    units: dict[str, list[str]]
    dislodged: dict[str, list[DislodgedUnit]]
    contested: list[str]
    centers: dict[str, list[str]]
    paradoxes: list[Paradox] = Field(default_factory=list)
    # optional additions (rules variants, whole games); absent from the JSON when not set
    civil_disorder: list[str] | None = None  # BT24: powers that submitted no orders this turn
    submitted_by: dict[str, list[Submission]] | None = None  # Diplonomic rule 7: who submitted what
    winner: str | None = None  # BT16: a power with 18+ centres after a Fall turn
    draw_available: bool | None = None  # BT9 (only known in a game, with the history)
    explanations: list[str] | None = None  # --explain, from the solver's model
    pending_orders: dict[str, list[PendingOrder]] | None = None  # BT15: orders for the phases that follow
    # option misorders=hold: the orders that could not be read, ruled holds ({power, order, reason})
    misorders: list[Misorder] | None = None
    # not in the JSON: the phase's program decided that the ownership update follows this phase
    # (phase_order.lp `ownership_update_due`, BT23); read by phases.finish in the same process
    _ownership_update_due: bool = PrivateAttr(default=False)
    # not in the JSON: the close of the Fall turn ended the game (adjust_ownership.lp `game_over`, BT16)
    _game_over: bool = PrivateAttr(default=False)

    @model_serializer(mode="wrap")
    def _drop_unset_additions(self, handler):  # the contract's fields always; additions only when set
        data = handler(self)
        for key in ("civil_disorder", "submitted_by", "winner", "draw_available", "explanations", "pending_orders",
                    "misorders"):
            if data.get(key) is None:
                data.pop(key, None)
        for order in data.get("orders", ()):
            for key in ("written", "condition", "condition_met"):
                if isinstance(order, dict) and order.get(key) is None:
                    order.pop(key, None)
        for paradox in data.get("paradoxes", ()):
            for resolution in paradox.get("alternatives", ()) if isinstance(paradox, dict) else ():
                for order in resolution.get("results", ()):
                    for key in ("written", "condition", "condition_met"):
                        if order.get(key) is None:
                            order.pop(key, None)
        return data


Turn.model_rebuild()
