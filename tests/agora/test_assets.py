"""Assets and the economy in the judge (encodings/agora/assets.lp, economy.lp): typed asset events,
holdings of any asset, the statements about them, and no silent answers (misspelt actions and
assets, unknown rules)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator.agora.judge import judge_file
from adjudicator.cli import main

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "cases" / "cfj"


def case(tmp_path: Path, events: list[dict], statements: list[str], gamestate: dict | None = None, **extra) -> Path:
    """A case of alice, bob and carol (players) and robot (a person, not a player); bob holds 10 coins
    and 2 Victory Cards unless `gamestate` says otherwise."""
    state = {"persons": ["alice", "bob", "carol", "robot"], "players": ["alice", "bob", "carol"],
             "assets": {"bob": {"coins": 10, "Victory Cards": 2}}, **(gamestate or {})}
    data = {"title": "assets", "gamestate": state, "events": events, "now": "2020-12-10T00:00:00Z",
            "statements": [{"text": s} for s in statements], **extra}
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def verdicts(path: Path) -> list[str]:
    return [j.verdict for j in judge_file(path).judgements]


TRANSFER = {"id": "t", "at": "2020-12-01T12:00:00Z", "by": "bob", "do": "transfer", "amount": 5, "asset": "coins",
            "to": "carol"}


def test_the_issue_coin_transfer_is_effective_with_the_balances_after_it(tmp_path):
    path = case(tmp_path, [TRANSFER], [
        "event t was EFFECTIVE", "bob owns exactly 5 coins", "carol owns exactly 5 coins",
        "bob owns exactly 10 coins before event t", "bob CAN transfer 5 coins to carol at 2020-12-01",
        "bob CAN transfer 5 coins to carol", "bob CAN transfer 6 coins to carol", "bob transferred 5 coins to carol",
        "carol earned a coin"])
    assert verdicts(path) == ["TRUE", "TRUE", "TRUE", "TRUE", "TRUE", "TRUE", "FALSE", "TRUE", "FALSE"]


def test_holdings_of_any_asset_and_the_economy(tmp_path):
    events = [{"id": "s", "at": "2020-12-01T12:00:00Z", "by": "bob", "do": "pay-set", "amount": 2, "asset": "victory cards"},
              {"id": "f", "at": "2020-12-02T12:00:00Z", "by": "carol", "do": "transfer", "amount": 1, "asset": "blots",
               "to": "alice"}]
    path = case(tmp_path, events, [
        "bob owns at least 1 Victory Card before event s", "bob owns no Victory Cards", "bob owns exactly 3 Victory Points",
        "event f was INEFFECTIVE", "carol owns 2 blots", "the set of event s was EFFECTIVE"],
        gamestate={"blots": {"carol": 2}})
    assert verdicts(path) == ["TRUE", "TRUE", "TRUE", "TRUE", "TRUE", "TRUE"]


def test_a_fee_based_action_r2579(tmp_path):
    events = [{"id": "x", "at": "2020-12-01T12:00:00Z", "by": "bob", "do": "pay-fee", "amount": 1, "asset": "Blot-B-Gones",
               "action": "expunge a blot from carol"}]
    path = case(tmp_path, events, [
        "bob CAN pay a fee of 1 Blot-B-Gone to expunge a blot from carol before event x", "event x was EFFECTIVE",
        "carol owns 1 blot", "bob owns no Blot-B-Gones", "bob CAN pay a fee of 2 coins to expunge a blot from carol"],
        gamestate={"blots": {"carol": 2}, "assets": {"bob": {"blot-b-gones": 1}}})
    assert verdicts(path) == ["TRUE", "TRUE", "TRUE", "TRUE", "FALSE"]


def test_a_win_by_victory_points_r2621(tmp_path):
    events = [{"id": "w", "at": "2020-12-01T12:00:00Z", "by": "bob", "do": "take-over-economy"}]
    path = case(tmp_path, events, ["bob won by VP", "bob won the game", "carol won by VP", "carol owns 1 Victory Card"],
                gamestate={"assets": {"bob": {"victory points": 30}, "carol": {"victory points": 9}}})
    assert verdicts(path) == ["TRUE", "TRUE", "FALSE", "TRUE"]


@pytest.mark.parametrize("events, statement, words", [
    ([], "bob owns 3 koins", ["'koins' is not an asset the rules define", "nearest: coins"]),
    ([{**TRANSFER, "asset": "shinies"}], "bob owns 3 coins", ["'shinies' is not an asset", "event t"]),
    ([{"id": "d", "at": "2020-12-01T12:00:00Z", "by": "bob", "do": "withdraw-objecton", "intent": 1}], "bob is a player",
     ["'withdraw-objecton' is an action no rule of this case regulates", "nearest: withdraw-objection"]),
    ([{"id": "i", "at": "2020-12-01T12:00:00Z", "by": "bob", "do": "intend", "action": "declare apathey",
       "method": "without objection", "players": ["bob"]}], "bob won the game",
     ["'declare apathey' is an action no rule", "nearest: declare apathy"]),
    ([], "alice CAN juggle", ["'juggle' is an action no rule of this case regulates"]),
    ([], "R9999 is in force", ["'R9999' is not a rule of this case"]),
    ([], "alice violated R9999", ["'R9999' is not a rule of this case"]),
])
def test_no_silent_answers(tmp_path, judge_refusal, events, statement, words):
    line = judge_refusal(case(tmp_path, events, [statement]))
    for word in words:
        assert word in line, line


def test_a_free_text_action_declared_by_its_clause_or_as_unregulated(tmp_path):
    path = case(tmp_path, [{"id": "j", "at": "2020-12-01T12:00:00Z", "by": "bob", "do": "juggle"}],
                ["event j was INEFFECTIVE", "alice CAN juggle"], unregulated_actions=["juggle"])
    assert verdicts(path) == ["TRUE", "FALSE"]
    clause = {"id": "c", "modality": "CAN", "who": "any player", "action": "juggle"}
    path = case(tmp_path, [{"id": "j", "at": "2020-12-01T12:00:00Z", "by": "bob", "do": "juggle"}],
                ["event j was EFFECTIVE"], changes=[{"enact": {"id": 9001, "title": "Juggling", "power": 1,
                                                               "clauses": [clause]}}])
    assert verdicts(path) == ["TRUE"]


def test_a_rule_enacted_by_the_case_is_known(tmp_path):
    path = case(tmp_path, [], ["R9001 is in force", "R2577 is in force"],
                changes=[{"enact": {"id": 9001, "title": "New", "power": 1}}])
    assert verdicts(path) == ["TRUE", "TRUE"]


def test_a_case_relying_on_a_rule_the_encodings_do_not_encode_is_told_so(tmp_path, capsys):
    """Every rule of the 2020 SLR is encoded (or has no operative content): a ruleset with one more
    rule, which only the case's clauses speak for, is told so."""
    slr = (Path(__file__).resolve().parents[2] / "adjudicator" / "data" / "rulesets" / "agora-slr-2020-12-31.txt").read_text()
    extra_rule = ("Rule 9002/0 (Power=1)\nKarma Shifting\n\n      Any player CAN shift karma.\n\n"
                  "------------------------------------------------------------------------\n")
    ruleset = tmp_path / "agora-with-9002.txt"
    ruleset.write_text(slr.rstrip("\n") + "\n" + extra_rule)
    clause = {"id": "r", "modality": "CAN", "who": "any player", "action": "shift karma"}
    path = case(tmp_path, [{"id": "a", "at": "2020-12-01T12:00:00Z", "by": "bob", "do": "shift karma"}],
                ["event a was EFFECTIVE"], changes=[{"amend": {"rule": 9002, "clauses": [clause]}}], ruleset=ruleset.name)
    assert main(["judge", str(path)]) == 0
    out = capsys.readouterr().out
    assert "rules: not encoded (only the case's clauses speak for them): R9002 (Karma Shifting)" in out


@pytest.mark.parametrize("name", sorted(p.name for p in CASES.glob("cfj-3*.yaml") if "transfer" in p.name
                                        or "coin" in p.name or "contract" in p.name or "intent-lost" in p.name
                                        or "behalf" in p.name or "shiny" in p.name or "agora" in p.name
                                        or "omd" in p.name))
def test_asset_cfjs_meet_their_expectations(name):
    result = judge_file(CASES / name)
    assert all(j.matches_expected for j in result.judgements if j.expected), [
        (j.statement, j.verdict, j.expected) for j in result.judgements]


def test_builders_write_the_asset_facts(tmp_path):
    """The named builder case of the assets notion: the events' acts, then the holdings (coins as
    coins_initially, other assets as holding_initially), at the end of the program."""
    from adjudicator.agora.case import load_case
    from adjudicator.agora.facts import build

    events = [TRANSFER, {"id": "f", "at": "2020-12-02T12:00:00Z", "by": "bob", "do": "transfer", "amount": 1,
                         "asset": "coins", "from": "lost_and_found", "to": "bob"},
              {"id": "p", "at": "2020-12-03T12:00:00Z", "by": "bob", "do": "pay-fee", "amount": 1,
               "asset": "Extra Votes", "action": "buy strength on 8500"}]
    program = build(*load_case(case(tmp_path, events, ["bob is a player"]))).program
    wanted = ["act(1,transfer(coin,5,carol)).", "act(2,transfer_from(coin,1,lost_and_found,bob)).",
              "act(3,pay_fee(extra_vote,1,buy_strength(n_8500))).", "coins_initially(bob,10).",
              "holding_initially(victory_card,bob,2)."]
    positions = [program.index(line) for line in wanted]
    assert positions == sorted(positions)


def test_r2483_by_its_text_agora_may_own_coins_under_13_not_15(tmp_path):
    """CFJ 3840's transfer to Agora: EFFECTIVE with R2483/13's text (Agora may own coins), INEFFECTIVE
    with the 2020-12-31 SLR's R2483/15 (R2576: ownership restricted to players, contracts and the
    Lost and Found Department)."""
    source = (CASES / "cfj-3840-coin-to-agora.yaml").read_text()
    assert verdicts(CASES / "cfj-3840-coin-to-agora.yaml")[:2] == ["TRUE", "TRUE"]
    path = tmp_path / "cfj-3840-slr.yaml"
    path.write_text(source.replace("ruleset: rulesets/agora-slr-2020-12-31-r2483-13.txt", "ruleset: agora-slr-2020-12-31"))
    assert verdicts(path)[:2] == ["TRUE", "TRUE"]  # the SLR taken to the case's day: R2483/13 (June 2019-June 2020)
    path.write_text(source.replace("ruleset: rulesets/agora-slr-2020-12-31-r2483-13.txt",
                                   "ruleset: agora-slr-2020-12-31\nas_of: 2020-12-31"))
    assert verdicts(path)[:2] == ["FALSE", "FALSE"]


def test_zombies_talismans_masters_and_resale_value(tmp_path):
    """R2532: a player whose talisman Agora owns is a zombie, and takes it back by announcement; the
    general transfer (R2577) does not move talismans; R2639: Agora's zombies have resale value 0."""
    events = [{"id": "give", "at": "2020-12-01T12:00:00Z", "by": "alice", "do": "transfer", "asset": "talisman for alice",
               "to": "carol"},
              {"id": "back", "at": "2020-12-02T12:00:00Z", "by": "bob", "do": "transfer", "asset": "talisman for bob",
               "from": "agora", "to": "bob"}]
    path = case(tmp_path, events, ["bob is a zombie before event back", "agora is the master of bob before event back",
                                   "bob's resale value is 0", "event back was EFFECTIVE", "bob is active",
                                   "event give was EFFECTIVE", "alice is not a zombie", "carol owns the talisman for alice"],
                gamestate={"non_persons": ["agora"], "assets": {"agora": {"talisman for bob": 1}}})
    assert verdicts(path) == ["TRUE", "TRUE", "TRUE", "TRUE", "TRUE", "FALSE", "TRUE", "FALSE"]


def test_a_talisman_of_an_unknown_player_is_refused(tmp_path, capsys):
    events = [{"id": "t", "at": "2020-12-01T12:00:00Z", "by": "bob", "do": "transfer", "asset": "talisman for bobb",
               "to": "bob"}]
    assert main(["judge", str(case(tmp_path, events, ["bob is active"]))]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "bobb" in err and len(err.strip().splitlines()) == 1
