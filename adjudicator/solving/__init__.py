"""The only module that talks to clingo.

Encodings are package data (`adjudicator.encodings`, the repo's `encodings/` folder) named by their
path relative to that folder, e.g. ``"diplomacy/movement.lp"``. Every solve is single-threaded and
has a time budget; running past it raises `BudgetExceeded`, never hangs.

Outcomes are classified by how many stable models there are: ``none`` (a paradox: no consistent
gamestate), ``one`` (determinate), ``several`` (indeterminate, or a choice the caller must settle).
"""

from __future__ import annotations

import math
import re
import threading
import time
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Callable, Iterable, Literal, Sequence

import clingo
from clingo import ast

from adjudicator.errors import BudgetExceeded, InputError
from adjudicator import budget
from adjudicator.solving import terms

__all__ = [
    "SolveResult",
    "Grounded",
    "check_timeout",
    "grounded_control",
    "encoding_path",
    "encoding_text",
    "entry_files",
    "solve",
    "check_size",
    "BudgetExceeded",
    "ProgramError",
    "DEFAULT_TIMEOUT",
]

DEFAULT_TIMEOUT = 30.0
Status = Literal["none", "one", "several"]


class ProgramError(InputError):
    """A logic program (an encoding, or raw ASP given by a user) does not parse or ground."""


def check_timeout(timeout: float) -> float:
    """A budget must be a positive, finite number of seconds (inf would wait forever, nan never).
    A programming error here (ValueError); people's `--timeout` is checked by `inputs.SECONDS`."""
    if not (isinstance(timeout, (int, float)) and math.isfinite(timeout) and timeout > 0):
        raise ValueError(f"a solver time budget must be a positive finite number of seconds, not {timeout!r}")
    return float(timeout)


def check_size(estimate: int, limit: int, what: str, detail: str) -> None:
    """Refuse, before grounding, an input whose grounding would exceed `limit` by the caller's
    `estimate` (a count proportional to the ground program, e.g. persons x events): an
    `InputError` naming the input and the numbers, instead of minutes of grounding and gigabytes."""
    if estimate > limit:
        raise InputError(f"{what}: too large to ground within this tool's limits ({detail} = {estimate:,}; "
                         f"at most {limit:,})")


def _out_of_memory(exc: BaseException) -> bool:
    return isinstance(exc, MemoryError) or "bad_alloc" in str(exc)


def encodings_root() -> Path:
    return Path(str(resources.files("adjudicator.encodings")))


def encoding_path(name: str) -> Path:
    path = encodings_root() / name
    if not path.is_file():
        raise FileNotFoundError(f"no encoding {name!r} in {encodings_root()}")
    return path


@lru_cache(maxsize=None)
def encoding_text(name: str) -> str:
    return encoding_path(name).read_text(encoding="utf-8")


# Entries read by their parts: only the files of the parts a task grounds are given to clingo.
# Their hot tasks ground a few of their files, many times (Diplomacy's chunks and Fall closes,
# `agora resolve` without the lifecycle); clingo reading every included file costs them
# measurably (benchmarks/README.md, "one entry per game"). The judge's entry: a part per Agoran
# notion, grounded only where a case uses it (adjudicator/agora/programs.py).
PARSED_BY_PARTS = frozenset({"diplomacy/main.lp", "agora/resolve.lp", "agora/main.lp"})
_PART = re.compile(r'^\s*#program\s+([a-z_][A-Za-z0-9_]*)\s*\.\s*$')
_INCLUDE = re.compile(r'^\s*#include\s+"([^"]+)"\s*\.\s*$')


@lru_cache(maxsize=None)
def _parts_text(name: str, parts: tuple[str, ...]) -> str:
    """The program of entry `name` for the `#program` parts to be grounded: each `#include`d file
    (found next to the file that names it, its own #includes followed) put in under the part
    named before it, as clingo does (after an #include, clingo continues in the base part), and
    the files of parts not grounded left out."""
    text = encoding_text(name)
    if "#include" not in text:
        return text
    folder = name.rpartition("/")[0]
    wanted = {"base", *parts}
    out, part = [], "base"
    for line in text.splitlines():
        if (m := _PART.match(line)):
            part = m.group(1)
        elif (m := _INCLUDE.match(line)):
            if part in wanted:
                out.append(f"#program {part}.\n{_parts_text(f'{folder}/{m.group(1)}', parts)}")
            part = "base"
        else:
            out.append(line)
    return "\n".join(out) + "\n#program base.\n"


@lru_cache(maxsize=None)
def entry_files(name: str) -> tuple[tuple[str, str], ...]:
    """The files entry `name` includes, its own #includes followed, in order: (part, file name)."""
    folder = name.rpartition("/")[0]
    out, part = [], "base"
    for line in encoding_text(name).splitlines():
        if (m := _PART.match(line)):
            part = m.group(1)
        elif (m := _INCLUDE.match(line)):
            included = f"{folder}/{m.group(1)}"
            out.extend([(part, included), *((part, inner) for _, inner in entry_files(included))])
            part = "base"
    return tuple(out)


@dataclass
class SolveResult:
    """Stable models (as lists of shown symbols), and what the enumeration established."""

    models: list[list[clingo.Symbol]] = field(default_factory=list)

    @property
    def status(self) -> Status:
        n = len(self.models)
        return "none" if n == 0 else "one" if n == 1 else "several"


def grounded_control(
    encodings: Iterable[str], programs: Iterable[str], *, arguments: Sequence[str] = (), what: str = "solve",
    parts: Sequence[str] = (), symbols: Iterable[clingo.Symbol] = (), externals: Iterable[clingo.Symbol] = (),
) -> tuple[clingo.Control, list[str]]:
    """A single-threaded Control with `encodings` (by name) and `programs` (text) added and the
    base part grounded, with the `#program` `parts` named (an entry file's `#include`s are
    clingo's: every included file is parsed, only the parts named are grounded); also the list clingo's messages go to (for later error
    reports). A program that does not parse or ground raises `ProgramError` naming it.
    `symbols`: facts as clingo symbols (`terms.fact`), given to clingo's backend before
    grounding (the grounder treats them as facts; no text to write or parse). `externals`: atoms
    declared `#external` (false until assigned or assumed), as clingo AST statements (atoms given to
    the backend before grounding would be no externals to the grounder)."""
    messages: list[str] = []

    def logger(code: clingo.MessageCode, message: str) -> None:
        # Undefined atoms are expected (facts are optional); keep the rest for error reports.
        if code != clingo.MessageCode.AtomUndefined:
            messages.append(message.strip())

    ctl = clingo.Control(["--parallel-mode=1", *arguments], logger=logger, message_limit=50)
    for name in encodings:
        try:  # clingo reads the file and its #includes (each once, found next to the file that names it)
            if name in PARSED_BY_PARTS:
                ctl.add("base", [], _parts_text(name, tuple(parts)))
            else:
                ctl.load(str(encoding_path(name)))
        except RuntimeError as exc:
            raise ProgramError(f"encoding {name} does not parse: {'; '.join(messages) or exc}") from None
    for index, text in enumerate(programs):
        try:
            ctl.add("base", [], text)
        except RuntimeError as exc:
            raise ProgramError(f"{what}: logic program {index + 1} does not parse: {'; '.join(messages) or exc}") from None
    with ctl.backend() as backend:
        for symbol in symbols:
            backend.add_rule([backend.add_atom(symbol)])
    externals = list(externals)
    if externals:
        with ast.ProgramBuilder(ctl) as builder:
            for symbol in externals:
                builder.add(terms.external(symbol))
    budget.stage(f"grounding {what}")
    try:
        ctl.ground([("base", []), *((part, []) for part in parts if part != "base")])
    except (RuntimeError, MemoryError) as exc:
        if _out_of_memory(exc):
            raise BudgetExceeded(f"grounding {what}", 0, resource="memory") from None
        raise ProgramError(f"{what}: grounding failed: {'; '.join(messages) or exc}") from None
    budget.stage(f"solving {what}")
    return ctl, messages


class Grounded:
    """Encodings plus facts, grounded once; then solved as often as needed, with one solve loop.

    The one way the package grounds and solves (the one-shot `solve` below is a `Grounded` solved
    once). Each solve enumerates the shown atoms of stable models under assumptions, or with
    `#external` atoms switched on (`solve`: those not named are false), under a time budget:
    `BudgetExceeded` past it, never a hang. The budget is one deadline for grounding and every
    solve (a case asked several questions), or, with `budget_per_solve`, a fresh budget per solve
    (many independent instances in one program, e.g. a chunk of Diplomacy turns). `project`
    enumerates distinct projections on the shown atoms. `core` gives an unsatisfiable core over
    assumptions."""

    def __init__(self, encodings: Sequence[str], programs: str | Iterable[str] = "", *,
                 timeout: float = DEFAULT_TIMEOUT, what: str = "solve", parts: Sequence[str] = (),
                 arguments: Sequence[str] = (), project: bool = False, budget_per_solve: bool = False,
                 symbols: Iterable[clingo.Symbol] = (), externals: Iterable[clingo.Symbol] = ()):
        check_timeout(timeout)
        self.what = what
        self.timeout = timeout
        self.named_budget = budget.command_budget(timeout)  # the budget an overrun names: the command's, if any
        self.budget_per_solve = budget_per_solve
        self.start = time.monotonic()
        allowed = budget.call_budget(timeout)
        if allowed <= 0:
            raise BudgetExceeded(what, self.named_budget)
        self.deadline = self.start + allowed
        texts = [programs] if isinstance(programs, str) else list(programs)
        self.ctl, _ = grounded_control(encodings, texts, what=what, parts=parts, symbols=symbols, externals=externals,
                                       arguments=[*(["--project=show"] if project else []), *arguments])
        if time.monotonic() >= self.deadline:
            raise BudgetExceeded(f"{what} (grounding)", self.named_budget)
        self._true: set[clingo.Symbol] = set()  # externals `solve` has switched on (the others are off)
        self._literals: dict[int, clingo.Symbol] | None = None

    def _check_budget(self, stage: str | None = None) -> float:
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            raise BudgetExceeded(f"{self.what} ({stage})" if stage else self.what, self.named_budget)
        return remaining

    def _fresh_deadline(self) -> None:
        if self.budget_per_solve:  # within a command: no more than what is left of it
            self.deadline = time.monotonic() + budget.call_budget(self.timeout)

    def _enumerate(self, assumptions: Sequence[tuple[clingo.Symbol, bool]], max_models: int,
                   on_model: Callable[[clingo.Model], None] | None = None) -> tuple[list[list[clingo.Symbol]], bool]:
        """The one solve loop: shown atoms of up to `max_models` models (0: all), and whether
        every model was enumerated."""
        self.ctl.configuration.solve.models = str(max_models)
        found: list[list[clingo.Symbol]] = []
        with self.ctl.solve(assumptions=list(assumptions), yield_=True, async_=True) as handle:
            while True:
                handle.resume()
                remaining = self.deadline - time.monotonic()
                if remaining <= 0 or not handle.wait(remaining):
                    handle.cancel()
                    raise BudgetExceeded(self.what, self.named_budget)
                model = handle.model()
                if model is None:
                    break
                found.append(list(model.symbols(shown=True)))
                if on_model is not None:
                    on_model(model)
            summary = handle.get()
        return found, bool(summary.exhausted) or max_models == 0 or len(found) < max_models

    def models(self, assumptions: Sequence[tuple[clingo.Symbol, bool]] = (), max_models: int = 0,
               on_model: Callable[[clingo.Model], None] | None = None) -> tuple[list[list[clingo.Symbol]], bool]:
        """Shown atoms of each stable model under `assumptions`; and whether all were enumerated."""
        self._fresh_deadline()
        return self._enumerate(assumptions, max_models, on_model)

    def solve(self, true_externals: Iterable[clingo.Symbol] = (), *, max_models: int = 0,
              on_model: Callable[[clingo.Model], None] | None = None) -> SolveResult:
        """Models with the given externals true and every other one `solve` switched on false."""
        self.switch_externals(true_externals)
        self._fresh_deadline()
        models, _ = self._enumerate((), max_models, on_model)
        return SolveResult(models=models)

    def switch_externals(self, true_externals: Iterable[clingo.Symbol]) -> None:
        """These externals true for the next solves, and every other one switched on before false
        again. ValueError on an atom the program did not declare `#external`."""
        wanted = set(true_externals)
        for symbol in wanted - self._true:
            atom = self.ctl.symbolic_atoms[symbol]
            if atom is None or not atom.is_external:
                raise ValueError(f"{symbol} is not an external atom of the program")
        for symbol in self._true - wanted:
            self.ctl.assign_external(symbol, False)
        for symbol in wanted - self._true:
            self.ctl.assign_external(symbol, True)
        self._true = wanted

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

    def core(self, assumptions: Sequence[tuple[clingo.Symbol, bool]]) -> list[clingo.Symbol] | None:
        """An unsatisfiable core (as the assumed symbols), or None when satisfiable."""
        self.ctl.configuration.solve.models = 1
        core_literals: list[int] = []

        def on_core(literals: Sequence[int]) -> None:
            core_literals.extend(literals)

        # Cores are reported only by a synchronous solve; a timer interrupts it at the budget.
        self._fresh_deadline()
        timer = threading.Timer(self._check_budget("core"), self.ctl.interrupt)
        timer.start()
        try:
            result = self.ctl.solve(assumptions=list(assumptions), on_core=on_core)
        finally:
            timer.cancel()
        if result.interrupted:
            raise BudgetExceeded(self.what, self.named_budget)
        if result.satisfiable:
            return None
        if self._literals is None:
            self._literals = {atom.literal: atom.symbol for atom in self.ctl.symbolic_atoms if atom.is_external}
        return [self._literals[lit] for lit in core_literals if lit in self._literals]

    def satisfiable(self, assumptions: Sequence[tuple[clingo.Symbol, bool]]) -> bool:
        return self.core(assumptions) is None


def solve(
    encodings: Sequence[str],
    facts: str | Sequence[str] = "",
    *,
    timeout: float = DEFAULT_TIMEOUT,
    max_models: int = 0,
    arguments: Sequence[str] = (),
    on_model: Callable[[clingo.Model], None] | None = None,
    what: str = "solve",
    parts: Sequence[str] = (),
    symbols: Iterable[clingo.Symbol] = (),
) -> SolveResult:
    """Ground `encodings` with `facts` and enumerate stable models (all of them when `max_models` is 0).

    Each model is the list of its shown symbols (`#show`); a program without `#show` shows all atoms.
    `symbols`: more facts, as clingo symbols (see `grounded_control`).
    Raises `BudgetExceeded` when grounding and solving run past `timeout` seconds, `ProgramError`
    when a program does not parse.
    """
    program = Grounded(encodings, facts, timeout=timeout, what=what, parts=parts, symbols=symbols,
                       arguments=[f"--models={max_models}", *arguments])
    models, _ = program._enumerate((), max_models, on_model)
    return SolveResult(models=models)

