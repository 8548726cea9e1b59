"""encodings/diplomacy/phase_order.lp: the phase that follows (BT16, BT19/BT22 retreats, BT23
adjustments) and when the ownership update is made (BT23, option ownership_update), on its own
with small facts and end to end through the adjudicator (every phase's program says it)."""

import pytest

from adjudicator.diplomacy.movement import adjudicate
from adjudicator.diplomacy.models import Turn, normalize_phase
from adjudicator.diplomacy.phases import finish
from adjudicator.diplomacy.programs import ENTRY
from adjudicator.errors import InputError
from adjudicator.solving import solve


def _order(facts: str) -> set[str]:
    """The atoms phase_order.lp derives for turn 0 from `facts` (stand-ins for what the programs
    it is grounded with derive: dislodged/2, adjustment_due/1, balance_turn/1)."""
    solved = solve([ENTRY], [facts], parts=("phase_order",), max_models=0)
    assert len(solved.models) == 1
    return {str(s) for s in solved.models[0]}


@pytest.mark.parametrize("facts, expected", [
    ("phase(0,spring,1901,movement).", "next_phase(0,fall,1901,movement)"),
    ("phase(0,spring,1901,movement). dislodged(0,vie).", "next_phase(0,spring,1901,retreat)"),
    ("phase(0,spring,1901,retreat).", "next_phase(0,fall,1901,movement)"),
    ("phase(0,fall,1901,movement). dislodged(0,vie).", "next_phase(0,fall,1901,retreat)"),
    ("phase(0,fall,1901,movement). balance_turn(0). adjustment_due(0).", "next_phase(0,winter,1901,adjustment)"),
    ("phase(0,fall,1901,movement). balance_turn(0).", "next_phase(0,spring,1902,movement)"),
    ("phase(0,fall,1901,retreat). balance_turn(0). adjustment_due(0).", "next_phase(0,winter,1901,adjustment)"),
    ("phase(0,fall,1901,retreat). balance_turn(0).", "next_phase(0,spring,1902,movement)"),
    ("phase(0,winter,1901,adjustment).", "next_phase(0,spring,1902,movement)"),
])
def test_the_next_phase(facts, expected):
    following = {a for a in _order(facts) if a.startswith("next_phase")}
    assert following == {expected}


def test_after_a_fall_turn_the_next_phase_waits_for_the_balance():
    # the movement program does not know the balance: it leaves the Fall close to decide
    assert not {a for a in _order("phase(0,fall,1901,movement).") if a.startswith("next_phase")}
    assert not {a for a in _order("phase(0,fall,1901,retreat).") if a.startswith("next_phase")}


@pytest.mark.parametrize("facts, due", [
    ("phase(0,spring,1901,movement).", False),
    ("phase(0,fall,1901,movement).", True),
    ("phase(0,fall,1901,movement). dislodged(0,vie). option(0,ownership_update,after_fall_retreats).", False),
    ("phase(0,fall,1901,movement). dislodged(0,vie). option(0,ownership_update,after_fall_movement).", True),
    ("phase(0,fall,1901,retreat). option(0,ownership_update,after_fall_retreats).", True),
    ("phase(0,fall,1901,retreat). option(0,ownership_update,after_fall_movement).", False),
    ("phase(0,spring,1901,retreat). option(0,ownership_update,after_fall_retreats).", False),
])
def test_when_the_ownership_update_is_made(facts, due):
    assert ("ownership_update_due(0)" in _order(facts)) is due


def test_phases_outside_the_sequence_are_bad_input():
    for bad in ("W1901M", "S1901A", "F1901A", "Winter 1901 Movement"):
        with pytest.raises(InputError, match="not a phase of the game"):
            normalize_phase(bad)
    assert normalize_phase("fall 1901 retreats") == "F1901R"


# A Fall turn that dislodges an English fleet; Germany then owns 3 centres and 2 units, with
# its home centre KIE free: a build is due.
FALL = {"phase": "F1901M",
        "units": {"GERMANY": ["A RUH", "F HOL"], "ENGLAND": ["F BEL"]},
        "centers": {"GERMANY": ["BER", "KIE", "MUN"], "ENGLAND": ["LON", "EDI", "LVP"]},
        "orders": {"GERMANY": ["A RUH - BEL", "F HOL S A RUH - BEL"], "ENGLAND": ["F BEL H"]}}


@pytest.mark.parametrize("reading, updated_after_movement", [
    ("after_fall_retreats", False), ("after_fall_movement", True)])
def test_end_to_end_the_fall_retreats_and_the_ownership_update(reading, updated_after_movement):
    movement = adjudicate({**FALL, "options": {"ownership_update": reading}})
    assert movement.next_phase == "F1901R"
    assert ("BEL" in movement.centers.get("GERMANY", [])) is updated_after_movement
    retreat = adjudicate({"phase": "F1901R", "units": movement.units, "centers": movement.centers,
                          "dislodged": {p: [d.model_dump() for d in ds] for p, ds in movement.dislodged.items()},
                          "orders": {"ENGLAND": ["F BEL - NTH"]}, "options": {"ownership_update": reading}})
    # either way Germany owns BEL after the Fall turn and builds in the Winter (BT23)
    assert "BEL" in retreat.centers["GERMANY"]
    assert retreat.next_phase == "W1901A"


def test_a_fall_turn_without_adjustments_due_goes_to_the_next_spring():
    quiet = {"phase": "F1901M", "units": {"GERMANY": ["A BER", "A MUN", "F KIE"]},
             "centers": {"GERMANY": ["BER", "KIE", "MUN"]}, "orders": {}}
    assert adjudicate(quiet).next_phase == "S1902M"
    # and the same through finish on a result the movement program left open (no solver
    # call of its own: the balance check says it)
    result = adjudicate(quiet)
    result.next_phase = ""
    assert finish(Turn(**quiet), result).next_phase == "S1902M"


@pytest.mark.parametrize("rules, why", [("standard", "too few disbands ordered"), ("bt2020", "civil disorder")])
def test_an_automatic_removal_names_civil_disorder_only_where_bt24_applies(rules, why):
    # France submitted no orders; BT24 is a tournament rule (civil_disorder.lp): under the standard
    # rules its units are removed because too few disbands were ordered, not for civil disorder
    from adjudicator.diplomacy.adjustments import adjudicate_adjustments

    turn = Turn(phase="W1901A", units={"FRANCE": ["A PAR", "F LYO", "A RUH"]}, centers={"FRANCE": ["PAR"]},
                orders={}, rules=rules, civil_disorder=["FRANCE"])
    removals = [r for r in adjudicate_adjustments(turn).orders if r.reason.startswith("not ordered")]
    assert len(removals) == 2 and all(f"({why};" in r.reason for r in removals)
