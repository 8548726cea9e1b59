"""Ground a program once, then solve it many times under different assumptions.

For inputs that are many independent instances of one problem (e.g. 1000 Diplomacy turns):
the encoding and all instances are grounded once; every solve switches instances and backup
rules on by assigning `#external` atoms (those not named in a solve are false).
Single-threaded, with a time budget per solve: an overrun raises `BudgetExceeded`.
"""

from __future__ import annotations

import time
from typing import Iterable, Sequence

import clingo

from adjudicator.errors import BudgetExceeded
from adjudicator import budget
from adjudicator.solving import DEFAULT_TIMEOUT, SolveResult, grounded_control


class GroundProgram:
    """Encodings plus facts, grounded once; `solve` enumerates models under assumptions."""

    def __init__(self, encodings: Sequence[str], facts: str | Sequence[str] = "", *,
                 timeout: float = DEFAULT_TIMEOUT, what: str = "solve", parts: Sequence[str] = ()):
        self.timeout = timeout
        self.what = what
        start = time.monotonic()
        allowed = budget.call_budget(timeout)
        programs = [facts] if isinstance(facts, str) else list(facts)
        self.ctl, _ = grounded_control(encodings, programs, what=what, parts=parts)
        self.ground_seconds = time.monotonic() - start
        self._true: set[clingo.Symbol] = set()  # externals currently assigned true (others false)
        if self.ground_seconds > allowed:
            raise BudgetExceeded(f"{what} (grounding)", budget.command_budget(timeout))

    def solve(self, true_externals: Iterable[clingo.Symbol], *, max_models: int = 0,
              what: str | None = None) -> SolveResult:
        """Enumerate up to `max_models` models (0: all) with the given externals true."""
        what = what or self.what
        wanted = set(true_externals)
        for symbol in self._true - wanted:
            self.ctl.assign_external(symbol, False)
        for symbol in wanted - self._true:
            atom = self.ctl.symbolic_atoms[symbol]
            if atom is None or not atom.is_external:
                raise ValueError(f"{symbol} is not an external atom of the program")
            self.ctl.assign_external(symbol, True)
        self._true = wanted
        self.ctl.configuration.solve.models = str(max_models)
        result = SolveResult()
        start = time.monotonic()
        allowed = budget.call_budget(self.timeout)  # within a command: no more than what is left of it
        with self.ctl.solve(yield_=True, async_=True) as handle:
            while True:
                handle.resume()
                remaining = allowed - (time.monotonic() - start)
                if remaining <= 0 or not handle.wait(remaining):
                    handle.cancel()
                    raise BudgetExceeded(what, budget.command_budget(self.timeout))
                model = handle.model()
                if model is None:
                    break
                result.models.append(list(model.symbols(shown=True)))
            summary = handle.get()
            result.exhausted = bool(summary.exhausted) or max_models == 0
        result.seconds = time.monotonic() - start
        return result
