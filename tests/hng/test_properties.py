"""Properties of the ASP adjudication on random logs: tokens are conserved, every attempt gets a
verdict, INEFFECTIVE ones a reason, and balances never go negative."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.hng import adjudicate as hng

from .conftest import make_log, sha

PLAYERS = ["alice", "bob", "carol", "dave"]
START = dt.datetime(2024, 7, 22, tzinfo=dt.timezone.utc)

event = st.tuples(
    st.integers(min_value=0, max_value=60 * 24 * 52),  # minutes after Monday 2024-07-22
    st.sampled_from(PLAYERS),
    st.sampled_from(["join", "transfer", "declare", "reveal"]),
    st.integers(min_value=0, max_value=15),
)


@settings(max_examples=25, deadline=None)
@given(events=st.lists(event, max_size=14), readings=st.fixed_dictionaries(
    {name: st.sampled_from(values) for name, (values, _, _) in hng.READINGS.items()}))
def test_random_logs(events, readings):
    log_events = []
    for minutes, who, action, n in events:
        at = (START + dt.timedelta(minutes=minutes)).isoformat().replace("+00:00", "Z")
        item = {"at": at, "party": who, "action": action}
        if action == "transfer":
            item["tokens"] = n
        elif action == "declare":
            item["commitment"] = sha(str(n % 6))
        elif action == "reveal":
            item["text"] = str(n % 6)
        log_events.append(item)
    standings = hng.adjudicate(make_log(log_events, parties=("alice", "bob")), readings)
    assert len(standings.events) == len(log_events)
    for e in standings.events:
        assert (e.result == "INEFFECTIVE") == bool(e.reasons)
    granted = 12 * sum(1 for p in standings.balances if p in ("alice", "bob")) + 12 * sum(
        1 for e in standings.events
        if e.action == "join" and e.result == "EFFECTIVE" and e.at <= standings.game_night)
    assert sum(standings.balances.values()) + standings.pot == granted
    for week in standings.weeks:
        assert all(n >= 0 for n in week.balances.values()) and week.pot >= 0
    assert standings.winners  # no as_of: the game has ended, and alice and bob are parties
