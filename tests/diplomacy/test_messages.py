"""Reasons are worded by the message/3 facts beside the rules that derive them, ranked by
reason_rank/2 (adjudicator/solving/messages.py reads them): every reason a task can derive has
exactly one message in that task's parts, and the formatter fills templates as the results read."""

from __future__ import annotations

import pytest

from adjudicator.diplomacy.programs import ADJUST, ENTRY, MOVEMENT_PHASE, RETREAT
from adjudicator.solving.messages import Messages, messages, read_messages

# the predicate whose last argument is a reason, per file, and the task that reads it
REASON_HEADS = {
    "legality.lp": ({"invalid"}, MOVEMENT_PHASE),
    "movement.lp": ({"why", "invalid"}, MOVEMENT_PHASE),
    "variant_movement.lp": ({"why", "invalid"}, MOVEMENT_PHASE),
    "conditional.lp": ({"why", "invalid"}, MOVEMENT_PHASE),
    "retreat.lp": ({"invalid", "fails", "result"}, RETREAT),
    "adjust.lp": ({"invalid", "fails", "result"}, ADJUST),
    "variant_submission.lp": ({"result"}, RETREAT),
}


@pytest.mark.parametrize("name", sorted(REASON_HEADS))
def test_every_derived_reason_has_a_message_in_its_task(name, derived_reason_codes):
    heads, parts = REASON_HEADS[name]
    # the outcomes themselves (invalid, fails, succeeds) are results, not reasons
    codes = derived_reason_codes(f"diplomacy/{name}", heads) - {"invalid", "fails", "succeeds"}
    assert codes, name
    missing = codes - set(messages(ENTRY, parts).templates)
    assert not missing, f"{name}: reasons without message/3: {sorted(missing)}"


def test_a_code_is_worded_per_task():
    # civil_disorder is a reason in the retreat phase and in the adjustment phase, worded for each
    assert messages(ENTRY, RETREAT).text("civil_disorder") == (
        "the country is in civil disorder: its dislodged units are disbanded (BT24)")
    assert messages(ENTRY, ADJUST).text("civil_disorder") == (
        "no new units are raised for a country in civil disorder (BT24)")


def test_movement_templates_are_filled_from_the_arguments():
    words = messages(ENTRY, MOVEMENT_PHASE)
    assert words.text("lost_head_to_head", ["MUN", "1", "2"]) == (
        "lost the head-to-head battle with MUN (attack 1 vs defence 2) (BT19)")
    assert words.text("foreign_unit") == "the unit there belongs to another power (DATC 6.A.6)"
    assert words.text("no_unit") == "no unit there; the order is ignored"  # no cite: no parentheses
    assert words.text("move_succeeds", ["2"]) == "moved with attack strength 2"
    assert [words.text(f"{kind}_succeeds") for kind in ("hold", "support", "convoy")] == [
        "held", "support given", "the army was carried"]


def test_a_failed_move_is_explained_by_its_first_ranked_reason():
    rank = messages(ENTRY, MOVEMENT_PHASE).rank
    ordered = ["superseded", "szykman_army", "no_convoy_ordered", "no_complete_convoy_route",
               "convoy_disrupted", "own_unit", "lost_head_to_head", "held", "standoff"]
    assert sorted(ordered, key=rank) == ordered
    assert rank("cut_by") is None and rank("dislodged") is None  # unranked: given beside the others


def test_cite_placeholder_and_fallback():
    words = Messages({"a": ("x ({cite}); y", "R1"), "b": ("z {1}", "")}, {})
    assert words.text("a") == "x (R1); y"
    assert words.text("b", ["Q"]) == "z Q"
    assert words.text("no_such_code") == "no such code"


def test_two_messages_for_one_code_in_one_task_are_refused(tmp_path):
    program = tmp_path / "p.lp"
    program.write_text('#program one.\nmessage(c, "first", "").\n#program two.\nmessage(c, "second", "").\n'
                       'reason_rank(c, 1).\n')
    assert read_messages([program], ("one",)).text("c") == "first"
    assert read_messages([program], ("two",)).rank("c") == 1
    with pytest.raises(ValueError, match="two messages for c"):
        read_messages([program], ("one", "two"))
