"""Game formats other tools write: read them, replay them through the adjudicator, write them.

- The `diplomacy` package's saved game (JSON; `to_saved_game_format`): `{"id", "map", "rules",
  "phases": [{"name": "S1901M", "state": {"units": {POWER: ["A PAR", "*A BUR"]}, "centers",
  "retreats": {POWER: {"A BUR": ["PAR"]}}, "builds", ...}, "orders": {POWER: [...]},
  "results": {"A PAR": ["bounce"]}, "messages": []}]}`. A unit written with `*` is dislodged.
- Droidippy/godip game records (text): `PHASE 1901 Spring Movement`, `POSITIONS` lines
  `Power: army|fleet|army/dislodged|fleet/dislodged|supply loc`, `ORDERS` lines `loc move dest
  [via convoy]`, `loc hold`, `loc support loc2 [move dest]`, `loc convoy loc2 move dest`,
  `loc disband`, `build Army loc`, `remove loc`.
- DPjudge/webDiplomacy order lists (text): one order per line, `Austria: A Vienna - Galicia`, or
  blocks headed by a power name (`Austria:` or `Austria` alone on a line).

Both game formats are read into `RecordedPhase`s: the position at the start of each phase and the
orders given. `check_recorded` adjudicates every phase from its recorded position with our
encodings and compares the position after it with the one recorded for the next phase; a record
holds the outcome that way, so a difference means the recorded judge and we disagree (or the
record is not what was played). Facts of the formats only: no code of either tool is used.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from adjudicator.diplomacy.maps import load_map
from adjudicator.diplomacy.orders import parse_location, parse_unit
from adjudicator.diplomacy.models import DislodgedUnit, Turn, TurnResult, normalize_phase
from adjudicator.errors import InputError



@dataclass
class RecordedPhase:
    """One phase as a record has it: the position at its start and the orders given."""

    phase: str  # S1901M
    units: dict[str, list[str]]  # POWER -> ["A PAR", "F STP/SC"], dislodged units excluded
    centers: dict[str, list[str]]
    orders: dict[str, list[str]]
    dislodged: dict[str, list[DislodgedUnit]] = field(default_factory=dict)  # retreat phases
    results: dict[str, list[str]] | None = None  # the package's per-unit result codes, if recorded
    influence: dict[str, list[str]] | None = None  # the package's influence (provinces last occupied)
    outcomes: dict[str, str] | None = None  # a jDip record's outcome of each order: SUCCEEDS / FAILS
    adjudicated: str | None = None  # when the phase was adjudicated (a jDip record's time stamp, ISO UTC)


@dataclass
class PhaseCheck:
    phase: str
    agrees: bool
    differences: list[str]
    result: TurnResult | None = None


# ----------------------------------------------------------------------------- names


def _location(text: str, source: str) -> str:
    """'stp/sc', 'STP (SC)', 'gol' -> our canonical location ('STP/SC', 'LYO'): the one reader
    (orders.parse_location; the package's other abbreviations are map aliases)."""
    return parse_location(load_map(), str(text), source)


def _unit(text: str, source: str) -> str:
    """'A PAR', 'F stp/sc' -> 'A PAR', 'F STP/SC': the one unit reader (orders.parse_unit)."""
    return " ".join(parse_unit(load_map(), str(text), source))


def _listed(value: object, what: str, source: str) -> list:
    """A list the saved game gives (absent: empty); anything else is refused, naming it."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise InputError(f"{what}: expected a list, not {type(value).__name__}", source=source)
    return value


def _mapping(value: object, what: str, source: str) -> Mapping:
    """A mapping the saved game gives (absent: empty); anything else is refused, naming it."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise InputError(f"{what}: expected a mapping, not {type(value).__name__}", source=source)
    return value


def _power(text: str, source: str) -> str:
    power = load_map().power(str(text).strip())
    if power is None:
        raise InputError(f"unknown power {text!r}", source=source)
    return power


# ----------------------------------------------------------------------------- the diplomacy package


def looks_like_saved_game(data: Any) -> bool:
    return (isinstance(data, Mapping) and isinstance(data.get("phases"), list) and bool(data["phases"])
            and all(isinstance(p, Mapping) and "state" in p for p in data["phases"]))


def read_saved_game(data: Any, source: str = "saved game") -> list[RecordedPhase]:
    """The phases of a `diplomacy` package saved game (a parsed JSON document)."""
    if not looks_like_saved_game(data):
        raise InputError("not a diplomacy saved game: expected {'phases': [{'name', 'state', 'orders', ...}]}",
                         source=source)
    if str(data.get("map", "standard")) != "standard":
        raise InputError(f"only the standard map is supported, not {data.get('map')!r}", source=source)
    phases = []
    for number, entry in enumerate(data["phases"], 1):
        where = f"{source}, phase {number}"
        state = _mapping(entry.get("state"), "state", where)
        name = str(entry.get("name") or state.get("name") or "")
        if name.upper() in ("COMPLETED", "FORMING"):
            continue
        try:
            phase = normalize_phase(name)
        except InputError:
            raise InputError(f"phase name {name!r} is not like S1901M", source=where) from None
        units: dict[str, list[str]] = {}
        dislodged: dict[str, list[DislodgedUnit]] = {}
        retreats = _mapping(state.get("retreats"), "retreats", where)
        for power_text, listed in _mapping(state.get("units"), "units", where).items():
            power = _power(power_text, where)
            for text in _listed(listed, f"units of {power_text}", where):
                if str(text).startswith("*"):
                    unit = _unit(str(text)[1:], where)
                    options = _mapping(retreats.get(power_text), f"retreats of {power_text}", where).get(str(text)[1:], [])
                    dislodged.setdefault(power, []).append(
                        DislodgedUnit(unit=unit, retreats=[_location(o, where) for o in _listed(options, f"retreats of {text}", where)]))
                else:
                    units.setdefault(power, []).append(_unit(str(text), where))
        centers = {_power(p, where): [_location(c, where) for c in _listed(cs, f"centers of {p}", where)]
                   for p, cs in _mapping(state.get("centers"), "centers", where).items()}
        orders = {_power(p, where): [str(o) for o in _listed(os, f"orders of {p}", where)]
                  for p, os in _mapping(entry.get("orders"), "orders", where).items()}
        results = entry.get("results")
        influence = {_power(p, where): sorted({_location(c, where).split("/")[0]
                                               for c in _listed(cs, f"influence of {p}", where)})
                     for p, cs in _mapping(state.get("influence"), "influence", where).items()}
        phases.append(RecordedPhase(phase, units, centers, {p: o for p, o in orders.items() if o},
                                    dislodged, results if isinstance(results, Mapping) else None,
                                    {p: cs for p, cs in influence.items() if cs} or None))
    if not phases:
        raise InputError("the saved game has no phases", source=source)
    return phases


# the package's result codes (facts of its format): what became of each unit's order
def _result_codes(result: TurnResult, turn: Turn) -> dict[str, list[str]]:
    from adjudicator.diplomacy.orders import parse_order

    board = load_map()
    codes: dict[str, list[str]] = {}
    for entry in result.orders:
        try:
            order = parse_order(entry.order, board)
        except InputError:
            continue
        if order.location is None:
            continue
        unit = f"{order.unit_type or '?'} {order.location}"
        mine = codes.setdefault(unit, [])
        if entry.result == "INVALID":
            mine.append("void")
        elif entry.result == "FAILS":
            mine.append({"move": "bounce", "support": "cut", "convoy": "disrupted"}.get(order.kind, "bounce"))
    for units in result.dislodged.values():
        for item in units:
            codes.setdefault(item.unit, []).append("dislodged")
    for units in turn.units.values():
        for unit in units:
            codes.setdefault(unit, [])
    return codes


def saved_game(turns: list[Turn], results: list[TurnResult], *, game_id: str = "adjudicator") -> dict:
    """A `diplomacy` package saved game of phases we adjudicated: each phase's position, orders and
    result codes, then the position the game is in after the last phase (no orders yet)."""
    board = load_map()
    powers = list(board.powers)
    phases = []

    def state(name: str, units: Mapping[str, Iterable[str]], centers: Mapping[str, Iterable[str]],
              dislodged: Mapping[str, Iterable[DislodgedUnit]] | None) -> dict:
        listed = {p: list(units.get(p, [])) for p in powers}
        retreats: dict[str, dict[str, list[str]]] = {p: {} for p in powers}
        for power, items in (dislodged or {}).items():
            for item in items:
                listed.setdefault(power, []).append(f"*{item.unit}")
                retreats.setdefault(power, {})[item.unit] = list(item.retreats)
        owned = {p: list(centers.get(p, [])) for p in powers}
        homes = {p: [c for c in board.home_centres(p) if c in owned[p]] for p in powers}
        influence = {p: sorted({u.split()[1].split("/")[0] for u in listed[p] if not u.startswith("*")}
                               | set(owned[p])) for p in powers}
        builds = {p: {"count": 0, "homes": []} for p in powers}
        if name.endswith("A"):
            occupied = {u.split()[1].split("/")[0] for us in listed.values() for u in us}
            for p in powers:
                count = len(owned[p]) - len(listed[p])
                builds[p] = {"count": count,
                             "homes": [c for c in homes[p] if c not in occupied] if count > 0 else []}
        return {"timestamp": 0, "zobrist_hash": "0", "note": "", "name": name, "units": listed,
                "retreats": retreats, "centers": owned, "homes": homes, "influence": influence,
                "civil_disorder": {p: 0 for p in powers}, "builds": builds, "game_id": game_id,
                "map": "standard", "rules": ["NO_PRESS", "POWER_CHOICE"]}

    for turn, result in zip(turns, results):
        centers = turn.centers if turn.centers is not None else {p: board.home_centres(p) for p in powers}
        orders: dict[str, list[str]] = {p: [] for p in powers}
        for entry in result.orders:
            orders.setdefault(entry.power, []).append(entry.order)
        phases.append({"name": turn.phase,
                       "state": state(turn.phase, turn.units, centers, turn.dislodged),
                       "orders": orders, "results": _result_codes(result, turn), "messages": []})
    if results:
        last = results[-1]
        phases.append({"name": last.next_phase, "state": state(last.next_phase, last.units, last.centers,
                                                               last.dislodged if last.next_phase.endswith("R") else None),
                       "orders": {p: [] for p in powers}, "results": {}, "messages": []})
    return {"id": game_id, "map": "standard", "rules": ["NO_PRESS", "POWER_CHOICE"], "phases": phases}


# ----------------------------------------------------------------------------- Droidippy / godip


_DROIDIPPY_PHASE = re.compile(r"PHASE\s+(\d{4})\s+(Spring|Fall)\s+(Movement|Retreat|Adjustment)", re.IGNORECASE)


def looks_like_droidippy(text: str) -> bool:
    return bool(_DROIDIPPY_PHASE.match(text.lstrip()))


def read_droidippy(text: str, source: str = "game") -> list[RecordedPhase]:
    """The phases of a Droidippy/godip game record (text)."""
    phases: list[RecordedPhase] = []
    section = None
    raw_orders: list[tuple[int, str]] = []
    current: RecordedPhase | None = None

    def close() -> None:
        if current is not None:
            current.orders = _droidippy_orders(current, raw_orders, source)

    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        heading = _DROIDIPPY_PHASE.fullmatch(line)
        if heading:
            close()
            year, season, kind = heading.groups()
            letter = {"Movement": "M", "Retreat": "R", "Adjustment": "A"}[kind.title()]
            season_letter = "W" if letter == "A" else season[0].upper()
            current = RecordedPhase(f"{season_letter}{year}{letter}", {}, {}, {})
            phases.append(current)
            raw_orders = []
            section = None
            continue
        if line in ("POSITIONS", "ORDERS"):
            section = line
            continue
        where = f"{source}, line {number}"
        if current is None or section is None:
            raise InputError(f"expected 'PHASE <year> <season> <kind>' first, got {line!r}", source=where)
        if section == "POSITIONS":
            match = re.fullmatch(r"(\w+):\s+(army|fleet|army/dislodged|fleet/dislodged|supply)\s+(\S+)", line)
            if not match:
                raise InputError(f"not a position line ('Power: army|fleet|supply loc'): {line!r}", source=where)
            power, kind, loc = _power(match.group(1), where), match.group(2), _location(match.group(3), where)
            if kind == "supply":
                current.centers.setdefault(power, []).append(loc)
            elif kind.endswith("/dislodged"):
                current.dislodged.setdefault(power, []).append(DislodgedUnit(unit=f"{kind[0].upper()} {loc}"))
            else:
                current.units.setdefault(power, []).append(f"{kind[0].upper()} {loc}")
        else:
            raw_orders.append((number, line))
    close()
    if not phases:
        raise InputError("no 'PHASE <year> <season> <kind>' line", source=source)
    return phases


def _droidippy_orders(phase: RecordedPhase, lines: list[tuple[int, str]], source: str) -> dict[str, list[str]]:
    """godip's order lines -> our orders, each given to the power whose unit it orders."""
    board = load_map()
    at: dict[str, tuple[str, str]] = {}  # province -> (power, "A PAR")
    pool = phase.dislodged if phase.phase.endswith("R") else None
    for power, units in phase.units.items():
        for unit in units:
            at[board.province_of(unit.split()[1])] = (power, unit)
    dislodged_at = {board.province_of(item.unit.split()[1]): (power, item.unit)
                    for power, items in (pool or {}).items() for item in items}

    def unit_at(loc: str, where: str, *, retreating: bool = False) -> tuple[str, str]:
        table = dislodged_at if retreating else at
        found = table.get(board.province_of(_location(loc, where)))
        if found is None:
            raise InputError(f"no unit at {loc!r} for this order", source=where)
        return found

    orders: dict[str, list[str]] = {}
    for number, line in lines:
        where = f"{source}, line {number}"
        words = line.split()
        retreating = phase.phase.endswith("R")
        try:
            if words[0] == "build" and len(words) == 3:
                loc = _location(words[2], where)
                owner = next((p for p, cs in phase.centers.items() if board.province_of(loc) in cs), None)
                if owner is None:
                    raise InputError(f"nobody owns {loc} to build there", source=where)
                orders.setdefault(owner, []).append(f"Build {words[1][0].upper()} {loc}")
                continue
            if words[0] == "remove" and len(words) == 2:
                power, unit = unit_at(words[1], where)
                orders.setdefault(power, []).append(f"Remove {unit}")
                continue
            power, unit = unit_at(words[0], where, retreating=retreating)
            verb = words[1] if len(words) > 1 else ""
            if verb == "hold" and len(words) == 2:
                text = f"{unit} H"
            elif verb == "disband" and len(words) == 2:
                text = f"{unit} D"
            elif verb == "move" and len(words) in (3, 5) and (len(words) == 3 or words[3:] == ["via", "convoy"]):
                dest = _location(words[2], where)
                text = f"{unit} R {dest}" if retreating else f"{unit} - {dest}" + (" VIA" if len(words) == 5 else "")
            elif verb == "support" and len(words) in (3, 5):
                _, target = unit_at(words[2], where)
                text = f"{unit} S {target}" + (f" - {_location(words[4], where)}" if len(words) == 5 else "")
            elif verb == "convoy" and len(words) == 5 and words[3] == "move":
                _, target = unit_at(words[2], where)
                text = f"{unit} C {target} - {_location(words[4], where)}"
            else:
                raise InputError(f"not a godip order line: {line!r}", source=where)
        except IndexError:
            raise InputError(f"not a godip order line: {line!r}", source=where) from None
        orders.setdefault(power, []).append(text)
    return orders


# ----------------------------------------------------------------------------- replay and compare


def _units(by_power: Mapping[str, Iterable[str]]) -> set[tuple[str, str]]:
    return {(power, unit) for power, units in by_power.items() for unit in units}


def _dislodged(by_power: Mapping[str, Iterable[DislodgedUnit]], *, with_options_only: bool = False):
    return {(power, item.unit) for power, items in by_power.items() for item in items
            if item.retreats or not with_options_only}


def _centres(by_power: Mapping[str, Iterable[str]]) -> set[tuple[str, str]]:
    board = load_map()
    return {(power, board.province_of(c)) for power, cs in by_power.items() for c in cs}


def _describe(kind: str, ours: set, theirs: set) -> list[str]:
    lines = []
    if ours - theirs:
        lines.append(f"{kind} only we have: " + ", ".join(f"{p} {u}" for p, u in sorted(ours - theirs)))
    if theirs - ours:
        lines.append(f"{kind} only the record has: " + ", ".join(f"{p} {u}" for p, u in sorted(theirs - ours)))
    return lines


def check_recorded(phases: list[RecordedPhase], *, timeout: float = 30.0, source: str = "game",
                   on_phase=None, settings=None) -> list[PhaseCheck]:
    """Adjudicate every recorded phase that has a successor and compare the position after it
    (units, dislodged units, and supply centres once a year is over) with the successor's.

    Each phase starts from its recorded position, so the phases are independent and adjudicated
    together (movement and adjustment phases in one call, then the retreat phases, which take the
    attacker and the standoffs from our movement result when the record has no retreat options).
    `settings(phase)`: the rules, options and additions in force in a phase (a game file's
    changes, game.Game.settings); default the standard rules."""
    from adjudicator.diplomacy.game import next_turn

    pairs = list(zip(phases, phases[1:]))
    turns: list[Turn | None] = [None] * len(pairs)
    results: list[TurnResult | None] = [None] * len(pairs)
    first = [n for n, (recorded, _) in enumerate(pairs) if not recorded.phase.endswith("R")]
    for n in first:
        turns[n] = _turn_of(pairs[n][0], settings=settings)
    for n, result in zip(first, _adjudicate_all([turns[n] for n in first], timeout, source)):
        results[n] = result
    retreats = [n for n, (recorded, _) in enumerate(pairs) if recorded.phase.endswith("R")]
    for n in retreats:
        turns[n] = _retreat_turn(pairs[n][0], results[n - 1] if n else None, settings)
    for n, result in zip(retreats, _adjudicate_all([turns[n] for n in retreats], timeout, source)):
        results[n] = result
    # the record has no retreat phase where no dislodged unit could retreat: they disband
    completing = [n for n, (_, following) in enumerate(pairs)
                  if results[n].next_phase.endswith("R") and not following.phase.endswith("R")]
    finals = list(results)
    completions = [next_turn(results[n], {}, **(settings(results[n].next_phase) if settings else {}))
                   for n in completing]
    for n, result in zip(completing, _adjudicate_all(completions, timeout, source)):
        finals[n] = result
    checks = []
    for n, (recorded, following) in enumerate(pairs):
        differences = _differences(recorded, following, finals[n]) + _order_differences(recorded, results[n])
        if on_phase is not None:
            on_phase(turns[n], results[n])
        checks.append(PhaseCheck(recorded.phase, not differences, differences, results[n]))
    return checks


def _turn_of(recorded: RecordedPhase, dislodged=None, contested=None, settings=None) -> Turn:
    return Turn(phase=recorded.phase, units=recorded.units, centers=recorded.centers,
                orders=recorded.orders, dislodged=dislodged or recorded.dislodged or None, contested=contested,
                influence=recorded.influence, **(settings(recorded.phase) if settings else {}))


def _retreat_turn(recorded: RecordedPhase, previous: TurnResult | None, settings=None) -> Turn:
    """A recorded retreat phase as a turn: where the record gives no retreat options, with the
    attackers and standoffs of our movement result (`previous`) for the units the record lists."""
    if previous is None or not recorded.dislodged or any(
            i.retreats for items in recorded.dislodged.values() for i in items):
        return _turn_of(recorded, settings=settings)
    theirs, ours = _dislodged(recorded.dislodged), _dislodged(previous.dislodged)
    # the record may leave out the units that had nowhere to go (disbanded at once)
    if theirs <= ours and not any(item.retreats for power, items in previous.dislodged.items()
                                  for item in items if (power, item.unit) not in theirs):
        kept = {power: [item for item in items if (power, item.unit) in theirs]
                for power, items in previous.dislodged.items()}
        return _turn_of(recorded, {p: items for p, items in kept.items() if items}, previous.contested or None,
                        settings)
    return _turn_of(recorded, settings=settings)


def _differences(recorded: RecordedPhase, following: RecordedPhase, final: TurnResult) -> list[str]:
    """How the position after our adjudication of `recorded` differs from the recorded `following`."""
    differences = _describe("units", _units(final.units), _units(following.units))
    if following.phase.endswith("R"):
        ours_all, ours = _dislodged(final.dislodged), _dislodged(final.dislodged, with_options_only=True)
        theirs = _dislodged(following.dislodged)
        if theirs not in (ours_all, ours):
            differences += _describe("dislodged", ours_all, theirs)
    if not following.phase.endswith("R") and recorded.phase[0] in "FW":  # the year's ownership update
        differences += _describe("centres", _centres(final.centers), _centres(following.centers))
    return differences


_MOVE = re.compile(r"[AF] \S+ - ")
_SUPPORT = re.compile(r"[AF] \S+ S ")
_CONVOY = re.compile(r"F (\S+) C ")


def _order_differences(recorded: RecordedPhase, result: TurnResult) -> list[str]:
    """The orders whose outcome the record gives otherwise (where it gives outcomes: jDip): a move
    or a support that succeeds in one and not in the other; a convoy the record says failed (its
    fleet dislodged) that we carried out, or one we failed by dislodging its fleet where the record
    says it succeeded (jDip's success of a convoy says the fleet stood, not that the army arrived:
    a convoyed army that bounces leaves a successful convoy there, a failed one here); an order we
    rule INVALID that the record carried out."""
    if not recorded.outcomes:
        return []
    dislodged_at = {item.unit.split()[1] for items in result.dislodged.values() for item in items}
    lines = []
    for entry in result.orders:
        theirs = recorded.outcomes.get(entry.order)
        if theirs is None:
            continue
        ours_succeeds, theirs_succeeds = entry.result == "SUCCEEDS", theirs == "SUCCEEDS"
        convoy = _CONVOY.match(entry.order)
        if convoy:
            differs = (ours_succeeds and not theirs_succeeds) or (
                theirs_succeeds and entry.result == "FAILS" and convoy.group(1) in dislodged_at)
        else:
            differs = bool(_MOVE.match(entry.order) or _SUPPORT.match(entry.order)) and ours_succeeds != theirs_succeeds
        if differs or (entry.result == "INVALID" and theirs_succeeds):
            reason = f" ({entry.reason})" if entry.reason else ""
            lines.append(f"order {entry.power} {entry.order}: {entry.result} here{reason}, {theirs} in the record")
    return lines


def _adjudicate_all(turns: list[Turn], timeout: float, source: str) -> list[TurnResult]:
    from adjudicator.diplomacy.movement import adjudicate

    return adjudicate(turns, timeout=timeout, source=source) if turns else []


def read_recorded_file(path: str) -> list[RecordedPhase] | None:
    """A saved game or a godip record in `path`, or None when the file is neither (a jDip file:
    jdip.read_any_record)."""
    from adjudicator.inputs import parse_structured, read_text

    text = read_text(path, "game", expected="a game file")
    if looks_like_droidippy(text):
        return read_droidippy(text, path)
    stripped = text.lstrip()
    if stripped.startswith("{"):
        try:  # the input layer's JSON: depth and size limits (json.loads recursed without limit)
            data = parse_structured(stripped, path, json_only=True)
        except InputError:
            data = parse_structured(text, path)
        if looks_like_saved_game(data):
            return read_saved_game(data, path)
    return None


# ----------------------------------------------------------------------------- order lists


def parse_order_list(text: str, source: str = "orders") -> dict[str, list[str]]:
    """DPjudge/webDiplomacy-style orders: `Austria: A Vienna - Galicia` per line, or a power's name
    alone on a line (`Austria` or `Austria:`) heading the orders below it. Blank lines and lines
    starting with '#' are skipped. Each order is checked by our order parser (InputError names
    the line)."""
    from adjudicator.diplomacy.orders import parse_order

    board = load_map()
    orders: dict[str, list[str]] = {}
    current: str | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{source}, line {number}"
        if not line or line.startswith("#"):
            continue
        heading = board.power(line.rstrip(":").strip())
        if heading:
            current = heading
            orders.setdefault(current, [])
            continue
        power_text, colon, rest = line.partition(":")
        power = board.power(power_text.strip()) if colon else None
        if power:
            order_text = rest.strip()
        elif current:
            power, order_text = current, line
        else:
            raise InputError(f"an order needs its power ('Austria: A Vienna - Galicia' or a heading "
                             f"'Austria'), got {line!r}", source=where)
        parse_order(order_text, board, source=where)  # unreadable orders stop here, naming the line
        orders.setdefault(power, []).append(order_text)
    if not orders:
        raise InputError("no orders found", source=source)
    return orders


def with_order_list(turn: Any, text: str, list_source: str, *, source: str = "turn") -> Any:
    """The turn (a parsed document: one turn) with its orders replaced by the order list's."""
    if not isinstance(turn, Mapping) or "phases" in turn:
        raise InputError("--orders needs a file holding one turn (phase, units, ...)", source=source)
    return {**turn, "orders": parse_order_list(text, list_source)}
