"""Highest Number Game (Agora 2024 Birthday Tournament, Regulation BT31): logs in, standings out.

The game's logic is in ``encodings/hng/`` (calendar.lp, week.lp). This module only reads the log
(pydantic), computes SHA-256 digests and parses plaintexts into numbers, writes facts, runs the
encoding once per Agoran week in order (feeding each week's ``next_*`` atoms back as the next
week's ``carry_*`` facts), and reads the models back into a report. Each reading of an ambiguous
passage is a named option (see `READINGS`); `adjudicate_log` runs every combination and says
where the outcome depends on the reading.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from pathlib import Path
from typing import Any, Literal, Optional

import clingo
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from adjudicator.errors import InputError
from adjudicator.inputs import parse_structured, read_text
from adjudicator.hng.numbers import parse_natural
from adjudicator.solving import solve
from adjudicator.solving.readings import Reading, Readings
from adjudicator.solving.terms import Atoms, Name, fact, program

CALENDAR = ("core/calendar.lp", "hng/calendar.lp")  # the core calendar (R1023) and BT31's weeks
ENCODINGS = (*CALENDAR, "core/ledger.lp", "hng/week.lp")  # the core ledger (R2577, R2576) keeps the tokens
ANCHOR = dt.datetime(2000, 1, 3, tzinfo=dt.timezone.utc)  # a Monday, 00:00 UTC (R1023)
LATEST = dt.datetime(2067, 12, 31, tzinfo=dt.timezone.utc)  # seconds since ANCHOR stay 32-bit
NUMBER_CEILING = 1_000_000_000  # larger numbers behave the same against any cap (<= all tokens)
DEFAULT_TIMEOUT = 20.0

# Declared once (adjudicator.solving.readings); the first value is the literal reading.
READINGS = Readings(
    Reading("cycle-start", ("after-promulgation", "after-game-night"), "after-promulgation",
            'which week start first triggers "if bidding did not begin the previous week, bidding begins"'),
    Reading("reveal-cap", ("all-transfers", "own-transfers"), "all-transfers",
            '"the number of tokens transferred to the pot during the previous week": everyone\'s or the revealer\'s'),
    Reading("leader-scope", ("week", "game"), "week",
            '"the party that has revealed the highest secret number that is not equal to any other revealed '
            'secret number": this week\'s reveals or all reveals so far'),
    Reading("zero-natural", ("yes", "no"), "yes", 'whether 0 is "a natural number" a secret number can describe'),
)

REASONS = {
    "before_promulgation": "BT31 was not yet promulgated",
    "tournament_ended": "the tournament has ended (BT31: after the third revealing week)",
    "already_party": "already a party to this tournament",
    "not_a_party": "not a party to this tournament (BT31: only parties CAN act)",
    "not_bidding_week": "not a week in which bidding began (BT31)",
    "not_revealing_week": "not a week in which revealing began (BT31)",
    "fixed_asset": "tokens are a fixed asset (R2577): the only transfer BT31 allows is to the pot",
    "not_enough_tokens": "transfers more tokens than the party owns (R2577, BT31 'tokens they own')",
    "already_declared": "already declared a secret number this week (BT31: once per week)",
    "not_a_natural_number": "the plaintext is not a clear description of a natural number (BT31)",
    "no_matching_declaration": "no secret number declared by this party in the previous week has this "
    "plaintext (its SHA-256 digest matches none)",
    "above_cap": "higher than the number of tokens transferred to the pot during the previous week (BT31)",
    "already_revealed": "this secret number was already revealed",
}
REASON_ORDER = list(REASONS)


class LogEvent(BaseModel):
    model_config = ConfigDict(extra="forbid")

    at: dt.datetime
    party: str = Field(min_length=1)
    action: Literal["join", "transfer", "declare", "reveal"]
    tokens: Optional[int] = Field(default=None, ge=0)
    to: Optional[str] = None
    commitment: Optional[str] = None
    text: Optional[str] = None

    @field_validator("at")
    @classmethod
    def _utc(cls, value: dt.datetime) -> dt.datetime:
        return _as_utc(value)

    @field_validator("party")
    @classmethod
    def _not_the_pot(cls, value: str) -> str:
        if value.strip().lower() == "pot":
            raise ValueError("'pot' names the pot (BT31), not a player")
        return value

    @field_validator("commitment")
    @classmethod
    def _hex(cls, value: Optional[str]) -> Optional[str]:
        if value is not None and not re.fullmatch(r"[0-9a-fA-F]{64}", value.strip()):
            raise ValueError("a commitment is a SHA-256 digest: 64 hexadecimal digits")
        return value.strip().lower() if value is not None else None

    @model_validator(mode="after")
    def _fields_for_action(self) -> "LogEvent":
        needed = {"transfer": "tokens", "declare": "commitment", "reveal": "text"}.get(self.action)
        if needed and getattr(self, needed) is None:
            raise ValueError(f"a {self.action} needs '{needed}'")
        allowed = {"join": set(), "transfer": {"tokens", "to"}, "declare": {"commitment"}, "reveal": {"text"}}
        extra = [f for f in ("tokens", "to", "commitment", "text") if getattr(self, f) is not None and f not in allowed[self.action]]
        if extra:
            raise ValueError(f"a {self.action} takes no {', '.join(extra)}")
        return self


class GameLog(BaseModel):
    model_config = ConfigDict(extra="forbid")

    promulgated: dt.datetime
    parties: list[str] = Field(default_factory=list)
    events: list[LogEvent] = Field(default_factory=list)
    as_of: Optional[dt.datetime] = None

    @field_validator("promulgated", mode="before")
    @classmethod
    def _date_is_midnight(cls, value: Any) -> Any:
        # A bare date means 00:00 UTC of that day (docs/hng.md: a datetime may be given instead).
        if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
            return dt.datetime(value.year, value.month, value.day, tzinfo=dt.timezone.utc)
        return value

    @field_validator("promulgated", "as_of")
    @classmethod
    def _utc(cls, value: Optional[dt.datetime]) -> Optional[dt.datetime]:
        return _as_utc(value) if value is not None else None

    @field_validator("parties")
    @classmethod
    def _distinct(cls, value: list[str]) -> list[str]:
        if len(set(value)) != len(value):
            raise ValueError("a party is listed twice")
        if any(not p.strip() for p in value):
            raise ValueError("a party name is empty")
        if any(p.strip().lower() == "pot" for p in value):
            raise ValueError("'pot' names the pot (BT31), not a player")
        return value

    @model_validator(mode="after")
    def _times(self) -> "GameLog":
        for moment in [self.promulgated, self.as_of, *(e.at for e in self.events)]:
            if moment is not None and not (ANCHOR <= moment < LATEST):
                raise ValueError(f"time {moment.isoformat()} is outside 2000-01-03 .. 2067-12-31")
        if self.as_of is not None:
            late = [i for i, e in enumerate(self.events, 1) if e.at > self.as_of]
            if late:
                raise ValueError(f"event {late[0]} is after as_of; a log with as_of holds only what happened by then")
        return self


def _as_utc(value: dt.datetime) -> dt.datetime:
    if value.tzinfo is None:
        return value.replace(tzinfo=dt.timezone.utc)
    try:
        return value.astimezone(dt.timezone.utc)
    except OverflowError:  # e.g. 0001-01-01T00:00:00+05:00 is before year 1 in UTC
        raise ValueError(f"time {value.isoformat()} is out of range in UTC") from None


def load_log(path: str | Path) -> GameLog:
    """Read a log file (YAML or JSON); malformed input raises InputError naming the file."""
    source = str(path)
    data = parse_structured(read_text(source, "log", expected="a YAML or JSON log"), source)
    return parse_log(data, source=source)


def parse_log(data: Any, *, source: str = "log") -> GameLog:
    if not isinstance(data, dict):
        raise InputError("a log is a mapping with promulgated, parties, events (and optionally as_of)", source=source)
    try:
        return GameLog.model_validate(data)
    except ValidationError as exc:
        problems = []
        for err in exc.errors()[:3]:
            where = ".".join(str(p) for p in err["loc"]) or "log"
            if where.startswith("events."):
                parts = where.split(".")
                where = f"event {int(parts[1]) + 1}" + (f" field {'.'.join(parts[2:])}" if len(parts) > 2 else "")
            message = err["msg"].removeprefix("Value error, ")
            problems.append(f"{where}: {message}")
        raise InputError("; ".join(problems), source=source) from None


def parse_readings(pairs: list[str] | tuple[str, ...] | dict[str, str] | None) -> dict[str, str]:
    """Readings from NAME=VALUE strings (or a dict); unknown names or values raise InputError."""
    return READINGS.parse(pairs)


def seconds(moment: dt.datetime) -> int:
    return int((moment - ANCHOR).total_seconds())


def moment(secs: int) -> dt.datetime:
    return ANCHOR + dt.timedelta(seconds=secs)


def digest(text: str) -> str:
    """SHA-256 hex digest of a plaintext (UTF-8, exactly as given)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def log_facts(log: GameLog, readings: dict[str, str]) -> str:
    """The log and the readings as ASP facts (inputs of calendar.lp and week.lp), built as clingo
    symbols (adjudicator.solving.terms: strings escaped, numbers range-checked by clingo's types)."""
    facts = [fact("promulgated", seconds(log.promulgated))]
    if log.as_of is not None:
        facts.append(fact("as_of", seconds(log.as_of)))
    facts += READINGS.atoms(readings)  # reading(Name, Value), hyphens written as underscores
    for index, event in enumerate(log.events, 1):
        facts.append(fact("event", index, seconds(event.at), event.party))
        if event.action == "join":
            facts.append(fact("join", index))
        elif event.action == "transfer":
            to = Name("pot") if event.to in (None, "pot") else event.to
            # clingo counts in 32 bits; any amount above the ceiling is over every budget alike
            facts.append(fact("transfer", index, min(event.tokens, NUMBER_CEILING), to))
        elif event.action == "declare":
            facts.append(fact("declare", index, event.commitment))
        else:
            value = parse_natural(event.text)
            if value is None:
                facts.append(fact("reveal_unclear", index, digest(event.text)))
            else:
                facts.append(fact("reveal", index, digest(event.text), min(value, NUMBER_CEILING)))
    return program(facts)


# --- results ------------------------------------------------------------------------------------

class EventResult(BaseModel):
    index: int  # position in the log, from 1
    at: str
    party: str
    action: str
    detail: str
    result: Literal["EFFECTIVE", "INEFFECTIVE"]
    reason: str
    reasons: list[str] = Field(default_factory=list)  # reason codes (INEFFECTIVE only)
    week: Optional[str] = None


class WeekResult(BaseModel):
    start: str
    kind: Literal["bidding", "revealing"]
    number: int  # 1-based count of this kind of week
    complete: bool  # False: as_of falls inside this week
    pot: int  # tokens in the pot at the end of the week (or at as_of), before any payout
    leader: Optional[str]  # at the end of a revealing week (or so far, when incomplete)
    payout: int  # tokens moved from the pot to the leader at the week's end
    pot_after: int
    balances: dict[str, int]
    caps: dict[str, int] = Field(default_factory=dict)  # revealing weeks: the highest number each party may reveal


class Adjudication(BaseModel):
    """A log adjudicated under one combination of readings (the fields Standings and Report share)."""

    readings: dict[str, str]
    game_night: str
    first_cycle_week: Optional[str]
    final_week: Optional[str]
    events: list[EventResult]
    weeks: list[WeekResult]
    winners: Optional[list[str]]  # None: not decided yet (as_of before the end)
    finished: bool
    balances: dict[str, int]  # at as_of, or at the end of the log's last week
    pot: int


class Standings(Adjudication):
    """The adjudication of a log under one combination of readings."""

    state: dict[str, Any] = Field(default_factory=dict)  # carry-over for analysis (see reachability)

    def outcome(self) -> dict[str, Any]:
        """What a judge compares across readings."""
        return {
            "winners": self.winners,
            "balances": self.balances,
            "pot": self.pot,
            # weeks by their place in the cycle (the calendar reading shifts their dates)
            "weeks": [(w.kind, w.number, w.pot, w.leader, tuple(sorted(w.balances.items()))) for w in self.weeks],
            "events": [(e.index, e.result) for e in self.events],
        }


class ReadingOutcome(BaseModel):
    readings: list[dict[str, str]]
    winners: Optional[list[str]]
    balances: dict[str, int]
    leaders: list[dict[str, Any]]
    event_results: dict[int, str]


class Report(Adjudication):
    """`adjudicator hng adjudicate` output: the standings under the chosen readings, plus the flag."""

    ambiguous: bool
    differs_by: list[str]  # options whose change alone (from the chosen readings) changes the outcome
    differences: list[str]  # what differs (winners, a week's leader, an event's result, ...)
    outcomes: list[ReadingOutcome]  # every distinct outcome with the readings that give it


CARRIED = (("party", 1), ("balance", 2), ("declared", 2), ("transferred", 2), ("revealed", 3))  # next_X -> carry_X


def _name(sym: clingo.Symbol) -> str:
    return sym.string if sym.type == clingo.SymbolType.String else str(sym)


def _detail(event: LogEvent) -> str:
    if event.action == "transfer":
        return f"transfer {event.tokens} token{'s' if event.tokens != 1 else ''} to {event.to or 'the pot'}"
    if event.action == "declare":
        return f"declare a secret number, commitment {event.commitment[:12]}..."
    if event.action == "reveal":
        return f"reveal {event.text!r}"
    return "join the tournament"


def _why_effective(event: LogEvent, owned: Optional[int], cap: Optional[int]) -> str:
    """Why an EFFECTIVE attempt worked, in the regulation's terms (the encoding decided it)."""
    if event.action == "join":
        return "a player becomes a party by announcement (BT31)"
    if event.action == "transfer":
        return f"a party in a bidding week transfers tokens e owns ({owned} owned) to the pot (BT31, R2577)"
    if event.action == "declare":
        return "a party's first declaration in a bidding week (BT31: once per week)"
    value = parse_natural(event.text)
    return (f"matches the party's commitment of the previous week; {value} is not higher than the cap "
            f"of {cap} (BT31: tokens transferred to the pot during the previous week)")


class Weeks:
    """R1023's weeks as the calendar encoding derives them (`cal_week_start/2`, `cal_week_end/2`,
    `cal_week_of/2`): a week's bounds and an instant's week are read, never computed here."""

    def __init__(self, atoms: Atoms):
        starts = dict(atoms.rows("cal_week_start", 2))
        ends = dict(atoms.rows("cal_week_end", 2))
        self.bounds: dict[int, tuple[int, int]] = {week: (starts[week], ends[week]) for week in sorted(starts)}
        self.of_instant: dict[int, int] = dict(atoms.rows("cal_week_of", 2))

    def start(self, week: int) -> int:
        return self.bounds[week][0]

    def end(self, week: int) -> int:
        return self.bounds[week][1]

    def start_date(self, week: int) -> str:
        return moment(self.start(week)).date().isoformat()

    def of(self, instant: int) -> int:
        """The week `instant` falls in: one the calendar placed, or the calendar week that holds it."""
        if instant in self.of_instant:
            return self.of_instant[instant]
        for week, (start, end) in self.bounds.items():
            if start <= instant < end:
                return week
        raise InputError(f"{moment(instant).isoformat()} is outside the tournament's weeks", source="plan")


def _calendar(log: GameLog, readings: dict[str, str], timeout: float) -> dict[str, Any]:
    facts = log_facts(log, readings) + ("\n#show week_kind/2. #show final_week/1. #show game_night/1. "
                                        "#show first_cycle_week/1. #show cal_week_of/2. #show cal_week_start/2. "
                                        "#show cal_week_end/2.")
    result = solve(list(CALENDAR), facts, timeout=timeout, what="hng calendar")
    if result.status != "one":
        raise RuntimeError(f"hng calendar: expected one model, got {result.status}")
    atoms = Atoms(result.models[0])
    kinds: dict[int, str] = {week: str(kind) for week, kind in atoms.rows("week_kind", 2)}
    info: dict[str, Any] = {"kinds": kinds, "weeks": Weeks(atoms)}
    for name in ("final_week", "game_night", "first_cycle_week"):
        for week, in atoms.rows(name, 1):
            info[name] = week
    return info


def _weeks_to_run(log: GameLog, cal: dict[str, Any]) -> list[int]:
    """The weeks to solve, in order: each week an event falls in, each bidding or revealing week up
    to the final one (or as_of's), as_of's week and Game Night's."""
    weeks: Weeks = cal["weeks"]
    kinds: dict[int, str] = cal["kinds"]
    final = cal.get("final_week")
    event_weeks = {weeks.of(seconds(e.at)) for e in log.events}
    as_of_week = weeks.of(seconds(log.as_of)) if log.as_of is not None else None
    first = min([weeks.of(seconds(log.promulgated)), *event_weeks, *([as_of_week] if as_of_week is not None else [])])
    last_needed = max([final if final is not None else first, *event_weeks])
    if as_of_week is not None:
        last_needed = max([min(last_needed, as_of_week), *event_weeks])
    game_night_week = weeks.of(cal["game_night"]) if cal.get("game_night") is not None else None
    return [w for w in range(first, last_needed + 1)
            if w in event_weeks or kinds.get(w) in ("bidding", "revealing") or w == as_of_week
            or w == game_night_week]


class _WeekRun:
    """What the solved weeks have settled so far, week by week."""

    def __init__(self, log: GameLog):
        self.log = log
        self.carry: list[clingo.Symbol] = [fact("carry_party", p) for p in log.parties]
        self.verdicts: dict[int, tuple[str, list[str]]] = {}
        self.event_week: dict[int, str] = {}
        self.week_results: list[WeekResult] = []
        self.owned_at: dict[int, int] = {}  # tokens the transferring party owned at each transfer
        self.event_cap: dict[int, int] = {}  # the cap each reveal was checked against
        self.winners: Optional[list[str]] = None
        self.balances: dict[str, int] = {p: 0 for p in log.parties}
        self.pot = 0
        self.counters = {"bidding": 0, "revealing": 0}
        self.state: dict[str, Any] = {}

    def read(self, week: int, atoms: Atoms, cal: dict[str, Any]) -> None:
        """Week `week`'s model: its verdicts, balances, leader and payout, and what the next week starts from."""
        start = cal["weeks"].start_date(week)
        for event, verdict in atoms.terms("hng_verdict", 2):
            self.verdicts[event.number] = (verdict.name, [])
            self.event_week[event.number] = start
        reasons: dict[int, list[str]] = {}
        for event, code in atoms.rows("reason", 2):
            reasons.setdefault(event, []).append(str(code))
        week_balances = {_name(who): tokens.number for who, tokens in atoms.terms("balance", 2)}
        leader = ([_name(who) for who, in atoms.terms("leader", 1)] or [None])[-1]
        payout = ([tokens.number for _, tokens in atoms.terms("payout", 2)] or [0])[-1]
        over = atoms.has("week_over", 0)
        for who, in atoms.terms("winner", 1):
            self.winners = sorted([*(self.winners or []), _name(who)])
        caps = {_name(who): cap.number for who, cap in atoms.terms("cap", 2)}
        self.owned_at.update(atoms.rows("owned_at", 2))
        for index in (i for i, wk in self.event_week.items() if wk == start):
            if self.log.events[index - 1].action == "reveal" and self.log.events[index - 1].party in caps:
                self.event_cap[index] = caps[self.log.events[index - 1].party]
        for index, codes in reasons.items():
            self.verdicts[index] = (self.verdicts[index][0], sorted(codes, key=REASON_ORDER.index))
        # what the next week starts from (BT31: a declaration, a transfer, a reveal carry over)
        self.carry = [fact(f"carry_{what}", *arguments) for what, arity in CARRIED
                      for arguments in atoms.terms(f"next_{what}", arity)]
        self.pot = week_balances.pop("pot", 0)
        self.balances = {p: n for p, n in sorted(week_balances.items())}
        kind = cal["kinds"].get(week)
        if kind in ("bidding", "revealing"):
            self.counters[kind] += 1
            self.week_results.append(WeekResult(
                start=start, kind=kind, number=self.counters[kind], complete=over, pot=self.pot + payout,
                leader=leader if kind == "revealing" else None, payout=payout, pot_after=self.pot,
                balances=self.balances, caps=caps if kind == "revealing" else {},
            ))
        self.state = {
            "week": week, "kind": kind, "complete": over, "balances": self.balances, "pot": self.pot,
            "declared": {_name(who): text.string for who, text in atoms.terms("next_declared", 2)},
            "transferred": {_name(who): tokens.number for who, tokens in atoms.terms("next_transferred", 2)},
            "parties": sorted(_name(who) for who, in atoms.terms("next_party", 1)),
            "revealed": sorted((_name(who), value.number, at.number)
                               for who, value, at in atoms.terms("next_revealed", 3)),
            "leader": leader,
            "prev_declared": {_name(who): text.string for who, text in atoms.terms("carry_declared", 2)},
            "prev_transferred": {_name(who): tokens.number for who, tokens in atoms.terms("carry_transferred", 2)},
            "cap": dict(caps),
            "kinds": cal["kinds"], "final_week": cal.get("final_week"), "game_night": cal.get("game_night"),
            "weeks": cal["weeks"],
        }

    def events(self) -> list[EventResult]:
        results = []
        for index, event in enumerate(self.log.events, 1):
            verdict, codes = self.verdicts[index]  # every event's week was solved
            effective = verdict == "effective"
            results.append(EventResult(
                index=index, at=event.at.isoformat().replace("+00:00", "Z"), party=event.party, action=event.action,
                detail=_detail(event), result="EFFECTIVE" if effective else "INEFFECTIVE",
                reason=_why_effective(event, self.owned_at.get(index), self.event_cap.get(index)) if effective
                else "; ".join(REASONS[c] for c in codes),
                reasons=[] if effective else codes, week=self.event_week.get(index),
            ))
        return results


def adjudicate(log: GameLog, readings: dict[str, str] | None = None, *, timeout: float = DEFAULT_TIMEOUT) -> Standings:
    """Run the weeks of the log in order under one combination of readings."""
    readings = parse_readings(readings)
    base = log_facts(log, readings)
    cal = _calendar(log, readings, timeout)
    weeks: Weeks = cal["weeks"]
    run = _WeekRun(log)
    for week in _weeks_to_run(log, cal):
        facts = [base, program([fact("current_week", week), *run.carry])]
        result = solve(list(ENCODINGS), facts, timeout=timeout, what=f"hng week {weeks.start_date(week)}")
        if result.status != "one":
            raise RuntimeError(f"hng week {week}: expected exactly one model, got {result.status}")
        run.read(week, Atoms(result.models[0]), cal)
    game_night, first_cycle, final = cal.get("game_night"), cal.get("first_cycle_week"), cal.get("final_week")
    return Standings(
        readings=dict(readings),
        game_night=moment(game_night).isoformat().replace("+00:00", "Z") if game_night is not None else "",
        first_cycle_week=weeks.start_date(first_cycle) if first_cycle is not None else None,
        final_week=weeks.start_date(final) if final is not None else None,
        events=run.events(), weeks=run.week_results, winners=run.winners, finished=run.winners is not None,
        balances=run.balances, pot=run.pot, state=run.state,
    )


def _all_readings() -> list[dict[str, str]]:
    return list(READINGS.combinations())


def _differences(a: Standings, b: Standings) -> list[str]:
    found = []
    if a.winners != b.winners:
        found.append(f"winners: {a.winners} vs {b.winners}")
    for wa, wb in zip(a.weeks, b.weeks):
        label = f"{wa.kind} week {wa.number} ({wa.start}" + (f" vs {wb.start})" if wa.start != wb.start else ")")
        if wa.kind == "revealing" and (wa.leader, wa.pot) != (wb.leader, wb.pot):
            found.append(f"{label}: leader {wa.leader or 'none'} (pot {wa.pot}) vs {wb.leader or 'none'} (pot {wb.pot})")
        elif wa.balances != wb.balances:
            found.append(f"{label}: balances {wa.balances} vs {wb.balances}")
    for ea, eb in zip(a.events, b.events):
        if ea.result != eb.result:
            found.append(f"event {ea.index} ({ea.party} {ea.action}): {ea.result} vs {eb.result}")
    if a.balances != b.balances and not any(f.startswith("winners") for f in found):
        found.append(f"balances: {a.balances} vs {b.balances}")
    return found


def adjudicate_log(log: GameLog, readings: dict[str, str] | None = None, *, timeout: float = DEFAULT_TIMEOUT) -> Report:
    """Standings under the chosen readings, and every other combination of readings compared."""
    chosen = parse_readings(readings)
    runs: dict[tuple[str, ...], Standings] = {}
    for combo in _all_readings():
        runs[tuple(combo.values())] = adjudicate(log, combo, timeout=timeout)
    main = runs[tuple(chosen.values())]
    differs_by = []
    differences: list[str] = []
    for name, value, choice in READINGS.variations(chosen):
        found = _differences(main, runs[READINGS.key(choice)])
        if found:
            if name not in differs_by:
                differs_by.append(name)
            differences += [f"{name}={chosen[name]} vs {name}={value}: {f}" for f in found]
    groups: dict[str, ReadingOutcome] = {}
    for key, run in runs.items():
        signature = repr(run.outcome())
        if signature not in groups:
            groups[signature] = ReadingOutcome(
                readings=[], winners=run.winners, balances=run.balances,
                leaders=[{"week": w.start, "leader": w.leader, "pot": w.pot} for w in run.weeks if w.kind == "revealing"],
                event_results={e.index: e.result for e in run.events},
            )
        groups[signature].readings.append(dict(zip(READINGS, key)))
    outcomes = sorted(groups.values(), key=lambda o: 0 if chosen in o.readings else 1)
    standings = {name: getattr(main, name) for name in Adjudication.model_fields} | {"readings": chosen}
    return Report(**standings, ambiguous=len(outcomes) > 1, differs_by=differs_by, differences=differences,
                  outcomes=outcomes)


def render_report(report: Report) -> str:
    """The report as text for a person."""
    out = [
        "Highest Number Game (BT31): " + ", ".join(f"{k}={v}" for k, v in report.readings.items()),
        f"Game Night: {report.game_night}; first cycle week {report.first_cycle_week}; "
        f"final (third revealing) week {report.final_week}",
        "",
        "Events:",
    ]
    for e in report.events:
        line = f"  {e.index:>3}. {e.at} {e.party}: {e.detail}: {e.result}"
        out.append(line + (f" ({e.reason})" if e.reason else ""))
    out += ["", "Weeks:"]
    for w in report.weeks:
        bal = ", ".join(f"{p} {n}" for p, n in w.balances.items())
        lead = f"leader {w.leader or 'none'}" + (f", {w.payout} to {w.leader}" if w.payout else "")
        extra = f"; {lead}" if w.kind == "revealing" else ""
        status = "" if w.complete else " (in progress at as_of)"
        out.append(f"  {w.start} {w.kind} {w.number}{status}: pot {w.pot}{extra}; balances: {bal or 'none'}")
    out.append("")
    if report.winners is not None:
        out.append("Winners: " + (", ".join(report.winners) or "none"))
    else:
        out.append("Winners: not decided yet")
    if report.ambiguous:
        out += ["", "AMBIGUOUS: the readings give different outcomes; options that matter: " + ", ".join(report.differs_by)]
        shown: dict[str, int] = {}
        for d in report.differences:
            option = d.split("=", 1)[0]
            shown[option] = shown.get(option, 0) + 1
            if shown[option] <= 6:
                out.append(f"  {d}")
            elif shown[option] == 7:
                out.append(f"  ... ({option}: more differences in --json)")
        for i, o in enumerate(report.outcomes, 1):
            lead = ", ".join(f"{x['week']} {x['leader'] or '-'}" for x in o.leaders)
            out.append(f"  outcome {i}: winners {o.winners}; balances {o.balances}; leaders {lead}")
            for r in o.readings[:4]:
                out.append("     under " + ", ".join(f"{k}={v}" for k, v in r.items()))
            if len(o.readings) > 4:
                out.append(f"     ... and {len(o.readings) - 4} more combinations")
    else:
        out += ["", "Not ambiguous: every reading gives this outcome."]
    return "\n".join(out)
