"""The monthly auction duties (R2629, R1885) and the Registrar's R2574 duty, worded from their keys."""

from __future__ import annotations

from datetime import datetime, timezone

import clingo

from adjudicator.agora.obligation_words import obligation_words

EPOCH = datetime(2020, 11, 30, tzinfo=timezone.utc)


def _words(term: str) -> str:
    return obligation_words(clingo.parse_term(term), lambda e: f"event {e}", lambda p: f"<{p}>", EPOCH)


def test_auction_and_zombie_duties_are_worded():
    assert _words("victory_auction(2020,11)") == "conducting a victory auction in 2020-11"
    assert _words("zombie_auction(2020,10)").endswith("after the beginning of 2020-10")
    assert (_words("registrar_r2574(1,transfer_from(talisman(zed),1,bob,agora))")
            == "transferring the talisman for <zed> from <bob> to Agora after the Registrar's report of event 1")
    assert _words("registrar_r2574(4,deregister_zombie(zak))").startswith("deregistering the zombie <zak>")
    assert "<bob> holds" in _words("registrar_r2574(4,excess(bob))")
