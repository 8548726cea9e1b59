"""The judge's findings (encodings/agora/findings.lp): a stated finding is the judgement's premise;
an open one that changes a verdict is reported both ways, in the text, --json and --draft."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.agora.judge import judge_file
from adjudicator.cli import main
from adjudicator.errors import InputError

CASE = """title: CFJ 3709's intent, its clarity a finding
ruleset: agora-slr-2020-12-31
gamestate:
  persons: [gaelan, aris, g, twg, d_margaux, trigon]
  players: [gaelan, aris, g, twg, d_margaux, trigon]
outside_gamestate:
  sponge: "Wikipedia has an article 'Sponge'"
events:
  - {id: buried, at: 2019-02-03T21:06:00Z, by: gaelan, do: intend, action: declare apathy,
     method: without objection, players: [gaelan]}
  - {id: d1, at: 2019-02-07T22:06:00Z, by: gaelan, do: perform, intent: buried}
  - {id: leave, at: 2019-02-07T23:00:00Z, by: aris, do: deregister}
findings:
FINDINGS
statements:
  - {text: "event d1 was EFFECTIVE", expect: TRUE}
  - {text: "aris is a player"}
  - {text: "Wikipedia has an article 'Sponge'"}
"""


def _case(tmp_path, findings: str) -> Path:
    path = tmp_path / "case.yaml"
    path.write_text(CASE.replace("FINDINGS", findings), encoding="utf-8")
    return path


def test_an_open_finding_is_reported_both_ways(tmp_path, capsys):
    path = _case(tmp_path, "  - {question: clear, about: event buried}\n")
    result = judge_file(path)
    first = result.judgements[0]
    assert (first.verdict, first.reason, first.matches_expected) == ("TRUE/FALSE", "open-finding", True)
    assert "TRUE if the announcement of event buried was clear (R478, R2595 items 1-2); FALSE if not" in first.summary
    assert [j.verdict for j in result.judgements[1:]] == ["FALSE", "IRRELEVANT"]  # the finding does not touch them
    assert result.findings[0]["verdicts"] == [{"statement": 1, "if_it_holds": "TRUE", "if_not": "FALSE"}]
    assert main(["judge", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["findings"][0]["stated"] is False
    main(["judge", str(path), "--draft"])
    draft = capsys.readouterr().out
    assert "Judgement:                     TRUE/FALSE" in draft and "The judge's finding (open)" in draft


def test_a_stated_finding_is_a_premise(tmp_path, capsys):
    path = _case(tmp_path, "  - {question: clear, about: event buried, value: false, evidence: \"in a quoted report\"}\n")
    result = judge_file(path)
    assert [j.verdict for j in result.judgements] == ["FALSE", "FALSE", "IRRELEVANT"]
    main(["judge", str(path)])
    out = capsys.readouterr().out
    assert ("finding (premise): the announcement of event buried was not clear (R478, R2595 items 1-2); "
            "evidence: in a quoted report") in out


def test_facts_found_an_event_and_an_outside_fact(tmp_path):
    path = _case(tmp_path, "  - {question: happened, about: event leave}\n"
                           "  - {question: holds, about: outside sponge, value: true}\n")
    result = judge_file(path)
    assert [j.verdict for j in result.judgements] == ["TRUE", "FALSE/TRUE", "TRUE"]
    assert "FALSE if event leave happened (R591); TRUE if not" in result.judgements[1].summary
    assert result.findings[1]["stated"] and "verdicts" not in result.findings[1]


@pytest.mark.parametrize("finding, problem", [
    ("{question: clear, about: outside sponge}", "is about an event"),
    ("{question: holds, about: outside rain}", "'rain' is not a fact of outside_gamestate"),
    ("{question: clear, about: event nine}", "there is no event 'nine'"),
    ("{question: loud, about: event d1}", "question"),
])
def test_a_finding_that_names_nothing_known_is_refused(tmp_path, finding, problem):
    with pytest.raises(InputError, match=problem):
        judge_file(_case(tmp_path, f"  - {finding}\n"))


def test_a_statement_about_clarity_rests_on_the_finding(tmp_path):
    statements = ('  - {text: "the announcement of event buried was clear"}\n'
                  '  - {text: "the announcement of event buried was not clear"}\n')
    case = CASE.replace("statements:\n", "statements:\n" + statements, 1)
    path = tmp_path / "case.yaml"
    path.write_text(case.replace("FINDINGS", "  - {question: clear, about: event buried}\n"), encoding="utf-8")
    assert [j.verdict for j in judge_file(path).judgements][:2] == ["TRUE/FALSE", "FALSE/TRUE"]
    path.write_text(case.replace("FINDINGS", "  - {question: clear, about: event buried, value: true}\n"), encoding="utf-8")
    assert [j.verdict for j in judge_file(path).judgements][:2] == ["TRUE", "FALSE"]


def test_no_faking_a_lie_turns_on_the_findings_of_belief_and_intent(tmp_path):
    """R2471: a lie is a public statement its publisher believed untrue, made to mislead; with the
    intent left open the verdict is given under each value; a message found not public (R478) is
    no public statement."""
    source = (Path(__file__).resolve().parents[2] / "cases" / "cfj" / "no-faking-findings.yaml").read_text()
    stated = "{question: intent_to_mislead, about: event claim, value: true, evidence: \"alice: 'let him think he is rich'\"}"
    assert stated in source
    path = tmp_path / "case.yaml"
    path.write_text(source.replace(stated, "{question: intent_to_mislead, about: event claim}"), encoding="utf-8")
    result = judge_file(path)
    first = result.judgements[0]
    assert first.verdict == "TRUE/FALSE"
    assert "TRUE if event claim was made with the intent to mislead (R2471); FALSE if not" in first.summary
    path.write_text(source.replace(stated, "{question: intent_to_mislead, about: event claim, value: false}")
                    .replace("expect: TRUE, note: \"left open", "expect: FALSE, note: \"left open"), encoding="utf-8")
    assert [j.verdict for j in judge_file(path).judgements] == ["FALSE", "TRUE", "TRUE"]
    path.write_text(source.replace("{question: public, about: event whisper, value: false, evidence: \"sent to alice alone\"}",
                                   "{question: public, about: event claim, value: false}"), encoding="utf-8")
    assert [j.verdict for j in judge_file(path).judgements] == ["FALSE", "TRUE", "FALSE"]


FOUR = Path(__file__).resolve().parents[2] / "cases" / "cfj" / "findings-vote-report-relevance.yaml"


def _four(tmp_path, *swaps: tuple[str, str]) -> list:
    source = FOUR.read_text()
    for old, new in swaps:
        assert old in source
        source = source.replace(old, new)
    path = tmp_path / "case.yaml"
    path.write_text(source, encoding="utf-8")
    return judge_file(path)


def test_r2127_a_vote_clearly_specified_open_is_reported_both_ways(tmp_path):
    """R2127: a conditional vote not clearly specified counts PRESENT: the decision's outcome under
    each value of the finding."""
    result = _four(tmp_path, ("{question: clearly_specified, about: event conditional, value: false,",
                              "{question: clearly_specified, about: event conditional,"))
    first = result.judgements[0]
    assert first.verdict == "FALSE/TRUE"
    assert "FALSE if the vote of event conditional was clearly specified (R2127); TRUE if not" in first.summary
    assert result.findings[0]["verdicts"] == [{"statement": 1, "if_it_holds": "FALSE", "if_not": "TRUE"}]


def test_r2518_and_r2143_stated_the_other_way_change_the_verdicts(tmp_path):
    """R2518: information found reasonably available leaves the announcement clear (carol leaves);
    R2143: a report found informative performs the weekly duty (dave violates nothing)."""
    result = _four(tmp_path, ("about: event leave, value: false", "about: event leave, value: true"),
                   ("about: event week2, value: false", "about: event week2, value: true"))
    assert [j.verdict for j in result.judgements[1:3]] == ["FALSE", "FALSE"]
    assert result.findings[1]["finding"] == "the information event leave turns on was reasonably available"


def test_r591_relevance_stated_open_or_absent(tmp_path, capsys):
    """R591: found not relevant, IRRELEVANT; open, the verdict if relevant and IRRELEVANT if not;
    an outside fact no finding establishes is IRRELEVANT only without a finding of relevance."""
    result = _four(tmp_path, ("{question: relevant, about: statement 6, value: false, evidence: \"a question of taste\"}",
                              "{question: relevant, about: statement 6}"),
                   ("{question: relevant, about: statement 5, value: true}", "{question: relevant, about: statement 4}"))
    verdicts = [(j.verdict, j.reason) for j in result.judgements[3:]]
    assert verdicts == [("TRUE/IRRELEVANT", "open-finding"), ("IRRELEVANT", "outside-gamestate"),
                        ("TRUE/IRRELEVANT", "open-finding")]
    assert "TRUE if the veracity of statement 6 is relevant to the game (R591); IRRELEVANT if not" in \
        result.judgements[5].summary
    main(["judge", str(tmp_path / "case.yaml"), "--draft"])
    assert "The judge's finding (open): whether the veracity of statement 4 is relevant" in capsys.readouterr().out


@pytest.mark.parametrize("finding, problem", [
    ("{question: relevant, about: statement 9}", "'9' is not a statement of the case"),
    ("{question: relevant, about: event d1}", "is about a statement"),
    ("{question: informative, about: statement 1}", "is about an event"),
])
def test_a_finding_of_the_new_questions_that_names_nothing_known_is_refused(tmp_path, finding, problem):
    with pytest.raises(InputError, match=problem):
        judge_file(_case(tmp_path, f"  - {finding}\n"))
