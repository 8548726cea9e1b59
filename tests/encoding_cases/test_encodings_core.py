"""Named cases for every file of encodings/core (facts -> expected stable models, projected on
the predicates each case is about). tests/test_core_calendar_ledger.py has more calendar and
ledger cases; these add to them."""

from __future__ import annotations

import pytest
from .clintest import Case, Table, check, params

DAY = 1440  # the judge counts minutes

TIME = ("core/time.lp",)
# The judge's core without the ruleset: points from time.lp; clauses in force given as facts.
DEONTIC = ("core/time.lp", "core/deontic.lp")
ONE_EVENT = "event_count(1). event(1). event_time(1, 100).\n"
CAN_FLY = "clause(c, 9). rule_of(c, 9). modality(c, can). clause_in_force(c, 0). applies(c, A, fly, Pt) :- need(A, fly, Pt).\n"
MUST_NOT_FLY = ("clause(m, 8). rule_of(m, 8). modality(m, must_not). clause_in_force(m, 0). "
                "applies(m, A, fly, Pt) :- need(A, fly, Pt).\n")
CANNOT_FLY = ("clause(d, 7). rule_of(d, 7). modality(d, cannot). clause_in_force(d, 0). "
              "applies(d, A, fly, Pt) :- need(A, fly, Pt).\n")
DUTY = ("clause(s, 7). rule_of(s, 7). modality(s, must). clause_in_force(s, 0). "
        "obligation_trigger(o, alice, respond, ev(1), 200, s). applies(s, alice, respond, ev(1)).\n")
RESPOND_AT_150 = ("event_count(2). event(2). event_time(2, 150). attempt(2, alice, respond). "
                  "clause(r, 6). rule_of(r, 6). modality(r, can). clause_in_force(r, K) :- position(K). "
                  "applies(r, A, respond, Pt) :- need(A, respond, Pt).\n")

RULES = ("base_rule(1030). rule_power(1030, 3200). base_rule(2140). rule_power(2140, 3000). "
         "base_rule(2141). rule_power(2141, 3100). base_rule(1688). rule_power(1688, 3000). "
         "base_rule(100). rule_power(100, 1000).\n")
RULESET = ("core/rule_changes.lp", "core/ruleset.lp")


def one_change(change: str, power: int) -> str:
    return f"change_count(1). requested(1, s, {change}). source_power(s, {power}).\n"


TABLES: dict[str, Table] = {
    "core/calendar.lp": Table(("core/calendar.lp",), [
        Case("R478 an instant is enough to place an action in its day and week",
             "cal_instant(1500). cal_day_length(1440).", holds={"cal_day_of(1500, 1)", "cal_week_of(1500, 0)"}),
        Case("R1023 N days after an instant before the epoch are exact",
             "cal_ask_after(-100, 1). cal_day_length(1440).", holds={"cal_after(-100, 1, 1340)"}),
        Case("R1023 the week before the epoch starts seven days before it",
             "cal_week(-1). cal_day_length(1440).", holds={"cal_week_start(-1, -10080)", "cal_week_end(-1, 0)"}),
        Case("R1023 an instant is in its own week only",
             "cal_instant(10079). cal_week(0). cal_week(1). cal_day_length(1440).",
             models=[{"cal_in_week(10079, 0)"}]),
        Case("R1023 Saturday is weekday 5, Sunday 6",
             "cal_instant(7200). cal_instant(8640). cal_day_length(1440).",
             holds={"cal_weekday(7200, 5)", "cal_weekday(8640, 6)"}),
    ]),
    "core/ledger.lp": Table(("core/ledger.lp",), [
        Case("R478 two attempts at one instant take effect in message order",
             "ledger_owner(a). ledger_owner(pot). ledger_opening(a, 10). "
             "ledger_attempt(1, a, pot, 6, 100). ledger_attempt(2, a, pot, 6, 100).",
             models=[{"ledger_effective(1)", "ledger_insufficient(2)"}]),
        Case("R2576 a grant to what cannot own goes to the fallback owner",
             "ledger_owner(a). ledger_fallback_owner(lfd). ledger_grant(g, nobody, 5, 10).",
             holds={"ledger_balance(lfd, 5)", "ledger_balance(a, 0)"}),
        Case("R2577 a grant at the attempt's own instant can be spent",
             "ledger_owner(b). ledger_owner(pot). ledger_grant(g, b, 12, 100). ledger_attempt(1, b, pot, 12, 100).",
             holds={"ledger_effective(1)", "ledger_balance(pot, 12)"}),
        Case("R2577 an attempt by an entity that owns nothing of the asset is INEFFECTIVE",
             "ledger_owner(pot). ledger_attempt(1, x, pot, 3, 100).", holds={"ledger_insufficient(1)"},
             never={"ledger_effective(1)"}),
        Case("R2577 a transfer of no assets by an entity that owns nothing succeeds",
             "ledger_owner(pot). ledger_attempt(1, x, pot, 0, 100).", holds={"ledger_effective(1)"}),
    ]),
    "core/time.lp": Table(TIME, [
        Case("R478 a query at a time sees every event stamped at or before it",
             "event_count(3). event(1..3). event_time(1, 10). event_time(2, 20). event_time(3, 20). "
             "query_time(a, 20). query_time(b, 19).",
             holds={"point_state(q(a), 3)", "point_state(q(b), 1)", "point_time(q(b), 19)"}),
        Case("R478 a query just after an event sees exactly the events up to it, at its time",
             "event_count(3). event(1..3). event_time(1, 10). event_time(2, 20). event_time(3, 20). query_after(x, 2).",
             models=[{"point_state(q(x), 2)", "point_state(ev(1), 0)", "point_state(ev(2), 1)", "point_state(ev(3), 2)"}],
             holds={"point_time(q(x), 20)"}),
        Case("R478 events out of date-stamp order are refused",
             "event_count(2). event(1..2). event_time(1, 30). event_time(2, 10).", unsat=True),
        Case("R1023 the day, week and weekday of a point, in minutes",
             f"event_count(1). event(1). event_time(1, {8 * DAY + 60}).",
             holds={"agoran_day(ev(1), 8)", "agoran_week(ev(1), 1)", "weekday(ev(1), 1)"}),
        Case("R1023 a point before the epoch is on the Sunday of week -1",
             "query_time(early, -60).", holds={"weekday(q(early), 6)", "agoran_week(q(early), -1)",
                                                "agoran_day(q(early), -1)"}),
        Case("positions run from the published ruleset (-1) to the last event",
             "event_count(2). event(1..2). event_time(1, 5). event_time(2, 9).",
             models=[{"position(-1)", "position(0)", "position(1)", "position(2)"}],
             holds={"position_time(0, 0)", "position_time(2, 9)"}),
    ]),
    "core/deontic.lp": Table(DEONTIC, [
        Case("R2125 an action no clause enables is IMPOSSIBLE",
             ONE_EVENT + "attempt(1, alice, fly).",
             holds={"ineffective(1)", "cannot(alice, fly, ev(1))", "nothing_enables(alice, fly, ev(1))", "legal(1)"},
             never={"effective(1)"}),
        Case("R2152 item 1 an attempt a CAN clause in effect enables is EFFECTIVE",
             ONE_EVENT + CAN_FLY + "attempt(1, alice, fly).",
             holds={"effective(1)", "enabled_by(alice, fly, ev(1), c)", "legal(1)"}),
        Case("R2125 a CAN that names no method enables nothing",
             ONE_EVENT + CAN_FLY + "no_method(c). attempt(1, alice, fly).",
             holds={"ineffective(1)", "method_missing(alice, fly, ev(1), c)"}),
        Case("R478 an unclear announcement performs nothing, whatever the rules enable",
             ONE_EVENT + CAN_FLY + "unclear_announcement(1). attempt(1, alice, fly).",
             holds={"ineffective(1)", "enabled_by(alice, fly, ev(1), c)"}, never={"can(alice, fly, ev(1))"}),
        Case("R2152 item 2 an EFFECTIVE prohibited action is ILLEGAL and violates its rule",
             ONE_EVENT + CAN_FLY + MUST_NOT_FLY + "attempt(1, alice, fly).",
             holds={"effective(1)", "illegal(1)", "violation(alice, 8, event(1))", "violation_time(alice, 8, 100)"}),
        Case("R2152 item 2 an INEFFECTIVE prohibited attempt is no performance (default reading)",
             ONE_EVENT + MUST_NOT_FLY + "attempt(1, alice, fly).",
             holds={"ineffective(1)", "legal(1)", "reading_relevant(attempts_violate)"}, never={"illegal(1)"}),
        Case("R2152 item 2 reading attempts_violate: an INEFFECTIVE prohibited attempt violates",
             ONE_EVENT + MUST_NOT_FLY + "option(attempts_violate). attempt(1, alice, fly).",
             holds={"ineffective(1)", "illegal(1)", "violation(alice, 8, event(1))"}),
        Case("R2518 a CAN / CANNOT conflict no precedence step settles: each gamestate picks a side",
             ONE_EVENT + CAN_FLY + CANNOT_FLY + "attempt(1, alice, fly).",
             models=[{"prevails_by_choice(c, d, ev(1))", "effective(1)"}, {"prevails_by_choice(d, c, ev(1))"}]),
        Case("R1030 a conflict the policy decided: the loser is overridden",
             ONE_EVENT + CAN_FLY + CANNOT_FLY + "decided(d, c, r1030_1, ev(1)). attempt(1, alice, fly).",
             models=[{"prevented_by(alice, fly, ev(1), d)", "overridden(c, alice, fly, ev(1))"}],
             never={"effective(1)"}),
        Case("R2152 item 7 an obligation unfulfilled by its deadline violates its rule once it passed",
             ONE_EVENT + DUTY + "now_time(300).",
             holds={"obligation(o, alice, respond, 100, 200, s)", "violation(alice, 7, o)", "violation_time(alice, 7, 200)"}),
        Case("R2152 item 7 R1023 at its deadline an obligation is not yet violated",
             ONE_EVENT + DUTY + "now_time(200).", holds={"obligation(o, alice, respond, 100, 200, s)"},
             never={"violation(alice, 7, o)"}),
        Case("R2152 item 7 an obligation fulfilled by an EFFECTIVE action in time",
             "event_count(1). event(1). event_time(1, 100). " + DUTY + RESPOND_AT_150 + "now_time(300).",
             holds={"fulfilled(o)", "effective(2)"}, never={"violation(alice, 7, o)"}),
        Case("R2614 a deadline an instrument moved is the obligation's deadline",
             ONE_EVENT + DUTY + "deadline_extended(o, 200, 280). deadline_moved(o, 200). now_time(250).",
             holds={"obligation(o, alice, respond, 100, 280, s)"},
             never={"obligation(o, alice, respond, 100, 200, s)", "violation(alice, 7, o)"}),
        Case("R2152 item 8 SHOULD unheeded is recorded and is no violation",
             ONE_EVENT + "clause(a, 7). rule_of(a, 7). modality(a, should). clause_in_force(a, 0). "
             "advice_trigger(o, alice, respond, ev(1), 200, a). applies(a, alice, respond, ev(1)). now_time(300).",
             holds={"advice_unheeded(alice, 7, o)"}, never={"violation(alice, 7, o)"}),
        Case("R105 a clause of a rule not in force at the point does not speak",
             ONE_EVENT + "clause(c, 9). rule_of(c, 9). modality(c, can). applies(c, A, fly, Pt) :- need(A, fly, Pt). "
             "attempt(1, alice, fly).", holds={"ineffective(1)", "nothing_enables(alice, fly, ev(1))"}),
    ]),
    "core/deadlines.lp": Table(("core/deadlines.lp",), [
        Case("R2614 an extension in time moves the deadline",
             "extension_period(k, 100, 200). extension_of(k, 1, 150, 50).", holds={"extended_to(k, 250)"}),
        Case("R2614 an extension past double the period is ineffective beyond the double",
             "extension_period(k, 100, 200). extension_of(k, 1, 150, 60). extension_of(k, 2, 160, 70).",
             holds={"extended_to(k, 300)", "extension_past_cap(k, 2)"}, never={"extension_past_cap(k, 1)"}),
        Case("R2614 reading r2614_extension void: an extension past the double is wholly ineffective",
             "extension_period(k, 100, 200). extension_of(k, 1, 150, 60). extension_of(k, 2, 160, 70). "
             "option(r2614_cap_void).", holds={"extended_to(k, 260)", "extension_past_cap(k, 2)"}),
        Case("R2614 an extension after the deadline passed extends nothing",
             "extension_period(k, 100, 200). extension_of(k, 1, 201, 50).",
             holds={"extended_to(k, 200)", "extension_late(k, 1)"}),
    ]),
    "core/determinacy.lp": Table(("core/determinacy.lp",), [
        Case("R2576 an asset whose owner would be indeterminate goes to its fallback owner",
             "choice_point(coin(1)). choice_option(coin(1), alice). choice_option(coin(1), bob). "
             "choice_option(coin(1), lfd). fallback(coin(1), lfd). fallback_rule(coin(1), 2576). settled_choice(coin(1)).",
             models=[{"chosen(coin(1), lfd)"}]),
        Case("R2518 a value the rules leave open takes each option in some gamestate",
             "choice_point(x). choice_option(x, a). choice_option(x, b).",
             models=[{"chosen(x, a)"}, {"chosen(x, b)"}]),
        Case("R2162 a value seen to differ takes its fallback",
             "choice_point(x). choice_option(x, a). choice_option(x, b). fallback(x, keep). settled_choice(x).",
             models=[{"chosen(x, keep)"}], holds={"has_fallback(x)"}),
        Case("an event the case does not know happened happens in some gamestates only",
             "event(1). event(2). uncertain(2).", models=[{"happened(1)"}, {"happened(1)", "happened(2)"}]),
        Case("R2618 a caused event happens only when its cause took effect",
             "event(1). event(2). caused_by(2, 1).", models=[{"happened(1)"}]),
        Case("R2618 a caused event whose cause took effect happens",
             "event(1). event(2). caused_by(2, 1). caused_happens(2).", models=[{"happened(1)", "happened(2)"}]),
        Case("R478 an action announced on a condition that did not hold is not taken",
             "event(1). conditional(1).", never={"happened(1)"}),
        Case("R478 an action announced on a condition that held is taken",
             "event(1). conditional(1). condition_met(1).", holds={"happened(1)"}),
        Case("R478 an announcement the case is unsure of, on a condition that did not hold, is not taken either",
             "event(1). uncertain(1). conditional(1).", never={"happened(1)"}),
        Case("R478 an announcement the case is unsure of, on a condition that held, may have been taken",
             "event(1). uncertain(1). conditional(1). condition_met(1).", models=[set(), {"happened(1)"}]),
        Case("R591 IRRELEVANT a fact outside the gamestate is left open",
             "outside_fact(f).", models=[set(), {"outside_holds(f)"}]),
    ]),
    "core/judgement.lp": Table(("core/judgement.lp",), [
        Case("R591 a statement about the case's own judgement gets a verdict in each gamestate",
             "statement(s). self_referential(s).", models=[{"verdict(s, true)"}, {"verdict(s, false)"}]),
        Case("R591 a truth-teller, enforced, keeps both verdicts (undecidable from the case itself)",
             "statement(s). self_referential(s). enforce_self(s). holds(s) :- verdict(s, true).",
             models=[{"verdict(s, true)"}, {"verdict(s, false)"}]),
        Case("R591 a liar, enforced, has no consistent gamestate",
             "statement(s). self_referential(s). enforce_self(s). holds(s) :- verdict(s, false).", unsat=True),
        Case("R591 a self-referential statement that holds anyway, enforced, is TRUE",
             "statement(s). self_referential(s). enforce_self(s). holds(s).", models=[{"verdict(s, true)"}]),
        Case("R217 a statement resting only on itself does not hold",
             "statement(s). holds(s) :- holds(s).", never={"holds(s)"}),
    ]),
    "core/ruleset.lp": Table(RULESET, [
        Case("R105 a repeal by a statute of enough Power applies",
             one_change("repeal(100)", 2000), holds={"applied(1, s, repeal(100))", "in_force(100, 0)"},
             never={"in_force(100, 1)"}),
        Case("R1688 a source without Power is no statute",
             one_change("repeal(100)", 0), holds={"invalid(1, s, repeal(100), r1688_statute)", "in_force(100, 1)"}),
        Case("R2140 item 3 a source below R2140 cannot repeal a rule of greater Power",
             one_change("repeal(100)", 500), holds={"invalid(1, s, repeal(100), r2140_3)"}),
        Case("R2140 item 2 a source below R2140 cannot adjust the Power of a greater statute",
             one_change("set_power(100, 200)", 500), holds={"invalid(1, s, set_power(100, 200), r2140_2)"}),
        Case("R2141 setting a Power above 4.0 is IMPOSSIBLE",
             one_change("set_power(100, 5000)", 4000), holds={"invalid(1, s, set_power(100, 5000), r2141)",
                                                               "power(100, 1000, 1)"}),
        Case("R105 item 6 a Power change applies from its position on",
             one_change("set_power(100, 2500)", 4000),
             holds={"power(100, 1000, -1)", "power(100, 1000, 0)", "power(100, 2500, 1)"}, never={"power(100, 1000, 1)"}),
        Case("R105(1) a new rule's Power above 4.0 is capped (default reading)",
             one_change("enact(200, 5000)", 4000),
             holds={"enact_power(1, s, 200, 4000)", "enact_capped(1, s, 200, r2141)", "power(200, 4000, 1)",
                    "reading_relevant(enact_power_out_of_range)"}),
        Case("R2141 reading enact_power_out_of_range=impossible: enacting with Power 5 is IMPOSSIBLE",
             one_change("enact(200, 5000)", 4000) + "option(enact_power_out_of_range, impossible).",
             holds={"invalid(1, s, enact(200, 5000), r2141)"}, never={"in_force(200, 1)"}),
        Case("R105(1) a Power unspecified or below 0.1 is one",
             one_change("enact(200, 0)", 3000), holds={"enact_specified(1, s, 200, 1000)", "power(200, 1000, 1)"}),
        Case("R2140 item 1 a limited source enacts at most its own Power",
             one_change("enact(200, 3000)", 2000),
             holds={"enact_result(1, s, 200, 2000)", "enact_capped(1, s, 200, r2140_1)"}),
        Case("R1688 a secured change below the securing rule's Power is IMPOSSIBLE",
             one_change("set_power(100, 1500)", 2000) + "secures(1688, 100).",
             holds={"unmet_threshold(1, set_power(100, 1500), 1688, 3000)",
                    "invalid(1, s, set_power(100, 1500), r1688)"}),
        Case("R1688 a stated threshold lowers it",
             one_change("set_power(100, 1500)", 2000) + "secures_at(1688, 100, 1500).",
             holds={"change_threshold(1, set_power(100, 1500), 1688, 1500)", "applied(1, s, set_power(100, 1500))"}),
        Case("R1688 a stated threshold above the securing Power: the securing Power (default reading)",
             one_change("set_power(100, 1500)", 3200) + "secures_at(1688, 100, 3500).",
             holds={"applied(1, s, set_power(100, 1500))", "reading_relevant(secured_threshold)"}),
        Case("R1688 reading secured_threshold=as_stated: the stated threshold applies",
             one_change("set_power(100, 1500)", 3200) + "secures_at(1688, 100, 3500). option(secured_threshold, as_stated).",
             holds={"invalid(1, s, set_power(100, 1500), r1688)"}),
        Case("R105(3) a reenacted rule has its Power at repeal",
             one_change("reenact(300, unspecified)", 3000) + "power_at_repeal(300, 2500).",
             holds={"reenact_power(1, s, 300, 2500)", "in_force(300, 1)", "power(300, 2500, 1)"}),
        Case("R105(3) a reenactment the statute cannot give its Power is null and void",
             one_change("reenact(300, specified(3500))", 2000),
             holds={"invalid(1, s, reenact(300, specified(3500)), r105_3)"}, never={"in_force(300, 1)"}),
        Case("R105 a change to a rule not in force does nothing",
             one_change("repeal(999)", 3000), holds={"invalid(1, s, repeal(999), not_in_force)"}),
        Case("R1030 no change makes a rule claim precedence over R1030",
             one_change("enact(200, 1000)", 3000) + "clause(c, 200). claims_over(c, rule(1030)).",
             holds={"invalid(1, s, enact(200, 1000), r1030)"}, never={"in_force(200, 1)"}),
        Case("R105 item 2 a repealed rule's clauses cease to apply",
             one_change("repeal(100)", 3000) + "clause(c, 100).",
             holds={"clause_in_force(c, 0)", "clause_power(c, 1000, 0)"}, never={"clause_in_force(c, 1)"}),
    ], base=RULES),
    "core/rule_changes.lp": Table(RULESET, [
        Case("R1688 the entry shows the threshold a secured change did not meet",
             one_change("set_power(100, 1500)", 2000) + "secures(1688, 100).", shown=True,
             holds={"unmet_threshold(1, set_power(100, 1500), 1688, 3000)", "invalid(1, s, set_power(100, 1500), r1688)"}),
        Case("R2140 the entry shows an enactment capped at its source's Power",
             one_change("enact(200, 3000)", 2000), shown=True,
             holds={"enact_capped(1, s, 200, r2140_1)", "enact_result(1, s, 200, 2000)", "power(200, 2000, 1)"}),
        Case("R105 positions -1..N for N changes",
             "change_count(2).", models=[{"position(-1)", "position(0)", "position(1)", "position(2)"}]),
        Case("R105 each change applies to the ruleset the one before left",
             "change_count(2). source_power(s, 3000). requested(1, s, set_power(100, 2000)). requested(2, s, repeal(100)).",
             shown=True, holds={"power(100, 2000, 1)", "in_force(100, 1)", "applied(2, s, repeal(100))"},
             never={"in_force(100, 2)"}),
        Case("R2141 the entry shows why a change does not occur, not the bookkeeping",
             one_change("set_power(100, 5000)", 4000), shown=True,
             holds={"invalid(1, s, set_power(100, 5000), r2141)"}, never={"tracked_rule(100)", "position(1)"}),
    ], base=RULES),
    "core/show.lp": Table(("core/determinacy.lp", "core/judgement.lp", "core/show.lp"), [
        Case("R591 the statements that hold and the self-referential verdicts are shown",
             "statement(s). holds(s). statement(t). self_referential(t).", shown=True,
             models=[{"holds(s)", "verdict(t, true)"}, {"holds(s)", "verdict(t, false)"}]),
        Case("only the events the case does not know are shown as happened",
             "event(1). event(2). uncertain(2).", shown=True, models=[set(), {"happened(2)"}],
             never={"happened(1)"}),
        Case("R2518 a conflict is shown once, its clauses in order",
             "conflict(b, a, p, x, pt). conflict(a, b, p, x, pt).", shown=True,
             models=[{"conflict(a, b, p, x, pt)"}]),
        Case("R2162 the chosen value and its fallback rule are shown",
             "choice_point(x). choice_option(x, a). fallback(x, a). fallback_rule(x, 2162). settled_choice(x).",
             shown=True, holds={"chosen(x, a)", "has_fallback(x)", "fallback_rule(x, 2162)", "settled_choice(x)"}),
    ]),
}


@pytest.mark.parametrize("file, case", params(TABLES))
def test_core_case(file: str, case: Case):
    check(TABLES[file], case)
