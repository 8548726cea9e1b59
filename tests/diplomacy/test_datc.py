"""DATC v3.0 sections 6.A-6.G: every case file in cases/datc/ adjudicated and checked, one test
per case (id = DATC id and title)."""

from pathlib import Path

import pytest

from adjudicator.diplomacy.movement import adjudicate
from adjudicator.diplomacy.cases import check_expectation, load_case

ROOT = Path(__file__).resolve().parents[2]
CASES = sorted((ROOT / "cases" / "datc").glob("6.[A-G].*.yaml"))

# Where the turn has no unique resolution, the result must name the paradox (never silently).
# Circular movement is no paradox (the rulebook moves the circle): its moves say so in their reason.
CIRCULAR = {"6.C.1", "6.C.2", "6.C.4", "6.C.6", "6.G.1", "6.G.12", "6.E.11", "6.G.5", "6.G.6"}
PARADOXES = {
    "6.F.14": "convoy paradox", "6.F.15": "convoy paradox", "6.F.16": "convoy paradox",
    "6.F.17": "convoy paradox", "6.F.18": "convoy paradox", "6.F.22": "convoy paradox",
    "6.F.23": "convoy paradox", "6.F.24": "convoy paradox", "6.G.11": "convoy paradox",
}


def _case_id(path: Path) -> str:
    case = load_case(path)
    return f"{case.datc} {case.title}"


def test_all_sections_are_there():
    ids = {load_case(p).datc for p in CASES}
    expected = {f"6.{s}.{n}" for s, count in zip("ABCDEFG", (12, 15, 9, 34, 15, 25, 20)) for n in range(1, count + 1)}
    assert ids == expected


@pytest.mark.parametrize("path", CASES, ids=[_case_id(p) for p in CASES])
def test_datc_case(path: Path):
    case = load_case(path)
    for phase in case.phases:
        result = adjudicate(phase.turn(), source=str(path))
        problems = check_expectation(phase.expect, result)
        assert not problems, f"{case.datc} {case.title}:\n" + "\n".join(problems)
        wanted = PARADOXES.get(case.datc)
        if wanted:
            assert [p.kind for p in result.paradoxes] and all(p.kind == wanted for p in result.paradoxes)
            for p in result.paradoxes:
                assert p.orders and p.rule and p.applied
                # several resolutions are listed; none means the Szykman rule found the core
                assert (p.consistent_resolutions == 0) == (not p.alternatives)
        elif phase.phase.endswith("M"):
            assert result.paradoxes == [], f"unexpected paradox in {case.datc}: {result.paradoxes}"
        circling = [r for r in result.orders if r.reason.startswith("circular movement")]
        assert bool(circling) == (case.datc in CIRCULAR)
        assert all(r.result == "SUCCEEDS" for r in circling)


def test_all_cases_in_one_batch_match_one_by_one():
    """Grounding all turns in one program gives the same results as one turn at a time."""
    turns = [load_case(p).phases[0].turn() for p in CASES if load_case(p).phases[0].phase.endswith("M")]
    together = adjudicate(turns)
    for turn, result in zip(turns, together):
        assert adjudicate(turn) == result
