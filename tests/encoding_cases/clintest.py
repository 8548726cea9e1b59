"""Small named cases for the encodings, in the style of potassco's clintest: each case is a few
facts, solved with the files its table names, and what the stable models must show, projected on
the predicates the case is about:

- `models`: exactly these models projected on the predicates they name (each a set of atoms; the
  set of distinct projections);
- `holds`: atoms in every model (cautious consequences; at least one model);
- `some`: atoms in some model (brave consequences);
- `never`: atoms in no model;
- `unsat`: no stable model at all.

Atoms are written as clingo prints them (spaces do not matter: each is parsed with clingo). A
case may name files of its own (`files`) and `#program` parts of an entry file (`parts`) beside
its table's, and mark a known wrong answer of an encoding with `xfail` (the reason), run
strictly: it fails once the encoding is fixed."""

from __future__ import annotations

from dataclasses import dataclass, field

import clingo
import pytest

from adjudicator.solving import solve

MAX_MODELS = 200  # a case is a few facts: more models than this is a mistake in the case


@dataclass(frozen=True)
class Case:
    name: str
    facts: str
    models: list[set[str]] | None = None
    holds: set[str] = field(default_factory=set)
    some: set[str] = field(default_factory=set)
    never: set[str] = field(default_factory=set)
    unsat: bool = False
    files: tuple[str, ...] = ()
    parts: tuple[str, ...] = ()  # `#program` parts of an entry file to ground besides base
    shown: bool = False  # project on the shown atoms (a show file's cases) instead of every atom
    xfail: str | None = None

    def __post_init__(self):
        if not (self.unsat or self.models is not None or self.holds or self.some or self.never):
            raise ValueError(f"case {self.name!r} expects nothing")


@dataclass(frozen=True)
class Table:
    """The cases of one encoding file, with the files they are solved with (the file itself and
    what it needs) and facts every case shares."""
    files: tuple[str, ...]
    cases: list[Case]
    base: str = ""
    parts: tuple[str, ...] = ()


def _atom(text: str) -> clingo.Symbol:
    return clingo.parse_term(text)


def _signatures(case: Case) -> set[tuple[str, int]]:
    atoms = set().union(*(case.models or []), case.holds, case.some, case.never)
    return {(s.name, len(s.arguments)) for s in map(_atom, atoms)}


def projected_models(files: tuple[str, ...], facts: str, signatures: set[tuple[str, int]] | None,
                     shown: bool = False, parts: tuple[str, ...] = ()) -> list[frozenset[clingo.Symbol]]:
    """The (optimal) stable models of `files` with `facts`, each as the set of its atoms of
    `signatures` (every atom when None): one entry per distinct projection."""
    found: list[frozenset[clingo.Symbol]] = []

    def keep(model: clingo.Model) -> None:
        if model.cost and not model.optimality_proven:
            return  # an optimising program: only its optimal models count
        atoms = model.symbols(shown=True) if shown else model.symbols(atoms=True)
        found.append(frozenset(s for s in atoms
                               if signatures is None or (s.name, len(s.arguments)) in signatures))

    result = solve(list(files), facts, timeout=20, max_models=MAX_MODELS + 1, on_model=keep,
                   arguments=["--opt-mode=optN"], parts=list(parts))
    assert len(result.models) <= MAX_MODELS, "too many models for a small case"
    return sorted(set(found), key=lambda m: sorted(map(str, m)))


def check(table: Table, case: Case) -> None:
    files = tuple(dict.fromkeys((*table.files, *case.files)))
    parts = tuple(dict.fromkeys((*table.parts, *case.parts)))
    models = projected_models(files, table.base + "\n" + case.facts, _signatures(case) or None, case.shown, parts)
    if case.unsat:
        assert models == [], f"expected no stable model, got {len(models)}"
        return
    assert models, "expected stable models, got none (unsatisfiable)"
    printed = [sorted(map(str, m)) for m in models]
    if case.models is not None:
        on = _signatures(Case(case.name, "", models=case.models))
        expected = sorted({tuple(sorted(str(_atom(a)) for a in m)) for m in case.models})
        got = sorted({tuple(sorted(str(s) for s in m if (s.name, len(s.arguments)) in on)) for m in models})
        assert got == expected, f"models {got} != expected {expected}"
    for text in case.holds:
        atom = _atom(text)
        assert all(atom in m for m in models), f"{text} is not in every model: {printed}"
    for text in case.some:
        atom = _atom(text)
        assert any(atom in m for m in models), f"{text} is in no model: {printed}"
    for text in case.never:
        atom = _atom(text)
        assert not any(atom in m for m in models), f"{text} is in some model: {printed}"


def params(tables: dict[str, Table]) -> list:
    """pytest parameters, one per case, named `file: case`."""
    out = []
    for name, table in tables.items():
        for case in table.cases:
            marks = [pytest.mark.xfail(strict=True, reason=case.xfail)] if case.xfail else []
            out.append(pytest.param(name, case, id=f"{name}: {case.name}", marks=marks))
    return out
