"""Named cases for encodings/agora/ribbons.lp (R2438, R2602), solved on the judge's core with the
Agora files they stand on (offices for the Tailor and the Speaker, winning for the Banner)."""

from __future__ import annotations

import pytest

from .clintest import Case, Table, check, params
from .test_encodings_agora import BASE, DAY, PLAYERS, WINNING, events

# the rules these files read, with their Powers in the SLR of 31 Dec 2020 (Power x 1000)
POWERS = {2438: 3000, 2602: 1000, 1006: 2000, 2166: 3000, 2577: 3000, 2578: 3000, 2640: 2000, 2641: 2000, 2642: 2000,
          2643: 2000, 2644: 2000, 2645: 2000, 2532: 2000, 2545: 2000}
RULES = "".join(f"base_rule({r}). rule_id({r}, {r}). rule_power({r}, {p}).\n" for r, p in POWERS.items())
RIBBONS = (*WINNING, "agora/culture.lp", "agora/ribbons.lp")
STONES = (*WINNING, "agora/culture.lp", "agora/economy.lp", "agora/zombies.lp", "agora/stones.lp", "agora/numbers.lp",
          "agora/paydays.lp", "agora/focuses.lp", "agora/auctions.lp", "agora/behalf.lp")
YEARS = "cal_year_start(2020, 0). cal_year_start(2021, 366 * 1440). "
ALL_TYPES = ("red", "orange", "green", "emerald", "cyan", "blue", "magenta", "ultraviolet", "violet", "indigo",
             "platinum", "lime", "white", "black", "gray", "transparent")

RIBBON_TABLES: dict[str, Table] = {
    "agora/ribbons.lp": Table(RIBBONS, [
        Case("R2438 a person who earned a Ribbon within 7 days qualifies; any player CAN award it; then e owns it",
             "ribbon_query(bob, cyan, ev(2)). ribbon_query(bob, cyan, q(x)). query_time(x, 300). " +
             events((100, "bob", "earn_ribbon(cyan)"), (200, "alice", "award_ribbon(cyan, bob)")),
             holds={"qualifies(bob, cyan, ev(2))", "effective(2)", "ribbon_owned(bob, cyan, q(x))"},
             never={"ribbon_owned(bob, cyan, ev(2))"}),
        Case("R2438 an earning more than 7 days old no longer qualifies em: the award is INEFFECTIVE",
             events((100, "bob", "earn_ribbon(cyan)"), (100 + 8 * DAY, "alice", "award_ribbon(cyan, bob)")),
             holds={"ineffective(2)"}, never={"qualifies(bob, cyan, ev(2))"}),
        Case("R2438 a person who owns the Ribbon gets Glitter instead, once per earning",
             "ribbon_initially(bob, cyan). " +
             events((100, "bob", "earn_ribbon(cyan)"), (200, "alice", "award_ribbon(cyan, bob)"),
                    (300, "alice", "award_glitter(cyan, bob)"), (400, "carol", "award_glitter(cyan, bob)")),
             holds={"ineffective(2)", "effective(3)", "ineffective(4)", "glitter_awarded(bob, cyan, 3)"}),
        Case("R2438 the Speaker qualifies for Platinum; a never-owned White qualifies every player",
             "office(speaker, alice). ribbon_owned_before(carol, white). qualify_query(alice, platinum, ev(1)). "
             "qualify_query(bob, platinum, ev(1)). qualify_query(bob, white, ev(1)). qualify_query(carol, white, ev(1)). " +
             events((100, "carol", "earn_ribbon(red)")),
             holds={"qualifies(alice, platinum, ev(1))", "qualifies(bob, white, ev(1))"},
             never={"qualifies(bob, platinum, ev(1))", "qualifies(carol, white, ev(1))"}),
        Case("R2438 five other types earned within the week qualify em for a Transparent Ribbon",
             "ribbon_owned_before(alice, white). qualify_query(alice, transparent, ev(6)). qualify_query(alice, transparent, q(x)). "
             "query_time(x, 400). " +
             events((100, "alice", "earn_ribbon(red)"), (110, "alice", "earn_ribbon(cyan)"), (120, "alice", "earn_ribbon(blue)"),
                    (130, "alice", "earn_ribbon(black)"), (140, "bob", "earn_ribbon(red)"), (150, "alice", "earn_ribbon(lime)")),
             holds={"qualifies(alice, transparent, q(x))", "ribbon_awarded(alice, black, 4)"},
             never={"qualifies(alice, transparent, ev(6))"}),
        Case("R2438 a person owning every type CAN Raise a Banner: e wins and owns none after",
             " ".join(f"ribbon_initially(bob, {t})." for t in ALL_TYPES) + " ribbon_query(bob, red, q(x)). query_time(x, 300). " +
             events((100, "alice", "raise_banner"), (200, "bob", "raise_banner")),
             holds={"ineffective(1)", "won(bob, 2)", "banner_win(bob, 2)"}, never={"ribbon_owned(bob, red, q(x))"}),
        Case("R2438 the Tailor CAN award a Gray Ribbon once a month",
             "office(tailor, carol). cal_year_start(2020, 0). cal_year_start(2021, 366 * 1440). " +
             events((100, "carol", "award_ribbon(gray, bob)"), (200, "carol", "award_ribbon(gray, alice)"),
                    (300, "bob", "award_ribbon(gray, alice)"), (40 * DAY, "carol", "award_ribbon(gray, alice)")),
             holds={"effective(1)", "ineffective(2)", "ineffective(3)", "effective(4)"}),
        Case("R2438 Green: an elected office held 30 days without a missed duty; R2602's grant missed restarts them",
             "office(tailor, bob). ribbon_initially(alice, cyan). qualify_query(bob, green, q(x)). qualify_query(bob, green, q(y)). "
             f"qualify_query(carol, green, q(y)). query_time(x, {35 * DAY}). query_time(y, {39 * DAY}). " +
             events((0, "alice", "earn_ribbon(cyan)"), (DAY, "carol", "award_glitter(cyan, alice)")),
             holds={"effective(2)", "qualifies(bob, green, q(y))"},
             never={"qualifies(bob, green, q(x))", "qualifies(carol, green, q(y))"}),
        Case("R2438 Green for an office held when the case begins: from its first event, or earlier (a reading)",
             f"office(tailor, bob). option(r2438_before_case_earlier). qualify_query(bob, green, q(z)). query_time(z, {5 * DAY}). " +
             events((0, "alice", "earn_ribbon(cyan)")),
             holds={"qualifies(bob, green, q(z))", "reading_relevant(r2438_before_case)"}),
        Case("R2438 Lime Glitter: once after e came to qualify (the third coauthored adoption in 7 days)",
             "ribbon_initially(carol, lime). referendum_coauthor(1, carol). referendum_coauthor(2, carol). "
             "referendum_coauthor(3, carol). referendum_coauthor(4, carol). referendum_author(1, bob). referendum_author(2, bob). "
             "referendum_author(3, bob). referendum_author(4, bob). "
             "referendum_ballots(1, 5, 1). referendum_ballots(2, 5, 1). referendum_ballots(3, 5, 1). referendum_ballots(4, 5, 1).\n" +
             events((100, "alice", "resolve_referendum(1, adopted)"), (200, "alice", "resolve_referendum(2, adopted)"),
                    (300, "alice", "resolve_referendum(3, adopted)"), (400, "bob", "award_glitter(lime, carol)"),
                    (500, "alice", "resolve_referendum(4, adopted)"), (600, "bob", "award_glitter(lime, carol)")),
             holds={"effective(4)", "ineffective(6)", "came_by(carol, lime, 3)"}, never={"came_by(carol, lime, 5)"}),
        Case("R2438 R1688 R2162 Ribbon Ownership, a secured switch: an instrument below Power 3 flips nothing; a statute earns Black",
             "instrument_power(1, 2000). provision(1, award_ribbon(red, bob)). instrument_power(2, 3000). "
             "provision(2, award_ribbon(cyan, bob)). provision(2, revoke_ribbon(red, alice)). ribbon_initially(alice, red). "
             "instrument_power(3, 1000). provision(3, earn_ribbon(black, carol)). ribbon_query(bob, red, q(x)). "
             "ribbon_query(bob, cyan, q(x)). ribbon_query(alice, red, q(x)). ribbon_query(carol, black, q(x)). query_time(x, 400). " +
             events((100, "alice", "instrument"), (200, "alice", "instrument"), (300, "alice", "instrument")),
             holds={"ribbon_owned(bob, cyan, q(x))", "ribbon_owned(carol, black, q(x))",
                    "blocked_provision(1, award_ribbon(red, bob), r1688)"},
             never={"ribbon_owned(bob, red, q(x))", "ribbon_owned(alice, red, q(x))"}, files=("agora/instruments.lp",)),
        Case("R2438 Transparent Glitter: once after e came to qualify (the fifth other type within 7 days)",
             "ribbon_initially(alice, transparent). ribbon_owned_before(alice, white). " +
             events((100, "alice", "earn_ribbon(red)"), (110, "alice", "earn_ribbon(cyan)"), (120, "alice", "earn_ribbon(blue)"),
                    (130, "alice", "earn_ribbon(orange)"), (140, "alice", "earn_ribbon(violet)"),
                    (150, "bob", "award_glitter(transparent, alice)"), (160, "bob", "award_glitter(transparent, alice)")),
             holds={"came_by(alice, transparent, 5)", "effective(6)", "ineffective(7)"},
             never={"came_by(alice, transparent, 4)"}),
        Case("R2438/9 owning the Ribbon within 7 days keeps one from qualifying; no Glitter clause yet",
             "text_revision(2438, 9). ribbon_initially(bob, cyan). qualify_query(bob, cyan, ev(3)). qualify_query(alice, cyan, ev(3)). " +
             events((100, "bob", "earn_ribbon(cyan)"), (150, "alice", "earn_ribbon(cyan)"), (200, "bob", "award_glitter(cyan, bob)")),
             holds={"ineffective(3)", "qualifies(alice, cyan, ev(3))"}, never={"qualifies(bob, cyan, ev(3))"}),
        Case("R2438/13 only the person emself CAN award em Glitter; R2602/3's grant names no method (R2125)",
             "text_revision(2438, 13). text_revision(2602, 3). office(tailor, carol). ribbon_initially(bob, cyan). " +
             events((100, "bob", "earn_ribbon(cyan)"), (200, "alice", "award_glitter(cyan, bob)"),
                    (300, "bob", "award_glitter(cyan, bob)"), (400, "carol", "grant_glitter(3)")),
             holds={"ineffective(2)", "effective(3)", "ineffective(4)",
                    "method_missing(carol, grant_glitter(3), ev(4), r2602_grant)"}),
        Case("R2602 Glitter of no specified type is INEFFECTIVE",
             "ribbon_initially(bob, cyan). " +
             events((100, "bob", "earn_ribbon(cyan)"), (200, "alice", "award_glitter(unspecified, bob)")),
             holds={"ineffective(2)", "prevented_by(alice, award_glitter(unspecified, bob), ev(2), r2602_unspecified)"}),
        Case("R2602 the Tailor CAN once, and SHALL, grant N+1 boatloads, N the players without the Ribbon",
             "office(tailor, carol). ribbon_initially(bob, cyan). " +
             events((100, "bob", "earn_ribbon(cyan)"), (200, "alice", "award_glitter(cyan, bob)"),
                    (300, "carol", "grant_glitter(2)"), (400, "carol", "grant_glitter(2)")),
             holds={"glitter_payable(2, bob, 3)", "effective(3)", "ineffective(4)",
                    "obligation_trigger(glitter(2), carol, grant_glitter(2), ev(2), 200 + 7 * 1440, r2602_timely)"}),
        Case("R2438 Red (a Power-3 rule changed), Orange (no AGAINST) and Lime (three coauthored adoptions in 7 days)",
             "referendum_author(1, bob). referendum_author(2, bob). referendum_author(3, alice). referendum_power(1, 3000). "
             "referendum_ballots(1, 5, 1). referendum_ballots(2, 4, 0). referendum_ballots(3, 4, 2). "
             "referendum_coauthor(1, carol). referendum_coauthor(2, carol). referendum_coauthor(3, carol). "
             "qualify_query(carol, lime, q(t)). query_time(t, 400). qualify_query(carol, lime, q(u)). "
             "query_time(u, 8 * 1440 + 150).\n"
             + events((100, "alice", "resolve_referendum(1, adopted)"), (200, "alice", "resolve_referendum(2, adopted)"),
                      (300, "alice", "resolve_referendum(3, adopted)")),
             holds={"earned_ribbon(bob, red, 1)", "earned_ribbon(bob, orange, 2)", "qualifies(carol, lime, q(t))"},
             never={"earned_ribbon(bob, orange, 1)", "earned_ribbon(alice, red, 3)", "earned_ribbon(alice, orange, 3)",
                    "qualifies(carol, lime, q(u))"}),
        Case("R2602 R2635 the Tailor's grant is N+1 boatloads of coins (one coin each at a Total Buoyancy of 2500)",
             "office(tailor, carol). ribbon_initially(bob, cyan). buoyancy_initially(2500). " +
             events((100, "bob", "earn_ribbon(cyan)"), (200, "alice", "award_glitter(cyan, bob)"),
                    (300, "carol", "grant_glitter(2)")),
             holds={"effective(3)", "asset_created(coin, bob, 3, 3)"}, files=("agora/numbers.lp", "agora/paydays.lp")),
        Case("R2602 R2143 the Tailor's weekly report: the amount payable for each type of Glitter",
             "office(tailor, carol). ribbon_initially(bob, cyan). report_states_glitter(1). report_glitter(1, cyan, 3). "
             "report_glitter(1, red, 3).\n" + events((100, "carol", "publish_report(tailor)")),
             holds={"glitter_amount(1, cyan, 3)", "glitter_amount(1, red, 4)", "misstated(1, glitter_amount(red))",
                    "omitted(1, glitter_amount(blue))", "weekly_report(tailor)"},
             never={"misstated(1, glitter_amount(cyan))"}, files=("agora/reports.lp",)),
    ], base=BASE + RULES + PLAYERS),
    "agora/stones.lp": Table(STONES, [
        Case("R2640 a stone the case gives nobody is Agora's; R2645 the Power Stone's owner CAN wield it once a week",
             "holding_initially(power_stone, bob, 1). " + YEARS +
             events((100, "bob", "wield(power_stone, player_decision(alice, d1))"),
                    (200, "bob", "wield(power_stone, player_decision(alice, d1))"),
                    (8 * DAY, "bob", "wield(power_stone, player_decision(alice, d1))"),
                    (9 * DAY, "alice", "wield(soul_stone, stone(power_stone))")),
             holds={"holding_initially(soul_stone, agora, 1)", "effective(1)", "ineffective(2)", "effective(3)",
                    "ineffective(4)", "stone_effect(1, buys_strength(alice, d1, 3))"},
             never={"holding_initially(power_stone, agora, 1)"}),
        Case("R2641 a wielding that does not specify the values its scroll needs is INEFFECTIVE",
             "holding_initially(wealth_stone, bob, 1). " + YEARS + events((100, "bob", "wield(wealth_stone, none)")),
             holds={"ineffective(1)"}),
        Case("R2645 the Soul Stone swaps with a non-immune stone; the Protection Stone grants immunity",
             "holding_initially(soul_stone, bob, 1). holding_initially(wealth_stone, alice, 1). "
             "holding_initially(protection_stone, carol, 1). " + YEARS +
             events((100, "bob", "wield(soul_stone, stone(wealth_stone))"),
                    (200, "carol", "wield(protection_stone, stone(wealth_stone))"),
                    (8 * DAY, "alice", "wield(soul_stone, stone(wealth_stone))"),
                    (8 * DAY + 1, "alice", "wield(soul_stone, stone(protection_stone))")),
             holds={"effective(1)", "asset_change(wealth_stone, bob, 1, 1)", "asset_change(soul_stone, alice, 1, 1)",
                    "effective(2)", "immunity_granted(wealth_stone, 2)", "ineffective(3)", "effective(4)"}),
        Case("R2643 immune stones do not escape; the others go to Agora; one notice a month, by the Stonemason",
             "office(stonemason, carol). holding_initially(power_stone, bob, 1). holding_initially(wealth_stone, alice, 1). "
             "holding_initially(protection_stone, alice, 1). escape_listed(2, power_stone). escape_listed(2, wealth_stone). "
             "escape_listed(2, soul_stone). " + YEARS +
             events((100, "alice", "wield(protection_stone, stone(wealth_stone))"), (200, "carol", "collection_notice"),
                    (300, "carol", "collection_notice"), (400, "bob", "collection_notice")),
             holds={"escaped(power_stone, 2)", "asset_change(power_stone, agora, 1, 2)", "effective(2)", "ineffective(3)",
                    "ineffective(4)"},
             never={"escaped(wealth_stone, 2)", "escaped(soul_stone, 2)"}),
        Case("R2642 the Stonemason CAN auction Agora's stones, and SHALL auction a third of them after a collection notice",
             "office(stonemason, carol). holding_initially(power_stone, bob, 1). auction_lot(a, 1, soul_stone, 1). "
             "auction_lot(b, 1, power_stone, 1). auction_lot(c, 1, wealth_stone, 1). auction_lot(c, 2, sabotage_stone, 1). "
             "auction_lot(d, 1, soul_stone, 1). " + YEARS +
             events((100, "carol", "collection_notice"), (200, "carol", "start_auction(a, stone)"),
                    (300, "carol", "start_auction(b, stone)"), (400, "carol", "start_auction(c, stone)"),
                    (500, "carol", "start_auction(d, stone)"), now=100 + 8 * DAY),
             holds={"effective(2)", "ineffective(3)", "effective(4)", "ineffective(5)", "enough_lots(4, 1)",
                    "fulfilled(stone_auction_after(1))"},
             never={"enough_lots(2, 1)"}),
        Case("R2642 R2545 a stone auction: bids in coins, the Stonemason ends it, the winner pays and receives the stone",
             "office(stonemason, carol). holding_initially(coin, bob, 5). holding_initially(coin, alice, 3). "
             "auction_lot(a, 1, soul_stone, 1). " +
             events((100, "carol", "start_auction(a, stone)"), (200, "alice", "bid(a, 3)"), (300, "bob", "bid(a, 4)"),
                    (400, "carol", "end_auction(a)"), (500, "bob", "pay_auction(a)"), (600, "carol", "start_auction(a, stone)")),
             holds={"effective(1)", "lot_won(a, 1, bob, 4, 4)", "effective(5)", "asset_change(soul_stone, bob, 1, 5)",
                    "asset_change(coin, bob, -4, 5)", "ineffective(6)"}),
        Case("R2644 a correct announcement of 5 stones: e Wields the Gauntlet, wins, and Agora gets every stone",
             "holding_initially(power_stone, bob, 1). holding_initially(soul_stone, bob, 1). holding_initially(wealth_stone, bob, 1). "
             "holding_initially(sabotage_stone, bob, 1). holding_initially(protection_stone, bob, 1). " +
             events((100, "carol", "gauntlet(alice)"), (200, "carol", "gauntlet(bob)")),
             holds={"gauntlet_wielded(bob, 2)", "won(bob, 2)", "asset_change(power_stone, agora, 1, 2)"},
             never={"gauntlet_wielded(alice, 1)"}),
        Case("R2640 a stone CANNOT go to a zombie; one sent to the Lost and Found Department goes to Agora",
             "holding_initially(power_stone, bob, 1). holding_initially(talisman(carol), agora, 1). entity(agora). " +
             events((100, "bob", "transfer(power_stone, 1, carol)"), (200, "bob", "transfer(power_stone, 1, lost_and_found)")),
             holds={"ineffective(1)", "effective(2)", "asset_change(power_stone, agora, 1, 2)"}),
        Case("R2645 the Wealth Stone creates 5 boatloads of coins; the Concentration Stone the Grant of the Focus",
             "holding_initially(wealth_stone, bob, 1). holding_initially(concentration_stone, bob, 1). buoyancy_initially(2600). "
             "switch_initially(ministry_focus, alice, compliance). switch_initially(ministry_focus, carol, economy). "
             "switch_initially(ministry_focus, bob, economy). " + YEARS +
             events((100, "bob", "wield(wealth_stone, player(alice))"), (200, "bob", "wield(concentration_stone, player(alice))"),
                    (300, "bob", "wield(concentration_stone, player(carol))"),
                    (40 * DAY, "bob", "wield(concentration_stone, player(carol))")),
             holds={"asset_created(coin, alice, 6, 1)", "asset_created(justice_card, alice, 1, 2)", "ineffective(3)",
                    "asset_created(coin, carol, 26, 4)"}),
        Case("R2640 a stone whose owner deregisters is in abeyance: it goes to Agora at once",
             "holding_initially(power_stone, bob, 1). " + events((100, "bob", "deregister")),
             holds={"stone_in_abeyance(power_stone, bob, 1)", "asset_change(power_stone, agora, 1, 1)"}),
        Case("R2640 a new stone's definition needs a unique name, an escape risk from 0% to 100% and a valid frequency",
             "stone_definition(mind_stone, 30, weekly). stone_definition(time_stone, 130, none). "
             "stone_definition(power_stone, 10, daily). stone_definition(space_stone, 20, hourly). "
             "holding_initially(mind_stone, bob, 1). " + YEARS +
             events((100, "bob", "wield(mind_stone, none)"), (200, "bob", "wield(mind_stone, none)")),
             holds={"new_stone(mind_stone)", "invalid_stone_definition(time_stone)", "invalid_stone_definition(power_stone)",
                    "invalid_stone_definition(space_stone)", "stone_scroll(mind_stone, weekly, 30)"},
             never={"new_stone(time_stone)", "stone(space_stone)"}),
    ], base=BASE + RULES + PLAYERS + "stones_in_case.\n"),
}


@pytest.mark.parametrize("file, case", params(RIBBON_TABLES))
def test_ribbon_and_stone_encodings(file, case):
    check(RIBBON_TABLES[file], case)
