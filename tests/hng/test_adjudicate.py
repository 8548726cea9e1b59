"""BT31 adjudicated by the ASP encoding: one test per rule, on bundled logs and small inline logs."""

from __future__ import annotations

import pytest

from adjudicator.errors import InputError
from adjudicator.hng import adjudicate as hng

from .conftest import make_log, sha


@pytest.fixture(scope="module")
def whole(case):
    return hng.adjudicate(case("whole-game"))


def result(standings, index):
    return standings.events[index - 1]


def test_calendar_literal(whole):
    # R1023 weeks from Monday 2024-07-29; Game Night 7 days after 2024-07-24 (BT31)
    assert whole.game_night == "2024-07-31T00:00:00Z"
    assert [(w.start, w.kind) for w in whole.weeks] == [
        ("2024-07-29", "bidding"), ("2024-08-05", "revealing"), ("2024-08-12", "bidding"),
        ("2024-08-19", "revealing"), ("2024-08-26", "bidding"), ("2024-09-02", "revealing")]


def test_calendar_designer_reading(case):
    st = hng.adjudicate(case("whole-game"), {"cycle-start": "after-game-night"})
    assert [(w.start, w.kind) for w in st.weeks][:2] == [("2024-08-05", "bidding"), ("2024-08-12", "revealing")]
    assert st.final_week == "2024-09-09"


@pytest.mark.parametrize("index, verdict, reason", [
    (1, "INEFFECTIVE", "not_enough_tokens"),      # before Game Night alice owns nothing
    (2, "EFFECTIVE", None),
    (8, "INEFFECTIVE", "already_declared"),       # once per week
    (9, "INEFFECTIVE", "fixed_asset"),            # R2577: only to the pot
    (10, "EFFECTIVE", None),                      # dave joins by announcement
    (11, "EFFECTIVE", None),                      # a party without tokens can still declare
    (12, "INEFFECTIVE", "not_a_party"),
    (14, "INEFFECTIVE", "no_matching_declaration"),  # committed "seven", revealed "7"
    (15, "EFFECTIVE", None),                      # number words
    (18, "INEFFECTIVE", "not_bidding_week"),
    (21, "EFFECTIVE", None),                      # R2577: transferring no tokens succeeds
    (29, "INEFFECTIVE", "above_cap"),             # 20 > 9 tokens transferred the week before
    (38, "INEFFECTIVE", "tournament_ended"),
])
def test_event_verdicts(whole, index, verdict, reason):
    event = result(whole, index)
    assert event.result == verdict
    assert event.reason  # EFFECTIVE or not, the result says why
    if reason:
        assert event.reasons[0] == reason


def test_weeks_pots_leaders_balances(whole):
    w = whole.weeks
    assert (w[0].pot, w[0].balances) == (12, {"alice": 8, "bob": 6, "carol": 10, "dave": 0})
    assert (w[1].leader, w[1].payout, w[1].balances["bob"]) == ("bob", 12, 18)
    assert (w[3].leader, w[3].pot) == ("alice", 9)   # 9 unique and highest; dave's 20 never counted
    assert (w[5].leader, w[5].pot) == ("alice", 15)  # bob's and carol's 15 cancel out
    assert whole.winners == ["alice"] and whole.finished
    assert whole.balances == {"alice": 24, "bob": 7, "carol": 5, "dave": 0}
    # tokens are conserved: 3 parties granted 12 at Game Night, dave joined later
    assert sum(whole.balances.values()) + whole.pot == 36


def test_tie_at_end(case):
    st = hng.adjudicate(case("tie-at-end"))
    assert st.winners == ["alice", "bob"]
    assert st.balances == {"alice": 12, "bob": 12, "carol": 11}
    assert st.weeks[-1].leader is None and st.pot == 1  # carol's token stays in the pot


def test_no_leader_pot_carries_over(case):
    st = hng.adjudicate(case("no-leader"))
    first, second = st.weeks[1], st.weeks[3]
    assert first.leader is None and first.pot_after == 6  # "4" and "four" are equal numbers
    assert second.leader == "alice" and second.payout == 8  # 6 carried over + 2 transferred
    assert st.winners == ["alice"]


def test_game_night_grants_only_parties_at_that_moment():
    log = make_log([
        {"at": "2024-07-30T10:00:00Z", "party": "carol", "action": "join"},
        {"at": "2024-08-01T10:00:00Z", "party": "dave", "action": "join"},
        {"at": "2024-08-01T11:00:00Z", "party": "dave", "action": "transfer", "tokens": 1},
        {"at": "2024-08-01T12:00:00Z", "party": "carol", "action": "join"},
    ])
    st = hng.adjudicate(log)
    assert st.weeks[0].balances == {"alice": 12, "bob": 12, "carol": 12, "dave": 0}
    assert st.events[2].reasons == ["not_enough_tokens"]
    assert st.events[3].reasons == ["already_party"]


def test_transfers_chain_within_a_week():
    log = make_log([
        {"at": "2024-08-01T10:00:00Z", "party": "alice", "action": "transfer", "tokens": 10},
        {"at": "2024-08-01T10:01:00Z", "party": "alice", "action": "transfer", "tokens": 3},
        {"at": "2024-08-01T10:02:00Z", "party": "alice", "action": "transfer", "tokens": 2},
    ])
    st = hng.adjudicate(log)
    assert [e.result for e in st.events] == ["EFFECTIVE", "INEFFECTIVE", "EFFECTIVE"]
    assert st.weeks[0].balances["alice"] == 0 and st.weeks[0].pot == 12


def test_reveal_needs_previous_week_declaration_and_a_natural_number():
    log = make_log([
        {"at": "2024-08-01T10:00:00Z", "party": "alice", "action": "transfer", "tokens": 5},
        {"at": "2024-08-01T11:00:00Z", "party": "alice", "action": "declare", "commitment": sha("three and a bit")},
        {"at": "2024-08-01T11:00:00Z", "party": "bob", "action": "declare", "commitment": sha("2")},
        {"at": "2024-08-05T09:00:00Z", "party": "alice", "action": "reveal", "text": "three and a bit"},
        {"at": "2024-08-05T09:00:00Z", "party": "bob", "action": "reveal", "text": "2"},
        {"at": "2024-08-05T09:01:00Z", "party": "bob", "action": "reveal", "text": "2"},
        {"at": "2024-08-19T09:00:00Z", "party": "bob", "action": "reveal", "text": "2"},  # two weeks later
    ])
    st = hng.adjudicate(log)
    assert st.events[3].reasons == ["not_a_natural_number"]
    assert st.events[4].result == "EFFECTIVE"
    assert st.events[5].reasons == ["already_revealed"]
    assert st.events[6].reasons[0] == "no_matching_declaration"  # (and above the cap: nothing transferred)
    assert st.weeks[1].leader == "bob"


def test_before_promulgation_and_as_of_in_progress():
    log = make_log([
        {"at": "2024-07-23T10:00:00Z", "party": "carol", "action": "join"},
        {"at": "2024-08-01T10:00:00Z", "party": "alice", "action": "transfer", "tokens": 4},
        {"at": "2024-08-01T11:00:00Z", "party": "alice", "action": "declare", "commitment": sha("4")},
        {"at": "2024-08-05T09:00:00Z", "party": "alice", "action": "reveal", "text": "4"},
    ], as_of="2024-08-06T00:00:00Z")
    st = hng.adjudicate(log)
    assert st.events[0].reasons == ["before_promulgation"]
    assert st.winners is None and not st.finished
    last = st.weeks[-1]
    assert not last.complete and last.leader == "alice" and last.payout == 0 and last.pot == 4


@pytest.mark.parametrize("name, option, winners", [
    ("ambiguous-reveal-cap", "reveal-cap", {"all-transfers": ["alice"], "own-transfers": ["bob"]}),
    ("ambiguous-leader-scope", "leader-scope", {"week": ["alice", "bob"], "game": ["alice"]}),
    ("ambiguous-zero", "zero-natural", {"yes": ["bob"], "no": ["alice", "bob"]}),
    ("designer-calendar", "cycle-start", {"after-promulgation": ["alice", "bob"], "after-game-night": ["alice"]}),
])
def test_each_reading_changes_the_outcome(case, name, option, winners):
    log = case(name)
    for value, expected in winners.items():
        assert hng.adjudicate(log, hng.parse_readings([f"{option}={value}"])).winners == expected
    report = hng.adjudicate_log(log)
    assert report.ambiguous
    assert option in report.differs_by
    seen = {tuple(o.winners) for o in report.outcomes}
    assert {tuple(w) for w in winners.values()} <= seen


def test_reading_that_does_not_matter_is_not_flagged(case):
    report = hng.adjudicate_log(case("ambiguous-reveal-cap"))
    assert "zero-natural" not in report.differs_by


def test_unambiguous_log_is_not_flagged():
    # nothing happens: every reading gives a three-way tie at 12
    report = hng.adjudicate_log(make_log([], parties=("alice", "bob", "carol")))
    assert not report.ambiguous and report.outcomes and len(report.outcomes) == 1
    assert report.winners == ["alice", "bob", "carol"]


def test_bad_readings():
    with pytest.raises(InputError, match="reveal-cap takes one of"):
        hng.parse_readings(["reveal-cap=mine"])
    with pytest.raises(InputError, match="unknown reading"):
        hng.parse_readings(["colour=blue"])
    assert hng.parse_readings(["reveal_cap=own_transfers"])["reveal-cap"] == "own-transfers"


@pytest.mark.parametrize("name, message", [
    ("broken-yaml", "not valid YAML"),
    ("unknown-action", "event 1 field action"),
    ("bad-commitment", "SHA-256 digest"),
    ("negative-tokens", "greater than or equal to 0"),
    ("missing-tokens", "needs 'tokens'"),
    ("event-after-as-of", "after as_of"),
    ("not-a-mapping", "a log is a mapping"),
    ("bad-time", "event 1 field at"),
    ("no-promulgation", "promulgated"),
])
def test_bad_logs(name, message):
    from .conftest import CASES
    with pytest.raises(InputError, match=message):
        hng.load_log(CASES / "bad" / f"{name}.yaml")
