"""Bounded planning with Z3: named assumptions, budgets, witness models and minimal unsat cores.

A planning problem is a set of hard constraints (how actions follow each other in time) plus
*named assumptions*: the facts a ruleset gives (a voting period, a quorum, a rule being in force),
each one a Z3 constraint switched on by a literal. A satisfying model is a witness plan; when there
is none, a minimal subset of the assumptions that is still unsatisfiable names what blocks every
plan (a proof of impossibility within the bounds). Z3 runs with a time budget: past it the answer
is "unknown within budget" (`BudgetExceeded`, exit 3), naming the bound that was being checked.
Keep every constraint linear so that Z3 decides quickly and completely.
"""

from __future__ import annotations

import time
from typing import Any

import z3

from adjudicator import budget
from adjudicator.errors import BudgetExceeded


class BoundedPlanner:
    """A Z3 solver whose facts are named assumptions."""

    def __init__(self, what: str, timeout: float):
        self.what = what
        self.timeout = budget.command_budget(timeout)  # the budget an overrun names: the command's, if any
        self.allowed = budget.call_budget(timeout)  # within a command: no more than what is left of it
        self.started = time.monotonic()
        # A context of its own: in the shared main context the terms of earlier questions change
        # Z3's choices, and the same question asked twice in one process got different plans.
        self.ctx = z3.Context()
        self.solver = z3.Solver(ctx=self.ctx)
        self.solver.set("random_seed", 0)
        self.literals: dict[str, z3.BoolRef] = {}
        self.meaning: dict[str, Any] = {}  # label -> whatever the caller maps it back to

    # -- building ------------------------------------------------------------------------
    def int(self, name: str) -> z3.ArithRef:
        return z3.Int(name, self.ctx)

    def bool(self, name: str) -> z3.BoolRef:
        return z3.Bool(name, self.ctx)

    def const(self, truth: bool) -> z3.BoolRef:
        return z3.BoolVal(truth, self.ctx)

    def require(self, *constraints: Any) -> None:
        """Hard constraints: the structure of the plans."""
        self.solver.add(*constraints)

    def assume(self, label: str, constraint: Any, meaning: Any = None) -> None:
        """A named fact; several constraints may share a label."""
        if label not in self.literals:
            self.literals[label] = z3.Bool(f"assume[{label}]", self.ctx)
            self.meaning[label] = meaning
        self.solver.add(z3.Implies(self.literals[label], constraint))

    # -- solving -------------------------------------------------------------------------
    def left(self) -> float:
        return self.allowed - (time.monotonic() - self.started)

    def check(self, labels: list[str] | None = None, bound: str = "") -> z3.CheckSatResult:
        """Satisfiable under the assumptions `labels` (all by default)? Unknown raises BudgetExceeded."""
        left = self.left()
        if left <= 0:
            raise BudgetExceeded(f"{self.what}{' (' + bound + ')' if bound else ''}", self.timeout)
        self.solver.set("timeout", max(1, int(left * 1000)))
        chosen = [self.literals[x] for x in (self.literals if labels is None else labels)]
        result = self.solver.check(*chosen)
        if result == z3.unknown:
            raise BudgetExceeded(f"{self.what}{' (' + bound + ')' if bound else ''}: Z3 said "
                                 f"{self.solver.reason_unknown()}", self.timeout)
        return result

    def model(self) -> z3.ModelRef:
        return self.solver.model()

    def minimal_core(self, bound: str = "") -> list[str]:
        """After an unsat check of every assumption: a subset-minimal set of labels that is still
        unsatisfiable (Z3's core, then deletion of each label in turn)."""
        names = {str(lit): label for label, lit in self.literals.items()}
        core = [names[str(lit)] for lit in self.solver.unsat_core()]
        for label in list(core):
            trial = [x for x in core if x != label]
            if self.check(trial, bound) == z3.unsat:
                core = trial
        return core


def value(model: z3.ModelRef, term: Any) -> Any:
    """A model's value as a Python int or bool."""
    v = model.eval(term, model_completion=True)
    if z3.is_bool(v):
        return z3.is_true(v)
    return v.as_long()
