"""A violation of a duty is worded from its obligation's key: the office, week, month or event it
is about, never the encodings' raw term (weekly_report(adop,-1))."""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import clingo
import pytest

from adjudicator.agora.judge import judge_file
from adjudicator.agora.obligation_words import KEY_WORDS, obligation_words

ROOT = Path(__file__).resolve().parents[2]
EPOCH = datetime(2020, 11, 30, tzinfo=timezone.utc)  # a Monday


def _words(term: str) -> str:
    return obligation_words(clingo.parse_term(term), lambda e: f"event {e}", lambda p: f"<{p}>", EPOCH)


@pytest.mark.parametrize("trigger", ["obligation_trigger", "advice_trigger"])
def test_every_obligation_and_advice_key_of_the_encodings_is_worded(trigger):
    keys = {key for path in (ROOT / "encodings").rglob("*.lp")
            for key in re.findall(rf"^{trigger}\((\w+)\(", path.read_text(), re.MULTILINE)}
    assert keys and keys <= set(KEY_WORDS), sorted(keys - set(KEY_WORDS))


def test_every_key_of_a_violation_the_encodings_state_directly_is_worded():
    keys = {key for path in (ROOT / "encodings").rglob("*.lp")
            for key in re.findall(r"^violation\(\w+, \w+, (\w+)\(", path.read_text(), re.MULTILINE)}
    assert keys and keys - {"event"} <= set(KEY_WORDS), sorted(keys - {"event"} - set(KEY_WORDS))


def test_a_regulation_or_contract_duty_is_worded_with_its_action():
    assert _words("regulation_duty(reg(cup_duties),dave,transfer(coin,1,carol))") == \
        "the duty of <dave> under regulation cup duties to transfer 1 coin to carol"
    assert _words("regulation_duty(er(curfew),dave,play_tournament(cup))") == \
        "the duty of <dave> under Emergency Regulation curfew to play tournament cup"
    assert _words("contract_duty(pact,bob,transfer(coin,1,alice))") == "the duty of <bob> under contract pact to transfer 1 coin to alice"
    assert _words("victory_auctions(2020,11)") == "conducting a victory auction at least twice in 2020-11"


def test_weeks_and_months_are_dates():
    assert _words("weekly_report(adop,-1)") == "the ADoP's weekly report, week of 2020-11-23"
    assert _words("monthly_report(ministor,2021,1)") == "the Ministor's monthly report, 2021-01"
    assert _words("champion(bob,4)") == "awarding Champion to <bob> for the win at event 4"


def test_a_key_of_another_shape_is_written_as_the_encodings_write_it():
    assert _words("weekly_report(adop)") == "weekly report(adop)"
    assert _words("something_new(1)") == "something new(1)"


def test_a_missed_weekly_report_is_explained_by_office_and_week():
    result = judge_file(ROOT / "cases" / "cfj" / "cfj-3736-fine-without-method.yaml")
    lines = [line for j in result.judgements for line in j.explanation if " violated R2143 " in line]
    assert lines and all("weekly_report(" not in line for line in lines)
    assert any("duty not fulfilled: the ADoP's weekly report, week of 2019-06-03" in line for line in lines)
