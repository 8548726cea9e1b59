"""Is Agora ossified (Rule 1698)? Bounded plans and proofs with Z3 over the ruleset as gamestate.

R1698: "Agora is ossified if it is IMPOSSIBLE for any reasonable combination of actions by
players to cause arbitrary rule changes to be made and/or arbitrary proposals to be adopted within
a four-week period." The model asks whether, within the horizon, the players (who cooperate fully)
can make a proposal of the highest Power a rule can have (R2141: 4.0) take effect: such an
instrument can make any rule change. Up to `steps` proposals in sequence are allowed, so that a
first one can weaken a protection the second needs (CFJ 3765).

Every number comes from `agora_parameters.derive(ruleset)`; the routes (docs/ossification.md):

* vote: create (R2350), distribute (R1607's Promotor, or its fallback without 3 objections),
  vote for the voting period (R107), resolve with quorum (R879) and AI-majority (R955, strengths
  R2422), take effect with power min(cap, AI) (R106, limited by R2140); R105's publication window.
* self-ratifying resolution (reading means=can only): publish a message purporting to resolve a
  referendum as ADOPTED (R2034), undoubted for a week (R2201, R1551); ratification cannot add
  inconsistencies (R1551), so the claimed vote must meet the same quorum and AI-majority.
* ratification without objection (R2202) of a former player's registration (CFJ 3938), one
  optional earlier referendum to set the quorum of the next (R879), officers elected (R2154).

Plans are replayed through the Rule 105 engine (`adjudicator.rulesets.amend.apply_proposal`):
each proposal of the plan is applied with the Power the plan gives it, and the parameters it was
meant to change are derived again from the ruleset that results.
"""

from __future__ import annotations

import re
import time
from decimal import Decimal
from typing import Any, Callable, Optional

import z3
from pydantic import BaseModel, Field

from adjudicator.analysis.agora_parameters import AgoraParameters, Edit, Param, derive
from adjudicator.analysis.planning import BoundedPlanner, value
from adjudicator.rulesets.amend import AmendmentReport, apply_proposal
from adjudicator.rulesets.model import Ruleset
from adjudicator.rulesets.proposal import Proposal, Unrecognised, load_proposal, parse_changes
from adjudicator.solving.readings import Reading, Readings

# Declared once (docs/ossification.md, Readings); `other_readings` walks READINGS.variations.
READINGS = Readings(
    Reading("means", ("can", "lawful"), "can", "which actions a plan may use: all the rules say players CAN do "
            "(R1698 asks what is IMPOSSIBLE), or only those that break no SHALL NOT", cite="R1698, R2152, R2471"),
    Reading("period", ("whole", "adoption-only"), "whole", "how R1698's 'within four weeks' groups: the whole "
            "'(cause rule changes and/or adopt proposals)' or only 'adopt proposals'", cite="R1698, CFJ 3765"),
    Reading("offices", ("held", "vacant"), "held", "whether the Promotor and Assessor are held at day 0",
            cite="R1607, R2154"),
    Reading("strength", ("default", "range"), "default", "whether every voter has R2422's default strength or "
            "any strength of its range", cite="R2422"),
)
ADOPTION_ONLY_HORIZON = 365  # reading period=adoption-only: rule changes at any time, bounded here
MAX_PLAYERS = 64  # --min-players searches 1..MAX_PLAYERS


class PlanStep(BaseModel):
    day: int
    actor: str
    action: str
    detail: str = ""


class Blocking(BaseModel):
    rule: str
    why: str


class ProposalVerdict(BaseModel):
    file: str
    cancelled_by_r1698: bool
    why: str
    # its clauses the model does not understand (an instruction that is no rule change R105 can make,
    # or a changed rule text about the decision process that changes no parameter the model reads)
    not_understood: list[str] = Field(default_factory=list)
    changes: list[str] = Field(default_factory=list)  # the R105 engine's outcome of each change
    blocking: list[Blocking] = Field(default_factory=list)  # when cancelled: what would block every plan after it
    ossified_before: Optional[bool] = None  # None: not asked (nothing applied, or R1698 not in force)


class ParameterView(BaseModel):
    name: str
    value: Any
    rule: str
    why: str


class Answer(BaseModel):
    ruleset: str
    ossified: bool
    players: int
    horizon_days: int
    steps: int
    readings: dict[str, str]
    plan: list[PlanStep] = Field(default_factory=list)
    blocking: list[Blocking] = Field(default_factory=list)
    min_players: Optional[int] = None
    proposals: list[ProposalVerdict] = Field(default_factory=list)
    replay: list[str] = Field(default_factory=list)  # what the R105 engine did with the plan's proposals
    parameters: list[ParameterView] = Field(default_factory=list)
    other_readings: dict[str, bool] = Field(default_factory=dict)  # "name=value" -> ossified under it
    goal_power: Optional[Decimal] = None  # --power: the question was a rule of this Power, not any change
    win: Optional[str] = None  # --win: the question was whether this person can win
    case: Optional[str] = None  # a case file's title
    archive: Optional[str] = None  # the archive's verdict of the CFJ the case reproduces
    # Why no answer can be given: clauses or rule sentences the model does not understand, or a plan
    # the two models (Z3's and `agora resolve`'s) disagree on. Non-empty: the answer is unknown.
    unknown: list[str] = Field(default_factory=list)
    seconds: float = 0.0


class PlanDoesNotReplay(RuntimeError):
    """A plan the Z3 model found that the Rule 105 engine or `agora resolve` does not carry out."""


class Options(BaseModel):
    players: int = 5
    last_voters: Optional[int] = None  # voters on the last resolved referendum; default: the players
    registrable: int = 1  # former players the players can register by ratification (CFJ 3938)
    steps: int = 2
    horizon: Optional[int] = None  # days; default R1698's period (benchmarks vary it)
    goal_power: Optional[Decimal] = None  # "it is POSSIBLE to enact a rule of Power P"; default R2141's maximum
    readings: dict[str, str] = Field(default_factory=dict)
    timeout: float = 10.0
    # "it is POSSIBLE for W to win within D days": W wins by Declaring Apathy (R2465, if W is a
    # player) or by a proposal enacting a rule that says W wins (R2449, with goal_power 1.0)
    win: Optional[str] = None
    winner_is_player: bool = True
    names: list[str] = Field(default_factory=list)  # the players' names in plans (default player1..playerN)
    festive: int = 0  # players who own enough Ribbons to Start and be Festive in a Rank-1 Festival (R2480)

    def reading(self, name: str) -> str:
        return self.readings.get(name, READINGS.reading(name).default)


def parse_readings(pairs: list[str] | tuple[str, ...]) -> dict[str, str]:
    """The readings NAME=VALUE chooses (InputError for an unknown name or value)."""
    return READINGS.changed(READINGS.parse(pairs))


def _tenths(x: Decimal) -> int:
    """A Power or an adoption index in tenths (1.5 -> 15), as the model counts them."""
    return int((Decimal(x) * 10).to_integral_value())


def _candidates(p: AgoraParameters, goal_power: Optional[Decimal] = None) -> list[int]:
    """Adoption indices (x10) worth trying: each whole Power up to the goal, the goal, the range's ends
    and the default."""
    lo, hi = p["ai_range"]
    goal = _tenths(p["goal_power"] if goal_power is None else goal_power)
    values = {10 * g for g in range(1, goal // 10 + 1)} | {_tenths(lo), _tenths(hi), goal, _tenths(p["ai_default"])}
    return sorted(v for v in values if 10 <= v <= 99)


class PlannedProposal(BaseModel):
    """One proposal of a witness plan, as the replays need it."""

    power10: int
    ai10: int
    edits: list[Edit]
    self_ratified: bool
    created: int
    initiated: int
    effective: int
    ballots: dict[str, str]  # voter -> FOR / AGAINST / PRESENT
    players: list[str]  # players at initiation
    speaker: Optional[str] = None  # a FOR voter holding the office of Speaker (R103: one more strength)
    manifesto: bool = False  # distributed by the Prime Minister's Manifesto (R2451)
    festival: bool = False  # voted while a festival runs (R2481's quorum and strengths)


class _Model:
    """The routes to a Power-`goal` instrument within the horizon, as linear constraints."""

    def __init__(self, params: AgoraParameters, opts: Options, players: Optional[int] = None):
        self.params = params
        self.options = opts
        self.n = players  # None: the number of players is left open (min_players)
        self.planner = BoundedPlanner("ossification", opts.timeout)
        self.build()

    # -- helpers ---------------------------------------------------------------------------
    def fact(self, name: str, constraint: Any, label: str | None = None) -> None:
        param: Param = self.params.params[name]
        self.planner.assume(label or name, constraint, Blocking(rule=param.rule or "model", why=param.why))

    def reading(self, name: str, constraint: Any) -> None:
        val = self.options.reading(name)
        self.planner.assume(f"reading:{name}", constraint, Blocking(
            rule="reading", why=f"{name}={val} (docs/ossification.md)"))

    def build(self) -> None:
        """Every constraint, in the order Z3 first sees them (the order shapes the witness it finds)."""
        self.steps = max(1, self.options.steps)
        self._horizon_and_players()
        self._rule_facts()
        self._registrations()
        self._officers()
        self._earlier_referendum()
        self._festival_and_offices()
        self._proposal_bounds()
        self.phases: list[dict[str, Any]] = []
        goal_reached = []
        for k in range(self.steps):
            phase = self._phase(k)
            goal_reached.append(z3.And(phase["ex"], phase["power"] >= self.goal))
            self.phases.append(phase)
        pl = self.planner
        pl.require(z3.PbLe([(phase["mf"], 1) for phase in self.phases], 1))
        if self.options.reading("strength") == "range":
            pl.require(*(z3.Not(phase["sp"]) for phase in self.phases))
        goal_reached += self._win_routes()
        pl.require(z3.Or(goal_reached))

    def _horizon_and_players(self) -> None:
        """The period (R1698's, the question's, or the adoption-only reading's bound) and the players."""
        p, o, pl = self.params, self.options, self.planner
        horizon = ADOPTION_ONLY_HORIZON if o.reading("period") == "adoption-only" else p["horizon_days"]
        horizon = o.horizon or horizon
        self.horizon = horizon
        H = pl.int("horizon")
        N = pl.int("players")
        if self.n is None:  # --min-players: any number from 1 to MAX_PLAYERS, narrowed by the caller
            pl.require(N >= 1, N <= MAX_PLAYERS)
        else:
            pl.assume("players", N == self.n, Blocking(rule="players", why=f"{self.n} players cooperate"))
        if o.reading("period") == "adoption-only":
            pl.assume("horizon", H == horizon, Blocking(rule="R1698", why=f"reading period=adoption-only: "
                                                        f"rule changes at any time, bounded at {horizon} days"))
        elif o.horizon is not None:  # the question's own period ("within 10 days"), not R1698's
            pl.assume("horizon", H == horizon, Blocking(rule="question", why=f"within {horizon} days"))
        else:
            self.fact("horizon_days", H == horizon, "horizon")
        self.H, self.N = H, N

    def _rule_facts(self) -> None:
        """The ruleset's parameters as variables (free unless their assumption holds)."""
        p, o, pl = self.params, self.options, self.planner
        I, B = pl.int, pl.bool
        self.voting_period, wmin, wmax = I("voting_period"), I("window_min"), I("window_max")
        self.wait, self.self_ratification_days = I("objection_wait"), I("self_ratification_days")
        vp, wait, srd = self.voting_period, self.wait, self.self_ratification_days
        self.window = (wmin, wmax)
        self.fact("voting_period_days", vp == p["voting_period_days"])
        self.fact("publication_window", z3.And(wmin == p["publication_window"][0], wmax == p["publication_window"][1]))
        self.fact("objection_wait_days", wait == p["objection_wait_days"])
        self.fact("self_ratification_days", srd == p["self_ratification_days"])
        pl.require(vp >= 0, wmin >= 0, wmax >= wmin, wait >= 0, srd >= 0)
        self.take_effect, self.majority = B("proposals_take_effect"), B("ai_majority_defined")
        self.unanimity = B("unanimity_adopts")
        self.fact("proposals_take_effect", self.take_effect == p["proposals_take_effect"])
        self.fact("ai_majority_defined", self.majority == p["ai_majority_defined"])
        self.fact("unanimity_adopts", self.unanimity == p["unanimity_adopts"])
        self.self_ratifying = {name: B(name) for name in ("resolutions_self_ratify", "self_ratification")}
        for name, var in self.self_ratifying.items():
            self.fact(name, var == p[name])
        self.ratify_without_objection = B("ratify_without_objection")
        self.fact("ratify_without_objection", self.ratify_without_objection == p["ratify_without_objection"])
        self.can_means = B("means_can")
        self.reading("means", self.can_means == (o.reading("means") == "can"))
        self.held = B("offices_held")
        self.reading("offices", self.held == (o.reading("offices") == "held"))
        self.promotor_distributes = B("promotor_distributes")
        self.fallback, assessor = B("distribution_fallback"), B("assessor_collects")
        self.fact("promotor_distributes", self.promotor_distributes == p["promotor_distributes"])
        self.fact("distribution_fallback", self.fallback == p["distribution_fallback"])
        self.pend_lawful = B("pending_required")
        self.fact("pending_required_lawfully", self.pend_lawful == p["pending_required_lawfully"])
        self.goal = I("goal_power")
        if o.goal_power is not None:
            pl.assume("goal_power", self.goal == _tenths(o.goal_power), Blocking(
                rule="goal", why=f"a proposal of Power {o.goal_power} takes effect"))
        else:
            self.fact("goal_power", self.goal == _tenths(p["goal_power"]))
        self.creatable, self.settable, self.report = B("proposals_creatable"), B("ai_settable"), B("promotor_report")
        self.fact("proposals_creatable", self.creatable == p["proposals_creatable"])
        self.fact("ai_settable", self.settable == p["ai_settable"])
        self.fact("promotor_report_self_ratifies", self.report == p["promotor_report_self_ratifies"])
        self.quorum_minimum = I("quorum_minimum")
        self.fact("quorum_minimum", self.quorum_minimum == p["quorum_minimum"])

    def _registrations(self) -> None:
        """Former players registered by ratification without objection (R2202, R869; CFJ 3938)."""
        pl = self.planner
        reg, t_reg = pl.int("registered"), pl.int("t_registered")
        pl.require(reg >= 0, reg <= self.options.registrable, t_reg >= 0)
        pl.require(z3.Implies(reg > 0, z3.And(self.ratify_without_objection, t_reg >= self.wait)))
        self.reg, self.t_reg = reg, t_reg

    def players_at(self, t: Any) -> Any:
        """The players at day `t`: those at the start and the former players registered by then."""
        return self.N + z3.If(z3.And(self.reg > 0, self.t_reg <= t), self.reg, 0)

    def _officers(self) -> None:
        """Officers: held from the start (reading offices=held) or elected (R2154: nomination period,
        then the single candidate is declared winner; initiated with support) or ratified into office."""
        pl, elect_days, elect_support = self.planner, self.params["election_days"], self.params["election_support"]
        t_office = pl.int("t_officers")
        fill_by_election = z3.And(elect_days is not None, self.N + self.reg >= 1 + (elect_support or 0))
        pl.require(t_office >= 0, z3.Or(self.held, z3.And(fill_by_election, t_office >= (elect_days or 0)),
                                         z3.And(self.ratify_without_objection, t_office >= self.wait)))
        self.t_office = z3.If(self.held, 0, t_office)

    def _earlier_referendum(self) -> None:
        """An optional earlier referendum that sets the quorum of the next one (R879)."""
        pl = self.planner
        prime, prime_fake, pv, t_prime = pl.bool("prime"), pl.bool("prime_fake"), pl.int("prime_voters"), \
            pl.int("t_prime")
        pl.require(pv >= 0, t_prime >= 0, z3.Implies(prime, pv <= self.players_at(t_prime)))
        pl.require(z3.Implies(z3.And(prime, prime_fake), z3.And(self.can_means, *self.self_ratifying.values(),
                                                                t_prime >= self.self_ratification_days)))
        pl.require(z3.Implies(z3.And(prime, z3.Not(prime_fake)),
                              z3.And(self.promotor_distributes, t_prime >= self.voting_period + self.t_office)))
        self.prime, self.prime_fake, self.pv, self.t_prime = prime, prime_fake, pv, t_prime

    def _festival_and_offices(self) -> None:
        """R2480: Festive players CAN Start a Festival (no waiting: with N support); R2451's Manifesto
        and R103's Speaker."""
        p, o, pl = self.params, self.options, self.planner
        self.festival = pl.bool("festival")
        pl.assume("festival", self.festival == (p["festival_support"] is not None and o.festive > 0), Blocking(
            rule="R2480", why=f"{o.festive} players own the Ribbons to be Festive (--festive); "
                              f"{self.params.params['festival_support'].why}"))
        self.festival_quorum_prevails = pl.const(bool(p["festival_quorum_prevails"]))
        self.manifesto, self.speaker = pl.bool("manifesto"), pl.bool("speaker_bonus")
        self.fact("manifesto", self.manifesto == p["manifesto"])
        self.fact("speaker_bonus", self.speaker == (p["speaker_bonus"] > 0))

    def _proposal_bounds(self) -> None:
        self.candidates = _candidates(self.params, self.options.goal_power)
        self.last_voters_before = self.N if self.options.last_voters is None else self.options.last_voters

    def _phase(self, k: int) -> dict[str, Any]:
        """The k-th proposal of the plan: how it comes to be, its AI and Power, its route, its vote."""
        phase = self._new_phase(k)
        self._adoption_index(phase)
        self._route(phase)
        self._quorum(phase, k)
        self._vote(phase)
        return phase

    def _new_phase(self, k: int) -> dict[str, Any]:
        pl = self.planner
        I, B = pl.int, pl.bool
        ph: dict[str, Any] = {name: I(f"{name}_{k}") for name in
                              ("t_create", "t_init", "t_eff", "nF", "nA", "nP", "F", "A", "q", "last", "power")}
        ph["ex"], ph["fake"] = B(f"ex_{k}"), B(f"fake_{k}")
        ph["mf"], ph["sp"] = B(f"manifesto_{k}"), B(f"speaker_for_{k}")
        ph["fest"], ph["nFf"], ph["nAf"] = B(f"festival_{k}"), I(f"festive_for_{k}"), I(f"festive_against_{k}")
        ph["ai"] = {c: B(f"ai{c}_{k}") for c in self.candidates}
        ex, fake = ph["ex"], ph["fake"]
        t_c, t_i, t_e = ph["t_create"], ph["t_init"], ph["t_eff"]
        pl.require(t_c >= 0, t_i >= t_c, t_e >= t_i, *(ph[x] >= 0 for x in ("nF", "nA", "nP")))
        # How the proposal comes to be in the Pool (a real vote needs one there; a self-ratifying
        # resolution attests that it existed, R2034): created by announcement (R2350), ratified
        # into the Pool without objection (R2202, CFJ 3938), or listed in a self-ratifying
        # Promotor's report (R1607, R2201). Its text is published at t_create either way.
        ph["how"] = I(f"created_by_{k}")  # 0 R2350, 1 ratification without objection, 2 report
        pl.require(ph["how"] >= 0, ph["how"] <= 2)
        real = z3.Not(fake)
        pl.require(z3.Implies(z3.And(real, ph["how"] == 0), self.creatable))
        pl.require(z3.Implies(z3.And(real, ph["how"] == 1), z3.And(self.ratify_without_objection,
                                                                   t_i >= t_c + self.wait)))
        pl.require(z3.Implies(z3.And(real, ph["how"] == 2),
                              z3.And(self.report, self.self_ratifying["self_ratification"],
                                     t_i >= t_c + self.self_ratification_days)))
        if k > 0:
            prev = self.phases[-1]
            pl.require(z3.Implies(ex, z3.And(prev["ex"], t_c >= prev["t_eff"])))
        ph["relaxed"] = {name: self._relaxed(name, k) for name in
                         ("ai_range", "quorum", "strength", "unanimity_adopts")}
        return ph

    def _relaxed(self, name: str, k: int) -> Any:
        """Whether a phase before `k` of enough Power has rewritten parameter `name` (R2140: Power >=
        the source's)."""
        param = self.params.params[name]
        if param.edit is None or param.power is None:
            return self.planner.const(False)
        need = _tenths(param.power)
        return z3.Or([z3.And(q["ex"], q["power"] >= need) for q in self.phases[:k]] or [self.planner.const(False)])

    def _adoption_index(self, ph: dict[str, Any]) -> None:
        """Exactly one candidate AI, within R1950's range (or the range restored); the Power it gives."""
        p, pl = self.params, self.planner
        lo, hi = (_tenths(x) for x in p["ai_range"])
        pl.require(z3.Implies(ph["ex"], z3.PbEq([(b, 1) for b in ph["ai"].values()], 1)))
        ai_default = _tenths(p["ai_default"])
        for c, b in ph["ai"].items():
            pl.require(z3.Implies(b, ph["power"] <= c))
            if c != ai_default:  # only the default AI unless the author can specify one (R2350, R1950)
                self.fact("ai_settable", z3.Implies(z3.And(b, z3.Not(ph["fake"]), ph["how"] == 0), self.settable))
            self.fact("ai_range", z3.Implies(z3.And(b, z3.Not(ph["relaxed"]["ai_range"])), pl.const(lo <= c <= hi)))
        pl.require(ph["power"] >= 0)
        self._rule_change_mechanism(ph)
        self.fact("r106_cap", ph["power"] <= _tenths(p["r106_cap"]))
        if p["r106_power_limit"] is not None:
            self.fact("r106_power_limit", ph["power"] <= _tenths(p["r106_power_limit"]))

    def _rule_change_mechanism(self, ph: dict[str, Any]) -> None:
        """A proposal's rule changes need R105's mechanism, and an instrument stronger than any rule
        forbidding every rule change (R2140). A win a proposal states is no rule change (R2449)."""
        if self.options.win is not None:
            return
        forbidden = self.params["rule_changes_forbidden"]
        if forbidden is not None:
            self.fact("rule_changes_forbidden", z3.Implies(ph["ex"], ph["power"] > _tenths(Decimal(forbidden))))
        self.fact("r105_in_force", z3.Implies(ph["ex"], self.planner.const(bool(self.params["r105_in_force"]))))

    def _route(self, ph: dict[str, Any]) -> None:
        """A real vote (distributed by the Promotor, its fallback or a Manifesto) or a self-ratifying
        resolution; R105's publication window."""
        pl = self.planner
        ex, fake, t_c, t_i, t_e = ph["ex"], ph["fake"], ph["t_create"], ph["t_init"], ph["t_eff"]
        wmin, wmax = self.window
        srd, wait, held = self.self_ratification_days, self.wait, self.held
        pl.require(z3.Implies(ex, z3.And(self.take_effect, self.majority, t_e <= self.H)))
        pl.require(z3.Implies(z3.And(ex, fake), z3.And(self.can_means, *self.self_ratifying.values(),
                                                       t_e == t_i + srd)))
        pl.require(z3.Implies(z3.And(ex, fake), z3.And(t_i - t_c >= wmin, t_i - t_c <= wmax)))
        vote = z3.And(ex, z3.Not(fake))
        distribute_by_promotor = z3.And(self.promotor_distributes, t_i >= self.t_office)
        distribute_by_fallback = z3.And(self.fallback, z3.Or(z3.Not(held), z3.Not(self.promotor_distributes)),
                                        t_i >= t_c + wait)
        # R2451: the Prime Minister's Manifesto distributes a proposal in the Pool (not for a vacant
        # Promotor's office; one order per office and month: at most once in a plan).
        distribute_by_manifesto = z3.And(ph["mf"], t_i >= self.t_office)
        self.fact("manifesto", z3.Implies(ph["mf"], self.manifesto))
        pl.require(z3.Implies(vote, z3.Or(distribute_by_promotor, distribute_by_fallback, distribute_by_manifesto)))
        # Lawfully (reading means=lawful), the Promotor SHALL NOT distribute a proposal that is not
        # pending (R1607); any player CAN pend it without objection (R2622).
        pl.require(z3.Implies(z3.And(vote, z3.Not(self.can_means), self.pend_lawful, z3.Not(ph["mf"])),
                              t_i >= t_c + wait))
        pl.require(z3.Implies(vote, z3.And(t_e >= t_i + self.voting_period, t_e >= self.t_office)))
        pl.require(z3.Implies(vote, z3.And(t_e - t_c >= wmin, t_e - t_c <= wmax)))

    def _quorum_formula(self, quorum: dict, target: Any, t_i: Any, last: Any) -> Any:
        """`target` is the quorum `quorum` describes (a constant, or a fraction of the last voters or
        of the players), rounded to the nearest integer: |den*target - num*base| <= den/2."""
        if quorum["kind"] == "constant":
            return target == quorum["value"]
        base = last if quorum["kind"] == "last_voters" else self.players_at(t_i)
        add = quorum.get("add", 0)
        return z3.And(2 * quorum["den"] * (target - add) >= 2 * quorum["num"] * base - quorum["den"],
                      2 * quorum["den"] * (target - add) < 2 * quorum["num"] * base + quorum["den"])

    def _quorum(self, ph: dict[str, Any], k: int) -> None:
        """Quorum (R879) from the last resolved referendum, or R2481's while a festival runs."""
        p, o, pl = self.params, self.options, self.planner
        ex, t_i = ph["ex"], ph["t_init"]
        if k == 0:
            pl.require(ph["last"] == z3.If(z3.And(self.prime, self.t_prime <= t_i), self.pv,
                                           self.last_voters_before))
        else:
            prev = self.phases[-1]
            pl.require(ph["last"] == z3.If(prev["ex"], prev["nF"] + prev["nA"] + prev["nP"], prev["last"]))
        voters = ph["nF"] + ph["nA"] + ph["nP"]
        pl.require(z3.Implies(ex, voters <= self.players_at(t_i)))
        qr = pl.int(f"quorum_formula_{k}")
        qmin = self.quorum_minimum
        pl.require(ph["q"] >= qr, z3.Or(ph["q"] == qr, ph["q"] == qmin))  # the formula's, or R879's minimum
        self.fact("quorum_minimum", ph["q"] >= qmin, "quorum_minimum")
        rel_q = ph["relaxed"]["quorum"]
        # R2481: while a festival runs, quorum is half the Festive players rounded up, where R2481
        # prevails over the rule that defines quorum otherwise (R1030, agora_parameters)
        fest = ph["fest"]
        fest_quorum = z3.And(fest, self.festival_quorum_prevails)
        pl.assume("festival", z3.Implies(fest, z3.And(self.festival, self.players_at(t_i) >= o.festive,
                                                      pl.const(o.festive >= 1 + (p["festival_support"] or 0)))))
        pl.require(z3.Implies(fest_quorum, z3.And(2 * qr >= o.festive, 2 * qr < o.festive + 2)))
        self.fact("quorum", z3.Implies(z3.And(z3.Not(rel_q), z3.Not(fest_quorum)),
                                       self._quorum_formula(p["quorum"], qr, t_i, ph["last"])))
        if self.params.params["quorum"].favourable is not None:
            pl.require(z3.Implies(z3.And(rel_q, z3.Not(fest_quorum)),
                                  self._quorum_formula(self.params.params["quorum"].favourable, qr, t_i, ph["last"])))
        pl.require(z3.Implies(ex, voters >= ph["q"]))

    def _vote(self, ph: dict[str, Any]) -> None:
        """The votes' strengths (R2422, R103, R2481) and AI-majority (R955)."""
        p, o, pl = self.params, self.options, self.planner
        smin, s0, smax = p["strength"]
        F, A = ph["F"], ph["A"]
        rel_s = ph["relaxed"]["strength"]
        fav_s = self.params.params["strength"].favourable
        # R2481: Festive voters have the maximum strength, the others the minimum
        nFf, nAf = ph["nFf"], ph["nAf"]
        pl.require(nFf >= 0, nAf >= 0, nFf <= ph["nF"], nAf <= ph["nA"], nFf + nAf <= o.festive)
        fest_strength = z3.And(ph["fest"], pl.const(bool(p["festival_strength"])))
        pl.require(z3.Implies(fest_strength, z3.And(F == smax * nFf + smin * (ph["nF"] - nFf),
                                                    A == smax * nAf + smin * (ph["nA"] - nAf), z3.Not(ph["sp"]))))
        rel_s = z3.And(rel_s, z3.Not(fest_strength))
        if o.reading("strength") == "range":
            self.fact("strength", z3.Implies(z3.And(z3.Not(rel_s), z3.Not(fest_strength)),
                                             z3.And(F >= smin * ph["nF"], F <= smax * ph["nF"],
                                                    A >= smin * ph["nA"], A <= smax * ph["nA"])))
            pl.require(z3.Implies(rel_s, z3.And(F >= fav_s[0] * ph["nF"], F <= fav_s[2] * ph["nF"],
                                                 A >= fav_s[0] * ph["nA"], A <= fav_s[2] * ph["nA"])))
        else:
            # R103: a FOR voter holding the office of Speaker has one more (clamped to R2422's range)
            bonus, fav_bonus = min(s0 + 1, smax) - s0, min(fav_s[1] + 1, fav_s[2]) - fav_s[1]
            self.fact("speaker_bonus", z3.Implies(ph["sp"], z3.And(self.speaker, self.held, ph["nF"] >= 1)))
            self.fact("strength", z3.Implies(z3.And(z3.Not(rel_s), z3.Not(fest_strength)),
                                             z3.And(F == s0 * ph["nF"] + z3.If(ph["sp"], bonus, 0),
                                                    A == s0 * ph["nA"])))
            pl.require(z3.Implies(rel_s, z3.And(F == fav_s[1] * ph["nF"] + z3.If(ph["sp"], fav_bonus, 0),
                                                 A == fav_s[1] * ph["nA"])))
        unanimous = z3.And(z3.Or(self.unanimity, ph["relaxed"]["unanimity_adopts"]), F > 0, A == 0)
        for c, b in ph["ai"].items():
            by_ratio = z3.And(A > 0, 10 * F >= c * A, F > A)
            pl.require(z3.Implies(z3.And(ph["ex"], b), z3.Or(by_ratio, unanimous)))

    def _win_routes(self) -> list[Any]:
        """With --win: Victory by Apathy (R2465) and an Emergency Regulation (R2614) as goals too."""
        p, o, pl = self.params, self.options, self.planner
        self.by_apathy, self.by_emergency = pl.bool("by_apathy"), pl.bool("by_emergency")
        if o.win is None:
            pl.require(z3.Not(self.by_apathy), z3.Not(self.by_emergency))
            return []
        # R2465: a player CAN Declare Apathy without objection, and the players specified win
        # (R2449); the intent waits R2595's days. Only a player can be specified.
        apathy = pl.bool("apathy_wins")
        self.fact("apathy_wins", apathy == p["apathy_wins"])
        pl.assume("winner_is_player", z3.Implies(self.by_apathy, pl.const(o.winner_is_player)), Blocking(
            rule="R2465", why=f"{o.win} is {'' if o.winner_is_player else 'not '}a player"))
        pl.require(z3.Implies(self.by_apathy, z3.And(apathy, self.ratify_without_objection, self.wait <= self.H)))
        # R2614: the Prime Minister enacts an Emergency Regulation causing W to win, with 3 Agoran
        # consent (R2124: a Supporter other than the initiator), after R2595's wait.
        emergency = pl.bool("emergency_win")
        self.fact("emergency_win", emergency == p["emergency_win"])
        pl.require(z3.Implies(self.by_emergency, z3.And(emergency, self.N + self.reg >= 2,
                                                        self.t_office + self.wait <= self.H)))
        pl.assume("winner_is_player", z3.Implies(self.by_emergency, pl.const(o.winner_is_player)))
        return [self.by_apathy, self.by_emergency]

    # -- answers ---------------------------------------------------------------------------
    def simplest(self, bound: str) -> z3.ModelRef:
        """After a sat check: a plan with as few short cuts as possible (no registrations, no earlier
        referendum, real votes, unanimous ballots), ending as early as possible."""
        solver = self.planner.solver
        if self.options.win is not None:  # the shortest routes first: Declaring Apathy (R2465), an Emergency (R2614)
            for route in (self.by_apathy, self.by_emergency):
                solver.push()
                solver.add(route, self.reg == 0, z3.Not(self.prime), *(z3.Not(ph["ex"]) for ph in self.phases))
                if self.planner.check(bound=bound) == z3.sat:
                    best = self.planner.model()
                    solver.pop()
                    return best
                solver.pop()
        base = [self.reg == 0, z3.Not(self.prime)]
        voted = [z3.Not(ph["fake"]) for ph in self.phases]
        unanimous = [z3.And(ph["nA"] == 0, ph["nP"] == 0) for ph in self.phases]
        goal = _tenths(self.options.goal_power if self.options.goal_power is not None else self.params["goal_power"])
        lowest_ai = [z3.Not(b) for ph in self.phases for c, b in ph["ai"].items() if c > max(goal, self.candidates[0])]
        no_reg = [self.reg == 0]
        plain = [z3.Not(ph[x]) for ph in self.phases for x in ("mf", "sp", "fest")]  # no Manifesto, Speaker, festival
        wishes = [base + voted + unanimous + lowest_ai, base + voted + unanimous, base + voted,
                  no_reg + voted + unanimous, voted + unanimous + lowest_ai, voted + unanimous, voted,
                  base + unanimous + lowest_ai, base + unanimous, base, no_reg + unanimous, no_reg, unanimous, []]
        wishes = [w + plain for w in wishes] + wishes
        for wish in wishes:
            solver.push()
            solver.add(*wish)
            if self.planner.check(bound=bound) == z3.sat:
                break
            solver.pop()
        else:  # pragma: no cover - the last wish is empty and the check before was sat
            raise RuntimeError("no plan")
        last = self.phases[-1]["t_eff"]
        best = self.planner.model()
        lo, hi = 0, value(best, last)
        while lo < hi:  # the earliest day the last proposal can take effect
            mid = (lo + hi) // 2
            solver.push()
            solver.add(last <= mid)
            if self.planner.check(bound=bound) == z3.sat:
                best, hi = self.planner.model(), value(self.planner.model(), last)
            else:
                lo = mid + 1
            solver.pop()
        solver.pop()
        return best

    def plan(self, m: z3.ModelRef) -> tuple[list[PlanStep], list[PlannedProposal]]:
        """The witness as timed actions, and its proposals."""
        names = [self.options.names[i] if i < len(self.options.names) else f"player{i + 1}" for i in range(self.n)]
        if value(m, self.by_apathy):
            return self._apathy_steps(m, names), []
        if value(m, self.by_emergency):
            return self._emergency_steps(m, names), []
        steps: list[PlanStep] = []
        names += self._registration_steps(m, names, steps)
        if not value(m, self.held):
            self._officer_steps(m, names, steps)
        if value(m, self.prime):
            self._earlier_referendum_steps(m, names, steps)
        phases: list[PlannedProposal] = []
        relaxed_before: list[str] = []
        for k, ph in enumerate(self.phases):
            if not value(m, ph["ex"]):
                break
            proposal = self._planned_proposal(m, k, names, relaxed_before)
            phases.append(proposal)
            self._proposal_steps(m, k, names, proposal, steps)
        steps.sort(key=lambda s: s.day)
        return steps, phases

    def _apathy_steps(self, m: z3.ModelRef, names: list[str]) -> list[PlanStep]:
        wait = value(m, self.wait)
        return [PlanStep(day=0, actor=names[0], action="announce intent",
                         detail=f"to Declare Apathy without objection, specifying {self.options.win} (R2465, R2595)"),
                PlanStep(day=wait, actor=names[0], action="declare apathy",
                         detail=f"no objections after {wait} days (R2124): {self.options.win} wins the game "
                                f"(R2465, R2449)")]

    def _emergency_steps(self, m: z3.ModelRef, names: list[str]) -> list[PlanStep]:
        wait, t0 = value(m, self.wait), value(m, self.t_office)
        pm = "Prime Minister" if value(m, self.held) else names[0]
        return [PlanStep(day=t0, actor=pm, action="announce intent",
                         detail=f"in an emergency message, to enact an Emergency Regulation causing {self.options.win} to "
                                f"win, with 3 Agoran consent (R2614, R2595)"),
                PlanStep(day=t0, actor=names[1], action="support", detail="the intent (R2124)"),
                PlanStep(day=t0 + wait, actor=pm, action="enact Emergency Regulation",
                         detail=f"in an emergency message: {self.options.win} wins the game (R2614, R2449)")]

    def _registration_steps(self, m: z3.ModelRef, names: list[str], steps: list[PlanStep]) -> list[str]:
        """Former players registered by ratification (CFJ 3938): their steps, and their names."""
        reg = value(m, self.reg)
        if not reg:
            return []
        t = value(m, self.t_reg)
        steps.append(PlanStep(day=0, actor=names[0], action="announce intent",
                              detail=f"to ratify without objection (R2202) a document saying that "
                                     f"{', '.join(f'former{i + 1}' for i in range(reg))} registered (R869)"))
        steps.append(PlanStep(day=t, actor=names[0], action="ratify without objection",
                              detail=f"no objections after {t} days (R2595, R2124); {reg} more player(s)"))
        return [f"former{i + 1}" for i in range(reg)]

    def _officer_steps(self, m: z3.ModelRef, names: list[str], steps: list[PlanStep]) -> None:
        """Offices vacant at the start: elected (R2154) or ratified into office (R2202)."""
        support = self.params["election_support"]
        if self.params["election_days"] is not None and support is not None and len(names) >= 1 + support:
            steps.append(PlanStep(day=0, actor=names[0], action="initiate elections",
                                  detail=f"for Promotor and Assessor with {support} support, becoming the "
                                         f"candidate (R2154)"))
            steps.append(PlanStep(day=value(m, self.t_office), actor=names[-1], action="declare winner",
                                  detail=f"{names[0]} wins the uncontested elections and holds both offices"))
        else:
            steps.append(PlanStep(day=0, actor=names[0], action="announce intent",
                                  detail=f"to ratify without objection (R2202) that {names[0]} holds the "
                                         f"offices of Promotor and Assessor, with eir consent (R1006)"))
            steps.append(PlanStep(day=value(m, self.t_office), actor=names[0], action="ratify without objection",
                                  detail=f"{names[0]} is Promotor and Assessor"))

    def _earlier_referendum_steps(self, m: z3.ModelRef, names: list[str], steps: list[PlanStep]) -> None:
        t, pv = value(m, self.t_prime), value(m, self.pv)
        if value(m, self.prime_fake):
            steps.append(PlanStep(day=0, actor=names[0], action="publish resolution",
                                  detail=f"a referendum resolved FAILED QUORUM with {pv} voters (R2034)"))
            steps.append(PlanStep(day=t, actor="-", action="self-ratified",
                                  detail="the resolution was undoubted for a week (R2201); quorum of the next "
                                         "referendum follows from it (R879)"))
        else:
            steps.append(PlanStep(day=t, actor=names[0], action="resolve referendum",
                                  detail=f"an earlier referendum with {pv} voters, setting the next quorum (R879)"))

    def _planned_proposal(self, m: z3.ModelRef, k: int, names: list[str],
                          relaxed_before: list[str]) -> PlannedProposal:
        """Proposal k of the witness: its AI and Power, the parameters it rewrites for a later
        proposal (not already rewritten, `relaxed_before`, which grows), its ballots."""
        ph, n = self.phases[k], self.n
        ai = next(c for c, b in ph["ai"].items() if value(m, b))
        power = min(ai, _tenths(self.params["r106_cap"]), *([_tenths(self.params["r106_power_limit"])]
                                                     if self.params["r106_power_limit"] is not None else []))
        later = k < len(self.phases) - 1 and any(value(m, q["ex"]) for q in self.phases[k + 1:])
        relax = [name for name in ("ai_range", "quorum", "strength", "unanimity_adopts")
                 if self.params.params[name].edit is not None and self.params.params[name].power is not None
                 and power >= _tenths(self.params.params[name].power) and name not in relaxed_before and later]
        relaxed_before += relax
        nF, nA, nP = (value(m, ph[x]) for x in ("nF", "nA", "nP"))
        t_i = value(m, ph["t_init"])
        present = names[:n] + (names[n:] if value(m, self.reg) and value(m, self.t_reg) <= t_i else [])
        return PlannedProposal(
            power10=power, ai10=ai, edits=[self.params.params[name].edit for name in relax],
            self_ratified=value(m, ph["fake"]), created=value(m, ph["t_create"]), initiated=t_i,
            effective=value(m, ph["t_eff"]), players=present,
            ballots={**{v: "FOR" for v in names[:nF]}, **{v: "AGAINST" for v in names[nF:nF + nA]},
                     **{v: "PRESENT" for v in names[nF + nA:nF + nA + nP]}},
            speaker=names[0] if value(m, ph["sp"]) else None, manifesto=value(m, ph["mf"]),
            festival=value(m, ph["fest"]))

    def _proposal_steps(self, m: z3.ModelRef, k: int, names: list[str], proposal: PlannedProposal,
                        steps: list[PlanStep]) -> None:
        """The steps of proposal k: a festival started for it, how it comes to be, how it is
        distributed or attested, the vote and the resolution."""
        ph = self.phases[k]
        t_i = proposal.initiated
        if proposal.festival and not any(s.action == "start a festival" for s in steps):
            support = self.params["festival_support"] or 0
            steps.append(PlanStep(day=t_i, actor=names[0], action="start a festival",
                                  detail=f"a Rank 1 Festival with {support} support from Festive players: "
                                         f"{', '.join(names[1:1 + support])} (R2480); quorum and strengths "
                                         f"are R2481's while it runs"))
        steps.append(self._creation_step(m, k, names, proposal))
        nF, nA, nP, F, A, q = (value(m, ph[x]) for x in ("nF", "nA", "nP", "F", "A", "q"))
        voters = names[:nF + nA + nP]
        ballots = f"FOR: {', '.join(voters[:nF]) or '-'}; AGAINST: {', '.join(voters[nF:nF + nA]) or '-'}" + \
            (f"; PRESENT: {', '.join(voters[nF + nA:])}" if nP else "")
        ai, power, t_c, t_e = proposal.ai10, proposal.power10, proposal.created, proposal.effective
        held = value(m, self.held)
        if proposal.self_ratified:
            steps.append(PlanStep(day=t_i, actor=names[0], action="publish resolution",
                                  detail=f"proposal {k + 1} ADOPTED, {nF + nA + nP} voters ({ballots}), "
                                         f"F={F} A={A}, quorum {q} (R2034: a self-ratifying attestation)"))
            steps.append(PlanStep(day=t_e, actor="-", action="self-ratified",
                                  detail=f"undoubted for {t_e - t_i} days (R2201, R1551): proposal {k + 1} "
                                         f"took effect with Power {power / 10:.1f} (R106)"))
            return
        if proposal.manifesto:
            steps.append(PlanStep(day=t_i, actor="Prime Minister" if held else names[0], action="issue Cabinet Order",
                                  detail=f"Manifesto: distributes proposal {k + 1}, a referendum, quorum {q} "
                                         f"(R2451, R107, R879)"))
        else:
            if t_i >= t_c + value(m, self.wait) and not held:
                steps.append(PlanStep(day=t_c, actor=names[0], action="announce intent",
                                      detail=f"to distribute proposal {k + 1} without 3 objections (R1607)"))
            steps.append(PlanStep(day=t_i, actor="Promotor" if held else names[0],
                                  action="distribute", detail=f"proposal {k + 1}: a referendum, quorum {q} "
                                                              f"(R1607, R107, R879)"))
        speaking = f"; {names[0]} is the Speaker (R103: strength one greater)" if value(m, ph["sp"]) else ""
        steps.append(PlanStep(day=t_i, actor="voters", action="vote", detail=ballots + " (R683)" + speaking))
        steps.append(PlanStep(day=t_e, actor="Assessor" if held else names[0],
                              action="resolve", detail=f"ADOPTED: F={F} A={A}, AI {ai / 10:.1f} (R955); "
                                                       f"takes effect with Power {power / 10:.1f} (R106)"))

    def _creation_step(self, m: z3.ModelRef, k: int, names: list[str], proposal: PlannedProposal) -> PlanStep:
        """How proposal k comes to be: its text published, created (R2350), ratified into the Pool
        (R2202) or listed in a self-ratifying Promotor's report (R1607)."""
        edits, ai, t_c = proposal.edits, proposal.ai10, proposal.created
        what = "; ".join(e.instruction() for e in edits) if edits else \
            (f"enact a rule saying \"{self.options.win} wins the game.\" (R2449)" if self.options.win else "the arbitrary change")
        how = value(m, self.phases[k]["how"])
        if proposal.self_ratified:
            return PlanStep(day=t_c, actor=names[0], action="publish proposal text",
                            detail=f"proposal {k + 1}, AI {ai / 10:.1f} (R105's window starts): {what}")
        if how == 0:
            return PlanStep(day=t_c, actor=names[0], action="create proposal",
                            detail=f"proposal {k + 1}, AI {ai / 10:.1f} (R2350): {what}")
        if how == 1:
            return PlanStep(day=t_c, actor=names[0], action="announce intent",
                            detail=f"to ratify without objection (R2202) that proposal {k + 1}, AI "
                                   f"{ai / 10:.1f}, is in the Proposal Pool: {what}")
        return PlanStep(day=t_c, actor=names[0], action="publish Promotor's report",
                        detail=f"listing proposal {k + 1}, AI {ai / 10:.1f}, in the Pool (R1607, "
                               f"self-ratifying after a week, R2201): {what}")


def _goal_change(ruleset: Ruleset, goal: Optional[Decimal], win: Optional[str] = None) -> str:
    """The change a goal proposal makes: the highest rule amended (any rule can change), or, when
    the question is a Power P, a rule of Power P enacted."""
    if win is not None:
        return (f"Enact a new rule with power {goal} and title \"Victory\", with text: \"{win} wins the game.\"")
    if goal is not None:
        return (f"Enact a new rule with power {goal} and title \"Ossification Probe\", with text: \"This rule was "
                f"enacted by a proposal of Power {goal}, as an ossification analysis planned.\"")
    rules = [r for r in ruleset.in_force() if r.id is not None and not r.prefix and r.power is not None]
    top = max(rules, key=lambda r: (r.power, -r.id))
    return (f"Amend rule {top.id} by appending the paragraph: \"This paragraph was added by a proposal of the "
            f"highest Power, as an ossification analysis planned.\"")


def proposal_text(planned: PlannedProposal, current: Ruleset, goal: Optional[Decimal], win: Optional[str] = None) -> str:
    return "\n".join(e.instruction() for e in planned.edits) if planned.edits else _goal_change(current, goal, win)


def replay(ruleset: Ruleset, params: AgoraParameters, phases: list[PlannedProposal],
           goal: Optional[Decimal] = None, win: Optional[str] = None) -> list[str]:
    """Apply the plan's proposals through the Rule 105 engine; raise if any change does not apply, a
    rewritten parameter does not come out as the plan assumed, or an enacted goal rule lacks its Power."""
    lines = []
    current = ruleset
    for k, planned in enumerate(phases):
        power, ai, edits = planned.power10, planned.ai10, planned.edits
        text = proposal_text(planned, current, goal, win)
        proposal = Proposal(title=f"plan proposal {k + 1}", power=Decimal(power) / 10,
                            adoption_index=Decimal(ai) / 10, text=text)
        current, report = apply_proposal(current, proposal)
        for r in report.results:
            lines.append(f"proposal {k + 1} (Power {power / 10:.1f}) change {r.index}: {r.status}: {r.reason}")
            if r.status != "APPLIED":
                raise PlanDoesNotReplay(f"the plan does not replay: {lines[-1]}")
            if not edits and goal is not None and r.power != goal:
                raise PlanDoesNotReplay(f"the plan does not replay: the rule enacted has Power {r.power}, not {goal}")
        after = derive(current)
        for name, param in params.params.items():
            if param.edit in edits and after.params[name].value == param.value and param.favourable is not None:
                raise PlanDoesNotReplay(f"the plan does not replay: {name} is still {param.value} after proposal {k + 1}")
    return lines


# Replays a plan adopted by votes through the nomic loop (`resolve_replay.replay_resolve`): passed
# in by the commands, since `agora resolve` itself calls this model (R1698's guard).
VoteReplay = Callable[[Ruleset, list[PlannedProposal], Optional[Decimal], int, float], list[str]]


def decide(ruleset: Ruleset, opts: Options, params: Optional[AgoraParameters] = None,
           players: Optional[int] = None, explain: bool = True,
           replay_votes: Optional[VoteReplay] = None) -> tuple[bool, list[PlanStep], list[Blocking], list[str]]:
    """(ossified, plan, blocking, replay lines) for `ruleset` with `players` players."""
    params = params or derive(ruleset)
    for steps_allowed in range(1, max(1, opts.steps) + 1):  # the shortest sequence of proposals first
        model = _Model(params, opts.model_copy(update={"steps": steps_allowed}),
                       opts.players if players is None else players)
        bound = f"{model.n} players, {model.horizon} days, {model.steps} proposal(s) in sequence"
        if model.planner.check(bound=bound) == z3.sat:
            steps, phases = model.plan(model.simplest(bound))
            lines = replay(ruleset, params, phases, opts.goal_power, opts.win)
            if not phases and opts.win is not None:
                lines.append(f"no rule change: {steps[-1].action}: {steps[-1].detail}")
            if replay_votes is not None and phases and opts.win is None:
                lines += replay_votes(ruleset, phases, opts.goal_power,
                                      model.n if opts.last_voters is None else opts.last_voters, model.planner.left())
            return False, steps, [], lines
    if not explain:
        return True, [], [], []
    core = model.planner.minimal_core(bound=bound)
    blocking = [model.planner.meaning[label] for label in core]
    blocking.append(Blocking(rule="bounds", why=f"within {bound}"))
    return True, [], blocking, []


def min_players(ruleset: Ruleset, opts: Options, params: Optional[AgoraParameters] = None) -> Optional[int]:
    """The fewest players (1..MAX_PLAYERS) for which a plan exists: one model with the number of players
    left open, narrowed by bisection (exact: "a plan with at most m players" is monotone in m)."""
    params = params or derive(ruleset)
    model = _Model(params, opts, None)
    pl, N = model.planner, model.N
    bound = f"1 to {MAX_PLAYERS} players, {model.horizon} days, {model.steps} proposal(s) in sequence"
    if pl.check(bound=bound) == z3.unsat:
        return None
    lo, hi = 1, value(pl.model(), N)
    while lo < hi:
        mid = (lo + hi) // 2
        pl.solver.push()
        pl.solver.add(N <= mid)
        if pl.check(bound=bound) == z3.sat:
            hi = value(pl.model(), N)
        else:
            lo = mid + 1
        pl.solver.pop()
    return lo


def with_power(proposal: Proposal, params: AgoraParameters) -> Proposal:
    """The proposal as the instrument R106 makes of it: Power min(cap, AI) unless it has one."""
    if proposal.power is not None:
        return proposal
    ai = proposal.adoption_index or Decimal("1.0")  # R1607: 1.0 if the proposal does not have one
    return proposal.model_copy(update={"power": min(Decimal(params["r106_cap"]), ai), "adoption_index": ai})


def r1698_guard(path: str, proposal: Proposal, before: Ruleset, opts: Options,
                ossified_before: Optional[bool] = None,
                strict: bool = False) -> tuple[ProposalVerdict, Ruleset, Optional[AmendmentReport]]:
    """R1698's guard for an adopted proposal taking effect: its changes applied through the R105
    engine, then "if, but for this rule, the net effect of a proposal would cause Agora to become
    ossified ... it cannot take effect". Returns the verdict, the ruleset in force afterwards
    (`before` itself when the proposal is cancelled or none of its instructions is a rule change)
    and the R105 engine's report (None when there was nothing to apply). For `--after`, the nomic
    loop (`r1698.R1698Guard`) and the judge. `strict`: a clause the model does not understand leaves
    the verdict undecided (`not_understood`) instead of being taken as no rule change."""
    changes = parse_changes(proposal)
    if strict and changes and all(isinstance(c, Unrecognised) for c in changes):
        unread = [f"{c.index}: {c.instruction}" for c in changes]
        return ProposalVerdict(file=path, cancelled_by_r1698=False, changes=[], not_understood=unread,
                               why="the model does not understand " + "; ".join(unread)), before, None
    if not changes or all(isinstance(c, Unrecognised) for c in changes):
        return ProposalVerdict(
            file=path, cancelled_by_r1698=False,
            why="none of its instructions is a rule change R105 can make (R105: 'the only mechanism by which rules "
                "can be created, modified, or destroyed'); its net effect on the ruleset is nil, so R1698 does not "
                "come into it",
            changes=[f"{c.index}: not a rule change" for c in changes]), before, None
    params = derive(before)
    proposal = with_power(proposal, params)
    after, report = apply_proposal(before, proposal, skip_unrecognised=True)
    lines = [f"{r.index}: {r.status} ({r.reason})" for r in report.results]
    unread = _not_understood(changes, report, params, after) if strict else []
    if unread:
        return ProposalVerdict(file=path, cancelled_by_r1698=False, changes=lines, not_understood=unread,
                               why="the model does not understand " + "; ".join(unread)), after, report
    if all(r.status != "APPLIED" for r in report.results):
        return ProposalVerdict(file=path, cancelled_by_r1698=False, changes=lines,
                               why="no change applies (R105), so the ruleset is unchanged"), after, report
    if not params["r1698_in_force"]:
        return ProposalVerdict(file=path, cancelled_by_r1698=False, changes=lines,
                               why="R1698 is not in force"), after, report
    if ossified_before is None:
        ossified_before = decide(before, opts, explain=False)[0]
    if ossified_before:
        return ProposalVerdict(file=path, cancelled_by_r1698=False, changes=lines, ossified_before=True,
                               why="Agora was already ossified before it"), after, report
    ossified_after, _, blocking, _ = decide(after, opts)
    if ossified_after:
        why = "R1698: its net effect would ossify Agora, so it cannot take effect; after it, " + \
            "; ".join(f"{b.rule}: {b.why}" for b in blocking)
        return ProposalVerdict(file=path, cancelled_by_r1698=True, why=why, changes=lines, blocking=blocking,
                               ossified_before=False), before, report
    return ProposalVerdict(file=path, cancelled_by_r1698=False, changes=lines, ossified_before=False,
                           why="Agora stays not ossified after it"), after, report


# Words of the decision process: a changed rule text that uses them and changes no parameter the
# model reads is a change the model does not understand.
_PROCESS_WORDS = re.compile(r"\b(?:rule changes?|proposals?|Agoran decisions?|quorum|vot(?:e|es|ing|er|ers)|ballots?|"
                            r"adopt\w*|referend\w*|Promotor|Assessor|distribut\w*|ratif\w*|ossif\w*|"
                            r"instruments?|adoption index)\b", re.I)


def _not_understood(changes: list, report: AmendmentReport, before: AgoraParameters, after: Ruleset) -> list[str]:
    """The proposal's clauses the ossification model cannot account for."""
    unread = [f"{c.index}: {c.instruction}" for c in changes if isinstance(c, Unrecognised)]
    after_params = derive(after)
    unread += [line for line in after_params.not_understood if line not in before.not_understood]
    if any((before.params[name].value, before.params[name].power) != (after_params.params[name].value,
                                                                         after_params.params[name].power)
           for name in before.params):
        return unread
    for result in report.results:
        if result.status != "APPLIED" or result.rule is None:
            continue
        try:
            text = after.rule(result.rule).text
        except KeyError:
            continue
        if _PROCESS_WORDS.search(text):
            unread.append(f"{result.index}: {result.instruction} (the changed {result.rule} speaks of the decision "
                          f"process but changes nothing the model reads)")
    return unread


def apply_read(proposal: Proposal, before: Ruleset) -> tuple[Proposal, Ruleset, AmendmentReport, list[str]]:
    """`proposal` applied to `before` at its Power (R106, R1698 notwithstanding): the instrument,
    the ruleset after it, the R105 engine's report, and the clauses the ossification model cannot
    account for (an instruction R105 cannot make, or a changed decision-process text it does not read)."""
    changes = parse_changes(proposal)
    params = derive(before)
    instrument = with_power(proposal, params)
    after, report = apply_proposal(before, instrument, skip_unrecognised=True)
    return instrument, after, report, _not_understood(changes, report, params, after)


def suppose(ruleset: Ruleset, paths: list[str]) -> Ruleset:
    """Hypothetical changes (R1698 notwithstanding), each applied as a Power-4 instrument."""
    for path in paths:
        proposal = load_proposal(path)
        proposal = proposal.model_copy(update={"power": Decimal(4)})
        ruleset, _ = apply_proposal(ruleset, proposal)
    return ruleset


def analyse(ruleset: Ruleset, opts: Options, after: list[str] = (), suppositions: list[str] = (),
            find_min_players: bool = False, other_readings: bool = True,
            replay_votes: Optional[VoteReplay] = None) -> Answer:
    started = time.monotonic()
    ruleset = suppose(ruleset, list(suppositions))
    verdicts, unknown = [], list(derive(ruleset).not_understood)
    if after and not unknown:
        ossified_now = decide(ruleset, opts, explain=False)[0]
        for path in after:
            verdict, ruleset, _ = r1698_guard(str(path), load_proposal(path), ruleset, opts, ossified_now, strict=True)
            verdicts.append(verdict)
            unknown += [f"{verdict.file}: {line}" for line in verdict.not_understood]
            if unknown:
                break
            ossified_now = decide(ruleset, opts, explain=False)[0]
    params = derive(ruleset)
    ossified, plan, blocking, lines = False, [], [], []
    if not unknown:
        try:
            ossified, plan, blocking, lines = decide(ruleset, opts, params, replay_votes=replay_votes)
        except PlanDoesNotReplay as exc:
            unknown.append(f"the two models disagree: {exc}")
    answer = Answer(unknown=unknown, ruleset=ruleset.name, ossified=ossified, players=opts.players,
                    horizon_days=opts.horizon or (ADOPTION_ONLY_HORIZON if opts.reading("period") == "adoption-only"
                                                  else params["horizon_days"]), steps=opts.steps,
                    readings={k: opts.reading(k) for k in READINGS}, plan=plan, blocking=blocking,
                    proposals=verdicts, replay=lines, goal_power=opts.goal_power, win=opts.win,
                    parameters=[ParameterView(name=x.name, value=x.value, rule=x.rule, why=x.why)
                                for x in params.params.values()])
    if unknown:
        answer.seconds = round(time.monotonic() - started, 3)
        return answer
    if find_min_players:
        answer.min_players = min_players(ruleset, opts, params)
    if other_readings:
        for name, val, choice in READINGS.variations(answer.readings):
            alt = opts.model_copy(update={"readings": choice})
            other = decide(ruleset, alt, params, explain=False)[0]
            if other != ossified:
                answer.other_readings[f"{name}={val}"] = other
    answer.seconds = round(time.monotonic() - started, 3)
    return answer
