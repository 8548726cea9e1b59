"""BlogNomic votable matters: posts and their voting comments in, each matter's votes as counted,
Popular / Unpopular, whether it may be enacted or failed at a moment and why, out.

The rules are in ``encodings/blognomic/votes.lp`` and ``resolution.lp``. This module reads the
file (pydantic), writes facts, solves once per combination of readings, and reads the model back.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any, Literal, Optional, Union

import clingo
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from adjudicator.blognomic.common import UTCTime, seconds, stamp
from adjudicator.blognomic.programs import ENTRY, MATTERS
from adjudicator.errors import InputError
from adjudicator.inputs import read_structured, validation_problems
from adjudicator.solving import solve
from adjudicator.solving.messages import messages
from adjudicator.solving.readings import Given, Reading, Readings
from adjudicator.solving.terms import Atoms, Name, fact, fact_lines

DEFAULT_TIMEOUT = 20.0
HOUR = 3600

READINGS = Readings(
    Reading(
        "hiatus-proposals", ("blocked", "open"), "blocked",
        'Hiatus allows only actions "covered by Rules Captains, Votable Matters, Calls for Judgement, '
        'Gamestate Tracking and Victory and Ascension": blocked reads rule "Proposals" (and its '
        "Resolution of Proposals) as outside that list, so during Hiatus proposals can be neither "
        "submitted nor resolved; open reads it as a subrule of Votable Matters (the plain-text "
        "ruleset does not show the nesting)",
        cite="BlogNomic: Victory and Ascension (Hiatus), Proposals, Resolution of Proposals",
        says={"blocked": "during Hiatus proposals can be neither submitted nor resolved",
              "open": "Proposals is a subrule of Votable Matters: Hiatus does not stop them"}),
    Reading(
        "imperial-deferentials", ("direct", "followers"), "direct",
        'Imperial Deferentials: the Admiral\'s DEFERENTIAL is FOR "if more Captains have voted FOR the proposal '
        'than have voted AGAINST it": direct: those whose own icon is FOR / AGAINST (and the author\'s '
        "implicit FOR); followers: the other Captains' DEFERENTIALs, which take the Admiral's Vote, count "
        "too -- self-referential: where both FOR and AGAINST are self-consistent the rule makes no choice "
        '(reported; taken as AGAINST, "in all other cases")',
        cite="BlogNomic: Imperial Deferentials [Special Case], Votes",
        says={"direct": "only Captains' own FOR / AGAINST icons count",
              "followers": "DEFERENTIALs following the Admiral count, checked for self-consistency"}),
)


ICONS = {"for": "for", "against": "against", "deferential": "deferential", "def": "deferential",
         "imperial": "deferential", "veto": "veto"}
KINDS = {"proposal": "proposal", "cfj": "cfj", "call for judgement": "cfj", "dov": "dov",
         "declaration of victory": "dov", "ascension": "ascension", "ascension address": "ascension",
         "handover": "handover", "join": "join", "leave": "leave", "idle": "idle", "unidle": "unidle"}
VOTABLE = ("proposal", "cfj", "dov")
# posts that are not votable matters: the new Admiral's Ascension Address, the Admiral passing the role on,
# and the roster's changes (an Admin adds or idles a Captain, a Captain leaves)
EVENT_KINDS = ("ascension", "handover", "join", "leave", "idle", "unidle")
ABOUT_A_CAPTAIN = ("join", "idle", "unidle")

class Captain(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    idle: bool = False
    admin: bool = False


class Comment(BaseModel):
    model_config = ConfigDict(extra="forbid")
    by: str = Field(min_length=1)
    at: UTCTime
    icons: list[str] = Field(default_factory=list)

    @field_validator("icons", mode="before")
    @classmethod
    def _icons(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = [value]
        if value is not None and not isinstance(value, list):  # a TypeError here escaped pydantic
            raise ValueError(f"{value!r:.60} is not a list of voting icons (FOR, AGAINST, DEFERENTIAL, VETO)")
        names = []
        for icon in value or []:
            key = str(icon).strip().lower()
            if key not in ICONS:
                raise ValueError(f"unknown voting icon {icon!r} (FOR, AGAINST, DEFERENTIAL, VETO)")
            names.append(ICONS[key])
        return names


class Resolution(BaseModel):
    model_config = ConfigDict(extra="forbid")
    status: Literal["enacted", "failed"]
    at: UTCTime


class Post(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(min_length=1)
    kind: str
    author: str = Field(min_length=1)
    posted: UTCTime
    title: Optional[str] = None
    specifies_changes: bool = True  # CfJs: whether it specifies changes or corrections
    to: Optional[str] = None  # handover: the Captain who becomes Admiral
    captain: Optional[str] = None  # join, idle, unidle: the Captain the event is about
    asked: Optional[UTCTime] = None  # idle, unidle: when the Captain asked for it (in an entry or comment)
    resolved: Optional[Resolution] = None
    comments: list[Comment] = Field(default_factory=list)

    @field_validator("kind")
    @classmethod
    def _kind(cls, value: str) -> str:
        key = value.strip().lower()
        if key not in KINDS:
            raise ValueError(f"unknown kind {value!r} (proposal, cfj, dov, ascension, handover)")
        return KINDS[key]

    @model_validator(mode="after")
    def _event_fields(self) -> "Post":
        if self.kind == "handover" and not self.to:
            raise ValueError(f"post {self.id}: a handover names the Captain it passes the role 'to'")
        if self.kind != "handover" and self.to is not None:
            raise ValueError(f"post {self.id}: only a handover names 'to'")
        if (self.kind in ABOUT_A_CAPTAIN) != (self.captain is not None):
            raise ValueError(f"post {self.id}: a join, idle or unidle names the 'captain' it is about, and only those do")
        if self.asked is not None and self.kind not in ("idle", "unidle"):
            raise ValueError(f"post {self.id}: only an idle or unidle names when the Captain 'asked'")
        if self.kind in EVENT_KINDS and (self.resolved or self.comments):
            raise ValueError(f"post {self.id}: an {self.kind} post is not a votable matter (no votes, no resolution)")
        return self


class Matters(BaseModel):
    """A BlogNomic blog at a moment: the Captains (Idle, Admin), the Admiral, the votable matters."""

    model_config = ConfigDict(extra="forbid")
    admiral: Optional[str] = None
    at: Optional[UTCTime] = None
    captains: list[Union[str, Captain]]
    posts: list[Post] = Field(default_factory=list)
    # conformance cases in cases/blognomic/matters carry their expected outcome (not read here)
    expect: Optional[dict[str, Any]] = None

    @field_validator("captains")
    @classmethod
    def _captains(cls, value: list[Union[str, Captain]]) -> list[Union[str, Captain]]:
        names = [c if isinstance(c, str) else c.name for c in value]
        if len(set(names)) != len(names):
            raise ValueError("a Captain is listed twice")
        return [Captain(name=c) if isinstance(c, str) else c for c in value]

    @model_validator(mode="after")
    def _consistent(self) -> "Matters":
        ids = [p.id for p in self.posts]
        if len(set(ids)) != len(ids):
            raise ValueError("two posts share an id")
        names = {c.name for c in self.captains}
        if self.admiral is not None and self.admiral not in names:
            raise ValueError(f"the Admiral {self.admiral!r} is not among the captains")
        joined = {p.captain for p in self.posts if p.kind == "join"}
        for post in self.posts:
            if post.kind in ("idle", "unidle") and post.captain not in names | joined:
                raise ValueError(f"post {post.id} is about {post.captain!r}, who is neither among the captains nor "
                                 f"joins ({', '.join(sorted(names | joined))})")
            if post.to is not None and post.to not in names | joined:
                raise ValueError(f"post {post.id} passes the role to {post.to!r}, who is not among the captains "
                                 f"({', '.join(sorted(names))})")
        return self

    def roster(self) -> list[Captain]:
        return [c for c in self.captains if isinstance(c, Captain)]


def load(path: str | Path) -> Matters:
    return parse(read_structured(path, "votable matters"), source=str(path))


def parse(data: Any, *, source: str = "matters") -> Matters:
    if not isinstance(data, dict):
        raise InputError("expected a mapping with captains and posts", source=source)
    try:
        return Matters.model_validate(data)
    except ValidationError as exc:
        raise InputError(validation_problems(exc), source=source) from None


def _at(matters: Matters, at: Optional[dt.datetime]) -> int:
    if at is not None:
        return seconds(at, "--at")
    if matters.at is not None:
        return seconds(matters.at, "at")
    times = [p.posted for p in matters.posts] + [c.at for p in matters.posts for c in p.comments]
    times += [p.resolved.at for p in matters.posts if p.resolved]
    if not times:
        raise InputError("no 'at' and no posts: nothing tells the moment to judge")
    return seconds(max(times), "latest time")


def checkpoints(matters: Matters, now: int) -> list[int]:
    """The instants where the tallies may change without new votes: posting + 12 h, 24 h, 48 h,
    7 days (the rules' thresholds), after `now`."""
    points = set()
    for post in matters.posts:
        start = seconds(post.posted, f"post {post.id} posted")
        for hours in (12, 24, 48, 7 * 24):
            point = start + hours * HOUR + (1 if hours == 7 * 24 else 0)  # "more than 7 days"
            if point > now:
                points.add(point)
    return sorted(points)


def facts(matters: Matters, now: int, readings: dict[str, str], extra_instants: list[int] = ()) -> str:
    atoms: list[clingo.Symbol] = []
    for captain in matters.roster():
        atoms.append(fact("captain", captain.name))
        if captain.idle:
            atoms.append(fact("idle", captain.name))
        if captain.admin:
            atoms.append(fact("admin", captain.name))
    if matters.admiral:
        atoms.append(fact("admiral", matters.admiral))
    instants = {now, *extra_instants}
    for n, post in enumerate(matters.posts, 1):
        m = post.id
        posted = seconds(post.posted, f"post {post.id} posted")
        if post.kind in EVENT_KINDS:
            if posted <= now:  # an event takes effect when posted
                atoms += [fact("event", m, Name(post.kind)), fact("event_by", m, post.author), fact("event_at", m, posted),
                          fact("seq", m, n)]
                atoms += [fact("handover_to", m, post.to)] if post.to else []
                atoms += [fact("event_captain", m, post.captain)] if post.captain else []
                atoms += [fact("event_asked", m, seconds(post.asked, f"post {post.id} asked"))] if post.asked else []
                atoms.append(fact("wrote", post.author, posted))
                instants.add(posted)
            continue
        atoms += [fact("matter", m, Name(post.kind)), fact("author", m, post.author), fact("posted", m, posted),
                  fact("seq", m, n), fact("day", m, posted // 86400)]
        if post.specifies_changes:
            atoms.append(fact("specifies_changes", m))
        if post.title is not None and post.title.partition(":")[2 if ":" in post.title else 0] == "":
            atoms.append(fact("empty_subject", m))  # the Appendix's Subject: after the first colon, else the title
        if post.resolved:
            resolved = seconds(post.resolved.at, f"post {post.id} resolved")
            if resolved < posted:
                raise InputError(f"post {post.id} is resolved before it was posted")
            if resolved <= now:
                atoms.append(fact("resolved", m, Name(post.resolved.status), resolved))
                instants.add(resolved)
        atoms.append(fact("wrote", post.author, posted))
        k = 0
        for comment in post.comments:
            when = seconds(comment.at, f"comment on {post.id}")
            atoms.append(fact("wrote", comment.by, when))
            for icon in comment.icons:
                k += 1
                atoms.append(fact("icon", m, comment.by, when, k, Name(icon)))
    atoms += [fact("instant", t) for t in sorted(instants)]
    atoms.append(fact("now", now))
    return "\n".join(fact_lines(READINGS.atoms(readings) + atoms))


SHOWN = """
#show captains_at/2. #show quorum_at/2. #show valid/1. #show invalid/2. #show pending/2.
#show vote/4. #show vote_via/4. #show ignored_icon/5. #show tally/4. #show not_against/3.
#show popular/3. #show unpopular/3. #show enact_because/3. #show fail_because/3. #show wait/3.
#show self_killed/2. #show vetoed/2. #show queue/3. #show hiatus/1. #show improper/2.
#show achieved_victory/2. #show enacted/2. #show failed/2. #show open_for/3. #show resolvable/2.
#show admiral_at/2. #show dormant/0. #show awaiting_address/1. #show failed_by_victory/2. #show valid_event/1.
#show event_invalid/2. #show admiral_change/2. #show imperial_choice/2.
"""


# --- results ----------------------------------------------------------------------------------

class VoteRow(BaseModel):
    captain: str
    vote: str
    via: str  # icon, deferential (follows the Admiral), imperial (Admiral's DEFERENTIAL), implicit


class MatterResult(BaseModel):
    id: str
    kind: str
    author: str
    posted: str
    valid: bool
    invalid_because: list[str] = Field(default_factory=list)
    status: str  # pending, enacted, failed (as recorded by the file), or not-yet-posted
    improper_resolution: bool = False
    votes: list[VoteRow] = Field(default_factory=list)
    ignored_icons: list[str] = Field(default_factory=list)
    for_votes: int = 0
    against_votes: int = 0
    not_against: int = 0
    open_hours: float = 0.0
    popular: list[str] = Field(default_factory=list)
    unpopular: list[str] = Field(default_factory=list)
    vetoed: bool = False
    self_killed: bool = False
    queue_position: Optional[int] = None
    can_enact: list[str] = Field(default_factory=list)
    can_fail: list[str] = Field(default_factory=list)
    waiting: list[str] = Field(default_factory=list)
    next_resolvable: Optional[str] = None  # without further votes or resolutions
    failed_by_victory: Optional[str] = None  # a DoV failed when another DoV was enacted (that DoV's id)
    imperial_choice: bool = False  # Imperial Deferentials (reading followers): FOR and AGAINST both self-consistent


class EventResult(BaseModel):
    """A post that is not a votable matter: an Ascension Address or the Admiral passing the role on."""

    id: str
    kind: str  # ascension, handover
    by: str
    at: str
    to: Optional[str] = None
    captain: Optional[str] = None
    valid: bool
    invalid_because: list[str] = Field(default_factory=list)


class MattersReport(BaseModel):
    at: str
    readings: dict[str, str]
    captains: int
    quorum: int
    hiatus: bool
    matters: list[MatterResult]
    resolution_order: list[str]  # pending proposals, oldest first (the 7-day ones left out)
    resolvable_now: list[str]
    victories: list[str] = Field(default_factory=list)
    enacted: list[str] = Field(default_factory=list)  # resolved as Enacted, and allowed by the rules then
    failed: list[str] = Field(default_factory=list)
    reading_differences: list[str] = Field(default_factory=list)
    admiral: Optional[str] = None  # the Admiral at the moment judged (Dynasties; Victory and Ascension)
    dormant: bool = False  # fewer than five Captains (Dormancy)
    awaiting_address: bool = False  # Hiatus after an enacted DoV, until the new Admiral's Ascension Address
    events: list[EventResult] = Field(default_factory=list)
    dynasty: list[str] = Field(default_factory=list)  # each change of Admiral, in time order


class _Model:
    """The model's atoms about one matter at one instant (the first argument is the matter, the
    instant's argument is at `time_index`)."""

    def __init__(self, by: Atoms):
        self.by = by

    def rows(self, key: str, m: str, t: int, time_index: int) -> list[tuple]:
        name, arity = key.split("/")
        return [r for r in self.by.rows(name, int(arity)) if r[0] == m and r[time_index] == t]


def evaluate(matters: Matters, readings: Given = None, *, at: Optional[dt.datetime] = None,
             timeout: float = DEFAULT_TIMEOUT) -> MattersReport:
    chosen = READINGS.parse(readings)
    now = _at(matters, at)
    later = checkpoints(matters, now)
    result = solve([ENTRY], [facts(matters, now, chosen, later), SHOWN], parts=MATTERS, timeout=timeout,
                   what="blognomic matters")
    if result.status != "one":
        raise RuntimeError(f"the votable-matters encoding gave {result.status} models")
    by = Atoms(result.models[0], compound_as_text=True)
    model = _Model(by)
    out = [_matter_result(post, model, now, later) for post in matters.posts if post.kind in VOTABLE]
    order = [r[0] for r in sorted((r for r in by.rows("queue", 3) if r[1] == now), key=lambda r: r[2])]
    resolvable = {m for m, t in by.rows("resolvable", 2) if t == now}  # resolution.lp: oldest first
    return MattersReport(
        at=stamp(now), readings=chosen,
        captains=next(n for n, t in by.rows("captains_at", 2) if t == now),
        quorum=next(q for q, t in by.rows("quorum_at", 2) if t == now),
        hiatus=by.has("hiatus", 1, now), matters=out, resolution_order=order,
        resolvable_now=[r.id for r in out if r.status == "pending" and r.id in resolvable],
        victories=sorted(f"{r[0]} ({stamp(int(r[1]))})" for r in by.rows("achieved_victory", 2)),
        enacted=sorted(r[0] for r in by.rows("enacted", 2)), failed=sorted(r[0] for r in by.rows("failed", 2)),
        admiral=next((c for c, t in by.rows("admiral_at", 2) if t == now), None), dormant=by.has("dormant", 0),
        awaiting_address=by.has("awaiting_address", 1, now),
        events=[_event_result(post, by) for post in matters.posts if post.kind in EVENT_KINDS and seconds(post.posted) <= now],
        dynasty=[f"{stamp(int(t))}: {c} becomes Admiral" for t, c in sorted(by.rows("admiral_change", 2))])


def _event_result(post: Post, by: Atoms) -> EventResult:
    reasons = sorted(r[1] for r in by.rows("event_invalid", 2) if r[0] == post.id)
    return EventResult(id=post.id, kind=post.kind, by=post.author, at=stamp(seconds(post.posted)), to=post.to,
                       captain=post.captain, valid=not reasons, invalid_because=reasons)


def _matter_result(post: Post, model: _Model, now: int, later: list[int]) -> MatterResult:
    """One matter as it stands at `now`, or, resolved before, as it stood when it was resolved."""
    by, m = model.by, post.id
    valid = (m,) in by.rows("valid", 1)
    posted = seconds(post.posted)
    status = "not-yet-posted" if posted > now else "pending"
    if post.resolved and seconds(post.resolved.at) <= now:
        status = post.resolved.status
    t = seconds(post.resolved.at) if status in ("enacted", "failed") else now
    # Victory and Ascension: failed at the instant another DoV was enacted (unless resolved before)
    by_victory = [int(r[1]) for r in model.by.rows("failed_by_victory", 2) if r[0] == m and int(r[1]) < now]
    winner = None
    if by_victory and by_victory[0] <= t:
        t, status = by_victory[0], "failed"
        winner = next((d for d, te in model.by.rows("enacted", 2) if int(te) == t and d != m), None)
    res = MatterResult(
        id=m, kind=post.kind, author=post.author, posted=stamp(posted), valid=valid, status=status,
        invalid_because=sorted(r[1] for r in by.rows("invalid", 2) if r[0] == m),
        improper_resolution=any(r[0] == m for r in by.rows("improper", 2)), failed_by_victory=winner)
    if status != "not-yet-posted":
        _read_votes(res, model, t)
    if status == "pending":
        _read_resolution(res, model, now, later)
    return res


def _read_votes(res: MatterResult, model: _Model, t: int) -> None:
    """The votes, tallies, popularity and vetoes of `res` at instant `t`."""
    rows, m = model.rows, res.id
    via = {r[1]: r[2] for r in rows("vote_via/4", m, t, 3)}
    res.votes = sorted((VoteRow(captain=r[1], vote=r[2].upper(), via=via.get(r[1], "icon"))
                        for r in rows("vote/4", m, t, 3)), key=lambda v: v.captain)
    res.ignored_icons = sorted(f"{r[1]}: {r[3].upper()}" for r in rows("ignored_icon/5", m, t, 4))
    tallies = {r[1]: int(r[3]) for r in rows("tally/4", m, t, 2)}
    res.for_votes, res.against_votes = tallies.get("for", 0), tallies.get("against", 0)
    res.not_against = next((int(r[2]) for r in rows("not_against/3", m, t, 1)), 0)
    res.open_hours = next((int(r[2]) / HOUR for r in rows("open_for/3", m, t, 1)), 0.0)
    res.popular = sorted(r[2] for r in rows("popular/3", m, t, 1))
    res.unpopular = sorted(r[2] for r in rows("unpopular/3", m, t, 1))
    res.vetoed = bool(rows("vetoed/2", m, t, 1))
    res.self_killed = bool(rows("self_killed/2", m, t, 1))
    res.imperial_choice = bool(rows("imperial_choice/2", m, t, 1))


def _read_resolution(res: MatterResult, model: _Model, now: int, later: list[int]) -> None:
    """A pending matter: its place in the queue, whether it can be enacted or failed now, and
    when it next may be without further votes."""
    rows, m = model.rows, res.id
    res.queue_position = next((int(r[2]) for r in rows("queue/3", m, now, 1)), None)
    res.can_enact = sorted(r[2] for r in rows("enact_because/3", m, now, 1))
    res.can_fail = sorted(r[2] for r in rows("fail_because/3", m, now, 1))
    res.waiting = sorted(r[2] for r in rows("wait/3", m, now, 1))
    if res.valid and not res.can_enact and not res.can_fail:
        for point in later:
            enact = rows("enact_because/3", m, point, 1)
            fail = rows("fail_because/3", m, point, 1)
            if enact or fail:
                res.next_resolvable = f"{stamp(point)}: may be {'enacted' if enact else 'failed'}"
                break


def _summary(report: MattersReport) -> dict[str, Any]:
    return {m.id: (m.valid, m.can_enact, m.can_fail, m.for_votes, m.against_votes, m.popular, m.unpopular,
                   m.imperial_choice) for m in report.matters} | {"__order": report.resolution_order}


def evaluate_all(matters: Matters, readings: Given = None, *, at: Optional[dt.datetime] = None,
                 timeout: float = DEFAULT_TIMEOUT) -> MattersReport:
    """The report under the chosen readings, with the matters whose outcome another reading changes."""
    chosen = READINGS.parse(readings)
    report = evaluate(matters, chosen, at=at, timeout=timeout)
    mine = _summary(report)
    for _, _, other in READINGS.variations(chosen):  # each reading flipped in turn
        theirs = _summary(evaluate(matters, other, at=at, timeout=timeout))
        changed = [k for k in mine if mine[k] != theirs[k]]
        if changed:
            label = ", ".join(f"{k}={v}" for k, v in other.items() if chosen[k] != v)
            report.reading_differences.append(
                f"under {label}: " + ", ".join("the resolution order" if k == "__order" else k for k in changed) + " differ")
    return report


def _explain(code: str) -> str:
    """A reason in words: its message/3 beside the rule that derives it (votes.lp, resolution.lp)."""
    return messages(ENTRY, MATTERS).text(code)


def render(report: MattersReport) -> str:
    why = "until the new Admiral's Ascension Address" if report.awaiting_address else "a DoV is pending"
    lines = [f"Votable matters at {report.at}: {report.captains} Captains counted, Quorum {report.quorum}"
             + (f"; the game is in Hiatus ({why})" if report.hiatus else "")]
    if report.dormant:
        lines.append("BlogNomic is Dormant (fewer than five Captains): no dynastic action, no proposal (Dormancy)")
    lines += _dynasty_lines(report)
    for m in report.matters:
        lines += _matter_lines(m)
    if report.resolution_order:
        lines.append("\nOrder of resolution of pending proposals (oldest first): " + ", ".join(report.resolution_order))
    lines.append("Resolvable now: " + (", ".join(report.resolvable_now) or "none"))
    if report.victories:
        lines.append("Victory: " + ", ".join(report.victories))
    lines.append("Readings: " + ", ".join(f"{k}={v}" for k, v in report.readings.items()))
    for diff in report.reading_differences:
        lines.append(f"  reading changes the outcome: {diff}")
    return "\n".join(lines)


def _dynasty_lines(report: MattersReport) -> list[str]:
    """The Admiral's changes and the posts that are not votable matters (Victory and Ascension)."""
    if not report.events and not report.dynasty:
        return []
    lines = [f"Admiral now: {report.admiral or 'none (a Metadynasty)'}"]
    lines += [f"  {change}" for change in report.dynasty]
    for e in report.events:
        what = {"ascension": "Ascension Address", "handover": f"passes the role of Admiral to {e.to}",
                "join": f"adds {e.captain} to the roster", "leave": "ceases to be a Captain",
                "idle": f"renders {e.captain} Idle", "unidle": f"unidles {e.captain}"}[e.kind]
        verdict = "valid" if e.valid else "NOT VALID: " + "; ".join(_explain(r) for r in e.invalid_because)
        lines.append(f"  [{e.kind}] {e.id} by {e.by}, {e.at}: {what} -- {verdict}")
    return lines


def _matter_lines(m: MatterResult) -> list[str]:
    head = f"\n[{m.kind}] {m.id} by {m.author}, posted {m.posted}: {m.status.upper()}"
    if not m.valid:
        head += " -- NOT A VALID " + m.kind.upper() + ": " + "; ".join(_explain(r) for r in m.invalid_because)
    if m.failed_by_victory:
        head += f" -- failed when the DoV {m.failed_by_victory} was enacted (Victory and Ascension)"
    if m.improper_resolution:
        head += " -- the recorded resolution was not allowed by the rules at that time"
    lines = [head]
    if m.status == "not-yet-posted":
        return lines
    votes = ", ".join(f"{v.captain} {v.vote}" + ("" if v.via == "icon" else f" ({v.via})") for v in m.votes)
    lines.append(f"  votes: {votes or 'none'}")
    if m.ignored_icons:
        lines.append(f"  icons not counted: {', '.join(m.ignored_icons)}")
    lines.append(f"  FOR {m.for_votes}, AGAINST {m.against_votes}, not AGAINST {m.not_against}; open {m.open_hours:.1f} h")
    lines.append("  " + (", ".join(_standing(m)) or "neither Popular nor Unpopular"))
    if m.status == "pending" and m.valid:
        lines += _resolution_lines(m)
    return lines


def _standing(m: MatterResult) -> list[str]:
    state = []
    if m.popular:
        state.append("Popular (" + "; ".join(_explain(c) for c in m.popular) + ")")
    if m.unpopular:
        state.append("Unpopular (" + "; ".join(_explain(c) for c in m.unpopular) + ")")
    if m.vetoed:
        state.append("Vetoed")
    if m.self_killed:
        state.append("Self-Killed")
    if m.imperial_choice:
        state.append("Imperial Deferentials: FOR and AGAINST are both self-consistent, so the rule makes no choice "
                     "(taken as AGAINST, 'in all other cases')")
    return state


def _resolution_lines(m: MatterResult) -> list[str]:
    lines = []
    if m.can_enact:
        lines.append("  CAN BE ENACTED: " + "; ".join(_explain(c) for c in m.can_enact))
    if m.can_fail:
        lines.append("  CAN BE FAILED: " + "; ".join(_explain(c) for c in m.can_fail))
    if not m.can_enact and not m.can_fail:
        lines.append("  cannot be resolved yet" + (": " + "; ".join(_explain(c) for c in m.waiting) if m.waiting else ""))
        if m.next_resolvable:
            lines.append(f"  without further votes: {m.next_resolvable}")
    return lines


def judge_facts(document: Any, source: str) -> list[str]:
    """The hook for the judge's `policy: blognomic` cases (adjudicator/agora): a votable-matters
    document (the `blognomic:` field of a case) evaluated by this area's encodings, read back as
    `blognomic_*` facts the statement language asks about ("the proposal NAME was enacted",
    "NAME achieved victory"). Default readings."""
    report = evaluate(parse(document, source=f"{source}: blognomic"))
    atoms = [fact("blognomic_enacted", m) for m in report.enacted]
    atoms += [fact("blognomic_failed", m) for m in report.failed]
    atoms += [fact("blognomic_victory", v.rsplit(" (", 1)[0]) for v in report.victories]
    for m in report.matters:
        atoms.append(fact("blognomic_matter", m.id, Name(m.kind)))
        if m.can_enact:
            atoms.append(fact("blognomic_may_enact", m.id))
        if m.can_fail:
            atoms.append(fact("blognomic_may_fail", m.id))
    for kind in ("proposal", "cfj", "dov"):
        ids = [m.id for m in report.matters if m.kind == kind]
        if len(ids) == 1:  # "the proposal" names the case's only proposal
            atoms.append(fact("blognomic_the", Name(kind), ids[0]))
    return fact_lines(atoms)
