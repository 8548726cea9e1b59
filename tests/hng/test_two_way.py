"""Issue 9: the Z3 model (adjudicator/hng/reachability.py) and encodings/hng/ encode the same
rules. On generated small logs, at the start of the last revealing week (where the remaining
choices are who reveals), every continuation is enumerated through the ASP adjudicator; Z3's
yes must come with a plan that replays as a win, and Z3's no must match no winning continuation.
"""

from __future__ import annotations

from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.hng import adjudicate as hng
from adjudicator.hng import reachability as reach

from .conftest import sha

PARTIES = ("alice", "bob", "carol")
# two bidding and two revealing weeks already played (BT31), the third bidding week is generated
HISTORY = [
    {"at": "2024-07-30T10:00:00Z", "party": "alice", "action": "transfer", "tokens": 2},
    {"at": "2024-08-01T10:00:00Z", "party": "bob", "action": "transfer", "tokens": 3},
    {"at": "2024-08-01T11:00:00Z", "party": "alice", "action": "declare", "commitment": sha("2")},
    {"at": "2024-08-01T11:05:00Z", "party": "bob", "action": "declare", "commitment": sha("3")},
    {"at": "2024-08-05T09:00:00Z", "party": "alice", "action": "reveal", "text": "2"},
    {"at": "2024-08-05T09:05:00Z", "party": "bob", "action": "reveal", "text": "3"},
    {"at": "2024-08-12T10:00:00Z", "party": "carol", "action": "transfer", "tokens": 4},
    {"at": "2024-08-12T11:00:00Z", "party": "carol", "action": "declare", "commitment": sha("4")},
    {"at": "2024-08-19T09:00:00Z", "party": "carol", "action": "reveal", "text": "4"},
]
LAST_BIDDING = st.lists(st.tuples(st.sampled_from(PARTIES), st.integers(0, 5), st.integers(0, 9)),
                        min_size=1, max_size=3, unique_by=lambda t: t[0])


def log_with(events: list[dict], as_of: str | None) -> hng.GameLog:
    data = {"promulgated": "2024-07-24", "parties": list(PARTIES), "events": events}
    if as_of:
        data["as_of"] = as_of
    return hng.parse_log(data)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(bids=LAST_BIDDING, cap=st.sampled_from(["all-transfers", "own-transfers"]))
def test_z3_and_asp_agree_on_every_continuation(bids, cap):
    readings = hng.parse_readings({"reveal-cap": cap})
    events = list(HISTORY)
    secrets = {}
    for i, (party, tokens, number) in enumerate(bids):
        events.append({"at": f"2024-08-26T1{i}:00:00Z", "party": party, "action": "transfer", "tokens": tokens})
        events.append({"at": f"2024-08-26T1{i}:30:00Z", "party": party, "action": "declare",
                       "commitment": sha(str(number))})
        secrets[party] = str(number)
    log = log_with(events, "2024-09-02T08:00:00Z")
    # exhaustive ASP: every subset of the declared numbers is revealed in the last week
    winners_of = []
    for size in range(len(secrets) + 1):
        for revealers in combinations(sorted(secrets), size):
            ended = log_with(events + [{"at": f"2024-09-03T1{i}:00:00Z", "party": p, "action": "reveal",
                                        "text": secrets[p]} for i, p in enumerate(revealers)], None)
            winners_of.append(hng.adjudicate(ended, readings).winners)
    for party in PARTIES:
        for alone in (False, True):
            asp_yes = any(party in w and (not alone or w == [party]) for w in winners_of)
            answer = reach.reachable(log, party, alone=alone, readings=readings, secrets=secrets)
            assert answer.reachable is asp_yes, (party, alone, bids, cap, winners_of)
            if answer.reachable:  # the witness replays as a win through the encodings
                data = log.model_dump(mode="json")
                data.pop("as_of")
                data["events"] = [{k: v for k, v in e.items() if v is not None} for e in data["events"]]
                data["events"] += answer.plan_events
                final = hng.adjudicate(hng.parse_log(data), readings)
                assert party in final.winners and (not alone or final.winners == [party])
