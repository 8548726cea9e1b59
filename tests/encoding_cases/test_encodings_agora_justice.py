"""Named cases for the CFJ procedure and investigations (encodings/agora/cfjs.lp,
investigations.lp): facts -> the stable models expected, on the judge's core with the Agora files
they stand on."""

from __future__ import annotations

import pytest

from .clintest import Case, Table, check, params
from .test_encodings_agora import ACTS, BASE, DAY, PLAYERS, events

JUSTICE = (*ACTS, "agora/dependent.lp", "agora/justice.lp", "agora/cfjs.lp", "agora/investigations.lp")
# the rules these files read (SLR of 31 Dec 2020, Power x 1000)
RULES = "".join(f"base_rule({r}). rule_id({r}, {r}). rule_power({r}, {p}).\n" for r, p in
                {591: 1700, 911: 1700, 991: 2000, 1006: 2000, 2175: 1000, 2246: 2000, 2478: 1700, 2479: 1700,
                 2492: 1000, 2617: 1000, 2619: 1000}.items())
ARBITOR = PLAYERS + "office(arbitor, alice).\n"


# R991: bob is interested in judging when the case begins, carol says she is (event 1); alice, the
# Arbitor, calls CFJs 1 and 2 and assigns both to bob (events 4 and 5)
def interest(*later: tuple[int, str, str], extra: str = "") -> str:
    """R991: bob is interested in judging when the case begins, carol says she is (event 1); alice,
    the Arbitor, calls CFJs 1 and 2 and assigns both to bob (events 4 and 5)."""
    return ARBITOR + "interested_initially(bob).\n" + extra + events(
        (0, "carol", "judging_interest(yes)"), (10, "alice", "call_cfj(1)"), (20, "alice", "call_cfj(2)"),
        (30, "alice", "assign_cfj(1, bob)"), (40, "alice", "assign_cfj(2, bob)"), *later)


def called(*later: tuple[int, str, str], now: int | None = None, extra: str = "") -> str:
    """bob calls CFJ 1 at 0; alice is the Arbitor."""
    return ARBITOR + extra + events((0, "bob", "call_cfj(1)"), *later, now=now)


JUSTICE_TABLES: dict[str, Table] = {
    "agora/cfjs.lp": Table(JUSTICE, [
        Case("R991 any person CAN initiate a CFJ; it is open and unassigned",
             called(), holds={"effective(1)", "cfj_status(1, open, 1)", "switch_value(judge, 1, unassigned, 1)"}),
        Case("R991 the Arbitor CAN assign an eligible player; the initiator and the barred person are not",
             ARBITOR + "cfj_bar(1, carol).\n" + events((0, "bob", "call_cfj(1)"), (10, "alice", "assign_cfj(1, bob)"),
                                                       (20, "alice", "assign_cfj(1, carol)"), (30, "alice", "assign_cfj(1, alice)")),
             holds={"ineffective(2)", "ineffective(3)", "effective(4)", "judge_of(1, alice, 4)"}),
        Case("R991 only active players are eligible (not a zombie); the Arbitor's report lists every open case",
             called((10, "alice", "assign_cfj(1, carol)"), (20, "alice", "publish_report(arbitor)"),
                    extra="text_revision(991, 33). text_revision(2532, 9). holding_initially(talisman(carol), agora, 1). "
                          "report_states_open_cases(3).\n"),
             files=("agora/assets.lp", "agora/economy.lp", "agora/zombies.lp", "agora/auctions.lp", "agora/behalf.lp",
                    "agora/reports.lp"),
             holds={"ineffective(2)", "inactive_judge(carol, ev(2))", "omitted(3, open_case(1))"}),
        Case("R991 the Arbitor assigning bob a second case while interested carol has none breaks equal opportunities",
             interest(), holds={"interested(carol, 1)", "unequal_by_count(5)", "violation(alice, 991, opportunities(5))"},
             never={"violation(alice, 991, opportunities(4))"}),
        Case("R991 R217 the judge's finding that the assignment gave reasonably equal opportunities decides",
             interest(extra="finding(f(1), equal_opportunities, ev(5)). stated_finding(f(1)).\n"), files=("agora/findings.lp",),
             holds={"unequal_by_count(5)"}, never={"violation(alice, 991, opportunities(5))"}),
        Case("R991 the Arbitor's report lists the players interested (carol no longer, having said so)",
             interest((50, "carol", "judging_interest(no)"), (60, "alice", "publish_report(arbitor)"),
                      extra="report_states_interest(7). report_interested(7, carol). report_interested(7, alice).\n"), files=("agora/reports.lp",),
             holds={"misstated(7, interested(carol))", "misstated(7, interested(alice))", "omitted(7, interested(bob))"}),
        Case("R991 the Arbitor SHALL assign a judge in a timely fashion",
             called(now=8 * DAY), holds={"violation(alice, 991, assign_duty(1, 1))"}),
        Case("R2246 a CFJ submitted to the Referee is the Referee's to assign",
             PLAYERS + "office(arbitor, alice). office(referee, carol). cfj_to_referee(1).\n"
             + events((0, "bob", "call_cfj(1)"), (10, "alice", "assign_cfj(1, carol)"), (20, "carol", "assign_cfj(1, alice)")),
             holds={"ineffective(2)", "effective(3)"}),
        Case("R591 the judge CAN assign a valid judgement, and SHALL in a timely fashion",
             called((10, "alice", "assign_cfj(1, carol)"), (20, "carol", "deliver_judgement(1)"), now=30 * DAY,
                    extra="judgement_given(3, true).\n"),
             holds={"effective(3)", "cfj_status(1, judged(true), 3)", "judged_in_time(1, carol)"},
             never={"violation(carol, 591, judging(1, 2))"}),
        Case("R591 a judge late by more than a week violates R591; a motion to extend adds a week",
             called((10, "alice", "assign_cfj(1, carol)"), (DAY, "carol", "extend_cfj(1)"), (12 * DAY, "carol", "deliver_judgement(1)"),
                    now=30 * DAY, extra="judgement_given(4, false).\n"),
             holds={"effective(3)", "judged_in_time(1, carol)"}),
        Case("R591 only the judge CAN deliver a judgement",
             called((10, "alice", "assign_cfj(1, carol)"), (20, "bob", "deliver_judgement(1)"), extra="judgement_given(3, true).\n"),
             holds={"ineffective(3)", "why_not(r591_judge, bob, deliver_judgement(1), ev(3), not_the_judge)"}),
        Case("R911 the judge CAN self-file a Motion to Reconsider within seven days; the case is open again",
             called((10, "alice", "assign_cfj(1, carol)"), (20, "carol", "deliver_judgement(1)"), (DAY, "carol", "reconsider_cfj(1)"),
                    (2 * DAY, "carol", "reconsider_cfj(1)"), extra="judgement_given(3, true).\n"),
             holds={"effective(4)", "cfj_status(1, open, 4)", "ineffective(5)"}),
        Case("R2175 the initiator CAN retract a new case, not one with a judge",
             called((10, "bob", "retract_cfj(1)"), (20, "bob", "call_cfj(2)"), (30, "alice", "assign_cfj(2, carol)"),
                    (40, "bob", "retract_cfj(2)")),
             holds={"effective(2)", "ineffective(5)"}, never={"cfj_live(1, 2)"}),
        Case("R2175 a person SHALL NOT initiate an excess case (the sixth in a week)",
             ARBITOR + events(*[(10 * i, "bob", f"call_cfj({i})") for i in range(1, 7)]),
             holds={"excess_case(6)", "violation(bob, 2175, event(6))"}, never={"excess_case(5)"}),
        Case("R2492 a judge CAN recuse emself; the Arbitor then SHALL assign again",
             called((10, "alice", "assign_cfj(1, carol)"), (20, "carol", "recuse_cfj(1)"), now=9 * DAY),
             holds={"effective(3)", "switch_value(judge, 1, unassigned, 3)", "violation(alice, 991, assign_duty(1, 3))"}),
        Case("R2492 the Arbitor CAN recuse a judge past the time limit, not before",
             called((10, "alice", "assign_cfj(1, carol)"), (DAY, "alice", "recuse_judge(1)"), (9 * DAY, "alice", "recuse_judge(1)"),
                    now=10 * DAY),
             holds={"ineffective(3)", "effective(4)"}),
    ], base=BASE + RULES),
    "agora/investigations.lp": Table(JUSTICE, [
        Case("R2478 a player CAN Point a Finger; the Referee investigates and SHALL conclude in a timely fashion",
             PLAYERS + "office(referee, alice).\n" + events((0, "bob", "point_finger(carol, 2143)"), now=8 * DAY),
             holds={"effective(1)", "investigator_of(1, alice)", "violation(alice, 2478, finger(1))"}),
        Case("R2478 the Referee investigates by default: concluding by the Cold Hand is the office's duty, a deputy's while it is vacant",
             PLAYERS + "base_rule(9). rule_id(9, 9). rule_power(9, 1000). clause(c9, 9). clause_order(c9, 1). modality(c9, can). "
             "applies(c9, A, spam, Pt) :- need(A, spam, Pt). clause(m9, 9). clause_order(m9, 2). modality(m9, must_not). "
             "applies(m9, A, spam, Pt) :- need(A, spam, Pt). base_rule(2160). rule_id(2160, 2160). rule_power(2160, 3000).\n"
             + events((0, "bob", "spam"), (10, "carol", "point_finger(bob, 9)"), (20, "carol", "deputise(referee, levy_fine(bob, 1, 9))")),
             holds={"office_duty(referee, levy_fine(bob, 1, 9))", "effective(3)", "blot_delta(bob, 1, 3)"}),
        Case("R2478 the Referee CANNOT Point eir Finger",
             PLAYERS + "office(referee, alice).\n" + events((0, "alice", "point_finger(carol, 2143)")),
             holds={"ineffective(1)"}),
        Case("R2478 a Finger Pointing found to be Shenanigans is ILLEGAL",
             PLAYERS + "office(referee, alice). conclusion(2, shenanigans).\n"
             + events((0, "bob", "point_finger(carol, 2143)"), (10, "alice", "conclude_finger(1)")),
             holds={"effective(2)", "violation(bob, 2478, finger(1))"}),
        Case("R2478 the Arbitor CAN become the investigator when the Referee is the perp",
             PLAYERS + "office(referee, alice). office(arbitor, carol).\n"
             + events((0, "bob", "point_finger(alice, 2143)"), (10, "alice", "conclude_finger(1)"), (20, "carol", "take_investigation(1)")),
             holds={"ineffective(2)", "effective(3)", "investigator_of(1, carol)"}),
        Case("R2478 Unjustified Gesticulation is Class 0+N; R2557 a Warning only for a Class 0 Crime",
             PLAYERS + "office(referee, alice). conclusion(2, shenanigans). conclusion(4, shenanigans). conclusion(6, warning). "
             "conclusion(8, warning).\n"
             + events((0, "bob", "point_finger(carol, 2143)"), (10, "alice", "conclude_finger(1)"), (20, "bob", "point_finger(carol, 2143)"),
                      (30, "alice", "conclude_finger(3)"), (40, "carol", "point_finger(bob, 2478)"), (50, "alice", "conclude_finger(5)"),
                      (60, "carol", "point_finger(bob, 2143)"), (70, "alice", "conclude_finger(7)"),
                      (80, "alice", "levy_fine(bob, 3, 2478)"), (90, "alice", "levy_fine(bob, 2, 2478)")),
             holds={"gesticulation(bob, 1, 0)", "gesticulation(bob, 3, 1)", "effective(6)", "ineffective(8)",
                    "why_not(r2557_warning, alice, conclude_finger(7), ev(8), not_a_class_0_crime)", "ineffective(9)",
                    "effective(10)"}),
        Case("R2478 the player with the most Finger Pointings that resulted last week CAN once grant emself a Justice Card",
             PLAYERS + "office(referee, alice). conclusion(2, cold_hand).\n"
             + events((0, "bob", "point_finger(carol, 2143)"), (10, "alice", "conclude_finger(1)"), (7 * DAY, "bob", "grant_justice_card"),
                      (7 * DAY + 10, "bob", "grant_justice_card"), (7 * DAY + 20, "carol", "grant_justice_card")),
             holds={"effective(3)", "asset_created(justice_card, bob, 1, 3)", "ineffective(4)", "ineffective(5)",
                    "why_not(r2478_card, bob, grant_justice_card, ev(4), granted_this_week)"}),
        Case("R2478/16 the Arbitor investigates a Finger Pointed by the Referee; the Referee CANNOT point at the Arbitor",
             PLAYERS + "office(referee, alice). office(arbitor, carol). text_revision(2478, 16).\n"
             "removed_at(r2478_referee, K) :- position(K).  % /16 lacks it (texts.lp)\n"
             + events((0, "alice", "point_finger(bob, 2143)"), (10, "alice", "point_finger(carol, 2143)"), now=8 * DAY),
             holds={"effective(1)", "investigator_of(1, carol)", "ineffective(2)", "violation(carol, 2478, finger(1))"},
             never={"investigator_of(1, alice)"}),
        Case("R2479 Summary Judgment: up to 2 blots, INEFFECTIVE without the number, three a week",
             PLAYERS + "office(referee, alice).\n"
             + events((0, "alice", "summary_judgment(bob, 0)"), (1, "alice", "summary_judgment(bob, 2)"),
                      (2, "alice", "summary_judgment(bob, 3)"), (3, "alice", "summary_judgment(bob, 1)"),
                      (4, "alice", "summary_judgment(carol, 1)"), (5, "alice", "summary_judgment(carol, 1)")),
             holds={"ineffective(1)", "effective(2)", "ineffective(3)", "effective(4)", "effective(5)", "ineffective(6)"}),
        Case("R2619 the judge of an Indictment: the first of Arbitor, Speaker, Prime Minister not investigator nor perp",
             PLAYERS + "office(referee, alice). office(arbitor, carol). conclusion(2, indictment). indictment_fine(2, 2).\n"
             + events((0, "bob", "point_finger(carol, 2143)"), (10, "alice", "conclude_finger(1)"), now=11 * DAY),
             holds={"effective(2)"}, never={"indictment_judge(1, carol)"}),
        Case("R2619 the judge SHALL initiate the decisions within 10 days, not before 4",
             PLAYERS + "office(referee, alice). office(arbitor, carol). conclusion(2, indictment). indictment_fine(2, 2).\n"
             "violation_time(bob, 2143, 0).  % the violation the Finger cites\n"
             + events((0, "bob", "point_finger(bob, 2143)"), (10, "alice", "conclude_finger(1)"), (DAY, "carol", "indictment_decisions(1)"),
                      now=11 * DAY),
             holds={"indictment_judge(1, carol)", "ineffective(3)", "violation(carol, 2619, indictment(1))"}),
        Case("R2619 an Indictment without its fine is INEFFECTIVE; one whose fine could not be levied has no decisions",
             PLAYERS + "office(referee, alice). office(arbitor, carol). conclusion(2, indictment). conclusion(3, indictment). "
             "indictment_fine(3, 2).\n"
             + events((0, "bob", "point_finger(bob, 2143)"), (10, "alice", "conclude_finger(1)"), (20, "alice", "conclude_finger(1)"),
                      (5 * DAY, "carol", "indictment_decisions(1)"), now=11 * DAY),
             holds={"ineffective(2)", "effective(3)", "fine_barred(1)", "ineffective(4)"},
             never={"violation(carol, 2619, indictment(1))"}),
        Case("R2619 the defence, both decisions ADOPTED: the investigator imposes the fine; after an acquittal no fine",
             PLAYERS + "office(referee, alice). office(arbitor, carol). conclusion(2, indictment). indictment_fine(2, 2). "
             "conclusion(8, indictment). indictment_fine(8, 1). violation_time(bob, 2143, 0).\n"
             "indictment_decision_key(1, convict, \"1-convict\"). decision_outcome(\"1-convict\", adopted). "
             "indictment_decision_key(1, accept, \"1-accept\"). decision_outcome(\"1-accept\", adopted). "
             "indictment_decision_key(7, convict, \"7-convict\"). decision_outcome(\"7-convict\", rejected).\n"
             + events((0, "bob", "point_finger(bob, 2143)"), (10, "alice", "conclude_finger(1)"), (20, "bob", "state_defence(1)"),
                      (5 * DAY, "carol", "indictment_decisions(1)"), (6 * DAY, "carol", "resolve_indictment(1, convict, adopted)"),
                      (6 * DAY + 1, "carol", "resolve_indictment(1, accept, adopted)"), (6 * DAY + 2, "carol", "point_finger(bob, 2143)"),
                      (6 * DAY + 3, "alice", "conclude_finger(7)"), (6 * DAY + 4, "alice", "impose_indictment_fine(1)"),
                      (11 * DAY, "carol", "indictment_decisions(7)"), (12 * DAY, "carol", "resolve_indictment(7, convict, rejected)"),
                      (12 * DAY + 1, "alice", "impose_indictment_fine(7)"), (12 * DAY + 2, "alice", "levy_fine(bob, 1, 2143)")),
             holds={"effective(3)", "effective(9)", "blot_delta(bob, 2, 9)", "ineffective(12)", "effective(13)",
                    "violation(alice, 2619, fine_after_acquittal(13))"}),
        Case("R2619 the two decisions (AI-majority, AI 1.5, the judge collects), their voters and resolution, read back; "
             "the outcome is the decisions' count, not the message's word",
             PLAYERS + "office(referee, alice). office(arbitor, carol). conclusion(2, indictment). indictment_fine(2, 2). "
             "violation_time(bob, 2143, 0). indictment_decision_key(1, convict, \"1-convict\"). "
             "decision_outcome(\"1-convict\", rejected).\n"
             + events((0, "bob", "point_finger(bob, 2143)"), (10, "alice", "conclude_finger(1)"),
                      (5 * DAY, "carol", "indictment_decisions(1)"), (13 * DAY, "carol", "resolve_indictment(1, convict, adopted)")),
             holds={"indictment_decision(1, convict, carol, 7200, 150)", "indictment_decision(1, accept, carol, 7200, 150)",
                    "indictment_voter(1, bob)", "indictment_resolution(1, convict, 18720, carol, adopted)",
                    "indictment_outcome(1, convict, rejected)"},
             never={"indictment_outcome(1, convict, adopted)"}),
        Case("R2617 publicly attempting a forbidden action is PROHIBITED (Class 4)",
             PLAYERS + "forbidden_art(1).\n" + events((0, "bob", "ossify")),
             holds={"violation(bob, 2617, event(1))", "crime_class(2617, 4)"}),
    ], base=BASE + RULES),
}


@pytest.mark.parametrize("file, case", params(JUSTICE_TABLES))
def test_agora_justice_case(file: str, case: Case):
    check(JUSTICE_TABLES[file], case)
