"""Test-case files (DATC and others) in our own YAML format, and their loader.

A case file (``cases/datc/6.A.01.yaml``)::

    datc: 6.A.1                       # DATC id (omit for non-DATC cases)
    title: Moving to an area that is not a neighbour
    source: DATC v3.0 6.A.1
    rules: standard                   # rules variant (optional, default standard)
    edition: 2023                     # optional: the rulebook edition the expectation is for
    note: ...                         # optional: the DATC preference followed, etc.
    phases:                           # one or more phases, in order
      - phase: S1901M                 # M, R (retreats) or A (adjustments) phases
        units:  {ENGLAND: [F NTH]}
        orders: {ENGLAND: [F NTH - PIC]}
        centers: {...}                # optional
        dislodged: {...}              # optional, for retreat phases (as in the result JSON)
        expect:
          results:                    # per power, order text as written above -> outcome
            ENGLAND: {F NTH - PIC: FAILS}
          dislodged: {ENGLAND: [F NTH]}   # optional: exactly these units are dislodged
          units: {...}                # optional: exactly this position after the phase
          paradox: convoy paradox     # optional: a paradox of this kind must be reported

Powers may be written in any case ("France"), orders and units in any notation the orders
accept ("Army Paris -> Burgundy"): they are compared as parsed. Any other key of `expect:`, an
unknown power or an unreadable order is refused (exit 2): an expectation is never ignored.

Outcomes: SUCCEEDS; FAILS, which the DATC also uses for an illegal order (DATC 4.E.1), so it is
met by FAILS or INVALID; INVALID, met only by INVALID.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from adjudicator.diplomacy.maps import load_map
from adjudicator.diplomacy.models import Turn, TurnResult
from adjudicator.diplomacy.orders import parse_order, parse_unit, power_name
from adjudicator.errors import InputError
from adjudicator.inputs import read_structured, validation_problems

Expectation = Literal["SUCCEEDS", "FAILS", "INVALID"]


class PhaseExpectation(BaseModel):
    model_config = ConfigDict(extra="forbid")

    results: dict[str, dict[str, Expectation]] = Field(default_factory=dict)
    dislodged: dict[str, list[str]] | None = None
    units: dict[str, list[str]] | None = None
    paradox: Literal["circular movement", "convoy paradox", "conditional paradox"] | None = None


class CasePhase(Turn):
    expect: PhaseExpectation = Field(default_factory=PhaseExpectation)

    def turn(self) -> Turn:
        return Turn(**self.model_dump(exclude={"expect"}, exclude_unset=True))  # keeps units_given


class Case(BaseModel):
    model_config = ConfigDict(extra="forbid")

    datc: str | None = None
    title: str
    source: str | None = None
    rules: str = "standard"
    edition: str | None = None
    note: str | None = None
    phases: list[CasePhase]
    path: str | None = None

    @property
    def id(self) -> str:
        return self.datc or Path(self.path or self.title).stem


def load_case(path: str | Path) -> Case:
    path = Path(path)
    data = read_structured(path, "case")  # the one input layer: sizes, depth, aliases, keys as strings
    return case_from_data(data, str(path))


def case_from_data(data: object, source: str) -> Case:
    """A case file's content (already read) as a `Case`; the case's `rules` apply to every phase
    that names none."""
    if not isinstance(data, dict):
        raise InputError("a case file is a mapping with phases", source=source)
    try:
        case = Case.model_validate({"title": Path(source).stem, **data, "path": source})
    except ValidationError as exc:
        raise InputError(f"not a case file: {validation_problems(exc)}", source=source) from None
    for number, phase in enumerate(case.phases, 1):
        if "rules" not in phase.model_fields_set and case.rules != "standard":
            phase.rules = case.rules
        _check_names(phase.expect, f"{source}, phase {number}: expect")
    return case


def _check_names(expect: PhaseExpectation, where: str) -> None:
    """InputError naming the first power, order or unit of `expect` that cannot be read."""
    board = load_map()
    for power, orders in expect.results.items():
        power_name(board, power, source=f"{where}: results")
        for order in orders:
            parse_order(str(order), board, source=f"{where}: results: {power}")
    for field, listed in (("dislodged", expect.dislodged), ("units", expect.units)):
        for power, units in (listed or {}).items():
            power_name(board, power, source=f"{where}: {field}")
            for unit in units:
                parse_unit(board, str(unit), source=f"{where}: {field}: {power}")


def _order_key(power: str, text: str) -> tuple[str, str, str | None] | None:
    """An order as compared: the power's name, the order in short notation (the units' types left
    out, as an order may omit them) and its conditions; None when it cannot be read."""
    board = load_map()
    try:
        order = parse_order(text, board)
        return power_name(board, power), order.model_copy(update={"unit_type": None, "target_type": None}).canonical(), \
            order.condition_text()
    except InputError:
        return None


def _units(listed: dict[str, list[str]]) -> set[tuple[str, str]]:
    """Units per power as compared: ('FRANCE', 'A PAR') whichever way power and unit are written."""
    board = load_map()
    found = set()
    for power, units in listed.items():
        for unit in units:
            try:
                found.add((power_name(board, power), " ".join(parse_unit(board, str(unit)))))
            except InputError:
                found.add((power, str(unit)))
    return found


def _full(r) -> str:
    """An order with its conditions (BT15), as a case writes it."""
    return f"{r.order} IF {r.condition}" if r.condition else r.order


def check_expectation(expect: PhaseExpectation, result: TurnResult) -> list[str]:
    """Differences between an expectation and a result, as readable lines (empty: as expected)."""
    problems = []
    # an expectation names the order as the case wrote it (or in short notation)
    got = {(r.power, r.written or r.order): r for r in result.orders}
    got.update({(r.power, _full(r)): r for r in result.orders if (r.power, _full(r)) not in got})
    parsed = {_order_key(r.power, _full(r)): r for r in reversed(result.orders)}  # the first of equal orders
    parsed.pop(None, None)
    for power, orders in expect.results.items():
        for order, wanted in orders.items():
            r = got.get((power, order)) or parsed.get(_order_key(power, order))
            if r is None:
                problems.append(f"{power}: {order}: no result")
                continue
            ok = r.result == wanted or (wanted == "FAILS" and r.result == "INVALID")
            if not ok:
                problems.append(f"{power}: {order}: expected {wanted}, got {r.result} ({r.reason})")
    if expect.dislodged is not None:
        want = _units(expect.dislodged)
        have = _units({p: [d.unit for d in units] for p, units in result.dislodged.items()})
        if want != have:
            problems.append(f"dislodged: expected {sorted(want)}, got {sorted(have)}")
    if expect.units is not None:
        want = _units(expect.units)
        have = _units(result.units)
        if want != have:
            problems.append(f"units: expected {sorted(want)}, got {sorted(have)}")
    if expect.paradox is not None and not any(p.kind == expect.paradox for p in result.paradoxes):
        problems.append(f"expected a reported {expect.paradox}, got {[p.kind for p in result.paradoxes]}")
    return problems
