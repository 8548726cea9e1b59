"""Readings of ambiguous rules, declared once and compared across outcomes.

Where a rule's text allows several answers, each answer is a named option (a *reading*) with a
documented default. A game declares its readings once:

    READINGS = Readings(
        Reading("reveal-cap", ("all-transfers", "own-transfers"), "all-transfers", "whose transfers cap a reveal"),
        ...)

and then uses one vocabulary everywhere: `parse` (NAME=VALUE from the command line, InputError
otherwise), `combinations` (every choice, for a full comparison), `variations` (each single
change from a choice), `compare` (which readings change an outcome, and the groups of choices
that give the same outcome). A `Readings` is also a mapping name -> (values, default, question),
the shape the hand-made tables had, so old call sites keep working while they move over.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Callable, Generic, Hashable, Iterable, Iterator, Literal, TypeVar, Union

from pydantic import Field

from adjudicator.errors import InputError, excerpt
from adjudicator.solving.terms import Name, fact

T = TypeVar("T")
Choice = dict[str, str]
# what a caller may hand to `parse`: NAME=VALUE strings (a command line) or a mapping (a file)
Given = Union[Iterable[str], Mapping[str, str], None]


@dataclass(frozen=True)
class Reading:
    """One ambiguous passage: its readings (values), the default, what it decides (`question`) and
    the rules it reads (`cite`)."""

    name: str
    values: tuple[str, ...]
    default: str
    question: str = ""
    cite: str = ""
    says: dict[str, str] = field(default_factory=dict, hash=False)  # value -> what that reading says

    def __post_init__(self) -> None:
        if self.default not in self.values:
            raise ValueError(f"reading {self.name}: default {self.default!r} is not one of {self.values}")
        if not set(self.says) <= set(self.values):
            raise ValueError(f"reading {self.name}: says what {sorted(set(self.says) - set(self.values))} say, "
                             f"which are not among {self.values}")

    def value(self, text: object) -> str | None:
        """The declared value `text` names (`-` and `_` alike), or None."""
        wanted = _spelling(text)
        return next((value for value in self.values if _spelling(value) == wanted), None)


def _spelling(text: object) -> str:
    return str(text).strip().replace("_", "-")


@dataclass
class Comparison(Generic[T]):
    """How outcomes depend on readings: the readings whose single change alters the chosen
    outcome (`differs_by`), and the choices grouped by equal outcome (chosen's group first)."""

    chosen: Choice
    differs_by: list[str] = field(default_factory=list)
    groups: list[tuple[T, list[Choice]]] = field(default_factory=list)

    @property
    def ambiguous(self) -> bool:
        return len(self.groups) > 1


class Readings(Mapping[str, tuple[tuple[str, ...], str, str]]):
    """The readings of one game or command (see module doc)."""

    def __init__(self, *readings: Reading):
        self.readings = {reading.name: reading for reading in readings}

    def reading(self, name: str) -> Reading:
        return self.readings[name]

    def with_defaults(self, **defaults: str) -> "Readings":
        """The same readings with other defaults (a variant of the game that settles some of them
        the other way)."""
        unknown = set(defaults) - set(self.readings)
        if unknown:
            raise ValueError(f"no readings {sorted(unknown)}")
        return Readings(*(replace(reading, default=defaults.get(name, reading.default))
                          for name, reading in self.readings.items()))

    def name(self, text: object) -> str | None:
        """The declared name `text` names (`-` and `_` alike), or None."""
        wanted = _spelling(text)
        return next((name for name in self.readings if _spelling(name) == wanted), None)

    # the mapping the hand-made tables were: name -> (values, default, question)
    def __getitem__(self, name: str) -> tuple[tuple[str, ...], str, str]:
        reading = self.readings[name]
        return reading.values, reading.default, reading.question

    def __iter__(self) -> Iterator[str]:
        return iter(self.readings)

    def __len__(self) -> int:
        return len(self.readings)

    def defaults(self) -> Choice:
        return {name: reading.default for name, reading in self.readings.items()}

    def parse(self, pairs: Given, *, source: str = "--reading") -> Choice:
        """A full choice from NAME=VALUE strings (or a mapping); `-` and `_` alike, the declared
        spelling kept. InputError for an unknown name or value."""
        chosen = self.defaults()
        items = (pairs.items() if isinstance(pairs, Mapping)
                 else [p.split("=", 1) if "=" in p else (p, None) for p in pairs or ()])
        for given, value in items:
            name = self.name(given)
            if name is None:
                raise InputError(f"unknown reading {excerpt(str(given))}; readings are {', '.join(self.readings)}",
                                 source=source)
            reading = self.readings[name]
            if value is None:
                raise InputError(f"write NAME=VALUE: {name}={reading.values[0]}, for example (values: "
                                 f"{', '.join(reading.values)})", source=source)
            declared = reading.value(value)
            if declared is None:
                raise InputError(f"unknown reading {name}={excerpt(str(value))}: {name} takes one of "
                                 f"{', '.join(reading.values)}", source=source)
            chosen[name] = declared
        return chosen

    def fields(self) -> dict[str, tuple]:
        """pydantic fields, one per reading (its values as a Literal, its default, its question), for
        `pydantic.create_model`: a model of the options is declared by the readings themselves."""
        return {name: (Literal[reading.values], Field(reading.default, description=reading.question))  # type: ignore[valid-type]
                for name, reading in self.readings.items()}

    def changed(self, chosen: Mapping[str, str]) -> dict[str, str]:
        """The readings `chosen` sets to other than their default, in declaration order."""
        return {name: chosen[name] for name, reading in self.readings.items()
                if name in chosen and chosen[name] != reading.default}

    def atoms(self, chosen: Mapping[str, str], predicate: str = "reading", *, changed_only: bool = False) -> list:
        """`predicate(name, value)` facts (as clingo symbols, `-` written `_`) for the encodings to
        branch on; with `changed_only`, only the readings that depart from their default."""
        shown = self.changed(chosen) if changed_only else {name: chosen[name] for name in self.readings}
        return [fact(predicate, Name(name.replace("-", "_")), Name(value.replace("-", "_")))
                for name, value in shown.items()]

    def every_atom(self, predicate: str = "reading") -> list:
        """`predicate(name, value)` for every value of every reading: the externals of a program
        grounded once and solved under each choice (`assumptions`)."""
        return [fact(predicate, Name(name.replace("-", "_")), Name(value.replace("-", "_")))
                for name, reading in self.readings.items() for value in reading.values]

    def assumptions(self, chosen: Mapping[str, str], predicate: str = "reading") -> list:
        """(atom, true or false) for every atom of `every_atom`: `chosen`'s values true, the rest false."""
        return [(atom, chosen[name] == value) for atom, (name, value) in
                zip(self.every_atom(predicate), ((n, v) for n, r in self.readings.items() for v in r.values))]

    def combinations(self) -> Iterator[Choice]:
        """Every choice, in declaration order (the defaults' values first where listed first)."""
        names = list(self.readings)
        for values in itertools.product(*(self.readings[name].values for name in names)):
            yield dict(zip(names, values))

    def variations(self, chosen: Choice) -> Iterator[tuple[str, str, Choice]]:
        """(name, other value, choice) for each single change of `chosen`."""
        for name, reading in self.readings.items():
            for value in reading.values:
                if value != chosen[name]:
                    yield name, value, {**chosen, name: value}

    @staticmethod
    def key(choice: Choice) -> tuple[str, ...]:
        return tuple(choice.values())

    def compare(self, chosen: Choice, outcome_of: Callable[[Choice], T],
                signature: Callable[[T], Hashable] = repr, *, every: bool = True) -> Comparison[T]:
        """Outcomes under `chosen` and the other choices (`every` combination, or only single
        changes), compared by `signature`; each choice is solved once."""
        runs: dict[tuple[str, ...], tuple[Choice, T]] = {}

        def run(choice: Choice) -> T:
            key = self.key(choice)
            if key not in runs:
                runs[key] = (choice, outcome_of(choice))
            return runs[key][1]

        base = run(chosen)
        comparison: Comparison[T] = Comparison(chosen=chosen)
        for name, _, other in self.variations(chosen):
            if signature(run(other)) != signature(base) and name not in comparison.differs_by:
                comparison.differs_by.append(name)
        if every:
            for choice in self.combinations():
                run(choice)
        groups: dict[Hashable, tuple[T, list[Choice]]] = {}
        for choice, result in runs.values():
            groups.setdefault(signature(result), (result, []))[1].append(choice)
        comparison.groups = sorted(groups.values(), key=lambda group: 0 if chosen in group[1] else 1)
        return comparison
