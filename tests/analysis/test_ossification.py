"""Ossification (R1698): the bundled cases, the CLI contract, parameters read from the ruleset, plans
replayed through the Rule 105 engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.analysis.agora_parameters import derive
from adjudicator.analysis.ossification import Options, analyse, suppose
from adjudicator.analysis.ossification_cases import run_case
from adjudicator.cli import main
from adjudicator.rulesets import load_ruleset

CASES = Path(__file__).resolve().parents[2] / "cases" / "ossification"
SLR = "agora-slr-2020-12-31"


@pytest.mark.parametrize("case", sorted(CASES.glob("*.yaml")), ids=lambda p: p.stem)
def test_bundled_case(case: Path) -> None:
    answer, mismatches = run_case(case, all_readings=False)
    assert mismatches == []
    # a plan is always replayed: every change of every proposal APPLIED by the R105 engine
    if answer.unknown:
        assert not answer.plan and not answer.blocking
    elif not answer.ossified:
        assert answer.plan and answer.replay and all(": APPLIED: " in line or line.startswith(("agora resolve: ",
                                                                                                 "no rule change: "))
                                                     for line in answer.replay)
    else:
        assert answer.blocking and not answer.plan


def test_parameters_come_from_the_ruleset() -> None:
    slr = load_ruleset(SLR)
    p = derive(slr)
    assert p["voting_period_days"] == 7 and p["publication_window"] == (4, 60) and p["quorum_minimum"] == 2
    slower = derive(suppose(slr, [str(CASES / "voting-period-60-days.txt")]))
    assert slower["voting_period_days"] == 14 and "fourteen days" in slower.params["voting_period_days"].why
    gone = derive(suppose(slr, [str(CASES / "repeal-r106.txt")]))
    assert gone["proposals_take_effect"] is False


def test_two_step_plan_replays_through_r105() -> None:
    answer, _ = run_case(CASES / "cfj-3765-two-proposals.yaml")
    r105 = [line for line in answer.replay if not line.startswith("agora resolve: ")]  # the nomic loop's lines
    assert [line.split(" change")[0] for line in r105] == ["proposal 1 (Power 3.0)", "proposal 2 (Power 4.0)"]
    assert "R1950" in answer.replay[0]


def test_cli_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["agora", "ossification", SLR, "--players", "3", "--json",
                 "--after", str(CASES / "repeal-r106.txt")]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("ossified", "players", "plan", "blocking", "min_players", "proposals"):
        assert key in data
    assert data["ossified"] is False and data["players"] == 3
    assert data["proposals"][0]["cancelled_by_r1698"] is True
    assert {"day", "actor", "action", "detail"} <= set(data["plan"][0])


def test_cli_bad_reading_and_budget(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["agora", "ossification", "--reading", "means=maybe"]) == 2
    assert "unknown reading" in capsys.readouterr().err
    assert main(["agora", "ossification", "--timeout", "0.000001"]) == 3
    assert "budget" in capsys.readouterr().err


def test_more_players_never_hurt() -> None:
    slr = suppose(load_ruleset(SLR), [str(CASES / "ai-9.9-strength-1.txt"), str(CASES / "no-unanimity-clause.txt")])
    verdicts = [analyse(slr, Options(players=n), other_readings=False).ossified for n in (9, 10, 12)]
    assert verdicts == [True, False, False]


def test_objection_wait_agrees_with_the_judge_encodings(tmp_path: Path) -> None:
    """The planner's R2595 waiting time (read from the rule's text) is the window the ASP judge
    (encodings/agora/dependent.lp) enforces: an action without objection at exactly that many days
    after the intent is EFFECTIVE, an hour earlier it is not."""
    from adjudicator.agora.judge import judge_file

    wait = derive(load_ruleset(SLR))["objection_wait_days"]
    case = tmp_path / "wait.yaml"
    case.write_text(f"""title: cross-check of R2595's window
gamestate:
  persons: [alice, bob]
  players: [alice, bob]
events:
  - {{id: a-intent, at: 2020-12-01T12:00:00Z, by: alice, do: intend, action: declare apathy, method: without objection, players: [alice]}}
  - {{id: a-early, at: 2020-12-{1 + wait:02d}T11:00:00Z, by: alice, do: perform, intent: a-intent}}
  - {{id: b-intent, at: 2020-12-01T12:00:00Z, by: bob, do: intend, action: declare apathy, method: without objection, players: [bob]}}
  - {{id: b-ontime, at: 2020-12-{1 + wait:02d}T12:00:00Z, by: bob, do: perform, intent: b-intent}}
statements:
  - {{text: "event a-early was INEFFECTIVE", expect: TRUE}}
  - {{text: "event b-ontime was EFFECTIVE", expect: TRUE}}
""")
    result = judge_file(case, readings=False)
    assert [j.verdict for j in result.judgements] == ["TRUE", "TRUE"]


@pytest.mark.parametrize("reading", ["means=lawful", "period=adoption-only", "offices=vacant", "strength=range"])
def test_every_reading_keeps_the_slr_alive(reading: str) -> None:
    from adjudicator.analysis.ossification import parse_readings

    answer = analyse(load_ruleset(SLR), Options(players=3, readings=parse_readings([reading])), other_readings=False)
    assert not answer.ossified and all(": APPLIED: " in line or line.startswith("agora resolve: ") for line in answer.replay)


def test_power_goal_enacts_a_rule_of_that_power(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["agora", "ossification", "--power", "2.5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    r105 = [line for line in data["replay"] if not line.startswith("agora resolve: ")]  # the nomic loop's lines
    assert data["ossified"] is False and "enacted as" in r105[-1] and "power 2.5" in r105[-1]


@pytest.mark.parametrize("case", ["slr-not-ossified", "cfj-3765-two-proposals", "voting-period-60-days"])
def test_voted_plans_replay_through_agora_resolve(case: str) -> None:
    """Where the nomic loop is installed, a plan adopted by votes is also a real adoption under its
    encodings (R879 quorum, R955 outcome, R106 Power): one line per referendum, each ADOPTED."""
    pytest.importorskip("adjudicator.agora.resolve")
    answer, _ = run_case(CASES / f"{case}.yaml", all_readings=False)
    resolved = [line for line in answer.replay if line.startswith("agora resolve: referendum")]
    proposals = {line.split(" change")[0] for line in answer.replay if line.startswith("proposal ")}
    assert len(resolved) == len(proposals) and all(": ADOPTED," in line for line in resolved)


def test_default_output_is_byte_identical_and_timings_are_opt_in(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for args in (["--min-players"], ["--min-players"], ["--json"], ["--json"]):
        assert main(["agora", "ossification", *args]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] and outputs[2] == outputs[3]
    assert "decided in" not in outputs[0] and '"seconds"' not in outputs[2]
    assert main(["agora", "ossification", "--timings"]) == 0
    assert "decided in " in capsys.readouterr().out


def test_speaker_strength_agrees_with_the_resolve_encodings() -> None:
    """R103's extra strength, read from the rule's text by the planner, is the one the nomic loop's
    strength.lp gives: the plan's 4-against-3 vote replays as ADOPTED with that tally."""
    pytest.importorskip("adjudicator.agora.resolve")
    answer, mismatches = run_case(CASES / "speaker-breaks-the-tie.yaml", all_readings=False)
    assert mismatches == [] and any("is the Speaker" in step.detail for step in answer.plan)
    assert "agora resolve: referendum 1: ADOPTED, quorum 2, tally {'FOR': 4, 'AGAINST': 3}, Power 1.0" in answer.replay


def test_apathy_plan_agrees_with_the_judge_encodings(tmp_path: Path) -> None:
    """The win plan by Declaring Apathy (R2465, read from the ruleset by the planner) replays in the
    ASP judge (encodings/agora/winning.lp, dependent.lp): performed on the plan's day, the intent
    makes the person win; an hour earlier it does not."""
    from adjudicator.agora.judge import judge_file

    answer = analyse(load_ruleset(SLR), Options(players=2, win="player2", horizon=28), other_readings=False)
    assert not answer.ossified and [s.action for s in answer.plan] == ["announce intent", "declare apathy"]
    day = answer.plan[-1].day
    case = tmp_path / "apathy.yaml"
    case.write_text(f"""title: the planner's apathy plan, replayed by the judge
gamestate:
  persons: [player1, player2, player3]
  players: [player1, player2, player3]
events:
  - {{id: intent, at: 2020-12-01T12:00:00Z, by: player1, do: intend, action: declare apathy, method: without objection, players: [player2]}}
  - {{id: early, at: 2020-12-{1 + day:02d}T11:00:00Z, by: player1, do: perform, intent: intent}}
  - {{id: declare, at: 2020-12-{1 + day:02d}T12:00:00Z, by: player1, do: perform, intent: intent}}
statements:
  - {{text: "event early was INEFFECTIVE", expect: TRUE}}
  - {{text: "player2 won the game", expect: TRUE}}
""")
    result = judge_file(case, readings=False)
    assert [j.verdict for j in result.judgements] == ["TRUE", "TRUE"]


def test_cli_win_question(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["agora", "ossification", "--win", "Trigon", "--not-a-player", "--within", "6", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "it is IMPOSSIBLE for Trigon to win within 6 days" in out and "R2465: Trigon is not a player" in out


def test_not_understood_clauses_exit_3_naming_the_clause(capsys: pytest.CaptureFixture[str]) -> None:
    """No silent answers: an amended quorum sentence the model cannot read is named, never guessed."""
    status = main(["agora", "ossification", "--after", str(CASES / "quorum-1000.txt")])
    captured = capsys.readouterr()
    out = captured.out
    assert status == 3
    assert captured.err.count("\n") == 1 and captured.err.startswith("unknown: ") and "quorum-1000.txt" in captured.err
    assert "UNKNOWN whether Agora is ossified" in out
    assert "unknown: this change is not understood" in out and "1000 plus 2/3" in out


def test_no_players_is_ossified(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["agora", "ossification", "--players", "0"]) == 0
    assert "Agora is OSSIFIED (0 players" in capsys.readouterr().out


def test_every_recorded_r879_quorum_sentence_is_read_and_an_unreadable_one_refused() -> None:
    """R879's default quorum as worded since 2017 (the number of voters, or 2/3 of it); a wording no
    reader knows is refused by the decision encodings' parameters, never replaced by 2020's 2/3."""
    from adjudicator.agora.parameters import rule_parameters
    from adjudicator.errors import InputError
    from adjudicator.rulesets.model import Rule, Ruleset

    def r879(sentence: str) -> Ruleset:
        text = f"If no other rule defines the quorum of an Agoran decision, the quorum for that decision is {sentence}."
        return Ruleset(name="t", format="agora", rules=[Rule(id=879, power=2, title="Quorum", text=text)])

    old = r879("equal to the number of players who voted on the Agoran Decision to adopt a proposal that had been "
               "most recently resolved")
    assert derive(old)["quorum"] == {"kind": "last_voters", "num": 1, "den": 1}
    assert rule_parameters(old)["quorum_fraction"] == (1, 1)
    with pytest.raises(InputError, match="not understood: .*1000 plus 2/3"):
        rule_parameters(r879("equal to 1000 plus 2/3 of the number of voters on the referendum that had been most "
                             "recently resolved"))


def test_a_case_names_the_files_beside_it_as_the_case_is_named(monkeypatch, capsys) -> None:
    """The answer names a proposal beside the case by the case's own path (relative here), never by
    the checkout's absolute path."""
    monkeypatch.chdir(CASES.parent)
    assert main(["agora", "ossification", "ossification/stasis-cancelled.yaml", "--json"]) == 0
    out = capsys.readouterr().out
    assert str(CASES) not in out and "ossification/stasis.txt" in json.loads(out)["proposals"][0]["file"]
