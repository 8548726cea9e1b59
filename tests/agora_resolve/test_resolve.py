"""`adjudicator agora resolve`: the hand-made cases (one per rule), the Assessor's referenda kept in
cases/agora/assessor, the whole corpus from ../shared when present, adoption and bad input."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from adjudicator.agora.decisions import parse_input
from adjudicator.agora.resolve import resolve, resolve_file
from adjudicator.errors import InputError

from .corpus import compare

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "cases" / "agora"
HAND_MADE = sorted(CASES.glob("*.yaml"))
ASSESSOR = sorted((CASES / "assessor").glob("*.yaml"))
SHARED = ROOT.parent / "shared" / "reference" / "agora-assessor"  # ../shared beside the checkout


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "adjudicator.cli", *args], capture_output=True, text=True,
                          input=stdin, timeout=120)


@pytest.mark.parametrize("case", HAND_MADE, ids=lambda p: p.stem)
def test_hand_made_case_reproduces_its_expectations(case: Path):
    result = resolve_file(str(case))
    assert result.mismatches == [], result.mismatches


def test_every_rule_of_the_issue_has_a_hand_made_case():
    names = {p.stem for p in HAND_MADE}
    assert {"instant-runoff", "first-past-the-post", "conditional-own-outcome", "endorsement-cycle", "withdrawal",
            "non-player", "timing", "quorum-default", "adoption", "strength", "collector",
            # the proposal lifecycle and the rules beside it (R2350, R2622, R1607, R2625, R105, R2034/R2201, R2481)
            "lifecycle", "recycling", "vacant-promotor", "publication-window", "self-ratification", "festival",
            "runoff-conditional-entries", "popular-proposal", "class-and-chamber"} <= names


@pytest.mark.parametrize("case", ASSESSOR, ids=lambda p: p.stem)
def test_assessor_referendum_reproduces_outcome_tally_and_voters(case: Path):
    for row in compare(case):
        assert row["outcome"] and row["tally"] and row["voters"], row


def test_the_kept_assessor_cases_are_a_few_dozen_referenda():
    assert sum(len(json.loads(p.with_name(p.stem + ".expect.json").read_text())["decisions"]) for p in ASSESSOR) >= 36


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared (the Assessor corpus) is not present")
def test_whole_assessor_corpus_reproduces():
    start = time.monotonic()
    rows = [row for path in sorted(SHARED.glob("*.yaml")) for row in compare(path)]
    failures = [r for r in rows if not (r["outcome"] and r["tally"] and r["voters"])]
    assert len(rows) == 1073
    assert failures == []
    assert time.monotonic() - start < 300


def test_endorsement_cycle_counts_present_and_shows_the_consistent_values():
    result = resolve_file(str(CASES / "endorsement-cycle.yaml"))
    ballots = {b.voter: b for b in result.decisions[0].ballots}
    assert ballots["Alexis"].counted_as == "PRESENT"
    assert sorted(ballots["Alexis"].consistent_values) == ["AGAINST", "FOR", "PRESENT"]
    assert "R2127" in ballots["Alexis"].reason
    assert ballots["Jason"].counted_as == "FOR" and ballots["Jason"].consistent_values == []


def test_adoption_changes_the_ruleset_the_next_decision_sees():
    result = resolve_file(str(CASES / "adoption.yaml"))
    first, second, third = result.decisions
    assert first.adopted and first.instrument_power == 3
    assert second.ruleset.endswith("+ P9200") and not second.resolved
    # P9200 amends R107: the decisions after it name the text that is no longer the encoded R107/21
    assert any(n.startswith("R107/22 (Initiating Agoran Decisions) in the ruleset it saw") and "R107/21" in n
               for n in second.notes)
    assert not any("R107/" in n for n in first.notes)
    statuses = [(c.decision, [x["status"] for x in c.changes]) for c in result.ruleset_changes]
    assert statuses == [(9200, ["APPLIED"]), (9202, ["IMPOSSIBLE"])]
    # Without the adoption, 9201's resolution on day 8 is on time.
    data = parse_input(_yaml(CASES / "adoption.yaml"), "adoption")
    data.decisions[0].proposal = None
    data.expect = None
    assert resolve(data, "adoption").decisions[1].resolved


def _yaml(path: Path):
    import yaml

    return yaml.safe_load(path.read_text())


def test_json_output_has_the_documented_shape():
    done = run("agora", "resolve", str(CASES / "endorsement-cycle.yaml"), "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    decision = data["decisions"][0]
    assert {"id", "outcome", "quorum", "voters", "tally", "ballots", "alternatives"} <= set(decision)
    assert {"voter", "counted_as", "strength", "reason"} <= set(decision["ballots"][0])
    assert decision["tally"] == {"FOR": 9, "AGAINST": 0}
    assert data["ruleset_changes"] == []


def test_text_report_reads_like_the_assessors_and_stdin_works():
    text = (CASES / "non-player.yaml").read_text()
    done = run("agora", "resolve", "-", stdin=text)
    assert done.returncode == 0, done.stderr
    assert "OUTCOME: FAILED QUORUM" in done.stdout and "QUORUM: 3" in done.stdout
    assert "not a player when the decision was initiated (R683 item 2)" in done.stdout


BAD = {
    "unknown voter": ("players: [A]\ndecisions: [{id: 1, adoption_index: 1.0, quorum: 2}]\n"
                      "ballots: [{voter: Z, decision: 1, vote: FOR}]\n", "unknown voter 'Z'"),
    "vote on no decision": ("players: [A]\ndecisions: [{id: 1, adoption_index: 1.0, quorum: 2}]\n"
                            "ballots: [{voter: A, decision: 7, vote: FOR}]\n", "no decision '7'"),
    "AI out of range": ("players: [A]\ndecisions: [{id: 1, adoption_index: 12, quorum: 2}]\n", "adoption index 12"),
    "malformed condition": ("players: [A]\ndecisions: [{id: 1, adoption_index: 1.0, quorum: 2}]\n"
                            "ballots: [{voter: A, decision: 1, vote: {if: 'the moon is full', then: FOR}}]\n",
                            "malformed condition"),
    "strength out of range": ("players: [A]\nstrengths: {A: 16}\ndecisions: [{id: 1, adoption_index: 1.0, quorum: 2}]\n",
                              "R2422"),
    "no quorum basis": ("players: [A]\ndecisions: [{id: 1, adoption_index: 1.0}]\n", "no quorum"),
    "not a mapping": ("- 1\n- 2\n", "not a decisions file"),
    "event on no proposal": ("players: [A]\nevents: [{event: pend, at: 2021-01-01, by: A, proposal: X, method: pendant}]\n",
                             "no create-proposal event above names 'X'"),
    "event field of another kind": ("players: [A]\nevents: [{event: vote, at: 2021-01-01, by: A, decision: 1, vote: FOR,"
                                    " method: pendant}]\n", "method does not belong to a vote event"),
    "events out of order": ("players: [A]\nevents: [{event: create-proposal, at: 2021-01-02, by: A, proposal: X, text: t},"
                            " {event: create-proposal, at: 2021-01-01, by: A, proposal: Y, text: t}]\n",
                            "before the event listed above it"),
    "distribution without an ID": ("players: [A]\nevents: [{event: create-proposal, at: 2021-01-01, by: A, proposal: X,"
                                   " text: t}, {event: distribute, at: 2021-01-02, by: A, proposal: X}]\n", "give id"),
    "unknown pend method": ("players: [A]\nevents: [{event: create-proposal, at: 2021-01-01, by: A, proposal: X, text: t},"
                            " {event: pend, at: 2021-01-02, by: A, proposal: X, method: bribery}]\n", "method"),
    "an earning beside a referendum of unknown sponsorship": (
        "players: [A]\ndecisions: [{id: 1, adoption_index: 1.0, quorum: 2}]\n"
        "events: [{event: earn-legislative-card, at: 2021-01-02, by: A}]\n", "decision 1 is a referendum no create-proposal"),
}


@pytest.mark.parametrize("name", BAD)
def test_bad_input_is_one_line_and_exit_2(name):
    text, words = BAD[name]
    done = run("agora", "resolve", "-", stdin=text)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stderr.startswith("error: -: ") and done.stderr.count("\n") == 1, done.stderr
    assert words in done.stderr
    assert "Traceback" not in done.stderr


def test_lifecycle_json_reports_each_event_and_proposal_with_its_rule():
    done = run("agora", "resolve", str(CASES / "lifecycle.yaml"), "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    events = {e["index"]: e for e in data["events"]}
    assert events[3]["effective"] is False and "R2350" in events[3]["reason"]
    assert events[12]["effective"] is True and events[12]["illegal"] is True and "R1607" in events[12]["reason"]
    proposals = {p["name"]: p for p in data["proposals"]}
    assert proposals["Longer voting"]["id"] == 8600 and proposals["Longer voting"]["proposal_class"] == "democratic"
    assert [d["id"] for d in data["decisions"]] == [8600, 8602, 8603]  # 8601's distribution failed: no decision
    assert data["ruleset_changes"][0]["decision"] == 8600
    later = {d["id"]: d for d in data["decisions"]}[8603]
    assert later["ruleset"].endswith("+ P8600") and later["resolved"] is False


def test_an_ineffective_distribution_initiates_no_decision_and_its_ballots_are_not_counted():
    text = (CASES / "lifecycle.yaml").read_text().replace("by: Aris, proposal: Longer voting, id: 8600",
                                                          "by: Jason, proposal: Longer voting, id: 8600")
    result = resolve(parse_input(__import__("yaml").safe_load(text), "x"), "x")
    assert 8600 not in [d.id for d in result.decisions]
    assert result.ruleset_changes == []  # nothing adopted: the next referendum sees the ruleset unchanged
    assert {d.id: d.ruleset for d in result.decisions}[8603] == "agora-slr-2020-12-31"
    assert "R1607" in result.events[8].reason and result.events[8].effective is False


def test_judge_command_still_registered_beside_agora():
    done = run("--help")
    assert "agora" in done.stdout and "judge" in done.stdout


def test_unknown_input_error_names_the_file(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("players: [A]\ndecisions: [{id: 1, adoption_index: 1.0, quorum: 2}]\nballots: "
                    "[{voter: B, decision: 1, vote: FOR}]\n")
    with pytest.raises(InputError, match="x.yaml: ballots\\[0\\]: unknown voter"):
        resolve_file(str(path))


def test_judge_answers_statements_about_decisions():
    from adjudicator.agora.judge import judge_file

    result = judge_file(str(CASES / "judge" / "referendum-statements.yaml"))
    assert all(j.matches_expected for j in result.judgements), [(j.statement, j.verdict) for j in result.judgements]
    assert len(result.judgements) == 9


def test_judge_answers_lifecycle_statements_and_names_the_rules():
    from adjudicator.agora.judge import judge_file

    result = judge_file(str(CASES / "judge" / "lifecycle-statements.yaml"))
    assert all(j.matches_expected for j in result.judgements), [(j.statement, j.verdict) for j in result.judgements]
    why = {j.statement: "\n".join(j.explanation) for j in result.judgements}
    assert "R2622" in why["proposal Tidy is pending"]
    assert "R2350: only a player CAN create a proposal" in why["proposal Outsider was created"]
    assert "R955" in why["proposal 8600 was adopted"] and "R879" in why["proposal 8600 was adopted"]


def test_vote_collector_resolves_only_by_its_holder():
    result = resolve_file(str(CASES / "collector.yaml"))
    notes = {str(d.id): d.notes for d in result.decisions}
    assert any("not its vote collector (Jason)" in n for n in notes["9401"])
