"""Agoran decisions as input: the file of `adjudicator agora resolve` (players, strengths,
decisions, ballots in the order cast, an optional ruleset) read into pydantic models, checked,
and turned into the facts of `encodings/agora/{decisions,ballots,strength,conditional,runoff}.lp`.

Nothing here decides a rule: which ballots are valid, what a conditional vote counts as, the
quorum, the strengths and the outcomes are all the encodings'. This module parses (votes,
conditions, times) and refuses input that names unknown things.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from importlib import resources
from decimal import Decimal
from typing import Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, field_validator

from adjudicator.errors import InputError
from adjudicator.names import nearest_names

from adjudicator.inputs import parse_structured, read_text, validation_problems
import clingo
import yaml

from adjudicator.solving.terms import Name, Value, fact, program

Method = Literal["ai-majority", "instant-runoff", "first-past-the-post"]
METHOD_ATOMS = {"ai-majority": "ai_majority", "instant-runoff": "instant_runoff",
                "first-past-the-post": "first_past_the_post"}
OUTCOME_ATOMS = {"ADOPTED": "adopted", "REJECTED": "rejected", "FAILED QUORUM": "failed_quorum", "NULL": "null"}
PRESENT = Name("present")
EPOCH = dt.datetime(1990, 1, 1, tzinfo=dt.timezone.utc)  # times are minutes since then (clingo: 32-bit)
MAX_MINUTES = 2**31 - 1 - 60 * 24 * 30
MAX_COUNT = 10**6  # strengths, voters, bought strength: far below clingo's 32-bit limit
MAX_DAYS = 10**4  # an extension of a voting period (R2614): far below clingo's 32-bit limit in minutes


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class Endorse(Strict):
    endorse: str


class Conditional(Strict):
    if_: str = Field(alias="if")
    then: "Vote"
    else_: "Vote" = Field("PRESENT", alias="else")


# R2127: an instant-runoff list may have conditional entries (conditional votes or endorsements).
Vote = Union[str, list[Union[str, Endorse, Conditional]], Endorse, Conditional]
Conditional.model_rebuild()


class Ballot(Strict):
    voter: str
    decision: Union[int, str]
    vote: Vote | None = None
    withdraw: bool = False
    at: dt.datetime | dt.date | None = None


class ProposalInfo(Strict):
    title: str | None = None
    author: str | None = None
    coauthors: list[str] = Field(default_factory=list)
    text: str | None = None
    published: dt.datetime | dt.date | None = None  # R105: when its text was published (else at initiation)
    chamber: str | None = None  # R2607: the proposal's Chamber (a ministry), for R2637's interests


class Announced(Strict):
    """What a resolution message said (R2034: a self-ratifying attestation). With `identifies_matter`
    given, the message is taken as stated in full (R208 items 2-4: what it does not give, it did not
    specify); without it, it is taken to identify the matter and give the voters and the tally."""
    outcome: str
    voters: Union[int, list[str], None] = None  # the number of voters, or a list of them (R208 item 3)
    identifies_matter: bool | None = None  # R208 item 2
    tally: dict[str, int] | None = None  # R208 item 4


NOTICE_ITEMS = ("matter", "method", "options", "collector")  # R107 items 1-4
ESSENTIAL = ("text", "author", "coauthors", "class", "chamber", "adoption_index")  # R1607, R1950


class Notice(Strict):
    """What the notice of initiation specified (R107; R879's quorum): each item it specified, the
    essential parameters it gave (R1607, R1950), the quorum it stated, claims of error on it."""
    specifies: list[Literal["matter", "method", "options", "collector"]] = Field(default_factory=list)
    essential: list[Literal["text", "author", "coauthors", "class", "chamber", "adoption_index"]] = \
        Field(default_factory=list)
    quorum: int | None = None  # R879: the quorum it stated (None: not stated)
    doubts: list[dt.datetime | dt.date] = Field(default_factory=list)  # R2201, on the notice


class Reminder(Strict):
    """R2168: a public reminder naming the slackers on a decision whose voting period was extended."""
    at: dt.datetime | dt.date
    by: str
    slackers: list[str] = Field(default_factory=list)


class Extension(Strict):
    """R2614: an Emergency Regulation extending the voting period by some days, taking effect `at`."""
    at: dt.datetime | dt.date
    days: int = Field(ge=1, le=MAX_DAYS)


class Decision(Strict):
    id: Union[int, str]
    method: Method | None = None
    adoption_index: Decimal | None = None
    quorum: int | None = None
    options: list[str] | None = None
    strengths: dict[str, int] | None = None
    players: list[str] | None = None  # players at this decision's initiation, where they differ
    referendum: bool | None = None  # on a proposal (default: when AI-majority)
    proposal: ProposalInfo | None = None
    initiated: dt.datetime | dt.date | None = None
    resolved: dt.datetime | dt.date | None = None
    last_referendum_voters: int | None = None  # R879's basis, when no earlier referendum is in the file
    collector: str | None = None  # the vote collector: a person or an office (default: R1607, R208)
    initiator: str | None = None
    resolved_by: str | None = None  # who published the resolution (R208: only the vote collector CAN)
    announced: Announced | None = None  # R2034: the outcome (and voters) the resolution message stated
    doubts: list[dt.datetime | dt.date] = Field(default_factory=list)  # R2201: claims of error on that message
    notice: Notice | None = None  # R107: what the notice of initiation specified (None: taken as valid)
    required: bool | None = None  # R208: whether it was required to be initiated (referenda: R1607's duty)
    reminders: list[Reminder] = Field(default_factory=list)  # R2168
    extensions: list[Extension] = Field(default_factory=list)  # R2614: by Emergency Regulations
    _distribution: Any = PrivateAttr(default=None)  # the `distribute` event (an Event) that initiates it

    @field_validator("id")
    @classmethod
    def _id(cls, value: Union[int, str]) -> Union[int, str]:
        if isinstance(value, int) and not 0 <= value < 2**31:
            raise ValueError("a decision id must be a number from 0 to 2^31-1, or a name")
        if isinstance(value, str) and (not value.strip() or value.strip().lower() == "all"):
            raise ValueError("a decision id must not be empty or 'all'")
        return value


class CabinetOrder(Strict):
    """R2451: a Cabinet Order the Prime Minister issued (besides the file's `manifesto` distributions)."""
    at: dt.datetime | dt.date
    order: Literal["certiorari", "dive", "manifesto"]


class Gamestate(Strict):
    blots: dict[str, int] = Field(default_factory=dict)  # R2556
    pendants: dict[str, int] = Field(default_factory=dict)  # R2622: Pendants each player holds at the start
    festivity: int = 0  # R2481: Agora's Festivity
    festive: list[str] = Field(default_factory=list)  # R2481: the Festive players
    speaker: str | None = None  # R103
    bought_strength: dict[Union[int, str], dict[str, int]] = Field(default_factory=dict)  # R2422: decision -> voter -> times
    cabinet_orders: list[CabinetOrder] = Field(default_factory=list)  # R2451: the Prime Minister's other orders
    interests: dict[str, list[str]] = Field(default_factory=dict)  # R2637: office -> its Ministry Interest
    adoption_index_raised: dict[Union[int, str], int] = Field(default_factory=dict)  # R2645: Sabotage Stones on a decision
    focuses: dict[str, str] = Field(default_factory=dict)  # R2638: player -> Ministry Focus (absent: Unfocused)


EventKind = Literal["create-proposal", "pend", "remove", "distribute", "recycle", "vote", "withdraw", "resolve",
                    "doubt", "earn-legislative-card", "flip-class", "set-chamber", "remind", "promotor-report"]
# The fields each kind of event may carry besides `event`, `at` and `by`.
EVENT_FIELDS: dict[str, set[str]] = {
    "create-proposal": {"proposal", "text", "title", "coauthors", "adoption_index", "chamber", "effects_most"},
    "pend": {"proposal", "method", "intent", "support", "objections"},
    "remove": {"proposal"},
    "distribute": {"proposal", "id", "intent", "objections", "notice", "method"},  # method: manifesto (R2451)
    "recycle": {"decision"},
    "vote": {"decision", "vote"},
    "withdraw": {"decision"},
    "resolve": {"decision", "announced"},
    "doubt": {"decision"},
    "earn-legislative-card": set(),  # R2623: the announcement names nothing but the card
    "flip-class": {"proposal", "intent", "support", "objections"},  # R2606: to democratic, with 2 Agoran consent
    "set-chamber": {"proposal", "chamber", "method", "intent", "support", "objections"},  # R2607
    "remind": {"decision", "slackers"},  # R2168: the humiliating public reminder
    "promotor-report": {"pool", "doubts"},  # R1607: the Pool as a Promotor's report lists it
}
EVENT_REQUIRED = {"create-proposal": {"proposal"}, "pend": {"proposal", "method"}, "remove": {"proposal"},
                  "distribute": {"proposal", "id"}, "recycle": {"decision"}, "vote": {"decision", "vote"},
                  "withdraw": {"decision"}, "resolve": {"decision"}, "doubt": {"decision"},
                  "earn-legislative-card": set(), "flip-class": {"proposal"},
                  "set-chamber": {"proposal", "chamber", "method"}, "remind": {"decision"}, "promotor-report": {"pool"}}
PEND_METHODS = {"pendant": "pendant", "promotor": "promotor", "without-objection": "without_objection"}
CHAMBER_METHODS = {"promotor": "promotor", "agoran-consent": "agoran_consent"}  # R2607: by announcement, 2 consent
METHODS = {"pend": PEND_METHODS, "set-chamber": CHAMBER_METHODS, "distribute": {"manifesto": "manifesto"}}
MINISTRIES = ("Compliance", "Legislation", "Economy", "Legacy", "Participation")  # R2605, as proposals.lp names them


class ReportedProposal(Strict):
    """A proposal as a Promotor's report lists it (R1607: its text and attributes); what is absent
    the report does not state."""
    text: str | None = None
    author: str | None = None
    coauthors: list[str] | None = None
    adoption_index: Decimal | None = None
    class_: Literal["ordinary", "democratic"] | None = Field(None, alias="class")
    chamber: str | None = None  # a ministry, or "unset"
    pending: bool | None = None


class Event(Strict):
    """A timed event of the proposal lifecycle or of voting, in the order they happened."""
    event: EventKind
    at: dt.datetime | dt.date
    by: str
    proposal: str | None = None  # a proposal's name in this file (before it has an ID)
    decision: Union[int, str, None] = None
    id: int | None = None  # R1607: the ID the Promotor assigns on distribution
    text: str | None = None
    title: str | None = None
    coauthors: list[str] = Field(default_factory=list)
    adoption_index: Decimal | None = None
    chamber: str | None = None
    effects_most: str | None = None  # R2607: the ministry whose goals the proposal effects most (the case's finding)
    method: Literal["pendant", "promotor", "without-objection", "agoran-consent", "manifesto"] | None = None
    intent: dt.datetime | dt.date | None = None  # R2595: when the intent to do it was announced
    support: list[str] = Field(default_factory=list)
    objections: list[str] = Field(default_factory=list)
    vote: Vote | None = None
    announced: Announced | None = None
    notice: Notice | None = None  # on a distribution: what its notice specified (R107)
    slackers: list[str] = Field(default_factory=list)  # on a reminder (R2168)
    pool: dict[str, ReportedProposal | None] | None = None  # on a Promotor's report (R1607): name -> as listed
    doubts: list[dt.datetime | dt.date] = Field(default_factory=list)  # claims of error on a report (R2201)


class ResolveInput(Strict):
    players: list[str]
    persons: list[str] = Field(default_factory=list)  # known non-players (whose ballots R683 refuses)
    strengths: dict[str, int] | None = None
    decisions: list[Decision] = Field(default_factory=list)
    events: list[Event] = Field(default_factory=list)  # the proposal lifecycle and timed votes
    as_of: dt.datetime | dt.date | None = None  # the time the question is asked (R2201's week, R1607's duties)
    ballots: list[Ballot] = Field(default_factory=list)
    ruleset: str | None = None
    gamestate: Gamestate = Field(default_factory=Gamestate)
    known: dict[str, bool] = Field(default_factory=dict)  # truths of conditions about the wider gamestate
    offices: dict[str, str | None] = Field(default_factory=dict)  # office -> holder (None: vacant)
    last_referendum_voters: int | None = None
    # Expected results by decision id (outcome, tally, quorum, voters, counted, consistent_values,
    # alternatives, resolved); the CLI reports each as ok or MISMATCH (exit 1). Tests use them.
    expect: dict[Union[int, str], dict[str, Any]] | None = None


# --- Votes and conditions -------------------------------------------------------------------------

_DECISION_REF = r"(?:the\s+)?(?:(?:referendum|decision)\s+on\s+)?(?:proposal|decision|referendum)\s+#?(?P<d>[\w.-]+)"
CONDITION_FORMS = [
    ("outcome", re.compile(rf"^{_DECISION_REF}\s+(?:is|was|will\s+be|gets)\s+(?P<x>adopted|rejected)$", re.I)),
    ("outcome", re.compile(rf"^the\s+outcome\s+of\s+{_DECISION_REF}\s+(?:is|was|will\s+be)\s+(?P<x>.+)$", re.I)),
    ("counted", re.compile(rf"^(?P<p>.+?)(?:'s|’s)\s+ballot\s+on\s+{_DECISION_REF}\s+(?:is|was)?\s*counted\s+as\s+(?P<v>.+)$", re.I)),
    ("counted", re.compile(rf"^(?P<p>.+?)\s+(?:votes|voted|has\s+voted)\s+(?P<v>\S+)\s+on\s+{_DECISION_REF}$", re.I)),
]
CONDITION_HELP = ("conditions read: 'proposal N is adopted|rejected', 'the outcome of decision N is X', "
                  "'P voted X on decision N', 'P's ballot on decision N counted as X', 'not <condition>', "
                  "'true', 'false', or a statement listed under `known:`")


class Facts:
    """Builds the facts as typed clingo symbols (`solving.terms`: strings escaped by clingo, numbers
    range-checked), with fresh node ids."""

    def __init__(self) -> None:
        self.atoms: list[clingo.Symbol] = []
        self.next_node = 0

    def add(self, name: str, *arguments: Value) -> None:
        self.atoms.append(fact(name, *arguments))

    def node(self) -> int:
        self.next_node += 1
        return self.next_node

    def text(self) -> str:
        return program(self.atoms)


def opt(option: str) -> clingo.Symbol:
    """An option as the value of a vote, a condition or an outcome: `opt("Red")`."""
    return fact("opt", option)


def decision_key(value: Union[int, str]) -> Union[int, str]:
    """A decision id or a name as a fact's argument (`solving.terms.fact`): numbers as numbers,
    everything else as a string."""
    return value if isinstance(value, int) else str(value)


def minutes(value: dt.datetime | dt.date, where: str, source: str) -> int:
    if not isinstance(value, dt.datetime):
        value = dt.datetime(value.year, value.month, value.day)
    if value.tzinfo is None:
        value = value.replace(tzinfo=dt.timezone.utc)
    n = int((value - EPOCH).total_seconds() // 60)
    if not 0 <= n <= MAX_MINUTES:
        raise InputError(f"{where}: {value.isoformat()} is out of range (1990 to 5000)", source=source)
    return n


def utc_month(minutes_since_epoch: int) -> int:
    """The Agoran month of an instant (R1023: months begin at midnight UTC), numbered year x 12 + month."""
    when = EPOCH + dt.timedelta(minutes=minutes_since_epoch)
    return when.year * 12 + when.month


class Builder:
    """Turns a checked ResolveInput into facts."""

    def __init__(self, data: ResolveInput, source: str):
        self.data, self.source = data, source
        self.facts = Facts()
        self.decisions = {d.id: d for d in data.decisions}
        self.by_text = {str(d.id): d.id for d in data.decisions}
        self.known = {_norm(k): v for k, v in data.known.items()}
        self.options: dict[Union[int, str], list[str]] = {}
        self.player_sets: dict[Union[int, str], set[str]] = {}
        self.node_of_ballot: dict[int, tuple[int, Union[int, str], str]] = {}  # B -> (node, decision, voter)
        self.ballot_text: dict[int, str] = {}
        self.ballots_of: dict[Union[int, str], list[int]] = {}  # decision -> its ballots, in order
        self.lists: dict[int, list[str]] = {}  # list vote node -> its entries

    def error(self, message: str) -> InputError:
        return InputError(message, source=self.source)

    def decision_ref(self, text: str, where: str) -> Union[int, str]:
        key = text.strip().rstrip(".")
        if key in self.by_text:
            return self.by_text[key]
        raise self.error(f"{where}: no decision {key!r} in this file (decisions: "
                         f"{', '.join(self.by_text) or 'none'})")

    def build(self) -> str:
        f = self.facts
        data = self.data
        if not data.decisions:
            raise self.error("decisions: none given (and no `distribute` event)")
        seen: set[str] = set()
        for d in data.decisions:
            if str(d.id) in seen:
                raise self.error(f"decisions: decision {d.id} is given twice")
            seen.add(str(d.id))
        known_people = set(data.players) | set(data.persons)
        for order, d in enumerate(data.decisions):
            self.decision_facts(d, order)
        # Names inside votes are matched as voters are: exactly as the file spells them.
        self.known_people = known_people.union(*self.player_sets.values())
        self.gamestate_facts()
        self.event_facts()
        previous_at: int | None = None
        ballot_id = 0
        withdrawals: set[tuple[str, str, int]] = set()
        for seq, b in enumerate(data.ballots, 1):
            where = f"ballots[{seq - 1}]"
            if b.voter not in known_people and not any(b.voter in s for s in self.player_sets.values()):
                raise self.error(f"{where}: unknown voter {b.voter!r} (not among the players or persons)")
            if isinstance(b.decision, str) and b.decision.strip().lower() == "all":
                targets = [d.id for d in data.decisions]
            else:
                targets = [self.decision_ref(str(b.decision), where)]
            at = None
            if b.at is not None:
                at = minutes(b.at, f"{where}.at", self.source)
                if previous_at is not None and at < previous_at:
                    raise self.error(f"{where}: cast at {b.at} before the ballot listed above it "
                                     "(ballots are listed in the order cast)")
                previous_at = at
            if b.withdraw:
                if b.vote is not None:
                    raise self.error(f"{where}: a withdrawal carries no vote (withdraw, then list the new ballot)")
                for d in targets:
                    f.add("withdrawal", d, b.voter, seq)
                    if at is not None:
                        f.add("withdrawal_at", d, b.voter, seq, at)
                    withdrawals.add((str(d), b.voter, seq))
                continue
            if b.vote is None:
                raise self.error(f"{where}: no vote (give `vote:`, or `withdraw: true`)")
            for d in targets:
                ballot_id += 1
                node = self.vote_node(b.vote, d, f"{where}.vote")
                f.add("cast", ballot_id, d, b.voter, seq)
                f.add("ballot_root", ballot_id, node)
                if at is not None:
                    f.add("cast_at", ballot_id, at)
                self.node_of_ballot[ballot_id] = (node, d, b.voter)
                self.ballots_of.setdefault(d, []).append(ballot_id)
                self.ballot_text[ballot_id] = describe_vote(b.vote)
        return f.text()

    def event_facts(self) -> None:
        """The timed events (R2350, R2622, R1607, R2625): numbered in the order they happened."""
        f, data = self.facts, self.data
        for p in data.players:
            f.add("player", p)
        for p in set(data.players) | set(data.persons):
            f.add("person", p)
        last = None
        for e, ev in enumerate(data.events, 1):
            where = f"events[{e - 1}]"
            at = minutes(ev.at, f"{where}.at", self.source)
            last = at
            f.add("event_at", e, at)
            by = ev.by
            if ev.event == "create-proposal":
                f.add("ev_create", e, ev.proposal, by)
                if ev.text and ev.text.strip():
                    f.add("ev_has_text", e)
                    f.add("ev_text", e, " ".join(ev.text.split()))
                for c in ev.coauthors:
                    f.add("ev_coauthor", e, c)
                if ev.adoption_index is not None:
                    if (ev.adoption_index * 100) % 1 != 0 or not 0 <= ev.adoption_index <= 1000:
                        raise self.error(f"{where}: adoption index {ev.adoption_index} is not a number of hundredths "
                                         "from 0 to 1000")
                    f.add("ev_ai", e, int(ev.adoption_index * 100))
                if ev.chamber:
                    f.add("ev_chamber", e, _ministry(ev.chamber))
                if ev.effects_most:
                    f.add("ev_effects_most", e, self.ministry_named(ev.effects_most, f"{where}.effects_most"))
            elif ev.event == "pend":
                f.add("ev_pend", e, ev.proposal, by, Name(PEND_METHODS[ev.method]))
            elif ev.event == "remove":
                f.add("ev_remove", e, ev.proposal, by)
            elif ev.event == "distribute":
                f.add("ev_distribute", e, ev.proposal, by, ev.id)
                if ev.method == "manifesto":
                    f.add("ev_manifesto", e)
                    f.add("ev_month", e, utc_month(at))
            elif ev.event == "recycle":
                f.add("ev_recycle", e, self.decision_ref(str(ev.decision), where), by)
            elif ev.event == "promotor-report":
                self.report_facts(e, ev, where)
            elif ev.event == "earn-legislative-card":
                f.add("ev_earn_card", e, by)
            elif ev.event == "flip-class":
                f.add("ev_flip_class", e, ev.proposal, by)
            elif ev.event == "set-chamber":
                f.add("ev_set_chamber", e, ev.proposal, by, _ministry(ev.chamber), Name(CHAMBER_METHODS[ev.method]))
            if ev.intent is not None:
                f.add("ev_intent", e, minutes(ev.intent, f"{where}.intent", self.source))
            for x in ev.support:
                f.add("ev_supporter", e, x)
            for x in ev.objections:
                f.add("ev_objector", e, x)
        end = minutes(data.as_of, "as_of", self.source) if data.as_of is not None else last
        if data.as_of is not None:
            f.add("as_of", end)
        if end is not None:
            f.add("timeline_end", end)

    def decision_facts(self, d: Decision, order: int) -> None:
        f, where = self.facts, f"decision {d.id}"
        f.add("decision_order", d.id, order)
        if d._distribution is not None:
            # Initiated by a `distribute` event: the decision and its initiation are the encodings'
            # (proposals.lp), which know whether the distribution was EFFECTIVE.
            self.options[d.id] = ["FOR", "AGAINST"]
            self.player_facts(d)
            self.resolution_facts(d, where)
            return
        f.add("decision", d.id)
        if d.method is not None:
            f.add("method_given", d.id, Name(METHOD_ATOMS[d.method]))
        ai = d.adoption_index
        if ai is not None:
            # R1950: integral multiples of 0.1 from 1.0 to 9.9.
            # R1950: multiples of 0.1 from 1.0 to 9.9; hundredths are read too (the Assessor resolved
            # 8816 at AI 3.05 and 8904 at 3.14), and a note says so.
            if not (Decimal("1.0") <= ai <= Decimal("9.9")) or (ai * 100) % 1 != 0:
                raise self.error(f"{where}: adoption index {ai} out of range (R1950: a multiple of 0.1 from 1.0 to 9.9)")
            f.add("adoption_index_given", d.id, int(ai * 100))
        referendum = d.referendum if d.referendum is not None else (d.method in (None, "ai-majority") and
                                                                     (ai is not None or d.proposal is not None))
        if referendum:
            f.add("on_proposal", d.id)
        if d.proposal and d.proposal.author:
            f.add("proposal_author", d.id, d.proposal.author)
        if d.proposal and d.proposal.chamber:
            f.add("decision_chamber", d.id, self.ministry(d.proposal.chamber, f"{where}: proposal.chamber"))
        options = d.options or []
        if ai is not None or d.method == "ai-majority":
            if d.options and sorted(o.upper() for o in d.options) != ["AGAINST", "FOR"]:
                raise self.error(f"{where}: an AI-majority decision's options are FOR and AGAINST (R2528), not {d.options}")
            options = ["FOR", "AGAINST"]
        elif d.method is not None or d.options is not None:
            if len(set(options)) != len(options):
                raise self.error(f"{where}: options repeat: {options}")
            if any(o.upper() == "PRESENT" for o in options):
                raise self.error(f"{where}: PRESENT is a vote, not an option (R2528)")
            for o in options:
                f.add("stated_option", d.id, o)
        self.options[d.id] = options
        if d.quorum is not None:
            if not 0 <= d.quorum <= MAX_COUNT:
                raise self.error(f"{where}: quorum {d.quorum} out of range")
            f.add("quorum_given", d.id, d.quorum)
        self.player_facts(d)
        self.resolution_facts(d, where)

    def player_facts(self, d: Decision) -> None:
        f, where = self.facts, f"decision {d.id}"
        basis = d.last_referendum_voters if d.last_referendum_voters is not None else self.data.last_referendum_voters
        if basis is not None:
            if not 0 <= basis <= MAX_COUNT:
                raise self.error(f"{where}: last_referendum_voters {basis} out of range")
            f.add("last_referendum_voters", d.id, basis)
        players = d.players if d.players is not None else self.data.players
        self.player_sets[d.id] = set(players)
        for p in players:
            f.add("eligible_at_initiation", d.id, p)
        strengths = d.strengths if d.strengths is not None else None
        merged = dict(self.data.strengths or {})
        if strengths:
            merged.update(strengths)
        if self.data.strengths is not None or strengths is not None:
            default = merged.pop("default", None)
            for name, value in merged.items():
                self.check_strength(value, f"{where}: strength of {name}")
                f.add("strength_given", d.id, name, value)
            if default is not None:
                self.check_strength(default, f"{where}: default strength")
                for p in set(players) | {b.voter for b in self.data.ballots} | set(self.data.persons):
                    if p not in merged:
                        f.add("strength_given", d.id, p, default)

    def resolution_facts(self, d: Decision, where: str) -> None:
        f = self.facts
        if d.announced is not None:
            x = d.announced.outcome.strip()
            atom = Name(OUTCOME_ATOMS[x.upper()]) if x.upper() in OUTCOME_ATOMS else opt(self.option_name(x, d.id))
            f.add("announced_outcome", d.id, atom)
            voters = d.announced.voters
            if voters is not None:
                if isinstance(voters, list):
                    self.check_people(voters, f"{where}: announced voters")
                    voters = len(set(voters))
                if not 0 <= voters <= MAX_COUNT:
                    raise self.error(f"{where}: announced voters {voters} out of range")
                f.add("announced_voters", d.id, voters)
            if d.announced.identifies_matter is not None:  # R208 items 2-4 checked
                f.add("announcement_checked", d.id)
                if d.announced.identifies_matter:
                    f.add("announced_matter", d.id)
                if d.announced.tally is not None:
                    f.add("announced_tally", d.id)
        self.notice_facts(d, where)
        for doubt in d.doubts:
            f.add("doubt_at", d.id, minutes(doubt, f"{where}: doubt", self.source))
        if d.proposal is not None and d.proposal.published is not None and d._distribution is None:
            f.add("proposal_published_at", d.id, minutes(d.proposal.published, f"{where}: published", self.source))
        if d.collector:
            f.add("collector_given", d.id, d.collector)
        if d.initiator:
            f.add("initiator", d.id, d.initiator)
        if d.resolved_by:
            f.add("resolver", d.id, d.resolved_by)
        if d.initiated is not None and d._distribution is None:
            f.add("initiated_at", d.id, minutes(d.initiated, f"{where}: initiated", self.source))
        if d.resolved is not None:
            if d.initiated is None:
                raise self.error(f"{where}: a resolution time needs the initiation time (`initiated:`)")
            f.add("resolution_at", d.id, minutes(d.resolved, f"{where}: resolved", self.source))

    def notice_facts(self, d: Decision, where: str) -> None:
        """R107's notice, R879's stated quorum, R208's requirement, R2168's reminders."""
        f = self.facts
        if d.required and d._distribution is None:
            f.add("initiation_required", d.id)
        if d.notice is not None:
            f.add("notice_given", d.id)
            for item in d.notice.specifies:
                f.add("notice_specifies", d.id, Name(item))
            for item in d.notice.essential:
                f.add("notice_essential", d.id, Name(item))
            if d.notice.quorum is not None:
                if not 0 <= d.notice.quorum <= MAX_COUNT:
                    raise self.error(f"{where}: notice: quorum {d.notice.quorum} out of range")
                f.add("notice_quorum", d.id, d.notice.quorum)
            for doubt in d.notice.doubts:
                f.add("notice_doubt_at", d.id, minutes(doubt, f"{where}: notice: doubt", self.source))
        for i, x in enumerate(d.extensions, 1):
            f.add("period_extension", d.id, i, minutes(x.at, f"{where}: extensions[{i - 1}].at", self.source), x.days * 1440)
        for i, r in enumerate(d.reminders, 1):
            self.check_people([r.by, *r.slackers], f"{where}: reminders[{i - 1}]", d.players or [])
            f.add("reminder_at", d.id, i, minutes(r.at, f"{where}: reminders[{i - 1}].at", self.source))
            f.add("reminder_by", d.id, i, r.by)
            for p in r.slackers:
                f.add("reminder_names", d.id, i, p)

    def report_facts(self, e: int, ev: Event, where: str) -> None:
        """A Promotor's report (R1607): each proposal listed and what it states of it."""
        f = self.facts
        f.add("ev_report", e)
        for doubt in ev.doubts:
            f.add("report_doubt_at", e, minutes(doubt, f"{where}.doubts", self.source))
        for name, listed in (ev.pool or {}).items():
            f.add("report_lists", e, name)
            if listed is None:
                continue
            here = f"{where}.pool.{name}"
            if listed.text is not None:
                f.add("report_attr", e, name, Name("text"), " ".join(listed.text.split()))
            if listed.author is not None:
                self.check_people([listed.author], f"{here}.author")
                f.add("report_attr", e, name, Name("author"), listed.author)
            if listed.coauthors is not None:
                self.check_people(listed.coauthors, f"{here}.coauthors")
                f.add("report_gives_coauthors", e, name)
                for c in listed.coauthors:
                    f.add("report_coauthor", e, name, c)
            if listed.adoption_index is not None:
                if (listed.adoption_index * 100) % 1 != 0 or not 0 <= listed.adoption_index <= 1000:
                    raise self.error(f"{here}.adoption_index: {listed.adoption_index} is not a number of hundredths")
                f.add("report_attr", e, name, Name("ai"), int(listed.adoption_index * 100))
            if listed.class_ is not None:
                f.add("report_attr", e, name, Name("class"), Name(listed.class_))
            if listed.chamber is not None:
                value = Name("unset") if listed.chamber.strip().lower() == "unset" else \
                    self.ministry_named(listed.chamber, f"{here}.chamber")
                f.add("report_attr", e, name, Name("chamber"), value)
            if listed.pending is not None:
                f.add("report_attr", e, name, Name("pending"), Name("true" if listed.pending else "false"))

    def ministry_named(self, text: str, where: str) -> str:
        """A ministry of Agora by its name (R2605), "Ministry of" optional; any other name is refused."""
        name = _ministry(text)
        for ministry in MINISTRIES:
            if ministry.lower() == name.lower():
                return ministry
        raise self.error(f"{where}: {text!r} is not a ministry of Agora ({nearest_names(name, MINISTRIES)})")

    def check_people(self, names: list[str], where: str, also: list[str] | None = None) -> None:
        known = sorted(set(self.data.players) | set(self.data.persons) | set(also or []))
        for name in names:
            if name not in known:
                raise self.error(f"{where}: unknown person {name!r} (not among the players or persons; "
                                 f"{nearest_names(name, known)})")

    def check_strength(self, value: int, where: str) -> None:
        # R2422: "an integer between 0 and 15 inclusive".
        if not 0 <= value <= 15:
            raise self.error(f"{where}: {value} is not a voting strength (R2422: an integer from 0 to 15)")

    def gamestate_facts(self) -> None:
        f, g = self.facts, self.data.gamestate
        for office, holder in {"Assessor": None, **self.data.offices}.items():
            f.add("office_name", office)
            if holder:
                f.add("office_holder", office, holder)
        for name, n in g.blots.items():
            if not 0 <= n <= MAX_COUNT:
                raise self.error(f"gamestate.blots: {name}: {n} out of range")
            f.add("blot_count", name, n)
        if g.speaker:
            f.add("speaker", g.speaker)
        for name, n in g.pendants.items():
            if not 0 <= n <= MAX_COUNT:
                raise self.error(f"gamestate.pendants: {name}: {n} out of range")
            f.add("pendants", name, n)
        if not 0 <= g.festivity <= MAX_COUNT:
            raise self.error(f"gamestate.festivity: {g.festivity} out of range")
        if g.festivity:
            f.add("festivity", g.festivity)
        for name in g.festive:
            f.add("festive", name)
        for i, order in enumerate(g.cabinet_orders):
            when = minutes(order.at, f"gamestate.cabinet_orders[{i}].at", self.source)
            f.add("cabinet_order_at", i, when, Name(order.order), utc_month(when))
        for dref, table in g.bought_strength.items():
            d = self.decision_ref(str(dref), "gamestate.bought_strength")
            for name, n in table.items():
                if not 0 <= n <= MAX_COUNT:  # how many count is R2422's, by revision (strength.lp)
                    raise self.error(f"gamestate.bought_strength: {name} on {dref}: {n} out of range")
                f.add("strength_bought", d, name, n)
        self.interest_facts()
        self.focus_facts()
        for dref, n in g.adoption_index_raised.items():
            if not 0 <= n <= MAX_COUNT:
                raise self.error(f"gamestate.adoption_index_raised: {dref}: {n} out of range")
            f.add("adoption_index_raised", self.decision_ref(str(dref), "gamestate.adoption_index_raised"), n)

    def ministry(self, text: str, where: str) -> str:
        """R2605's ministries, as proposals.lp names them ("Ministry of Economy" or "economy" is Economy)."""
        name = _ministry(text)
        known = ["Compliance", "Legislation", "Economy", "Legacy", "Participation"]
        found = [m for m in known if m.lower() == name.lower()]
        if not found:
            raise self.error(f"{where}: {text!r} is no ministry (R2605: {', '.join(known)})")
        return found[0]

    def interest_facts(self) -> None:
        """R2637: each item of an office's Ministry Interest, for its holder (`offices:`), on each decision."""
        for office, items in self.data.gamestate.interests.items():
            where = f"gamestate.interests.{office}"
            if office not in self.data.offices:
                raise self.error(f"{where}: no office {office!r} in offices: (its holder: "
                                 f"{', '.join(self.data.offices) or 'none given'})")
            holder = self.data.offices[office]
            ministries = [self.ministry(m, where) for m in items]
            for d in self.data.decisions:
                for k, m in enumerate(ministries, 1):
                    if holder:
                        self.facts.add("interest_item", d.id, holder, office, k, m)

    def focus_facts(self) -> None:
        """R2638: each player's Ministry Focus, on each decision (strength.lp: R2422's Buy Strength)."""
        for player, focus in self.data.gamestate.focuses.items():
            where = f"gamestate.focuses.{player}"
            if player not in self.data.players:
                raise self.error(f"{where}: unknown player {player!r} ({nearest_names(player, self.data.players)})")
            if str(focus).strip().lower() == "unfocused":
                continue
            ministry = self.ministry(str(focus), where)
            for d in self.data.decisions:
                self.facts.add("decision_focus", d.id, player, ministry)

    def vote_node(self, vote: Any, d: Union[int, str], where: str) -> int:
        f = self.facts
        n = f.node()
        f.add("node_decision", n, d)
        irv = (self.decisions[d].method == "instant-runoff")
        if isinstance(vote, str):
            text = vote.strip()
            if text.upper() == "PRESENT":
                f.add("literal_vote", n, PRESENT)
            elif irv:  # R2528: an instant runoff vote is an ordered list; one option is a list of one
                f.add("list_vote", n)
                f.add("list_entry", n, 1, text)
                self.lists[n] = [text]
            else:
                f.add("literal_vote", n, opt(self.option_name(text, d)))
        elif isinstance(vote, list):
            if not vote:
                raise self.error(f"{where}: an empty list is not a vote")
            f.add("list_vote", n)
            entries: list[Any] = []
            for pos, entry in enumerate(vote, 1):
                if isinstance(entry, (Endorse, Conditional)):  # R2127: a conditional entry, evaluated to a list
                    m = self.vote_node(entry, d, f"{where}[{pos - 1}]")
                    f.add("list_entry_vote", n, pos, m)
                    entries.append(m)
                else:
                    f.add("list_entry", n, pos, str(entry).strip())
                    entries.append(str(entry).strip())
            self.lists[n] = entries
        elif isinstance(vote, Endorse):
            if not vote.endorse.strip():
                raise self.error(f"{where}: endorse: no person named")
            f.add("endorse_vote", n, self.person_name(vote.endorse.strip(), f"{where}: endorse"))
        elif isinstance(vote, Conditional):
            c = self.condition(vote.if_, d, where)
            then = self.vote_node(vote.then, d, where + ".then")
            other = self.vote_node(vote.else_, d, where + ".else")
            f.add("conditional_vote", n, c, then, other)
        else:  # pragma: no cover - pydantic admits nothing else
            raise self.error(f"{where}: not a vote: {vote!r}")
        return n

    def option_name(self, text: str, d: Union[int, str]) -> str:
        """An option as the decision spells it (FOR/AGAINST in any case); unknown names stay as
        written, and R683/R2528 make such a ballot invalid."""
        for option in self.options.get(d, []):
            if option.upper() == text.upper():
                return option
        return text.upper() if text.upper() in ("FOR", "AGAINST") else text

    def person_name(self, name: str, where: str) -> str:
        """A person named inside a vote, spelt exactly as the file spells its players and persons
        (as voters are), or as the register of Agorans does (the Assessor's records endorse former
        players; R2127: an endorsed non-voter evaluates to PRESENT). Any other name is refused."""
        if name in self.known_people or name in agoran_persons():
            return name
        known = sorted(self.known_people | agoran_persons())
        raise self.error(f"{where}: unknown person {name!r} (not a player or person of the file, nor in the "
                         f"register of Agorans; {nearest_names(name, known)})")

    def known_option(self, text: str, d: Union[int, str], others: list[str], what: str, where: str) -> str:
        """An option of decision D (in any case) named inside a condition; FOR and AGAINST where the
        file states no options."""
        options = self.options.get(d) or ["FOR", "AGAINST"]
        name = self.option_name(text, d)
        if name in options:
            return name
        raise self.error(f"{where}: {text!r} is not {what} of decision {d} ({what[2:].strip()}s: "
                         f"{', '.join(options + others)}; {nearest_names(text, options + others)})")

    def condition(self, text: str, d: Union[int, str], where: str) -> int:
        f = self.facts
        raw = " ".join(str(text).split()).rstrip(".")
        c = f.node()
        lowered = raw.lower()
        if _norm(raw) in self.known:
            f.add("condition_known", c, Name("true" if self.known[_norm(raw)] else "false"))
            return c
        if lowered in ("true", "false"):
            f.add("condition_known", c, Name(lowered))
            return c
        if lowered.startswith("not "):
            inner = self.condition(raw[4:], d, where)
            f.add("condition_not", c, inner)
            return c
        for kind, pattern in CONDITION_FORMS:
            m = pattern.match(raw)
            if not m:
                continue
            target = self.decision_ref(m["d"], f"{where}: condition {raw!r}")
            if kind == "outcome":
                x = m["x"].strip().strip('"\'')
                here = f"{where}: condition {raw!r}"
                atom = Name(OUTCOME_ATOMS[x.upper()]) if x.upper() in OUTCOME_ATOMS else \
                    opt(self.known_option(x, target, list(OUTCOME_ATOMS), "an outcome", here))
                f.add("condition_outcome", c, target, atom)
            else:
                here = f"{where}: condition {raw!r}"
                person = self.person_name(m["p"].strip(), here)
                v = m["v"].strip().strip('"\'')
                value = PRESENT if v.upper() == "PRESENT" else opt(self.known_option(v, target, ["PRESENT"], "a vote", here))
                f.add("condition_counted", c, target, person, value)
            return c
        raise self.error(f"{where}: malformed condition {raw!r} ({CONDITION_HELP})")


@functools.cache
def agoran_persons() -> frozenset[str]:
    """The persons of the register of Agorans (package data), by their display names."""
    text = resources.files("adjudicator").joinpath("data/agora/persons.yaml").read_text("utf-8")
    return frozenset(str(name) for name in yaml.safe_load(text)["persons"])


def _norm(text: str) -> str:
    return " ".join(str(text).split()).rstrip(".").lower()


def describe_vote(vote: Any) -> str:
    if isinstance(vote, str):
        return vote
    if isinstance(vote, list):
        return "[" + ", ".join(describe_vote(v) if not isinstance(v, str) else v for v in vote) + "]"
    if isinstance(vote, Endorse):
        return f"endorse {vote.endorse}"
    if isinstance(vote, Conditional):
        return f"{describe_vote(vote.then)} if {vote.if_}, else {describe_vote(vote.else_)}"
    return str(vote)


def load_input(source: str) -> ResolveInput:
    text = read_text(source, "decisions", expected="a YAML or JSON decisions file")
    # libyaml's parser (ten times faster on the Assessor's files), with the input layer's limits
    return parse_input(parse_structured(text, source, fast=True), source)


def parse_input(raw: Any, source: str) -> ResolveInput:
    if not isinstance(raw, dict):
        raise InputError("not a decisions file: expected a mapping with players, decisions and ballots", source=source)
    try:
        data = ResolveInput.model_validate(raw)
    except ValidationError as exc:
        raise InputError(validation_problems(exc), source=source) from None
    expand_events(data, source)
    return data


def _ministry(chamber: str) -> str:
    """A chamber as R2605 names the ministries ("Ministry of Economy" is Economy)."""
    return re.sub(r"(?i)^ministry\s+of\s+", "", chamber.strip())


def expand_events(data: ResolveInput, source: str) -> None:
    """The timed events as the decisions and ballots they name (parsing only: whether a
    distribution initiates a referendum, whether a vote is valid, is the encodings' question).
    Each `distribute` event gives a candidate decision that exists only if the distribution is
    EFFECTIVE (proposals.lp); votes and withdrawals become ballots with their times; `resolve`
    and `doubt` events give the decision's resolution, its message and the claims of error."""
    created: dict[str, Event] = {}
    decisions = {str(d.id): d for d in data.decisions}
    previous = None
    known = set(data.players) | set(data.persons)
    for i, e in enumerate(data.events):
        where = f"events[{i}] ({e.event})"
        allowed = EVENT_FIELDS[e.event]
        given = {k for k in e.model_fields_set if k not in ("event", "at", "by")}
        if given - allowed:
            raise InputError(f"{where}: {', '.join(sorted(given - allowed))} does not belong to a {e.event} event "
                             f"(it takes {', '.join(sorted(allowed))})", source=source)
        missing = [k for k in sorted(EVENT_REQUIRED[e.event]) if getattr(e, k) is None]
        if missing:
            raise InputError(f"{where}: give {', '.join(missing)}", source=source)
        when = minutes(e.at, f"{where}.at", source)
        if previous is not None and when < previous:
            raise InputError(f"{where}: at {e.at} is before the event listed above it (events are listed in the "
                             "order they happened)", source=source)
        previous = when
        for name in [e.by, *e.coauthors, *e.support, *e.objections, *e.slackers]:
            if name not in known:
                raise InputError(f"{where}: unknown person {name!r} (not among the players or persons)", source=source)
        if e.event == "create-proposal":
            if e.proposal in created:
                raise InputError(f"{where}: a proposal named {e.proposal!r} was already created above", source=source)
            created[e.proposal] = e
        elif e.event in ("pend", "remove", "distribute", "flip-class", "set-chamber") and e.proposal not in created:
            raise InputError(f"{where}: no create-proposal event above names {e.proposal!r}", source=source)
        for name in (e.pool or {}) if e.event == "promotor-report" else ():
            if name not in created:
                raise InputError(f"{where}: the report lists {name!r}, which no create-proposal event above names "
                                 f"({nearest_names(name, list(created))})", source=source)
        if e.event in METHODS and (e.method is not None or e.event != "distribute") and e.method not in METHODS[e.event]:
            raise InputError(f"{where}: method {e.method!r} is not one of a {e.event} event "
                             f"({', '.join(METHODS[e.event])})", source=source)
        if e.event == "distribute":
            if str(e.id) in decisions:
                raise InputError(f"{where}: ID {e.id} is already a decision of this file", source=source)
            c = created[e.proposal]
            d = Decision(id=e.id, method="ai-majority", initiated=e.at,
                         adoption_index=c.adoption_index if c.adoption_index is not None else None,
                         proposal=ProposalInfo(title=c.title or e.proposal, author=c.by, coauthors=c.coauthors,
                                               text=c.text, published=c.at))
            d.notice = e.notice
            d._distribution = e
            data.decisions.append(d)
            decisions[str(e.id)] = d
        elif e.event in ("vote", "withdraw"):
            data.ballots.append(Ballot(voter=e.by, decision=e.decision, vote=e.vote, withdraw=e.event == "withdraw",
                                       at=e.at))
        elif e.event == "remind":
            d = decisions.get(str(e.decision))
            if d is None:
                raise InputError(f"{where}: no decision {e.decision!r} above (give it under `decisions:` or "
                                 "distribute it first)", source=source)
            d.reminders.append(Reminder(at=e.at, by=e.by, slackers=e.slackers))
        elif e.event in ("resolve", "doubt"):
            d = decisions.get(str(e.decision))
            if d is None:
                raise InputError(f"{where}: no decision {e.decision!r} above (give it under `decisions:` or "
                                 "distribute it first)", source=source)
            if e.event == "resolve":
                if d.resolved is not None:
                    raise InputError(f"{where}: decision {e.decision} already has a resolution (one per decision "
                                     "is modelled)", source=source)
                d.resolved, d.resolved_by, d.announced = e.at, e.by, e.announced
            else:
                d.doubts.append(e.at)
    _sponsorship_known(data, source)


def _sponsorship_known(data: ResolveInput, source: str) -> None:
    """R2623 compares the sponsored proposals adopted in the last 7 days: only a proposal the
    events created and distributed has a known sponsorship (R2622), so an earning beside other
    referenda is refused rather than answered without them."""
    earning = next((i for i, e in enumerate(data.events) if e.event == "earn-legislative-card"), None)
    if earning is None:
        return
    for d in data.decisions:
        on_proposal = d.referendum if d.referendum is not None else (
            d.method in (None, "ai-majority") and (d.adoption_index is not None or d.proposal is not None))
        if d._distribution is None and on_proposal:
            raise InputError(f"events[{earning}] (earn-legislative-card): decision {d.id} is a referendum no "
                             "create-proposal and distribute event of this file gives, so whether its proposal was "
                             "sponsored is not known (R2623, R2622): give those events instead", source=source)
