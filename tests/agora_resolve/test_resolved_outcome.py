"""R2034's "resolved as indicated" in the encodings (decisions.lp's `resolved_outcome/2`), on the
bundled self-ratification case: a ratified message's outcome is the one the decision is resolved
with, whatever the count gave (`outcome/2`); a doubted or not yet ratified message leaves the count's."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.agora import resolve
from adjudicator.agora.decisions import Builder, load_input
from adjudicator.agora.parameters import parameter_facts
from adjudicator.solving.terms import Atoms, Name, program

CASE = str(Path(__file__).resolve().parents[2] / "cases" / "agora" / "self-ratification.yaml")

CASES = {
    # name: (decision, the count's outcome, the outcome it is resolved with)
    "R2034, R2201: undoubted for a week: the message's ADOPTED, though the count gives REJECTED": (
        8700, "rejected", "adopted"),
    "R2201: doubted within the week: the count's REJECTED": (8701, "rejected", "rejected"),
    "R2201: a week not yet over at as_of: the count's REJECTED": (8702, "rejected", "rejected"),
}


@pytest.fixture(scope="module")
def model_atoms() -> Atoms:
    data = load_input(CASE)
    ruleset = resolve._load_ruleset(data.ruleset)
    facts = Builder(data, CASE).build() + program(
        atom for d in data.decisions for atom in parameter_facts(d.id, ruleset))
    models, _, _ = resolve._solve(facts, False, 30.0, CASE)
    return Atoms(models[0])


@pytest.mark.parametrize("name", CASES)
def test_resolved_outcome(name, model_atoms):
    decision, counted, resolved_with = CASES[name]
    assert model_atoms.grouped("outcome", 2).get(decision) == [(Name(counted),)]
    assert model_atoms.grouped("resolved_outcome", 2).get(decision) == [(Name(resolved_with),)]
