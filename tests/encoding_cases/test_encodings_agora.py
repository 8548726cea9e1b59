"""Named cases for every file of encodings/agora (facts -> expected stable models, projected on
the predicates each case is about). The judge's files are solved on the judge's core (time,
ruleset, deontic layer, Agora's precedence, determinacy) with the Agora files they stand on; the
files of `agora resolve` on its own program (decisions, ballots, strengths, conditional votes,
instant runoff)."""

from __future__ import annotations

import pytest

from .clintest import Case, Table, check, params

DAY = 1440  # minutes

JUDGE = ("core/time.lp", "core/ruleset.lp", "core/deontic.lp", "agora/precedence.lp", "core/determinacy.lp")
# office_at/3 (the holders over time: R1006's Officeholder switch) is offices.lp's
ACTS = (*JUDGE, "agora/acts.lp", "agora/persons.lp", "agora/names.lp", "agora/switches.lp", "agora/offices.lp",
        "agora/consent.lp")
DEPENDENT = (*ACTS, "agora/dependent.lp")
WINNING = (*DEPENDENT, "agora/winning.lp", "agora/assets.lp")  # blots are holdings (assets.lp)
DERIVATIONS = (*WINNING, "agora/instruments.lp", "agora/promises.lp", "agora/event_ballots.lp", "agora/derivations.lp")

# The rules these files read, with their Powers in the SLR of 31 Dec 2020 (Power x 1000); each has its ID.
POWERS = {105: 3000, 106: 3000, 478: 3000, 683: 3000, 869: 3000, 1030: 3200, 1688: 3000, 1728: 3000, 2124: 3000,
          2140: 3000, 2141: 3100, 2143: 1000, 2162: 3000, 2240: 3000, 2449: 3000, 2450: 1700, 2465: 300,
          2531: 2000, 2553: 1000, 2555: 1700, 2556: 1700, 2557: 1700, 2576: 3000, 2595: 3000, 2618: 1700,
          2633: 3000}
RULES = "".join(f"base_rule({r}). rule_id({r}, {r}). rule_power({r}, {p}).\n" for r, p in POWERS.items())
PEOPLE = ("precedence_policy(agora). person(alice). person(bob). person(carol). entity(alice). entity(bob). "
          "entity(carol). entity(lost_and_found).\n")
PLAYERS = "registered_initially(alice). registered_initially(bob). registered_initially(carol).\n"
# R2471: alice's statement (event 1) found believed untrue and made to mislead
LIE_FOUND = ("finding(f(1), believed_untrue, ev(1)). stated_finding(f(1)). finding(f(2), intent_to_mislead, ev(1)). "
             "stated_finding(f(2)).\n")
BASE = RULES + PEOPLE


def events(*items: tuple[int, str, str], now: int | None = None) -> str:
    """Events in R478 order: (time in minutes, actor, act)."""
    out = [f"event_count({len(items)})."]
    for e, (t, actor, act) in enumerate(items, 1):
        out.append(f"event({e}). event_time({e}, {t}). actor({e}, {actor}). act({e}, {act}).")
    if now is not None:
        out.append(f"now_time({now}).")
    return "\n".join(out) + "\n"


def intent(action: str, method: str, *targets: str) -> str:
    """Event 1 is the announcement of intent."""
    return f"intent_action(1, {action}). intent_method(1, {method}). " + "".join(
        f"intent_target(1, {t}). " for t in targets) + "\n"


# R1051: alice, the Rulekeepor, publishes a report with an SLR (event 1); the ruleset: rule 105
SLR_REPORT = (PLAYERS + "office_asked(rulekeepor). switch_initially(officeholder, rulekeepor, alice). "
              "event_count(1). event(1). event_time(1, 10). actor(1, alice). act(1, publish_report(rulekeepor)). "
              "slr_published(1). rule_listing(105, revision, 21). rule_listing(105, power, 3000). "
              "rule_listing(105, title, \"t\"). rule_listing(105, text, \"x\").\n")
# R1051: alice, the Rulekeepor, publishes an SLR (event 1); an instrument carrying out proposal 8540
# (author bob, coauthor carol) sets R105's Power to 2 on day 2 (event 2); her FLR of day 3 (event 3)
# lists rules 105 and 106 in the SLR's categories and order, annotating R105 with `annotation`.
FLR_REPORT = (PLAYERS + "office_asked(rulekeepor). switch_initially(officeholder, rulekeepor, alice). "
              + events((10, "alice", "publish_report(rulekeepor)"), (2 * DAY, "alice", "instrument"),
                       (3 * DAY, "alice", "publish_report(rulekeepor)"))
              + "instrument_power(2, 3000). provision(2, set_power(105, 2000)). change_proposal(2, 8540). "
              "change_person(2, author, \"bob\"). change_person(2, coauthor, \"carol\"). "
              "slr_published(1). slr_lists(1, 105). slr_lists(1, 106). flr_published(3). flr_lists(3, 105). "
              "flr_lists(3, 106). lr_position(1, 105, 1). lr_position(1, 106, 2). lr_category(1, 105, \"a\"). "
              "lr_category(1, 106, \"a\"). rule_listing(105, power, 3000). rule_listing(106, power, 3000).\n")
FLR_IN_ORDER = "lr_position(3, 105, 1). lr_position(3, 106, 2). lr_category(3, 105, \"a\"). lr_category(3, 106, \"a\"). "
FLR_ANNOTATED = (FLR_IN_ORDER + f"flr_annotation(3, 105, 1, power_changed, {2 * DAY}, proposal(8540)). "
                 "flr_annotation_person(3, 105, 1, author, \"bob\"). ")

# R2614: alice, the Prime Minister, intends to enact Emergency Regulation c with 3 Agoran consent;
# bob and carol support; she performs it 5 days later (event 4)
# R2614: bob, the Speaker, enacts Emergency Regulation c in emergency messages on days 1 and 6 (the
# last event); the Prime Minister alice sent nothing, or (event 3) supported it on day 5
SPEAKER = (PLAYERS + "office_asked(prime_minister). switch_initially(officeholder, prime_minister, alice). "
           "office_asked(speaker). switch_initially(officeholder, speaker, bob). "
           "intent_action(1, enact_regulation(er(c))). intent_method(1, agoran_consent(30)). emergency_message(1).\n")
SPEAKER_ALONE = SPEAKER + events((DAY, "bob", "intend"), (DAY + 60, "carol", "support(1)"), (6 * DAY, "bob", "perform(1)")) + \
    "emergency_message(3).\n"
SPEAKER_AFTER_PM = SPEAKER + events((DAY, "bob", "intend"), (DAY + 60, "carol", "support(1)"), (5 * DAY, "alice", "support(1)"),
                                    (6 * DAY, "bob", "perform(1)")) + "emergency_message(4).\n"
# R2464: alice, Promulgator of the tournament Cup's regulation r, enacts it with duties for bob (who
# consented to play) and carol, and a provision outside its scope
TOURNEY_DUTY = (PLAYERS + events((DAY, "alice", "intend"), (DAY + 60, "bob", "support(1)"), (5 * DAY, "alice", "perform(1)"))
                + "intent_action(1, enact_regulation(reg(r))). intent_method(1, agoran_consent(20)). "
                "promulgator(reg(r), alice). regulation_parent(reg(r), 2614). tournament_regulation(reg(r), cup). "
                "consented_to(bob, play_tournament(cup), ev(3)). provision(3, duty(bob, transfer(coin, 1, alice), 7)). "
                "provision(3, duty(carol, transfer(coin, 1, alice), 7)). provision(3, register(dave)).\n")
# R478: two fora and two events (fora.lp with the switches it keeps)
FORA = ("core/time.lp", "agora/names.lp", "agora/switches.lp", "agora/fora.lp")
FORUM_EVENTS = ("forum(ad). forum(ab). event_count(2). event(1). event_time(1, 100). event(2). event_time(2, 200). "
                "actor(1, alice). actor(2, bob).\n")
EMERGENCY = (PLAYERS + "office_asked(prime_minister). switch_initially(officeholder, prime_minister, alice). "
             + events((DAY, "alice", "intend"), (DAY + 60, "bob", "support(1)"), (DAY + 120, "carol", "support(1)"),
                      (6 * DAY, "alice", "perform(1)"))
             + "intent_action(1, enact_regulation(er(c))). intent_method(1, agoran_consent(30)).\n")

# R2221: alice intends to clean R2141 without objection and performs it 5 days later
CLEAN = (PLAYERS + "event_count(2). event(1). event_time(1, 1440). actor(1, alice). act(1, intend). event(2). "
         "event_time(2, 8640). actor(2, alice). act(2, perform(1)). intent_action(1, clean(2141, {kind})). "
         "intent_method(1, without_objections(1)).\n")

# R2505: alice makes a random choice between a and b
RANDOM = PLAYERS + "random_option(1, a). random_option(1, b). " + "event_count(1). event(1). event_time(1, 10). " \
    "actor(1, alice). act(1, random_choice).\n"

# R869's bar: alice deregisters at event 1 and tries to register again after `days` days.
def reregister(days: int) -> str:
    return PLAYERS + events((100, "alice", "deregister"), (100 + days * DAY, "alice", "register"))


FLY_CLAUSES = ("clause(c1, 10). clause_order(c1, 1). modality(c1, can). applies(c1, A, fly, Pt) :- need(A, fly, Pt).\n"
               "clause(c2, 20). clause_order(c2, 2). modality(c2, cannot). applies(c2, A, fly, Pt) :- need(A, fly, Pt).\n"
               "base_rule(10). base_rule(20).\n")
FLY = FLY_CLAUSES + events((100, "alice", "fly"))


def powers(p10: int, p20: int, ids: bool = True) -> str:
    return f"rule_power(10, {p10}). rule_power(20, {p20}). " + ("rule_id(10, 10). rule_id(20, 20).\n" if ids else "\n")


# A rule 9 that alice's referee can fine bob for violating: bob CAN and MUST NOT spam.
SPAM_RULE = ("base_rule(9). rule_id(9, 9). rule_power(9, 1000). office(referee, alice).\n"
             "clause(c9, 9). clause_order(c9, 1). modality(c9, can). applies(c9, A, spam, Pt) :- need(A, spam, Pt).\n"
             "clause(m9, 9). clause_order(m9, 2). modality(m9, must_not). applies(m9, A, spam, Pt) :- need(A, spam, Pt).\n")


R2160 = "base_rule(2160). rule_id(2160, 2160). rule_power(2160, 3000).\n"


def fine(amount: int, rule: int = 9) -> str:
    return PLAYERS + SPAM_RULE + events((100, "bob", "spam"), (200, "alice", f"levy_fine(bob, {amount}, {rule})"))


def instrument(power: int, *provisions: str, form: bool = False) -> str:
    act = ("magister(alice). " + events((100, "alice", "demonstrate_form"))) if form else (
        events((100, "alice", "instrument")) + f"instrument_power(1, {power}).")
    return PLAYERS + act + "".join(f" provision(1, {p})." for p in provisions) + "\n"


def pledge(kind: str, window: int | None, *later: tuple[int, str, str], now: int) -> str:
    stated = f"stated_window(1, {window}). " if window is not None else ""
    return PLAYERS + stated + events((0, "alice", kind), *later, now=now)


PROMISE = PLAYERS + "caused_by(3, 2). actor(3, alice). act(3, respond(0)). event(3). event_time(3, 200). event_count(3).\n"


def cash(by: str) -> str:
    return PROMISE + ("event(1). event_time(1, 100). actor(1, alice). act(1, grant_promise(t, bob)). "
                      f"event(2). event_time(2, 200). actor(2, {by}). act(2, cash(t)).\n")


JUDGE_TABLES: dict[str, Table] = {
    "agora/acts.lp": Table(ACTS, [
        Case("R478 an announcement that e performs an action is an attempt at it",
             events((10, "alice", "fly")), holds={"attempt(1, alice, fly)"}),
        Case("R2125 an attempt at an action no rule enables is INEFFECTIVE",
             events((10, "alice", "fly")), holds={"ineffective(1)"}),
        Case("R2595 announcing intent is no attempt",
             events((10, "alice", "intend")) + "intent_action(1, fly).", never={"attempt(1, alice, intend)"}),
        Case("R2595 performing an intent is an attempt at its action",
             events((10, "alice", "intend"), (20, "alice", "perform(1)")) + "intent_action(1, fly).",
             holds={"attempt(2, alice, fly)", "performs_intent(2, 1)"}),
        Case("R478 any person CAN publish: a response is EFFECTIVE",
             events((10, "alice", "respond(7)")), holds={"effective(1)", "enabled_by(alice, respond(7), ev(1), r478_publish)"}),
        Case("R478 an announcement that does not clearly specify its action performs nothing (CFJ 3750)",
             events((10, "alice", "respond(7)")) + "unclear(1).", holds={"unclear_announcement(1)", "ineffective(1)"}),
        Case("an event the case does not know happened is an attempt only where it happened",
             events((10, "alice", "fly")) + "uncertain(1).", models=[set(), {"attempt(1, alice, fly)"}]),
    ], base=BASE),
    "agora/persons.lp": Table(ACTS, [
        Case("R869 an unregistered person CAN register and is a player from then on",
             events((100, "alice", "register")),
             holds={"effective(1)", "joined(alice, 1)", "player(alice, 1)"}, never={"player(alice, 0)"}),
        Case("R869 a player CANNOT register again",
             PLAYERS + events((100, "alice", "register")),
             holds={"ineffective(1)", "why_not(r869_register, alice, register, ev(1), already_a_player)"}),
        Case("R869 a player CAN deregister and is no player after it",
             PLAYERS + events((100, "alice", "deregister")),
             holds={"effective(1)", "left(alice, 1)", "player(alice, 0)"}, never={"player(alice, 1)"}),
        Case("R869 and R2240 within 30 days of deregistering e CANNOT register (the later clause prevails)",
             reregister(10),
             holds={"ineffective(2)", "prevented_by(alice, register, ev(2), r869_bar)",
                    "decided(r869_bar, r869_register, r2240_later, ev(2))"}, never={"player(alice, 2)"}),
        Case("R869 after 30 days e CAN register again",
             reregister(31), holds={"effective(2)", "player(alice, 2)"}),
        Case("R869 a non-person CANNOT be a player",
             "entity(bot). " + events((100, "bot", "register")),
             holds={"ineffective(1)", "why_not(r869_register, bot, register, ev(1), not_a_person)"},
             never={"player(bot, 1)"}),
        Case("R2518 a Citizenship flip left open: each gamestate registers one of them",
             events((100, "carol", "instrument")) +
             "choice_point(citizenship(1)). choice_option(citizenship(1), alice). choice_option(citizenship(1), bob).",
             models=[{"joined(alice, 1)"}, {"joined(bob, 1)"}]),
        Case("R2162 a Citizenship flip that would be indeterminate keeps the last determinate value",
             events((100, "carol", "instrument")) +
             "choice_point(citizenship(1)). choice_option(citizenship(1), alice). choice_option(citizenship(1), bob). "
             "settled_choice(citizenship(1)).",
             holds={"chosen(citizenship(1), keep)", "fallback_rule(citizenship(1), 2162)"},
             never={"joined(alice, 1)", "joined(bob, 1)"}),
    ], base=BASE),
    "agora/dependent.lp": Table(DEPENDENT, [
        Case("R2595 without objection, 5 days after the intent, nobody objecting: e may perform it",
             PLAYERS + events((DAY, "alice", "intend"), (6 * DAY, "alice", "perform(1)")) +
             intent("x", "without_objections(1)"),
             holds={"dependent_ok(1, alice, ev(2))", "satisfied(1, ev(2))", "via_dependent(alice, x, without_objections(1), ev(2))"}),
        Case("R2595 item 3 without objection needs 4 days' notice",
             PLAYERS + events((DAY, "alice", "intend"), (4 * DAY, "alice", "perform(1)")) +
             intent("x", "without_objections(1)"),
             holds={"dependent_failure(1, ev(2), r2595_window)"}, never={"dependent_ok(1, alice, ev(2))"}),
        Case("R2595 item 3 the intent lapses after 14 days",
             PLAYERS + events((DAY, "alice", "intend"), (16 * DAY, "alice", "perform(1)")) +
             intent("x", "without_objections(1)"),
             holds={"dependent_failure(1, ev(2), r2595_window)"}),
        Case("R2124 an objection: Agora is not Satisfied",
             PLAYERS + events((DAY, "alice", "intend"), (2 * DAY, "bob", "object(1)"), (6 * DAY, "alice", "perform(1)")) +
             intent("x", "without_objections(1)"),
             holds={"objectors(1, 1, ev(3))", "unsatisfied(1, ev(3), r2124_objections)",
                    "dependent_failure(1, ev(3), r2595_not_satisfied)"}),
        Case("R2124 an objection withdrawn within the past 24 hours still blocks",
             PLAYERS + events((DAY, "alice", "intend"), (2 * DAY, "bob", "object(1)"),
                              (6 * DAY - 720, "bob", "withdraw(object, 1)"), (6 * DAY, "alice", "perform(1)")) +
             intent("x", "without_objections(1)"),
             holds={"objectors(1, 0, ev(4))", "unsatisfied(1, ev(4), r2124_withdrawn)"}),
        Case("R2124 the initiator is not eligible to support eir own intent",
             PLAYERS + events((DAY, "alice", "intend"), (2 * DAY, "alice", "support(1)"), (3 * DAY, "alice", "perform(1)")) +
             intent("x", "with_support(1)"),
             holds={"supporters(1, 0, ev(3))", "unsatisfied(1, ev(3), r2124_support)"}),
        Case("R2595 item 4 with support: a supporter may perform it",
             PLAYERS + events((DAY, "alice", "intend"), (2 * DAY, "bob", "support(1)"), (3 * DAY, "bob", "perform(1)")) +
             intent("x", "with_support(1)"),
             holds={"dependent_ok(1, bob, ev(3))", "supporters(1, 1, ev(3))"}),
        Case("R2595 item 4 with support: someone else may not",
             PLAYERS + events((DAY, "alice", "intend"), (2 * DAY, "bob", "support(1)"), (3 * DAY, "carol", "perform(1)")) +
             intent("x", "with_support(1)"),
             holds={"dependent_failure(1, ev(3), r2595_performer)"}),
        Case("R1728 without 9 objections is no method of the table",
             PLAYERS + events((DAY, "alice", "intend"), (6 * DAY, "alice", "perform(1)")) +
             intent("x", "without_objections(9)"),
             holds={"method_outside_r1728(1)", "dependent_failure(1, ev(2), r1728_method)"}),
        Case("R2124 the Speaker's objection within the past 48 hours",
             PLAYERS + "office(speaker, bob). " +
             events((DAY, "alice", "intend"), (5 * DAY, "bob", "object(1)"), (6 * DAY, "alice", "perform(1)")) +
             intent("x", "without_objections(2)"),
             holds={"unsatisfied(1, ev(3), r2124_speaker)"}, never={"unsatisfied(1, ev(3), r2124_objections)"}),
        Case("R2124 with Agoran consent supporters must outnumber objectors N to 1",
             PLAYERS + events((DAY, "alice", "intend"), (2 * DAY, "bob", "support(1)"), (2 * DAY, "carol", "object(1)"),
                              (6 * DAY, "alice", "perform(1)")) + intent("x", "agoran_consent(10)"),
             holds={"unsatisfied(1, ev(4), r2124_consent)"}),
        Case("R2595 the performer SHOULD publish the supporters and objectors (Agoran consent)",
             PLAYERS + events((DAY, "alice", "intend"), (2 * DAY, "bob", "support(1)"), (6 * DAY, "alice", "perform(1)"),
                              now=20 * DAY) +
             intent("x", "agoran_consent(10)") +
             "clause(cx, 2595). clause_order(cx, 9). modality(cx, can). applies(cx, A, x, Pt) :- need(A, x, Pt), via_dependent(A, x, _, Pt).",
             holds={"effective(3)", "advice_unheeded(alice, 2595, list(3))"}),
    ], base=BASE),
    "agora/winning.lp": Table(WINNING, [
        Case("R1030 step 1 R2556 (Power 1.7) prevails over R2465's win (Power 0.3)",
             PLAYERS + "blots_initially(bob, 1). " +
             events((DAY, "alice", "intend"), (6 * DAY, "alice", "perform(1)")) +
             intent("declare_apathy", "without_objections(1)", "bob"),
             holds={"decided(r2556_impure, r2465_win, r1030_1, ev(2))", "prevented_by(bob, win, ev(2), r2556_impure)"}),
        Case("R2465 Declaring Apathy without objection: the specified players win (R2449)",
             PLAYERS + events((DAY, "alice", "intend"), (6 * DAY, "alice", "perform(1)")) +
             intent("declare_apathy", "without_objections(1)", "alice", "bob"),
             holds={"effective(2)", "won(alice, 2)", "won(bob, 2)"}, never={"won(carol, 2)"}),
        Case("R2556 an impure person CANNOT win, rules to the contrary notwithstanding",
             PLAYERS + "blots_initially(bob, 1). " +
             events((DAY, "alice", "intend"), (6 * DAY, "alice", "perform(1)")) +
             intent("declare_apathy", "without_objections(1)", "alice", "bob"),
             holds={"won(alice, 2)", "impure_at(bob, ev(2))", "pure_at(alice, ev(2))"}, never={"won(bob, 2)"}),
        Case("R2555 a person CAN create blots in eir possession",
             events((100, "alice", "create_blots(2)")), holds={"effective(1)", "blot_delta(alice, 2, 1)"}),
        Case("R2553 the initiator of a CFJ PARADOXICAL for 7 days CAN Transcend Logic, and wins",
             PLAYERS + "cfj(c1, alice, possibility). " +
             events((0, "bob", "judge(c1, paradoxical)"), (8 * DAY, "alice", "transcend(c1)")),
             holds={"effective(2)", "transcended(alice, c1, 2)", "won(alice, 2)"}),
        Case("R2553 after fewer than 7 days e CANNOT",
             PLAYERS + "cfj(c1, alice, possibility). " +
             events((0, "bob", "judge(c1, paradoxical)"), (5 * DAY, "alice", "transcend(c1)")),
             holds={"ineffective(2)",
                    "why_not(r2553_transcend, alice, transcend(c1), ev(2), not_paradoxical_7_days)"}),
        Case("R2553 a CFJ about no change in the gamestate cannot be transcended",
             PLAYERS + "cfj(c1, alice, other). " +
             events((0, "bob", "judge(c1, paradoxical)"), (8 * DAY, "alice", "transcend(c1)")),
             holds={"ineffective(2)", "why_not(r2553_transcend, alice, transcend(c1), ev(2), not_about_a_change)"}),
        Case("R2553 a later judgement ends the PARADOXICAL period",
             PLAYERS + "cfj(c1, alice, possibility). " +
             events((0, "bob", "judge(c1, paradoxical)"), (DAY, "bob", "judge(c1, false)"),
                    (8 * DAY, "alice", "transcend(c1)")),
             holds={"ineffective(3)"}, never={"won(alice, 3)"}),
        Case("R2556 a player CAN exile an outlaw with more than 40 blots with 7 days notice",
             PLAYERS + "blots_initially(carol, 41). " +
             events((DAY, "alice", "intend"), (9 * DAY, "alice", "perform(1)")) +
             intent("exile", f"t_notice({7 * DAY})", "carol"),
             holds={"effective(2)", "exile(carol, 2)", "player(carol, 1)"}, never={"player(carol, 2)"}),
        Case("R2556 a player with 40 blots is no outlaw",
             PLAYERS + "blots_initially(carol, 40). " +
             events((DAY, "alice", "intend"), (9 * DAY, "alice", "perform(1)")) +
             intent("exile", f"t_notice({7 * DAY})", "carol"),
             holds={"ineffective(2)", "player(carol, 2)"}),
    ], base=BASE),
    "agora/justice.lp": Table((*ACTS, "agora/justice.lp"), [
        Case("R2555 an INEFFECTIVE fine adds no blots",
             fine(5), never={"blot_delta(bob, 5, 2)"}),
        Case("R1023 a response after 7 days is not timely",
             PLAYERS + "office(referee, alice). " +
             events((100, "bob", "petition(referee)"), (100 + 8 * DAY, "alice", "respond(1)"), now=100 + 9 * DAY),
             holds={"effective(2)", "violation(alice, 2143, petition(1))"}, never={"fulfilled(petition(1))"}),
        Case("R2557 the investigator CAN fine a violation up to twice the base value",
             fine(4), holds={"violation(bob, 9, event(1))", "effective(2)", "blot_delta(bob, 4, 2)"}),
        Case("R2557 a fine above twice the base value is not one the guidelines allow",
             fine(5), holds={"ineffective(2)",
                             "why_not(r2557_levy, alice, levy_fine(bob, 5, 9), ev(2), outside_guidelines)"}),
        Case("R2557 a Class N crime has base value N",
             fine(6) + "crime_class(9, 3).", holds={"effective(2)", "base_value(9, 3)"}),
        Case("R2531 a fine for no violation is INEFFECTIVE",
             fine(2, rule=8) + "base_rule(8). rule_power(8, 1000).",
             holds={"ineffective(2)", "prevented_by(alice, levy_fine(bob, 2, 8), ev(2), r2531_unprohibited)"}),
        Case("R2160 a deputy for the vacant Referee levies a fine for a violation as if e held the office",
             PLAYERS + SPAM_RULE.replace("office(referee, alice).", "office_duty(referee, levy_fine(bob, 2, 9)). " + R2160)
             + events((100, "bob", "spam"), (200, "carol", "deputise(referee, levy_fine(bob, 2, 9))")),
             holds={"effective(2)", "blot_delta(bob, 2, 2)"}),
        Case("R2160 item 2 with R2531 a deputy's fine for no violation would not be POSSIBLE for the Referee",
             PLAYERS + SPAM_RULE.replace("office(referee, alice).", "office_duty(referee, levy_fine(bob, 2, 9)). " + R2160)
             + events((200, "carol", "deputise(referee, levy_fine(bob, 2, 9))")),
             holds={"ineffective(1)", "impossible_as_holder(carol, referee, levy_fine(bob, 2, 9), ev(1))"},
             never={"blot_delta(bob, 2, 1)"}),
        Case("R2557 only the investigator CAN levy a fine",
             PLAYERS + SPAM_RULE + events((100, "bob", "spam"), (200, "carol", "levy_fine(bob, 2, 9)")),
             holds={"ineffective(2)", "why_not(r2557_levy, carol, levy_fine(bob, 2, 9), ev(2), not_an_investigator)"}),
        Case("R2531 item 3 a fine above the base value for a minor violation is INEFFECTIVE (CFJ 3829)",
             fine(3) + "circumstance(2, minor).", holds={"ineffective(2)", "reading_relevant(r2531_3)"}),
        Case("R2531 item 3 a willful violation is no mitigated one",
             fine(3) + "circumstance(2, minor). circumstance(2, willful).", holds={"effective(2)"}),
        Case("R2531 reading r2531_range_only: only R2557's range limits the value",
             fine(3) + "circumstance(2, minor). option(r2531_range_only).", holds={"effective(2)"}),
        Case("R2143 an officer who does not respond to a petition in a timely fashion violates R2143",
             PLAYERS + "office(referee, alice). " + events((100, "bob", "petition(referee)"), now=100 + 8 * DAY),
             holds={"effective(1)", "violation(alice, 2143, petition(1))"}),
        Case("R2143 a response within 7 days fulfils the duty",
             PLAYERS + "office(referee, alice). " +
             events((100, "bob", "petition(referee)"), (100 + 3 * DAY, "alice", "respond(1)"), now=100 + 8 * DAY),
             holds={"fulfilled(petition(1))"}, never={"violation(alice, 2143, petition(1))"}),
    ], base=BASE),
    "agora/precedence.lp": Table(ACTS, [
        Case("R1030 step 1 the rule with the higher Power prevails",
             FLY + powers(2000, 1000), holds={"decided(c1, c2, r1030_1, ev(1))", "effective(1)"}),
        Case("R1030 step 3 a claim of precedence decides between equal Powers",
             FLY + powers(1000, 1000) + "claims_over(c2, rule(10)).",
             holds={"decided(c2, c1, r1030_3, ev(1))", "ineffective(1)"}),
        Case("R1030 a broad claim never beats higher Power",
             FLY + powers(2000, 1000) + "claims_over(c2, all_rules).", holds={"decided(c1, c2, r1030_1, ev(1))"}),
        Case("R1030 step 3 a deference decides too",
             FLY + powers(1000, 1000) + "defers(c1, rule(20)).", holds={"decided(c2, c1, r1030_3, ev(1))"}),
        Case("R1030 step 3 contradictory claims do not decide; step 4 does",
             FLY + powers(1000, 1000) + "claims_over(c1, rule(20)). claims_over(c2, rule(10)).",
             holds={"step3_contradiction(c1, c2, ev(1))", "decided(c1, c2, r1030_4, ev(1))"}),
        Case("R1030 step 4 the rule with the lowest ID number prevails",
             FLY + powers(1000, 1000), models=[{"decided(c1, c2, r1030_4, ev(1))"}]),
        Case("R1030 step 5 without ID numbers the rule enacted earliest prevails",
             FLY + powers(1000, 1000, ids=False) + "rule_enacted(10, 5). rule_enacted(20, 3).",
             models=[{"decided(c2, c1, r1030_5, ev(1))"}]),
        Case("R1030 step 4 with one ID number: step 5 (default reading), and the reading is relevant",
             FLY + powers(1000, 1000, ids=False) + "rule_id(10, 10). rule_enacted(10, 5). rule_enacted(20, 3).",
             models=[{"decided(c2, c1, r1030_5, ev(1))"}], holds={"reading_relevant(r1030_step4)"}),
        Case("R1030 step 4 reading numbered_first: the numbered rule prevails",
             FLY + powers(1000, 1000, ids=False) + "rule_id(10, 10). rule_enacted(10, 5). rule_enacted(20, 3). "
             "option(r1030_step4, numbered_first).", models=[{"decided(c1, c2, r1030_4, ev(1))"}]),
        Case("R1030 step 2 the precedence-determining rule's determination",
             FLY + powers(1000, 1000) + "precedence_by(10, 30). precedence_by(20, 30). pd_prefers(30, 20, 10). "
             "base_rule(30). rule_power(30, 1000). asked_rule(30).",
             models=[{"decided(c2, c1, r1030_2, ev(1))"}]),
        Case("R2240 between clauses of one rule the later prevails",
             FLY_CLAUSES.replace("clause(c2, 20)", "clause(c2, 10)") + events((100, "alice", "fly")) +
             "rule_power(10, 1000).", models=[{"decided(c2, c1, r2240_later, ev(1))"}]),
        Case("R2240 between clauses of one rule the one claiming precedence prevails",
             FLY_CLAUSES.replace("clause(c2, 20)", "clause(c2, 10)") + events((100, "alice", "fly")) +
             "rule_power(10, 1000). claims_over(c1, all_rules).",
             models=[{"decided(c1, c2, r2240_claim, ev(1))"}], holds={"effective(1)"}),
        Case("R2518 no step decides: each gamestate picks a side",
             FLY + powers(1000, 1000, ids=False),
             models=[{"prevails_by_choice(c1, c2, ev(1))"}, {"prevails_by_choice(c2, c1, ev(1))"}]),
    ], base="precedence_policy(agora). " + "".join(f"base_rule({r}). rule_power({r}, {POWERS[r]}). "
                                                   for r in (1030, 2140, 2141, 1688))),
    "agora/judgements.lp": Table(("agora/judgements.lp",), [
        Case("R591/43 an undecidable statement is DISMISSed",
             "text_revision(591, 43).", models=[{"judgement_for(undecidable, dismiss)"}]),
        Case("R591/45 an undecidable statement is PARADOXICAL",
             "text_revision(591, 45).", models=[{"judgement_for(undecidable, paradoxical)"}]),
        Case("R591/47 (the SLR of 2020) PARADOXICAL",
             "text_revision(591, 47).", models=[{"judgement_for(undecidable, paradoxical)"}]),
        Case("R591 a case that states no revision: the current text, PARADOXICAL",
             "", models=[{"judgement_for(undecidable, paradoxical)"}]),
    ]),
    "agora/decision_results.lp": Table(("core/time.lp", "agora/decision_results.lp"), [
        Case("R955 a tie the vote collector breaks: each selection is a gamestate",
             'decision_outcome_alternative(9101, opt("A")). decision_outcome_alternative(9101, opt("B")).',
             models=[{'decision_outcome(9101, opt("A"))'}, {'decision_outcome(9101, opt("B"))'}]),
        Case("R955 a single outcome is the outcome",
             "decision_outcome_alternative(9101, adopted).", models=[{"decision_outcome(9101, adopted)"}]),
        Case("R1607 a lifecycle fact holds from the event that made it so until the one that ended it",
             "nomic_interval(pending(7), 100, 200). query_time(a, 150). query_time(b, 200). query_time(c, 99).",
             models=[{"nomic_holds(pending(7), q(a))"}]),
        Case("R1607 a statement at time 0 reads the end of the timeline",
             "nomic_final(pending(7)). query_time(a, 0).", holds={"nomic_holds(pending(7), q(a))"}),
        Case("R1607 a distributed proposal, as its statements read it",
             "nomic_interval(proposal_distributed_as(7, 9101), 100, 1000). query_time(a, 150).",
             holds={"nomic_distributed(7, q(a))"}),
        Case("the rule behind each lifecycle fact is shown",
             "nomic_reason(pending(7), 2622).", shown=True, holds={"nomic_reason(pending(7), 2622)"}),
    ]),
    "agora/instruments.lp": Table((*WINNING, "agora/instruments.lp"), [
        Case("R106 an adopted proposal takes effect: EFFECTIVE, its rule change applied (R105)",
             instrument(3000, "repeal(2465)"),
             holds={"effective(1)", "applied(1, instr(1), repeal(2465))", "in_force(2465, 0)"},
             never={"in_force(2465, 1)"}),
        Case("R2140 an instrument cannot repeal a rule of greater Power",
             instrument(1000, "repeal(2449)"),
             holds={"invalid(1, instr(1), repeal(2449), r2140_3)", "in_force(2449, 1)"}),
        Case("R2633 a rulebending form CANNOT apply rule changes",
             instrument(0, "repeal(2465)", form=True),
             holds={"form(1)", "instrument_power_at(1, 3000)", "blocked_provision(1, repeal(2465), r2633)"},
             never={"applied(1, instr(1), repeal(2465))"}),
        Case("R2633 only a rulebending magister CAN demonstrate a form",
             PLAYERS + events((100, "bob", "demonstrate_form")) + "magister(alice). provision(1, win(bob)).",
             holds={"ineffective(1)", "why_not(r2633_demonstrate, bob, demonstrate_form, ev(1), not_a_magister)"},
             never={"form(1)", "won(bob, 1)"}),
        Case("R1688 Citizenship is secured: an instrument below R869's Power cannot register",
             "registered_initially(alice). " + events((100, "alice", "instrument")) +
             "instrument_power(1, 2000). provision(1, register(bob)).",
             holds={"blocked_provision(1, register(bob), r1688)"}, never={"joined(bob, 1)"}),
        Case("R106 an instrument of enough Power registers a person",
             "registered_initially(alice). " + events((100, "alice", "instrument")) +
             "instrument_power(1, 3000). provision(1, register(bob)).",
             holds={"joined(bob, 1)", "player(bob, 1)"}),
        Case("R1688 granting blots needs Power 1.7 (R2555)",
             instrument(1000, "grant_blots(bob, 3)"), holds={"blocked_provision(1, grant_blots(bob, 3), r1688)"},
             never={"blot_delta(bob, 3, 1)"}),
        Case("R2449 an instrument that states a win: the person wins ",
             instrument(1000, "win(bob)"), holds={"won(bob, 1)", "reading_relevant(r2449)"}),
        Case("R2449 reading r2449_direct_only: only a rule's own text states a win",
             instrument(1000, "win(bob)") + "option(r2449_direct_only).", never={"won(bob, 1)"}),
        Case("R2518 a coin one of two persons earns: each gamestate gives it to one",
             instrument(1000, "earn_coin_one_of(g)") + "one_of(g, alice). one_of(g, bob).",
             models=[{"chosen(coin(1), alice)"}, {"chosen(coin(1), bob)"}]),
        Case("R2576 a coin whose owner is indeterminate goes to the Lost and Found Department",
             instrument(1000, "earn_coin_one_of(g)") + "one_of(g, alice). one_of(g, bob). settled_choice(coin(1)).",
             models=[{"chosen(coin(1), lost_and_found)"}], holds={"coin_delta(lost_and_found, 1, 1)",
                                                                  "fallback_rule(coin(1), 2576)"}),
        Case("R2577 earning a coin creates it in one's possession",
             instrument(1000, "earn_coin(bob)") + "coins_initially(bob, 2). coin_query(bob, ev(1)). coin_query(bob, q(x)). "
             "query_after(x, 1).", holds={"coins(bob, 2, 0)", "coins(bob, 3, 1)"}),
        Case("R2141 a rule that repeals itself upon an action it regulates does so (CFJ 3754)",
             PLAYERS + events((100, "alice", "fly")) + "base_rule(50). rule_power(50, 1000). "
             "clause(c50, 50). clause_order(c50, 1). modality(c50, can). applies(c50, A, fly, Pt) :- need(A, fly, Pt). "
             "rule_upon(50, fly, u). upon_change(50, u, repeal(50)).",
             holds={"rule_triggered(1, 50, u)", "applied(1, rule_at(50, 1), repeal(50))"}, never={"in_force(50, 1)"}),
        Case("R2141 reading rule_changes_not_caused: a rule stating a change makes nothing",
             PLAYERS + events((100, "alice", "fly")) + "base_rule(50). rule_power(50, 1000). "
             "clause(c50, 50). clause_order(c50, 1). modality(c50, can). applies(c50, A, fly, Pt) :- need(A, fly, Pt). "
             "rule_upon(50, fly, u). upon_change(50, u, repeal(50)). option(rule_changes_not_caused).",
             holds={"in_force(50, 1)", "reading_relevant(rule_changes)"}, never={"rule_triggered(1, 50, u)"}),
    ], base=BASE),
    "agora/numbers.lp": Table(("agora/numbers.lp",), [
        Case("R2509 a number is a real number: 7/2 in halves, its floor and ceiling in whole units",
             "real_number(x, 7, 2). number_in_units(x, 1). number_in_units(x, 2). real_number(y, -7, 2). "
             "number_in_units(y, 1).",
             holds={"number_floor(x, 1, 3)", "number_ceil(x, 1, 4)", "number_floor(x, 2, 7)", "number_ceil(x, 2, 7)",
                    "number_floor(y, 1, -4)", "number_ceil(y, 1, -3)"}),
        Case("R2509 a number of discrete items is a non-negative integer",
             "real_number(a, 6, 3). real_number(b, 1, 2). real_number(c, -2, 1).",
             holds={"natural_number(a)"}, never={"natural_number(b)", "natural_number(c)"}),
        Case("R2577 an amount of assets that is not a natural number is rounded up",
             "real_number(a, 5, 2). asset_amount(a). real_number(b, 4, 1). asset_amount(b).",
             holds={"amount_rounded_up(a, 3)", "amount_rounded_up(b, 4)", "relied_machinery(2577)"}),
        Case("R2509 a flip to a value outside a numerical switch's set CANNOT be performed",
             "numerical_switch(s, 0, #sup). numerical_switch(t, 0, 5). numerical_flip_asked(s, 9). "
             "numerical_flip_asked(s, -1). numerical_flip_asked(t, 6). numerical_flip_asked(t, 5).",
             holds={"numerical_flip_possible(s, 9)", "numerical_flip_possible(t, 5)"},
             never={"numerical_flip_possible(s, -1)", "numerical_flip_possible(t, 6)"}),
    ]),
    "agora/pledges.lp": Table((*ACTS, "agora/pledges.lp"), [
        Case("R2450 letting a pledge to perform expire without the action breaks it",
             pledge("pledge(respond(9))", 2, now=3 * DAY),
             holds={"pledge(1, alice, respond(9), 2880)", "violation(alice, 2450, pledge(1))"}),
        Case("R2450 performing the pledged action within the window keeps it",
             pledge("pledge(respond(9))", 2, (DAY, "alice", "respond(9)"), now=3 * DAY),
             holds={"fulfilled(pledge(1))", "effective(2)"}, never={"violation(alice, 2450, pledge(1))"}),
        Case("R2450 the window is 60 days unless the pledge states one",
             pledge("pledge(respond(9))", None, now=30 * DAY),
             holds={"pledge_window(1, 60)", "pledge(1, alice, respond(9), 86400)"},
             never={"violation(alice, 2450, pledge(1))"}),
        Case("R2450 performing an action one pledged to refrain from is ILLEGAL",
             pledge("pledge_refrain(respond(9))", 2, (DAY, "alice", "respond(9)"), now=3 * DAY),
             holds={"effective(2)", "illegal(2)", "violation(alice, 2450, event(2))"}),
        Case("R2450 after the window the refrained action is no breach",
             pledge("pledge_refrain(respond(9))", 2, (3 * DAY, "alice", "respond(9)"), now=4 * DAY),
             holds={"effective(2)"}, never={"illegal(2)"}),
        Case("R2509 R2450 a window of 1/24 of a day is a real number of days: one hour, to the minute",
             PLAYERS + "real_number(window(1), 1, 24). " + events((0, "alice", "pledge_refrain(respond(9))"),
                                                                 (59, "alice", "respond(9)"), (61, "alice", "respond(9)"),
                                                                 now=DAY),
             files=("agora/numbers.lp",), holds={"pledge_length(1, 60)", "illegal(2)"},
             never={"illegal(3)", "pledge_window(1, 60)"}),
        Case("R2450 only a player's pledge is a pledge",
             events((0, "alice", "pledge(respond(9))"), now=70 * DAY),
             never={"pledge(1, alice, respond(9), 86400)", "violation(alice, 2450, pledge(1))"}),
        Case("R2450 a pledge to break this very pledge has no consistent gamestate",
             pledge("pledge(break_pledge(1))", 1, now=2 * DAY), unsat=True),
        Case("R2450 with R478 a pledge not to make pledges is broken by the next pledge (CFJ 3753)",
             pledge("pledge_refrain(make_pledge)", 10, (DAY, "alice", "pledge(respond(9))"), now=2 * DAY),
             holds={"attempt(2, alice, make_pledge)", "illegal(2)"}),
    ], base=BASE),
    "agora/promises.lp": Table((*ACTS, "agora/promises.lp"), [
        Case("R478 the actions of a cashed promise's text are its creator's, taken after the cashing",
             cash("bob"), holds={"attempt(3, alice, respond(0))", "effective(3)"}),
        Case("R2618 a player CAN grant a promise; its bearer holds it",
             PLAYERS + events((100, "alice", "grant_promise(t, bob)")),
             holds={"effective(1)", "promise_held(t, bob, 1)"}, never={"promise_held(t, bob, 0)"}),
        Case("R2618 a non-player CANNOT grant a promise",
             events((100, "alice", "grant_promise(t, bob)")), holds={"ineffective(1)"},
             never={"promise_held(t, bob, 1)"}),
        Case("R2618 the bearer cashes it: it is destroyed and its text's actions happen",
             cash("bob"), holds={"effective(2)", "promise_cashed(t, 2)", "caused_happens(3)", "happened(3)",
                                 "promise_held(t, bob, 1)"},
             never={"promise_held(t, bob, 2)"}),
        Case("R2618 only the bearer CAN cash it, and then the text's actions do not happen",
             cash("carol"), holds={"ineffective(2)", "why_not(r2618_cash, carol, cash(t), ev(2), not_the_bearer)",
                                   "promise_held(t, bob, 3)"},
             never={"happened(3)"}),
        Case("R2618 each grant is its own promise: cashing one leaves another bearer's of that title",
             PLAYERS + events((100, "alice", "grant_promise(t, bob)"), (150, "carol", "grant_promise(t, carol)"),
                              (200, "bob", "cash(t)")) + "event(4). event_time(4, 200). actor(4, alice). "
             "act(4, respond(0)). caused_by(4, 3). caused_grant(4, 1). event(5). event_time(5, 200). actor(5, carol). "
             "act(5, respond(1)). caused_by(5, 3). caused_grant(5, 2). event_count(5).",
             holds={"grant_cashed(1, 3)", "happened(4)", "held_grant(t, carol, 2, 5)"},
             never={"happened(5)", "grant_cashed(2, 3)", "held_grant(t, bob, 1, 3)"}),
        Case("R2618 a bearer of two promises of one title cashes one of them: either is consistent",
             PLAYERS + events((100, "alice", "grant_promise(t, bob)"), (150, "carol", "grant_promise(t, bob)"),
                              (200, "bob", "cash(t)")),
             models=[{"chosen(cashed_grant(3), 1)", "grant_cashed(1, 3)", "held_grant(t, bob, 1, 1)",
                      "held_grant(t, bob, 1, 2)", "held_grant(t, bob, 2, 2)", "held_grant(t, bob, 2, 3)"},
                     {"chosen(cashed_grant(3), 2)", "grant_cashed(2, 3)", "held_grant(t, bob, 1, 1)",
                      "held_grant(t, bob, 1, 2)", "held_grant(t, bob, 2, 2)", "held_grant(t, bob, 1, 3)"}]),
        Case("R2518 an unending chain of cashings ends at either of its last two rounds",
             cash("bob") + "caused_by(4, 2). event(4). event_time(4, 200). actor(4, alice). act(4, respond(1)). "
             "event_count(4). chain_round(3, 2, 1). chain_round(4, 2, 2). unending_chain(2, 2).",
             models=[{"chosen(chain_end(2), 1)", "beyond_chain_end(4)", "happened(1)", "happened(2)", "happened(3)"},
                     {"chosen(chain_end(2), 2)", "happened(1)", "happened(2)", "happened(3)", "happened(4)"}]),
    ], base=BASE),
    "agora/event_ballots.lp": Table((*ACTS, "agora/event_ballots.lp"), [
        Case("R2618 a ballot announced by the text of a cashed promise",
             cash("bob").replace("act(3, respond(0))", "act(3, vote(9101, for))"), files=("agora/promises.lp",),
             holds={"ballot_act(3, 9101, alice, cast)", "ballot_standing(9101, alice, 3)"}),
        Case("R2127 a vote the judge finds not clearly specified is counted as PRESENT",
             events((100, "alice", "vote(9101, for)")) + "vote_unspecified(1).",
             holds={"ballot_announcement(1)", "ballot_present(1)"}),
        Case("R683 submitting a ballot is publishing a notice: EFFECTIVE",
             events((100, "alice", "vote(9101, for)")),
             holds={"ballot_act(1, 9101, alice, cast)", "ballot_announcement(1)", "ballot_standing(9101, alice, 1)"},
             never={"ballot_standing(9101, alice, 0)"}),
        Case("R683 an entity CAN withdraw a ballot e submitted",
             events((100, "alice", "vote(9101, for)"), (200, "alice", "withdraw_ballot(9101)")),
             holds={"ballot_act(2, 9101, alice, withdraw)", "ballot_standing(9101, alice, 1)"},
             never={"ballot_standing(9101, alice, 2)"}),
        Case("R683 without a ballot to withdraw e CANNOT withdraw",
             events((100, "alice", "withdraw_ballot(9101)")),
             holds={"ineffective(1)",
                    "why_not(r683_withdraw, alice, withdraw_ballot(9101), ev(1), no_ballot_to_withdraw)"},
             never={"ballot_announcement(1)"}),
        Case("R683 the decisions' results come from some set of ballot announcements",
             events((100, "alice", "vote(9101, for)")) + "ballots_by_events.", unsat=True),
        Case("R683 a set of ballot announcements resolved: a consistent gamestate",
             events((100, "alice", "vote(9101, for)")) + "ballots_by_events. ballot_set(1).",
             holds={"some_ballot_set"}),
        Case("R2645 R2422 a Power Stone and a fee paid to Buy Strength on an unresolved decision, read back",
             events((100, "alice", "wield(power_stone, player_decision(bob, n_9))"), (200, "bob", "buy(n_9)"),
                    (300, "bob", "buy(n_9)"))
             + "decisions_by_events. decision_known(n_9). decision_resolved_time(n_9, 250). "
               "stone_effect(1, buys_strength(bob, n_9, 3)). fee_paid(2, bob, buy_strength(n_9)). "
               "fee_paid(3, bob, buy_strength(n_9)).",
             holds={"strength_bought_by_events(n_9, bob, 4)"}, never={"strength_bought_by_events(n_9, bob, 5)"}),
        Case("R2645 the Sabotage Stone on a decision while it is unresolved, read back; not after",
             events((100, "alice", "wield(sabotage_stone, decision(n_9))"), (200, "alice", "wield(sabotage_stone, decision(n_9))"))
             + "decisions_by_events. decision_known(n_9). decision_resolved_time(n_9, 150). "
               "stone_effect(1, adoption_index_raised(n_9, 1)). stone_effect(2, adoption_index_raised(n_9, 1)).",
             holds={"adoption_index_raised_by_events(n_9, 1)", "decision_state(n_9, 1)"},
             never={"adoption_index_raised_by_events(n_9, 2)"}),
    ], base=BASE),
    "agora/texts.lp": Table((*DEPENDENT, "agora/texts.lp"), [
        Case("the encoded texts of R591: /43 without PARADOXICAL, /45 and /47",
             "", holds={'encoded_text(591, 43, 1700, "d73802ba47f0e96d")', 'encoded_text(591, 47, 1700, "8791bdbb5745f039")'}),
        Case("R869 a clause that spoke to an attempt: its rule is relied on",
             events((100, "alice", "register")), holds={"relies_on(869)"}, never={"relies_on(2465)"}),
        Case("R1728 R2595 R2124 the dependent-action machinery is relied on when an intent is performed",
             PLAYERS + events((DAY, "alice", "intend"), (6 * DAY, "alice", "perform(1)")) + intent("x", "without_objections(1)"),
             holds={"relies_on(1728)", "relies_on(2595)", "relies_on(2124)"}),
        Case("R106 an instrument taking effect: R106's machinery is relied on",
             PLAYERS + events((100, "alice", "instrument")), files=("agora/instruments.lp",),
             holds={"relied_machinery(106)", "relies_on(106)"}),
        Case("R2555 /2 lacks \"A person CAN ... create blots\": under it the clause is not in force",
             PLAYERS + events((100, "alice", "create_blots(2)")) + "text_revision(2555, 2).",
             files=("agora/winning.lp", "agora/assets.lp"), never={"effective(1)", "clause_in_force(r2555_create, 0)"}),
        Case("R2555 /9 has it: the same announcement creates the blots",
             PLAYERS + events((100, "alice", "create_blots(2)")) + "text_revision(2555, 9).",
             files=("agora/winning.lp", "agora/assets.lp"), holds={"effective(1)"}),
        Case("R2160 /18 has no temporary deputisation: a case using it is a use the encodings do not implement",
             "text_revision(2160, 18). deputise_temporary(3).",
             holds={'text_unencoded_use(2160, 18, "temporary deputisation")'}),
        Case("a rule outside the case's ruleset is never relied on (R2478 here)",
             PLAYERS + "office(referee, alice). " + events((100, "alice", "levy_fine(bob, 1, 9)")),
             files=("agora/justice.lp",), holds={"relied_machinery(2478)"}, never={"relies_on(2478)"}),
    ], base=BASE),
    "agora/derivations.lp": Table(DERIVATIONS, [
        Case("R106 R105 a rule change an instrument requested and that applied",
             instrument(3000, "repeal(2465)") + "asked_rule(2465).",
             holds={"derived(applied(1, instr(1), repeal(2465)), rule(105), requested(1, instr(1), repeal(2465)))",
                    "derived(requested(1, instr(1), repeal(2465)), rule(106), provision(1, repeal(2465)))"}),
        Case("R2140 a rule change that did not apply, and the rule that stopped it",
             instrument(1000, "repeal(2449)") + "asked_rule(2449).",
             holds={"derived(not_applied(1, instr(1), repeal(2449)), rule(2140), "
                    "invalid(1, instr(1), repeal(2449), r2140_3))"}),
        Case("R2141 a Power outside 0.1-4.0 stops the change",
             instrument(4000, "set_power(2465, 5000)") + "asked_rule(2465).",
             holds={"derived(not_applied(1, instr(1), set_power(2465, 5000)), rule(2141), "
                    "invalid(1, instr(1), set_power(2465, 5000), r2141))"}),
        Case("R1688 a secured change below its threshold",
             instrument(2000, "set_power(2465, 1000)") + "secures(1688, 2465). asked_rule(2465).",
             holds={"derived(not_applied(1, instr(1), set_power(2465, 1000)), rule(1688), "
                    "invalid(1, instr(1), set_power(2465, 1000), r1688))"}),
        Case("R478 an announcement that does not clearly specify its action",
             events((10, "alice", "respond(7)")) + "unclear(1). asked_event(1).",
             holds={"derived(ineffective(1), rule(478), unclear_announcement(1))"}),
        Case("R683 a ballot announced",
             events((100, "alice", "vote(9101, for)")) + "asked_event(1).",
             holds={"derived(ballot_act(1, 9101, alice, cast), rule(683), effective(1))"}),
        Case("R1030 the clause that prevailed by Power",
             FLY + powers(2000, 1000) + "asked_event(1).",
             holds={"derived(effective(1), c1, applies(c1, alice, fly, ev(1)))",
                    "derived(applies(c1, alice, fly, ev(1)), r1030_1, decided(c1, c2, r1030_1, ev(1)))"}),
        Case("R1728 R2595 a dependent action performed with its conditions met",
             PLAYERS + events((DAY, "alice", "intend"), (6 * DAY, "alice", "perform(1)")) +
             intent("declare_apathy", "without_objections(1)", "alice") + "asked_event(2).",
             holds={"derived(effective(2), rule(2595), dependent_ok(1, alice, ev(2)))",
                    "derived(effective(2), r2465_declare, applies(r2465_declare, alice, declare_apathy, ev(2)))"}),
        Case("R2595 a dependent action performed too early",
             PLAYERS + events((DAY, "alice", "intend"), (3 * DAY, "alice", "perform(1)")) +
             intent("declare_apathy", "without_objections(1)", "alice") + "asked_event(2).",
             holds={"derived(ineffective(2), rule(2595), dependent_failure(1, ev(2), r2595_window))"}),
        Case("R2124 why Agora was not Satisfied",
             PLAYERS + events((DAY, "alice", "intend"), (2 * DAY, "bob", "object(1)"), (6 * DAY, "alice", "perform(1)")) +
             intent("declare_apathy", "without_objections(1)", "alice") + "asked_event(3).",
             holds={"derived(dependent_failure(1, ev(3), r2595_not_satisfied), rule(2124), "
                    "unsatisfied(1, ev(3), r2124_objections))"}),
        Case("R2449 R2465 a win the rules state",
             PLAYERS + events((DAY, "alice", "intend"), (6 * DAY, "alice", "perform(1)")) +
             intent("declare_apathy", "without_objections(1)", "alice") + "asked_person(alice).",
             holds={"derived(won(alice, 2), rule(2449), win_trigger(alice, 2, r2465_win))",
                    "derived(win_trigger(alice, 2, r2465_win), rule(2465), effective(2))"}),
        Case("R2555 blots a person created",
             events((100, "alice", "create_blots(2)")) + "asked_person(alice).",
             holds={"derived(blot_delta(alice, 2, 1), rule(2555), effective(1))"}),
        Case("R2556 an exile deregisters the outlaw",
             PLAYERS + "blots_initially(carol, 41). " +
             events((DAY, "alice", "intend"), (9 * DAY, "alice", "perform(1)")) +
             intent("exile", f"t_notice({7 * DAY})", "carol") + "asked_person(carol).",
             holds={"derived(left(carol, 2), rule(2556), effective(2))"}),
        Case("R2577 R106 a coin earned by an instrument's provision",
             instrument(1000, "earn_coin(bob)") + "asked_person(bob).",
             holds={"derived(coin_delta(bob, 1, 1), rule(106), applied_provision(1, earn_coin(bob)))"}),
        Case("R2518 a coin whose owner the rules leave open, in the gamestate that chose it",
             instrument(1000, "earn_coin_one_of(g)") + "one_of(g, alice). one_of(g, bob). asked_person(bob).",
             some={"derived(coin_delta(bob, 1, 1), rule(2518), chosen(coin(1), bob))"}),
        Case("R2618 a cashing, and the actions of the promise's text",
             cash("bob") + "asked_event(2). asked_event(3).",
             holds={"derived(promise_cashed(t, 2), rule(2618), effective(2))",
                    "derived(effective(3), rule(2618), caused_happens(3))",
                    "derived(caused_happens(3), rule(2618), promise_cashed(t, 2))"}),
        Case("R2152 an EFFECTIVE attempt is derived from the clause that enabled it",
             events((100, "alice", "register")) + "asked_event(1).",
             holds={"derived(effective(1), r869_register, applies(r869_register, alice, register, ev(1)))"}),
        Case("R2125 an INEFFECTIVE attempt no clause enables",
             events((100, "alice", "fly")) + "asked_event(1).",
             holds={"derived(ineffective(1), rule(2125), nothing_enables(alice, fly, ev(1)))"}),
        Case("only what the statements bear on is derived",
             events((100, "alice", "register")),
             never={"derived(effective(1), r869_register, applies(r869_register, alice, register, ev(1)))",
                    "wanted(effective(1))"}),
        Case("R869 a registration joins the player (asked about the person)",
             events((100, "alice", "register")) + "asked_person(alice).",
             holds={"derived(joined(alice, 1), rule(869), effective(1))", "wanted(effective(1))"}),
        Case("R2240 the clause that prevailed, and by which step",
             reregister(10) + "asked_event(2).",
             holds={"derived(ineffective(2), r869_bar, applies(r869_bar, alice, register, ev(2)))",
                    "derived(applies(r869_bar, alice, register, ev(2)), r2240_later, "
                    "decided(r869_bar, r869_register, r2240_later, ev(2)))"}),
        Case("R869 why the clause that would have enabled it did not apply",
             PLAYERS + events((100, "alice", "register")) + "asked_event(1).",
             holds={"derived(ineffective(1), r869_register, why_not(r869_register, alice, register, ev(1), already_a_player))"}),
    ], base=BASE),
    "agora/main.lp": Table(("agora/main.lp",), [
        Case("R478 R1023 the judge's entry: an event's point, its time and weekday",
             events((8 * DAY + 60, "alice", "register")),
             holds={"point_time(ev(1), 11580)", "weekday(ev(1), 1)", "cal_weekday(11580, 1)"}),
        Case("R869 R2240 the judge's entry: Agora's rules and their precedence (the 30-day bar)",
             reregister(10), holds={"prevented_by(alice, register, ev(2), r869_bar)",
                                    "decided(r869_bar, r869_register, r2240_later, ev(2))"}),
        Case("R1030 the judge's entry: R1030 step 1",
             FLY + powers(2000, 1000), holds={"decided(c1, c2, r1030_1, ev(1))", "effective(1)"}),
        Case("BlogNomic Prioritisation through the judge's entry",
             "precedence_policy(blognomic). section(10, dynastic). section(20, core). " + FLY + powers(1000, 1000),
             holds={"decided(c1, c2, bn_2, ev(1))"}),
        Case("R2141 R105 the judge's entry: an instrument's rule change",
             instrument(3000, "repeal(2465)"), holds={"applied(1, instr(1), repeal(2465))"}, never={"in_force(2465, 1)"}),
        Case("R2518 the judge's entry: an event the case is unsure of",
             events((10, "alice", "register")) + "uncertain(1).", models=[set(), {"joined(alice, 1)"}]),
        Case("R591 the judge's entry shows what a judgement reads back",
             events((10, "alice", "register")) + "statement(s(1)). holds(s(1)) :- effective(1).", shown=True,
             holds={"holds(s(1))", "effective(1)"}, never={"point(ev(1))", "player(alice, 1)"}),
        Case("the why-tree's derivations are not in the base part",
             events((100, "alice", "register")) + "asked_event(1).",
             never={"derived(effective(1), r869_register, applies(r869_register, alice, register, ev(1)))"}),
        Case("the derivations part gives the why-tree",
             events((100, "alice", "register")) + "asked_event(1).", parts=("derivations",),
             holds={"derived(effective(1), r869_register, applies(r869_register, alice, register, ev(1)))"}),
    ], base=BASE),
    "agora/findings.lp": Table((*DEPENDENT, "agora/findings.lp"), [
        Case("R2545 an auction's method found not fair, equitable and timely; an unclear one found with no clear intent",
             events((10, "alice", "fly"), (20, "alice", "fly")) + "finding(f(1), fair_method, ev(1)). finding(f(2), clear_intent, ev(1)). "
             "finding(f(3), fair_method, ev(2)). stated_finding(f(3)).",
             holds={"unfair_method(1)", "no_clear_intent(1)"}, never={"unfair_method(2)"}),
        Case("R478 an announcement found unclear performs nothing",
             events((10, "alice", "fly")) + "finding(f(1), clear, ev(1)).", holds={"unclear(1)"}),
        Case("R478 an announcement found clear is no unclear one",
             events((10, "alice", "fly")) + "finding(f(1), clear, ev(1)). stated_finding(f(1)).",
             holds={"finding_holds(f(1))"}, never={"unclear(1)"}),
        Case("R2595 an open finding of clarity: clear in some gamestates, unclear in others",
             PLAYERS + events((DAY, "alice", "intend")) + intent("x", "without_objections(1)")
             + "finding(f(1), clear, ev(1)). open_finding(f(1)).",
             some={"unclear(1)", "finding_holds(f(1))"}),
        Case("R591 an uncertain event found to have happened happened",
             events((10, "alice", "fly")) + "uncertain(1). finding(f(1), happened, ev(1)). stated_finding(f(1)).",
             holds={"happened(1)"}),
        Case("R591 an outside fact found not to hold does not",
             "outside_fact(x_rain). finding(f(1), holds, x_rain).", never={"outside_holds(x_rain)"}),
        Case("R217 a finding left open is answered both ways",
             "outside_fact(x_rain). finding(f(1), holds, x_rain). open_finding(f(1)).",
             models=[{"finding_holds(f(1))", "outside_holds(x_rain)"}, set()]),
        Case("R478 a message found not public performs nothing, as an unclear one",
             events((10, "alice", "fly")) + "finding(f(1), public, ev(1)).", holds={"not_public(1)", "unclear(1)"}),
        Case("R2127 a vote found not clearly specified counts as PRESENT",
             events((10, "alice", "vote(9101, for)")) + "finding(f(1), clearly_specified, ev(1)).",
             files=("agora/event_ballots.lp",), holds={"vote_unspecified(1)", "ballot_present(1)"}),
        Case("R2518 information not reasonably available: a conditional announcement is unclear, a vote not specified",
             events((10, "alice", "fly"), (20, "alice", "vote(9101, for)"))
             + "finding(f(1), reasonably_available, ev(1)). finding(f(2), reasonably_available, ev(2)).",
             holds={"unclear(1)", "vote_unspecified(2)"}, never={"unclear(2)", "vote_unspecified(1)"}),
        Case("R2143 a report found not to inform performs nothing; found informative, it does",
             events((10, "alice", "publish_report(registrar)"), (20, "alice", "publish_report(registrar)"))
             + "finding(f(1), informative, ev(1)). finding(f(2), informative, ev(2)). stated_finding(f(2)).",
             holds={"uninformative(1)", "unclear(1)"}, never={"uninformative(2)", "unclear(2)"}),
        Case("R2221 a cleaning's change found not only corrections; R2505 a random choice found predictable",
             events((10, "alice", "intend"), (20, "alice", "random_choice")) + "finding(f(1), correction, ev(1)). "
             "finding(f(2), unpredictable, ev(2)). open_finding(f(2)).",
             holds={"not_a_correction(1)"}, some={"predictable(2)"}),
        Case("R2471 the findings of belief and intent, stated",
             events((10, "alice", "make_statement")) + "finding(f(1), believed_untrue, ev(1)). stated_finding(f(1)). "
             "finding(f(2), intent_to_mislead, ev(1)).", holds={"believed_untrue(1)"}, never={"intent_to_mislead(1)"}),
    ], base=BASE),
    "agora/fora.lp": Table(FORA, [
        Case("R478 a message sent via a public forum is public; one sent only to a Discussion forum is not",
             FORUM_EVENTS + "switch_initially(publicity, ad, public). switch_initially(publicity, ab, discussion). "
             "sent_to(1, ad). sent_to(2, ab). message_asked(1). message_asked(2).",
             holds={"public_message(1)", "not_public(2)", "sent_to_no_public_forum(2)"}, never={"public_message(2)"}),
        Case("R2162 R478 a forum the case gives no Publicity is Foreign (the default): no public message",
             FORUM_EVENTS + "sent_to(1, ad).", holds={"publicity_when_sent(1, ad, foreign)", "not_public(1)"}),
        Case("R2614 an Emergency Regulation's provision makes a forum public for the messages after it",
             FORUM_EVENTS + "switch_initially(publicity, ab, discussion). applied_provision(1, flip(publicity, ab, public)). "
             "sent_to(1, ab). sent_to(2, ab).",
             holds={"not_public(1)", "via_public_forum(2)", "switch_value(publicity, ab, public, 1)"}),
    ]),
    "agora/regulations.lp": Table((*DEPENDENT, "agora/instruments.lp", "agora/winning.lp", "agora/assets.lp",
                                   "agora/regulations.lp"), [
        Case("R2614 the Prime Minister enacts an Emergency Regulation with 3 Agoran consent, in emergency messages",
             EMERGENCY + "emergency_message(1). emergency_message(4).",
             holds={"effective(4)", "regulation_enacted(er(c), 4)", "regulation_exists(er(c), 4)"}),
        Case("R2614 an Emergency Regulation extends the deadline of an obligation another rule places on a person",
             EMERGENCY + "emergency_message(1). emergency_message(4). provision(4, extend_deadline(bob, 9, 3)). "
             f"rule_of(s9, 9). obligation_trigger(o, bob, respond, ev(1), {8 * DAY}, s9).",
             holds={f"deadline_extended(o, {8 * DAY}, {11 * DAY})", f"deadline_moved(o, {8 * DAY})"}),
        Case("R2614 not in an emergency message: the Prime Minister CANNOT",
             EMERGENCY + "emergency_message(1).", never={"effective(4)", "regulation_enacted(er(c), 4)"},
             holds={"why_not(r2614_regulate, alice, enact_regulation(er(c)), ev(4), not_an_emergency_message)"}),
        Case("R2611 R2613 R2612 an Emergency Regulation's provisions take effect; one outside its scope is void",
             EMERGENCY + "emergency_message(1). emergency_message(4). provision(4, win(bob)). provision(4, register(dave)).",
             holds={"instrument(4)", "applied_provision(4, win(bob))", "void_provision(4, register(dave))",
                    "blocked_provision(4, register(dave), r2612)"}, never={"applied_provision(4, register(dave))"}),
        Case("R2493 a Promulgator CAN enact eir regulation with 2 Agoran consent; only the parent rule's effect",
             PLAYERS + events((DAY, "alice", "intend"), (DAY + 60, "bob", "support(1)"), (5 * DAY, "alice", "perform(1)"))
             + intent("enact_regulation(reg(r))", "agoran_consent(20)") + "promulgator(reg(r), alice). "
             "regulation_parent(reg(r), 2614). provision(3, win(bob)).",
             holds={"regulation_enacted(reg(r), 3)", "void_provision(3, win(bob))"}, never={"instrument(3)"}),
        Case("R2493 a regulation the case begins with exists from its beginning, while its parent rule is in force",
             PLAYERS + events((DAY, "alice", "intend")) + "regulation_at_start(reg(r)). regulation_parent(reg(r), 2614). "
             "regulation_at_start(reg(s)). regulation_parent(reg(s), 9999).",
             holds={"regulation_exists(reg(r), -1)", "regulation_exists(reg(r), 1)", "regulating"},
             never={"regulation_exists(reg(s), 1)"}),
        Case("R2464 a tournament's regulation binds who consents to play; its duties and wins in scope",
             TOURNEY_DUTY, holds={"bound_from(reg(r), bob, 3)", "unbound(reg(r), carol)", "void_provision(3, register(dave))",
                                  "obligation_trigger(regulation_duty(reg(r), bob, transfer(coin, 1, alice)), bob, "
                                  "transfer(coin, 1, alice), ev(3), 17280, r2464_bind)"},
             never={"void_provision(3, duty(bob, transfer(coin, 1, alice), 7))", "bound_from(reg(r), carol, 3)"}),
        Case("R2464 once the tournament has ended its regulations cease to have effect: no duty after",
             TOURNEY_DUTY + "tournament_ended(cup, 11520).", holds={"ceased_before(reg(r), 17280)"},
             never={"obligation_trigger(regulation_duty(reg(r), bob, transfer(coin, 1, alice)), bob, "
                    "transfer(coin, 1, alice), ev(3), 17280, r2464_bind)"}),
        Case("R2614 an Emergency Regulation transfers assets its owner has, removes an officeholder, flips Festivity",
             EMERGENCY + "emergency_message(1). emergency_message(4). holding_initially(coin, bob, 3). "
             "provision(4, transfer_assets(coin, 2, bob, carol)). provision(4, transfer_assets(coin, 5, carol, bob)). "
             "provision(4, vacate(herald)). provision(4, flip(festivity, agora, 2)).",
             holds={"asset_change(coin, bob, -2, 4)", "asset_change(coin, carol, 2, 4)", "flips(4, officeholder, herald, vacant)",
                    "flips(4, festivity, agora, 2)"},
             never={"asset_change(coin, carol, -5, 4)", "void_provision(4, vacate(herald))"}),
        Case("R2614 the Speaker CAN act as the Prime Minister when she sent no message in the preceding four days",
             SPEAKER_ALONE, holds={"effective(3)", "emergency_actor(bob, ev(3))"}),
        Case("R2614 the Prime Minister posted the day before: the Speaker CANNOT",
             SPEAKER_AFTER_PM, holds={"prime_minister_spoke(ev(4))"}, never={"effective(4)", "emergency_actor(bob, ev(4))"}),
        Case("R2611 R2519 R1688 a regulation's duty binds only a person who consented to be bound by it",
             EMERGENCY + "emergency_message(1). emergency_message(4). context_consent(4, bob). "
             "provision(4, duty(bob, transfer(coin, 1, alice), 7)). provision(4, duty(carol, transfer(coin, 1, alice), 7)).",
             holds={"bound_from(er(c), bob, 4)", "unbound(er(c), carol)",
                    "obligation_trigger(regulation_duty(er(c), bob, transfer(coin, 1, alice)), bob, transfer(coin, 1, alice), "
                    "ev(4), 18720, r2614_require)"},
             never={"bound_from(er(c), carol, 4)"}),
        Case("R2166 R2614 Emergency Regulations exercise Mint Authority: a class they define, its assets created",
             EMERGENCY + "emergency_message(1). emergency_message(4). provision(4, define_asset(medal)). "
             "provision(4, issue_asset(medal, bob, 2)).",
             holds={"regulation_asset(medal, er(c))", "asset_created(medal, bob, 2, 4)"},
             never={"void_provision(4, define_asset(medal))"}),
        Case("R2166 R2464 a tournament's regulations have Mint Authority: the class and the assets it creates",
             TOURNEY_DUTY + "provision(3, define_asset(chip)). provision(3, issue_asset(chip, bob, 1)).",
             holds={"regulation_asset(chip, reg(r))", "asset_created(chip, bob, 1, 3)"},
             never={"void_provision(3, issue_asset(chip, bob, 1))"}),
        Case("R2166 R2493 R2612 a regulation its parent rule gives no Mint Authority cannot define a class of assets",
             PLAYERS + events((DAY, "alice", "intend"), (DAY + 60, "bob", "support(1)"), (5 * DAY, "alice", "perform(1)"))
             + intent("enact_regulation(reg(r))", "agoran_consent(20)") + "promulgator(reg(r), alice). "
             "regulation_parent(reg(r), 2614). provision(3, define_asset(chip)). provision(3, issue_asset(chip, bob, 1)).",
             holds={"regulation_enacted(reg(r), 3)", "void_provision(3, define_asset(chip))"},
             never={"regulation_asset(chip, reg(r))", "asset_created(chip, bob, 1, 3)"}),
        Case("R2612 the statutes govern a regulation, which is subordinate to them; its rule changes are out of scope",
             EMERGENCY + "emergency_message(1). emergency_message(4). provision(4, repeal(2141)).",
             holds={"law(er(c))", "governs(statutes, er(c))", "subordinate(er(c), statutes)",
                    "superior(statutes, er(c))", "outside_scope(4, repeal(2141))"},
             never={"subordinate(statutes, er(c))", "requested(4, instr(4), repeal(2141))"}),
        Case("R2612 a joint definition without each definer's intent defines separate bodies; untraced is no law",
             "body_defined(b, statutes). body_defined(b, x). joint_intent(statutes, b). body_defined(y, z).",
             holds={"separate(b)", "law(part(b, statutes))", "governs(statutes, part(b, statutes))"},
             never={"law(b)", "law(part(b, x))", "law(y)"}),
        Case("R2612 a joint definition with each definer's intent: governed by both",
             "body_defined(m, statutes). body_defined(n, statutes). body_defined(b, m). body_defined(b, n). "
             "joint_intent(m, b). joint_intent(n, b).",
             holds={"law(b)", "governs(m, b)", "governs(n, b)", "subordinate(b, m)", "superior(statutes, b)"},
             never={"separate(b)"}),
    ], base=BASE + "base_rule(2614). rule_id(2614, 2614). rule_power(2614, 3010). base_rule(2493). rule_id(2493, 2493). "
                   "rule_power(2493, 3000).\n"),
    "agora/cleaning.lp": Table((*DEPENDENT, "agora/findings.lp", "agora/cleaning.lp"), [
        Case("R2429 blank lines added inside a sentence are no paragraph break (CFJs 3452, 3777): insignificant",
             "text_change(c, blank_lines). text_change(w, whitespace).",
             holds={"insignificant_change(c)", "insignificant_change(w)", "reading_relevant(r2429_paragraphs)"}),
        Case("R2429 reading layout: every blank line is a paragraph break, so adding one is not insignificant",
             "text_change(c, blank_lines). option(r2429_layout).", never={"insignificant_change(c)"}),
        Case("R2429 a paragraph break between sentences, or another word, is not insignificant",
             "text_change(p, paragraphs). text_change(t, text).", never={"insignificant_change(p)", "insignificant_change(t)"}),
        Case("R2221 R2429 R105 a whitespace change cleans a rule: R2221 amends it (R2140, R1688: by its Power)",
             CLEAN.format(kind="whitespace"), holds={"effective(2)", "cleaned(2, 2141)",
                                                     "requested(2, rule_at(2221, 2), amend(2141))"}),
        Case("R2221 a change found to be more than corrections is no cleaning",
             CLEAN.format(kind="text") + "finding(f(1), correction, ev(1)).",
             never={"effective(2)", "cleaned(2, 2141)"}, holds={"not_a_correction(1)"}),
        Case("R2221 a player CAN refile a rule without objection: R2221 retitles it",
             PLAYERS + events((DAY, "alice", "intend"), (6 * DAY, "alice", "perform(1)"))
             + intent("refile(2141)", "without_objections(1)"),
             holds={"effective(2)", "requested(2, rule_at(2221, 2), retitle(2141))"}),
    ], base=BASE + "base_rule(2221). rule_id(2221, 2221). rule_power(2221, 3000).\n"),
    "agora/nomic.lp": Table((*ACTS, "agora/nomic.lp"), [
        Case("R1698 no plan for an arbitrary rule change within four weeks: Agora is ossified",
             "ossification_checked.", holds={"agora_ossified"}),
        Case("R1698 R105 a plan found: not ossified; a proposal whose net effect ossifies it cannot take effect",
             "ossification_checked. change_plan_found. net_effect_checked(9300). net_effect_ossifies(9300). "
             "net_effect_checked(9301).", holds={"r1698_cancels(9300)"}, never={"agora_ossified", "r1698_cancels(9301)"}),
        Case("R1698 a proposal cannot make Agora become ossified where it was already",
             "net_effect_checked(9300). net_effect_ossifies(9300). ossified_before_net_effect.",
             never={"r1698_cancels(9300)"}),
        Case("R1698 R1030 R2617 a change found to ossify Agora is cancelled: R1698 (Power 4) prevails over R869's CAN",
             PLAYERS + events((10, "bob", "deregister"), (20, "carol", "deregister")) + "forbidden_art(1).",
             holds={"ineffective(1)", "effective(2)", "prevented_by(bob, deregister, ev(1), r1698_cancelled)"}),
        Case("R101 the game never ends", "game_query(ev(1)). game_query(now).",
             holds={"game_goes_on(ev(1))", "game_goes_on(now)"}),
    ], base=BASE + "base_rule(1698). rule_id(1698, 1698). rule_power(1698, 4000).\n"),
    "agora/rulekeeping.lp": Table((*ACTS, "agora/instruments.lp", "agora/reports.lp", "agora/rulekeeping.lp"), [
        Case("R1051 R1681 R2143 a Rulekeepor's SLR listing every rule in force with its five items is complete",
             SLR_REPORT + "slr_lists(1, 105). slr_entry(1, 105, revision, 21). slr_entry(1, 105, power, 3000). "
             "slr_entry(1, 105, title, \"t\"). slr_entry(1, 105, text, \"x\").",
             holds={"part_stated(1, slr)"}, never={"report_incomplete(1)"}),
        Case("R1681 a rule in force not listed, an item missing, an item misstated",
             SLR_REPORT + "slr_lists(1, 105). slr_entry(1, 105, revision, 20). slr_entry(1, 105, power, 3000). "
             "slr_entry(1, 105, title, \"t\"). rule_listing(106, revision, 43).",
             holds={"omitted(1, rule(106))", "omitted(1, item(105, text))", "misstated(1, item(105, revision))",
                    "report_incomplete(1)"}),
        Case("R1681 R105 a rule repealed before the report is listed: misstated; its other items not judged",
             SLR_REPORT + "hypothetical(repeal(105)). slr_lists(1, 105). slr_entry(1, 105, revision, 20).",
             holds={"misstated(1, rule(105))", "slr_listing_unjudged(1, 105)"}, never={"misstated(1, item(105, revision))"}),
        Case("R1681 the FLR's categories and order are the last SLR's: a rule moved or out of order is misstated",
             FLR_REPORT + "lr_position(3, 106, 1). lr_position(3, 105, 2). lr_category(3, 105, \"b\"). "
             "lr_category(3, 106, \"a\").",
             holds={"flr_slr(3, 1)", "misstated(3, order(105))", "misstated(3, category(105))"},
             never={"misstated(3, category(106))"}),
        Case("R1681 an annotation of the change by proposal without its coauthor is not reasonably accurate",
             FLR_REPORT + FLR_ANNOTATED,
             holds={"annotation_for(3, 2, 105, 1)", "misstated(3, annotation(105, 2))",
                    "violation(alice, 1681, annotation(3, 105, 2))"}, never={"omitted(3, annotation(105, 2))"}),
        Case("R1681 with the coauthor the annotation is kept (the Power listed is still the old one: misstated)",
             FLR_REPORT + FLR_ANNOTATED + "flr_annotation_person(3, 105, 1, coauthor, \"carol\"). flr_entry(3, 105, power, 3000).",
             holds={"annotation_kept(3, 2, 105)", "misstated(3, item(105, power))"},
             never={"violation(alice, 1681, annotation(3, 105, 2))", "misstated(3, annotation(105, 2))",
                    "misstated(3, order(106))"}),
        Case("R1681 an FLR with no annotation of the case's change omits it: R1681 violated",
             FLR_REPORT + FLR_IN_ORDER, holds={"omitted(3, annotation(105, 2))", "violation(alice, 1681, annotation(3, 105, 2))"}),
        Case("R1681 an SLR with historical annotations is DISCOURAGED: advice, no violation",
             SLR_REPORT + "slr_extra(1, 105).", holds={"advised_against(alice, publish_report(rulekeepor), ev(1), r1681_discouraged)"},
             never={"violation(alice, 1681, event(1))"}),
    ], base=BASE + "base_rule(1051). rule_id(1051, 1051). rule_power(1051, 1000). base_rule(1681). rule_id(1681, 1681). "
       "rule_power(1681, 1000).\n"),
    "agora/random.lp": Table((*ACTS, "agora/findings.lp", "agora/random.lp"), [
        Case("R2505 a random choice's recorded outcome",
             RANDOM + "random_outcome_given(1, b).", models=[{"random_outcome(1, b)"}]),
        Case("R2505 R591 an outcome not recorded is each possible outcome in some gamestate",
             RANDOM, models=[{"random_outcome(1, a)"}, {"random_outcome(1, b)"}]),
        Case("R2505 a choice whose process is found trivially predictable is no random choice",
             RANDOM + "finding(f(1), unpredictable, ev(1)).", models=[set()]),
    ], base=BASE),
    "agora/no_faking.lp": Table((*ACTS, "agora/findings.lp", "agora/no_faking.lp"), [
        Case("R478 any person CAN make a public statement",
             PLAYERS + events((10, "alice", "make_statement")), holds={"effective(1)"}, never={"lie(1)"}),
        Case("R2471 a statement its publisher believed untrue, made to mislead, is a lie and violates R2471",
             PLAYERS + events((10, "alice", "make_statement")) + LIE_FOUND,
             holds={"lie(1)", "violation(alice, 2471, event(1))"}),
        Case("R2471 without the intent to mislead a statement believed untrue is no lie",
             PLAYERS + events((10, "alice", "make_statement"))
             + "finding(f(1), believed_untrue, ev(1)). stated_finding(f(1)). finding(f(2), intent_to_mislead, ev(1)).",
             never={"lie(1)", "violation(alice, 2471, event(1))"}),
        Case("R2471 with R478 a message found not public is no public statement: no lie",
             PLAYERS + events((10, "alice", "make_statement")) + LIE_FOUND + "finding(f(3), public, ev(1)).",
             never={"lie(1)", "violation(alice, 2471, event(1))"}),
        Case("R2471 an open intent: a lie in some gamestates, none in others",
             PLAYERS + events((10, "alice", "make_statement"))
             + "finding(f(1), believed_untrue, ev(1)). stated_finding(f(1)). finding(f(2), intent_to_mislead, ev(1)). "
             "open_finding(f(2)).", some={"lie(1)"}, never=set()),
    ], base=BASE + "base_rule(2471). rule_id(2471, 2471). rule_power(2471, 1000).\n"),
}


@pytest.mark.parametrize("file, case", params(JUDGE_TABLES))
def test_agora_judge_case(file: str, case: Case):
    check(JUDGE_TABLES[file], case)
