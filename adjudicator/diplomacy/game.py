"""Whole games: a start position and the orders of each phase in turn, played phase by phase.

A game file (JSON or YAML)::

    rules: bt2020                    # optional: standard | bt2020 | diplonomic2020
    options: {...}                   # optional readings (docs/variants.md)
    contestants: {FRANCE: {contestant: alice, authorised: [bob]}}   # optional (rule 7)
    start:                           # optional: default the standard 1901 position
      phase: S1901M
      units: {...}
      centers: {...}
    phases:                          # the orders of each phase, in order
      - phase: S1901M                # optional: checked against the phase the game is in
        orders: {FRANCE: [A PAR - BUR, ...]}
      - orders: {...}
    record: diplonomic.jdip          # optional, instead of phases: a recorded game (jDip, saved
                                     # game, Droidippy), relative to this file, replayed and checked
    calendar: {S1905M: 2020-07-27}   # optional: when phases were adjudicated (a jDip record has it)
    changes:                         # optional: rules that change during the game (rule_changes.py)
      - at: F1905M                   # from this phase on; or a date (2020-07-26) or a date and time
                                     # (2020-07-26T18:00Z): every phase adjudicated at or after it
        name: Italy's teleport       # an addition to the order rules: named, cited in the results
        enacted: F1904
        cite: the proposal's title
        asp: "also_adjacent(T,P,L) :- ..."
        options: {...}               # or changes of the rules variant and its options
    end: {after: S1906M, winners: [AUSTRIA], eliminated: [ENGLAND], cite: ...}   # by proposal

Phases with nothing to do (no dislodged unit; no build or removal possible) are skipped, as the
rules say; a phase entry naming a skipped phase is an error that says which phase is due. Every
phase is adjudicated by `adjudicate` (the encodings); this module only carries the position from
one phase to the next and keeps the history BT9 needs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError

from adjudicator.diplomacy.maps import load_map
from adjudicator.diplomacy.models import SubmittedOrder, Team, Turn, TurnResult, normalize_phase
from adjudicator.diplomacy.orders import parse_position
from adjudicator.diplomacy.rule_changes import (GameEnd, RuleChange, calendar_times, check_changes, check_end,
                                                 phase_key, settings_at)
from adjudicator.errors import InputError
from adjudicator.inputs import parse_structured, read_text


class StartPosition(BaseModel):
    model_config = ConfigDict(extra="forbid")

    phase: str = "S1901M"
    units: dict[str, list[str]] | None = None
    centers: dict[str, list[str]] | None = None
    influence: dict[str, list[str]] | None = None  # the diplomacy package's influence (docs/formats.md)


class GamePhase(BaseModel):
    model_config = ConfigDict(extra="forbid")

    phase: str | None = None
    orders: dict[str, list[str | SubmittedOrder]] = Field(default_factory=dict)


class Game(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: str | None = None
    note: str | None = None
    rules: str = "standard"
    options: dict[str, str] | None = None
    contestants: dict[str, Team] | None = None
    start: StartPosition = Field(default_factory=StartPosition)
    phases: list[GamePhase] = Field(default_factory=list)
    record: str | None = None
    calendar: dict[str, Any] | None = None  # phase -> when it was adjudicated (a date, a date and time)
    changes: list[RuleChange] = Field(default_factory=list)
    end: GameEnd | None = None
    _times: dict = PrivateAttr(default_factory=dict)  # phase -> moment (the calendar, a record's times)

    def settings(self, phase: str) -> dict:
        """The rules, options and additions to the order rules in force in `phase`."""
        return settings_at(phase, self.rules, self.options, self.changes, self._times)

    def learn_times(self, source: str, recorded=()) -> None:
        """When each phase was adjudicated: the record's times (a phase it skipped, as jDip skips a
        retreat phase nobody could use, at the time of the phase before it), then the calendar."""
        times = {}
        for phase, following in zip(recorded, [*recorded[1:], None]):
            if phase.adjudicated is None:
                continue
            moment = calendar_times({phase.phase: phase.adjudicated}, source)[phase.phase]
            times[phase.phase] = moment
            for skipped in phases_between(phase.phase, following.phase if following else None):
                times[skipped] = moment
        times.update(calendar_times(self.calendar, source))
        self._times = times


class GameSummary(BaseModel):
    """How the game stands after its last phase."""

    next_phase: str
    centers: dict[str, list[str]]
    centre_counts: dict[str, int]
    winner: str | None = None
    draw_available: bool = False
    years_without_ownership_change: list[int] = Field(default_factory=list)
    ended: GameEnd | None = None  # the end of the game by the rules (a proposal), when it came


def load_game(data: Any, source: str = "game") -> Game:
    if not isinstance(data, dict):
        raise InputError("a game must be a mapping with phases (and optionally start, rules)", source=source)
    try:
        return Game.model_validate(data)  # not Game(**data): a number as a key is a TypeError there
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors())
        raise InputError(f"not a valid game: {problems}", source=source) from None


def start_turn(game: Game) -> dict:
    board = load_map()
    units = game.start.units if game.start.units is not None else dict(board.starting_units)
    centers = game.start.centers if game.start.centers is not None else {
        p: board.home_centres(p) for p in board.powers}
    return {"phase": normalize_phase(game.start.phase), "units": units, "centers": centers,
            "influence": game.start.influence}


def next_turn(result: TurnResult, orders: dict, **extra: Any) -> Turn:
    """The input of the phase after `result` (the contract: a result plus new orders)."""
    return Turn(phase=result.next_phase, units=result.units, centers=result.centers, orders=orders,
                dislodged=result.dislodged or None, contested=result.contested or None,
                civil_disorder=result.civil_disorder, pending_orders=result.pending_orders, **extra)


def play(game: Game, *, timeout: float = 30.0, source: str = "game",
         on_phase=None) -> tuple[list[TurnResult], GameSummary]:
    """Play every phase of `game`; returns the phase results and the final summary.
    `on_phase(turn, result)` is called after each phase (e.g. to draw it)."""
    from adjudicator.diplomacy.movement import adjudicate
    from adjudicator.diplomacy.phases import finish, ownership_update_due
    from adjudicator.diplomacy.variants import resolve_options

    resolve_options(game.rules, game.options, source)
    check_changes(game.changes, source)
    check_end(game.end, source)
    game.learn_times(source)
    state = start_turn(game)
    board = load_map()
    # BT9 (draw_ownership=occupied_provinces): a province is first "owned" by its starting occupant,
    # else by the power whose influence it is in the start position (a saved game's state)
    starting = {board.province(str(p).split("/")[0]): board.power(power) or power
                for power, provinces in (state["influence"] or {}).items() for p in provinces}
    starting.update({board.province_of(location): power
                     for power, _, location in parse_position(board, state["units"], f"{source}, start")})
    history: dict = {"unchanged_years": [], "controllers": starting}
    results: list[TurnResult] = []
    previous: TurnResult | None = None
    winner = None
    over = None  # the winner whose win ended the game (adjust_ownership.lp game_over/1, BT16)
    for number, entry in enumerate(game.phases, 1):
        where = f"{source}, phase {number}"
        due = previous.next_phase if previous else state["phase"]
        if entry.phase is not None and normalize_phase(entry.phase) != due:
            raise InputError(f"phase {normalize_phase(entry.phase)} is not the phase due: {due} "
                             "(retreat and adjustment phases with nothing to do are skipped)", source=where)
        if over:
            raise InputError(f"the game is over: {over} won (BT16) before this phase", source=where)
        if game.end is not None and phase_key(due) > phase_key(normalize_phase(game.end.after)):
            raise InputError(f"the game ended by the rules after {normalize_phase(game.end.after)}", source=where)
        common = {**game.settings(due), "contestants": game.contestants}
        if previous is None:
            turn = Turn(phase=due, units=state["units"], centers=state["centers"], orders=entry.orders,
                        influence=state["influence"], **common)
        else:
            turn = next_turn(previous, entry.orders, **common)
        result = adjudicate(turn, timeout=timeout, source=where)
        # adjudicate() already finished the phase; the game re-finishes the phases after which
        # the ownership is updated (BT23, phase_order.lp) with the history, so BT9's draw is
        # known (the ownership update itself is the same)
        if ownership_update_due(result):
            result.centers = turn.centers or result.centers
            result = finish(turn, result, timeout=timeout, history=history)
        if on_phase is not None:
            on_phase(turn, result)
        results.append(result)
        previous = result
        winner = winner or result.winner
        if result._game_over:
            over = over or result.winner
    if previous is None:
        raise InputError("the game has no phases", source=source)
    counts = {p: len(cs) for p, cs in previous.centers.items()}
    summary = GameSummary(next_phase=previous.next_phase, centers=previous.centers, centre_counts=counts,
                          winner=winner, draw_available=_last_fall_draw(results),
                          years_without_ownership_change=history["unchanged_years"],
                          ended=game.end)
    return results, summary


def phases_between(first: str, last: str | None) -> list[str]:
    """The phases after `first` and before `last` in the order of the game (none after the last)."""
    if last is None:
        return []
    found, phase = [], first
    while True:
        season, year, kind = phase[0], int(phase[1:5]), phase[5]
        phase = {"SM": f"S{year}R", "SR": f"F{year}M", "FM": f"F{year}R", "FR": f"W{year}A"}.get(
            season + kind, f"S{year + 1}M")
        if phase_key(phase) >= phase_key(last):
            return found
        found.append(phase)


def _last_fall_draw(results: list[TurnResult]) -> bool:
    """BT9's availability as the last Fall ownership update reported it (adjust_ownership.lp
    `draw_available`: the past three game-years are the same until the next Fall turn closes)."""
    for result in reversed(results):
        if result.draw_available is not None:
            return result.draw_available
    return False


def run_case_phases(phases: list, *, timeout: float = 30.0, source: str = "case", with_turns: bool = False):
    """The phases of a case file in order; a phase without units continues from the previous
    result (e.g. a retreat phase after its movement phase). Returns the results, or with
    `with_turns` the pair (turns as adjudicated, results)."""
    from adjudicator.diplomacy.movement import adjudicate

    results: list[TurnResult] = []
    turns: list[Turn] = []
    for phase in phases:
        turn = phase if isinstance(phase, Turn) else phase.turn() if hasattr(phase, "turn") else Turn(**phase)
        if not turn.units_given and results:
            prev = results[-1]
            if prev.next_phase != turn.phase:
                raise InputError(f"phase {turn.phase} does not follow {prev.phase} (next is {prev.next_phase})",
                                 source=source)
            turn = next_turn(prev, turn.orders, rules=turn.rules, options=turn.options,
                             contestants=turn.contestants)
        turns.append(turn)
        results.append(adjudicate(turn, timeout=timeout, source=source))
    return (turns, results) if with_turns else results


def read_document(path: str) -> object:
    """A JSON or YAML file (YAML is a superset of JSON), or '-' for standard input."""
    return parse_structured(read_text(path, "turn", expected="JSON or YAML"), path)


def load_game_file(path: str | Path) -> Game:
    data = read_document(str(path))
    if data is None:
        raise InputError("the file is empty", source=str(path))
    return load_game(data, str(path))
