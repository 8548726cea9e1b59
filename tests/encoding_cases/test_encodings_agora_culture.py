"""Named cases for patent titles, tournaments and Agora's calendar (encodings/agora/titles.lp,
tournaments.lp, culture.lp): facts -> the stable models expected, on the judge's core with the
Agora files they stand on."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from .clintest import Case, Table, check, params
from .test_encodings_agora import ACTS, BASE, DAY, PLAYERS, events

CULTURE = (*ACTS, "agora/dependent.lp", "agora/winning.lp", "agora/justice.lp", "agora/findings.lp", "agora/ribbons.lp", "agora/culture.lp", "agora/titles.lp", "agora/tournaments.lp")
OFFICE_RULES = (*ACTS, "agora/dependent.lp", "agora/reports.lp", "agora/culture.lp", "agora/office_rules.lp")
ZOMBIE_FILES = ("agora/assets.lp", "agora/economy.lp", "agora/zombies.lp", "agora/auctions.lp", "agora/behalf.lp")
RULES = "".join(f"base_rule({r}). rule_id({r}, {r}). rule_power({r}, {p}).\n" for r, p in
                {649: 1500, 1006: 2000, 1367: 3000, 1727: 1000, 1769: 3000, 1789: 3000, 2029: 4000, 2231: 3000, 2327: 1000,
                 2415: 1500, 2449: 3000, 2464: 1000, 2480: 2100, 2486: 3140, 2495: 1000, 2566: 1000, 2581: 1000,
                 2582: 1000, 103: 2000, 2154: 2000, 2160: 3000, 2463: 1000, 2472: 2000, 2573: 2000, 2575: 3000, 2605: 2000,
                 2616: 1000, 2630: 2000, 2632: 1000, 2636: 1000, 2637: 2000, 2143: 1000, 2451: 2000, 2603: 1000,
                 2379: 1000, 104: 3000, 2557: 1700, 2531: 2000}.items())
EPOCH = datetime(2020, 1, 6, tzinfo=timezone.utc)  # a Monday: the judge's minutes count from it here


def minutes(*date: int) -> int:
    return int((datetime(*date, tzinfo=timezone.utc) - EPOCH).total_seconds() // 60)


YEARS = "".join(f"cal_year_start({y}, {minutes(y, 1, 1)}). " for y in range(2019, 2023)) + "\n"


def at(*date: int) -> str:
    """A statement's point at that instant, whose date is asked."""
    return f"query_time(t, {minutes(*date)}). calendar_asked(q(t)).\n"


def consented(action: str, method: str, performer: str = "alice") -> tuple:
    """An intent by the performer at 0, two supporters, performed four days later."""
    return ((0, performer, "intend"), (10, "bob", "support(1)"), (20, "carol", "support(1)"), (4 * DAY, performer, "perform(1)")), \
        f"intent_action(1, {action}). intent_method(1, {method}).\n"


# R1789's timely Writ (deadline 27 December, in the winter Holiday) missed; fined twice in January
HOLIDAY_MISS = (PLAYERS + YEARS + "office(registrar, alice). office(referee, carol).\n"
                + events((minutes(2020, 12, 20), "bob", "cantus_cygneus"), (minutes(2021, 1, 10), "carol", "levy_fine(alice, 2, 1789)"),
                         (minutes(2021, 1, 11), "carol", "levy_fine(alice, 2, 1789)"), now=minutes(2021, 1, 12)))


# five players, each owning two types of Ribbon (Festive while Festivity is 2 or less)
FIVE_FESTIVE = (PLAYERS + "registered_initially(dave). registered_initially(erin).\n"
                + "".join(f"ribbon_initially({p}, red). ribbon_initially({p}, blue). " for p in ("alice", "bob", "carol", "dave"))
                + "ribbon_initially(erin, red). ribbon_initially(erin, blue).\n")


CULTURE_TABLES: dict[str, Table] = {
    "agora/culture.lp": Table(CULTURE, [
        Case("R1769 the winter Holiday runs from 24 December to the first week beginning after 2 January",
             YEARS + at(2020, 12, 24, 0, 1) + "query_time(u, %d). calendar_asked(q(u)). query_time(v, %d). calendar_asked(q(v)).\n"
             % (minutes(2021, 1, 3, 23), minutes(2021, 1, 4, 1)),
             holds={"holiday_at(q(t))", "holiday_at(q(u))"}, never={"holiday_at(q(v))"}),
        Case("R1727 R1769 Agora's Birthday (30 June GMT+1200) and its week and the next are a Holiday",
             YEARS + at(2020, 6, 29, 12, 30) + "query_time(u, %d). calendar_asked(q(u)). query_time(v, %d). calendar_asked(q(v)).\n"
             % (minutes(2020, 7, 12, 23), minutes(2020, 7, 13, 1)),
             holds={"birthday_at(q(t))", "holiday_at(q(t))", "holiday_at(q(u))"}, never={"holiday_at(q(v))"}),
        Case("R2327 Read the Ruleset Week is the first week entirely in February",
             YEARS + at(2021, 2, 7, 20) + "query_time(u, %d). calendar_asked(q(u)).\n" % minutes(2020, 2, 12),
             holds={"rrw_at(q(t))"}, never={"rrw_at(q(u))"}),
        Case("R1789 the Registrar's Writ of FAGE deregisters the player who submitted a Cantus Cygneus",
             PLAYERS + "office(registrar, alice).\n" + events((0, "bob", "cantus_cygneus"), (10, "alice", "writ_of_fage(bob)"),
                                                             (20, "alice", "writ_of_fage(carol)")),
             holds={"effective(2)", "ineffective(3)"}, never={"player(bob, 2)"}),
        Case("R1789 the Registrar shall publish the Writ in a timely fashion",
             PLAYERS + "office(registrar, alice).\n" + events((0, "bob", "cantus_cygneus"), now=8 * DAY),
             holds={"violation(alice, 1789, cantus(1))"}),
        Case("R1789 the Registrar's later monthly reports note the player deregistered in a Writ of FAGE",
             PLAYERS + "office(registrar, alice). report_monthly(3). report_monthly(4). report_notes_fage(4, bob).\n"
             + events((0, "bob", "cantus_cygneus"), (10, "alice", "writ_of_fage(bob)"), (20, "alice", "publish_report(registrar)"),
                      (30, "alice", "publish_report(registrar)")),
             holds={"violation(alice, 1789, fage_notation(3, bob))", "omitted(3, fage_notation(bob))"},
             never={"violation(alice, 1789, fage_notation(4, bob))"}, files=("agora/reports.lp",)),
        Case("R1769 a fine for a deadline missed during a Holiday is INEFFECTIVE unless the judge finds it appropriate",
             HOLIDAY_MISS + "finding(f, punishment_appropriate, ev(3)). stated_finding(f).\n",
             holds={"ineffective(2)", "effective(3)", "holiday_deadline(alice, 1789, %d)" % (minutes(2020, 12, 20) + 7 * DAY)}),
        Case("R1769 a deadline missed outside a Holiday deserves punishment",
             PLAYERS + YEARS + "office(registrar, alice). office(referee, carol).\n"
             + events((minutes(2020, 11, 2), "bob", "cantus_cygneus"), (minutes(2020, 11, 20), "carol", "levy_fine(alice, 2, 1789)"), now=minutes(2020, 11, 21)),
             holds={"effective(2)"}, never={"holiday_deadline(alice, 1789, %d)" % (minutes(2020, 11, 2) + 7 * DAY)}),
        Case("R2480 any player CAN flip Festivity to 0 after 14 days at the same nonzero value",
             FIVE_FESTIVE + "switch_initially(festivity, agora, 2).\n"
             + events((DAY, "bob", "flip(festivity, agora, 0)"), (15 * DAY, "bob", "flip(festivity, agora, 0)")),
             holds={"ineffective(1)", "effective(2)", "switch_value(festivity, agora, 0, 2)"}),
        Case("R2480 any player CAN flip a nonzero Festivity to 0 when fewer than 5 players are Festive",
             FIVE_FESTIVE.replace("ribbon_initially(erin, red).", "") + "switch_initially(festivity, agora, 2).\n"
             + events((DAY, "bob", "flip(festivity, agora, 0)")),
             holds={"effective(1)", "festive_at(alice, ev(1))"}, never={"festive_at(erin, ev(1))"}),
        Case("R2480 Starting a Rank 2 Festival with 4 support from players owning 2 types of Ribbon; not again within 21 days",
             FIVE_FESTIVE + "intent_action(1, start_festival(2)). intent_method(1, with_support(4)).\n"
             + "intent_action(7, start_festival(2)). intent_method(7, with_support(4)).\n"
             + events((0, "alice", "intend"), (10, "bob", "support(1)"), (20, "carol", "support(1)"), (30, "dave", "support(1)"),
                      (40, "erin", "support(1)"), (4 * DAY, "alice", "perform(1)"), (5 * DAY, "bob", "intend"),
                      (5 * DAY + 10, "alice", "support(7)"), (5 * DAY + 20, "carol", "support(7)"), (5 * DAY + 30, "dave", "support(7)"),
                      (5 * DAY + 40, "erin", "support(7)"), (6 * DAY, "bob", "flip(festivity, agora, 0)"),
                      (10 * DAY, "bob", "perform(7)")),
             holds={"effective(6)", "switch_value(festivity, agora, 2, 6)", "ineffective(13)",
                    "applies(r2480_recent, bob, start_festival(2), ev(13))"}),
        Case("R2480 a supporter owning fewer than N types of Ribbon does not count towards a Rank N Festival",
             FIVE_FESTIVE.replace("ribbon_initially(erin, blue).", "") + "intent_action(1, start_festival(2)). "
             + "intent_method(1, with_support(4)).\n"
             + events((0, "alice", "intend"), (10, "bob", "support(1)"), (20, "carol", "support(1)"), (30, "dave", "support(1)"),
                      (40, "erin", "support(1)"), (4 * DAY, "alice", "perform(1)")),
             holds={"ineffective(6)", "switch_value(festivity, agora, 0, 6)"}),
        Case("R2481 during a Festival a non-Festive player is no Supporter of a dependent action; at Festivity 0 e is",
             FIVE_FESTIVE.replace("ribbon_initially(erin, blue).", "") + "base_rule(2481). rule_id(2481, 2481). rule_power(2481, 2100).\n"
             + "switch_initially(festivity, agora, 2). intent_action(1, start_festival(3)). intent_method(1, with_support(1)).\n"
             + "intent_action(4, start_festival(3)). intent_method(4, with_support(1)).\n"
             + events((0, "alice", "intend"), (10, "erin", "support(1)"), (4 * DAY, "alice", "perform(1)"),
                      (15 * DAY, "alice", "intend"), (15 * DAY + 10, "erin", "support(4)"), (16 * DAY, "bob", "flip(festivity, agora, 0)"),
                      (16 * DAY + 10, "alice", "perform(4)")),
             holds={"unfestive_at(erin, ev(3))", "supporters(1, 0, ev(3))", "unsatisfied(1, ev(3), r2124_support)",
                    "effective(6)", "supporters(4, 1, ev(7))"}, never={"unfestive_at(alice, ev(3))", "unfestive_at(erin, ev(7))"}),
        Case("R2486 R2029 the Royal Parade and the Town Fountain have no effect on the gamestate",
             "", holds={"ornamental_rule(2486)", "ornamental_rule(2029)"}),
    ], base=BASE + RULES),
    "agora/titles.lp": Table(CULTURE, [
        Case("R2581 the Referee awards Scamster with 2 Agoran consent",
             (lambda ev, facts: PLAYERS + "office(referee, alice).\n" + facts + events(*ev, (5 * DAY, "alice", "award_title(scamster, carol)")))(
                 *consented("award_title(scamster, bob)", "agoran_consent(20)")),
             holds={"effective(4)", "holds_title(bob, scamster, 4)", "ineffective(5)"}),
        Case("R2614 R2612 an Emergency Regulation awards a title no rule mentions; one R2449 mentions is void",
             PLAYERS + "provision(1, award_title(lord, bob)). provision(1, award_title(champion, bob)). "
             "void_provision(1, award_title(champion, bob)).\n" + events((10, "alice", "instrument")),
             holds={"emergency_scope(award_title(lord, bob))", "holds_title(bob, lord, 1)",
                    "title_blocked(1, award_title(champion, bob), 2612)"},
             never={"emergency_scope(award_title(champion, bob))", "holds_title(bob, champion, 1)"},
             files=("agora/instruments.lp",)),
        Case("R2231 R649 a proposal of power 3 awards a heroic title, one of power 2 cannot; power 1 revokes a title",
             PLAYERS + "title_initially(carol, scamster). instrument_power(1, 3000). provision(1, award_title(han, bob)). "
             "instrument_power(2, 2000). provision(2, award_title(ghan, bob)). instrument_power(3, 1000). "
             "provision(3, revoke_title(scamster, carol)). instrument_power(4, 500). provision(4, revoke_title(scamster, bob)).\n"
             + events((10, "alice", "instrument"), (20, "alice", "instrument"), (30, "alice", "instrument"),
                      (40, "alice", "instrument")),
             holds={"holds_title(bob, han, 1)", "holds_title(carol, scamster, 2)", "title_blocked(2, award_title(ghan, bob), 2231)",
                    "title_blocked(4, revoke_title(scamster, bob), 649)"},
             never={"holds_title(bob, ghan, 2)", "holds_title(carol, scamster, 3)"}, files=("agora/instruments.lp",)),
        Case("R649 the Herald's monthly report tracks the patent titles: one not held is misstated, one held omitted",
             PLAYERS + "office(herald, alice). title_initially(carol, scamster). report_states_titles(1). "
             "report_title(1, bob, champion).\n" + events((100, "alice", "publish_report(herald)")),
             holds={"misstated(1, title(bob, champion))", "omitted(1, title(carol, scamster))"},
             files=("agora/reports.lp",)),
        Case("R649 the Herald awards any title with 2 Agoran consent",
             (lambda ev, facts: PLAYERS + "office(herald, alice).\n" + facts + events(*ev))(
                 *consented("award_title(first_speaker, bob)", "agoran_consent(20)")),
             holds={"effective(4)", "holds_title(bob, first_speaker, 4)"}),
        Case("R2449 R649 the Herald awards Champion once by announcement, and SHALL in a timely fashion",
             PLAYERS + "office(herald, alice). win_trigger(bob, 1, t_win). clause(t_win, 2449). modality(t_win, can). "
             "clause_order(t_win, 9). applies(t_win, bob, win, ev(1)) :- need(bob, win, ev(1)).\n"
             + events((0, "carol", "fly"), (10, "alice", "award_title(champion, bob)"), (20, "alice", "award_title(champion, bob)"),
                      now=20 * DAY),
             holds={"won(bob, 1)", "effective(2)", "ineffective(3)"}, never={"violation(alice, 649, champion(bob, 1))"}),
        Case("R1367 a degree CAN be awarded with 2 Agoran consent by any player but the awardee",
             (lambda ev, facts: PLAYERS + facts + events(*ev))(
                 *consented("award_title(doctorate_of_nomic_law, alice)", "agoran_consent(20)")),
             holds={"ineffective(4)"}),
        Case("R2231 heroic titles CANNOT be awarded but by a proposal of power 3",
             PLAYERS + "office(herald, alice).\n" + events((0, "alice", "award_title(han, bob)")),
             holds={"ineffective(1)", "applies(r2231_heroic, alice, award_title(han, bob), ev(1))"}),
        Case("R2415 the Herald CAN award an existing badge without objection; a new one needs three awardees",
             PLAYERS + "office(herald, alice). title_initially(carol, party_badge). badge(party_badge). badge(new_badge). "
             "intent_action(1, award_title(party_badge, bob)). intent_method(1, without_objections(1)). "
             "badge_awardee(3, alice). badge_awardee(3, bob).\n"
             + events((0, "alice", "intend"), (4 * DAY, "alice", "perform(1)"), (5 * DAY, "bob", "award_badge(new_badge)")),
             holds={"effective(2)", "holds_title(bob, party_badge, 2)", "ineffective(3)"}),
        Case("R2582 an annual award's intent must be announced in April",
             YEARS + PLAYERS + "office(promotor, alice). title_base(silver_quill_2020, silver_quill).\n"
             + "intent_action(1, award_title(silver_quill_2020, bob)). intent_method(1, agoran_consent(20)).\n"
             + events((minutes(2020, 3, 28), "alice", "intend"), (minutes(2020, 3, 29), "bob", "support(1)"),
                      (minutes(2020, 3, 29, 1), "carol", "support(1)"), (minutes(2020, 4, 2), "alice", "perform(1)")),
             holds={"ineffective(4)", "month_of(ev(1), 3, 28)"}),
    ], base=BASE + RULES),
    "agora/tournaments.lp": Table(CULTURE, [
        Case("R2495 the Herald SHALL propose the Birthday Tournament's regulations in a timely fashion after June 1",
             PLAYERS + YEARS + "office(herald, alice). reports_from(%d).\n" % minutes(2020, 5, 1)
             + events((minutes(2020, 6, 3), "alice", "propose_birthday_regulations"), now=minutes(2020, 9, 1)),
             holds={"effective(1)", "fulfilled(birthday_regulations(2020))"},
             never={"violation(alice, 2495, birthday_regulations(2020))"}),
        Case("R2495 only the Herald or eir designee amends the running Birthday Tournament's regulations without 3 objections",
             PLAYERS + "office(herald, alice). birthday_tournament(bday).\n"
             + "intent_action(1, initiate_tournament(bday)). intent_method(1, without_objections(3)).\n"
             + "intent_action(3, amend_tournament(bday)). intent_method(3, without_objections(3)).\n"
             + "intent_action(4, amend_tournament(bday)). intent_method(4, without_objections(3)).\n"
             + events((0, "alice", "intend"), (5 * DAY, "alice", "perform(1)"), (6 * DAY, "alice", "intend"), (6 * DAY, "bob", "intend"),
                      (11 * DAY, "alice", "perform(3)"), (11 * DAY, "bob", "perform(4)")),
             holds={"effective(2)", "effective(5)", "ineffective(6)"}),
        Case("R2464 any player CAN repeal a tournament's regulation by announcement once it is concluded, not before",
             PLAYERS + YEARS + "office(herald, alice). birthday_tournament(bday). tournament_regulation(reg(rules), bday).\n"
             + "intent_action(1, initiate_tournament(bday)). intent_method(1, without_objections(3)).\n"
             + events((0, "alice", "intend"), (5 * DAY, "alice", "perform(1)"), (6 * DAY, "bob", "repeal_regulation(reg(rules))"),
                      (7 * DAY, "alice", "tournament_winner(bday, carol)"), (8 * DAY, "bob", "repeal_regulation(reg(rules))")),
             holds={"effective(2)", "ineffective(3)", "tournament_won(bday, carol, 4)", "effective(5)",
                    "applies(r2464_repeal, bob, repeal_regulation(reg(rules)), ev(5))"},
             never={"applies(r2464_repeal, bob, repeal_regulation(reg(rules)), ev(3))"}),
        Case("R2495 the Herald's delegate bears the duty to propose the regulations",
             (lambda ev, facts: PLAYERS + YEARS + "office(herald, alice). reports_from(%d).\n" % minutes(2020, 5, 1) + facts
              + events(*ev, now=minutes(2020, 9, 1)))(
                 ((minutes(2020, 5, 10), "bob", "consent(delegate_tournament(bob))"), (minutes(2020, 5, 11), "alice", "delegate_tournament(bob)")),
                 ""),
             holds={"effective(2)", "violation(bob, 2495, birthday_regulations(2020))"},
             never={"violation(alice, 2495, birthday_regulations(2020))"}),
        Case("R2495 a Herald who proposes no Birthday Tournament regulations violates R2495",
             PLAYERS + YEARS + "office(herald, alice). reports_from(%d).\n" % minutes(2020, 5, 1)
             + events((minutes(2020, 7, 3), "alice", "propose_birthday_regulations"), now=minutes(2020, 9, 1)),
             holds={"violation(alice, 2495, birthday_regulations(2020))"}),
        Case("R2566 a free tournament is initiated with 2 Agoran consent; its initiator is the Gamemaster",
             (lambda ev, facts: YEARS + PLAYERS + facts + events(*ev))(*consented("initiate_tournament(cup)", "agoran_consent(20)")),
             holds={"tournament(cup, alice, 4)", "running(cup, 4)"}),
        Case("R2464 a winner determined within 3 months wins the game",
             (lambda ev, facts: YEARS + PLAYERS + facts + events(*ev, (30 * DAY, "alice", "tournament_winner(cup, bob)")))(
                 *consented("initiate_tournament(cup)", "agoran_consent(20)")),
             holds={"won(bob, 5)", "concluded(cup, 5)"}),
        Case("R2464 after 3 months the tournament concludes with no winner",
             (lambda ev, facts: YEARS + PLAYERS + facts + events(*ev, (100 * DAY, "alice", "tournament_winner(cup, bob)")))(
                 *consented("initiate_tournament(cup)", "agoran_consent(20)")),
             never={"won(bob, 5)"}),
        Case("R2495 the Herald CAN delegate the Birthday Tournament to a consenting player",
             PLAYERS + "office(herald, alice). birthday_tournament(birthday_2020).\n"
             + events((0, "bob", "consent(delegate_tournament(bob))"), (10, "alice", "delegate_tournament(bob)"),
                      (20, "alice", "delegate_tournament(carol)")),
             holds={"effective(2)", "ineffective(3)", "delegate(bob, 2)"}),
    ], base=BASE + RULES),
    "agora/office_rules.lp": Table(OFFICE_RULES, [
        Case("R2637 each item of the Ministry Interest, for the office's holder when the decision is resolved, read back",
             PLAYERS + "decision_state(n_9, 1). holder(ministor, carol, 1). holder(ministor, bob, 2). "
             "switch_value(ministry_interest, ministor, l(economy, l(legacy, none)), 1). "
             "switch_value(ministry_interest, ministor, economy, 2).\n" + events((10, "alice", "flip"), (20, "alice", "flip")),
             holds={"interest_item_by_events(n_9, carol, ministor, 1, economy)",
                    "interest_item_by_events(n_9, carol, ministor, 2, legacy)"},
             never={"interest_item_by_events(n_9, bob, ministor, 1, economy)"}),
        Case("R2472 a player CANNOT be installed into an office incompatible with one e holds",
             PLAYERS + "office(prime_minister, alice). office(speaker, bob). won(alice, 0).\n"
             + events((10, "alice", "appoint(speaker, alice)")),
             holds={"ineffective(1)", "applies(r2472_install, alice, appoint(speaker, alice), ev(1))"}),
        Case("R2472 R2160 deputising as Prime Minister to appoint oneself Speaker would make one Overpowered (CFJ 3821)",
             PLAYERS + "office_asked(prime_minister). office_asked(speaker).\n" + events((10, "alice", "deputise(prime_minister, appoint(speaker, alice))")),
             holds={"ineffective(1)", "would_overpower(deputise(prime_minister, appoint(speaker, alice)), alice, ev(1))"}),
        Case("R2472 a zombie holding an office is Overpowered; a zombie CANNOT be installed into one",
             PLAYERS + "text_revision(2472, 4). office(registrar, bob). office(prime_minister, alice). won(carol, 0). "
             "holding_initially(talisman(bob), agora, 1). holding_initially(talisman(carol), agora, 1). overpowered_asked(bob, ev(1)).\n"
             + events((10, "alice", "appoint(speaker, carol)")),
             holds={"overpowered_at(bob, ev(1))", "ineffective(1)", "would_overpower(appoint(speaker, carol), carol, ev(1))"},
             files=ZOMBIE_FILES),
        Case("R2573 impeachment with 2 Agoran consent vacates the office and opens an election",
             (lambda ev, facts: PLAYERS + "office(registrar, carol).\n" + facts + events(*ev))(
                 *consented("impeach(registrar)", "agoran_consent(20)")),
             holds={"effective(4)", "switch_value(officeholder, registrar, vacant, 4)", "election(registrar, 4)"}),
        Case("R2463 a Motion of No Confidence with Agoran consent vacates the Prime Minister",
             (lambda ev, facts: PLAYERS + "office(prime_minister, carol).\n" + facts + events(*ev))(
                 *consented("no_confidence", "agoran_consent(10)")),
             holds={"effective(4)", "switch_value(officeholder, prime_minister, vacant, 4)"}),
        Case("R1006 the holder CAN resign with 3 support appointing a Supporter; anyone vacates without 2 objections",
             PLAYERS + "person(dave). entity(dave). registered_initially(dave). office(registrar, alice). "
             "intent_action(1, resign_appoint(registrar, bob)). intent_method(1, with_support(3)).\n"
             + events((0, "alice", "intend"), (10, "bob", "support(1)"), (20, "carol", "support(1)"), (30, "dave", "support(1)"),
                      (40, "alice", "perform(1)")),
             holds={"effective(5)", "switch_value(officeholder, registrar, bob, 5)"}),
        Case("R2154 a player CAN initiate an election for an interim office with 2 support, becoming a candidate",
             (lambda ev, facts: PLAYERS + facts + events(*ev))(*consented("initiate_election(registrar)", "with_support(2)")),
             holds={"effective(4)", "election(registrar, 4)", "candidate_from(4, registrar, alice, 4)"}),
        Case("R2575 the Distributor CANNOT deregister; eir holder changes only without objection",
             PLAYERS + "office(distributor, alice).\n" + events((0, "alice", "deregister"), (10, "bob", "appoint(distributor, bob)")),
             holds={"ineffective(1)", "ineffective(2)"}),
        Case("R2575 the Distributor's talisman is eirs, restored on taking office; a proposal installs the Distributor",
             PLAYERS + "office(distributor, alice). holding_initially(talisman(alice), agora, 1). instrument_power(2, 1000). "
             "provision(2, install(distributor, bob)). holding_initially(talisman(bob), carol, 1). "
             "value_asked(talisman(alice), alice, 1). value_asked(talisman(bob), bob, 2). value_asked(talisman(bob), carol, 2).\n"
             + events((10, "alice", "fly"), (20, "carol", "instrument")),
             holds={"holding_value(talisman(alice), alice, 1, 1)", "switch_value(officeholder, distributor, bob, 2)",
                    "holding_value(talisman(bob), bob, 2, 1)", "holding_value(talisman(bob), carol, 2, 0)"},
             files=(*ZOMBIE_FILES, "agora/instruments.lp")),
        Case("R2632 the ADoP flips an office's Complexity with 2 Agoran consent; its default is 1",
             (lambda ev, facts: PLAYERS + "office(adop, alice). office_asked(registrar).\n" + facts + events(*ev))(
                 *consented("flip(complexity, registrar, 3)", "agoran_consent(20)")),
             holds={"effective(4)", "switch_value(complexity, registrar, 1, 3)", "switch_value(complexity, registrar, 3, 4)"}),
        Case("R2637 R2605 the Ministor flips an office's Ministry Interest without objection",
             PLAYERS + "office(ministor, alice). office_asked(registrar). intent_action(1, flip(ministry_interest, registrar, economy)). "
             "intent_method(1, without_objections(1)).\n" + events((0, "alice", "intend"), (4 * DAY, "alice", "perform(1)")),
             holds={"effective(2)", "switch_value(ministry_interest, registrar, economy, 2)", "ministry(economy)"}),
        Case("R2630 an officer repeals eir regulations by announcement within 7 days of winning the election",
             PLAYERS + "office(adop, carol).\n" + events((0, "carol", "initiate_election(registrar)"), (10, "alice", "become_candidate(registrar)"),
                                                        (5 * DAY, "bob", "declare_winner(registrar, alice)"),
                                                        (6 * DAY, "alice", "repeal_regulations(registrar)"),
                                                        (20 * DAY, "alice", "repeal_regulations(registrar)")),
             holds={"effective(4)", "ineffective(5)"}),
        Case("R2636 R2616 the Ministor SHALL publish eir monthly report in a timely manner",
             YEARS + PLAYERS + "office(ministor, alice). office_asked(webmastor). reports_from(0).\n" + events(now=minutes(2020, 3, 20)),
             holds={"violation(alice, 2636, monthly_report(ministor, 2020, 2))", "office_defined(webmastor, 2616, elected)"}),
        Case("R2630 R649 any player CAN award a title the Herald's regulations authorize; the officer SHALL NOT break them",
             PLAYERS + "office(herald, alice). regulation_initially(herald). regulation_says(herald, authorize, award_title(tycoon, bob)). "
             "regulation_says(herald, forbid, award_title(scamster, carol)). intent_action(3, award_title(scamster, carol)). "
             "intent_method(3, agoran_consent(20)).\n"
             + events((0, "carol", "award_title(tycoon, bob)"), (10, "carol", "award_title(tycoon, carol)"), (20, "alice", "intend"),
                      (30, "bob", "support(3)"), (40, "carol", "support(3)"), (5 * DAY, "alice", "perform(3)"), now=6 * DAY),
             holds={"effective(1)", "ineffective(2)", "effective(6)", "applies(r2630_obey, alice, award_title(scamster, carol), ev(6))"},
             files=("agora/titles.lp",)),
        Case("R2143 R2616 a Webmastor's monthly report without its Error Log leaves eir monthly duty unfulfilled",
             YEARS + PLAYERS + "office(webmastor, alice). reports_from(0). report_states_part(1, directory). "
             "report_states_part(1, changelog). report_states_part(1, warning_log).\n"
             + events((minutes(2020, 2, 10), "alice", "publish_report(webmastor)"), now=minutes(2020, 3, 2)),
             holds={"omitted(1, log(error_log))", "violation(alice, 2143, monthly_duty(webmastor, 2020, 2))"},
             never={"applies(r2143_monthly, alice, monthly_report_contents(webmastor), month(2020, 1))"}),
        Case("R2139 R2637 the Registrar's monthly report of former players; the Ministor's of Ministry Interests (lists)",
             YEARS + PLAYERS + "office(registrar, alice). office(ministor, bob). office_asked(adop). report_monthly(3). "
             f"report_states_former(3). report_former(3, carol, deregistered, {minutes(2020, 2, 2)}). "
             "switch_initially(ministry_interest, adop, l(economy, l(legacy, none))). "
             "report_covers(4, ministry_interest). report_claim(4, ministry_interest, adop, l(economy, l(legacy, none))).\n"
             + events((minutes(2020, 2, 1), "bob", "fly"), (minutes(2020, 2, 2, 12), "carol", "deregister"),
                      (minutes(2020, 2, 10), "alice", "publish_report(registrar)"),
                      (minutes(2020, 2, 11), "bob", "publish_report(ministor)")),
             holds={"former_player(3, carol)", "switch_possible(ministry_interest, l(economy, l(legacy, none)))",
                    "monthly_publication(4, ministor)"},
             never={"misstated(3, former_player(carol))", "omitted(3, former_player(carol))", "report_incomplete(4)"}),
        Case("R2451 the Prime Minister's Cabinet Orders: once per week, not for a vacant office",
             YEARS + PLAYERS + "office(prime_minister, alice). office(referee, carol).\n"
             + events((0, "alice", "cabinet_order(dive, bob)"), (DAY, "alice", "cabinet_order(dive, carol)"),
                      (8 * DAY, "alice", "cabinet_order(certiorari, 7)")),
             holds={"effective(1)", "ineffective(2)", "ineffective(3)", "blot_delta(bob, 2, 1)"}),
        Case("R2603 a switch type without a tracking officer that is not untracked has a Tracker",
             "switch_type(ribbon_colour, 9999, person).\n", holds={"tracker_office(ribbon_colour)"},
             never={"tracker_office(judge)", "tracker_office(officeholder)"}),
        Case("R2379 a report covering a switch and listing none reports the list empty",
             PLAYERS + "office(adop, alice). report_covers(1, complexity).\n" + events((0, "alice", "publish_report(adop)")),
             holds={"empty_list_reported(1, complexity)"}),
        Case("R104 the First Speaker has no effect on the gamestate", "", holds={"ornamental_rule(104)"}),
    ], base=BASE + RULES),
}


@pytest.mark.parametrize("file, case", params(CULTURE_TABLES))
def test_agora_culture_case(file: str, case: Case):
    check(CULTURE_TABLES[file], case)
