"""DATC v3.0 sections 6.H (retreats), 6.I (builds), 6.J (civil disorder and disbands): every
case file in cases/datc/ for these sections, phases chained (a retreat phase continues from its
movement phase's result)."""

from pathlib import Path

import pytest

from adjudicator.diplomacy.cases import check_expectation, load_case
from adjudicator.diplomacy.game import run_case_phases

ROOT = Path(__file__).resolve().parents[2]
CASES = sorted((ROOT / "cases" / "datc").glob("6.[HIJ].*.yaml"))


def test_all_cases_are_there():
    ids = {load_case(p).datc for p in CASES}
    assert ids == {f"6.{s}.{n}" for s, count in zip("HIJ", (16, 7, 11)) for n in range(1, count + 1)}


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_datc_case(path: Path):
    case = load_case(path)
    results = run_case_phases(case.phases, source=str(path))
    for phase, result in zip(case.phases, results):
        problems = check_expectation(phase.expect, result)
        assert not problems, f"{case.datc} {case.title} ({phase.phase}):\n" + "\n".join(problems)


def test_civil_disorder_removals_are_reported_with_their_reason():
    results = run_case_phases(load_case(ROOT / "cases/datc/6.J.03.yaml").phases)
    removal = [r for r in results[0].orders if r.order == "A SWE D"]
    assert removal and removal[0].result == "SUCCEEDS" and "rulebook: farthest first" in removal[0].reason
    assert "BT24" not in removal[0].reason  # a standard-rules case cites the rulebook, not the tournament
    assert "distance 2" in removal[0].reason


def test_retreat_phase_is_skipped_when_nothing_is_dislodged():
    from adjudicator.diplomacy.movement import adjudicate

    result = adjudicate({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "orders": {"FRANCE": ["A PAR - BUR"]}})
    assert result.next_phase == "F1901M"
    fall = adjudicate({"phase": "F1901M", "units": {"FRANCE": ["A BUR"]}, "centers": {"FRANCE": ["PAR"]},
                       "orders": {"FRANCE": ["A BUR H"]}})
    assert fall.next_phase == "S1902M"  # one unit, one centre: no adjustment phase
    fall = adjudicate({"phase": "F1901M", "units": {"FRANCE": ["A BUR"]}, "centers": {"FRANCE": ["PAR", "MAR"]},
                       "orders": {"FRANCE": ["A BUR H"]}})
    assert fall.next_phase == "W1901A"  # a build is possible in Paris or Marseilles
