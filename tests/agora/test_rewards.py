"""Rewards and Karma in the judge (encodings/agora/rewards.lp, karma.lp: R2496, R2510): their dating
by the rules' histories (repeals and re-enactments), grants or resolutions that name no condition, or
too many, refused, and Notices of Honour without their reasons refused."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator.agora.bindings import select_by_date
from adjudicator.rulesets import load_ruleset


@pytest.mark.parametrize("day, encoded, unencoded", [
    ("2020-12-31", 23, None),   # Proposal 8514 (2020-10-28): the SLR's text
    ("2020-09-01", None, 22),   # Proposal 8482's text: dated, not encoded
    ("2019-07-30", None, 14),
    ("2018-06-01", None, "repealed"),  # repealed on 2018-01-31, re-enacted as /7 on 2018-11-19
    ("2017-08-01", None, "enacted"),   # enacted on 2017-08-30
    ("2022-08-01", None, 24),   # Proposal 8720
    ("2023-01-01", None, "repealed"),  # repealed on 2022-12-11
])
def test_r2496_is_dated_by_its_history(day, encoded, unencoded):
    selection = select_by_date(load_ruleset("agora-slr-2020-12-31"), day)
    assert selection.revisions.get(2496) == encoded
    if isinstance(unencoded, str):  # not in force that day
        assert 2496 in selection.not_yet and 2496 not in selection.unencoded
        assert any(f"R2496 was {unencoded} on" in note for note in selection.notes)
    else:
        assert selection.unencoded.get(2496) == unencoded


@pytest.mark.parametrize("day, in_force", [("2020-12-31", True), ("2021-03-01", False), ("2023-03-01", False)])
def test_r2510_is_not_in_force_between_its_repeal_and_re_enactment(day, in_force):
    selection = select_by_date(load_ruleset("agora-slr-2020-12-31"), day)
    assert (selection.revisions.get(2510) == 6) is in_force
    assert (2510 in selection.not_yet) is not in_force


def _case(tmp_path: Path, *events: dict) -> Path:
    data = {"title": "rewards", "ruleset": "agora-slr-2020-12-31",
            "gamestate": {"persons": ["alice", "bob"], "players": ["alice", "bob"], "offices": {"assessor": "alice"}},
            "events": [{"at": f"2020-12-0{n}T10:00:00Z", **e} for n, e in enumerate(events, 1)],
            "statements": [{"text": "bob has exactly 0 coins"}]}
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def test_a_grant_names_exactly_one_condition(tmp_path, judge_refusal):
    line = judge_refusal(_case(tmp_path, {"by": "alice", "do": "grant-reward", "to": "bob", "cfj": 1, "proposal": 8500}))
    assert "a reward for which condition?" in line and "proposal: the adopted proposal authored" in line
    line = judge_refusal(_case(tmp_path, {"by": "alice", "do": "grant-reward", "to": "bob"}))
    assert "a reward for which condition?" in line


def test_an_adopted_referendum_says_whether_its_proposal_was_sponsored(tmp_path, judge_refusal):
    resolved = {"by": "alice", "do": "resolve-referendum", "proposal": 8500, "outcome": "ADOPTED", "for": 3,
                "against": 1, "author": "bob"}
    assert "sponsored? (sponsored: true or false)" in judge_refusal(_case(tmp_path, resolved))
    line = judge_refusal(_case(tmp_path, {**resolved, "sponsored": True, "outcome": "ADOPTD"}))
    assert "outcome 'ADOPTD'?" in line
    line = judge_refusal(_case(tmp_path, {**resolved, "sponsored": True, "author": "bobb"}))
    assert "bobb" in line and "bob" in line


def test_a_report_reward_names_a_known_event(tmp_path, judge_refusal):
    line = judge_refusal(_case(tmp_path, {"by": "alice", "do": "grant-reward", "to": "bob", "report": "r9"}))
    assert "there is no event 'r9'" in line


def test_a_notice_of_honour_says_its_reasons(tmp_path, judge_refusal):
    notice = {"by": "alice", "do": "notice-of-honour", "to": "bob", "from": "alice"}
    assert "what reasons does the notice give?" in judge_refusal(_case(tmp_path, notice))
    assert "reasons: 'because'?" in judge_refusal(_case(tmp_path, {**notice, "reasons": {"because": "x"}}))
    assert "who loses it (from:)" in judge_refusal(_case(tmp_path, {**notice, "from": None, "reasons": {}}))
