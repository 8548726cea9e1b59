"""R1698's guard inside `agora resolve`: an ADOPTED proposal whose net effect would ossify Agora
does not take effect (cases/agora/r1698-cancelled.yaml)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from adjudicator.agora.resolve import resolve_file
from adjudicator.analysis.r1698 import R1698Guard
from adjudicator.cli import main
from adjudicator.errors import BudgetExceeded
from adjudicator.rulesets import load_ruleset
from adjudicator.rulesets.proposal import Proposal

CASE = Path(__file__).resolve().parents[2] / "cases" / "agora" / "r1698-cancelled.yaml"


def test_a_proposal_that_would_ossify_agora_does_not_take_effect() -> None:
    result = resolve_file(str(CASE))
    assert result.mismatches == []
    repeal, longer = result.ruleset_changes
    assert not repeal.took_effect and repeal.r1698 is not None and repeal.r1698.cancelled
    assert repeal.r1698.why.startswith("R1698") and "R106" in [b.rule for b in repeal.r1698.blocking]
    assert [c["status"] for c in repeal.changes] == ["CANCELLED"]
    assert repeal.ruleset_after == repeal.ruleset_before == result.ruleset
    # the next proposal sees R106 still in force and takes effect
    assert longer.took_effect and not longer.r1698.cancelled and [c["status"] for c in longer.changes] == ["APPLIED"]
    assert longer.ruleset_before == result.ruleset


def test_skipping_the_check_lets_the_repeal_take_effect() -> None:
    repeal = resolve_file(str(CASE), check_r1698=False).ruleset_changes[0]
    assert repeal.took_effect and repeal.r1698 is None and [c["status"] for c in repeal.changes] == ["APPLIED"]


def test_cli_reports_the_cancellation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["agora", "resolve", str(CASE)]) == 0
    out = capsys.readouterr().out
    assert "Proposal 9300 (Repeal Adopting Proposals) did NOT take effect: R1698" in out
    assert "CANCELLED: R1698" in out and "Proposal 9301 (Longer voting) took effect" in out


def test_a_check_past_its_budget_is_unknown_never_a_guess() -> None:
    guard = R1698Guard(3, timeout=1e-9)
    proposal = Proposal(title="Repeal Adopting Proposals", power=Decimal(3), text="Repeal rule 106.")
    with pytest.raises(BudgetExceeded, match="R1698's guard on Repeal Adopting Proposals .*--skip-r1698"):
        guard.take_effect(load_ruleset("agora-slr-2020-12-31"), proposal)


UNREAD = CASE.with_name("r1698-not-understood.yaml")


def test_a_clause_the_model_cannot_read_leaves_the_check_undecided_and_named(capsys) -> None:
    result = resolve_file(str(UNREAD))
    assert result.mismatches == []
    (change,) = result.ruleset_changes
    assert change.took_effect and not change.r1698.cancelled
    assert len(change.r1698.not_understood) == 1 and "Amend Rule 106" in change.r1698.not_understood[0]
    assert main(["agora", "resolve", str(UNREAD)]) == 0
    assert "R1698's check not decided" in capsys.readouterr().out
    # an understood proposal names nothing
    assert all(not c.r1698.not_understood for c in resolve_file(str(CASE)).ruleset_changes)


def test_the_judge_does_not_answer_about_a_proposal_the_model_cannot_read(tmp_path, capsys) -> None:
    import yaml
    case = yaml.safe_load((CASE.parents[1] / "cfj" / "r1698-possibility.yaml").read_text())
    unread = yaml.safe_load(UNREAD.read_text())["decisions"][0]["proposal"]["text"]
    case["decisions"]["decisions"][1]["proposal"]["text"] = unread
    for statement in ("proposal 9301 cannot take effect", "Agora would be ossified after proposal 9301"):
        case["statements"] = [{"text": statement}]
        path = tmp_path / "case.yaml"
        path.write_text(yaml.safe_dump(case))
        assert main(["judge", str(path)]) == 3
        err = capsys.readouterr().err.splitlines()
        assert len(err) == 1 and err[0].startswith("unknown: ") and "does not understand" in err[0]
