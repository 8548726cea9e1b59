"""The order language: common short notation and long forms, case-insensitive.

    A PAR - BUR          A PAR H            A MUN S A BUR - PAR     A MUN S A BUR
    F NTH C A LON - BEL  A LON - BEL VIA    F SPA/SC - MAO          A LON - BEL via convoy
    Army Paris -> Burgundy    F North Sea convoys A London - Belgium    A Munich supports A Burgundy
    ENG: F nth -> pic   (an optional power prefix)
    A PAR R BUR / A PAR D / Build F STP/NC / Remove A PAR / WAIVE   (retreat and adjustment phases)
    A RUH S A MUN - BUR IF A KIE - HOL SUCCEEDS AND A BUR DISLODGED   (BT15 conditional orders)

Parsing only reads the text and resolves names against the map. Whether the order is allowed
(unit present, adjacency, coasts, ...) is decided by the encoding, which adjudicates an order the
rules do not allow as INVALID. Text that cannot be read, an unknown province or power raise
`InputError` naming the order.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from adjudicator.diplomacy.maps import DiplomacyMap
from adjudicator.errors import InputError

OrderKind = Literal["hold", "move", "support", "convoy", "retreat", "disband", "build", "waive"]
ConditionKind = Literal["succeeds", "fails", "dislodged", "not_dislodged"]


class Order(BaseModel):
    """One parsed order. Locations are canonical (``"SPA/NC"``, ``"PAR"``)."""

    model_config = ConfigDict(frozen=True)

    text: str
    kind: OrderKind
    unit_type: Literal["A", "F"] | None = None  # None: omitted in the text (DATC 4.C.1: still valid)
    location: str | None = None  # the ordered unit (None only for WAIVE)
    destination: str | None = None  # move / retreat / supported move / convoy destination
    target_type: Literal["A", "F"] | None = None  # supported or convoyed unit
    target: str | None = None  # its location
    via_convoy: bool = False
    path: tuple[str, ...] | None = None  # a move's named convoy path (A LON - NTH - BEL: NTH), if any
    power: str | None = None  # from a "ENG:" prefix, if any
    # BT15 conditional order: "<order> IF <condition> [AND <condition> ...]"; all must hold
    conditions: tuple["Condition", ...] = ()
    removal: bool = False  # a disband written "Remove": for the adjustment phase (BT15 given in advance)

    def condition_text(self) -> str | None:
        """The conditions in short notation (``A KIE - HOL SUCCEEDS AND A BUR DISLODGED``), or None."""
        return " AND ".join(c.canonical() for c in self.conditions) if self.conditions else None

    def canonical(self, unit_type: str | None = None) -> str:
        """The order in short notation, e.g. ``A MUN S A BUR - PAR``. `unit_type`: the type of
        the unit that stands there, for an order that left it out (DATC 4.C.1)."""
        kind = self.unit_type or unit_type
        unit = (f"{kind} {self.location}" if kind else self.location) if self.location else ""
        tgt = f"{self.target_type + ' ' if self.target_type else ''}{self.target}"
        if self.kind == "hold":
            return f"{unit} H"
        if self.kind == "move":
            steps = "".join(f" - {p}" for p in self.path or ())
            return f"{unit}{steps} - {self.destination}" + (" VIA" if self.via_convoy else "")
        if self.kind == "support":
            return f"{unit} S {tgt}" + (f" - {self.destination}" if self.destination else "")
        if self.kind == "convoy":
            return f"{unit} C {tgt} - {self.destination}"
        if self.kind == "retreat":
            return f"{unit} R {self.destination}"
        if self.kind == "disband":
            return f"{unit} D"
        if self.kind == "build":
            return f"{unit} B"
        return "WAIVE"


class Condition(BaseModel):
    """One condition of a conditional order (BT15): another order succeeds or fails, or the unit
    in a province is (not) dislodged. Which order of the turn is meant, and whether the
    condition holds, is decided by the encoding (conditional.lp)."""

    model_config = ConfigDict(frozen=True)

    kind: ConditionKind
    order: Order | None = None  # for succeeds / fails
    location: str | None = None  # for dislodged / not_dislodged
    unit_type: Literal["A", "F"] | None = None

    def canonical(self) -> str:
        if self.order is not None:
            return f"{self.order.canonical()} {self.kind.upper()}"
        unit = f"{self.unit_type} {self.location}" if self.unit_type else str(self.location)
        return f"{unit} {'NOT DISLODGED' if self.kind == 'not_dislodged' else 'DISLODGED'}"


Order.model_rebuild()

_KEYWORDS = {
    "H": "hold", "HOLD": "hold", "HOLDS": "hold", "STAND": "hold", "STANDS": "hold",
    "-": "move", "->": "move", "TO": "move", "MOVE": "move", "MOVES": "move", "M": "move", "ATTACKS": "move",
    "S": "support", "SUP": "support", "SUPPORT": "support", "SUPPORTS": "support",
    "C": "convoy", "CVY": "convoy", "CONVOY": "convoy", "CONVOYS": "convoy",
    "R": "retreat", "RETREAT": "retreat", "RETREATS": "retreat",
    "D": "disband", "DISBAND": "disband", "DISBANDS": "disband", "REMOVE": "disband",
    "B": "build", "BUILD": "build", "BUILDS": "build",
}
_TYPES = {"A": "A", "ARMY": "A", "F": "F", "FLEET": "F"}
_COASTS = {"NC": "NC", "N": "NC", "NORTH": "NC", "SC": "SC", "S": "SC", "SOUTH": "SC",
           "EC": "EC", "E": "EC", "EAST": "EC", "WC": "WC", "W": "WC", "WEST": "WC"}
# \w, not [A-Za-z0-9_]: a misspelt name with a non-ASCII letter ("BÜR") stays one token, so the
# error names the whole word
# A coast follows its province after "/" (any letters: an unknown coast is ignored, DATC 4.B.6)
# or in parentheses (only a coast's name: other text in parentheses is read as words, so
# "A PAR - BUR (via convoy)" is a convoyed move and "(foo)" an error, never dropped).
_COAST_WORD = r"(?:[NSEW]C|[NSEW]|NORTH|SOUTH|EAST|WEST)"
_TOKEN = re.compile(r"->|[-:()]|[\w.']+(?:\s*/\s*[A-Za-z]+|\s*\(\s*" + _COAST_WORD + r"\s*\))?", re.IGNORECASE)


def _tokens(text: str) -> list[str]:
    """The words of an order; a character that is no part of a word is an error, not skipped.
    Parentheses around words only group them and must be balanced."""
    tokens, end, depth = [], 0, 0
    for match in _TOKEN.finditer(text):
        gap = text[end:match.start()]
        if gap.strip():
            raise ValueError(f"unexpected {gap.strip()!r}")
        end = match.end()
        token = match.group(0)
        if token in "()":
            depth += 1 if token == "(" else -1
            if depth < 0:
                raise ValueError("unbalanced ')'")
            continue
        tokens.append(token)
    if text[end:].strip():
        raise ValueError(f"unexpected {text[end:].strip()!r}")
    if depth:
        raise ValueError("unbalanced '('")
    return tokens


@lru_cache(maxsize=8)
def _name_pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = sorted(names, key=len, reverse=True)
    return re.compile(r"(?<![A-Za-z])(" + "|".join(
        r"[\s\-.]*".join(re.escape(part) for part in re.split(r"[\s\-.]+", n) if part) for n in alternatives
    ) + r")(?![A-Za-z])", re.IGNORECASE)


_LONG_NAMES: dict[str, tuple[re.Pattern[str], dict[str, str]]] = {}


def _long_names(board: DiplomacyMap) -> tuple[re.Pattern[str], dict[str, str]]:
    if board.name in _LONG_NAMES:
        return _LONG_NAMES[board.name]
    multi = {p.name: p.abbreviation for p in board.provinces.values() if re.search(r"[\s\-.]", p.name)}
    multi.update({"Saint Petersburg": "STP", "St. Petersburg": "STP", "Gulf of Lyons": "LYO",
                  "Heligoland Bight": "HEL", "Mid Atlantic": "MAO"})
    lowered = {re.sub(r"[\s\-.]+", " ", k.lower()).strip(): v for k, v in multi.items()}
    _LONG_NAMES[board.name] = (_name_pattern(tuple(multi)), lowered)
    return _LONG_NAMES[board.name]


# Other judges' wordings, rewritten into the notation before reading (facts of their formats):
# webDiplomacy's order texts ("The army at Vienna move to Galicia", "... support move to Galicia
# from Vienna", "... convoy to Belgium from London", "Build army at Paris", "Destroy the army at
# Paris") and Backstabbr's arrow ("A Vienna → Galicia").
_UNIT_AT = r"the\s+(army|fleet)\s+at\s+(.+?)"
_WORDINGS = [(re.compile(pattern + r"\s*\.?\s*$", re.IGNORECASE), replacement) for pattern, replacement in (
    (rf"^{_UNIT_AT}\s+support\s+hold\s+to\s+(.+?)", r"\1 \2 S \3"),
    (rf"^{_UNIT_AT}\s+support\s+move\s+to\s+(.+?)\s+from\s+(.+?)", r"\1 \2 S \4 - \3"),
    (rf"^{_UNIT_AT}\s+convoy\s+to\s+(.+?)\s+from\s+(.+?)", r"\1 \2 C A \4 - \3"),
    (rf"^{_UNIT_AT}\s+move\s+to\s+(.+?)", r"\1 \2 - \3"),
    (rf"^{_UNIT_AT}\s+retreat\s+to\s+(.+?)", r"\1 \2 R \3"),
    (rf"^{_UNIT_AT}\s+hold", r"\1 \2 H"),
    (rf"^{_UNIT_AT}\s+disband", r"\1 \2 D"),
    (r"^build\s+(army|fleet)\s+at\s+(.+?)", r"Build \1 \2"),
    (r"^destroy\s+the\s+(army|fleet)\s+at\s+(.+?)", r"Remove \1 \2"),
)]


def _other_wordings(text: str) -> str:
    """webDiplomacy's and Backstabbr's wordings in the notation (other text unchanged)."""
    if "\u2192" in text:
        text = text.replace("\u2192", " - ")
    head = text.lstrip()[:8].lower()
    if head.startswith(("the ", "build ", "destroy ")):
        for pattern, replacement in _WORDINGS:
            rewritten, count = pattern.subn(replacement, text.strip())
            if count:
                return rewritten
    return text


_QUICK = re.compile(r"[A-Za-z]{3}(?:/[A-Za-z]{2})?|->|[-:HSCRDBAF]|VIA|[A-Za-z]+:", re.IGNORECASE)


def _substitute_long_names(text: str, board: DiplomacyMap) -> str:
    """Replace multi-word province names (North Sea, Mid-Atlantic Ocean) by abbreviations, and
    spelled-out coasts ("(north coast)") by /NC, so the rest can be split into tokens."""
    if all(_QUICK.fullmatch(t) for t in text.split()):
        return text  # already short notation (the common case)
    text = _other_wordings(text)
    pattern, lowered = _long_names(board)

    def repl(m: re.Match[str]) -> str:
        key = re.sub(r"[\s\-.]+", " ", m.group(1).lower()).strip()
        return lowered.get(key, m.group(1))

    text = pattern.sub(repl, text)
    text = re.sub(r"\s*\(?\s*\b(north|south|east|west)\s+coast\b\s*\)?", lambda m: "/" + m.group(1)[0].upper() + "C",
                  text, flags=re.IGNORECASE)
    text = re.sub(r"\bvia\s+convoy\b|\bby\s+convoy\b", " VIA ", text, flags=re.IGNORECASE)
    return text


class _Reader:
    def __init__(self, text: str, board: DiplomacyMap, source: str | None):
        self.text = text
        self.board = board
        self.source = source
        try:
            self.tokens = _tokens(_substitute_long_names(text, board))
        except ValueError as exc:
            raise self.error(str(exc)) from None
        self.pos = 0

    def error(self, message: str) -> InputError:
        return InputError(f"order {self.text!r}: {message}", source=self.source)

    def peek(self) -> str | None:
        return self.tokens[self.pos].upper() if self.pos < len(self.tokens) else None

    def take(self) -> str:
        token = self.tokens[self.pos]
        self.pos += 1
        return token

    def unit_type(self) -> str | None:
        if self.peek() in _TYPES:
            # "A" could only be a type here: no province is called A or F.
            return _TYPES[self.take().upper()]
        return None

    def location(self, what: str) -> str:
        if self.peek() is None:
            raise self.error(f"{what} is missing")
        token = self.take()
        coast = None
        m = re.match(r"([\w.']+)\s*(?:/|\()\s*([A-Za-z]+)\s*\)?$", token)
        if m:
            token, coast = m.group(1), m.group(2).upper()
        elif self.peek() in ("NC", "SC", "EC", "WC"):  # "STP NC"
            coast = self.take().upper()
        province = self.board.province(token)
        if province is None:
            raise self.error(f"unknown province {token!r} ({what})")
        return _with_coast(self.board, province, coast)

    def keyword(self) -> str | None:
        token = self.peek()
        return _KEYWORDS.get(token) if token is not None else None


_PARSED: dict[tuple[str, str], Order] = {}  # (text, map) -> order; orders repeat across many turns


def bounded_memo(cache: dict, key, compute, limit: int = 200_000):
    """`compute()` once per key, kept in `cache` up to `limit` entries (orders and units repeat
    across the turns of a call); a None key is not kept."""
    if key is None:
        return compute()
    value = cache.get(key)
    if value is None:
        value = compute()
        if len(cache) < limit:
            cache[key] = value
    return value


def parse_order(text: str, board: DiplomacyMap, *, source: str | None = None) -> Order:
    """Parse one order. Raises InputError naming the order when it cannot be read."""
    key = (text, board.name) if isinstance(text, str) else None
    return bounded_memo(_PARSED, key, lambda: _parse_order(text, board, source))


_IF = re.compile(r"\s+IF\s+", re.IGNORECASE)
_AND = re.compile(r"\s+AND\s+", re.IGNORECASE)
_OUTCOME = re.compile(r"(.+?)\s+(SUCCEEDS|SUCCEED|FAILS|FAIL)", re.IGNORECASE | re.DOTALL)
_DISLODGED = re.compile(r"(?:(A|F|ARMY|FLEET)\s+)?(.+?)\s+(?:IS\s+)?(NOT\s+)?DISLODGED", re.IGNORECASE | re.DOTALL)


def _parse_order(text: str, board: DiplomacyMap, source: str | None) -> Order:
    if not isinstance(text, str) or not text.strip():
        raise InputError(f"empty order {text!r}", source=source)
    head, *rest = _IF.split(text.strip(), maxsplit=1)
    if rest:  # BT15: "<order> IF <condition> AND <condition>"
        order = _parse_plain_order(head, board, source)
        conditions = tuple(_parse_condition(part, text.strip(), board, source) for part in _AND.split(rest[0]))
        return order.model_copy(update={"text": text.strip(), "conditions": conditions})
    return _parse_plain_order(text, board, source)


def _parse_condition(part: str, whole: str, board: DiplomacyMap, source: str | None) -> Condition:
    """One condition of a conditional order: ``A KIE - HOL SUCCEEDS`` / ``FAILS``,
    ``A BUR DISLODGED`` / ``A BUR NOT DISLODGED``."""
    part = part.strip()
    m = _DISLODGED.fullmatch(part)
    if m:
        location = parse_location(board, m.group(2), source, what=f"order {whole!r}: condition {part!r}")
        return Condition(kind="not_dislodged" if m.group(3) else "dislodged", location=location,
                         unit_type=_TYPES[m.group(1).upper()] if m.group(1) else None)
    m = _OUTCOME.fullmatch(part)
    if m:
        try:
            order = _parse_plain_order(m.group(1), board, None)
        except InputError as exc:
            raise InputError(f"order {whole!r}: condition {part!r}: {exc}", source=source) from None
        if order.kind not in ("hold", "move", "support", "convoy"):  # conditions are on the movement turn
            raise InputError(f"order {whole!r}: condition {part!r}: a condition names a movement order "
                             "(hold, move, support or convoy) of the turn", source=source)
        return Condition(kind="succeeds" if m.group(2).upper().startswith("SUCCEED") else "fails", order=order)
    raise InputError(f"order {whole!r}: condition {part!r} is not like 'A KIE - HOL SUCCEEDS', "
                     "'A KIE - HOL FAILS', 'A BUR DISLODGED' or 'A BUR NOT DISLODGED' (BT15)", source=source)


# Short notation as the `diplomacy` package and most judges write it (A PAR - BUR, F NTH C A LON
# - BEL, A MUN S A BUR - PAR, A PAR H, A LON - BEL VIA): read without the general reader, to the
# same Order; anything else (or a name it does not know) goes through the general reader.
_LOCATION = r"([A-Z]{3})(?:/([A-Z]{2}))?"
_SHORT = re.compile(rf"([AF]) {_LOCATION}(?: (H)| - {_LOCATION}( VIA)?| ([SC]) ([AF]) {_LOCATION}(?: - {_LOCATION})?)")


def _short_order(text: str, board: DiplomacyMap) -> Order | None:
    m = _SHORT.fullmatch(text)
    if m is None:
        return None
    (unit_type, at, at_coast, hold, to, to_coast, via, verb, target_type, target, target_coast,
     dest, dest_coast) = m.groups()
    location = _short_location(board, at, at_coast)
    if location is None:
        return None
    if hold:
        return Order(text=text, kind="hold", unit_type=unit_type, location=location)
    if to:
        destination = _short_location(board, to, to_coast)
        if destination is None:
            return None
        return Order(text=text, kind="move", unit_type=unit_type, location=location, destination=destination,
                     via_convoy=bool(via), path=None)
    other = _short_location(board, target, target_coast)
    destination = _short_location(board, dest, dest_coast) if dest else None
    if other is None or (dest and destination is None) or (verb == "C" and destination is None):
        return None
    return Order(text=text, kind="support" if verb == "S" else "convoy", unit_type=unit_type, location=location,
                 target_type=target_type, target=other, destination=destination)


def _short_location(board: DiplomacyMap, name: str, coast: str | None) -> str | None:
    """As `_Reader.location`: the province with its coast (`_with_coast`); None for a name the map
    does not know."""
    province = board.province(name)
    return None if province is None else _with_coast(board, province, coast)


def _with_coast(board: DiplomacyMap, province: str, coast: str | None) -> str:
    """The province with the coast as written when it has that coast. DATC 4.B.6: an unknown or
    irrelevant coast is ignored; a real coast is kept (the encoding judges whether it can be
    reached, DATC 4.B.3)."""
    coast = _COASTS.get(coast) if coast else None
    return f"{province}/{coast}" if coast and coast in board.provinces[province].coasts else province


def _parse_plain_order(text: str, board: DiplomacyMap, source: str | None) -> Order:
    short = _short_order(text.strip(), board)
    if short is not None:
        return short
    r = _Reader(text.strip(), board, source)
    fields: dict = {"text": text.strip()}
    if len(r.tokens) >= 2 and r.tokens[1] == ":":
        power = board.power(r.tokens[0])
        if power is None:
            raise r.error(f"unknown power {r.tokens[0]!r}")
        fields["power"] = power
        r.pos = 2
    if r.peek() == "WAIVE":
        r.take()
        return _finish(r, Order(kind="waive", **fields))
    verb_first = r.keyword() if r.keyword() in ("build", "disband") else None  # "Build A PAR", "Remove A PAR"
    if verb_first:
        fields["removal"] = r.peek() == "REMOVE"
        r.take()
    fields["unit_type"] = r.unit_type()
    fields["location"] = r.location("the ordered unit")
    if verb_first:
        return _finish(r, Order(kind=verb_first, **fields))
    kind = r.keyword()
    if kind == "disband":
        fields["removal"] = r.peek() == "REMOVE"
    if kind is None:
        if r.peek() is None:
            return _finish(r, Order(kind="hold", **fields))
        raise r.error(f"expected an order (H, -, S, C, R, D, B) but found {r.tokens[r.pos]!r}")
    r.take()
    if kind in ("hold", "disband", "build"):
        return _finish(r, Order(kind=kind, **fields))
    if kind in ("move", "retreat"):
        destination = r.location("the destination")
        # a convoy path written as A YOR - NTH - BEL is kept as the order's path (DATC 4.A.6
        # choice a ignores it; BT17 asks for it: the encodings decide)
        path = []
        while r.keyword() == "move":
            r.take()
            path.append(destination.split("/")[0])
            destination = r.location("the destination")
        via = False
        if r.peek() == "VIA":
            r.take()
            via = True
        return _finish(r, Order(kind=kind, destination=destination, via_convoy=via,
                                path=tuple(path) if path and kind == "move" else None, **fields))
    # support or convoy: the other unit, then optionally its destination
    target_type = r.unit_type()
    if r.peek() is not None and r.pos + 1 < len(r.tokens) and board.power(r.tokens[r.pos]) and \
            board.province(r.tokens[r.pos]) is None:
        r.take()  # DATC 4.C.5/4.C.6: a nationality before the unit is read and ignored
        target_type = target_type or r.unit_type()
    target = r.location("the supported or convoyed unit")
    destination = None
    nxt = r.keyword()
    if nxt == "move":
        r.take()
        destination = r.location("the destination of the supported or convoyed move")
    elif nxt == "hold" and kind == "support":
        r.take()
    if kind == "convoy" and destination is None:
        raise r.error("a convoy order needs the army's destination (F NTH C A LON - BEL)")
    return _finish(r, Order(kind=kind, target_type=target_type, target=target, destination=destination, **fields))


def _finish(r: _Reader, order: Order) -> Order:
    if r.peek() is not None:
        raise r.error(f"unexpected {' '.join(r.tokens[r.pos:])!r} at the end")
    return order


# ------------------------------------------------------------------------------------- units
def power_name(board: DiplomacyMap, text: str, source: str | None = None) -> str:
    """'fra', 'France', 'FRANCE' -> 'FRANCE'; an unknown power is an input error."""
    power = board.power(str(text))
    if power is None:
        raise InputError(f"unknown power {text!r} (powers: {', '.join(board.powers)})", source=source)
    return power


def parse_location(board: DiplomacyMap, text: str, source: str | None = None, *, what: str | None = None) -> str:
    """'STP/NC', 'stp (nc)', 'Paris' -> the canonical location ('STP/NC', 'PAR'); an unknown or
    irrelevant coast is dropped (DATC 4.B.6)."""
    name, _, coast = str(text).replace("(", "/").replace(")", "").replace(" /", "/").strip().partition("/")
    province = board.province(name.strip())
    if province is None:
        raise InputError(f"{what or f'location {text!r}'}: unknown province {name.strip()!r}", source=source)
    coast = coast.strip().upper().removesuffix(" COAST").strip()  # "Spain (south coast)"
    coast = _COASTS.get(coast, coast)
    return f"{province}/{coast}" if coast in board.provinces[province].coasts else province


_UNITS: dict[tuple[str, str], tuple[str, str]] = {}  # (text, map) -> unit; positions repeat across turns


def parse_unit(board: DiplomacyMap, text: str, source: str | None = None) -> tuple[str, str]:
    """'A PAR' / 'F STP/SC' / 'F stp (sc)' -> ('F', 'STP/SC'): the one reader of a unit in a
    position (every phase). A unit that cannot stand there is an input error."""
    key = (text, board.name) if isinstance(text, str) else None
    return bounded_memo(_UNITS, key, lambda: _parse_unit(board, text, source))


def _parse_unit(board: DiplomacyMap, text: str, source: str | None) -> tuple[str, str]:
    kind, _, place = str(text).strip().partition(" ")
    kind = _TYPES.get(kind.upper())
    if kind is None or not place.strip():
        raise InputError(f"unit {text!r} is not like 'A PAR' or 'F STP/SC'", source=source)
    location = parse_location(board, place, source, what=f"unit {text!r}")
    province = board.provinces[location.split("/")[0]]
    if province.impassable:
        raise InputError(f"unit {text!r}: {province.name} is impassable", source=source)
    if kind == "A":
        if province.terrain == "sea":
            raise InputError(f"unit {text!r}: an army cannot stand at sea", source=source)
        return "A", province.abbreviation
    if province.terrain == "inland":
        raise InputError(f"unit {text!r}: a fleet cannot stand in inland {province.name}", source=source)
    if province.coasts and "/" not in location:
        raise InputError(f"unit {text!r}: a fleet in {province.name} must name its coast "
                         f"({', '.join(province.abbreviation + '/' + c for c in province.coasts)})", source=source)
    return "F", location


def parse_position(board: DiplomacyMap, units: dict[str, list[str]],
                   source: str | None = None) -> list[tuple[str, str, str]]:
    """Every unit of a position as (power, type, location), in the order given: the one place
    that checks that no province holds two units (BT13; rulebook)."""
    out: list[tuple[str, str, str]] = []
    seen: dict[str, tuple[str, str]] = {}
    known = _UNITS
    for power_text, listed in units.items():
        power = power_name(board, power_text, source)
        for text in listed or []:
            unit = known.get((text, board.name)) if isinstance(text, str) else None
            kind, location = unit or parse_unit(board, text, source)
            province = board.province_of(location)
            if province in seen:
                first_power, first_text = seen[province]
                raise InputError(f"two units in {province}: {first_power} {first_text!r} and {power} {text!r} (BT13)",
                                 source=source)
            seen[province] = (power, text)
            out.append((power, kind, location))
    return out
