"""The naval dynasty's Watch: a Chart and the Orders of one Watch in, every Order VALID / INVALID
with its reason, the Admiral's Chart Update (damage, sinkings, Treasure, the new Chart in the
Admiral's Log notation) out.

The rules are in ``encodings/blognomic/chart.lp``, ``orders.lp``, ``update.lp`` and
``victory.lp``. This module reads the Chart and the Orders (pydantic), writes facts, solves, and
builds the next Chart from the model: it decides nothing itself.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

import clingo

from adjudicator.blognomic.common import UTCTime, seconds
from adjudicator.blognomic.programs import ENTRY, WATCH
from adjudicator.errors import InputError
from adjudicator.inputs import read_structured, validation_problems
from adjudicator.solving import Grounded
from adjudicator.solving.messages import messages
from adjudicator.solving.readings import Given, Reading, Readings
from adjudicator.solving.terms import Atoms, Name, fact, fact_lines

DEFAULT_TIMEOUT = 20.0

READINGS = Readings(
    Reading(
        "deadeye-bonus", ("range", "squares"), "range",
        'Deadeye: "when shooting, the range ... is considered to be 1 greater". range: the Range '
        "(Distance) grows by 1; squares: the number of squares shot at grows by 1 (a Battleship's "
        '"up to 2 squares" becomes 3, a Submarine\'s 1 becomes 2)',
        cite="BlogNomic: Sides (Deadeye), The Watch (Shoot)",
        says={"range": "the Range (a Distance) grows by 1", "squares": "one more square to shoot at"}),
    Reading(
        "mine-trigger", ("crossed", "ended"), "crossed",
        '"decreases the Armour value of Vessels that Cruise over it": crossed: every square a vessel '
        "enters by Cruising; ended: only the square a vessel's move ends on",
        cite="BlogNomic: Armour Value and Damage (Mines), Navigation (Cruising)",
        says={"crossed": "every square a vessel enters by Cruising", "ended": "only the square a move ends on"}),
    Reading(
        "new-mines", ("next-watch", "same-watch"), "next-watch",
        "whether a Mine placed in this Watch already hits vessels cruising over its square in the "
        "same Chart Update (orders are applied together) or only from the next",
        cite="BlogNomic: Armour Value and Damage (Mines), The Watch (Chart Update)",
        says={"next-watch": "a new Mine hits from the next Chart Update",
              "same-watch": "a new Mine already hits in the Chart Update that places it"}),
    Reading(
        "battleship-adjacent", ("orthogonal", "diagonal"), "orthogonal",
        'The Watch: "A Battleship cannot Shoot at a square adjacent to the square it is located in": '
        'orthogonal: adjacent as Navigation\'s "orthogonally adjacent" (Distance 1); diagonal: the four '
        "diagonal neighbours too",
        cite="BlogNomic: The Watch (Shoot), Navigation",
        says={"orthogonal": "only the four squares at Distance 1", "diagonal": "the eight surrounding squares"}),
    Reading(
        "own-square", ("melee-only", "allowed"), "melee-only",
        'Sides (Melee): "can shoot at the square that their Vessel is on": melee-only: others cannot; '
        "allowed: Distance 0 is within every Range, Melee only spares the vessel its own shots",
        cite="BlogNomic: Sides (Melee), Armour Value and Damage (Shoot)",
        says={"melee-only": "only Melee vessels shoot at their own square",
              "allowed": "any vessel may, and is hit by its own shots unless Melee"}),
    Reading(
        "rotate-in-place", ("step", "not-a-step"), "step",
        'Navigation: "Rotating changes the facing of a vessel to a facing that is not the opposite of its '
        'current facing": step: Rotating to the current facing is a step (costing 1 if cumbersome); '
        "not-a-step: it changes nothing, so it is no valid step and the move is invalid",
        cite="BlogNomic: Navigation",
        says={"step": "a Rotate to the current facing is a step", "not-a-step": "it is no valid step"}),
    Reading(
        "invalid-first-order", ("uses-the-order", "only-valid"), "uses-the-order",
        'The Watch: "If they have not already done so during the current Watch, a Captain may send ... '
        'exactly one Order": uses-the-order: an invalid Order uses it up; only-valid: only a valid Order does',
        cite="BlogNomic: The Watch",
        says={"uses-the-order": "an invalid first Order uses the Captain's one Order",
              "only-valid": "an invalid Order leaves the Captain's one Order unused"}),
    Reading(
        "hiatus-orders", ("blocked", "open"), "blocked",
        'Victory and Ascension "cannot be overruled by Dynastic Rules as it relates to Declarations of Victory, '
        'but can be overruled in other matters": blocked: the Hiatus a DoV causes relates to it, so The Watch '
        "cannot overrule it and no Order is given; open: Orders are other matters, where The Watch, a "
        "Dynastic Rule, has precedence (Prioritisation 2)",
        cite="BlogNomic: Victory and Ascension (Hiatus), The Watch, Appendix: Prioritisation",
        says={"blocked": "no Order during Hiatus", "open": "The Watch prevails over the Hiatus: Orders are given"}),
    Reading(
        "red-october-control", ("counts", "excluded"), "counts",
        'The Red October "is controlled by each Captain in turn": counts: its controller "controls a '
        'Vessel" (cannot build a Battleship/Submarine/Minelayer, gains Treasure by Diving); '
        "excluded: it does not count for those rules",
        cite="BlogNomic: The Red October, The Watch (build), Deep-Sea Diving",
        says={"counts": "its controller controls a Vessel", "excluded": "it does not count as a controlled Vessel"}),
)
ARMISTICE_READINGS = Readings(
    Reading(
        "armistice-fifty", ("held", "gained"), "held",
        'Armistice: "If no Captain has gained 50 or more Treasure": held: a Captain held 50 or more at a '
        "Chart Update; gained: a Captain gained 50 in all, whatever was spent (the Chart's `gained`)",
        cite="BlogNomic: Armistice",
        says={"held": "having held 50 or more at an update cancels the Armistice",
              "gained": "having gained 50 in all cancels the Armistice"}),
    Reading(
        "armistice-ties", ("nobody", "all"), "nobody",
        '"the Captain with the most Treasure" when several tie: nobody achieves victory, or all of them',
        cite="BlogNomic: Armistice",
        says={"nobody": "a tie for the most Treasure gives no victory", "all": "every tied Captain achieves victory"}),
)
# every reading of the Watch (the Armistice's matter only at the Watch that is the Armistice)
ALL_READINGS = Readings(*READINGS.readings.values(), *ARMISTICE_READINGS.readings.values())

TYPES = {"B": "battleship", "S": "submarine", "M": "minelayer", "T": "transport"}
INITIAL = {v: k for k, v in TYPES.items()}
FACINGS = {"N": "n", "E": "e", "S": "s", "W": "w"}
SIDES = {"red": "red", "green": "green", "blue": "blue", "none": "none"}
SPECIALTIES = {"none": "none", "deadeye": "deadeye", "long winded": "long_winded", "long_winded": "long_winded",
               "long-winded": "long_winded", "melee": "melee", "defensive": "defensive", "swimmers": "swimmers",
               "builders": "builders"}
SPECIALTY_TITLES = {"none": "None", "deadeye": "Deadeye", "long_winded": "Long Winded", "melee": "Melee",
                    "defensive": "Defensive", "swimmers": "Swimmers", "builders": "Builders"}
ORDER_KINDS = ("move", "shoot", "place", "build", "build_transport", "dive", "home_port", "invade", "specialty")
CODE = re.compile(r"^\s*([BSMT])(\d{1,6})\s*\(([NESW])\)\s*\{(\d{1,6})\}\s*(?:\[(?P<captain>[^\]]+)\])?\s*$")
RED_OCTOBER = "Red October"

def side_name(value: str, what: str) -> str:
    """BlogNomic: Sides -- Red, Green, Blue or None, as the GNDT writes them."""
    if value.strip().lower() not in SIDES:
        raise ValueError(f"unknown {what} {value!r} (Red, Green, Blue, None)")
    return value.strip().capitalize()


class CaptainState(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    side: str = "None"
    treasure: int = Field(default=0, ge=0, le=1_000_000)
    home_port: Optional[str] = None
    idle: bool = False
    gained: Optional[int] = Field(default=None, ge=0, le=1_000_000)  # Treasure gained in all (Armistice); default: held

    @model_validator(mode="after")
    def _gained(self) -> "CaptainState":
        if self.gained is not None and self.gained < self.treasure:
            raise ValueError(f"{self.name} has gained {self.gained} Treasure in all but holds {self.treasure}")
        return self

    @field_validator("side")
    @classmethod
    def _side(cls, value: str) -> str:
        return side_name(value, "Side")


class PortState(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    square: int = Field(ge=1, le=100)
    allegiance: str = "None"

    @field_validator("allegiance")
    @classmethod
    def _side(cls, value: str) -> str:
        return side_name(value, "allegiance")


class VesselState(BaseModel):
    """A vessel as the Chart records it: its identity code (``B1(N){5}``), controller and square."""

    model_config = ConfigDict(extra="forbid")
    code: str
    captain: Optional[str] = None
    square: int = Field(ge=1, le=100)

    @model_validator(mode="after")
    def _code(self) -> "VesselState":
        match = CODE.match(self.code)
        if not match:
            raise ValueError(f"identity code {self.code!r} is not like B1(N){{5}} (Vessels)")
        if match.group("captain"):
            if self.captain and self.captain != match.group("captain").strip():
                raise ValueError(f"{self.code!r} names a different captain than {self.captain!r}")
            self.captain = match.group("captain").strip()
            self.code = self.code[: self.code.index("[")].strip()
        if not self.captain:
            raise ValueError(f"vessel {self.code!r} has no captain")
        self.code = self.code.replace(" ", "")
        return self

    @property
    def parts(self) -> tuple[str, int, str, int]:
        m = CODE.match(self.code)
        return TYPES[m.group(1)], int(m.group(2)), m.group(3), int(m.group(4))

    @property
    def name(self) -> str:
        m = CODE.match(self.code)
        return f"{m.group(1)}{m.group(2)}"


class RedOctoberState(BaseModel):
    model_config = ConfigDict(extra="forbid")
    square: int = Field(ge=1, le=100)
    facing: Literal["N", "E", "S", "W"]
    armour: int = Field(default=3, ge=0, le=1000)
    controller: Optional[str] = None


class MineState(BaseModel):
    model_config = ConfigDict(extra="forbid")
    square: int = Field(ge=1, le=100)
    by: Optional[str] = None


class Chart(BaseModel):
    """The Chart and the GNDT columns the naval dynasty's rules use."""

    model_config = ConfigDict(extra="forbid")
    watch: int = Field(default=1, ge=0, le=10_000)
    admiral: Optional[str] = None
    captains: list[CaptainState]
    specialties: dict[str, str] = Field(default_factory=dict)  # Side -> specialty
    ports: list[PortState] = Field(default_factory=list)
    land: list[int] = Field(default_factory=list)
    vessels: list[VesselState] = Field(default_factory=list)
    shots: list[int] = Field(default_factory=list)  # marked at the previous update; removed first
    mines: list[MineState] = Field(default_factory=list)
    red_october: Optional[RedOctoberState] = None
    queue: list[str] = Field(default_factory=list)  # GNDT order, for The Red October
    belayed: list[str] = Field(default_factory=list)
    fifty_reached: bool = False  # a Captain had 50 or more Treasure at an earlier update
    armistice_due: bool = False  # this update is the last before 12:00 on 14/09/2019
    hiatus: bool = False  # the game is in Hiatus (a DoV pending, or no Ascension Address yet): no Orders
    announced: Optional[UTCTime] = None  # the Chart Update's blog post: this Watch began then (48 hours)
    expect: Optional[dict[str, Any]] = None  # conformance cases only

    @field_validator("land", "shots")
    @classmethod
    def _squares(cls, value: list[int]) -> list[int]:
        for s in value:
            if not 1 <= s <= 100:
                raise ValueError(f"square {s} is not on the Chart (1-100)")
        return value

    @field_validator("specialties")
    @classmethod
    def _specialties(cls, value: dict[str, str]) -> dict[str, str]:
        out = {}
        for side, sp in value.items():
            if side.strip().lower() not in ("red", "green", "blue"):
                raise ValueError(f"specialties are kept for Red, Green and Blue, not {side!r}")
            if str(sp).strip().lower() not in SPECIALTIES:
                raise ValueError(f"unknown specialty {sp!r}")
            out[side.strip().capitalize()] = SPECIALTY_TITLES[SPECIALTIES[str(sp).strip().lower()]]
        return out

    @field_validator("belayed")
    @classmethod
    def _belayed(cls, value: list[str]) -> list[str]:
        for kind in value:
            if kind.replace("-", "_") not in ORDER_KINDS:
                raise ValueError(f"unknown order kind {kind!r} ({', '.join(ORDER_KINDS)})")
        return [k.replace("-", "_") for k in value]

    @model_validator(mode="after")
    def _consistent(self) -> "Chart":
        names = [c.name for c in self.captains]
        if len(set(names)) != len(names):
            raise ValueError("a Captain is listed twice")
        known = set(names) | ({self.admiral} if self.admiral else set())
        for v in self.vessels:
            if v.captain not in known:
                raise ValueError(f"vessel {v.code} is controlled by {v.captain!r}, who is not among the captains")
        codes = [v.name for v in self.vessels]
        if len(set(codes)) != len(codes):
            raise ValueError("two vessels share an identity code")
        ports = [p.name for p in self.ports]
        if len(set(ports)) != len(ports):
            raise ValueError("two ports share a name")
        for c in self.captains:
            if c.home_port and c.home_port not in ports:
                raise ValueError(f"{c.name}'s home port {c.home_port!r} is not on the Chart")
        for name in self.queue:
            if name not in known:
                raise ValueError(f"the queue names {name!r}, who is not among the captains")
        if self.red_october and self.red_october.controller and self.red_october.controller not in known:
            raise ValueError(f"The Red October's controller {self.red_october.controller!r} is not among the captains")
        return self


class Order(BaseModel):
    model_config = ConfigDict(extra="forbid")
    captain: str = Field(min_length=1)
    order: str
    vessel: Optional[str] = None
    steps: Optional[str] = None  # move: C (cruise) and N/E/S/W (rotate), e.g. "CCE"
    at: Optional[Union[int, list[int]]] = None  # shoot/place: square(s)
    type: Optional[str] = None  # build: battleship, submarine, minelayer, transport
    facing: Optional[Literal["N", "E", "S", "W"]] = None  # build
    port: Optional[str] = None  # home_port
    specialty: Optional[str] = None
    sent: Optional[UTCTime] = None  # when the Captain's private message was sent

    @field_validator("order")
    @classmethod
    def _kind(cls, value: str) -> str:
        key = value.strip().lower().replace("-", "_").replace(" ", "_")
        key = {"go_diving": "dive", "diving": "dive", "create": "build", "add": "build", "change_home_port": "home_port",
               "set_specialty": "specialty", "mine": "place"}.get(key, key)
        if key not in ORDER_KINDS:
            raise ValueError(f"unknown order {value!r} ({', '.join(k for k in ORDER_KINDS if k != 'build_transport')})")
        return key

    @model_validator(mode="after")
    def _fields(self) -> "Order":
        need = {"move": ("vessel", "steps"), "shoot": ("vessel", "at"), "place": ("vessel", "at"),
                "build": ("type", "facing"), "invade": ("vessel",), "home_port": ("port",), "specialty": ("specialty",)}
        for name in need.get(self.order, ()):
            if getattr(self, name) is None:
                raise ValueError(f"a {self.order} order needs '{name}'")
        if self.order == "build":
            kind = self.type.strip().lower()
            if kind not in INITIAL:
                raise ValueError(f"cannot build a {self.type!r} (battleship, submarine, minelayer, transport)")
            self.type = kind
            if kind == "transport":
                self.order = "build_transport"
        if self.steps is not None:
            steps = self.steps.replace(" ", "").replace(",", "").upper()
            if not re.fullmatch(r"[CNESW]*", steps) or len(steps) > 20:
                raise ValueError(f"steps {self.steps!r}: use C (cruise) and N, E, S, W (rotate), at most 20")
            self.steps = steps
        if isinstance(self.at, int):
            self.at = [self.at]
        if self.at is not None:
            if len(self.at) > 10:
                raise ValueError("more than 10 target squares")
            for s in self.at:
                if not 1 <= s <= 100:
                    raise ValueError(f"square {s} is not on the Chart (1-100)")
        if self.specialty is not None:
            if self.specialty.strip().lower() not in SPECIALTIES:
                raise ValueError(f"unknown specialty {self.specialty!r}")
            self.specialty = SPECIALTIES[self.specialty.strip().lower()]
        return self


class Orders(BaseModel):
    model_config = ConfigDict(extra="forbid")
    watch: Optional[int] = None
    orders: list[Order] = Field(default_factory=list)
    expect: Optional[dict[str, Any]] = None  # conformance cases only


def _is_case(data: Any) -> bool:
    """A conformance case holds a chart and its orders in one file (cases/blognomic/watch)."""
    return isinstance(data, dict) and "chart" in data and "orders" in data


def load_chart(path: str | Path) -> Chart:
    data = read_structured(path, "chart")
    return _validate(Chart, data["chart"] if _is_case(data) else data, str(path))


def load_orders(path: str | Path) -> Orders:
    data = read_structured(path, "orders")
    if _is_case(data):  # the Watch's orders and what the case expects of them
        data = {"orders": data["orders"], "expect": data.get("expect")}
    if isinstance(data, list):
        data = {"orders": data}
    return _validate(Orders, data, str(path))


def case_readings(path: str | Path) -> dict[str, str]:
    data = read_structured(path, "case")
    return dict(data.get("readings") or {}) if _is_case(data) else {}


def _validate(model: Any, data: Any, source: str) -> Any:
    if not isinstance(data, dict):
        raise InputError("expected a mapping", source=source)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise InputError(validation_problems(exc), source=source) from None


# --- facts ------------------------------------------------------------------------------------

def vessel_index(chart: Chart) -> dict[str, str]:
    """Names an order may use for a vessel ("B1", "B1(N){5}", "Red October") -> fact name."""
    names = {v.name.upper(): v.name for v in chart.vessels}
    names |= {v.code.upper(): v.name for v in chart.vessels}
    if chart.red_october:
        names |= {"RED OCTOBER": RED_OCTOBER, "THE RED OCTOBER": RED_OCTOBER, "RO": RED_OCTOBER}
    return names


def chart_facts(chart: Chart) -> list[str]:
    atoms: list[clingo.Symbol] = []
    for c in chart.captains:
        atoms += [fact("captain", c.name), fact("side", c.name, Name(c.side.lower())), fact("treasure", c.name, c.treasure)]
        if c.idle:
            atoms.append(fact("idle", c.name))
        if c.home_port:
            atoms.append(fact("home_port", c.name, c.home_port))
        if c.gained is not None:
            atoms.append(fact("gained", c.name, c.gained))
    if chart.admiral:
        atoms.append(fact("admiral", chart.admiral))
    for side, sp in chart.specialties.items():
        atoms.append(fact("specialty", Name(side.lower()), Name(SPECIALTIES[sp.lower()])))
    for p in chart.ports:
        atoms.append(fact("port", p.name, p.square, Name(p.allegiance.lower())))
    atoms += [fact("land", s) for s in chart.land]
    for v in chart.vessels:
        kind, number, facing, armour = v.parts
        n = v.name
        atoms += [fact("vessel", n), fact("vtype", n, Name(kind)), fact("vnumber", n, number),
                  fact("controller", n, v.captain), fact("at", n, v.square), fact("facing", n, Name(FACINGS[facing])),
                  fact("armour", n, min(armour, 1000))]
    if chart.red_october:
        ro = chart.red_october
        n = RED_OCTOBER
        atoms += [fact("vessel", n), fact("red_october", n), fact("vtype", n, Name("submarine")), fact("at", n, ro.square),
                  fact("facing", n, Name(FACINGS[ro.facing])), fact("armour", n, ro.armour)]
        if ro.controller:
            atoms.append(fact("controller", n, ro.controller))
    for i, m in enumerate(chart.mines):
        atoms.append(fact("mine", i, m.square))
    atoms += [fact("queue", c, i) for i, c in enumerate(chart.queue)]
    atoms += [fact("belayed", Name(k)) for k in chart.belayed]
    if chart.fifty_reached:
        atoms.append(fact("fifty_reached"))
    if chart.armistice_due:
        atoms.append(fact("armistice_due"))
    if chart.hiatus:
        atoms.append(fact("hiatus"))
    if chart.announced:
        atoms.append(fact("watch_began", seconds(chart.announced, "announced")))
    return fact_lines(atoms)


# plan.lp's names for the same facts when the Orders are only candidates (reachability)
CANDIDATE_NAMES = {"order": "cand_order", "order_vessel": "cand_vessel", "steps": "cand_steps", "step": "cand_step",
                   "target": "cand_target", "build": "cand_build", "order_port": "cand_port",
                   "order_specialty": "cand_specialty"}


def order_facts(chart: Chart, orders: list[Order], *, start: int = 1, candidates: bool = False) -> list[str]:
    """The Orders as facts, numbered from `start` in the order received (or as plan.lp's candidates)."""
    names = vessel_index(chart)
    name = (lambda n: CANDIDATE_NAMES[n]) if candidates else (lambda n: n)
    atoms: list[clingo.Symbol] = []
    for o, order in enumerate(orders, start):
        if candidates:
            atoms.append(fact("candidate", o))
        atoms.append(fact(name("order"), o, order.captain, Name(order.order)))
        if order.vessel is not None:
            key = order.vessel.strip().upper()
            if key not in names:
                raise InputError(f"order {o} ({order.captain}): no vessel {order.vessel!r} on the Chart")
            atoms.append(fact(name("order_vessel"), o, names[key]))
        if order.steps is not None:
            atoms.append(fact(name("steps"), o, len(order.steps)))
            atoms += [fact(name("step"), o, i, Name(x.lower())) for i, x in enumerate(order.steps, 1)]
        for k, s in enumerate(order.at or [], 1):
            atoms.append(fact(name("target"), o, k, s))
        if order.order in ("build", "build_transport"):
            atoms.append(fact(name("build"), o, Name(order.type), Name(FACINGS[order.facing or "N"])))
        if order.port is not None:
            atoms.append(fact(name("order_port"), o, order.port))
        if order.specialty is not None:
            atoms.append(fact(name("order_specialty"), o, Name(order.specialty)))
        if order.sent is not None and not candidates:
            atoms.append(fact("order_sent", o, seconds(order.sent, f"order {o} sent")))
    return fact_lines(atoms)


SHOWN = """
#show valid/1. #show invalid/2. #show final/3. #show armour_after/2. #show damage/2. #show shot_damage/2.
#show collides/1. #show on_land/1. #show mine_hit/2. #show mine_gone/1. #show sinks/1. #show rewards/2.
#show shot/3. #show placed/2. #show new_vessel/3. #show new_final/3. #show new_armour/2.
#show treasure_change/3. #show treasure_after/2. #show new_specialty/2. #show specialty_conflict/1.
#show defensive_change/2. #show new_allegiance/2. #show new_home_port/2. #show next_controller/1.
#show red_october_quadrant/2. #show treasure_victory/1. #show armistice_winner/1. #show armistice_tie/0.
#show reached_fifty/0. #show extra/1. #show move_cost/2. #show move_points/2. #show cruised/3.
#show dormant/0. #show no_chart_update/0. #show gained_after/2. #show held_fifty/0. #show hiatus_stops_orders/0. #show dormancy_stops_orders/0.
"""


# --- results ----------------------------------------------------------------------------------

class OrderResult(BaseModel):
    index: int
    captain: str
    order: str
    detail: str
    result: Literal["VALID", "INVALID"]
    reasons: list[str] = Field(default_factory=list)
    extra: bool = False  # given in a Side specialty's extra slot (Swimmers, Builders)


class VesselChange(BaseModel):
    vessel: str
    captain: str
    before: str  # identity code and square before
    after: str
    damage: int
    causes: list[str] = Field(default_factory=list)
    sinks: bool = False


class WatchReport(BaseModel):
    watch: int
    readings: dict[str, str]
    orders: list[OrderResult]
    vessels: list[VesselChange]
    built: list[str]
    treasure: dict[str, list[str]]  # captain -> changes
    sinkings: list[str]
    shots: list[int]
    mines_removed: list[int]
    mines_placed: list[int]
    specialties: dict[str, str]
    specialty_conflicts: list[str]
    ports: dict[str, str]
    red_october: Optional[str] = None
    treasure_victory: Optional[str] = None
    armistice: Optional[str] = None
    armistice_winners: list[str] = Field(default_factory=list)
    chart: Chart  # the new Chart (the next Watch's input)
    log: str  # the Admiral's Log notation
    reading_differences: list[str] = Field(default_factory=list)
    dormant: bool = False  # fewer than five Captains (Dormancy): no Order, no dynastic action
    hiatus: bool = False  # the Chart says the game is in Hiatus, and the Hiatus stops Orders (reading hiatus-orders)
    chart_update: bool = True  # False: no Chart Update may be made (Dormancy, Hiatus): the Chart stays as it is


def _detail(order: Order) -> str:
    parts = ["build" if order.order == "build_transport" else order.order.replace("_", " ")]  # the type follows
    if order.vessel:
        parts.append(order.vessel)
    if order.steps is not None:
        parts.append(order.steps or "(no steps)")
    if order.at:
        parts.append("at " + ", ".join(map(str, order.at)))
    if order.type:
        parts.append(f"{order.type} facing {order.facing}")
    if order.port:
        parts.append(order.port)
    if order.specialty:
        parts.append(SPECIALTY_TITLES[order.specialty])
    return " ".join(parts)


def _code(kind: str, number: int, facing: str, armour: int) -> str:
    return f"{INITIAL[kind]}{number}({facing}){{{armour}}}"


class WatchProgram:
    """A Chart and its Orders grounded once with every reading as an external; each combination of
    readings is one solve under assumptions."""

    def __init__(self, chart: Chart, orders: Orders, *, timeout: float = DEFAULT_TIMEOUT):
        self.chart, self.orders = chart, orders
        program = chart_facts(chart) + order_facts(chart, orders.orders)
        self.program = Grounded([ENTRY], ["\n".join(program), SHOWN], parts=WATCH, timeout=timeout, what="blognomic watch",
                                project=True, externals=ALL_READINGS.every_atom())
        self.program.free_externals([("reading", 2)])

    def run(self, readings: dict[str, str]) -> WatchReport:
        assumptions = ALL_READINGS.assumptions(readings)
        models, _ = self.program.models(assumptions)
        if len(models) != 1:
            raise RuntimeError(f"the Watch encoding gave {len(models)} models")
        return _report(self.chart, self.orders, dict(readings), Atoms(models[0], compound_as_text=True))


def run_watch(chart: Chart, orders: Orders, readings: Given = None, *,
              timeout: float = DEFAULT_TIMEOUT) -> WatchReport:
    """One Chart Update under one combination of readings."""
    return WatchProgram(chart, orders, timeout=timeout).run(ALL_READINGS.parse(readings))


def _report(chart: Chart, orders: Orders, chosen: dict[str, str], by: Atoms) -> WatchReport:
    """The Watch's report from its model: the Orders, the Vessels, Treasure, Mines, the Armistice,
    and the next Chart with its Admiral's Log."""
    moved = _Vessels(chart, orders, by)
    captains, treasure_changes = _treasure(chart, by)
    specialties = {x.capitalize(): SPECIALTY_TITLES[sp] for x, sp in by.rows("new_specialty", 2)}
    allegiance = {p: x.capitalize() for p, x in by.rows("new_allegiance", 2)}
    ports = [p.model_copy(update={"allegiance": allegiance.get(p.name, p.allegiance)}) for p in chart.ports]
    shots = sorted(s for _, _, s in by.rows("shot", 3))
    gone, placed, mines = _mines(chart, orders, by)
    winners = sorted(c for (c,) in by.rows("armistice_winner", 1))
    if by.has("no_chart_update", 0):  # Dormancy or the Hiatus: the Chart stays as it is
        return _no_update(chart, orders, chosen, by, moved, winners)
    new_chart = chart.model_copy(update={
        "watch": chart.watch + 1, "captains": captains, "specialties": specialties, "ports": ports,
        "vessels": moved.vessels, "shots": shots, "mines": mines, "red_october": moved.red_october,
        "belayed": [], "fifty_reached": chart.fifty_reached or by.has("held_fifty", 0),
        "armistice_due": False, "announced": None, "expect": None})
    report = WatchReport(
        watch=chart.watch, readings=chosen, orders=_order_results(orders, by), vessels=moved.changes,
        built=moved.built, treasure=treasure_changes, sinkings=_sinkings(moved.sinks, by), shots=shots,
        mines_removed=sorted(chart.mines[i].square for i in gone), mines_placed=[s for _, s in placed],
        specialties=specialties, specialty_conflicts=sorted(x.capitalize() for (x,) in by.rows("specialty_conflict", 1)),
        ports={p.name: p.allegiance for p in ports}, red_october=moved.red_october_line,
        treasure_victory=next((c for (c,) in by.rows("treasure_victory", 1)), None),
        armistice=_armistice(chart, winners, by), armistice_winners=winners, chart=new_chart, log="",
        dormant=by.has("dormant", 0) and by.has("dormancy_stops_orders", 0),
        hiatus=chart.hiatus and by.has("hiatus_stops_orders", 0))
    report.log = admirals_log(new_chart, moved.red_october_quadrant)
    return report


def _order_results(orders: Orders, by: Atoms) -> list[OrderResult]:
    invalid: dict[int, list[str]] = {}
    for o, why in by.rows("invalid", 2):
        invalid.setdefault(o, []).append(why)
    extras = {o for (o,) in by.rows("extra", 1)}
    return [
        OrderResult(index=i, captain=o.captain, order=o.order, detail=_detail(o),
                    result="INVALID" if i in invalid else "VALID", reasons=sorted(invalid.get(i, [])),
                    extra=i in extras and len([x for x in orders.orders if x.captain == o.captain]) > 1)
        for i, o in enumerate(orders.orders, 1)]


class _Damage:
    """What happened to each Vessel in the Watch (update.lp), by Vessel name."""

    def __init__(self, by: Atoms):
        self.damage = dict(by.rows("damage", 2))
        self.shot_damage = dict(by.rows("shot_damage", 2))
        self.collides = {v for (v,) in by.rows("collides", 1)}
        self.landed = {v for (v,) in by.rows("on_land", 1)}
        self.mine_hits: dict[str, int] = {}
        for v, _ in by.rows("mine_hit", 2):
            self.mine_hits[v] = self.mine_hits.get(v, 0) + 1
        self.sinks = {v for (v,) in by.rows("sinks", 1)}
        self.defensive = {v: k for v, k in by.rows("defensive_change", 2)}

    def change(self, name: str, captain: str, before: str, after: str) -> VesselChange:
        causes = []
        if self.shot_damage.get(name):
            causes.append(f"{self.shot_damage[name]} Shot(s)")
        if name in self.collides:
            causes.append("collision")
        if self.mine_hits.get(name):
            causes.append(f"{self.mine_hits[name]} Mine(s)")
        if name in self.landed:
            causes.append("Land: Armour set to 0")
        if self.defensive.get(name):
            causes.append(f"Defensive {self.defensive[name]:+d}")
        return VesselChange(vessel=name, captain=captain, before=before, after=after,
                            damage=self.damage.get(name, 0), causes=causes, sinks=name in self.sinks)


class _Vessels:
    """The Vessels after the Watch (update.lp's final squares, facings and Armour), the ones built,
    and The Red October (its Quadrant as update.lp names it)."""

    def __init__(self, chart: Chart, orders: Orders, by: Atoms):
        final = {v: (s, f.upper()) for v, s, f in by.rows("final", 3)}
        armour = dict(by.rows("armour_after", 2))
        damage = _Damage(by)
        self.sinks = damage.sinks
        self.changes: list[VesselChange] = []
        self.vessels: list[VesselState] = []
        for v in chart.vessels:
            kind, number, facing, arm = v.parts
            if arm == 0:
                continue  # update step 2: removed from the Chart
            square, new_facing = final[v.name]
            after = _code(kind, number, new_facing, armour[v.name])
            self.vessels.append(VesselState(code=after, captain=v.captain, square=square))
            self.changes.append(damage.change(v.name, v.captain, f"{v.code} at {v.square}", f"{after} at {square}"))
        self.built = self._build(orders, by)
        self.red_october: RedOctoberState | None = None
        self.red_october_line: str | None = None
        self.red_october_quadrant = next((q.upper() for q, _ in by.rows("red_october_quadrant", 2)), "?")
        ro = chart.red_october
        if ro and ro.armour > 0:
            square, facing = final[RED_OCTOBER]
            controller = next((c for (c,) in by.rows("next_controller", 1)), None) or ro.controller
            self.red_october = RedOctoberState(square=square, facing=facing, armour=armour[RED_OCTOBER],
                                               controller=controller)
            self.changes.append(damage.change(RED_OCTOBER, ro.controller or "-", f"{ro.facing}{{{ro.armour}}} at {ro.square}",
                                              f"{facing}{{{armour[RED_OCTOBER]}}} at {square}"))
            self.red_october_line = (f"The Red October: {self.red_october_quadrant} Quadrant, facing {facing}; "
                                     f"controlled by {controller}")

    def _build(self, orders: Orders, by: Atoms) -> list[str]:
        built = []
        new_armour = dict(by.rows("new_armour", 2))
        new_final = {o: (s, f.upper()) for o, s, f in by.rows("new_final", 3)}
        for o, kind, number in sorted(by.rows("new_vessel", 3)):
            square, facing = new_final[o]
            code = _code(kind, number, facing, new_armour[o])
            captain = orders.orders[o - 1].captain
            self.vessels.append(VesselState(code=code, captain=captain, square=square))
            built.append(f"{code} [{captain}] at {square}")
        return built


def _treasure(chart: Chart, by: Atoms) -> tuple[list[CaptainState], dict[str, list[str]]]:
    """The Captains after the Watch (Treasure, home port) and each one's Treasure changes."""
    changes: dict[str, list[str]] = {}
    for c, why, k in sorted(by.rows("treasure_change", 3), key=lambda r: (r[0], str(r[1]))):
        changes.setdefault(c, []).append(f"{k:+d} ({_why_treasure(why)})")
    treasure_after = dict(by.rows("treasure_after", 2))
    gained = dict(by.rows("gained_after", 2))
    home = dict(by.rows("new_home_port", 2))
    captains = [c.model_copy(update={"treasure": treasure_after.get(c.name, c.treasure), "home_port": home.get(c.name, c.home_port),
                                     "gained": _kept_gained(c, treasure_after, gained)})
                for c in chart.captains]
    return captains, changes


def _kept_gained(c: CaptainState, treasure_after: dict, gained: dict) -> Optional[int]:
    """The Treasure gained in all, recorded on the next Chart once it differs from what is held."""
    total = gained.get(c.name, c.gained)
    if c.gained is None and total == treasure_after.get(c.name, c.treasure):
        return None
    return total


def _mines(chart: Chart, orders: Orders, by: Atoms) -> tuple[set[int], list, list[MineState]]:
    """The Chart's Mines that are gone, the ones placed, and the Mines after the Watch."""
    gone = {int(str(m).split("(")[1].rstrip(")")) for (m,) in by.rows("mine_gone", 1) if str(m).startswith("mine(")}
    gone_new = {int(str(m).split("(")[1].rstrip(")")) for (m,) in by.rows("mine_gone", 1) if str(m).startswith("placed(")}
    placed = sorted(by.rows("placed", 2))
    mines = [m for i, m in enumerate(chart.mines) if i not in gone]
    mines += [MineState(square=s, by=orders.orders[o - 1].captain) for o, s in placed if o not in gone_new]
    return gone, placed, mines


def _armistice(chart: Chart, winners: list[str], by: Atoms) -> str | None:
    if not chart.armistice_due:
        return None
    if by.has("reached_fifty", 0) and not winners:
        return "no Armistice victory: a Captain has gained 50 or more Treasure"
    if winners:
        return "Armistice: " + ", ".join(winners) + " achieved victory (the most Treasure at 12:00 on 14/09/2019)"
    return "Armistice: the most Treasure is tied, so no single Captain achieved victory (reading armistice-ties=nobody)"


def _sinkings(sinks: set[str], by: Atoms) -> list[str]:
    sinkings = []
    for v in sorted(sinks):
        rewarded = sorted(c for c, w in by.rows("rewards", 2) if w == v)
        sinkings.append(f"{v} sinks" + (f"; 10 Treasure to {', '.join(rewarded)}" if rewarded else ""))
    return sinkings


def _why_treasure(why: str) -> str:
    if why.startswith("sinking("):
        return f"sank {why[len('sinking('):-1].strip(chr(34))}"
    if why.startswith("dive("):
        return "Diving"
    return "specialty"


def admirals_log(chart: Chart, red_october_quadrant: str) -> str:
    """The Chart in the Admiral's Log notation: each square's contents (Vessels by identity code and
    controller, Shots, Mines, Ports, Land), The Red October's Quadrant (as update.lp names it:
    `red_october_quadrant/2`) and Facing, and the GNDT."""
    contents: dict[int, list[str]] = {}
    for s in chart.land:
        contents.setdefault(s, []).append("Land")
    for p in chart.ports:
        contents.setdefault(p.square, []).append(f"Port \"{p.name}\" ({p.allegiance})")
    for v in chart.vessels:
        contents.setdefault(v.square, []).append(f"{v.code} [{v.captain}]")
    for s in sorted(set(chart.shots)):
        n = chart.shots.count(s)
        contents.setdefault(s, []).append("Shot" + (f" x{n}" if n > 1 else ""))
    for m in chart.mines:
        contents.setdefault(m.square, []).append("Mine")
    lines = [f"Chart Update -- start of Watch {chart.watch}", "", "Square | Contents", "------ | --------"]
    lines += [f"{s:>6} | {'; '.join(items)}" for s, items in sorted(contents.items())]
    lines.append("")
    grid = ["    " + " ".join(f"{c:>4}" for c in range(1, 11))]
    for r in range(10):
        cells = []
        for c in range(10):
            s = r * 10 + c + 1
            marks = [x.split("(")[0] if x[0] in "BSMT" and "(" in x else {"Land": "##", "Mine": "*"}.get(x, "") for x in contents.get(s, [])]
            marks = [m for m in marks if m] + (["X"] if s in chart.shots else []) + (["P"] if any(p.square == s for p in chart.ports) else [])
            cells.append(f"{'/'.join(marks) or '.':>4}")
        grid.append(f"{r * 10 + 1:>3} " + " ".join(cells))
    lines += grid
    if chart.red_october:
        ro = chart.red_october
        lines += ["", f"The Red October: {red_october_quadrant} Quadrant, facing {ro.facing}; "
                      f"controlled by {ro.controller or '-'}"]
    lines += ["", "Captain | Side | Treasures | Port | Fleet", "------- | ---- | --------- | ---- | -----"]
    for c in chart.captains:
        fleet = ", ".join(v.code for v in chart.vessels if v.captain == c.name)
        lines.append(f"{c.name}{' (idle)' if c.idle else ''} | {c.side} | {c.treasure} | {c.home_port or '-'} | {fleet or '-'}")
    specialties = ", ".join(f"{side}: {chart.specialties.get(side, 'None')}" for side in ("Red", "Blue", "Green"))
    lines += ["", f"Specialties: {specialties}"]
    return "\n".join(lines)


def _summary(report: WatchReport) -> dict[str, Any]:
    return {"orders": [(o.index, o.result) for o in report.orders],
            "vessels": sorted((v.vessel, v.after, v.sinks) for v in report.vessels),
            "treasure": {c.name: c.treasure for c in report.chart.captains},
            "victory": (report.treasure_victory, report.armistice_winners)}


def adjudicate(chart: Chart, orders: Orders, readings: Given = None, *,
               timeout: float = DEFAULT_TIMEOUT, compare: bool = True) -> WatchReport:
    """The Watch under the chosen readings; with `compare`, each reading flipped in turn, and where
    the outcome changes (orders, vessels, Treasure, victory)."""
    chosen = ALL_READINGS.parse(readings)
    program = WatchProgram(chart, orders, timeout=timeout)
    report = program.run(chosen)
    if compare:
        mine = _summary(report)
        for name, value, other in ALL_READINGS.variations(chosen):
            if name in ARMISTICE_READINGS and not chart.armistice_due:
                continue
            theirs = _summary(program.run(other))
            changed = [k for k in mine if mine[k] != theirs[k]]
            if changed:
                report.reading_differences.append(f"under {name}={value}: {', '.join(changed)} differ")
    return report


def _no_update(chart: Chart, orders: Orders, chosen: dict[str, str], by: Atoms, moved: "_Vessels",
               winners: list[str]) -> WatchReport:
    """No Chart Update may be made: every Order is refused and the Chart stays as it is."""
    same = chart.model_copy(update={"armistice_due": False, "expect": None})
    report = WatchReport(
        watch=chart.watch, readings=chosen, orders=_order_results(orders, by), vessels=[], built=[], treasure={},
        sinkings=[], shots=list(chart.shots), mines_removed=[], mines_placed=[],
        specialties={x.capitalize(): SPECIALTY_TITLES[sp] for x, sp in by.rows("new_specialty", 2)},
        specialty_conflicts=[], ports={p.name: p.allegiance for p in chart.ports},
        treasure_victory=next((c for (c,) in by.rows("treasure_victory", 1)), None),
        armistice=_armistice(chart, winners, by), armistice_winners=winners, chart=same, log="", chart_update=False,
        dormant=by.has("dormant", 0) and by.has("dormancy_stops_orders", 0),
        hiatus=chart.hiatus and by.has("hiatus_stops_orders", 0))
    report.log = admirals_log(same, moved.red_october_quadrant)
    return report


def render(report: WatchReport) -> str:
    lines = [f"Watch {report.watch}: orders"]
    if report.dormant:
        lines.append("  BlogNomic is Dormant (fewer than five Captains): no Order may be given, and no Chart Update "
                     "may be made, itself a dynastic action: the Chart stays as it is (Dormancy)")
    if report.hiatus:
        lines.append("  the game is in Hiatus: no Order may be given, and no Chart Update may be made: the Chart "
                     "stays as it is (Victory and Ascension)")
    for o in report.orders:
        mark = o.result + (" (extra order)" if o.extra else "")
        why = "" if not o.reasons else " -- " + "; ".join(messages(ENTRY, WATCH).text(r) for r in o.reasons)
        lines.append(f"  {o.index}. {o.captain}: {o.detail}: {mark}{why}")
    lines.append("\nChart Update" + ("" if report.chart_update else ": none (the Chart as it stands)"))
    for v in report.vessels:
        if v.causes or v.before != v.after:
            note = f" -- {v.damage} Damage ({', '.join(v.causes)})" if v.causes else ""
            lines.append(f"  {v.vessel} [{v.captain}]: {v.before} -> {v.after}{note}{' -- SINKS' if v.sinks else ''}")
    for b in report.built:
        lines.append(f"  built: {b}")
    if report.shots:
        lines.append(f"  Shots marked at: {', '.join(map(str, report.shots))}")
    if report.mines_placed:
        lines.append(f"  Mines placed at: {', '.join(map(str, report.mines_placed))}")
    if report.mines_removed:
        lines.append(f"  Mines removed (cruised over) at: {', '.join(map(str, report.mines_removed))}")
    for s in report.sinkings:
        lines.append(f"  {s}")
    for c, changes in report.treasure.items():
        lines.append(f"  Treasure {c}: {', '.join(changes)}")
    for side in report.specialty_conflicts:
        lines.append(f"  {side}: Captains set different specialties; the Order received last applies (see docs)")
    if report.red_october:
        lines.append(f"  {report.red_october}")
    if report.treasure_victory:
        lines.append(f"\nTREASURE VICTORY: {report.treasure_victory} has more than 50 Treasure and more than every other Captain")
    if report.armistice:
        lines.append(f"\n{report.armistice}")
    lines.append("\nAdmiral's Log\n" + report.log)
    lines.append("\nReadings: " + ", ".join(f"{k}={v}" for k, v in report.readings.items()))
    for d in report.reading_differences:
        lines.append(f"  reading changes the outcome: {d}")
    return "\n".join(lines)


class GameWatch(BaseModel):
    model_config = ConfigDict(extra="forbid")
    orders: list[Order] = Field(default_factory=list)
    expect: Optional[dict[str, Any]] = None  # conformance cases only


class Game(BaseModel):
    """A game of the naval dynasty: the starting Chart and each Watch's Orders, in order. The last
    Watch is the last Chart Update before the Armistice when `armistice` is true."""

    model_config = ConfigDict(extra="forbid")
    chart: Chart
    watches: list[GameWatch] = Field(min_length=1, max_length=50)
    armistice: bool = False
    expect: Optional[dict[str, Any]] = None  # conformance cases only


class GameReport(BaseModel):
    watches: list[WatchReport]
    winner: Optional[str] = None
    how: Optional[str] = None
    final: Chart


def load_game(path: str | Path) -> Game:
    return _validate(Game, read_structured(path, "game"), str(path))


def play(game: Game, readings: Given = None, *, timeout: float = DEFAULT_TIMEOUT) -> GameReport:
    """Every Watch in turn, each Chart Update's new Chart the next Watch's Chart; stops at a victory."""
    chart = game.chart
    reports: list[WatchReport] = []
    for n, step in enumerate(game.watches, 1):
        chart = chart.model_copy(update={"armistice_due": game.armistice and n == len(game.watches)})
        report = adjudicate(chart, Orders(orders=step.orders), readings, timeout=timeout)
        reports.append(report)
        chart = report.chart
        if report.treasure_victory:
            return GameReport(watches=reports, winner=report.treasure_victory, how=f"Treasure Victory (Watch {report.watch})", final=chart)
        if report.armistice_winners:
            return GameReport(watches=reports, winner=", ".join(report.armistice_winners), how="the Armistice", final=chart)
    return GameReport(watches=reports, final=chart)


def render_game(report: GameReport) -> str:
    parts = [render(w) for w in report.watches]
    last = report.watches[-1].armistice if report.watches else None
    end = (f"\n== {report.winner} achieved victory by {report.how}" if report.winner
           else f"\n== the Armistice passed: {last}" if last else "\n== no victory yet")
    return ("\n\n" + "=" * 72 + "\n\n").join(parts) + end
