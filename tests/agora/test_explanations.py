"""Explanations name rules by ID, title and Power, the R1030 step that settled each conflict,
and the minimal set of rules in a paradox; reason classes keep DISMISS and PARADOXICAL apart."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.agora.judge import judge_file

CASES = Path(__file__).resolve().parents[2] / "cases" / "cfj"


@pytest.mark.parametrize("name, step", [
    ("r1030-step1-higher-power", "R1030 step 1"),
    ("r1030-step2-precedence-rule", "R1030 step 2"),
    ("r1030-step3-explicit-claim", "R1030 step 3"),
    ("r1030-step3-broad-claim", "R1030 step 3"),
    ("r1030-step4-lower-id", "R1030 step 4"),
    ("r1030-step5-earliest", "R1030 step 5"),
    ("deregister-30-day-bar", "R2240 (within one rule, the later clause)"),
    ("r2240-clause-claim", "R2240 (within one rule, the clause that claims precedence)"),
    ("apathy-impure-winner", "R1030 step 1"),
    ("blognomic-scope-and-negative", "BlogNomic Prioritisation 3"),
    ("blognomic-dynastic-over-core", "BlogNomic Prioritisation 2"),
])
def test_precedence_step_is_named(name, step):
    result = judge_file(CASES / f"{name}.yaml")
    text = "\n".join(line for j in result.judgements for line in j.precedence)
    assert step in text


def test_contradictory_claims_fall_through_to_step_4():
    result = judge_file(CASES / "r1030-step4-lower-id.yaml")
    lines = "\n".join(line for j in result.judgements for line in j.explanation)
    assert "R1030 step 3 does not settle" in lines
    assert "R1030 step 4" in lines


def test_rules_are_named_with_title_and_power():
    result = judge_file(CASES / "apathy-impure-winner.yaml")
    lines = "\n".join(result.judgements[1].explanation)
    assert "R2556 (Penalties, Power 3)" in lines
    assert "R2465 (Victory by Apathy, Power 0.3)" in lines


def test_gamestate_paradox_names_minimal_conflicting_rules():
    result = judge_file(CASES / "gamestate-paradox.yaml")
    paradox = result.judgements[0]
    assert paradox.verdict == "PARADOXICAL" and paradox.reason == "gamestate-paradox"
    assert len(paradox.conflicting_rules) == 2
    assert any(r.startswith("R869 (How to Join and Leave Agora") for r in paradox.conflicting_rules)
    assert any(r.startswith("R9001 (Catch-22") for r in paradox.conflicting_rules)
    assert result.judgements[2].reason == "determinate-despite-paradox"


def test_liar_is_dismissed_for_self_reference_not_paradoxical():
    result = judge_file(CASES / "liar-dismiss.yaml")
    liar = result.judgements[0]
    assert (liar.verdict, liar.reason) == ("DISMISS", "self-reference")
    assert "R591" in liar.summary


def test_indeterminate_versus_insufficient_information():
    coin = judge_file(CASES / "cfj-3828-coin-award.yaml").judgements[0]
    assert (coin.verdict, coin.reason) == ("PARADOXICAL", "indeterminate")
    unknown = judge_file(CASES / "cfj-3714-unverifiable.yaml").judgements[0]
    assert (unknown.verdict, unknown.reason) == ("DISMISS", "insufficient-information")


def test_fallback_is_reported():
    result = judge_file(CASES / "cfj-3828-after-p8366.yaml")
    assert result.fallbacks and "R2576 (Ownership, Power 3)" in result.fallbacks[0]
    result = judge_file(CASES / "r2162-switch-fallback.yaml")
    assert result.fallbacks and "R2162 (Switches, Power 3)" in result.fallbacks[0]


def test_dependent_action_failure_reasons():
    objection = judge_file(CASES / "apathy-objection.yaml").judgements[0]
    assert any("R2124: there were at least N Objectors" in line for line in objection.explanation)
    window = judge_file(CASES / "apathy-window.yaml").judgements[0]
    assert any("R2595 item 3" in line for line in window.explanation)


@pytest.mark.parametrize("name, option", [
    ("reading-attempt-violates", "attempts_violate"),
    ("reading-r1030-step4-one-id", "r1030_step4"),
    ("instrument-takes-effect", "r2449"),
])
def test_other_readings_are_reported_where_they_change_the_outcome(name, option):
    result = judge_file(CASES / f"{name}.yaml")
    assert option in result.readings_checked
    notes = [note for j in result.judgements for note in j.other_readings]
    assert notes and all(f"option {option}" in note for note in notes)


def test_readings_are_only_checked_where_they_matter():
    result = judge_file(CASES / "apathy-succeeds.yaml")
    assert result.readings_checked == []


def test_performing_an_intent_reads_as_prose():
    result = judge_file(CASES / "apathy-impure-winner.yaml")
    text = "\n".join(line for j in result.judgements for line in j.explanation)
    assert "alice performs the action intended in event intent" in text
    assert "intent=intent" not in text
