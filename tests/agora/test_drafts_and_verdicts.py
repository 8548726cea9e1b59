"""Verdicts real judges give (IRRELEVANT, DISMISS naming the facts, a rule in conflict with
itself) and the draft judgement in Agora's published form."""

from __future__ import annotations

from pathlib import Path

from adjudicator.agora.judge import judge_file
from adjudicator.cli import main

CASES = Path(__file__).resolve().parents[2] / "cases" / "cfj"


def test_draft_has_the_published_form_and_cites_rules(capsys):
    assert main(["judge", str(CASES / "cfj-3709-apathy-two-intents.yaml"), "--draft"]) == 0
    out = capsys.readouterr().out
    assert "CFJ 3709" in out and "Judgement:                     TRUE" in out
    assert "1. event d1" in out and "R1728/40 items 1-6" in out and "R2465" in out and "(R2449)" in out
    assert "Therefore TRUE" in out and "Another reading" in out


def test_irrelevant_names_the_outside_fact():
    judgement = judge_file(CASES / "cfj-3837-irrelevant.yaml").judgements[0]
    assert judgement.verdict == "IRRELEVANT" and "Sponge" in judgement.summary


def test_dismiss_names_only_the_unknown_events_that_decide(tmp_path):
    case = tmp_path / "case.yaml"
    case.write_text("""title: t
gamestate: {persons: [alice, bob], players: [alice]}
events:
  - {id: a, at: 2020-12-01T12:00:00Z, by: bob, do: register, uncertain: true}
  - {id: b, at: 2020-12-02T12:00:00Z, by: alice, do: juggle, uncertain: true}
unregulated_actions: [juggle]
statements:
  - {text: "bob is a player", expect: DISMISS}
""")
    judgement = judge_file(case).judgements[0]
    assert judgement.verdict == "DISMISS"
    assert "whether event a happened" in judgement.summary and "event b" not in judgement.summary


def test_a_rule_in_conflict_with_itself_is_not_set_aside():
    result = judge_file(CASES / "self-conflicting-rule.yaml")
    first, second = result.judgements
    assert first.verdict == "PARADOXICAL" and "conflicts with itself" in first.summary
    assert second.verdict == "TRUE" and second.reason == "determinate-despite-paradox"


def test_an_instrument_that_took_effect_is_effective():
    result = judge_file(CASES / "instrument-takes-effect.yaml")
    assert [j.verdict for j in result.judgements] == ["TRUE", "TRUE"]


def test_why_tree_nests_the_reasons_and_cites_rules(capsys):
    import json

    assert main(["judge", str(CASES / "cfj-3709-apathy-two-intents.yaml"), "--json", "--explain"]) == 0
    why = json.loads(capsys.readouterr().out)["judgements"][0]["why"]
    assert why["claim"].startswith("TRUE")
    # built from the solver's derivations: the win (R2449) rests on the Declaration of Apathy
    # (R2465), which rests on the clause that applied and on R1728/40's conditions met
    win = why["because"][0]
    assert "won the game at event d1" in win["claim"] and win["rules"] == ["R2449"]
    trigger = win["because"][0]
    assert trigger["rules"] == ["R2465"]
    declaration = trigger["because"][0]
    assert "event d1" in declaration["claim"] and "EFFECTIVE" in declaration["claim"]
    assert ["R1728/40"] in [child["rules"] for child in declaration["because"]]


def _nodes(tree):
    yield tree
    for child in tree["because"]:
        yield from _nodes(child)


def test_why_tree_cites_the_rule_that_made_an_act_fail(capsys):
    import json

    assert main(["judge", str(CASES / "cfj-3736-fine-without-method.yaml"), "--json", "--explain"]) == 0
    why = json.loads(capsys.readouterr().out)["judgements"][1]["why"]
    fine = next(n for n in _nodes(why) if "event fine" in n["claim"] and "INEFFECTIVE" in n["claim"])
    assert fine["rules"] == ["R2125"]
    assert any("names no method" in n["claim"] and n["rules"] == ["R2557", "R2125"] for n in fine["because"])
    # a precedence decision is a premise of the clause that prevailed (R1030)
    assert main(["judge", str(CASES / "cfj-3741-zombie-auction.yaml"), "--json", "--explain"]) == 0
    why = json.loads(capsys.readouterr().out)["judgements"][0]["why"]
    clause = why["because"][0]["because"][0]
    assert clause["rules"] == ["R1885", "R1030"] and "prevails over" in clause["because"][0]["claim"]


def test_a_promise_that_cashes_a_copy_of_itself_runs_without_end(tmp_path):
    """R2518: a chain of cashings without end is judged, not refused: a value that settles (here,
    nothing changes) is determinate; promise-chain-alternates.yaml's alternating ballot is the PARADOXICAL case."""
    case = tmp_path / "case.yaml"
    case.write_text("""title: t
gamestate: {persons: [g, alice], players: [g, alice]}
events:
  - {id: grant, at: 2021-02-28T12:00:00Z, by: g, do: grant-promise, promise: Neverending, to: g,
     text: [{do: grant-promise, promise: Neverending, to: g, text: same}, {do: cash, promise: Neverending}]}
  - {id: cash, at: 2021-02-28T12:00:00Z, by: g, do: cash, promise: Neverending}
statements:
  - {text: "g is a player", expect: TRUE}
  - {text: "event cash was EFFECTIVE", expect: TRUE}
""")
    result = judge_file(case)
    assert [j.verdict for j in result.judgements] == ["TRUE", "TRUE"]
    assert result.judgements[0].gamestates == 2  # the chain ends after either of its last two rounds


def test_an_alternating_ballot_is_explained():
    judgement = judge_file(CASES / "promise-chain-alternates.yaml").judgements[1]
    assert judgement.verdict == "PARADOXICAL" and judgement.reason == "indeterminate"
    text = "\n".join(judgement.explanation)
    assert "alternates indefinitely" in text and "the last leaves alice without a ballot" in text
    assert "the last leaves alice with a ballot" in text


def test_ballot_and_conditional_events_refuse_bad_input(tmp_path):
    import pytest

    from adjudicator.errors import InputError

    def case(events: str, decisions: str = "decisions: {players: [g], decisions: [{id: 1, quorum: 1}]}\n") -> Path:
        path = tmp_path / "case.yaml"
        path.write_text("title: t\ngamestate: {persons: [g], players: [g]}\n" + decisions + "events:\n" + events
                        + "statements:\n  - {text: 'g is a player', expect: TRUE}\n")
        return path

    with pytest.raises(InputError, match="names the decision"):
        judge_file(case("  - {at: 2021-01-01T00:00:00Z, by: g, do: vote, vote: FOR}\n"))
    with pytest.raises(InputError, match="needs the case's decisions"):
        judge_file(case("  - {at: 2021-01-01T00:00:00Z, by: g, do: vote, decision: 1, vote: FOR}\n", ""))
    with pytest.raises(InputError, match="needs a condition"):
        judge_file(case("  - {at: 2021-01-01T00:00:00Z, by: g, do: juggle, otherwise: {do: dance}}\n"))
    with pytest.raises(InputError, match="when: the statement language cannot express"):
        judge_file(case("  - {at: 2021-01-01T00:00:00Z, by: g, do: juggle, when: 'the moon is blue'}\n"))
    with pytest.raises(InputError, match="act on a decision cannot read a decision's result"):  # asked before any is resolved
        judge_file(case("  - {at: 2021-01-01T00:00:00Z, by: g, do: vote, decision: 1, vote: FOR,"
                        " when: 'proposal 1 was adopted'}\n"))
    with pytest.raises(InputError, match="act on a decision cannot read a decision's result"):  # an alternative's condition too
        judge_file(case("  - {id: j, at: 2021-01-01T00:00:00Z, by: g, do: juggle, when: 'proposal 1 was adopted',"
                        " otherwise: {do: vote, decision: 1, vote: FOR}}\n",
                        "decisions: {players: [g], decisions: [{id: 1, quorum: 1}]}\nunregulated_actions: [juggle]\n"))


def test_why_tree_derives_rule_changes_balances_and_cashings(capsys):
    import json

    assert main(["judge", str(CASES / "r2140-power-limits.yaml"), "--json", "--explain", "--no-readings"]) == 0
    why = json.loads(capsys.readouterr().out)["judgements"][0]["why"]
    change = why["because"][0]
    assert change["claim"].startswith("Rule change: repeal R2556") and change["rules"] == ["R105"]
    assert change["because"][0]["rules"] == ["R106"]  # the instrument requested it
    refused = next(n for n in why["because"] if "did not occur" in n["claim"])
    assert refused["rules"] == ["R2140"]
    assert main(["judge", str(CASES / "cfj-3828-coin-award.yaml"), "--json", "--explain", "--no-readings"]) == 0
    coin = json.loads(capsys.readouterr().out)["judgements"][0]["why"]["because"][0]
    assert "earned 1 coin" in coin["claim"] and coin["because"][0]["rules"] == ["R2518"]
    assert main(["judge", str(CASES / "promise-chain-alternates.yaml"), "--json", "--explain", "--no-readings"]) == 0
    cashing = json.loads(capsys.readouterr().out)["judgements"][0]["why"]["because"][0]
    assert "was cashed" in cashing["claim"] and cashing["rules"] == ["R2618"]


def test_derivations_are_grounded_only_for_the_tree():
    from adjudicator.agora.judge import judge_file

    plain = judge_file(CASES / "r2140-power-limits.yaml", readings=False).judgements[0]
    derived = judge_file(CASES / "r2140-power-limits.yaml", readings=False, derivations=True).judgements[0]
    assert plain.verdict == derived.verdict
    assert all(not node["because"] for node in plain.why["because"])  # the lines' tree: no premises
    assert derived.why["because"][0]["because"][0]["rules"] == ["R106"]


def test_a_rules_own_changes_refuse_bad_provisions(tmp_path):
    import pytest

    from adjudicator.errors import InputError

    case = tmp_path / "case.yaml"
    case.write_text("""title: t
changes:
  - enact: {id: 9001, title: Eye, power: 1, clauses: [{modality: CAN, who: any player, action: close the eye}],
            upon: [{action: close the eye, provisions: [{win: [g]}]}]}
gamestate: {persons: [g], players: [g]}
statements:
  - {text: "R9001 is in force", expect: TRUE}
""")
    with pytest.raises(InputError, match="repeal or set power"):
        judge_file(case)
    case.write_text(case.read_text().replace("{win: [g]}", "{repeal: this rule}"))
    assert judge_file(case).judgements[0].verdict == "TRUE"  # nobody closed the eye


def test_an_uncertain_announcement_whose_condition_failed_was_not_taken(tmp_path):
    """R478: an action announced "if C" is taken only if C held; that the case is unsure whether the
    announcement was made does not make it possible that it was taken when C failed."""
    case = tmp_path / "case.yaml"
    case.write_text("""title: t
gamestate: {persons: [g, alice], players: [g, alice]}
events:
  - {id: u, at: 2020-04-07T12:00:00Z, by: g, do: deregister, uncertain: true, when: "alice is not a player"}
statements:
  - {text: "g is a player", expect: TRUE}
""")
    assert [j.verdict for j in judge_file(case).judgements] == ["TRUE"]
