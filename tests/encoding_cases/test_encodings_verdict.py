"""Named cases for the judge's verdict program (encodings/agora/verdict.lp with judgements.lp:
R591 by revision, R2518) and its fallback rounds (encodings/core/fallback_round.lp:
R2518, R2162, R2576): summary facts of the gamestates -> the expected verdicts (or values to
settle), in the style of potassco's clintest."""

from __future__ import annotations

import pytest

from .clintest import Case, Table, check, params

# Two consistent gamestates with the same facts (group 0), and two that differ in one unknown fact.
SAME_FACTS = "statement(1). gamestate(0). gamestate(1). group_of(0, 0). group_of(1, 0). "
UNKNOWN_FACT = ("statement(1). gamestate(0). gamestate(1). group_of(0, 0). group_of(1, 1). "
                "unknown_in(0, happened(3)). ")
OUTSIDE_FACT = ("statement(1). gamestate(0). gamestate(1). group_of(0, 0). group_of(1, 1). "
                "unknown_in(0, outside_holds(rain)). ")
# No consistent gamestate: rules 7 and 8 conflict; gamestate 0 has 7 set aside, 1 has 8 set aside.
PARADOX = "statement(1). paradox_rule(7). paradox_rule(8). set_aside(0, 7). set_aside(1, 8). "
# One rule in conflict with itself: setting it aside is the only way to a gamestate.
SELF_CONFLICT = "statement(1). paradox_rule(7). set_aside(0, 7). "
OLD_R591 = "text_revision(591, 43). "
NEW_R591 = "text_revision(591, 48). "

VERDICT_CASES = {
    # name: (summary facts, expected verdict/3 of statement 1)
    "R591 TRUE: holds in every consistent gamestate": (
        SAME_FACTS + "holds_in(1, 0). holds_in(1, 1).", ("true", "determinate")),
    "R591 FALSE: holds in none": (SAME_FACTS, ("false", "determinate")),
    "R2518 + R591/45+: open with the same facts is PARADOXICAL": (
        SAME_FACTS + NEW_R591 + "holds_in(1, 0).", ("paradoxical", "indeterminate")),
    "R2518 + R591/43: open with the same facts is DISMISSed (no PARADOXICAL)": (
        SAME_FACTS + OLD_R591 + "holds_in(1, 0).", ("dismiss", "indeterminate")),
    "R591 DISMISS: the answer turns on an event the case does not establish": (
        UNKNOWN_FACT + "holds_in(1, 0).", ("dismiss", "insufficient_information")),
    "R591 IRRELEVANT: the answer turns on a fact outside the gamestate": (
        OUTSIDE_FACT + "holds_in(1, 0).", ("irrelevant", "outside_gamestate")),
    "R591 self-reference: one consistent judgement decides": (
        SAME_FACTS + "self_referential(1). self_consistent(1, false).", ("false", "determinate")),
    "R591 self-reference: a liar is DISMISSed, not PARADOXICAL": (
        SAME_FACTS + NEW_R591 + "self_referential(1).", ("dismiss", "self_reference")),
    "R591 self-reference: both judgements consistent is DISMISSed": (
        SAME_FACTS + "self_referential(1). self_consistent(1, true). self_consistent(1, false).",
        ("dismiss", "self_reference")),
    "R2518: the same answer however the paradox is broken": (
        PARADOX + "holds_in(1, 0). holds_in(1, 1).", ("true", "determinate_despite_paradox")),
    "R2518 + R591/45+: the answer depends on how the paradox is broken": (
        PARADOX + "holds_in(1, 0).", ("paradoxical", "gamestate_paradox")),
    "R2518 + R591/43: a paradoxical answer is DISMISSed": (
        PARADOX + OLD_R591 + "holds_in(1, 0).", ("dismiss", "gamestate_paradox")),
    "R2518 a rule in conflict with itself: setting aside the only rule the statement is about answers for another ruleset": (
        SELF_CONFLICT + "names_rule(1, 7). holds_in(1, 0).", ("paradoxical", "gamestate_paradox")),
    "R2518 a rule in conflict with itself: a rule the statement is not about may be set aside": (
        SELF_CONFLICT + "holds_in(1, 0).", ("true", "determinate_despite_paradox")),
    "R2518 a rule in conflict with itself: about one rule of two, only the other is set aside": (
        PARADOX + "names_rule(1, 7). holds_in(1, 1).", ("true", "determinate_despite_paradox")),
    "R2518 a rule in conflict with itself: about a rule whose clause speaks at the point asked": (
        PARADOX + "asked_at(1, q(s1)). speaks_to_in(1, 8, q(s1)). holds_in(1, 0).",
        ("true", "determinate_despite_paradox")),
    "R2518 indeterminacy: TRUE when open with the same facts": (
        SAME_FACTS + "asks_indeterminacy(1). holds_in(1, 0).", ("true", "determinate")),
    "R2518 indeterminacy: FALSE when only unknown facts differ": (
        UNKNOWN_FACT + "asks_indeterminacy(1). holds_in(1, 0).", ("false", "determinate")),
    "R2518 indeterminacy: TRUE when caught in the paradox": (
        PARADOX + OLD_R591 + "asks_indeterminacy(1). holds_in(1, 0).", ("true", "determinate")),
    "R2518 indeterminacy: FALSE when the paradox does not reach it": (
        PARADOX + "asks_indeterminacy(1).", ("false", "determinate")),
}


# An open finding f(1) (findings.lp): it holds in gamestate 0, not in 1.
OPEN_FINDING = ("statement(1). gamestate(0). gamestate(1). group_of(0, 0). group_of(1, 1). open_finding(f(1)). "
                "unknown_in(0, finding_holds(f(1))). ")
FINDING_CASES = [
    Case("R217 R591 an open finding that decides: the verdict under each value",
         OPEN_FINDING + "holds_in(1, 0).",
         holds={"verdict(1, on_findings, open_finding)", "verdict_if(1, f(1), yes, true)", "verdict_if(1, f(1), no, false)"},
         never={"verdict(1, dismiss, insufficient_information)"}),
    Case("R591 an open finding and an unknown event that move together: still the finding's",
         OPEN_FINDING + "unknown_in(0, happened(2)). holds_in(1, 1).",
         holds={"verdict(1, on_findings, open_finding)", "verdict_if(1, f(1), yes, false)"},
         never={"verdict(1, dismiss, insufficient_information)"}),
    Case("R591 a finding that does not decide leaves the verdict determinate",
         OPEN_FINDING + "holds_in(1, 0). holds_in(1, 1).", models=[{"verdict(1, true, determinate)"}]),
    Case("R591 a statement found not relevant to the game is IRRELEVANT whatever its answer",
         SAME_FACTS + "holds_in(1, 0). holds_in(1, 1). relevance_finding(1, f(2)).",
         models=[{"verdict(1, irrelevant, found_irrelevant)"}]),
    Case("R591 found relevant, an answer turning on an outside fact is DISMISSed, not IRRELEVANT",
         OUTSIDE_FACT + "holds_in(1, 0). relevance_finding(1, f(2)). stated_finding(f(2)).",
         holds={"verdict(1, dismiss, relevant_outside)"}, never={"verdict(1, irrelevant, outside_gamestate)"}),
    Case("R591 relevance left open: the verdict if relevant, IRRELEVANT if not",
         SAME_FACTS + "holds_in(1, 0). holds_in(1, 1). relevance_finding(1, f(2)). open_finding(f(2)).",
         holds={"verdict(1, on_findings, open_finding)", "verdict_if(1, f(2), yes, true)",
                "verdict_if(1, f(2), no, irrelevant)"}),
]


ROUND = "group_of(0, 0). group_of(1, 0). group_of(2, 1). "
ROUND_CASES = {
    # name: (summary facts, expected settle/1)
    "R2162: a switch that differs with the same facts is settled": (
        ROUND + "chosen_in(0, citizenship(1), carol). chosen_in(1, citizenship(1), dave). "
                "has_fallback_in(0, citizenship(1)).", ["citizenship(1)"]),
    "R2576: a coin whose owner differs with the same facts goes to its fallback": (
        ROUND + "chosen_in(0, coin(2), a). chosen_in(1, coin(2), b). has_fallback_in(1, coin(2)).", ["coin(2)"]),
    "R2518: a value that differs only between facts is not settled": (
        ROUND + "chosen_in(0, coin(2), a). chosen_in(2, coin(2), b). has_fallback_in(0, coin(2)).", []),
    "R2518: a value without a fallback stays open": (
        ROUND + "chosen_in(0, coin(2), a). chosen_in(1, coin(2), b).", []),
    "R2518: a value the same in every gamestate is not settled": (
        ROUND + "chosen_in(0, coin(2), a). chosen_in(1, coin(2), a). has_fallback_in(0, coin(2)).", []),
}



VERDICT_TABLES: dict[str, Table] = {
    "agora/verdict.lp": Table(("agora/judgements.lp", "agora/verdict.lp"), [
        *(Case(name, facts, models=[{f"verdict(1, {verdict}, {reason})"}])
          for name, (facts, (verdict, reason)) in VERDICT_CASES.items()),
        Case("R591 the open facts the answer turns on are named",
             UNKNOWN_FACT + "unknown_in(1, happened(4)). unknown_in(0, happened(4)). holds_in(1, 0).",
             models=[{"deciding(1, happened(3))"}]),
        Case("R2518 the rule in conflict with itself is named, and no gamestate answers",
             SELF_CONFLICT + "names_rule(1, 7). holds_in(1, 0).", holds={"turns_on(1, 7)"}, never={"usable(1, 0)"}),
        *FINDING_CASES,
    ]),
    "core/fallback_round.lp": Table(("core/fallback_round.lp",), [
        Case(name, facts, models=[{f"settle({x})" for x in expected}]) if expected else
        Case(name, facts, never={"settle(coin(2))", "settle(citizenship(1))"})
        for name, (facts, expected) in ROUND_CASES.items()
    ]),
}


def test_every_reason_class_and_revision_is_named():
    classes = {expected[1] for _, expected in VERDICT_CASES.values()}
    assert classes == {"determinate", "indeterminate", "insufficient_information", "outside_gamestate",
                       "self_reference", "determinate_despite_paradox", "gamestate_paradox"}
    assert any(OLD_R591 in facts for facts, _ in VERDICT_CASES.values())
    assert any(NEW_R591 in facts for facts, _ in VERDICT_CASES.values())


@pytest.mark.parametrize("file, case", params(VERDICT_TABLES))
def test_verdict_case(file: str, case: Case):
    check(VERDICT_TABLES[file], case)
