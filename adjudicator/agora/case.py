"""A CFJ case file: ruleset, hypothetical changes, gamestate, events and statements (YAML).

The models here only describe and validate the input; nothing is decided in Python.
"""

from __future__ import annotations

from datetime import date, datetime, timezone
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, create_model, field_validator

from adjudicator.errors import InputError, excerpt
from adjudicator.inputs import parse_structured, read_text, validation_problems
from adjudicator.solving import check_size
from adjudicator.rulesets.changes import READINGS as RULE_CHANGE_READINGS
from adjudicator.solving.readings import Reading, Readings

Verdict = Literal["TRUE", "FALSE", "PARADOXICAL", "DISMISS", "IRRELEVANT"]
MAX_GROUND_ESTIMATE = 400_000
# A moment as written in a case: a YAML date or date-time, or ISO 8601 text (checked by parse_time)
TimeValue = Union[datetime, date, str]
# A Power as written: a number or its text (checked by parse_power; R1688: non-negative rational)
PowerValue = Union[int, float, str]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


def parse_time(value: Any, where: str) -> datetime:
    """An ISO 8601 date or date-time; naive values are UTC (Agoran time is UTC, R1023)."""
    if isinstance(value, datetime):
        moment = value
    else:
        text = str(value).strip()
        try:
            moment = datetime.fromisoformat(text.replace("Z", "+00:00")) if len(text) <= 64 else None
            if moment is None:
                raise ValueError(text)
        except ValueError:
            raise InputError(f"{where}: {excerpt(text)} is not an ISO date-time (e.g. 2020-10-11T14:00:00Z)") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    try:
        return moment.astimezone(timezone.utc)
    except OverflowError:  # 0001-01-01T00:00:00+05:00 has no UTC moment
        raise InputError(f"{where}: {moment.isoformat()} is outside the calendar in UTC") from None


# clingo counts in 32-bit integers: larger numbers would wrap around silently
CLINGO_MAX = 2**31 - 1
# a number of the case (rule ID, blots, coins, CFJ number) that the solver can count
Count = Annotated[int, Field(ge=0, le=CLINGO_MAX)]
MAX_POWER = Decimal(CLINGO_MAX) / 1000  # Powers go to the solver in thousandths


def solver_int(value: Any, where: str) -> int:
    """A whole number of the case as the solver counts it (32 bits: a larger one would wrap)."""
    try:
        number = int(str(value).strip())
    except ValueError:
        raise InputError(f"{where}: {value!r} is not a whole number") from None
    if abs(number) > CLINGO_MAX:
        raise InputError(f"{where}: {number} is larger than this tool can count (at most {CLINGO_MAX})")
    return number


def parse_power(value: Any, where: str) -> Decimal:
    try:
        power = Decimal(str(value))
    except InvalidOperation:
        raise InputError(f"{where}: Power {value!r} is not a number") from None
    if not power.is_finite():
        raise InputError(f"{where}: Power {value!r} is not a number (R1688: a non-negative rational number)")
    if power < 0:
        raise InputError(f"{where}: Power {value} is negative (R1688: Power is non-negative)")
    if power > MAX_POWER:
        raise InputError(f"{where}: Power {value} is larger than this tool can count (at most {MAX_POWER})")
    return power


class Clause(Strict):
    """One clause of an added or amended rule."""

    id: str | None = None
    says: str | None = None
    modality: str | None = None          # CAN, CANNOT, MAY, MAY NOT, MUST NOT, SHALL NOT, SHALL, MUST, SHOULD, ...
    who: str = "any person"              # "any person", "any player", or a person
    action: str | None = None            # in the statement language's action phrases
    when: str | None = None              # a condition in the statement language
    method: str | None = None            # a dependent-action method ("without objection", ...)
    claims_precedence_over: list[Union[int, str]] = Field(default_factory=list)  # rule IDs, "all rules", "class NAME"
    defers_to: list[Union[int, str]] = Field(default_factory=list)
    narrower_than: list[str] = Field(default_factory=list)  # BlogNomic: clause ids of broader scope
    satisfaction_only_methods: list[str] | None = None       # an R2124-style definition of Satisfaction
    asp: str | None = None                                   # expert escape: raw ASP for this clause


class AddedRule(Strict):
    id: Count | None = None
    title: str
    power: PowerValue = "1"
    enacted: TimeValue | None = None
    section: str | None = None           # BlogNomic: appendix, core, dynastic, special_case
    protected_from_dynastic: bool = False
    classes: list[str] = Field(default_factory=list)
    precedence_by: Count | None = None
    precedence_determinations: list[list[int]] = Field(default_factory=list)  # [[winner, loser], ...]
    clauses: list[Clause] = Field(default_factory=list)
    # R1688: rules whose changes this rule secures, as "changes to rule N are secured" in a ruleset's text
    secures: list["Secures"] = Field(default_factory=list)
    # rule changes this rule makes when an action happens ("When that happens, this rule repeals
    # itself": R2141, R105 as CFJs 3754 and 3830 read them; reading rule_changes)
    upon: list["Upon"] = Field(default_factory=list)


class Upon(Strict):
    action: str                          # an action phrase: the rule's changes follow its EFFECTIVE performance
    provisions: list[dict[str, Any]]     # {repeal: this rule} / {repeal: N} / {set power: {rule: N, to: P}}


class Secures(Strict):
    """R1688: changes to `rule` (a rule ID, or "this rule") are secured, at `threshold` where stated
    (otherwise the securing rule's Power); `ruleset amend` reads the same from a rule's text."""
    rule: Union[Count, Literal["this rule"]]
    threshold: PowerValue | None = None

    @field_validator("rule", mode="before")
    @classmethod
    def _this_rule(cls, value: Any) -> Any:
        return " ".join(value.lower().split()) if isinstance(value, str) and not value.strip().isdigit() else value


AddedRule.model_rebuild()


class Amendment(Strict):
    rule: Count
    note: str | None = None
    clauses: list[Clause] = Field(default_factory=list)
    remove: list[str] = Field(default_factory=list)   # encoded clause ids this amendment deletes
    # R1586: what the amendment does to the entities the rule defines: no longer defines them,
    # defines them with other attributes, or renames them (entity -> its new name)
    undefines: list[str] = Field(default_factory=list)
    redefines: list[str] = Field(default_factory=list)
    renames: dict[str, str] = Field(default_factory=dict)


class PowerChange(Strict):
    rule: Count
    to: PowerValue


class Change(Strict):
    power: PowerChange | None = None
    repeal: Count | None = None
    enact: AddedRule | None = None
    amend: Amendment | None = None
    note: str | None = None


class GrantBlots(Strict):
    """The `grant blots` provision of an instrument."""
    to: str
    amount: Count


class SetPower(Strict):
    """The `set power` provision of an instrument."""
    rule: Count
    to: PowerValue


# what one provision of an instrument names: persons, a rule, or a mapping checked per kind
ProvisionValue = Union[str, int, list[Union[str, int]], dict[str, Any]]


class Person(Strict):
    id: str
    name: str | None = None


class CfjRecord(Strict):
    id: Count
    initiator: str
    about: Literal["effectiveness", "possibility", "legality", "other"] = "other"


class ContractSpec(Strict):
    """A contract when the case begins (R1742): its parties and its body's provisions."""
    parties: list[str] = Field(default_factory=list)
    provisions: list[dict[str, ProvisionValue]] = Field(default_factory=list)


class RegulationSpec(Strict):
    """A regulation other than an Emergency Regulation (R2493): its Promulgator and parent rule; the
    tournament it governs (R2464); whether it exists when the case begins (else it is enacted in it)."""
    promulgator: str
    parent_rule: Count = Field(alias="parent rule")
    tournament: str | None = None
    exists: bool = True


class Gamestate(Strict):
    persons: list[Union[str, Person]] = Field(default_factory=list)
    non_persons: list[str] = Field(default_factory=list)
    players: list[str] = Field(default_factory=list)
    blots: dict[str, Count] = Field(default_factory=dict)
    coins: dict[str, Count] = Field(default_factory=dict)
    offices: dict[str, str] = Field(default_factory=dict)
    magisters: list[str] = Field(default_factory=list)
    cfjs: list[CfjRecord] = Field(default_factory=list)
    crime_classes: dict[Count, Count] = Field(default_factory=dict)
    assets: dict[str, dict[str, Count]] = Field(default_factory=dict)  # owner -> asset -> number (R2578)
    # entities that are contracts (R2576); with their parties and provisions (R1742), a mapping
    contracts: Union[list[str], dict[str, ContractSpec]] = Field(default_factory=list)
    # offices and switches (docs/judging.md): interim holders when the case begins (R1006), other
    # switches' values (switch -> instance -> value, R2162), and when the case's record of reports
    # begins (every report published from then on is an event: weekly duties are judged there)
    interim_offices: list[str] = Field(default_factory=list)
    switches: dict[str, dict[str, str]] = Field(default_factory=dict)
    reports_from: TimeValue | None = None
    # R2630: each office's Administrative Regulations in effect when the case begins: the actions
    # they authorize any player to take for the officer and those they forbid the officer
    administrative_regulations: dict[str, dict[Literal["authorize", "forbid"], list[str]]] = Field(default_factory=dict)
    titles: dict[str, list[str]] = Field(default_factory=dict)  # person -> patent titles held (R649)
    # Ribbons (R2438): person -> the types e owns when the case begins; -> types e owned before but not now
    ribbons: dict[str, list[str]] = Field(default_factory=dict)
    ribbons_formerly: dict[str, list[str]] = Field(default_factory=dict)
    # the economy over time (R2634, R2499): the Total Buoyancy when the case begins; when each
    # player last received a Welcome Package before it
    total_buoyancy: Count | None = None
    welcome_packages: dict[str, TimeValue] = Field(default_factory=dict)
    first_registered: dict[str, TimeValue] = Field(default_factory=dict)  # person -> the day (R2585)
    # zombies before the case's record (R2574): a player's last public announcement; since when a
    # zombie has been one; when Agora was last a zombie's master
    last_announced: dict[str, TimeValue] = Field(default_factory=dict)
    zombie_since: dict[str, TimeValue] = Field(default_factory=dict)
    agora_last_master: dict[str, TimeValue] = Field(default_factory=dict)
    # the auction methods the Treasuror's regulations define (R2545): name -> terms (as an auction's `terms`)
    auction_methods: dict[str, dict[str, Any]] = Field(default_factory=dict)
    # Karma (R2510): person (or agora) -> eir karma when the case begins (an integer; 0 if not given)
    karma: dict[str, Annotated[int, Field(ge=-CLINGO_MAX, le=CLINGO_MAX)]] = Field(default_factory=dict)
    interested_judges: list[str] = Field(default_factory=list)  # players interested in judging when the case begins (R991)
    # regulations (R2493) by name: their Promulgators, parent rules and tournaments (R2464)
    regulations: dict[str, RegulationSpec] = Field(default_factory=dict)
    # fora (R478) by name: their Publicity when the case begins (public, discussion or foreign)
    fora: dict[str, str] = Field(default_factory=dict)


class Event(Strict):
    id: Union[str, int, None] = None
    at: TimeValue
    by: str | None = None
    do: str
    uncertain: bool = False
    # dependent actions
    action: str | None = None
    method: str | None = None
    players: list[str] = Field(default_factory=list)
    target: str | None = None
    intent: Union[str, int, None] = None
    unclear: bool = False
    conditions_unmet: bool = False
    # other actions
    amount: Count | None = None
    perp: str | None = None
    rule: Count | None = None
    office: str | None = None
    petition: Union[str, int, None] = None
    cfj: Count | None = None
    judgement: str | None = None
    power: PowerValue | None = None
    provisions: list[dict[str, ProvisionValue]] = Field(default_factory=list)
    to: str | None = None                # grant-promise: the bearer (R2618)
    promise: str | None = None           # grant-promise / cash: the promise's title
    # grant-promise: what cashing makes the creator do; "same" (inside a promise's text): the text of
    # the promise being cashed (a promise that grants a copy of itself)
    text: Union[list[dict[str, Any]], Literal["same"]] = Field(default_factory=list)
    caused_by: Union[str, int, None] = None  # set by the judge: the event whose effect this is (a cashing)
    grants: list[str] | None = None  # set by the judge: the grants whose text this action is (R2618)
    # a pledge's time window (R2450: 60 days unless stated), a number (R2509: a real number): 30, 0.5, "1/24"
    window_days: Count | float | str | None = None
    circumstances: list[str] = Field(default_factory=list)  # levy-fine: what the case says of the violation (R2557)
    refrain: bool = False                # a pledge to refrain from the action
    decision: Union[int, str, None] = None  # vote / withdraw-ballot: the Agoran decision (R683)
    vote: Union[str, list[str], None] = None  # vote: FOR, AGAINST, PRESENT, an option, or a ranked list (R2528)
    # a conditional announcement ("if C, I do X; otherwise I do Y"): the action is taken only if the
    # condition (a sentence of the statement language, asked just before it) holds; `otherwise`, an
    # event without `at` or `by`, is taken instead when it does not
    when: str | None = None
    otherwise: dict[str, Any] | None = None
    otherwise_of: Union[str, int, None] = None  # set by the judge: the event whose `otherwise` this is
    chain: str | None = None             # set by the judge: the unending chain of cashings this is part of
    chain_round: int | None = None       # set by the judge: its round in that chain (R2518)
    subject: str | None = None           # the message's subject line (R2614: "[Emergency]")
    forum: Union[str, list[str], None] = None  # the fora the message was sent to (R478: public by their Publicity)
    # R2630: an office's Administrative Regulations as an adoption (enacting or amending) makes them
    contents: dict[Literal["authorize", "forbid"], list[str]] | None = None
    choices: list[str] = Field(default_factory=list)  # random-choice: the possible outcomes (R2505)
    chosen: str | None = None            # random-choice: the outcome, where the case records it
    note: str | None = None
    asset: str | None = None             # asset actions: the asset (coins, Victory Cards, ...; R2577)
    from_: str | None = Field(default=None, alias="from")  # revoke: whose assets
    # offices, switches and reports: a report's claims (switch -> instance -> value, or players: a
    # list), a deputisation (permanent or temporary, R2160), the report a doubt or a ratification
    # names, a flipped switch's instance and value
    claims: dict[str, Any] = Field(default_factory=dict)
    deputise: Literal["permanent", "temporary"] | None = None
    report: Union[str, int, None] = None
    doubt: Union[str, int, None] = None
    switch: str | None = None
    # contracts, consent and acting on behalf (R1742, R2519, R2466): the contract an event makes or
    # changes, the parties a new contract names, who else assented from context, and the principal
    # an agent acts for (the event is then the principal's, `by:` the agent's)
    contract: str | None = None
    parties: list[str] = Field(default_factory=list)
    consenting: list[str] = Field(default_factory=list)
    behalf: str | None = None
    # the case finds the change would make the contract's full provisions or parties publicly unavailable (R1742)
    publicly_unavailable: bool = False
    # the CFJ procedure (R991, R2246): the person a CFJ's initiator bars, a CFJ submitted to the Referee
    bar: str | None = None
    referee: bool = False
    finger: Union[str, int, None] = None  # the Finger Pointing an investigation concludes (R2478)
    omits_texts: bool = False            # indictment-decisions: without the Indictment's and defence's texts (R2619)
    forbidden_art: bool = False          # the case finds the action would ossify Agora (R2617)
    title: str | None = None             # a patent title awarded, or a tournament's name (R649, R2464)
    instance: str | None = None
    value: str | None = None
    ribbon: str | None = None            # a type of Ribbon or Glitter awarded or earned (R2438, R2602)
    glitter: Union[str, int, None] = None  # grant-glitter: the event that awarded the Glitter (R2602)
    stones: list[str] = Field(default_factory=list)  # collection-notice: the stones that escape; stone-auction: its lots
    # auctions (R2545, R1885, R2629): the auction an event starts, bids in, ends or pays for, and the
    # lots it starts with (each lot a list of items: "talisman for bob", "1 new Victory Card")
    auction: str | None = None
    lots: list[Union[str, list[str]]] = Field(default_factory=list)
    # the auction's method as its auctioneer specifies it at its start (R2545): `ends` ("by
    # announcement", a time, or "N days after the last bid"), `withdrawal` (bids may be withdrawn),
    # `minimum` (the minimum bid, where the authorizing rule sets none), or `method`: a method the
    # Treasuror's regulations define (gamestate.auction_methods)
    terms: dict[str, Any] = Field(default_factory=dict)
    # rewards and karma (R2496, R2510): a referendum on a proposal resolved by its vote collector (its
    # outcome, valid ballots FOR and AGAINST, the proposal's author, co-authors and whether it was
    # sponsored), the proposal or referendum whose reward is granted, whether a report is the
    # office's monthly one, a Notice of Honour's reasons (to: gains karma, from: loses it)
    proposal: Union[int, str, None] = None
    referendum: Union[int, str, None] = None
    outcome: str | None = None
    votes_for: Count | None = Field(default=None, alias="for")
    votes_against: Count | None = Field(default=None, alias="against")
    author: str | None = None
    coauthors: list[str] = Field(default_factory=list)
    sponsored: bool | None = None
    period: Literal["weekly", "monthly"] | None = None
    reasons: dict[str, str] | None = None
    # its position in the case file (1, 2, ...: `event N` names it); None for the events the judge
    # makes (a cashing's effects, an alternative, a hypothesis), which are named by their id
    _position: int | None = PrivateAttr(default=None)


class Statement(Strict):
    text: str | None = None
    asp: str | None = None
    expect: Verdict | None = None
    note: str | None = None

    @field_validator("expect", mode="before")
    @classmethod
    def _upper(cls, value: Any) -> Any:
        if isinstance(value, bool):  # YAML reads a bare TRUE / FALSE as a boolean
            return "TRUE" if value else "FALSE"
        return value.upper() if isinstance(value, str) else value


# The judge's named readings, declared once; a case's `options:` chooses among them, and the judge
# re-judges under the other value where the models say a reading matters (reading_relevant/1).
READINGS = Readings(
    Reading("attempts_violate", ("False", "True"), "False", "does an INEFFECTIVE attempt at a prohibited action "
            "violate the rule", cite="R2152 item 2",
            says={"True": "an INEFFECTIVE attempt at a prohibited action also violates the rule (R2152 item 2)"}),
    Reading("r1030_step4", ("both_ids", "numbered_first"), "both_ids", "does R1030 step 4 need both rules to have "
            "an ID number", cite="R1030",
            says={"numbered_first": "R1030 step 4 also applies when only one rule has an ID number"}),
    Reading("r2449", ("indirect", "direct_only"), "indirect", "can an instrument state that someone wins",
            cite="R2449",
            says={"direct_only": "R2449: only a rule's own text can state that someone wins (not an instrument)"}),
    # shared with `ruleset amend` (adjudicator/rulesets/changes.py)
    *RULE_CHANGE_READINGS.readings.values(),
    Reading("r2531_3", ("guidelines", "range_only"), "guidelines", "what limits a fine's value", cite="R2531(3)",
            says={"range_only": "R2531(3): only R2557's range limits a fine's value (not its SHOULD guidelines, "
                                "as CFJ 3829 read them)"}),
    Reading("rule_changes", ("caused", "not_caused"), "caused", "does a rule make the rule changes it says "
            "happen when an action is taken", cite="R105",
            says={"not_caused": "R105: a rule that says a rule change happens does not make it, only an instrument "
                                "applying it does (CFJ 3754's caller)"}),
    Reading("r1728_40", ("literal", "same_announcement"), "literal", "under R1728/40, which announcement the "
            "intent must be", cite="R1728/40",
            says={"same_announcement": "R1728/40: the intent announced at least 4 days earlier must be the "
                                       "announcement of item 1 (CFJ 3709's first judgement)"}),
    Reading("r2585_anniversary", ("registration_day", "later_years"), "registration_day", "is the day a player "
            "first registered itself an anniversary of it", cite="R2585",
            says={"later_years": "R2585: an anniversary of the first registration falls in a later year only, not "
                                 "on the day itself (the dictionaries CFJ 3873 set aside)"}),
    Reading("r2478_card_tie", ("none", "each"), "none", "when players tie for the most Finger Pointings, "
            "can any of them grant emself the Justice Card", cite="R2478",
            says={"each": "R2478: each of the players tied for the most Finger Pointings CAN grant emself a "
                          "Justice Card (not: no one is \"the player\")"}),
    Reading("r2429_paragraphs", ("grammatical", "layout"), "grammatical", "is a blank line inside a sentence a "
            "paragraph break", cite="R2429",
            says={"layout": "R2429: every blank line is a paragraph break, also one inside a sentence (not: paragraphs "
                            "follow the grammatical structure, CFJs 3452 and 3777)"}),
    Reading("r2438_before_case", ("case_start", "earlier"), "case_start", "did an office held, or a Ribbon "
            "qualified for, when the case begins start at its beginning", cite="R2438",
            says={"earlier": "R2438: what the case begins with began earlier: an elected office then held for 30 "
                             "days with no duty missed (Green), and the Ribbon then owned awarded since e came to "
                             "qualify for it (no Glitter yet)"}),
    Reading("r2422_focus_time", ("resolution", "purchase"), "resolution", "when does the buyer's Focus count for "
            "R2422/8's Buy Strength: at the decision's resolution (the condition is in the present tense, beside "
            "the voting strength it modifies, which counts when the decision is resolved) or at each purchase",
            cite="R2422/8",
            says={"purchase": "R2422/8: each purchase of strength counts 2 where the buyer's Focus was the proposal's "
                              "Chamber when e bought it (not: at the decision's resolution)",
                  "resolution": "R2422/8: each purchase of strength counts 2 where the buyer's Focus is the proposal's "
                                "Chamber when the decision is resolved (not: when e bought it)"}),
    Reading("r1742_binding", ("during_consent", "parties_only"), "during_consent", "does a contract's body that "
            "says a person CANNOT become a party keep em from becoming one", cite="R1742",
            says={"parties_only": "R1742: a contract's body has force only once made, on its parties, so its "
                                  "CANNOT keeps nobody from becoming a party (CFJ 3848's caller, after CFJ 7)"}),
    Reading("r2614_extension", ("capped", "void"), "capped", "does an Emergency Regulation's extension that would "
            "make a period more than double its original length extend it up to the double", cite="R2614",
            says={"void": "R2614: an extension that would make the period more than double its original length is "
                          "wholly ineffective (not: effective up to the double)"}),
)


class Options(create_model("_Options", __base__=Strict, **READINGS.fields())):  # type: ignore[misc]
    @field_validator("attempts_violate", mode="before")
    @classmethod
    def _boolean(cls, value: Any) -> Any:
        return str(value) if isinstance(value, bool) else value  # YAML's true / false


class Finding(Strict):
    """A question of fact or interpretation that a rule makes decisive and the judge answers
    (docs/judging.md, "Findings"): stated (`value`) it is the judgement's premise; left open, the
    judge reports the verdict under each value."""

    question: Literal["clear", "happened", "holds", "public", "believed_untrue", "intent_to_mislead",
                      "clearly_specified", "reasonably_available", "informative", "relevant", "correction",
                      "unpredictable", "punishment_appropriate", "equal_opportunities", "fair_method",
                      "clear_intent"]
    about: str                            # "event buried", "outside sponge", "statement 2"
    value: bool | None = None             # None: left open
    evidence: str | None = None           # what the case quotes for it


class Case(Strict):
    title: str
    cfj: Count | None = None
    source: str | None = None
    summary: str | None = None
    ruleset: str = "agora-slr-2020-12-31"
    as_of: TimeValue | None = None       # judge the encoded revisions in force on this date (see docs/judging.md)
    policy: Literal["agora", "blognomic"] = "agora"
    blognomic: dict[str, Any] | None = None  # policy blognomic: votable matters (docs/blognomic.md)
    options: Options = Field(default_factory=Options)
    changes: list[Change] = Field(default_factory=list)
    gamestate: Gamestate = Field(default_factory=Gamestate)
    events: list[Event] = Field(default_factory=list)
    now: TimeValue | None = None
    # facts outside the gamestate a statement may name, id -> sentence ("Wikipedia has an article 'Sponge'")
    outside_gamestate: dict[str, str] = Field(default_factory=dict)
    texts: dict[str, str] = Field(default_factory=dict)  # named texts a statement compares, as written (R2429)
    # changes a hypothetical statement may suppose ("if p9000 were adopted, ..."): name -> an event
    # (without `at`: at the case's now), applied in a copy of the case after its events
    hypotheses: dict[str, dict[str, Any]] = Field(default_factory=dict)
    decisions: dict[str, Any] | None = None  # Agoran decisions, as `agora resolve` reads them (nomic loop)
    statements: list[Statement]
    findings: list[Finding] = Field(default_factory=list)  # the judge's findings, stated or open
    # free-text actions no rule regulates on purpose (others must be declared by a clause using them)
    unregulated_actions: list[str] = Field(default_factory=list)

    def model_post_init(self, context: Any) -> None:
        # the file's own events, numbered as written (copies made later keep their numbers)
        for position, event in enumerate(self.events, 1):
            event._position = position


def load_case(path: str | Path) -> tuple[Case, Path]:
    path = Path(path)
    data = parse_structured(read_text(path, "case", expected="a YAML case file"), str(path), fast=True)
    if not isinstance(data, dict):
        raise InputError("a case file is a YAML mapping with title, events and statements", source=str(path))
    try:
        case = Case.model_validate(data)
    except ValidationError as exc:
        raise InputError(f"not a valid case file: {validation_problems(exc)}", source=str(path)) from None
    if not case.statements:
        raise InputError("the case has no statements to judge", source=str(path))
    # the judge grounds about (persons x time points): 40 persons x 400 events take ~6 s; refuse
    # what would take far past any budget before grounding it (issue 15: 2,000 x 3,000 ran away)
    persons = len(case.gamestate.persons) + len(case.gamestate.players) + len(case.gamestate.non_persons)
    check_size((persons + 10) * (len(case.events) + len(case.statements)), MAX_GROUND_ESTIMATE, str(path),
               "(persons + 10) x (events + statements)")
    for index, statement in enumerate(case.statements, 1):
        if bool(statement.text) == bool(statement.asp):
            raise InputError(f"statement {index}: give exactly one of text or asp", source=str(path))
    return case, path
