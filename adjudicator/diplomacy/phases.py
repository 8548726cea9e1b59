"""The phase sequence and the shared fact-building helpers of the retreat and adjustment phases.

The sequence (S-M, S-R only if needed, F-M, F-R only if needed, W-A only if needed, next year)
is decided by `encodings/diplomacy/phase_order.lp`, grounded with the program of the phase just
played (`phase(T,Season,Year,Kind)` in, `next_phase/4` and `ownership_update_due/1` out); after
a Fall turn it needs the adjustment balance, so the close of the Fall turn says it. `finish`
completes a result: the new ownership at the close of a Fall turn (adjust_ownership.lp) and the
next phase where the phase's own program could not say it.
"""

from __future__ import annotations

from adjudicator.diplomacy.maps import DiplomacyMap, atom, from_atom
from adjudicator.diplomacy.models import Turn
from adjudicator.diplomacy.orders import parse_position, parse_unit, power_name  # noqa: F401 (parse_unit: used as phases.parse_unit)
from functools import lru_cache

from adjudicator.diplomacy.programs import BALANCE, CIVIL_DISORDER, ENTRY, FALL_CLOSE, OWNERSHIP
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name, fact


def year(phase: str) -> int:
    return int(phase[1:5])


SEASONS = {"S": "spring", "F": "fall", "W": "winter"}
KINDS = {"M": "movement", "R": "retreat", "A": "adjustment"}


def phase_fact(number: int, phase: str) -> str:
    """`phase(T,Season,Year,Kind).` for phase_order.lp (phase like S1901M)."""
    return f"phase({number},{SEASONS[phase[0]]},{int(phase[1:5])},{KINDS[phase[-1]]})."


def phase_text(season: str, year_number: int, kind: str) -> str:
    """A next_phase/4 atom's arguments (spring, 1901, movement) as S1901M."""
    return f"{season[0].upper()}{year_number:04d}{kind[0].upper()}"


def read_next_phase(model) -> str:
    """The next phase phase_order.lp shows in `model` (a one-turn program), or "" when the
    program did not decide it (a Fall turn completes where the balance is not known)."""
    for s in model:
        if s.name == "next_phase":
            season, when, kind = s.arguments[1:]
            return phase_text(season.name, when.number, kind.name)
    return ""


def unit_facts(board: DiplomacyMap, units: dict[str, list[str]], predicate: str = "unit",
               source: str | None = None) -> tuple[list[str], dict[str, tuple[str, str, str]]]:
    """`unit(Power,Type,Location).` facts and a lookup location -> (power, type, location)."""
    facts, where = [], {}
    for power, unit_type, location in parse_position(board, units, source):
        where[location] = (power, unit_type, location)
        facts.append(f"{unit_fact(predicate, power, unit_type, location)}.")
    return facts, where


def unit_fact(predicate: str, power: str, unit_type: str, location: str, *turn: int):
    """`predicate([Turn,]power,type,location)` as a symbol (names as the map writes them)."""
    return fact(predicate, *turn, Name(power.lower()), Name(unit_type.lower()), Name(atom(location)))


def owns_fact(power: str, centre: str, *turn: int, predicate: str = "owns"):
    return fact(predicate, *turn, Name(power.lower()), Name(atom(centre)))


def centre_facts(board: DiplomacyMap, turn: Turn, source: str | None = None) -> tuple[list[str], dict[str, list[str]]]:
    """`owns(Power,Province).` facts (default: 1901 ownership) and the ownership as a dict."""
    centres: dict[str, list[str]] = {}
    if turn.centers is None:
        for name, province in board.provinces.items():
            if province.home_of:
                centres.setdefault(province.home_of, []).append(name)
    else:
        for power_text, listed in turn.centers.items():
            power = power_name(board, power_text, source)
            for name in listed:
                province = board.province(str(name).split("/")[0])
                if province is None or not board.provinces[province].supply_centre:
                    raise InputError(f"{name!r} is not a supply centre ({power})", source=source)
                centres.setdefault(power, []).append(province)
    facts = [f"{owns_fact(p, c)}." for p, cs in centres.items() for c in cs]
    return facts, {p: sorted(cs) for p, cs in centres.items()}


def alphabet_facts(board: DiplomacyMap) -> list[str]:
    """The two alphabetical orders of provinces BT24's tie-break may use (data for the encoding)."""
    facts = []
    provinces = [p for p in board.provinces.values() if not p.impassable]
    for alphabet, key in (("english_names", lambda p: p.name.lower()), ("abbreviations", lambda p: p.abbreviation)):
        for rank, province in enumerate(sorted(provinces, key=key)):
            facts.append(f"{fact('name_rank', Name(alphabet), Name(atom(province.abbreviation)), rank)}.")
    return facts


# ----------------------------------------------------------------------------- after a phase
class OwnershipUpdate:
    """What `adjust_ownership.lp` decided after a Fall turn (BT23, BT16, BT9)."""

    def __init__(self, centers: dict[str, list[str]], changed: list[str], winner: str | None,
                 draw_available: bool, controllers: dict[str, str], counts: dict[str, int],
                 unchanged: bool = False, game_over: bool = False, draw_rule: bool = False):
        self.centers, self.changed, self.winner, self.unchanged = centers, changed, winner, unchanged
        self.game_over = game_over
        self.draw_available, self.controllers, self.counts = draw_available, controllers, counts
        self.draw_rule = draw_rule  # BT9 is in force (adjust_ownership.lp draw_rule/1)


class FallClose:
    """The close of a Fall movement turn as decided by `close_fall_turns` (fall_close.lp): the
    ownership update (`centers`, adjust_ownership.lp's owns_after), the winner, and the phase that
    follows (phase_order.lp: Winter if adjustments are due, else the next Spring; "" when the Fall
    retreats come first)."""

    def __init__(self, centers: dict[str, list[str]], changed: list[str], winner: str | None, next_phase: str):
        self.centers, self.changed, self.winner, self.next_phase = centers, changed, winner, next_phase


def _ownership(owns_after: list[tuple[str, str]]) -> dict[str, list[str]]:
    """adjust_ownership.lp's `owns_after` (power, centre) pairs as the ownership by power."""
    new: dict[str, list[str]] = {}
    for power, centre in owns_after:
        new.setdefault(power, []).append(centre)
    return {p: sorted(cs) for p, cs in sorted(new.items())}


def close_fall_turns(items, *, timeout: float = 30.0,
                     positions: dict[int, list[tuple[str, str, str]]] | None = None) -> dict[int, FallClose]:
    """The close of every Fall movement turn in `items` ((number, turn, result) of a call) after
    which the ownership is updated (the movement program's `ownership_update_due`, BT23), in ONE
    program (fall_close.lp with adjust_ownership.lp, adjust_balance.lp and phase_order.lp, each
    turn under its number): new ownership, winner, the next phase. `positions`: per turn number,
    the units after it as the movement model's atoms (power, type, location), which spares
    reading `result.units` again."""
    from adjudicator.diplomacy.maps import load_map
    from adjudicator.solving import solve

    board = load_map()
    # Written as text, not as terms.fact symbols: ~50 facts for each of hundreds of turns, and a
    # symbol costs about four times as much to build in Python as a line costs to write and parse
    # (measured: +0.3 s per 1000 turns). Every value is a turn number or a name of the map.
    lines: list[str] = []
    numbers = []
    for number, turn, result in items:
        if not ownership_update_due(result):
            continue
        numbers.append(number)
        lines.append(phase_fact(number, turn.phase))
        if result.next_phase:  # the movement program's: its retreat phase (option after_fall_movement)
            lines.append(f"retreat_phase_due({number}).")
        if positions is not None and number in positions:
            lines += [f"fall_unit({number},{pw},{ty},{loc})." for pw, ty, loc in positions[number]]
        else:
            lines += [f"{unit_fact('fall_unit', pw, ty, loc, number)}."
                      for pw, ty, loc in parse_position(board, result.units, None)]
        lines += [f"owns({number},{p.lower()},{atom(c)})." for p, cs in result.centers.items() for c in cs]
        # who submitted no orders, and the rules: whether BT24 stops builds is civil_disorder.lp's
        disorder = result.civil_disorder or turn.civil_disorder or []
        lines += [f"no_orders({number},{power_name(board, p).lower()})." for p in disorder]
        lines.append(f"rules({number},{turn.rules}).")
    if not numbers:
        return {}
    solved = solve([ENTRY], [board.facts, "\n".join(lines)], timeout=timeout, parts=FALL_CLOSE,
                   what="supply-centre ownership and adjustments after Fall turns")
    owned: dict[int, list] = {n: [] for n in numbers}
    changed: dict[int, list] = {n: [] for n in numbers}
    winner: dict[int, str] = {}
    following: dict[int, str] = {}
    # read as text (one call into clingo per atom, not one per argument: 1,510 atoms for 239 turns);
    # every atom read here is flat: numbers and names of the map
    for text in map(str, solved.models[0]):
        name, _, rest = text.partition("(")
        if name == "owns_after":
            number, power, centre = rest[:-1].split(",")
            owned[int(number)].append((power.upper(), from_atom(centre)))
        elif name == "changed":
            number, centre = rest[:-1].split(",")
            changed[int(number)].append(from_atom(centre))
        elif name == "winner":
            number, power = rest[:-1].split(",")
            winner[int(number)] = power.upper()
        elif name == "next_phase":
            number, season, when, kind = rest[:-1].split(",")
            following[int(number)] = phase_text(season, int(when), kind)
    return {n: FallClose(_ownership(owned[n]), sorted(changed[n]), winner.get(n), following.get(n, "")) for n in numbers}


@lru_cache(maxsize=None)
def civil_disorder_applies(rules: str) -> bool:
    """Whether a power that submitted no orders is in civil disorder under `rules`
    (civil_disorder.lp's in_civil_disorder/2: BT24, a tournament rule), asked once per rules."""
    from adjudicator.solving import solve

    facts = [fact("no_orders", 0, Name("france")), fact("rules", 0, Name(rules))]
    solved = solve([ENTRY], [], symbols=facts, what="civil disorder", parts=CIVIL_DISORDER)
    return any(s.match("in_civil_disorder", 2) for s in solved.models[0])


def ownership_update_due(result) -> bool:
    """Whether the supply-centre ownership is updated after this phase, as the program of the
    phase decided it (phase_order.lp `ownership_update_due`, BT23 with option ownership_update;
    kept on the result in `_ownership_update_due`, outside the JSON)."""
    return result._ownership_update_due


def ownership_update(units: dict[str, list[str]], centers: dict[str, list[str]], options: dict[str, str],
                     year_number: int, unchanged_years: list[int] | None = None,
                     controllers: dict[str, str] | None = None, timeout: float = 30.0,
                     rules: str = "standard") -> OwnershipUpdate:
    """Supply-centre ownership after a Fall turn, the BT16 winner, and BT9's draw availability
    (given the earlier years without a change), all decided by the encoding (as its turn 0)."""
    from adjudicator.diplomacy.maps import load_map
    from adjudicator.solving import solve

    board = load_map()
    facts = [fact("year", 0, year_number), fact("option", 0, Name("draw_ownership"), Name(options["draw_ownership"])),
             fact("track_control", 0), fact("rules", 0, Name(rules))]
    facts += [unit_fact("fall_unit", pw, ty, loc, 0) for pw, ty, loc in parse_position(board, units, None)]
    facts += [owns_fact(p, c, 0) for p, cs in centers.items() for c in cs]
    facts += [fact("unchanged_year", 0, y) for y in unchanged_years or []]
    facts += [owns_fact(p, prov, 0, predicate="controller") for prov, p in (controllers or {}).items()]
    solved = solve([ENTRY], [board.facts], symbols=facts, timeout=timeout, what="supply-centre ownership",
                   parts=OWNERSHIP)
    model = solved.models[0]
    owned, changed, winner, draw, control, unchanged, over, draw_rule = [], [], None, False, {}, False, False, False
    for s in model:
        args = s.arguments
        if s.name == "owns_after":
            owned.append((args[1].name.upper(), from_atom(args[2].name)))
        elif s.name == "changed":
            changed.append(from_atom(args[1].name))
        elif s.name == "winner":
            winner = args[1].name.upper()
        elif s.name == "draw_available":
            draw = True
        elif s.name == "draw_rule":
            draw_rule = True
        elif s.name == "game_over":
            over = True  # BT16: the win ends the game
        elif s.name == "new_controller":
            control[from_atom(args[2].name)] = args[1].name.upper()
        elif s.name == "unchanged_year" and args[1].number == year_number:
            unchanged = True  # BT9: a game-year without a change of ownership
    new = _ownership(owned)
    return OwnershipUpdate(new, sorted(changed), winner, draw, control, {p: len(cs) for p, cs in new.items()},
                           unchanged, over, draw_rule)


def finish(turn, result, *, timeout: float = 30.0, history: dict | None = None, closing: FallClose | None = None):
    """Complete `result`: at the close of a Fall turn (phase_order.lp `ownership_update_due`) the
    new supply-centre ownership (BT23) and the winner (BT16), and the next phase where the
    phase's own program left it open (after a Fall turn: the balance decides, phase_order.lp).
    `history` (a game's memory: unchanged years, controllers) enables BT9's draw.
    `closing`: the close of a Fall movement turn already decided by `close_fall_turns` (used
    when there is no history)."""
    from adjudicator.diplomacy.variants import resolve_options

    centers = result.centers
    batched = closing is not None and history is None and turn.phase.endswith("M")
    if batched:
        centers = closing.centers
        result.centers = centers
        result.winner = closing.winner
        result.next_phase = result.next_phase or closing.next_phase
    elif ownership_update_due(result):
        history = history if history is not None else {}
        options = resolve_options(turn.rules, turn.options)
        update = ownership_update(result.units, result.centers, options, year(turn.phase),
                                  history.get("unchanged_years"), history.get("controllers"), timeout,
                                  rules=turn.rules)
        centers = update.centers
        result.centers = centers
        result.winner = update.winner
        result._game_over = update.game_over
        if "unchanged_years" in history:
            if update.unchanged:
                history["unchanged_years"].append(year(turn.phase))
            history["controllers"] = update.controllers
            # where BT9 is not in force (the standard rules) no draw availability is reported
            result.draw_available = update.draw_available if update.draw_rule else None
    if not result.next_phase:
        probe = Turn(phase=turn.phase, units=result.units, centers=centers, rules=turn.rules,
                     civil_disorder=result.civil_disorder or turn.civil_disorder)
        result.next_phase = next_phase_after_fall(probe, timeout=timeout)
    return result


def next_phase_after_fall(turn: Turn, *, source: str | None = None, timeout: float = 30.0) -> str:
    """The phase after the Fall turn `turn` (its phase, the position and ownership after it):
    Winter adjustments if any power has a build it could make or a unit to remove, else the
    next Spring (adjust_balance.lp `adjustment_due`, phase_order.lp `next_phase`)."""
    from adjudicator.diplomacy.maps import load_map
    from adjudicator.solving import solve

    board = load_map()
    facts, text = balance_facts(board, turn, source)
    solved = solve([ENTRY], [board.facts, text], symbols=facts, timeout=timeout,
                   what="adjustment balance", parts=BALANCE)
    return read_next_phase(solved.models[0])


def balance_facts(board: DiplomacyMap, turn: Turn, source: str | None = None) -> tuple[list, str]:
    """The facts of adjust_balance.lp for the position after the Fall turn `turn` (as turn 0):
    its units, the ownership, who is in civil disorder, the rules; and the phase fact."""
    _, centres = centre_facts(board, turn, source)
    disorder = getattr(turn, "civil_disorder", None) or []  # BT24 applies or not: civil_disorder.lp
    facts = [unit_fact("balance_unit", pw, ty, loc, 0) for pw, ty, loc in parse_position(board, turn.units, source)]
    facts += [owns_fact(p, c, 0, predicate="balance_owns") for p, cs in centres.items() for c in cs]
    facts += [fact("no_orders", 0, Name(p.lower())) for p in disorder] + [fact("rules", 0, Name(turn.rules))]
    return facts, phase_fact(0, turn.phase)
