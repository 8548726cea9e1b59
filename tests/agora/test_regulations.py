"""Regulations, emergencies, cleaning and random choices (encodings/agora/regulations.lp, cleaning.lp,
random.lp): the case's verdicts move with the facts the rules make decisive."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.agora.judge import judge_file
from adjudicator.agora.regulation_statements import regulation_action, whitespace_only
from adjudicator.errors import InputError

CASE = Path(__file__).resolve().parents[2] / "cases" / "cfj" / "regulations-emergency-cleaning.yaml"


def test_r2429_whitespace_amounts_but_not_paragraph_breaks():
    assert whitespace_only("a  rule", "a rule")
    assert not whitespace_only("a rule", "a rule")
    assert not whitespace_only("a rule", "a rules")
    assert not whitespace_only("one.\n\ntwo.", "one. two.")


@pytest.mark.parametrize("phrase, term", [
    ("enact emergency regulation curfew", "enact_regulation(er(curfew))"),
    ("repeal the regulation fees", "repeal_regulation(reg(fees))"),
    ("extend the emergency", "extend_emergency"),
    ('clean rule 2141 by replacing "a  rule" with "a rule"', "clean(2141,whitespace)"),
    ("clean rule 2141", "clean(2141,text)"),
    ("refile rule 2141 as \"Rules\"", "refile(2141)"),
])
def test_action_phrases(phrase, term):
    assert str(regulation_action(phrase, None, "here", None)[0]) == term


def _case(tmp_path, *swaps: tuple[str, str], case: Path = CASE) -> Path:
    source = case.read_text()
    for old, new in swaps:
        assert old in source
        source = source.replace(old, new)
    path = tmp_path / "case.yaml"
    path.write_text(source, encoding="utf-8")
    return path


def test_the_facts_that_decide_change_the_verdicts(tmp_path):
    """R2614: the extension's intent in an emergency message; R2221: a change found to be corrections;
    R2505: a recorded outcome; R2612: without the void provision nothing else changes."""
    path = _case(tmp_path, ('subject: "curfew, extended"', 'subject: "[Emergency] curfew, extended"'),
                 ("value: false, evidence: \"it rewrote", "value: true, evidence: \"it rewrote"),
                 ("choices: [ace, king, queen]}", "choices: [ace, king, queen], chosen: king}"))
    verdicts = [j.verdict for j in judge_file(path).judgements]
    assert verdicts == ["TRUE", "TRUE", "FALSE", "TRUE", "FALSE", "TRUE", "TRUE", "TRUE", "TRUE"]


@pytest.mark.parametrize("swap, problem", [
    (("choices: [ace, king, queen]}", "choices: [ace]}"), "at least two possible outcomes"),
    (("choices: [ace, king, queen]}", "choices: [ace, king], chosen: joker}"), "'joker' is not one of the choices"),
])
def test_a_random_choice_that_names_nothing_known_is_refused(tmp_path, swap, problem):
    with pytest.raises(InputError, match=problem):
        judge_file(_case(tmp_path, swap))


def test_binding_phrase_and_duty_provision_are_read():
    assert str(regulation_action("be bound by emergency regulation levy", None, "here", None)[0]) == "bound_by(er(levy))"


SLR_CASE = CASE.parent / "rulekeepor-slr-report.yaml"


@pytest.mark.parametrize("old, new, problem", [
    ("short logical ruleset: rulesets/agora-slr-2020-12-31-r2483-13.txt", "short logical ruleset: nope.txt",
     "no such file"),
    ("short logical ruleset: rulesets/agora-slr-2020-12-31-r2483-13.txt", "short logical ruleset: [1]",
     "the ruleset document the report published"),
])
def test_an_slr_the_case_cannot_read_is_refused(tmp_path, judge_refusal, old, new, problem):
    source = SLR_CASE.read_text()
    assert old in source
    path = tmp_path / "case.yaml"
    path.write_text(source.replace(old, new), encoding="utf-8")
    assert problem in judge_refusal(path)


def test_a_duty_without_consent_binds_nobody(tmp_path):
    """R2611: without bob's statement of consent, bob is not bound and violates nothing."""
    source = (CASE.parent / "instruments-consent-nomic.yaml").read_text()
    old = "  - {id: agree, at: 2020-12-02T10:00:00Z, by: bob, do: consent, action: be bound by emergency regulation levy}\n"
    assert old in source
    path = tmp_path / "case.yaml"
    path.write_text(source.replace(old, ""), encoding="utf-8")
    verdicts = {j.statement: j.verdict for j in judge_file(path).judgements}
    assert verdicts["bob is bound by emergency regulation levy"] == "FALSE"
    assert verdicts["bob violated rule 2614"] == "FALSE"
    assert verdicts["dave violated rule 2614"] == "TRUE"


def test_contents_on_an_event_that_adopts_no_administrative_regulations_are_refused(tmp_path):
    """R2630: `contents:` are what an adoption makes an office's regulations; elsewhere they mean nothing."""
    source = (CASE.parent / "offices-administrative-regulations.yaml").read_text()
    old = "by: alice, do: perform, intent: intent}"
    assert old in source
    path = tmp_path / "case.yaml"
    path.write_text(source.replace(old, "by: alice, do: perform, intent: intent, contents: {forbid: [register]}}"))
    with pytest.raises(InputError, match="contents: are an adoption's"):
        judge_file(path)


TOURNEY = CASE.parent / "regulations-tournament-r2464-r2493.yaml"


def test_a_tournament_not_concluded_keeps_its_regulations_in_effect(tmp_path):
    """R2464: without the conclusion, alice's duty outlives nothing and she violates it; the
    regulations keep their effect, and bob's repeal by announcement is INEFFECTIVE."""
    path = _case(tmp_path, ("by: carol, do: perform, intent: c-intent}", "by: carol, do: support, intent: t-intent}"), case=TOURNEY)
    verdicts = {j.statement: j.verdict for j in judge_file(path).judgements}
    assert verdicts["alice violated rule 2464"] == "TRUE"
    assert verdicts["regulation cup rules had no effect at 2020-10-25T12:00:00Z"] == "FALSE"
    assert verdicts["event repeal was EFFECTIVE"] == "FALSE"
    assert verdicts["dave violated rule 2464"] == "TRUE"
    assert verdicts["event chip-2 was EFFECTIVE"] == "TRUE"  # R2166: the chips exist while their regulation has effect


@pytest.mark.parametrize("swap, problem", [
    (("action: enact regulation fees}", "action: enact regulation fess}"), "regulation 'fess' is not named in gamestate.regulations"),
    (("fees: {promulgator: bob, parent rule: 2545,", "fees: {promulgator: bob, parent rule: 2614,"), "an Emergency Regulation"),
    (("fees: {promulgator: bob, parent rule: 2545,", "fees: {promulgator: bob, parent rule: 9545,"), "parent rule 9545 is no rule"),
    (("fees: {promulgator: bob,", "fees: {promulgator: bobby,"), "'bobby' is not a person"),
    (("claims: {regulations: [cup rules, cup duties]}", "claims: {regulations: cup rules}"), "the list of the regulations"),
    (("{name: tokens, also: [token],", "{name: coins, also: [token],"), "'coins' is already an asset the rules define"),
    (("{name: tokens, also: [token],", "{name: tokens, plural: [token],"), "define asset: a name, or"),
    (("do: transfer 1 chip to alice}", "do: transfer 1 chipz to alice}"), "'chipz' is not an asset the rules define"),
])
def test_a_regulation_the_case_cannot_name_is_refused(tmp_path, swap, problem):
    with pytest.raises(InputError, match=problem):
        judge_file(_case(tmp_path, swap, case=TOURNEY))
