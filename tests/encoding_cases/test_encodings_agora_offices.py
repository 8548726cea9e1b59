"""Named cases for the offices, switches and reports of encodings/agora (names.lp, switches.lp,
offices.lp, reports.lp): facts -> the stable models expected, on the judge's core with the Agora
files they stand on."""

from __future__ import annotations

import pytest

from .clintest import Case, Table, check, params
from .test_encodings_agora import ACTS, BASE, DAY, PLAYERS, events

OFFICES = ACTS  # the judge's acts and persons with names.lp, switches.lp and offices.lp
REPORTS = (*OFFICES, "agora/dependent.lp", "agora/reports.lp")
# the rules these files read, with their Powers in the SLR of 31 Dec 2020 (x 1000)
RULES = "".join(f"base_rule({r}). rule_id({r}, {r}). rule_power({r}, {p}).\n" for r, p in
                {103: 2000, 1006: 2000, 1551: 3100, 2154: 2000, 2160: 3000, 2201: 3000, 2202: 3000}.items())
WEEK = 7 * DAY


def election(*later: tuple[int, str, str], now: int | None = None) -> str:
    """alice (the ADoP) initiates an election for Registrar (vacant, so interim) at 100."""
    return PLAYERS + "office(adop, alice).\n" + events((100, "alice", "initiate_election(registrar)"), *later, now=now)


def report(claims: str, *later: tuple[int, str, str], now: int | None = None, office: str = "adop") -> str:
    """bob (the ADoP) holds the office; alice is Prime Minister; carol reports at 100 as the `office`."""
    return (PLAYERS + "office(adop, bob). office(prime_minister, alice).\n" + claims + "\n"
            + events((100, "carol", f"publish_report({office})"), *later, now=now))


def registrar_late(*later: tuple[int, str, str], now: int) -> str:
    """bob is the Registrar; the record of reports begins at the epoch (a Monday); nobody reports."""
    return PLAYERS + "office(registrar, bob). reports_from(0).\n" + events(*later, now=now)


OFFICE_TABLES: dict[str, Table] = {
    "agora/names.lp": Table(("agora/names.lp",), [
        Case("R1006 the Speaker and the Distributor are imposed offices, the others elected",
             "", holds={"office_defined(speaker, 103, imposed)", "office_defined(distributor, 2575, imposed)",
                        "office_defined(prime_minister, 2423, elected)"}),
        Case("R1006 Officeholder is an office switch tracked by the ADoP, vacant by default",
             "", holds={"switch_type(officeholder, 1006, office)", "switch_default(officeholder, vacant)",
                        "switch_tracked_by(officeholder, adop)"}),
        Case("R2162 Citizenship is a person switch tracked by the Registrar",
             "", holds={"switch_type(citizenship, 869, person)", "switch_tracked_by(citizenship, registrar)"}),
    ]),
    "agora/switches.lp": Table(OFFICES, [
        Case("R2162 an instance without a given value has its default",
             "office_asked(registrar).", holds={"switch_value(officeholder, registrar, vacant, -1)"}),
        Case("R2162 a flip sets the value, which then lasts",
             PLAYERS + "office_asked(registrar). flips(1, officeholder, registrar, bob).\n" + events((10, "alice", "fly"), (20, "alice", "fly")),
             holds={"switch_set(officeholder, registrar, 1)", "switch_value(officeholder, registrar, bob, 2)"}),
        Case("R2162 a flip to the value it already has does not flip the switch",
             PLAYERS + "office(registrar, bob). flips(1, officeholder, registrar, bob).\n" + events((10, "alice", "fly")),
             never={"switch_set(officeholder, registrar, 1)"}, holds={"switch_value(officeholder, registrar, bob, 1)"}),
        Case("R2162 a flip to two values at once would be indeterminate: the last determinate value stays",
             PLAYERS + "office(registrar, bob). flips(1, officeholder, registrar, alice). "
             "flips(1, officeholder, registrar, carol).\n" + events((10, "alice", "fly")),
             holds={"switch_value(officeholder, registrar, bob, 1)"}, never={"switch_set(officeholder, registrar, 1)"}),
        Case("R1006 an office the case does not speak of is no instance (it stays vacant)",
             PLAYERS + "office(registrar, bob).\n" + events((10, "alice", "fly")),
             holds={"switch_instance(officeholder, registrar)"}, never={"switch_instance(officeholder, herald)"}),
        Case("R2162 a flip to a value that is not possible does nothing",
             PLAYERS + "office_asked(registrar). flips(1, officeholder, registrar, nobody).\n" + events((10, "alice", "fly")),
             holds={"switch_value(officeholder, registrar, vacant, 1)"}),
    ], base=BASE + RULES),
    "agora/offices.lp": Table(OFFICES, [
        Case("R1006 R2423 the Prime Minister's holder lasts until e resigns, then the office is vacant",
             PLAYERS + "office(prime_minister, alice).\n" + events((10, "alice", "resign(prime_minister)")),
             holds={"effective(1)", "holder(prime_minister, alice, 0)", "switch_value(officeholder, prime_minister, vacant, 1)"}),
        Case("R1006 only the holder CAN resign an office",
             PLAYERS + "office(prime_minister, alice).\n" + events((10, "bob", "resign(prime_minister)")),
             holds={"ineffective(1)", "why_not(r1006_resign, bob, resign(prime_minister), ev(1), not_the_holder)"}),
        Case("R1006 a holder who ceases to be a player vacates the office",
             PLAYERS + "office(registrar, bob).\n" + events((10, "bob", "deregister")),
             holds={"switch_value(officeholder, registrar, vacant, 1)"}),
        Case("R1006 a holder who is not a player holds nothing",
             PLAYERS + "person(dave). entity(dave). office(registrar, dave).\n" + events((10, "alice", "fly")),
             holds={"switch_value(officeholder, registrar, vacant, -1)"}, never={"holder(registrar, dave, 0)"}),
        Case("R1006 a vacant elected office is interim; an initial holder is not unless the case says so",
             PLAYERS + "office(registrar, bob). interim_initially(registrar). office_asked(prime_minister).\n" + events((10, "alice", "fly")),
             holds={"interim_at(registrar, ev(1))", "interim_at(prime_minister, ev(1))"}),
        Case("R1006 a person CANNOT be made holder of an elected office without consent",
             PLAYERS + "office(prime_minister, alice).\n" + events((10, "alice", "appoint(registrar, bob)")),
             holds={"ineffective(1)"}, never={"holder(registrar, bob, 1)"}),
        Case("R103 the Prime Minister CAN appoint a Laureled player to a vacant Speakership",
             PLAYERS + "office(prime_minister, alice). won(bob, 1).\n" + events((10, "carol", "fly"), (20, "alice", "appoint(speaker, bob)")),
             holds={"effective(2)", "holder(speaker, bob, 2)"}),
        Case("R103 a player who is not Laureled cannot be appointed Speaker",
             PLAYERS + "office(prime_minister, alice).\n" + events((20, "alice", "appoint(speaker, bob)")),
             holds={"ineffective(1)"}),
        Case("R2154 R2138 the ADoP CAN initiate an election for an interim office; another CANNOT",
             election((200, "bob", "initiate_election(prime_minister)")),
             holds={"effective(1)", "election(registrar, 1)", "ineffective(2)"}),
        Case("R2154 a second election for the same office CANNOT be initiated while one is in progress",
             election((200, "alice", "initiate_election(registrar)")),
             holds={"ineffective(2)", "prevented_by(alice, initiate_election(registrar), ev(2), r2154_in_progress)"}),
        Case("R2154 any player CAN become a candidate; after 4 days the single candidate CAN be declared winner",
             election((200, "bob", "become_candidate(registrar)"), (100 + 5 * DAY, "carol", "declare_winner(registrar, bob)")),
             holds={"effective(2)", "effective(3)", "won_election(registrar, bob, 3)", "holder(registrar, bob, 3)",
                    "by_election(registrar, 3)"}),
        Case("R2154 the winner CANNOT be declared during the nomination period",
             election((200, "bob", "become_candidate(registrar)"), (100 + 2 * DAY, "carol", "declare_winner(registrar, bob)")),
             holds={"ineffective(3)"}),
        Case("R2154 the ADoP resolves a contested election's poll: the outcome wins",
             election((200, "bob", "become_candidate(registrar)"), (300, "carol", "become_candidate(registrar)"),
                      (100 + 5 * DAY, "alice", "resolve_election(registrar, carol)")),
             holds={"effective(4)", "holder(registrar, carol, 4)"}),
        Case("R2160 a vacant office's duty: a player CAN deputise and becomes its holder",
             PLAYERS + "office_duty(registrar, publish_report(registrar)).\n"
             + events((10, "alice", "deputise(registrar, publish_report(registrar))")),
             holds={"effective(1)", "deputised(1, alice, registrar, publish_report(registrar))", "holder(registrar, alice, 1)"}),
        Case("R2160 a temporary deputisation leaves the office as it was",
             PLAYERS + "office_duty(registrar, publish_report(registrar)). deputise_temporary(1).\n"
             + events((10, "alice", "deputise(registrar, publish_report(registrar))")),
             holds={"effective(1)", "switch_value(officeholder, registrar, vacant, 1)"}),
        Case("R2160 with a holder, deputising needs the time limit expired and an intent 2 to 14 days before",
             PLAYERS + "office(registrar, bob). office_duty(registrar, publish_report(registrar)). "
             "time_limit_expired(registrar, publish_report(registrar), 5).\n"
             + events((10, "alice", "deputise(registrar, publish_report(registrar))"),
                      (20, "alice", "intend_deputise(registrar, publish_report(registrar))"),
                      (20 + 3 * DAY, "alice", "deputise(registrar, publish_report(registrar))")),
             holds={"ineffective(1)", "effective(3)", "holder(registrar, alice, 3)"}),
    ], base=BASE + RULES),
    "agora/reports.lp": Table(REPORTS, [
        Case("R2143 R2139 R2138 R1607 R991 R1051 R2456 R2608 the offices with a weekly report",
             "", holds={"weekly_report(registrar)", "weekly_report(adop)", "weekly_report(promotor)",
                        "weekly_report(arbitor)", "weekly_report(rulekeepor)", "weekly_report(treasuror)",
                        "weekly_report(notary)"}),
        Case("R2143 a holder throughout a week who publishes no report violates R2143",
             registrar_late(now=8 * DAY), holds={"violation(bob, 2143, weekly_report(registrar, 0))"}),
        Case("R2143 a report published in the week fulfils the duty",
             registrar_late((2 * DAY, "bob", "publish_report(registrar)"), now=8 * DAY),
             never={"violation(bob, 2143, weekly_report(registrar, 0))"}, holds={"fulfilled(weekly_report(registrar, 0))"}),
        Case("R2160 R2143 an unpublished week's report is an expired time limit a deputy may act on after 14 days",
             registrar_late((WEEK + 15 * DAY, "alice", "deputise(registrar, publish_report(registrar))"), now=WEEK + 16 * DAY),
             holds={"effective(1)", "holder(registrar, alice, 1)"}),
        Case("R2162 a report's claims differing from the gamestate make it incorrect",
             report("report_claim(1, officeholder, prime_minister, bob). report_covers(1, officeholder)."),
             holds={"claim_wrong(1, officeholder, prime_minister, bob, alice)", "claim_wrong(1, officeholder, adop, vacant, bob)"},
             never={"report_correct(1)"}),
        Case("R2162 R2201 R1551 an undoubted self-ratifying report is ratified a week later: its values become the gamestate",
             report("report_claim(1, officeholder, prime_minister, bob). report_claim(1, officeholder, adop, bob). "
                    "report_covers(1, officeholder).", (100 + WEEK, "carol", "self_ratify(1)")),
             holds={"self_ratified(1, 2)", "holder(prime_minister, bob, 2)", "holder(adop, bob, 2)"}),
        Case("R2201 a doubt within the week stops the self-ratification",
             report("report_claim(1, officeholder, prime_minister, bob). report_covers(1, officeholder).",
                    (200, "alice", "doubt(1)"), (100 + WEEK, "carol", "self_ratify(1)")),
             never={"self_ratified(1, 3)"}, holds={"holder(prime_minister, alice, 3)"}),
        Case("R2201 a moment that is not one week after the report ratifies nothing",
             report("report_claim(1, officeholder, prime_minister, bob). report_covers(1, officeholder).",
                    (100 + WEEK - 1, "carol", "self_ratify(1)")),
             never={"self_ratified(1, 2)"}),
        Case("R1551 a value flipped after publication keeps its later value",
             report("report_claim(1, officeholder, prime_minister, bob). report_covers(1, officeholder).",
                    (200, "alice", "resign(prime_minister)"), (100 + WEEK, "carol", "self_ratify(1)")),
             holds={"self_ratified(1, 3)", "switch_value(officeholder, prime_minister, vacant, 3)"}),
        Case("R2201 the publisher of a required report SHALL answer a doubt in a timely fashion",
             report("", (200, "alice", "doubt(1)"), now=10 * DAY, office="adop").replace(
                 "actor(1, carol)", "actor(1, bob)"),
             holds={"violation(bob, 2201, doubt(2))"}),
        Case("R2202 R1551 a document ratified without objection changes the gamestate",
             report("report_claim(1, officeholder, prime_minister, bob). report_covers(1, officeholder). "
                    "intent_action(2, ratify(1)). intent_method(2, without_objections(1)).",
                    (200, "carol", "intend"), (200 + 5 * DAY, "carol", "perform(2)")),
             holds={"effective(3)", "ratified(1, 3)", "holder(prime_minister, bob, 3)"}),
        # the contents of the Treasuror's and the Registrar's reports (R2456, R2139, R2166)
        Case("R2456 R2166 R2143 a Treasuror's report omitting a class or a holding leaves the week's contents unpublished",
             PLAYERS + "office(treasuror, bob). reports_from(0). base_rule(2483). base_rule(2555). holding_initially(coin, alice, 3). "
             "holding_initially(coin, carol, 4). report_states_classes(1). report_lists_class(1, coin). "
             "report_states_holdings(1, coin). report_holding(1, coin, alice, 3).\n"
             + events((2 * DAY, "bob", "publish_report(treasuror)"), now=8 * DAY),
             files=("agora/assets.lp", "agora/economy.lp"),
             holds={"omitted(1, class(blot))", "omitted(1, holding(coin, carol))", "violation(bob, 2143, report_contents(treasuror, 0))",
                    "fulfilled(weekly_report(treasuror, 0))"},
             never={"omitted(1, holding(coin, alice))"}),
        Case("R2166 R1551 a recordkeepor's holdings self-ratify: an owner left out is said to own none",
             PLAYERS + "holding_initially(coin, alice, 3). holding_initially(coin, carol, 4). report_states_holdings(1, coin). "
             "report_holding(1, coin, alice, 5).\n"
             + events((100, "bob", "publish_report(treasuror)"), (100 + WEEK, "carol", "self_ratify(1)")),
             files=("agora/assets.lp", "agora/economy.lp"),
             holds={"self_ratified(1, 2)", "asset_change(coin, alice, 2, 2)", "asset_change(coin, carol, -4, 2)"}),
        Case("R2139 the Registrar's list of players and the day each most recently became one",
             PLAYERS + "office(registrar, bob). report_claim(2, citizenship, alice, registered). report_covers(2, citizenship). "
             "report_states_dates(2). report_became(2, alice, 0). report_became(2, dave, 0). person(dave). entity(dave).\n"
             + events((100, "dave", "register"), (2 * DAY, "bob", "publish_report(registrar)")),
             holds={"omitted(2, player(bob))", "omitted(2, registration_date(bob))", "report_incomplete(2)"},
             never={"misstated(2, registration_date(dave))", "misstated(2, registration_date(alice))"}),
        Case("R2608 the Notary's report: every contract with its parties, every pledge with its creator, every promise",
             PLAYERS + "office(notary, carol). party_initially(pact, alice). party_initially(pact, bob). "
             "report_states_contracts(3). report_contract(3, pact). report_contract_party(3, pact, alice). "
             "report_states_pledges(3). report_pledge(3, 1, alice, none). report_states_promises(3).\n"
             + events((100, "bob", "pledge(fly)"), (200, "alice", "grant_promise(\"a coin\", bob)"),
                      (2 * DAY, "carol", "publish_report(notary)")),
             files=("agora/contracts.lp", "agora/pledges.lp", "agora/promises.lp"),
             holds={"omitted(3, party(pact, bob))", "misstated(3, pledge(1))", "omitted(3, promise(\"a coin\"))",
                    "report_incomplete(3)"},
             never={"omitted(3, contract(pact))", "omitted(3, pledge(1))"}),
        Case("R2608 a pledge's title: the one provided, else the Notary selects one; provisions, a promise's creator and text",
             PLAYERS + "office(notary, carol). party_initially(pact, alice). provision_initially(pact, annex(fly)). "
             "pledge_title(1, \"oath\"). promise_text(3, \"[]\"). "
             "report_states_pledges(4). report_pledge(4, 1, bob, none). report_pledge_title(4, 1, \"vow\"). "
             "report_pledge(4, 2, bob, none). report_pledge_title(4, 2, \"quiet\"). "
             "report_states_contracts(4). report_contract(4, pact). report_contract_party(4, pact, alice). "
             "report_states_promises(4). report_promise(4, \"a coin\", alice). report_promise_creator(4, \"a coin\", alice). "
             "report_promise_text(4, \"a coin\", \"[]\"). pledge_title_asked(2).\n"
             + events((100, "bob", "pledge(fly)"), (150, "bob", "pledge(fly)"), (200, "bob", "grant_promise(\"a coin\", alice)"),
                      (2 * DAY, "carol", "publish_report(notary)")),
             files=("agora/contracts.lp", "agora/pledges.lp", "agora/promises.lp"),
             holds={"misstated(4, pledge_title(1))", "title_selected(2, \"quiet\", 4)",
                    "omitted(4, provisions(pact))", "misstated(4, promise_creator(\"a coin\"))"},
             never={"misstated(4, promise_text(\"a coin\"))", "pledge_title_at(2, \"quiet\", ev(3))"}),
        Case("R2608 a pledge's time window, time of creation and time of expiry in the Notary's report",
             PLAYERS + "office(notary, carol). report_states_pledges(2). report_pledge(2, 1, bob, none). "
             "report_pledge_title(2, 1, \"vow\"). report_pledge_window(2, 1, 30). report_pledge_created(2, 1, 0).\n"
             + events((100, "bob", "pledge(fly)"), (2 * DAY, "carol", "publish_report(notary)")),
             files=("agora/pledges.lp",),
             holds={"misstated(2, pledge_window(1))", "omitted(2, pledge_expiry(1))"},
             never={"misstated(2, pledge_created(1))", "omitted(2, pledge_created(1))"}),
    ], base=BASE + RULES),
}


@pytest.mark.parametrize("file, case", params(OFFICE_TABLES))
def test_agora_offices_case(file: str, case: Case):
    check(OFFICE_TABLES[file], case)
