"""Ossification case files (cases/ossification/*.yaml): a ruleset, changes, players, readings, and the
expected answer, with the archive's verdict where the case is a CFJ."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from adjudicator.analysis.ossification import Answer, Options, analyse, parse_readings
from adjudicator.analysis.resolve_replay import replay_resolve
from adjudicator.errors import InputError
from adjudicator.inputs import beside, read_structured, validation_problems
from adjudicator.rulesets import BUNDLED, load_ruleset


class Archive(BaseModel):
    model_config = ConfigDict(extra="forbid")
    cfj: int
    statement: str
    verdict: Literal["TRUE", "FALSE", "PARADOXICAL", "DISMISS"]
    judge: str = ""
    source: str = ""


class Expect(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ossified: Optional[bool] = None
    min_players: Optional[int] = None
    cancelled: Optional[list[bool]] = None  # per --after proposal: cancelled by R1698?
    blocking_rules: list[str] = Field(default_factory=list)  # rules the proof must name
    other_readings: dict[str, bool] = Field(default_factory=dict)
    unknown: Optional[bool] = None  # the model cannot answer: a clause or sentence it does not understand


class OssificationCase(BaseModel):
    model_config = ConfigDict(extra="forbid")
    title: str
    archive: Optional[Archive] = None
    ruleset: str = "agora-slr-2020-12-31"
    suppose: list[str] = Field(default_factory=list)
    after: list[str] = Field(default_factory=list)
    players: int = Field(5, ge=0, le=10_000)
    last_voters: Optional[int] = Field(None, ge=0, le=10_000)
    registrable: int = Field(1, ge=0, le=100)
    steps: int = Field(2, ge=1, le=4)
    readings: list[str] = Field(default_factory=list)
    min_players: bool = False
    power: Optional[Decimal] = Field(None, ge=Decimal("0.1"), le=Decimal("4.0"))  # "POSSIBLE to enact a rule of Power P"
    win: Optional[str] = None  # "POSSIBLE for WIN to win within `within` days"
    win_player: bool = True  # whether WIN is a player (R2465 and R2614 need one)
    within: Optional[int] = Field(None, ge=1, le=3650)  # days (default R1698's period)
    festive: int = Field(0, ge=0, le=10_000)  # players owning the Ribbons to be Festive (R2480)
    expect: Expect = Field(default_factory=Expect)
    note: str = ""


def load_case(path: str | Path) -> OssificationCase:
    data = read_structured(path, "ossification case")
    try:
        return OssificationCase.model_validate(data)
    except ValidationError as exc:
        raise InputError(validation_problems(exc), source=str(path)) from None


def _near(case: str | Path, name: str, what: str) -> str:
    """A bundled ruleset's name, or a file beside the case (never any path), named as the case is
    (relative when the case's path is): the answer does not print the checkout's absolute path."""
    if name in BUNDLED:
        return name
    beside(case, name, what)  # refuses an absolute path or one out of the case's folder
    return str(Path(case).parent / name)


def run_case(path: str | Path, timeout: float = 20.0, all_readings: bool = True) -> tuple[Answer, list[str]]:
    """The answer for a case file and what differs from its expectation (`all_readings`: also under
    every other reading; otherwise only those the case expects something of)."""
    case = load_case(path)
    opts = Options(players=case.players, last_voters=case.last_voters, registrable=case.registrable,
                   steps=case.steps, readings=parse_readings(case.readings), timeout=timeout, goal_power=case.power,
                   win=case.win, winner_is_player=case.win_player, horizon=case.within, festive=case.festive)
    if case.win is not None:
        opts.goal_power = Decimal("1.0")  # a rule saying W wins: any Power will do (R2449)
    answer = analyse(load_ruleset(_near(path, case.ruleset, "ruleset")), opts,
                     after=[_near(path, x, "proposal") for x in case.after],
                     suppositions=[_near(path, x, "proposal") for x in case.suppose], find_min_players=case.min_players,
                     other_readings=all_readings or bool(case.expect.other_readings), replay_votes=replay_resolve)
    wrong = []
    e = case.expect
    if bool(answer.unknown) != bool(e.unknown):
        wrong.append(f"unknown: expected {bool(e.unknown)}, got {answer.unknown or False}")
    if e.ossified is not None and answer.ossified != e.ossified:
        wrong.append(f"ossified: expected {e.ossified}, got {answer.ossified}")
    if e.min_players is not None and answer.min_players != e.min_players:
        wrong.append(f"min_players: expected {e.min_players}, got {answer.min_players}")
    if e.cancelled is not None and [v.cancelled_by_r1698 for v in answer.proposals] != e.cancelled:
        wrong.append(f"cancelled: expected {e.cancelled}, got {[v.cancelled_by_r1698 for v in answer.proposals]}")
    named = {b.rule for b in answer.blocking}
    for rule in e.blocking_rules:
        if rule not in named:
            wrong.append(f"blocking: expected {rule} among {sorted(named)}")
    for reading, ossified in e.other_readings.items():
        if answer.other_readings.get(reading, answer.ossified) != ossified:
            wrong.append(f"reading {reading}: expected ossified={ossified}")
    if case.archive:
        answer.archive = f"CFJ {case.archive.cfj} ({case.archive.verdict}): {case.archive.statement}"
    answer.case = case.title
    return answer, wrong
