"""BlogNomic's reasons are worded by the message/3 facts beside the rules that derive them
(votes.lp, resolution.lp for votable matters; orders.lp for the Watch's Orders)."""

from __future__ import annotations

import pytest

from adjudicator.blognomic.programs import ENTRY, MATTERS, WATCH
from adjudicator.solving.messages import messages

# the predicates whose last argument is a reason code, per file, and the program that words it
REASONS = {
    "votes.lp": ({"popular", "unpopular"}, (ENTRY, MATTERS)),
    "resolution.lp": ({"invalid", "enact_because", "fail_because", "wait"}, (ENTRY, MATTERS)),
    "orders.lp": ({"invalid"}, (ENTRY, WATCH)),
}


@pytest.mark.parametrize("name", sorted(REASONS))
def test_every_reason_has_a_message(name, derived_reason_codes):
    heads, program = REASONS[name]
    codes = derived_reason_codes(f"blognomic/{name}", heads)
    assert codes
    assert not codes - set(messages(*program).templates), name


def test_the_same_code_is_worded_per_program():
    assert messages(ENTRY, MATTERS).text("not_a_captain") == (
        "the author is not a Captain, or is Idle (Idle Captains)")
    assert messages(ENTRY, WATCH).text("not_a_captain") == (
        "not a Captain (or Idle): only Captains give Orders (Idle Captains)")
    assert messages(ENTRY, MATTERS).text("unpopular") == "Unpopular"  # no cite: no parentheses
