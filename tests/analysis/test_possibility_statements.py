"""The judge's statements about what players CAN bring about (R1698), answered by the ossification
model: verdicts are checked by tests/agora/test_cases.py; here the explanations and bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.agora.judge import judge_file
from adjudicator.errors import InputError

CASE = Path(__file__).resolve().parents[2] / "cases" / "cfj" / "r1698-possibility.yaml"


@pytest.fixture(scope="module")
def judged():
    return {j.statement: j for j in judge_file(CASE, readings=False).judgements}


def test_explanations_give_the_plan_or_the_blocking_rules(judged) -> None:
    after = judged["Agora would be ossified after proposal 9300"]
    assert after.verdict == "TRUE"
    assert any(line.strip().startswith("R106: R106 is not in force") for line in after.explanation)
    alive = judged["Agora is ossified"]
    assert alive.verdict == "FALSE" and "A plan:" in alive.explanation
    assert any("Aris create proposal" in line for line in alive.explanation)  # the case's players act
    win = judged["it is POSSIBLE for Aris to win within 28 days"]
    assert any("Declare Apathy" in line for line in win.explanation)
    late = judged["it is POSSIBLE for Aris to win within 3 days"]
    assert late.verdict == "FALSE" and any(line.strip().startswith("R2595:") for line in late.explanation)


def _case(tmp_path: Path, statement: str, players: str = "players: [alice, bob]") -> Path:
    path = tmp_path / "case.yaml"
    path.write_text(f"""title: bad possibility statements
gamestate:
  persons: [alice, bob]
  {players}
statements:
  - {{text: "{statement}", expect: TRUE}}
""")
    return path


@pytest.mark.parametrize("statement, problem", [
    ("proposal 77 cannot take effect", "no proposal 77"),
    ("it is POSSIBLE to enact a rule of Power 4.5", "between 0.1 and 4.0"),
    ("it is POSSIBLE for carol to win within 28 days", "carol"),
    ("it is POSSIBLE for alice to win within 0 days", "1 to 3650 days"),
])
def test_bad_statements_name_the_problem(tmp_path: Path, statement: str, problem: str) -> None:
    with pytest.raises(InputError, match=problem):
        judge_file(_case(tmp_path, statement), readings=False)


def test_players_are_needed(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="needs the players"):
        judge_file(_case(tmp_path, "Agora is ossified", players="players: []"), readings=False)
