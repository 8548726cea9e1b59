"""Named cases for every file of encodings/blognomic (ruleset of 6 Sept 2019, the naval dynasty):
facts as adjudicator/blognomic builds them (times in seconds) -> the expected stable models,
projected on the predicates each case is about."""

from __future__ import annotations

import pytest

from .clintest import Case, Table, check, params

HOUR = 3600
DAY = 24 * HOUR
CAPTAINS = "".join(f"captain({c}). " for c in "abcde") + "\n"  # five Captains: Quorum 3
CONFLICTS = ("blognomic/conflicts.lp", "blognomic/precedence.lp")  # Prioritisation, as every command grounds it
MATTERS = ("blognomic/votes.lp", "blognomic/resolution.lp", "blognomic/dynasty.lp", "blognomic/roster.lp", *CONFLICTS)
WATCH = ("blognomic/chart.lp", "blognomic/orders.lp", *CONFLICTS)
UPDATE = (*WATCH, "blognomic/update.lp")

# The judge's core with BlogNomic's Prioritisation: clause c1 (rule 10) CAN and c2 (rule 20)
# CANNOT (or as `modalities` says) speak to alice flying at event 1.
BN_JUDGE = ("core/time.lp", "core/ruleset.lp", "core/deontic.lp", "blognomic/precedence.lp")


def parts(section1: str, section2: str, m1: str = "can", m2: str = "cannot") -> str:
    return (f"precedence_policy(blognomic). base_rule(10). rule_power(10, 1000). base_rule(20). rule_power(20, 1000). "
            f"section(10, {section1}). section(20, {section2}). "
            f"clause(c1, 10). modality(c1, {m1}). applies(c1, A, fly, Pt) :- need(A, fly, Pt). "
            f"clause(c2, 20). modality(c2, {m2}). applies(c2, A, fly, Pt) :- need(A, fly, Pt). "
            "event_count(1). event(1). event_time(1, 100). attempt(1, alice, fly).\n")


def proposal(m: str, author: str, at: int, kind: str = "proposal", seq: int | None = None) -> str:
    return f"matter({m}, {kind}). author({m}, {author}). posted({m}, {at}). seq({m}, {seq or at}). day({m}, {at // DAY}).\n"


def icons(m: str, *votes: tuple[str, int, str]) -> str:
    """(Captain, time, icon): each Captain's icons numbered in order."""
    out, count = [], {}
    for captain, t, icon in votes:
        count[captain] = count.get(captain, 0) + 1
        out.append(f"icon({m}, {captain}, {t}, {count[captain]}, {icon}).")
    return " ".join(out) + "\n"


def at(t: int) -> str:
    return f"instant({t}).\n"


# Five Captains (not Dormant); a (red) with Battleship v1, b (blue) with Submarine s1.
def fleet(v1: int = 45, f1: str = "n", s1: int = 48, fs: str = "w", armour_v1: int = 6, armour_s1: int = 3) -> str:
    return ("captain(a). captain(b). captain(c). captain(d). captain(e). side(a, red). side(b, blue). "
            f"vessel(v1). vtype(v1, battleship). vnumber(v1, 1). controller(v1, a). at(v1, {v1}). facing(v1, {f1}). "
            f"armour(v1, {armour_v1}). "
            f"vessel(s1). vtype(s1, submarine). vnumber(s1, 2). controller(s1, b). at(s1, {s1}). facing(s1, {fs}). "
            f"armour(s1, {armour_s1}).\n")


FIVE = "captain(a). captain(b). captain(c). captain(d). captain(e). "  # not Dormant


def move(o: int, captain: str, vessel: str, *steps: str) -> str:
    return (f"order({o}, {captain}, move). order_vessel({o}, {vessel}). steps({o}, {len(steps)}). " +
            "".join(f"step({o}, {i}, {s}). " for i, s in enumerate(steps, 1)) + "\n")


def shoot(o: int, captain: str, vessel: str, *squares: int, kind: str = "shoot") -> str:
    return (f"order({o}, {captain}, {kind}). order_vessel({o}, {vessel}). " +
            "".join(f"target({o}, {k}, {s}). " for k, s in enumerate(squares, 1)) + "\n")


BLOGNOMIC_TABLES: dict[str, Table] = {
    "blognomic/precedence.lp": Table(BN_JUDGE, [
        Case("Prioritisation 1 the Appendix has precedence over any Rule",
             parts("appendix", "core"), holds={"decided(c1, c2, bn_1, ev(1))", "effective(1)"}),
        Case("Prioritisation 2 a Dynastic Rule has precedence over a Core Rule",
             parts("core", "dynastic"), models=[{"decided(c2, c1, bn_2, ev(1))"}], never={"effective(1)"}),
        Case("Prioritisation 2 unless the Core Rule says it can't be overruled by a Dynastic Rule",
             parts("core", "dynastic") + "protected_from_dynastic(10).", models=[{"decided(c1, c2, bn_2, ev(1))"}]),
        Case("Prioritisation 3 between two Core Rules the part with more limited scope applies",
             parts("core", "core") + "narrower(c1, c2).", models=[{"decided(c1, c2, bn_3, ev(1))"}]),
        Case("Prioritisation 4 the same scope: the negative rule applies",
             parts("dynastic", "dynastic"), models=[{"decided(c2, c1, bn_4, ev(1))"}]),
        Case("Prioritisation 5 an unprotected Special Case Rule ranks as a Dynastic one",
             parts("special_case", "core"), models=[{"decided(c1, c2, bn_2, ev(1))"}]),
        Case("Prioritisation 5 a protected Special Case Rule is not overruled by a Dynastic Rule",
             parts("special_case", "dynastic") + "protected_from_dynastic(10).",
             models=[{"decided(c1, c2, bn_5, ev(1))"}]),
        Case("no item decides (MUST against NEED NOT): each gamestate picks a side",
             parts("core", "core", "must", "need_not"),
             models=[{"prevails_by_choice(c1, c2, ev(1))"}, {"prevails_by_choice(c2, c1, ev(1))"}]),
    ]),
    "blognomic/votes.lp": Table(MATTERS, [
        Case("Quorum: half the Captains rounded down, plus one; Idle Captains are not counted",
             CAPTAINS + "idle(e). " + at(100), holds={"captains_at(4, 100)", "quorum_at(3, 100)"}),
        Case("Votes: the author who used no voting icon votes FOR",
             CAPTAINS + proposal("p", "a", 0) + at(100),
             holds={"vote(p, a, for, 100)", "vote_via(p, a, implicit, 100)", "tally(p, for, 100, 1)"}),
        Case("Votes: a Captain's Vote is the last valid icon used",
             CAPTAINS + proposal("p", "a", 0) + icons("p", ("b", 10, "for"), ("b", 20, "against")) + at(100),
             holds={"vote(p, b, against, 100)"}, never={"vote(p, b, for, 100)"}),
        Case("Votes: a vote is read from the comments made up to the instant",
             CAPTAINS + proposal("p", "a", 0) + icons("p", ("b", 10, "for"), ("b", 200, "against")) + at(100),
             holds={"vote(p, b, for, 100)"}),
        Case("Votes: Popular with Quorum voting FOR",
             CAPTAINS + proposal("p", "a", 0) + icons("p", ("b", 10, "for"), ("c", 10, "for")) + at(100),
             holds={"tally(p, for, 100, 3)", "popular(p, 100, quorum_for)"}),
        Case("Votes: Unpopular once Quorum is out of reach",
             CAPTAINS + proposal("p", "a", 0) + icons("p", ("c", 10, "against"), ("d", 10, "against"),
                                                      ("e", 10, "against")) + at(100),
             holds={"unpopular(p, 100, quorum_out_of_reach)"}, never={"is_popular(p, 100)"}),
        Case("Votes: Popular after 48 hours with more FOR than AGAINST",
             CAPTAINS + proposal("p", "a", 0) + icons("p", ("b", 10, "for"), ("c", 10, "against")) + at(2 * DAY),
             holds={"popular(p, 172800, majority_after_48h)"}, never={"popular(p, 172800, quorum_for)"}),
        Case("Enacting and Failing: no comments on a resolved matter",
             CAPTAINS + proposal("p", "a", 0) + "resolved(p, enacted, 50). " +
             icons("p", ("b", 60, "against")) + at(100),
             never={"vote(p, b, against, 100)"}, holds={"closed(p, 100)"}),
        Case("Votes: DEFERENTIAL is the Admiral's Vote",
             CAPTAINS + "admiral(e). " + proposal("p", "a", 0) + icons("p", ("e", 10, "against"), ("b", 20, "deferential")) +
             at(100),
             holds={"vote(p, b, against, 100)", "vote_via(p, b, deferential, 100)"}),
        Case("Votes: DEFERENTIAL without an Admiral's Vote is no valid icon",
             CAPTAINS + "admiral(e). " + proposal("p", "a", 0) + icons("p", ("b", 20, "deferential")) + at(100),
             holds={"ignored_icon(p, b, 1, deferential, 100)"}, never={"vote(p, b, for, 100)", "vote(p, b, against, 100)"}),
        Case("Imperial Deferentials: the Admiral's DEFERENTIAL is FOR when more Captains voted FOR",
             CAPTAINS + "admiral(e). reading(imperial_deferentials, direct). " + proposal("p", "a", 0) +
             icons("p", ("b", 10, "for"), ("c", 10, "against"), ("e", 20, "deferential")) + at(100),
             holds={"imperial(p, for, 100)", "vote(p, e, for, 100)", "vote_via(p, e, imperial, 100)"}),
        Case("Votes: someone who is no Captain never has a Vote",
             CAPTAINS + proposal("p", "a", 0) + icons("p", ("zed", 10, "for")) + at(100),
             never={"vote(p, zed, for, 100)"}, holds={"tally(p, for, 100, 1)"}),
        Case("Imperial Deferentials: counting the followers, FOR and AGAINST both self-consistent (a choice)",
             CAPTAINS + "admiral(e). reading(imperial_deferentials, followers). " + proposal("p", "a", 0) +
             icons("p", ("a", 5, "for"), ("b", 10, "against"), ("c", 10, "deferential"), ("d", 10, "deferential"),
                   ("e", 20, "deferential")) + at(100),
             holds={"consistent(p, for, 100)", "consistent(p, against, 100)", "imperial_choice(p, 100)",
                    "imperial(p, against, 100)"}),
    ]),
    "blognomic/resolution.lp": Table(MATTERS, [
        Case("Appendix: Subject: an entry whose subject is empty is not valid",
             CAPTAINS + proposal("p", "a", 0) + "empty_subject(p). " + at(100), holds={"invalid(p, empty_subject)"},
             never={"valid(p)"}),
        Case("Proposals: not while the Captain has 2 Proposals pending",
             CAPTAINS + proposal("p1", "a", 0) + proposal("p2", "a", 10) + proposal("p3", "a", 20),
             holds={"invalid(p3, two_pending)", "valid(p2)"}),
        Case("Proposals: not a fourth Proposal in one Day",
             CAPTAINS + proposal("p1", "a", 0) + proposal("p2", "a", 10) + proposal("p3", "a", 20) + proposal("p4", "a", 30) +
             "resolved(p1, failed, 5). resolved(p2, failed, 15). resolved(p3, failed, 25).",
             holds={"invalid(p4, three_today)"}, never={"invalid(p4, two_pending)"}),
        Case("Dormancy: with fewer than five Captains no Proposals",
             "captain(a). captain(b). captain(c). captain(d). " + proposal("p", "a", 0), holds={"invalid(p, dormant)"}),
        Case("Idle Captains: an Idle Captain cannot submit",
             CAPTAINS + "idle(a). " + proposal("p", "a", 0), holds={"invalid(p, not_a_captain)"}),
        Case("Resolution of Proposals: the oldest pending Proposal, Popular, after 12 hours, may be enacted",
             CAPTAINS + proposal("p1", "a", 0) + proposal("p2", "b", 10) + icons("p1", ("b", 10, "for"), ("c", 10, "for")) +
             at(12 * HOUR),
             holds={"enact_because(p1, 43200, popular_oldest_12h)", "wait(p2, 43200, not_oldest)", "queue(p2, 43200, 2)"}),
        Case("Resolution of Proposals: only the oldest pending Proposal may be resolved",
             CAPTAINS + proposal("p1", "a", 0) + proposal("p2", "b", 10) + icons("p1", ("b", 10, "for"), ("c", 10, "for")) +
             icons("p2", ("c", 20, "against"), ("d", 20, "against"), ("e", 20, "against")) + at(12 * HOUR),
             holds={"resolvable(p1, 43200)", "is_unpopular(p2, 43200)"}, never={"resolvable(p2, 43200)"}),
        Case("Resolution of Proposals: Popular within 12 hours it waits",
             CAPTAINS + proposal("p1", "a", 0) + icons("p1", ("b", 10, "for"), ("c", 10, "for")) + at(11 * HOUR),
             holds={"wait(p1, 39600, under_12h)"}, never={"can_enact(p1, 39600)"}),
        Case("Special Proposal Voting: an author's AGAINST Self-Kills it",
             CAPTAINS + proposal("p1", "a", 0) + icons("p1", ("a", 10, "against")) + at(100),
             holds={"self_killed(p1, 100)", "fail_because(p1, 100, self_killed)"}),
        Case("Special Proposal Voting: the Admiral's VETO",
             CAPTAINS + "admiral(e). " + proposal("p1", "a", 0) + icons("p1", ("e", 10, "veto")) + at(100),
             holds={"vetoed(p1, 100)", "fail_because(p1, 100, vetoed)"}),
        Case("Resolution of Proposals: pending over 7 days, failed by any Admin and ignored for the oldest",
             CAPTAINS + proposal("p1", "a", 0) + proposal("p2", "b", 200000) + at(700000),
             holds={"stale(p1, 700000)", "fail_because(p1, 700000, pending_over_7_days)", "oldest(p2, 700000)"}),
        Case("Victory and Ascension: a Proposal during Hiatus (reading hiatus_proposals=blocked)",
             CAPTAINS + proposal("d", "b", 0, kind="dov") + proposal("p", "a", 10) + "reading(hiatus_proposals, blocked).",
             holds={"invalid(p, hiatus)"}),
        Case("Victory and Ascension: Hiatus while a DoV is pending (Proposals not blocked by default)",
             CAPTAINS + proposal("d", "b", 0, kind="dov") + proposal("p", "a", 10) + at(100),
             holds={"valid(p)", "hiatus(100)"}, never={"hiatus_blocks(p, 100)"}),
        Case("Victory and Ascension: a Popular DoV after 24 hours; its author achieves victory",
             CAPTAINS + proposal("d", "b", 0, kind="dov") + icons("d", ("a", 10, "for"), ("c", 10, "for")) +
             at(DAY) + f"resolved(d, enacted, {DAY}).",
             holds={"enact_because(d, 86400, popular_24h)", "enacted(d, 86400)", "achieved_victory(b, 86400)"}),
        Case("Victory and Ascension: the Admiral cannot declare victory",
             CAPTAINS + "admiral(e). " + proposal("d", "e", 0, kind="dov"), holds={"invalid(d, admiral_dov)"}),
        Case("Victory and Ascension: 120 hours after a failed DoV that had an AGAINST Vote",
             CAPTAINS + proposal("d1", "b", 0, kind="dov") + icons("d1", ("c", 10, "against")) +
             "resolved(d1, failed, 100). " + at(100) + proposal("d2", "b", 200, kind="dov"),
             holds={"against_at_failure(d1)", "invalid(d2, dov_bar_120h)"}),
        Case("Calls for Judgement: one that specifies no changes may be failed",
             CAPTAINS + proposal("j", "a", 0, kind="cfj") + at(100),
             holds={"fail_because(j, 100, specifies_no_changes)"}),
        Case("a recorded enactment the rules did not allow is improper",
             CAPTAINS + proposal("p1", "a", 0) + "resolved(p1, enacted, 100). " + at(100),
             holds={"improper(p1, enacted)"}, never={"enacted(p1, 100)"}),
    ]),
    "blognomic/victory.lp": Table(("blognomic/victory.lp",), [
        Case("Armistice: the Captain with the most Treasure achieves Victory",
             "armistice_due. treasure_after(a, 30). treasure_after(b, 20).", models=[{"armistice_winner(a)"}]),
        Case("Armistice: nobody once a Captain has gained 50 Treasure",
             "armistice_due. fifty_reached. treasure_after(a, 30). treasure_after(b, 20).", never={"armistice_winner(a)"}),
        Case("Armistice: holding 50 at this Chart Update counts as having gained it (reading armistice_fifty=held)",
             "armistice_due. treasure_after(a, 50). treasure_after(b, 20). reading(armistice_fifty, held).",
             holds={"reached_fifty"}, never={"armistice_winner(a)"}),
        Case("Armistice: gained 50 in all, though holding less (reading armistice_fifty=gained)",
             "armistice_due. treasure_after(a, 45). gained_after(a, 55). treasure_after(b, 20). reading(armistice_fifty, gained).",
             holds={"reached_fifty"}, never={"armistice_winner(a)"}),
        Case("Armistice: a tie gives no Victory (reading armistice_ties=nobody)",
             "armistice_due. treasure_after(a, 30). treasure_after(b, 30).", holds={"armistice_tie"},
             never={"armistice_winner(a)", "armistice_winner(b)"}),
        Case("Armistice: a tie gives every tied Captain Victory (reading armistice_ties=all)",
             "armistice_due. treasure_after(a, 30). treasure_after(b, 30). reading(armistice_ties, all).",
             models=[{"armistice_winner(a)", "armistice_winner(b)"}]),
        Case("Armistice: not before it is due",
             "treasure_after(a, 30). treasure_after(b, 20).", never={"armistice_winner(a)"}),
    ]),
    "blognomic/chart.lp": Table(("blognomic/chart.lp",), [
        Case("The Chart: squares numbered row by row from the North-West; the four Quadrants",
             "", holds={"quadrant(1, nw)", "quadrant(10, ne)", "quadrant(45, nw)", "quadrant(46, ne)",
                        "quadrant(91, sw)", "quadrant(100, se)"}),
        Case("Navigation: the square ahead in each facing, none off the Chart",
             "", holds={"ahead(1, e, 2)", "ahead(1, s, 11)", "ahead(55, n, 45)"},
             never={"ahead(1, n, -9)", "ahead(1, w, 0)", "ahead(10, e, 11)"}),
        Case("Idle Captains and Dynastic Distance: neither the Idle nor the Admiral is a player",
             "captain(a). captain(b). idle(b). captain(c). admiral(c).", models=[{"player(a)"}]),
        Case("Sides: a Captain's Side defaults to None; a Side's specialty to None",
             "captain(a). captain(b). side(a, red). specialty(red, deadeye).",
             holds={"side_of_captain(a, red)", "side_of_captain(b, none)", "has_specialty(a, deadeye)",
                    "side_specialty(blue, none)", "side_members(red, 1)"}),
        Case("Armour Value and Damage: a vessel at Armour 0 is no longer afloat, and in no Fleet",
             "captain(a). vessel(v). controller(v, a). armour(v, 0).", never={"afloat(v)", "controls(a, v)", "has_fleet(a)"}),
        Case("The Red October: in a Fleet only under reading red_october_control=counts",
             "captain(a). vessel(r). red_october(r). controller(r, a). armour(r, 5).",
             holds={"controls(a, r)"}, never={"has_fleet(a)"}),
        Case("The Red October: reading red_october_control=counts",
             "captain(a). vessel(r). red_october(r). controller(r, a). armour(r, 5). reading(red_october_control, counts).",
             holds={"has_fleet(a)"}),
        Case("Armour Value and Damage: Distance is the number of squares along rows and columns",
             "pair(1, 23). pair(45, 46).", models=[{"distance(1, 23, 4)", "distance(45, 46, 1)"}]),
    ]),
    "blognomic/orders.lp": Table(WATCH, [
        Case("The Watch: an Order sent outside the 48 hours from the Chart Update's post is invalid",
             fleet() + "watch_began(1000). order(1, a, dive). order_sent(1, 174000). order(2, b, dive). "
             "order_sent(2, 999). order(3, c, dive). order_sent(3, 1000).",
             holds={"invalid(1, outside_the_watch)", "invalid(2, outside_the_watch)"},
             never={"invalid(3, outside_the_watch)"}),
        Case("Navigation: Rotating to the current facing is a step, or none (reading rotate_in_place)",
             fleet() + move(1, "a", "v1", "n", "c") + "reading(rotate_in_place, not_a_step).",
             holds={"invalid(1, rotate_to_current)"}),
        Case("The Watch: an invalid first Order leaves the one Order unused (reading invalid_first_order=only_valid)",
             fleet() + shoot(1, "a", "v1", 100) + "order(2, a, dive). reading(invalid_first_order, only_valid).",
             holds={"invalid(1, out_of_range)", "valid(2)"}),
        Case("The Watch: a Battleship's adjacent squares include the diagonal ones (reading battleship_adjacent)",
             fleet() + shoot(1, "a", "v1", 34) + "reading(battleship_adjacent, diagonal).",
             holds={"invalid(1, adjacent_square)"}),
        Case("Dormancy: with fewer than five Captains no Order may be given",
             "captain(a). captain(b). captain(c). admiral(d). order(1, a, dive).", holds={"dormant", "invalid(1, dormant)"}),
        Case("Dormancy: the Admiral is counted (a Special Case rule, outside Dynastic Distance)",
             "captain(a). captain(b). captain(c). captain(d). admiral(e). order(1, a, dive).",
             never={"dormant", "invalid(1, dormant)"}),
        Case("Victory and Ascension: no Order during Hiatus",
             fleet() + "hiatus. order(1, a, dive). reading(hiatus_orders, blocked).", holds={"invalid(1, hiatus)"}),
        Case("The Watch: one Order per Captain per Watch",
             fleet() + "order(1, a, dive). order(2, a, dive). reading(invalid_first_order, uses_the_order).", models=[{"valid(1)"}],
             holds={"invalid(2, one_order_per_watch)"}),
        Case("Sides: Swimmers give one extra Go Diving Order",
             fleet() + "specialty(red, swimmers). order(1, a, dive). order(2, a, dive).",
             models=[{"valid(1)", "valid(2)"}]),
        Case("Navigation: a valid Move within the vessel's movement points",
             fleet() + move(1, "a", "v1", "c", "c"), holds={"valid(1)", "end_of_course(1, 25, n)", "move_cost(1, 2)"}),
        Case("Navigation: rotating a cumbersome vessel costs 1; 4 points are too many for a Battleship",
             fleet() + move(1, "a", "v1", "c", "e", "c", "c"),
             holds={"move_cost(1, 4)", "invalid(1, too_many_movement_points)"}),
        Case("Sides: Long Winded gives 1 extra movement point",
             fleet() + "specialty(red, long_winded). " + move(1, "a", "v1", "c", "e", "c", "c"),
             holds={"move_points(1, 4)", "valid(1)"}),
        Case("Navigation: a vessel cannot rotate to the opposite facing",
             fleet() + move(1, "a", "v1", "s"), holds={"invalid(1, rotate_to_opposite)"}),
        Case("Navigation: a vessel cannot cruise onto Land",
             fleet() + "land(35). " + move(1, "a", "v1", "c"), holds={"invalid(1, into_land)"}),
        Case("Navigation: a vessel cannot cruise off the Chart",
             fleet(v1=5) + move(1, "a", "v1", "c"), holds={"invalid(1, off_the_chart)"}),
        Case("The Watch: only the Captain controlling a vessel orders it",
             fleet() + move(1, "b", "v1", "c"), holds={"invalid(1, not_your_vessel)"}),
        Case("Dynastic Distance: the Admiral gives no Orders",
             fleet() + "admiral(c). order(1, c, dive).", holds={"invalid(1, admiral)"}),
        Case("The Watch: a Belayed Order cannot be given",
             fleet() + "belayed(dive). order(1, a, dive).", holds={"invalid(1, belayed)"}),
        Case("Armour Value and Damage: a Battleship shoots within its Range",
             fleet() + shoot(1, "a", "v1", 100), holds={"invalid(1, out_of_range)"}),
        Case("The Watch: a Battleship cannot shoot at a square adjacent to its own",
             fleet() + shoot(1, "a", "v1", 46), holds={"invalid(1, adjacent_square)"}),
        Case("The Watch: a Battleship shoots at up to 2 squares",
             fleet() + shoot(1, "a", "v1", 25, 65, 43), holds={"invalid(1, too_many_squares)"}),
        Case("Sides: Deadeye under reading deadeye_bonus=squares: one more square",
             fleet() + "specialty(red, deadeye). reading(deadeye_bonus, squares). " + shoot(1, "a", "v1", 25, 65, 43),
             holds={"valid(1)", "max_targets(1, 3)"}),
        Case("The Watch: a Submarine shoots only along its facing",
             fleet() + shoot(1, "b", "s1", 45), holds={"valid(1)"}),
        Case("The Watch: a Submarine cannot shoot off its facing's line",
             fleet() + shoot(1, "b", "s1", 58), holds={"invalid(1, not_ahead_of_submarine)"}),
        Case("The Watch: a Captain who controls a Vessel cannot add one",
             fleet() + "order(1, a, build). build(1, battleship, n).",
             holds={"invalid(1, already_controls_a_vessel)", "invalid(1, no_home_port)"}),
        Case("Clarifications: a specialty costs the Side's size in Treasure, never below zero",
             fleet() + "order(1, a, specialty). order_specialty(1, melee).",
             holds={"specialty_cost(1, 1)", "invalid(1, not_enough_treasure)"}),
    ]),
    "blognomic/update.lp": Table(UPDATE, [
        Case("Dormancy: the Chart Update, an action of a dynastic rule, may not be made while Dormant",
             fleet().replace("captain(e). ", "") + "order(1, a, dive).", holds={"no_chart_update", "dormant"}),
        Case("Dormancy: with five Captains the Chart Update is made",
             fleet() + "order(1, a, dive).", never={"no_chart_update"}, holds={"treasure_after(a, 1)"}),
        Case("Victory and Ascension: no Chart Update during the Hiatus (reading hiatus_orders=blocked)",
             fleet() + "hiatus. reading(hiatus_orders, blocked).", holds={"no_chart_update"}),
        Case("Navigation: a vessel ends the update where its Move ends",
             fleet() + move(1, "a", "v1", "c", "c"), holds={"final(v1, 25, n)", "final(s1, 48, w)"}),
        Case("Armour Value and Damage: each Shot in a vessel's square deals 1 Damage",
             fleet() + shoot(1, "b", "s1", 45), holds={"armour_after(v1, 5)", "armour_after(s1, 3)"}),
        Case("Armour Value and Damage: a vessel at 0 Sinks and its shooter's Captain gains 10 Treasure",
             fleet(armour_v1=1) + shoot(1, "b", "s1", 45),
             holds={"sinks(v1)", "rewards(b, v1)", "treasure_after(b, 10)", "treasure_after(a, 0)"}),
        Case("Deep-Sea Diving: 1 Treasure to a Captain who controls a vessel",
             fleet() + "order(1, a, dive). order(2, c, dive).", holds={"treasure_after(a, 1)", "treasure_after(c, 0)"}),
        Case("Navigation: vessels of different Sides that come to share a square each suffer 1 Damage",
             fleet(v1=46, f1="e", s1=48) + move(1, "a", "v1", "c", "c"),
             holds={"collides(v1)", "collides(s1)", "armour_after(v1, 5)", "armour_after(s1, 2)"}),
        Case("Navigation: a vessel on Land has its Armour set to zero",
             fleet() + "land(45).", holds={"armour_after(v1, 0)", "sinks(v1)"}),
        Case("Armour Value and Damage: a Mine hits a vessel cruising over it (reading mine_trigger=crossed)",
             fleet() + "mine(m1, 35). reading(mine_trigger, crossed). " + move(1, "a", "v1", "c", "c"),
             holds={"mine_hit(v1, mine(m1))", "armour_after(v1, 4)"}),
        Case("Armour Value and Damage: under mine_trigger=ended only the square the Move ends on",
             fleet() + "mine(m1, 35). reading(mine_trigger, ended). " + move(1, "a", "v1", "c", "c"),
             never={"mine_hit(v1, mine(m1))"}, holds={"armour_after(v1, 6)"}),
        Case("Treasure Victory: more than 50 Treasure and more than every other Captain",
             fleet() + "treasure(a, 51). treasure(b, 40).", models=[{"treasure_victory(a)"}]),
        Case("Treasure Victory: not on a tie",
             fleet() + "treasure(a, 51). treasure(b, 51).", never={"treasure_victory(a)", "treasure_victory(b)"}),
        Case("The Red October: control passes to the next Captain in the queue",
             fleet() + "vessel(r). red_october(r). controller(r, a). armour(r, 5). at(r, 1). facing(r, s). "
             "queue(a, 0). queue(b, 1).", holds={"next_controller(b)", "red_october_quadrant(nw, s)"}),
        Case("Ports: an invaded port takes the Side that invaded it",
             fleet() + "port(p1, 30, blue). vessel(t). vtype(t, transport). controller(t, a). at(t, 30). facing(t, n). "
             "armour(t, 2). order(1, a, invade). order_vessel(1, t).",
             models=[{"new_allegiance(p1, red)"}]),
    ]),
    "blognomic/plan.lp": Table((*UPDATE, "blognomic/plan.lp"), [
        Case("only valid Orders are chosen",
             fleet() + "admiral(c). candidate(1). cand_order(1, c, dive).", never={"chosen(1)"}),
        Case("the asking Captain's Treasure is what is maximised",
             fleet() + "goal(a). cooperative. candidate(1). cand_order(1, a, dive).", models=[{"chosen(1)"}],
             holds={"treasure_after(a, 1)"}),
        Case("without a goal every choice of valid Orders is as good",
             fleet() + "candidate(1). cand_order(1, a, dive).", models=[set(), {"chosen(1)"}]),
    ]),
    "blognomic/counter.lp": Table((*UPDATE, "blognomic/plan.lp", "blognomic/counter.lp"), [
        Case("against the asking Captain: its Treasure is what is minimised",
             fleet() + "goal(a). candidate(1). cand_order(1, a, dive).", models=[set()],
             holds={"treasure_after(a, 0)"}),
        Case("against the asking Captain: another Captain builds a vessel to keep one afloat",
             fleet() + "goal(a). candidate(1). cand_order(1, c, build). cand_build(1, battleship, n). "
             "home_port(c, p). port(p, 90, none).", models=[{"chosen(1)"}], holds={"fleet_after(b)", "fleet_after(c)"}),
        Case("against the asking Captain: then the others' Treasure",
             fleet() + "goal(a). candidate(1). cand_order(1, b, dive).", models=[{"chosen(1)"}],
             holds={"treasure_after(b, 1)"}),
        Case("without an asking Captain: no ranking",
             fleet() + "candidate(1). cand_order(1, b, dive).", models=[set(), {"chosen(1)"}]),
    ]),
    "blognomic/roster.lp": Table(MATTERS, [
        Case("Captains: an Admin adds a Captain to the roster, counted from then on",
             CAPTAINS + "admin(a). event(j, join). event_by(j, a). event_at(j, 50). event_captain(j, f). " + at(40) + at(100),
             holds={"valid_event(j)", "counted_at(f, 100)", "captains_at(6, 100)", "captains_at(5, 40)"},
             never={"counted_at(f, 40)"}),
        Case("Captains: one who ceased to be a Captain may not become one again within two weeks",
             CAPTAINS + "admin(a). event(l, leave). event_by(l, b). event_at(l, 10). "
             "event(j, join). event_by(j, a). event_at(j, 100000). event_captain(j, b). " + at(200000),
             holds={"event_invalid(j, rejoined_within_two_weeks)"}, never={"counted_at(b, 200000)"}),
        Case("Idle Captains: an Idle Captain is not counted; no Unidling within four days of going Idle",
             CAPTAINS + "admin(a). event(i, idle). event_by(i, a). event_at(i, 10). event_captain(i, c). "
             "event(u, unidle). event_by(u, a). event_at(u, 100). event_captain(u, c). " + at(200),
             holds={"idle_at(c, 200)", "event_invalid(u, idled_within_four_days)", "quorum_at(3, 200)"},
             never={"counted_at(c, 200)"}),
        Case("Idle Captains: only an Admin renders a Captain Idle",
             CAPTAINS + "event(i, idle). event_by(i, b). event_at(i, 10). event_captain(i, c). " + at(200),
             holds={"event_invalid(i, not_an_admin)", "counted_at(c, 200)"}),
        Case("Idle Captains: no idling of a Captain who posted in the last seven days and did not ask",
             CAPTAINS + "admin(a). wrote(c, 5). event(i, idle). event_by(i, a). event_at(i, 10). event_captain(i, c). "
             + at(200), holds={"event_invalid(i, idle_without_request_or_absence)", "counted_at(c, 200)"}),
        Case("Idle Captains: idling on a request from the past four days, or oneself as an Admin",
             CAPTAINS + "admin(a). wrote(c, 5). event(i, idle). event_by(i, a). event_at(i, 10). event_captain(i, c). "
             "event_asked(i, 8). event(s, idle). event_by(s, a). event_at(s, 20). event_captain(s, a). " + at(200),
             holds={"valid_event(i)", "valid_event(s)", "idle_at(c, 200)", "idle_at(a, 200)"}),
        Case("Idle Captains: Unidling needs the Captain's request from the past four days",
             CAPTAINS + "admin(a). idle(c). event(u, unidle). event_by(u, a). event_at(u, 400000). event_captain(u, c). "
             "event(v, unidle). event_by(v, a). event_at(v, 500000). event_captain(v, c). event_asked(v, 499000). " + at(600000),
             holds={"event_invalid(u, unidle_not_asked)", "valid_event(v)", "counted_at(c, 600000)"}),
    ]),
    "blognomic/conflicts.lp": Table(CONFLICTS, [
        Case("Prioritisation 3: Dormancy, of more limited scope than The Watch (both rank as Dynastic), stops Orders",
             "", holds={"decided(dormancy_no_action, watch_order, bn_3, orders)", "dormancy_stops_orders"}),
        Case("Prioritisation 2 and 5: Dormancy, a Special Case rule, prevails over the Core rule Proposals",
             "", holds={"decided(dormancy_no_proposal, proposal_submit, bn_2, proposals)", "dormancy_stops_proposals"}),
        Case("Prioritisation 2: Victory and Ascension's Hiatus, not to be overruled as it relates to DoVs, stops Orders",
             "reading(hiatus_orders, blocked).", holds={"decided(hiatus_no_action, watch_order, bn_2, orders)", "hiatus_stops_orders"}),
        Case("Prioritisation 2: in other matters The Watch, a Dynastic Rule, prevails over the Hiatus (reading hiatus_orders=open)",
             "reading(hiatus_orders, open).", holds={"decided(watch_order, hiatus_no_action, bn_2, orders)"},
             never={"hiatus_stops_orders"}),
    ]),
    "blognomic/bound.lp": Table(("blognomic/chart.lp", "blognomic/bound.lp", *CONFLICTS), [
        Case("Deep-Sea Diving and the sinking reward: a Captain with no vessel gains nothing in the last Watch",
             FIVE + "goal(a). watches_left(1). treasure(b, 45). port(p, 12, none). home_port(a, p).",
             holds={"best_treasure(a, 0)", "no_treasure_victory", "no_armistice", "cannot_win"}),
        Case("Deep-Sea Diving: 1 per Watch with a vessel; Swimmers can be bought from the next Watch",
             FIVE + "side(a, red). goal(a). watches_left(2). vessel(t). vtype(t, transport). controller(t, a). "
             "at(t, 5). armour(t, 2).", holds={"dives(1, 1)", "dives(2, 2)", "dive_total(3)", "best_treasure(a, 3)"}),
        Case("Armour Value and Damage: 10 for each vessel that could sink, once the Captain is armed",
             FIVE + "goal(a). watches_left(1). vessel(v). vtype(v, battleship). controller(v, a). at(v, 5). armour(v, 6). "
             "vessel(s). vtype(s, submarine). controller(s, b). at(s, 9). armour(s, 3).",
             holds={"armed_in(1)", "sinkable(2)", "reward_total(20)", "best_treasure(a, 21)"}),
        Case("The Red October: its controller passes along the queue, arming the Captain in its turn",
             FIVE + "goal(a). watches_left(3). vessel(r). red_october(r). vtype(r, submarine). controller(r, b). "
             "armour(r, 3). queue(b, 0). queue(a, 1). queue(c, 2).",
             holds={"ro_holder(1, b)", "ro_holder(2, a)", "ro_holder(3, c)", "armed_in(2)"}, never={"armed_in(1)", "armed_in(3)"}),
        Case("Dormancy: fewer than five Captains, no Order: the Treasure stays as it is",
             "captain(a). captain(b). goal(a). watches_left(5). treasure(a, 10). treasure(b, 11). vessel(t). "
             "vtype(t, battleship). controller(t, a). at(t, 5). armour(t, 6).",
             holds={"frozen", "best_treasure(a, 10)", "least_treasure(b, 11)", "cannot_win"}),
        Case("Armistice: blocked once a Captain has had 50 Treasure",
             FIVE + "goal(a). watches_left(1). fifty_reached.", holds={"no_armistice", "cannot_win"}),
        Case("Armistice: still open to the Captain with the most Treasure",
             FIVE + "goal(a). watches_left(1). treasure(a, 1).", holds={"no_treasure_victory"},
             never={"no_armistice", "cannot_win"}),
        Case("enough Watches left: no bound rules a win out",
             FIVE + "goal(a). watches_left(10). treasure(b, 45). port(p, 12, none). home_port(a, p).",
             never={"cannot_win", "no_treasure_victory"}),
        Case("Armistice: an equal Captain blocks it only under reading armistice_ties=nobody",
             FIVE + "goal(a). watches_left(1). treasure(a, 42). treasure(b, 42). reading(armistice_ties, nobody).",
             holds={"no_armistice", "cannot_win"}),
    ]),
    "blognomic/dynasty.lp": Table(MATTERS, [
        Case("Victory and Ascension: an enacted DoV fails every other pending DoV",
             CAPTAINS + proposal("d1", "a", 0, "dov") + proposal("d2", "b", 10, "dov") + "resolved(d1, enacted, 86400). "
             + icons("d1", ("c", 10, "for"), ("d", 10, "for")) + icons("d2", ("c", 20, "for"), ("d", 20, "for"), ("e", 90000, "for"))
             + at(DAY) + at(2 * DAY),
             holds={"enacted(d1, 86400)", "failed_by_victory(d2, 86400)", "closed(d2, 172800)"},
             never={"can_enact(d2, 172800)"}),
        Case("Victory and Ascension: the DoV's author is the new Admiral, and the Hiatus lasts until the Address",
             CAPTAINS + "admiral(e). " + proposal("d1", "a", 0, "dov") + "resolved(d1, enacted, 86400). "
             + icons("d1", ("c", 10, "for"), ("d", 10, "for")) + at(DAY) + at(2 * DAY),
             holds={"admiral_at(e, 86400)", "admiral_at(a, 172800)", "hiatus(172800)", "awaiting_address(172800)"}),
        Case("Victory and Ascension: the new Admiral's Ascension Address ends the Hiatus",
             CAPTAINS + proposal("d1", "a", 0, "dov") + "resolved(d1, enacted, 86400). "
             + icons("d1", ("c", 10, "for"), ("d", 10, "for")) + "event(x, ascension). event_by(x, a). event_at(x, 100000). "
             + at(DAY) + at(2 * DAY), holds={"valid_event(x)"}, never={"hiatus(172800)"}),
        Case("Victory and Ascension: no DoV between an enacted DoV and its Ascension Address",
             CAPTAINS + proposal("d1", "a", 0, "dov") + "resolved(d1, enacted, 86400). "
             + icons("d1", ("c", 10, "for"), ("d", 10, "for")) + proposal("d3", "b", 90000, "dov") + at(DAY) + at(2 * DAY),
             holds={"invalid(d3, dov_before_address)"}),
        Case("Chain of Command: the Admiral hands the role over; only the Admiral may",
             CAPTAINS + "admiral(e). event(h, handover). event_by(h, e). event_at(h, 50). handover_to(h, b). "
             "event(k, handover). event_by(k, e). event_at(k, 60). handover_to(k, c). " + at(100),
             holds={"valid_event(h)", "event_invalid(k, not_the_admiral)", "admiral_at(b, 100)"}),
        Case("Dormancy: a handover is a dynastic action, refused while Dormant",
             "captain(a). captain(b). admiral(a). event(h, handover). event_by(h, a). event_at(h, 50). handover_to(h, b). "
             + at(100), holds={"dormant_at(100)", "event_invalid(h, handover_dormant)", "admiral_at(a, 100)"}),
    ]),
    "blognomic/main.lp": Table(("blognomic/main.lp",), [
        Case("Votable Matters and Votes: the matters part",
             CAPTAINS + proposal("p", "a", 0) + at(100), parts=("matters",),
             holds={"vote(p, a, for, 100)", "valid(p)"}),
        Case("The Watch: the chart and watch parts",
             fleet() + "order(1, a, dive).", parts=("chart", "watch"), holds={"valid(1)", "treasure_after(a, 1)"}),
        Case("reachability: the plan part picks the goal Captain's Orders",
             fleet() + "goal(a). cooperative. candidate(1). cand_order(1, a, dive).", parts=("chart", "watch", "plan"),
             models=[{"chosen(1)"}]),
        Case("reachability's bound: the bound part",
             FIVE + "goal(a). watches_left(1). treasure(b, 45).", parts=("chart", "bound"),
             holds={"cannot_win"}),
        Case("a part not grounded adds nothing",
             fleet() + "order(1, a, dive).", parts=("chart",), never={"treasure_after(a, 1)"},
             holds={"treasure_of(a, 0)"}),
    ]),
}


@pytest.mark.parametrize("file, case", params(BLOGNOMIC_TABLES))
def test_blognomic_case(file: str, case: Case):
    check(BLOGNOMIC_TABLES[file], case)
