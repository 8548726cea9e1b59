"""Who can still win (Z3): answers, bounds, budgets, and soundness against the ASP adjudicator.

Soundness: every witness plan is appended to the log as events (declarations as SHA-256
commitments of their plaintexts) and replayed through the ASP adjudicator, which must then name
the party among the winners (alone, when asked).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.hng import reachability as reach
from adjudicator.hng import adjudicate as hng

from .conftest import make_log, sha

# the plaintexts behind the bundled logs' pending commitments (see cases/hng/make_cases.py)
FINAL_WEEK_SECRETS = {"alice": "fourteen", "bob": "15", "carol": "15"}
IN_PROGRESS_SECRETS = {"carol": "8", "dave": "20"}


def replay(log: hng.GameLog, answer: reach.Answer) -> hng.Standings:
    data = log.model_dump(mode="json")
    data.pop("as_of")
    data["events"] = [{k: v for k, v in e.items() if v is not None} for e in data["events"]] + answer.plan_events
    return hng.adjudicate(hng.parse_log(data), answer.readings)


def assert_sound(log, answer):
    assert answer.reachable is True and answer.plan
    final = replay(log, answer)
    assert answer.party in final.winners, (answer.plan, final.winners)
    if answer.alone:
        assert final.winners == [answer.party]
    assert final.balances == answer.final_balances
    assert all(e.result == "EFFECTIVE" for e in final.events[len(log.events):])


@pytest.mark.parametrize("party", ["alice", "bob", "carol"])
@pytest.mark.parametrize("alone", [False, True])
def test_final_week_witnesses_replay(case, party, alone):
    log = case("final-week")
    answer = reach.reachable(log, party, alone=alone, secrets=FINAL_WEEK_SECRETS)
    assert_sound(log, answer)


@pytest.mark.parametrize("party", ["alice", "bob", "carol", "dave", "erin"])
def test_in_progress_witnesses_replay(case, party):
    log = case("in-progress")
    answer = reach.reachable(log, party, alone=True, secrets=IN_PROGRESS_SECRETS)
    assert_sound(log, answer)


def test_known_secrets_constrain_the_answer(case):
    # dave has no tokens and nothing pending in the last revealing week: alice keeps at least 9
    log = case("final-week")
    answer = reach.reachable(log, "dave", secrets=FINAL_WEEK_SECRETS)
    assert answer.reachable is False and answer.status == "unreachable"
    assert answer.best_balance == 0 and answer.best_margin == -9  # alice keeps 9
    assert "at most 0 tokens" in answer.reason


def test_unknown_pending_secret_is_assumed_and_reported(case):
    log = case("final-week")
    answer = reach.reachable(log, "carol", alone=True)
    assert answer.reachable and "carol" in answer.assumed_secrets
    assert "assumes" in answer.reason


def test_known_secret_that_cannot_be_revealed_makes_it_unreachable():
    # alice committed to 9 but only 3 tokens went to the pot: she can never reveal it, and bob
    # already holds more than she can ever get back in the last revealing week
    log = make_log([
        {"at": "2024-08-26T10:00:00Z", "party": "alice", "action": "transfer", "tokens": 3},
        {"at": "2024-08-26T11:00:00Z", "party": "alice", "action": "declare", "commitment": sha("9")},
    ], as_of="2024-09-02T12:00:00Z")
    assert reach.reachable(log, "alice", secrets={"alice": "9"}).reachable is False
    assert reach.reachable(log, "alice").reachable is True  # if the secret were unknown, 3 or less would do


def test_decided_game(case):
    answer = reach.reachable(case("whole-game"), "alice")
    assert answer.status == "decided" and answer.reachable is True
    assert reach.reachable(case("whole-game"), "bob").reachable is False
    assert reach.reachable(case("tie-at-end"), "alice", alone=True).reachable is False


def test_budget_overrun_is_unknown(case):
    answer = reach.reachable(case("in-progress"), "alice", alone=True, rlimit=1)
    assert answer.reachable is None and answer.status == "unknown within budget"


def test_readings_are_respected(case):
    # under reveal-cap=own-transfers nobody may reveal more than eir own transfers
    log = case("in-progress")
    answer = reach.reachable(log, "dave", alone=True, secrets=IN_PROGRESS_SECRETS,
                             readings={"reveal-cap": "own-transfers"})
    if answer.reachable:
        assert_sound(log, answer)
    else:
        assert answer.best_margin is not None


@pytest.mark.parametrize("as_of", ["2024-07-10T00:00:00Z", "2024-07-26T00:00:00Z"])
def test_joiners_before_game_night_get_tokens(as_of):
    # as_of before the promulgation too: the join must wait for BT31 to exist
    log = make_log([], parties=("alice",), as_of=as_of)
    answer = reach.reachable(log, "zoe", alone=True)
    assert_sound(log, answer)
    assert any(a.action == "join" for w in answer.plan for a in w.actions)


# random mid-game states: whatever Z3 answers yes to must replay as a win in ASP
ACTIONS = st.lists(st.tuples(
    st.sampled_from(["alice", "bob", "carol"]),
    st.sampled_from(["transfer", "declare"]),
    st.integers(min_value=0, max_value=6),
), max_size=6)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=ACTIONS, party=st.sampled_from(["alice", "bob", "carol"]), alone=st.booleans(),
       cap=st.sampled_from(["all-transfers", "own-transfers"]))
def test_random_states_plans_replay(actions, party, alone, cap):
    events, secrets = [], {}
    for i, (who, action, n) in enumerate(actions):
        at = f"2024-08-13T{10 + i:02d}:00:00Z"
        if action == "transfer":
            events.append({"at": at, "party": who, "action": "transfer", "tokens": n})
        elif who not in secrets:
            secrets[who] = str(n)
            events.append({"at": at, "party": who, "action": "declare", "commitment": sha(str(n))})
    log = make_log(events, parties=("alice", "bob", "carol"), as_of="2024-08-14T00:00:00Z")
    answer = reach.reachable(log, party, alone=alone, secrets=secrets, readings={"reveal-cap": cap})
    assert answer.reachable is not None
    if answer.reachable:
        assert_sound(log, answer)


@pytest.mark.parametrize("alone", [False, True])
def test_exhaustive_against_brute_force_replays(case, alone):
    """In the last revealing week the only choices are who reveals: try every subset through the
    ASP adjudicator and compare with Z3's yes/no for every party (completeness and soundness)."""
    from itertools import combinations

    log = case("final-week")
    base = log.model_dump(mode="json")
    base.pop("as_of")
    base["events"] = [{k: v for k, v in e.items() if v is not None} for e in base["events"]]
    outcomes = []
    names = sorted(FINAL_WEEK_SECRETS)
    for size in range(len(names) + 1):
        for revealers in combinations(names, size):
            data = dict(base, events=base["events"] + [
                {"at": f"2024-09-03T1{i}:00:00Z", "party": p, "action": "reveal", "text": FINAL_WEEK_SECRETS[p]}
                for i, p in enumerate(revealers)])
            outcomes.append(hng.adjudicate(hng.parse_log(data)).winners)
    for party in ["alice", "bob", "carol", "dave"]:
        brute = any(party in w and (not alone or w == [party]) for w in outcomes)
        answer = reach.reachable(log, party, alone=alone, secrets=FINAL_WEEK_SECRETS)
        assert answer.reachable is brute, party
