"""What a report may claim: a report event's `claims:` (R2143, R2162, R2201), one kind of claim a
row of one table. A row says which keys name the claim, the shape of its value, the fact that the
report states that part (`report_states_focuses(E)`: what it does not list it says is not so) and
how each entry becomes a fact; the builder of the notion the claim is about writes its row. One
parser reads every claim through the table (`read_claims`); a key no row reads, or a value of
another shape, is refused in one line naming the nearest keys."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timezone
from enum import Enum
from typing import Any, Callable, Iterable

from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.case import parse_time, solver_int
from adjudicator.errors import InputError, excerpt
from adjudicator.names import nearest_names
from adjudicator.solving.terms import Name

Reader = Callable[[CaseBuild, Any, str], Any]  # (build, text as written, where) -> a term or a tuple of terms


class Shape(Enum):
    """The shapes of a claim's value."""

    LIST = "a list"                    # [item, ...]: one fact an item
    MAP = "a mapping"                  # {key: value}: one fact an entry
    MAP_OF_LISTS = "a mapping of lists"  # {key: [value, ...]} (or one value): one fact a value
    VALUE = "one value"                # value: one fact


@dataclass(frozen=True)
class ClaimKind:
    """One kind of claim a report may make, and how it becomes facts of the report's event E.

    Each entry becomes `fact(E, *subject, *key, *value)` (key and value as `key` and `read` give them;
    a reader may give a tuple of terms). A row without `fact` has `read` write an entry's facts
    itself: `read(build, E, *subject, *entry, where)`, the entry being (key, value) or (value,)."""

    names: tuple[str, ...]             # the keys that name it (lower case, one space, no leading "the ")
    shape: Shape
    expect: str                        # what the value must be, in words (the refusal of another shape)
    read: Callable | None = None       # a value (or, for LIST, an item) -> its term(s); None: no entries
    fact: str | None = None            # the predicate of an entry's fact
    key: Reader | None = None          # a mapping's key -> its term(s) (None: as written)
    stated: tuple[tuple, ...] = ()     # the facts (predicate, *arguments) saying the report states this part
    pattern: re.Pattern | None = None  # more keys naming it, beyond `names`
    subject: Callable[[CaseBuild, str, str], tuple | None] | None = None  # keys read as a subject (an asset, a switch)
    spellings: Callable[[CaseBuild], Iterable[str]] | None = None  # the subjects' keys, for a refusal's nearest names

    def subject_of(self, build: CaseBuild, bare: str, where: str) -> tuple | None:
        """() where the key `bare` names this kind, the subject's terms for a subject row, else None."""
        if bare in self.names or (self.pattern is not None and self.pattern.fullmatch(bare)):
            return ()
        return self.subject(build, bare, where) if self.subject is not None else None

    def groups(self, value: object, where: str) -> list[tuple[object, list]]:
        """The value's entries by the row's shape, (key, [value, ...]) (key NO_KEY for a list or one
        value); refused for another shape."""
        if self.shape is Shape.VALUE:
            return [(NO_KEY, [value])]
        if self.shape is Shape.LIST and isinstance(value, list):
            return [(NO_KEY, value)]
        if self.shape is Shape.MAP and isinstance(value, dict):
            return [(k, [v]) for k, v in value.items()]
        if self.shape is Shape.MAP_OF_LISTS and isinstance(value, dict):
            return [(k, v if isinstance(v, list) else [v]) for k, v in value.items()]
        raise InputError(f"{where}: {self.expect}")

    def build_facts(self, build: CaseBuild, e: int, subject: tuple, value: object, where: str) -> None:
        groups = self.groups(value, where)
        for predicate, *arguments in self.stated:
            build.add(predicate, e, *subject, *arguments)
        if self.read is None:
            return
        for key, values in groups:
            keyed = () if key is NO_KEY else (key,)
            if self.fact is None:  # the row writes its own facts
                for item in values:
                    self.read(build, e, *subject, *keyed, item, where)
                continue
            key_terms = _terms(self.key(build, key, where)) if keyed and self.key is not None else keyed
            inner = f"{where}.{key}" if keyed else where
            for item in values:
                build.add(self.fact, e, *subject, *key_terms, *_terms(self.read(build, item, inner)))


NO_KEY = object()


def _terms(value) -> tuple:
    return value if isinstance(value, tuple) else (value,)


def read_claims(build: CaseBuild, number: int, context: str, claims: dict, table: tuple[ClaimKind, ...]) -> None:
    """Each claim of a report (event `number`) as the facts its row in `table` makes, in the order given."""
    for key, value in claims.items():
        bare = " ".join(str(key).lower().split()).removeprefix("the ")
        where = f"{context}: claims: {key}"
        for kind in table:
            subject = kind.subject_of(build, bare, where)
            if subject is not None:
                kind.build_facts(build, number, subject, value, where)
                break
        else:
            spellings = {name: name for kind in table
                         for name in (*kind.names, *(kind.spellings(build) if kind.spellings else ()))}
            raise InputError(f"{context}: claims: {excerpt(str(key))} is not a part of a report the judge knows, "
                             f"nor a switch ({nearest_names(bare, spellings)})")


# Readers shared by the rows
def person_term(build: CaseBuild, text: object, where: str) -> Name:
    """A person or entity of the case (a mapping or list where a name belongs is refused as such)."""
    return Name(build.who(text, where))


def whole_number(build: CaseBuild, text: object, where: str) -> int:
    return solver_int(text, where)


def named(reader: Callable[[str, str], Any]) -> Reader:
    """A reader of a name the statement language knows (a ribbon type, a Focus, a stone, ...)."""
    return lambda build, text, where: reader(str(text), where)


def day(build: CaseBuild, text: object, where: str) -> int:
    """The first minute of the day a date names (UTC)."""
    moment = parse_time(text, where).astimezone(timezone.utc)
    return build.minutes(datetime(moment.year, moment.month, moment.day, tzinfo=timezone.utc))


def moment(build: CaseBuild, text: object, where: str) -> int:
    return build.minutes(parse_time(text, where))


def states(predicate: str, *arguments) -> tuple[tuple, ...]:
    """The one fact saying the report states its part."""
    return ((predicate, *arguments),)
