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
from dataclasses import dataclass, field
from typing import Callable, Generic, Hashable, Iterable, Iterator, TypeVar

from adjudicator.errors import InputError, excerpt

T = TypeVar("T")
Choice = dict[str, str]


@dataclass(frozen=True)
class Reading:
    """One ambiguous passage: its readings (values), the default, and what it decides."""

    name: str
    values: tuple[str, ...]
    default: str
    question: str = ""

    def __post_init__(self) -> None:
        if self.default not in self.values:
            raise ValueError(f"reading {self.name}: default {self.default!r} is not one of {self.values}")


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

    def parse(self, pairs: Iterable[str] | Mapping[str, str] | None, *, source: str = "--reading") -> Choice:
        """A full choice from NAME=VALUE strings (or a mapping); `-` and `_` alike. InputError for
        an unknown name or value."""
        chosen = self.defaults()
        items = (pairs.items() if isinstance(pairs, Mapping)
                 else [p.split("=", 1) if "=" in p else (p, None) for p in pairs or ()])
        for name, value in items:
            key = str(name).strip().replace("_", "-")
            if key not in self.readings:
                raise InputError(f"unknown reading {excerpt(str(name))}; readings are {', '.join(self.readings)}",
                                 source=source)
            values = self.readings[key].values
            if value is None:
                raise InputError(f"write NAME=VALUE: {key}={values[0]}, for example (values: {', '.join(values)})",
                                 source=source)
            norm = str(value).strip().replace("_", "-")
            if norm not in values:
                raise InputError(f"reading {key} takes one of {', '.join(values)} (got {excerpt(str(value))})",
                                 source=source)
            chosen[key] = norm
        return chosen

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
