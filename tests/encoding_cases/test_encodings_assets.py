"""Named cases for encodings/agora/assets.lp (R2166, R2576-R2579), economy.lp (the 2020
economy), zombies.lp (R2532, R2574, R2639), auctions.lp (R2545, R1885, R2629), focuses.lp (R2638, R2624) and
paydays.lp (R2634, R2635, R2559, R2499, R2585), solved on the judge's core with the Agora files they stand on."""

from __future__ import annotations

import pytest

from .clintest import Case, Table, check, params
from .test_encodings_agora import ACTS, BASE, PLAYERS, events

# the asset and economy rules, with their Powers in the SLR of 31 Dec 2020 (Power x 1000)
ECONOMY_POWERS = {2166: 3000, 2483: 2000, 2577: 3000, 2578: 3000, 2579: 3000, 2620: 1000, 2621: 1000, 2422: 3000, 2640: 2000,
                  2645: 2000, 2532: 2000, 2574: 3000, 2639: 3000, 2545: 2000, 1885: 2000, 2629: 1000,
                  2634: 1000, 2635: 1000, 2559: 2000, 2499: 1000, 2585: 1000}
RULES = "".join(f"base_rule({r}). rule_id({r}, {r}). rule_power({r}, {p}).\n" for r, p in ECONOMY_POWERS.items())
ASSETS = (*ACTS, "agora/assets.lp", "agora/economy.lp")
# zombies.lp reads auctions.lp's excess lots and behalf.lp's acts on behalf (no #defined for them:
# it would change the judge's order of atoms)
ZOMBIES = (*ASSETS, "agora/zombies.lp", "agora/auctions.lp", "agora/behalf.lp", "agora/dependent.lp")
AUCTIONS = ZOMBIES
# alice is the Registrar and the Treasuror; Agora owns the talismans of zed and zoe (no R2639 here:
# its resale value of 0 would stop every zombie auction)
AUCTION_BASE = ("office(registrar, alice). office(treasuror, alice). registered_initially(zed). registered_initially(zoe). "
                "holding_initially(talisman(zed), agora, 1). holding_initially(talisman(zoe), agora, 1). "
                "holding_initially(coin, carol, 5). auction_lot(z, 1, talisman(zed), 1). auction_lot(z, 2, talisman(zoe), 1).\n")
PAYDAYS = (*ZOMBIES, "agora/culture.lp", "agora/numbers.lp", "agora/paydays.lp")
# the calendar of 2020 in minutes from its first instant (a leap year); alice is the Treasuror
CALENDAR = (f"cal_year_start(2020, 0). cal_year_start(2021, {366 * 1440}). cal_year_start(2022, {731 * 1440}). "
            "office(treasuror, alice).\n")
FEB_1 = 31 * 1440
MAR_1 = 60 * 1440
# a rule of the case (Power 1) letting any owner move bob's talisman (as an auction's rule would)
MOVE_BOB = ("base_rule(9). rule_id(9, 9). rule_power(9, 1000). clause(c9, 9). clause_order(c9, 1). modality(c9, can). "
            "applies(c9, A, transfer(talisman(bob), 1, T), Pt) :- need(A, transfer(talisman(bob), 1, T), Pt), "
            "holds_at_least(talisman(bob), A, Pt, 1). at_least_asked(talisman(bob), A, Pt, 1) :- "
            "need(A, transfer(talisman(bob), 1, _), Pt).\n")
# bob (Focus Legacy) plans Economy in January, so it is Economy from 1 February; e buys strength on
# decision d in January (event 2) and in February (event 3); d is resolved in February (event_ballots.lp's read-back)
BOUGHT_ACROSS_A_FLIP = ("switch_initially(ministry_focus, bob, legacy). decision_known(d). decision_state(d, 3). "
                        f"decision_resolved_time(d, {FEB_1 + 1000}). bought_by_event(d, bob, 2, 1). bought_by_event(d, bob, 3, 1). "
                        + events((100, "bob", "plan_focus(economy)"), (200, "bob", "publish"), (FEB_1 + 100, "bob", "publish")))
HOLDINGS = "holding_initially(coin, bob, 10). entity(robot). tracked_rule(2483). tracked_rule(2555). tracked_rule(2620).\n"

ASSET_TABLES: dict[str, Table] = {
    "agora/assets.lp": Table(ASSETS, [
        Case("R2577 R2166 an owner transfers coins by announcement: EFFECTIVE, and the holdings move",
             events((100, "bob", "transfer(coin, 5, carol)")),
             holds={"effective(1)", "asset_change(coin, bob, -5, 1)", "asset_change(coin, carol, 5, 1)",
                    "asset_delta(coin, carol, 5, 1)", "enabled_by(bob, transfer(coin, 5, carol), ev(1), r2577_transfer)"}),
        Case("R2577 a transfer of more than the owner holds is INEFFECTIVE",
             events((100, "bob", "transfer(coin, 11, carol)")),
             holds={"ineffective(1)", "why_not(r2577_transfer, bob, transfer(coin, 11, carol), ev(1), not_enough_assets)"},
             never={"asset_change(coin, carol, 11, 1)"}),
        Case("R2578 holdings are numbers, asked as thresholds: carol passes on what she received",
             events((100, "bob", "transfer(coin, 5, carol)"), (200, "carol", "transfer(coin, 4, alice)"),
                    (300, "carol", "transfer(coin, 2, alice)")),
             holds={"effective(1)", "effective(2)", "ineffective(3)", "holds_at_least(coin, carol, ev(2), 4)",
                    "asset_change(coin, alice, 4, 2)"}, never={"holds_at_least(coin, carol, ev(3), 2)"}),
        Case("R2577 transferring no assets succeeds, without holding any",
             events((100, "carol", "transfer(coin, 0, bob)")), holds={"effective(1)"}),
        Case("R2577 R2555 a fixed asset (blots) CANNOT be transferred",
             "blots_initially(bob, 3). " + events((100, "bob", "transfer(blot, 1, carol)")),
             holds={"ineffective(1)", "prevented_by(bob, transfer(blot, 1, carol), ev(1), r2577_fixed)"}),
        Case("R2576 an asset CANNOT be transferred to an entity outside the class that may own it",
             events((100, "bob", "transfer(coin, 1, robot)")),
             holds={"ineffective(1)", "prevented_by(bob, transfer(coin, 1, robot), ev(1), r2576_restricted)"}),
        Case("R2576 the Lost and Found Department can own every asset",
             events((100, "bob", "transfer(coin, 1, lost_and_found)")), holds={"effective(1)"}),
        Case("R2577 an owner destroys coins; an indestructible blot CANNOT be destroyed",
             "blots_initially(bob, 3). " + events((100, "bob", "destroy(coin, 4)"), (200, "bob", "destroy(blot, 1)")),
             holds={"effective(1)", "asset_change(coin, bob, -4, 1)", "ineffective(2)",
                    "prevented_by(bob, destroy(blot, 1), ev(2), r2577_indestructible)"}),
        Case("R2579 a fee the rules associate with an action: destroyed, and the action performed",
             "base_rule(9). rule_id(9, 9). rule_power(9, 1000). tracked_rule(9). fee_for(juggle, coin, 2, 9). "
             "fee_eligible(A, juggle, Pt) :- need(A, pay_fee(_, _, juggle), Pt). " +
             events((100, "bob", "pay_fee(coin, 2, juggle)")),
             holds={"effective(1)", "fee_paid(1, bob, juggle)", "asset_change(coin, bob, -2, 1)"}),
        Case("R2579 a fee with a recipient the rules name: transferred to it, and the action performed",
             "base_rule(9). rule_id(9, 9). rule_power(9, 1000). tracked_rule(9). fee_to(juggle, coin, 2, 9, carol). "
             "fee_to(juggle, coin, 3, 9, robot). fee_eligible(A, juggle, Pt) :- need(A, pay_fee(_, _, juggle), Pt). " +
             events((100, "bob", "pay_fee(coin, 2, juggle)"), (200, "bob", "pay_fee(coin, 3, juggle)")),
             holds={"effective(1)", "fee_paid(1, bob, juggle)", "asset_change(coin, bob, -2, 1)", "asset_change(coin, carol, 2, 1)",
                    "ineffective(2)", "why_not(r2579_fee, bob, pay_fee(coin, 3, juggle), ev(2), cannot_transfer_to_the_recipient)"}),
        Case("R2579 a fee the rules do not associate with the action: INEFFECTIVE, nothing changes",
             "base_rule(9). rule_id(9, 9). rule_power(9, 1000). tracked_rule(9). fee_for(juggle, coin, 2, 9). "
             "fee_eligible(A, juggle, Pt) :- need(A, pay_fee(_, _, juggle), Pt). " +
             events((100, "bob", "pay_fee(coin, 1, juggle)")),
             holds={"ineffective(1)", "why_not(r2579_fee, bob, pay_fee(coin, 1, juggle), ev(1), no_such_fee)"},
             never={"asset_change(coin, bob, -1, 1)", "fee_paid(1, bob, juggle)"}),
    ], base=BASE + RULES + PLAYERS + HOLDINGS),
    "agora/economy.lp": Table(ASSETS, [
        Case("R2483 R2166 coins are the official currency; R2555 blots an indestructible fixed currency",
             "", holds={"asset_class(coin, 2483)", "official_currency(coin)", "currency(blot)", "fixed(blot)",
                        "indestructible(blot)", "owners_restricted(blot, persons)"}),
        Case("R2555 expunging a blot for a fee of one Blot-B-Gone",
             "holding_initially(blot_b_gone, bob, 1). blots_initially(carol, 2). " +
             events((100, "bob", "pay_fee(blot_b_gone, 1, expunge_blot(carol))")),
             holds={"effective(1)", "asset_change(blot_b_gone, bob, -1, 1)", "blot_delta(carol, -1, 1)"}),
        Case("R2555 without a Blot-B-Gone nothing is expunged",
             "blots_initially(carol, 2). " + events((100, "bob", "pay_fee(blot_b_gone, 1, expunge_blot(carol))")),
             holds={"ineffective(1)"}, never={"blot_delta(carol, -1, 1)"}),
        Case("R2620 a set of 2 Victory Cards earns 3 Victory Points",
             "holding_initially(victory_card, bob, 2). " + events((100, "bob", "pay_set(victory_card, 2)")),
             holds={"effective(1)", "asset_change(victory_card, bob, -2, 1)", "asset_change(victory_point, bob, 3, 1)"}),
        Case("R2620 a player CANNOT pay more than 4 Cards as one set",
             "holding_initially(victory_card, bob, 6). " + events((100, "bob", "pay_set(victory_card, 5)")),
             holds={"ineffective(1)"}),
        Case("R2621 20 more Victory Points than any other player: Take Over the Economy and win",
             "holding_initially(victory_point, bob, 25). holding_initially(victory_point, carol, 5). "
             "holding_initially(justice_card, carol, 2). " + events((100, "bob", "take_over_economy")),
             files=("agora/winning.lp", "agora/dependent.lp"),
             holds={"effective(1)", "won(bob, 1)", "asset_change(victory_point, bob, -25, 1)",
                    "asset_change(justice_card, carol, -2, 1)", "asset_change(voting_card, alice, 1, 1)"}),
        Case("R2578 a statement's threshold: at least 10 coins, not at least 11",
             "holding_query(coin, bob, q(x), 10). holding_query(coin, bob, q(x), 11). query_time(x, 50).",
             holds={"holds_at_least(coin, bob, q(x), 10)"}, never={"holds_at_least(coin, bob, q(x), 11)"}),
        Case("R2621 fewer than 20 more Victory Points: CANNOT Take Over the Economy",
             "holding_initially(victory_point, bob, 24). holding_initially(victory_point, carol, 5). " +
             events((100, "bob", "take_over_economy")), files=("agora/winning.lp", "agora/dependent.lp"),
             holds={"ineffective(1)", "why_not(r2621_take_over, bob, take_over_economy, ev(1), not_20_victory_points_ahead)"},
             never={"won(bob, 1)"}),
        Case("R2422 Buy Strength's fee of one Extra Vote",
             "holding_initially(extra_vote, bob, 1). " + events((100, "bob", "pay_fee(extra_vote, 1, buy_strength(d1))")),
             holds={"effective(1)", "fee_paid(1, bob, buy_strength(d1))", "asset_change(extra_vote, bob, -1, 1)"}),
        Case("R2640 R2645 a stone is indestructible and owned only by Agora and active players",
             "holding_initially(power_stone, bob, 1). tracked_rule(2645). " +
             events((100, "bob", "transfer(power_stone, 1, robot)"), (200, "bob", "destroy(power_stone, 1)"),
                    (300, "bob", "transfer(power_stone, 1, carol)")),
             holds={"ineffective(1)", "ineffective(2)", "effective(3)"}),
    ], base=BASE + RULES + PLAYERS + HOLDINGS),
    "agora/zombies.lp": Table(ZOMBIES, [
        Case("R2532 each player's talisman is eir own: e is active, eir own master",
             "zombie_query(bob, ev(1)). master_query(bob, bob, ev(1)). " + events((100, "carol", "transfer(coin, 0, bob)")),
             holds={"active_at(bob, ev(1))", "master_at(bob, bob, ev(1))", "holding_initially(talisman(bob), bob, 1)"},
             never={"zombie_at(bob, ev(1))"}),
        Case("R2532 a player whose talisman Agora owns is a zombie; e CAN transfer it to emself, notwithstanding",
             "holding_initially(talisman(bob), agora, 1). zombie_query(bob, ev(1)). zombie_query(bob, q(x)). query_time(x, 300). " +
             events((100, "carol", "transfer(coin, 0, bob)"), (200, "bob", "transfer_from(talisman(bob), 1, agora, bob)")),
             holds={"zombie_at(bob, ev(1))", "effective(2)", "active_at(bob, q(x))", "asset_change(talisman(bob), agora, -1, 2)"},
             never={"holding_initially(talisman(bob), bob, 1)"}),
        Case("R2532 talismans CAN only be transferred as the rules specify: not by their owner's announcement",
             events((100, "alice", "transfer(talisman(alice), 1, carol)")),
             holds={"ineffective(1)"}, never={"enabled_by(alice, transfer(talisman(alice), 1, carol), ev(1), r2577_transfer)"}),
        Case("R2574 resale value: 2 by default, less 1 for each transfer of the talisman to a player",
             "holding_initially(talisman(bob), alice, 1). resale_query(bob, ev(1)). resale_query(bob, q(x)). query_time(x, 300). " +
             MOVE_BOB +
             events((100, "carol", "transfer(coin, 0, bob)"), (200, "alice", "transfer(talisman(bob), 1, carol)")),
             holds={"resale_value(bob, 2, ev(1))", "resale_value(bob, 1, q(x))", "effective(2)"}),
        Case("R2639 while Agora owns a zombie's talisman its resale value is 0; R2574 then no other player gets it",
             "holding_initially(talisman(bob), agora, 1). resale_query(bob, ev(1)). " + MOVE_BOB +
             events((100, "agora", "transfer(talisman(bob), 1, carol)")),
             holds={"resale_value(bob, 0, ev(1))", "ineffective(1)", "prevented_by(agora, transfer(talisman(bob), 1, carol), ev(1), r2574_zero)"}),
        Case("R2532 R2466 the master of a zombie CAN act on behalf of em, except to deregister em; no one else",
             "base_rule(2466). rule_id(2466, 2466). rule_power(2466, 3000). holding_initially(talisman(bob), alice, 1). "
             "agent(1, alice). agent(2, alice). agent(3, carol). " +
             events((100, "bob", "transfer(coin, 2, carol)"), (200, "bob", "deregister"), (300, "bob", "transfer(coin, 2, carol)")),
             holds={"effective(1)", "asset_change(coin, bob, -2, 1)", "ineffective(2)", "ineffective(3)",
                    "why_not(r2466_behalf, alice, behalf(bob, deregister), ev(2), r2532_a_master_cannot_do_this_for_a_zombie)"}),
        Case("R2574 not by announcement: a talisman of one holding several, or a zombie of Agora, needs notice",
             "holding_initially(talisman(bob), alice, 1). holding_initially(talisman(carol), alice, 1). "
             "holding_initially(talisman(zed), agora, 1). registered_initially(zed). " +
             events((100, "carol", "transfer_from(talisman(bob), 1, alice, agora)"), (200, "bob", "deregister_zombie(zed)")),
             holds={"ineffective(1)", "others_talismans(alice, ev(1), 2)", "ineffective(2)", "resale_value(zed, 0, ev(2))"}),
        Case("R2532 a master who makes eir zombie perform an ILLEGAL action commits the Class 4+N Crime of Masterminding",
             "holding_initially(talisman(bob), alice, 1). crime_class(8, 2). base_rule(2466). rule_id(2466, 2466). rule_power(2466, 1700). base_rule(8). rule_id(8, 8). rule_power(8, 1000). "
             "clause(c8, 8). clause_order(c8, 1). modality(c8, must_not). "
             "applies(c8, A, transfer(coin, 1, carol), Pt) :- need(A, transfer(coin, 1, carol), Pt). agent(1, alice). " +
             events((100, "bob", "transfer(coin, 1, carol)")),
             holds={"effective(1)", "masterminded(alice, 1, 8)", "violation(alice, 2532, masterminding(1))", "crime_class(2532, 6)"}),
        Case("R2574 with notice: the talisman of a player silent for 60 days, or of a zombie for 90 days without Agora, to Agora",
             "last_announced(carol, -100000). zombie_since(bob, -200000). holding_initially(talisman(bob), alice, 1). "
             "agora_last_master(bob, -150000). intent_action(2, transfer_from(talisman(bob), 1, alice, agora)). "
             "intent_method(2, notice). " +
             events((100, "alice", "intend"), (200, "alice", "intend"), (6 * 1440, "alice", "perform(1)"),
                    (6 * 1440 + 100, "alice", "perform(2)"), (6 * 1440 + 200, "alice", "transfer_from(talisman(alice), 1, alice, agora)")) +
             "intent_action(1, transfer_from(talisman(carol), 1, carol, agora)). intent_method(1, notice). ",
             holds={"effective(3)", "asset_change(talisman(carol), agora, 1, 3)", "zombie_90_days(bob, ev(4))", "effective(4)",
                    "ineffective(5)"}),
        Case("R2574 the Registrar SHALL, within a week of first reporting it, perform each POSSIBLE action with notice",
             "office(registrar, carol). zombie_since(bob, -200000). holding_initially(talisman(bob), alice, 1). "
             "holding_initially(talisman(zed), agora, 1). registered_initially(zed). " +
             events((100, "carol", "publish_report(registrar)"), (200, "carol", "deregister_zombie(zed)"),
                    (300, "carol", "publish_report(registrar)"), now=20000),
             holds={"possible_at_report(transfer_from(talisman(bob), 1, alice, agora), 1)",
                    "possible_at_report(deregister_zombie(zed), 1)", "reported_before(deregister_zombie(zed), 3)",
                    "violation(carol, 2574, registrar_r2574(1, transfer_from(talisman(bob), 1, alice, agora)))",
                    "violation(carol, 2574, registrar_r2574(1, deregister_zombie(zed)))"},
             files=("agora/reports.lp",)),
        Case("R2574 Agora a master within the 90 days, or an announcement within 60, bars the transfer",
             "last_announced(carol, 1). zombie_since(bob, -200000). holding_initially(talisman(bob), alice, 1). "
             "agora_last_master(bob, -10000). intent_action(2, transfer_from(talisman(bob), 1, alice, agora)). "
             "intent_method(2, notice). " +
             events((100, "alice", "intend"), (200, "alice", "intend"), (6 * 1440, "alice", "perform(1)"),
                    (6 * 1440 + 100, "alice", "perform(2)")) +
             "intent_action(1, transfer_from(talisman(carol), 1, carol, agora)). intent_method(1, notice). ",
             holds={"ineffective(3)", "ineffective(4)", "agora_master_within_90(bob, ev(4))"}),
    ], base=BASE + RULES + PLAYERS + HOLDINGS + "entity(agora).\n"),
    "agora/auctions.lp": Table((*AUCTIONS, "agora/culture.lp"), [
        Case("R1885 R2545 the Registrar puts zombies' talismans up for auction; bids, the end, the winners; R2574 an excess lot",
             events((100, "alice", "start_auction(z, zombie)"), (200, "bob", "bid(z, 5)"), (300, "carol", "bid(z, 5)"),
                    (400, "bob", "bid(z, 11)"), (500, "alice", "end_auction(z)"), (600, "bob", "bid(z, 6)")),
             holds={"effective(1)", "effective(2)", "effective(3)", "ineffective(4)", "effective(5)", "ineffective(6)",
                    "lot_won(z, 1, bob, 5, 5)", "lot_won(z, 2, carol, 5, 5)",
                    "why_not(r2545_bid, bob, bid(z, 11), ev(4), not_enough_coins)"}),
        Case("R2545 a winner pays eir bid and receives eir lot; R2574 the zombie's resale value drops",
             "resale_query(zed, q(x)). query_time(x, 900). " +
             events((100, "alice", "start_auction(z, zombie)"), (200, "bob", "bid(z, 5)"), (500, "alice", "end_auction(z)"),
                    (600, "carol", "pay_auction(z)"), (700, "bob", "pay_auction(z)")),
             holds={"ineffective(4)", "effective(5)", "asset_change(coin, bob, -5, 5)", "asset_change(talisman(zed), bob, 1, 5)",
                    "excess_lot(z, 2, 3)", "resale_value(zed, 1, q(x))"}),
        Case("R1885 no one but the Registrar, and no talisman of an active player, goes up for auction",
             "auction_lot(y, 1, talisman(bob), 1). " +
             events((100, "bob", "start_auction(z, zombie)"), (200, "alice", "start_auction(y, zombie)")),
             holds={"ineffective(1)", "ineffective(2)"}),
        Case("R2629 the Treasuror's victory auction: one new Victory Card; not while another is ongoing",
             "auction_lot(v, 1, new(victory_card), 1). auction_lot(w, 1, new(victory_card), 1). auction_lot(u, 1, victory_card, 2). " +
             events((100, "alice", "start_auction(u, victory)"), (200, "alice", "start_auction(v, victory)"),
                    (300, "alice", "start_auction(w, victory)"), (400, "carol", "bid(v, 1)"), (500, "alice", "end_auction(v)"),
                    (600, "carol", "pay_auction(v)")),
             holds={"ineffective(1)", "effective(2)", "ineffective(3)", "effective(6)", "asset_created(victory_card, carol, 1, 6)"}),
        Case("R2629 R1885 the monthly duties: a victory auction each month; a zombie auction, or a true announcement that none is necessary",
             "reports_from(0). auction_lot(v, 1, new(victory_card), 1). " + CALENDAR.replace("office(treasuror, alice).", "") +
             events((100, "alice", "start_auction(v, victory)"), (200, "alice", "no_zombie_auction"),
                    (FEB_1 + 100, "alice", "start_auction(z, zombie)"), now=FEB_1 + 30 * 1440),
             holds={"effective(1)", "auction_in_month(v, victory, 2020, 1)", "fulfilled(victory_auction(2020, 1))", "violation(alice, 2629, victory_auction(2020, 2))",
                    "advice_unheeded(alice, 2629, victory_auctions(2020, 1))", "violation(alice, 1885, zombie_auction(2020, 1))",
                    "fulfilled(zombie_auction(2020, 2))", "zombie_for_auction(zed, ev(2))"},
             never={"none_necessary(2)"}),
        Case("R2545 a method of the Treasuror's regulations: ends 3 days after the last bid, bids may be withdrawn",
             "method_term(m, ends, quiet(3)). method_term(m, withdrawal, allowed). auction_uses_method(z, m). " +
             events((100, "alice", "start_auction(z, zombie)"), (200, "bob", "bid(z, 5)"), (300, "carol", "bid(z, 4)"),
                    (400, "alice", "end_auction(z)"), (500, "carol", "withdraw_bid(z)"), (300 + 3 * 1440, "alice", "auction_closes(z)"),
                    (600 + 3 * 1440, "carol", "bid(z, 1)")),
             holds={"ineffective(4)", "effective(5)", "auction_ended(z, 6)", "lot_won(z, 1, bob, 5, 6)", "excess_lot(z, 2, 6)",
                    "ineffective(7)"}, never={"lot_won(z, 2, carol, 4, 6)"}),
        Case("R2545 a method ending at a fixed time; withdrawal not allowed unless the method says so",
             "auction_own_term(z, ends, at(1000)). " +
             events((100, "alice", "start_auction(z, zombie)"), (200, "bob", "bid(z, 5)"), (300, "bob", "withdraw_bid(z)"),
                    (1000, "alice", "auction_closes(z)"), (1100, "carol", "bid(z, 5)")),
             holds={"ineffective(3)", "auction_ended(z, 4)", "lot_won(z, 1, bob, 5, 4)", "ineffective(5)"}),
        Case("R2545 sealed bids, one each, at the second price: the winner of lot 1 pays the bid ranked second",
             "auction_own_term(z, bids, sealed). auction_own_term(z, price, second). " +
             events((100, "alice", "start_auction(z, zombie)"), (200, "bob", "bid(z, 5)"), (300, "carol", "bid(z, 3)"),
                    (400, "bob", "bid(z, 6)"), (500, "alice", "end_auction(z)")),
             holds={"effective(2)", "effective(3)", "ineffective(4)", "lot_won(z, 1, bob, 3, 5)", "lot_won(z, 2, carol, 1, 5)"}),
        Case("R2545 a falling price: 8 coins less 2 a day; the first to accept wins the next lot; the last lot won ends it",
             "auction_own_term(z, bids, descending). auction_own_term(z, opening, 8). auction_own_term(z, decrement, 2). " +
             events((100, "alice", "start_auction(z, zombie)"), (200 + 1440, "bob", "bid(z, 8)"), (300 + 1440, "bob", "bid(z, 6)"),
                    (200 + 2 * 1440, "carol", "bid(z, 4)"), (300 + 2 * 1440, "carol", "bid(z, 4)")),
             holds={"ineffective(2)", "effective(3)", "effective(4)", "ineffective(5)", "lot_won(z, 1, bob, 6, 3)",
                    "lot_won(z, 2, carol, 4, 4)", "auction_ended(z, 4)"}),
        Case("R2545 a method outside the known terms, found fair: its stated winner wins at the end and pays; "
             "the Treasuror's regulations defining no method: advice unheeded",
             "outside_method(z, candle). method_winner(z, 1, carol, 2, intent). finding(f(1), fair_method, ev(1)). "
             "stated_finding(f(1)). no_auction_methods. " +
             events((100, "alice", "start_auction(z, zombie)"), (200, "carol", "bid(z, 3)"), (300, "alice", "end_auction(z)"),
                    (400, "carol", "pay_auction(z)"), now=500),
             holds={"lot_won(z, 1, carol, 2, 3)", "excess_lot(z, 2, 3)", "lot_paid(z, 1, carol, 2, 4)",
                    "advice_unheeded(alice, 2545, auction_methods(z))"}, files=("agora/findings.lp",)),
        Case("R2545 a method found not wholly public, fair, equitable and timely determines no winner",
             "outside_method(z, candle). method_winner(z, 1, carol, 2, intent). finding(f(1), fair_method, ev(1)). " +
             events((100, "alice", "start_auction(z, zombie)"), (300, "alice", "end_auction(z)"),
                    (400, "carol", "pay_auction(z)")),
             holds={"auction_ended(z, 2)", "ineffective(3)"}, never={"lot_won(z, 1, carol, 2, 2)", "excess_lot(z, 1, 2)"},
             files=("agora/findings.lp",)),
        Case("R2545 an unclear method, whether it has a clear intent left open: each reading's winner in some gamestate",
             "outside_method(z, candle). unclear_method(z). method_winner(z, 1, carol, 2, intent). "
             "method_winner(z, 1, bob, 1, other). "
             "finding(f(1), fair_method, ev(1)). stated_finding(f(1)). finding(f(2), clear_intent, ev(1)). open_finding(f(2)). " +
             events((100, "alice", "start_auction(z, zombie)"), (300, "alice", "end_auction(z)")),
             some={"lot_won(z, 1, carol, 2, 2)", "lot_won(z, 1, bob, 1, 2)"},
             models=[{"lot_won(z, 1, carol, 2, 2)", "finding_holds(f(1))", "finding_holds(f(2))"},
                     {"lot_won(z, 1, bob, 1, 2)", "finding_holds(f(1))"}],
             files=("agora/findings.lp",)),
    ], base=BASE + RULES.replace("base_rule(2639).", "") + PLAYERS + HOLDINGS + AUCTION_BASE + "entity(agora).\n"),
    "agora/focuses.lp": Table((*ZOMBIES, "agora/culture.lp", "agora/numbers.lp", "agora/paydays.lp", "agora/focuses.lp"), [
        Case("R2638 a plan counts from the next month's beginning, the latest plan of the month winning",
             "focus_query(bob, q(a)). query_time(a, 1000). focus_query(bob, q(b)). query_time(b, 50000). " +
             events((100, "bob", "plan_focus(economy)"), (200, "bob", "plan_focus(legacy)")),
             holds={"effective(1)", "effective(2)", "focus_at(bob, unfocused, q(a))", "focus_at(bob, legacy, q(b))"},
             never={"focus_at(bob, economy, q(b))"}),
        Case("R2638 a zombie CANNOT plan to flip eir Focus",
             "holding_initially(talisman(bob), agora, 1). " + events((100, "bob", "plan_focus(economy)")),
             holds={"ineffective(1)", "why_not(r2638_plan, bob, plan_focus(economy), ev(1), not_active)"}),
        Case("R2624 R2638 a Compliance-focused player grants a Justice Card, once a month",
             "switch_initially(ministry_focus, bob, compliance). " +
             events((100, "bob", "grant_focus(carol)"), (200, "bob", "grant_focus(alice)"), (50000, "bob", "grant_focus(alice)"),
                    (50100, "carol", "grant_focus(bob)")),
             holds={"effective(1)", "asset_created(justice_card, carol, 1, 1)", "ineffective(2)", "effective(3)",
                    "ineffective(4)", "why_not(r2624_grant, carol, grant_focus(bob), ev(4), focus_without_a_grant)"}),
        Case("R2624 the Ministor's Legacy grant: a Victory Card to the player drawn, a Victory Point to every other",
             "office(ministor, alice). switch_initially(ministry_focus, bob, legacy). switch_initially(ministry_focus, carol, legacy). " +
             events((100, "alice", "legacy_grant(bob)"), (200, "alice", "legacy_grant(carol)")),
             holds={"effective(1)", "asset_created(victory_card, bob, 1, 1)", "asset_created(victory_point, carol, 1, 1)",
                    "ineffective(2)"}, never={"asset_created(victory_point, bob, 1, 1)"}),
        Case("R2638 R2532 a player who is a zombie at the month's beginning is not flipped, nor the month after",
             "focus_query(bob, q(a)). query_time(a, 50000). focus_query(bob, q(b)). query_time(b, 90000). " + MOVE_BOB +
             events((100, "bob", "plan_focus(economy)"), (200, "bob", "transfer(talisman(bob), 1, agora)")),
             holds={"effective(1)", "effective(2)", "focus_at(bob, unfocused, q(a))", "focus_at(bob, unfocused, q(b))"},
             never={"focus_flipped(bob, 24242, economy)"}),
        Case("R2624 R2635 R2577 the Economy Grant: 50 boatloads of coins divided by the players focused on Economy, rounded up",
             "buoyancy_initially(1000). switch_initially(ministry_focus, bob, economy). "
             "switch_initially(ministry_focus, carol, economy). switch_initially(ministry_focus, alice, economy). "
             + events((100, "bob", "grant_focus(alice)")),
             holds={"effective(1)", "economy_focused(1, 3)", "economy_grant(1, 7)", "asset_created(coin, alice, 7, 1)"}),
        Case("R2624 the Ministor SHALL report the Economy Grant and make the Legacy grant in a timely manner each month",
             "office(ministor, alice). switch_initially(ministry_focus, bob, legacy). reports_from(0). " +
             events((100, "alice", "publish_report(ministor)"), (200, "alice", "legacy_grant(bob)"), now=FEB_1 + 10 * 1440),
             holds={"fulfilled(economy_report(2020, 1))", "fulfilled(legacy_duty(2020, 1))",
                    "violation(alice, 2624, economy_report(2020, 2))", "violation(alice, 2624, legacy_duty(2020, 2))"}),
        Case("R2638 R2162 the Ministor's monthly report lists each active player's Focus not Unfocused; it self-ratifies",
             "office(ministor, alice). switch_initially(ministry_focus, bob, legacy). switch_initially(ministry_focus, carol, economy). "
             "report_states_focuses(1). report_focus(1, bob, legacy). report_focus(1, alice, compliance). " +
             events((100, "alice", "publish_report(ministor)")),
             holds={"misstated(1, focus(alice))", "omitted(1, focus(carol))", "self_ratifying(1)", "relied_machinery(2638)"},
             never={"misstated(1, focus(bob))", "omitted(1, focus(bob))"}, files=("agora/reports.lp",)),
        Case("R2638 R2201 R1551 ratified, the Ministor's report sets the Focuses; a later month's flip still applies",
             "office(ministor, alice). switch_initially(ministry_focus, bob, legacy). report_states_focuses(1). "
             "report_focus(1, carol, economy). base_rule(2201). rule_id(2201, 2201). rule_power(2201, 3000). "
             "focus_query(bob, q(a)). query_time(a, 20000). focus_query(carol, q(a)). "
             "focus_query(carol, q(b)). query_time(b, 50000). " +
             events((100, "alice", "publish_report(ministor)"), (200, "carol", "plan_focus(legacy)"),
                    (100 + 7 * 1440, "bob", "self_ratify(1)")),
             holds={"self_ratified(1, 3)", "focus_at(bob, unfocused, q(a))", "focus_at(carol, economy, q(a))",
                    "focus_at(carol, legacy, q(b))"},
             never={"focus_at(bob, legacy, q(a))"}, files=("agora/reports.lp",)),
        Case("R2422 R2638 each purchase of strength read back with the Focus at the decision's resolution (the default)",
             BOUGHT_ACROSS_A_FLIP,
             holds={"focus_bought_by_events(d, bob, 1, economy)", "focus_bought_by_events(d, bob, 2, economy)",
                    "reading_relevant(r2422_focus_time)"}, never={"focus_bought_by_events(d, bob, 1, legacy)"}),
        Case("R2422 R2638 under option r2422_focus_at_purchase each purchase counts with the Focus when it was bought",
             BOUGHT_ACROSS_A_FLIP + "option(r2422_focus_at_purchase). ",
             holds={"focus_bought_by_events(d, bob, 1, legacy)", "focus_bought_by_events(d, bob, 2, economy)"},
             never={"focus_bought_by_events(d, bob, 1, economy)"}),
    ], base=BASE + RULES + PLAYERS + HOLDINGS + "entity(agora). base_rule(2638). rule_id(2638, 2638). rule_power(2638, 2000). "
       "base_rule(2624). rule_id(2624, 2624). rule_power(2624, 1000). cal_year_start(2020, 0). cal_year_start(2021, 527040). "
       "cal_year_start(2019, -525600).\n"),
    "agora/charities.lp": Table((*PAYDAYS, "agora/contracts.lp", "agora/charities.lp"), [
        Case("R2631 R2559 R2635 at a Payday half a Charity's coins are destroyed, then it earns its donation level in boatloads",
             "switch_initially(donation_level, c, 5). holding_initially(coin, c, 21). " + events((100, "bob", "publish"), now=FEB_1 + 10),
             holds={f"charity_payday(c, {FEB_1}, 5)", f"charity_coins(c, {FEB_1}, 21)", f"asset_timed(coin, c, -10, {FEB_1})",
                    f"asset_timed(coin, c, 5, {FEB_1})"}),
        Case("R2631 a contract of donation level 0 is no Charity: its coins stay",
             "holding_initially(coin, c, 21). " + events((100, "bob", "publish"), now=FEB_1 + 10),
             never={f"charity_payday(c, {FEB_1}, 0)", f"asset_timed(coin, c, -10, {FEB_1})"}),
        Case("R2631 each Payday halves what the last one left",
             "switch_initially(donation_level, c, 5). holding_initially(coin, c, 20). "
             + events((100, "bob", "publish"), now=MAR_1 + 10),
             holds={f"asset_timed(coin, c, -10, {FEB_1})", f"charity_coins(c, {MAR_1}, 15)", f"asset_timed(coin, c, -7, {MAR_1})"}),
    ], base=BASE + RULES + PLAYERS + HOLDINGS + CALENDAR + "entity(agora). entity(c). party_initially(c, alice). "
       "buoyancy_initially(2500). paydays_tracked. base_rule(2631). rule_id(2631, 2631). rule_power(2631, 1000). "
       "base_rule(2559). rule_id(2559, 2559). rule_power(2559, 2000).\n"),
    "agora/paydays.lp": Table(PAYDAYS, [
        Case("R2634 the Treasuror CAN set the Total Buoyancy by announcement; another player CANNOT",
             "buoyancy_initially(2500). " + events((100, "bob", "set_total_buoyancy(7)"), (200, "alice", "set_total_buoyancy(5000)")),
             holds={"ineffective(1)", "effective(2)", "total_buoyancy(2500, 1)", "total_buoyancy(5000, 2)"}),
        Case("R2559 R2635 R2532 a Payday: each active player earns 10 boatloads of coins, a zombie none",
             "buoyancy_initially(5000). paydays_tracked. holding_initially(talisman(carol), agora, 1). " +
             events((100, "bob", "transfer(coin, 0, carol)"), now=FEB_1 + 10),
             holds={f"payday({FEB_1})", f"payday_earned(bob, {FEB_1}, 20)", f"asset_timed(coin, bob, 20, {FEB_1})"},
             never={f"payday_earner(carol, {FEB_1})", "payday(0)"}),
        Case("R2577 R2635 R2509 boatloads are rounded up after all other calculations; no Total Buoyancy is 0",
             "buoyancy_initially(2600). boatloads_asked(10, 0). boatloads_asked(3, 0). " +
             events((100, "bob", "transfer(coin, 0, carol)")),
             holds={"boatloads(10, 0, 11)", "boatloads(3, 0, 4)"}),
        Case("R2509 without a Total Buoyancy given, its default 0: a boatload is no coin",
             "paydays_tracked. boatloads_asked(10, 0). " + events((100, "bob", "transfer(coin, 0, carol)")),
             holds={"total_buoyancy(0, -1)", "boatloads(10, 0, 0)"}),
        Case("R2499 any player CAN cause a player to receive a Welcome Package once since e registered: coins and cards",
             "buoyancy_initially(2500). " + events((100, "alice", "welcome_package(bob)"), (200, "carol", "welcome_package(bob)")),
             holds={"effective(1)", "ineffective(2)", "asset_created(coin, bob, 10, 1)", "asset_created(victory_card, bob, 1, 1)",
                    "why_not(r2499_cause, carol, welcome_package(bob), ev(2), received_since_registering)"}),
        Case("R2532 any player CAN cause a former zombie whose resale value fell below 2 to receive a Welcome Package, once",
             "buoyancy_initially(2500). holding_initially(talisman(carol), agora, 1). welcome_package_initially(carol, -100000). " +
             events((50, "bob", "welcome_package(carol)"), (100, "carol", "transfer_from(talisman(carol), 1, agora, carol)"),
                    (200, "alice", "welcome_package(carol)"), (300, "bob", "welcome_package(carol)")),
             holds={"ineffective(1)", "effective(2)", "effective(3)", "ineffective(4)", "asset_created(coin, carol, 10, 3)"}),
        Case("R2499 a Welcome Package received in the past 30 days gives nothing more",
             "buoyancy_initially(2500). person(dave). entity(dave). welcome_package_initially(dave, 0). " +
             events((100, "dave", "register"), (200, "alice", "welcome_package(dave)")),
             holds={"effective(2)", "welcome_received(dave, 2)"}, never={"asset_created(coin, dave, 10, 2)"}),
        Case("R2585 on bob's Agoran Birthday alice CAN, once, grant em 3 boatloads of coins; later that week 2",
             f"buoyancy_initially(2500). first_registered(bob, 2019, 2, 1). " +
             events((FEB_1 + 60, "alice", "birthday_gift(bob)"), (FEB_1 + 120, "alice", "birthday_gift(bob)"),
                    (FEB_1 + 2 * 1440, "carol", "birthday_gift(bob)"), (FEB_1 + 9 * 1440, "carol", "birthday_gift(bob)")),
             holds={"effective(1)", "ineffective(2)", "effective(3)", "ineffective(4)", "asset_created(coin, bob, 3, 1)",
                    "asset_created(coin, bob, 2, 3)"}),
        Case("R2585/2 (2019): each other player CAN grant 3 coins every time, on the Birthday itself only",
             "text_revision(2585, 2). first_registered(bob, 2019, 2, 1). " +
             events((FEB_1 + 60, "alice", "birthday_gift(bob)"), (FEB_1 + 120, "alice", "birthday_gift(bob)"),
                    (FEB_1 + 2 * 1440, "carol", "birthday_gift(bob)")),
             holds={"effective(1)", "effective(2)", "ineffective(3)", "asset_created(coin, bob, 3, 2)"}),
        Case("R2585 the day of the first registration is an anniversary, unless the reading says later years only",
             f"first_registered(bob, 2020, 2, 1). birthday_query(bob, q(x)). query_time(x, {FEB_1 + 60}). option(r2585_later_years). " +
             events((100, "alice", "transfer(coin, 0, bob)")),
             never={"player_birthday_at(bob, q(x))"}, holds={"reading_relevant(r2585_anniversary)"}),
    ], base=BASE + RULES + PLAYERS + HOLDINGS + CALENDAR + "entity(agora).\n"),
}


@pytest.mark.parametrize("file, case", params(ASSET_TABLES))
def test_asset_encodings(file, case):
    check(ASSET_TABLES[file], case)
