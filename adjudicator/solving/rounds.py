"""Solve, compare the models, add facts, solve again: on one grounding.

A question some stable model cannot answer alone (R2518: is a value the same in every consistent
gamestate? DATC 4.A.2: do the resolutions of a turn differ, and in what?) is asked over rounds:
solve, compare what the models say, add what the comparison decides, solve again. Grounding once
is the point: what a round may add is declared in the program as `#external` atoms (false until
added), so adding is switching them on, not grounding everything again.

    program = Grounded(["game/main.lp"], facts, parts=[...])
    rounds = Rounds(program)
    first = rounds.solve(max_models=16)          # Round: models, brave, cautious, disputed(...)
    rounds.add([fact("settled_choice", x) for x in first.disputed("chosen", 2)])
    second = rounds.solve(max_models=16)         # the same grounding, the added atoms true
    seen = rounds.run(step)                      # the loop: step(round) -> atoms to add, until none is new

`consequences()` asks clingo for the brave and cautious consequences directly (no model is
enumerated); `as_facts` gives a round's models to an ASP step program (`model(K, Atom)`);
`minimal_core` is the other question over several solves: which assumptions together have no
model.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

import clingo

from adjudicator.solving import Grounded

__all__ = ["Round", "Consequences", "Rounds", "as_facts", "minimal_core"]

Assumptions = Sequence[tuple[clingo.Symbol, bool]]


def _matches(symbol: clingo.Symbol, name: str | None, arity: int | None) -> bool:
    return (symbol.type == clingo.SymbolType.Function and (name is None or symbol.name == name)
            and (arity is None or len(symbol.arguments) == arity))


@dataclass(frozen=True)
class Consequences:
    """What some model holds (`brave`) and what every model holds (`cautious`), as shown atoms."""

    brave: frozenset[clingo.Symbol]
    cautious: frozenset[clingo.Symbol]

    def disputed(self, name: str | None = None, arity: int | None = None) -> list[clingo.Symbol]:
        """Shown atoms (of `name/arity`) true in some models but not in all, sorted."""
        return sorted(s for s in self.brave - self.cautious if _matches(s, name, arity))


@dataclass(frozen=True)
class Round:
    """One solve: its models (shown atoms, in clingo's order), whether all were enumerated, and
    the atoms added before it (every round's additions so far)."""

    number: int
    models: list[list[clingo.Symbol]]
    complete: bool
    added: frozenset[clingo.Symbol] = field(default_factory=frozenset)

    @property
    def status(self) -> str:
        """none (no model: a paradox), one (determinate) or several."""
        return "none" if not self.models else "one" if len(self.models) == 1 else "several"

    @property
    def brave(self) -> frozenset[clingo.Symbol]:
        """Atoms of some model found."""
        return frozenset(s for model in self.models for s in model)

    @property
    def cautious(self) -> frozenset[clingo.Symbol]:
        """Atoms of every model found (none when there is no model)."""
        if not self.models:
            return frozenset()
        common = set(self.models[0])
        for model in self.models[1:]:
            common.intersection_update(model)
        return frozenset(common)

    def consequences(self) -> Consequences:
        return Consequences(self.brave, self.cautious)

    def disputed(self, name: str | None = None, arity: int | None = None) -> list[clingo.Symbol]:
        """Atoms (of `name/arity`) in some of the models found but not in all, sorted."""
        return self.consequences().disputed(name, arity)

    def values(self, name: str, arity: int) -> dict[tuple[clingo.Symbol, ...], set[clingo.Symbol]]:
        """For `name/arity` atoms read as key and value (all arguments but the last, the last):
        every value each key takes in the models found; a key with two or more is disputed."""
        seen: dict[tuple[clingo.Symbol, ...], set[clingo.Symbol]] = {}
        for model in self.models:
            for s in model:
                if _matches(s, name, arity):
                    *key, value = s.arguments
                    seen.setdefault(tuple(key), set()).add(value)
        return seen


def as_facts(models: Iterable[Sequence[clingo.Symbol]], name: str = "model",
             keep: Callable[[clingo.Symbol], bool] | None = None) -> list[clingo.Symbol]:
    """Models as facts for an ASP step program that compares them: `name(K, Atom)` for the K-th
    model (from 0) and each of its atoms that `keep` accepts (all, without `keep`)."""
    return [clingo.Function(name, [clingo.Number(k), s])
            for k, model in enumerate(models) for s in model if keep is None or keep(s)]


class Rounds:
    """The rounds of one grounded program. What a round adds are `#external` atoms of the program
    (`add`, then `solve`): they stay true for every later round; those not added are false (an
    assumption cannot make one true). `max_rounds` bounds `run`."""

    def __init__(self, program: Grounded, *, max_rounds: int = 16):
        self.program = program
        self.max_rounds = max_rounds
        self.rounds: list[Round] = []
        self._added: set[clingo.Symbol] = set()

    @property
    def added(self) -> frozenset[clingo.Symbol]:
        return frozenset(self._added)

    def add(self, symbols: Iterable[clingo.Symbol]) -> bool:
        """Switch these externals on for the next solves; False when none of them is new (nothing
        would change: the rounds are at a fixed point). ValueError on an atom the program did not
        declare `#external` (adding it would change nothing either, silently)."""
        new = set(symbols) - self._added
        self.program.switch_externals(self._added | new)  # checks that each is an external
        self._added |= new
        return bool(new)

    def solve(self, *, max_models: int = 0, assumptions: Assumptions = ()) -> Round:
        """Models (up to `max_models`, 0: all) with the added atoms true, under `assumptions`."""
        self.program.switch_externals(self._added)
        models, complete = self.program.models(assumptions, max_models)
        found = Round(len(self.rounds), models, complete, frozenset(self._added))
        self.rounds.append(found)
        return found

    def consequences(self, assumptions: Assumptions = ()) -> Consequences | None:
        """The brave and cautious consequences over all models with the added atoms true (two
        solves in clingo's brave and cautious modes, no model enumerated); None when there is no
        model."""
        self.program.switch_externals(self._added)
        solving = self.program.ctl.configuration.solve
        mode = solving.enum_mode
        found = {}
        try:
            for kind in ("brave", "cautious"):
                solving.enum_mode = kind
                models, _ = self.program.models(assumptions, 0)
                if not models:
                    return None
                found[kind] = frozenset(models[-1])  # the last model of the mode is the answer
        finally:
            solving.enum_mode = mode
        return Consequences(found["brave"], found["cautious"])

    def run(self, step: Callable[[Round], Iterable[clingo.Symbol]], *, max_models: int = 0,
            assumptions: Assumptions = ()) -> list[Round]:
        """Solve; give the round to `step`; add the atoms it returns; solve again; until `step`
        returns nothing new or `max_rounds` rounds were solved. Returns the rounds of this run."""
        start = len(self.rounds)
        while len(self.rounds) - start < self.max_rounds:
            found = self.solve(max_models=max_models, assumptions=assumptions)
            if not self.add(step(found)):
                break
        return self.rounds[start:]


def minimal_core(program: Grounded, assumptions: Assumptions) -> list[clingo.Symbol] | None:
    """A subset-minimal set of the assumed atoms that together have no model (clingo's core,
    then minimised by deletion, in the core's order), or None when the assumptions have a model.
    Externals assumed true must be free (`Grounded.free_externals`): one that is false conflicts
    with its assumption on its own."""
    core = program.core(assumptions)
    if core is None:
        return None
    value = dict(assumptions)
    minimal = [s for s in core if s in value]
    for candidate in list(minimal):
        trial = [s for s in minimal if s != candidate]
        if not program.satisfiable([(s, value[s]) for s in trial]):
            minimal = trial
    return minimal
