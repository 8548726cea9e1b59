"""Ground a program once, then solve it many times under assumptions.

The judge asks the same gamestate several questions: every consistent gamestate (projected on
the shown atoms), the gamestate with some rules switched off (`#external` atoms given as
assumptions), and, when there is no consistent gamestate, an unsatisfiable core over those
assumptions. Grounding once keeps that cheap. Single-threaded, and every call has a time budget
(`BudgetExceeded` past it), like `adjudicator.solving.solve`.
"""

from __future__ import annotations

import threading
import time
from typing import Iterable, Sequence

import clingo

from adjudicator.errors import BudgetExceeded
from adjudicator import budget
from adjudicator.solving import grounded_control

Assumption = tuple[clingo.Symbol, bool]


class GroundedProgram:
    """Encodings plus facts, grounded once; models and cores on demand."""

    def __init__(self, encodings: Sequence[str], programs: Iterable[str], *, timeout: float, what: str):
        self.what = what
        self.timeout = budget.command_budget(timeout)  # the budget an overrun names
        self.deadline = time.monotonic() + budget.call_budget(timeout)
        self.ctl, _ = grounded_control(encodings, programs, arguments=["--project=show"], what=what)
        self._check_budget("grounding")
        self._literals: dict[int, clingo.Symbol] | None = None

    def free_externals(self, signatures: Sequence[tuple[str, int]]) -> list[clingo.Symbol]:
        """Externals start false; free those of the given predicates, so that assumptions decide
        them in each call. Returns them."""
        freed = []
        for name, arity in signatures:
            for atom in self.ctl.symbolic_atoms.by_signature(name, arity):
                if atom.is_external:
                    self.ctl.assign_external(atom.symbol, None)
                    freed.append(atom.symbol)
        self._literals = None
        return freed

    @property
    def literals(self) -> dict[int, clingo.Symbol]:
        if self._literals is None:
            self._literals = {atom.literal: atom.symbol for atom in self.ctl.symbolic_atoms if atom.is_external}
        return self._literals

    def _check_budget(self, stage: str) -> float:
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            raise BudgetExceeded(f"{self.what} ({stage})", self.timeout)
        return remaining

    def externals(self, name: str, arity: int) -> list[clingo.Symbol]:
        return [atom.symbol for atom in self.ctl.symbolic_atoms.by_signature(name, arity) if atom.is_external]

    def models(self, assumptions: Sequence[Assumption] = (), max_models: int = 0) -> tuple[list[list[clingo.Symbol]], bool]:
        """Shown atoms of each stable model (distinct projections); and whether all were enumerated."""
        self.ctl.configuration.solve.models = max_models
        found: list[list[clingo.Symbol]] = []
        with self.ctl.solve(assumptions=list(assumptions), yield_=True, async_=True) as handle:
            while True:
                handle.resume()
                remaining = self._check_budget("solving")
                if not handle.wait(remaining):
                    handle.cancel()
                    raise BudgetExceeded(self.what, self.timeout)
                model = handle.model()
                if model is None:
                    break
                found.append(list(model.symbols(shown=True)))
            summary = handle.get()
        complete = bool(summary.exhausted) or max_models == 0 or len(found) < max_models
        return found, complete

    def core(self, assumptions: Sequence[Assumption]) -> list[clingo.Symbol] | None:
        """An unsatisfiable core (as the assumed symbols), or None when satisfiable."""
        self.ctl.configuration.solve.models = 1
        core_literals: list[int] = []

        def on_core(literals: Sequence[int]) -> None:
            core_literals.extend(literals)

        # Cores are reported only by a synchronous solve; a timer interrupts it at the budget.
        timer = threading.Timer(self._check_budget("core"), self.ctl.interrupt)
        timer.start()
        try:
            result = self.ctl.solve(assumptions=list(assumptions), on_core=on_core)
        finally:
            timer.cancel()
        if result.interrupted:
            raise BudgetExceeded(self.what, self.timeout)
        if result.satisfiable:
            return None
        return [self.literals[lit] for lit in core_literals if lit in self.literals]

    def satisfiable(self, assumptions: Sequence[Assumption]) -> bool:
        return self.core(assumptions) is None
