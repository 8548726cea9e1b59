"""Named cases for the files of encodings/agora that `agora resolve` solves (decisions, ballots,
strengths, conditional votes, instant runoff, the proposal lifecycle, what the driver reads back):
facts as adjudicator/agora/decisions.py builds them (times in minutes since 1990-01-01, a Monday)
-> the expected stable models, projected on the predicates each case is about."""

from __future__ import annotations

import pytest

from .clintest import Case, Table, check, params

DAY = 1440
WEEK = 7 * DAY
RESOLVE = ("agora/decisions.lp", "agora/ballots.lp", "agora/strength.lp", "agora/conditional.lp", "agora/runoff.lp")
VOTERS = ("a", "b", "c", "d", "e", "f")


def eligible(d) -> str:
    return "".join(f'eligible_at_initiation({d}, "{p}"). ' for p in VOTERS)


def referendum(d: int = 1, at: int = 0, extra: str = "quorum_given({d}, 2).") -> str:
    """Referendum d on a proposal, initiated at `at`, every voter eligible."""
    return f"decision({d}). on_proposal({d}). initiated_at({d}, {at}). " + extra.format(d=d) + " " + eligible(d) + "\n"


def election(d: int, *options: str, method: str | None = None) -> str:
    """A decision with stated options, initiated at 0 by a (its vote collector), quorum 2."""
    opts = "".join(f'stated_option({d}, "{o}"). ' for o in options)
    given = f"method_given({d}, {method}). " if method else ""
    return f'decision({d}). initiated_at({d}, 0). initiator({d}, "a"). quorum_given({d}, 2). ' + given + opts + eligible(d) + "\n"


def ballot(b: int, d, voter: str, vote: str, seq: int | None = None, at: int | None = None) -> str:
    """Ballot b (its vote node is b too) on decision d; vote as decisions.py writes it (opt("FOR"), present)."""
    timed = f" cast_at({b}, {at})." if at is not None else ""
    return (f'node_decision({b}, {d}). literal_vote({b}, {vote}). cast({b}, {d}, "{voter}", {seq or b}). '
            f"ballot_root({b}, {b}).{timed}\n")


def votes(d, *values: str, first: int = 1) -> str:
    """One ballot per voter a, b, c, ... with these votes (FOR, AGAINST, PRESENT or an option)."""
    out = []
    for i, (voter, value) in enumerate(zip(VOTERS, values)):
        vote = "present" if value == "PRESENT" else f'opt("{value}")'
        out.append(ballot(first + i, d, voter, vote))
    return "".join(out)


def ranked(b: int, d, voter: str, *options: str) -> str:
    entries = "".join(f'list_entry({b}, {i}, "{o}"). ' for i, o in enumerate(options, 1))
    return f'node_decision({b}, {d}). list_vote({b}). {entries}cast({b}, {d}, "{voter}", {b}). ballot_root({b}, {b}).\n'


def conditional(b: int, voter: str, then: str, otherwise: str, condition: str) -> str:
    """Ballot b on referendum 1 by `voter`: `then` if the condition holds, else `otherwise`
    (nodes 10b, 10b+1, 10b+2, 10b+3: the vote, its condition, its branches)."""
    n = 10 * b
    return (f"node_decision({n}, 1). {condition.format(c=n + 1)} node_decision({n + 2}, 1). "
            f'literal_vote({n + 2}, opt("{then}")). node_decision({n + 3}, 1). literal_vote({n + 3}, opt("{otherwise}")). '
            f'conditional_vote({n}, {n + 1}, {n + 2}, {n + 3}). cast({b}, 1, "{voter}", {b}). ballot_root({b}, {n}).\n')


def endorse(b: int, voter: str, endorsed: str) -> str:
    return f'node_decision({b}, 1). endorse_vote({b}, "{endorsed}"). cast({b}, 1, "{voter}", {b}). ballot_root({b}, {b}).\n'


COUNTING = "counting_phase.\n"
SELF_ADOPTED = "condition_outcome({c}, 1, adopted)."
A3 = 'ballot_value(3, opt("AGAINST"))'
LIFECYCLE = (*RESOLVE, "agora/proposals.lp")
PEOPLE = "".join(f'player("{p}"). person("{p}"). ' for p in ("a", "b", "c")) + \
    "lifecycle_rule(2606). lifecycle_rule(2607). lifecycle_rule(2625).\n"
PROMOTOR_B = 'office_holder("Promotor", "b"). office_name("Promotor").\n'


FULL_NOTICE = "notice_given(1). " + "".join(f"notice_specifies(1, {x}). " for x in ("matter", "method", "options", "collector")) \
    + "".join(f"notice_essential(1, {x}). " for x in ("text", "author", "coauthors", "class", "chamber", "adoption_index"))


def timeline(*items: str, end: int | None = None) -> str:
    """Lifecycle events 1..N at the times given in each item's event_at (the items are ev_* facts)."""
    return "".join(items) + (f"timeline_end({end}).\n" if end is not None else "")


def create(e: int, t: int, proposal: str, author: str, extra: str = "") -> str:
    return f'event_at({e}, {t}). ev_create({e}, {proposal}, "{author}"). ev_has_text({e}). {extra}\n'


def popular_pair(resolved_q: bool = True, sponsor_q: bool = True) -> str:
    """a's p and b's q, pended by c with Pendants (q only if sponsor_q), distributed in one message
    (at 100) as 9001 and 9002; 9001: a FOR at strength 10, b and c AGAINST (ADOPTED, popularity
    -1/3); 9002: a and b FOR, c PRESENT (popularity 2/3); both resolved on day 8 (9002 if resolved_q)."""
    facts = PEOPLE + PROMOTOR_B + 'pendants("c", 2). pendants("b", 1). lifecycle_rule(2623). '
    facts += eligible(9001) + eligible(9002) + 'quorum_given(9001, 2). quorum_given(9002, 2). strength_given(9001, "a", 10). '
    facts += f"resolution_at(9001, {8 * DAY}). " + (f"resolution_at(9002, {8 * DAY}). " if resolved_q else "")
    pend_q = 'ev_pend(4, q, "c", pendant).' if sponsor_q else 'ev_pend(4, q, "b", pendant).'
    return facts + votes(9001, "FOR", "AGAINST", "AGAINST") + votes(9002, "FOR", "FOR", "PRESENT", first=11) + \
        timeline(create(1, 0, "p", "a"), create(2, 1, "q", "b"), 'event_at(3, 60). ev_pend(3, p, "c", pendant).',
                 f"event_at(4, 61). {pend_q}", 'event_at(5, 100). ev_distribute(5, p, "b", 9001).',
                 'event_at(6, 100). ev_distribute(6, q, "b", 9002).')


RESOLVE_TABLES: dict[str, Table] = {
    "agora/decisions.lp": Table(RESOLVE, [
        Case("R693 R107 the voting period runs 7 days from the decision's initiation",
             referendum(at=17) + votes(1, "FOR"), holds={"voting_period_end(1, 10097)", "first_period_end(1, 10097)"}),
        Case("R2614 an Emergency Regulation's extension of the voting period, at most to double its length",
             referendum(at=0) + votes(1, "FOR") + "period_extension(1, 1, 100, 5760). period_extension(1, 2, 200, 5760).",
             holds={"voting_period_end(1, 20160)", "period_extended_to(1, 20160)", "period_extension_capped(1, 2)"},
             never={"voting_period_end(1, 10080)"}),
        Case("R1023 the voting period's days are exact on the core calendar",
             referendum(at=17) + votes(1, "FOR"), holds={"cal_after(17, 7, 10097)", "cal_days(7, 10080)"}),
        Case("R2528 a decision without an adoption index or a method is first-past-the-post",
             election(2, "A", "B") + votes(2, "A"),
             holds={"voting_method(2, first_past_the_post)", 'valid_option(2, "A")', 'valid_option(2, "B")'}),
        Case("R208 a referendum a timed distribution initiated awaits its resolution",
             referendum() + votes(1, "FOR", "FOR") + "distributed(p, 1, 1).",
             holds={"awaiting_resolution(1)"}, never={"resolved(1)", "adopted_proposal(1)"}),
        Case("R955 AI-majority: more FOR than AGAINST is ADOPTED; R106 it takes effect at Power AI",
             referendum() + votes(1, "FOR", "FOR", "AGAINST"),
             models=[{"outcome(1, adopted)"}],
             holds={'tally(1, "FOR", 6)', 'tally(1, "AGAINST", 3)', "adopted_proposal(1)",
                    "instrument_power_hundredths(1, 100)", "voting_method(1, ai_majority)"}),
        Case("R955 AI-majority: a tie is REJECTED",
             referendum() + votes(1, "FOR", "AGAINST"), models=[{"outcome(1, rejected)"}],
             never={"adopted_proposal(1)"}),
        Case("R955 AI-majority: F/A below the adoption index is REJECTED",
             referendum(extra="quorum_given({d}, 2). adoption_index_given({d}, 300).") + votes(1, "FOR", "FOR", "AGAINST"),
             models=[{"outcome(1, rejected)"}]),
        Case("R955 AI-majority: F/A at the adoption index is ADOPTED",
             referendum(extra="quorum_given({d}, 2). adoption_index_given({d}, 300).") +
             votes(1, "FOR", "FOR", "FOR", "AGAINST"),
             models=[{"outcome(1, adopted)"}], holds={"instrument_power_hundredths(1, 300)"}),
        Case("R106 an adopted proposal's Power is at most 4",
             referendum(extra="quorum_given({d}, 2). adoption_index_given({d}, 500).") + votes(1, "FOR", "FOR"),
             holds={"outcome(1, adopted)", "instrument_power_hundredths(1, 400)"}),
        Case("R1607 a referendum without an adoption index has AI 1.0",
             referendum() + votes(1, "FOR", "FOR"), holds={"adoption_index_hundredths(1, 100)"}),
        Case("R1950 a decision with an adoption index is AI-majority whatever method was given",
             referendum(extra="quorum_given({d}, 2). method_given({d}, first_past_the_post).") + votes(1, "FOR", "FOR"),
             holds={"voting_method(1, ai_majority)", "method_overridden(1, first_past_the_post)"}),
        Case("R879 quorum: 2/3 of the last referendum's voters, rounded (7 -> 5)",
             referendum(extra="last_referendum_voters({d}, 7).") + votes(1, "FOR", "FOR"),
             holds={"quorum_set(1, 5, r879)", "quorum(1, 5)", "voter_count(1, 2)"},
             models=[{"outcome(1, failed_quorum)"}]),
        Case("R879 the quorum is never below 2",
             referendum(extra="last_referendum_voters({d}, 1).") + votes(1, "FOR"),
             holds={"quorum(1, 2)", "quorum_raised_to_minimum(1)", "outcome(1, failed_quorum)"}),
        Case("R879 a rule of Power 2 or greater that defines quorum replaces the default (players + 1)",
             referendum(extra="last_referendum_voters({d}, 3). rule_parameter({d}, quorum_defined, (1, 1, 2646)).")
             + votes(1, "FOR", "FOR", "FOR", "FOR", "FOR", "FOR"),
             holds={"quorum_set(1, 7, defined(2646))", "quorum(1, 7)", "defined_quorum(1)"},
             models=[{"outcome(1, failed_quorum)"}]),
        Case("R2481 a festival quorum that does not take precedence yields to the defined one",
             referendum(extra="rule_parameter({d}, quorum_defined, (0, 4, 2646)). rule_in_force({d}, 2481). "
                              "rule_parameter({d}, festival_quorum_yields, 1). festivity(1). festive(\"a\").")
             + votes(1, "FOR", "FOR", "FOR", "FOR"),
             holds={"quorum_set(1, 4, defined(2646))"}, models=[{"outcome(1, adopted)"}]),
        Case("R879 without a basis the quorum is unknown",
             referendum(extra="") + votes(1, "FOR"), holds={"quorum_unknown(1)"}),
        Case("R879 the basis is the referendum most recently resolved before initiation",
             referendum() + votes(1, "FOR", "FOR", "AGAINST") + f"resolution_at(1, {WEEK}). " +
             referendum(2, at=WEEK + 10, extra=""),
             holds={"previous_referendum(2, 1)", "quorum_set(2, 2, r879)"}),
        Case("R2168 FAILED QUORUM at the end of 7 days extends the voting period to 14",
             referendum(extra="last_referendum_voters({d}, 7). rule_in_force({d}, 2168).") + votes(1, "FOR", "FOR"),
             holds={"voting_period_extended(1)", f"voting_period_end(1, {2 * WEEK})"}),
        Case("R107 without R2168 the voting period stays 7 days",
             referendum(extra="last_referendum_voters({d}, 7).") + votes(1, "FOR", "FOR"),
             holds={f"voting_period_end(1, {WEEK})"}, never={"voting_period_extended(1)"}),
        Case("R107 a voting period as the ruleset in force at initiation sets it",
             referendum(extra="quorum_given({d}, 2). rule_parameter({d}, voting_period_days, 5).") + votes(1, "FOR"),
             holds={f"voting_period_end(1, {5 * DAY})"}),
        Case("R955 first-past-the-post: the option with the most strength",
             election(2, "A", "B") + votes(2, "A", "A", "B"), models=[{'outcome(2, opt("A"))'}],
             never={"collector_tie(2)"}),
        Case("R955 first-past-the-post: a tie the vote collector breaks, each selection a model",
             election(2, "A", "B") + votes(2, "A", "B"),
             models=[{'outcome(2, opt("A"))'}, {'outcome(2, opt("B"))'}], holds={"collector_tie(2)"}),
        Case("R955 no valid options: the outcome is null",
             election(3), models=[{"outcome(3, null)"}]),
        Case("R208 a resolution before the voting period ended is no resolution",
             referendum() + votes(1, "FOR", "FOR") + "resolution_at(1, 5000).",
             holds={"resolution_too_early(1)"}, never={"resolved(1)", "adopted_proposal(1)"}),
        Case("R107 a decision with fewer than two options may be ended early",
             election(4, "A") + votes(4, "A") + 'resolution_at(4, 100). resolver(4, "a").',
             holds={"resolved(4)"}, never={"resolution_too_early(4)"}),
        Case("R208 only the vote collector CAN resolve it (a referendum's is the Assessor's holder, R1607, R2137)",
             referendum() + votes(1, "FOR", "FOR") + f'office_name("Assessor"). office_holder("Assessor", "a"). '
             f'resolver(1, "b"). resolution_at(1, {2 * WEEK}).',
             holds={'vote_collector(1, "a")', "resolution_not_by_collector(1)"}, never={"resolved(1)"}),
        Case("R2034 R2201 a resolution message undoubted for a week ratifies its outcome",
             referendum() + votes(1, "FOR", "AGAINST") + f"announced_outcome(1, adopted). resolution_at(1, {WEEK}). "
             f"as_of({2 * WEEK}). rule_in_force(1, 2034). rule_in_force(1, 2201).",
             holds={"outcome(1, rejected)", "self_ratified(1)", "ratified_outcome(1, adopted)", "ratified_differs(1)",
                    "adopted_proposal(1)"}),
        Case("R2034 R2201 a doubt within the week: no ratification",
             referendum() + votes(1, "FOR", "AGAINST") + f"announced_outcome(1, adopted). resolution_at(1, {WEEK}). "
             f"as_of({2 * WEEK}). rule_in_force(1, 2034). rule_in_force(1, 2201). doubt_at(1, {WEEK + DAY}).",
             holds={"doubted_within_week(1)"}, never={"self_ratified(1)", "adopted_proposal(1)"}),
        Case("R105 a rule change published 4 to 60 days before it takes effect",
             referendum() + votes(1, "FOR", "FOR") + f"resolution_at(1, {8 * DAY}). rule_in_force(1, 105).",
             holds={"publication_in_window(1)"}, never={"rule_changes_prevented(1)"}),
        Case("R105 a rule change published more than 60 days before is prevented",
             referendum() + votes(1, "FOR", "FOR") + f"resolution_at(1, {61 * DAY}). rule_in_force(1, 105).",
             holds={"adopted_proposal(1)", "rule_changes_prevented(1)"}),
        Case("R107 R1607 a notice that does not specify the vote collector or the text initiates nothing",
             referendum() + votes(1, "FOR", "FOR") + "notice_given(1). notice_specifies(1, matter). "
             "notice_specifies(1, method). notice_specifies(1, options). notice_essential(1, author). "
             "notice_essential(1, coauthors). notice_essential(1, class). notice_essential(1, chamber). "
             "notice_essential(1, adoption_index). notice_quorum(1, 2).",
             holds={"notice_lacks(1, collector)", "notice_lacks(1, essential(text))", "not_initiated(1)"},
             never={"resolved(1)", "adopted_proposal(1)", "notice_lacks(1, essential(author))", "quorum_not_stated(1)"}),
        Case("R107 R2201 a notice purporting to initiate, undoubted for a week, is ratified valid",
             referendum(extra="quorum_given({d}, 2). adoption_index_given({d}, 300).") + votes(1, "FOR", "FOR")
             + f"notice_given(1). as_of({2 * WEEK}). rule_in_force(1, 2201).",
             holds={"notice_ratified(1)", "resolved(1)", "adopted_proposal(1)", "quorum_not_stated(1)"},
             never={"not_initiated(1)", "notice_lacks(1, essential(chamber))"}),
        Case("R107 the voting period of a decision with two options is at least 5 days; with one, as set",
             referendum(extra="quorum_given({d}, 2). rule_parameter({d}, voting_period_days, 3).") + votes(1, "FOR")
             + election(4, "A") + "rule_parameter(4, voting_period_days, 3).",
             holds={f"voting_period_end(1, {5 * DAY})", "voting_period_raised(1, 5)", f"voting_period_end(4, {3 * DAY})"}),
        Case("R107 the vote collector SHALL end a decision with fewer than two options, resolving it",
             election(4, "A") + votes(4, "A") + election(5, "A") + f'resolution_at(5, 100). resolver(5, "a"). as_of({WEEK}).',
             holds={"early_end_duty_broken(4)"}, never={"early_end_duty_broken(5)"}),
        Case("R879 a misstated quorum changes nothing; R208 SHALL resolve a required decision in a timely fashion",
             referendum() + votes(1, "FOR", "FOR") + FULL_NOTICE + "notice_quorum(1, 3). initiation_required(1). "
             f'resolution_at(1, {15 * DAY}). office_name("Assessor"). office_holder("Assessor", "a").',
             never={"quorum_not_stated(1)"}, holds={"quorum_misstated(1, 3, 2)", "quorum(1, 2)",
                                                   f"resolution_deadline(1, {2 * WEEK})", "timely_resolution_broken(1)"}),
        Case("R208 no vote collector (a vacant office): no one is bound to resolve it",
             referendum() + votes(1, "FOR", "FOR") + f"initiation_required(1). resolution_at(1, {15 * DAY}).",
             holds={f"resolution_deadline(1, {2 * WEEK})"}, never={"timely_resolution_broken(1)"}),
        Case("R208 items 2-4 a resolution message that gives no tally is INEFFECTIVE",
             referendum() + votes(1, "FOR", "FOR") + "announcement_checked(1). announced_matter(1). "
             f"announced_voters(1, 2). announced_outcome(1, adopted). resolution_at(1, {WEEK}).",
             holds={"resolution_lacks(1, tally)", "resolution_incomplete(1)"},
             never={"resolved(1)", "resolution_lacks(1, voters)", "resolution_lacks(1, matter)"}),
        Case("R2168 the vote collector SHALL name every slacker within four days of the extension",
             referendum(extra="last_referendum_voters({d}, 7). rule_in_force({d}, 2168).") + votes(1, "FOR", "FOR")
             + 'office_name("Assessor"). office_holder("Assessor", "a"). '
             + "".join(f'reminder_names(1, 1, "{p}"). ' for p in "cde") + f'reminder_at(1, 1, {WEEK + DAY}). '
             f'reminder_by(1, 1, "a"). as_of({3 * WEEK}).',
             holds={'slacker(1, 1, "f")', 'reminder_omits(1, 1, "f")', f"reminder_deadline(1, {WEEK + 4 * DAY})",
                    "reminder_duty_broken(1)"}, never={'slacker(1, 1, "a")'}),
        Case("R2168 a reminder by the collector in time naming every slacker fulfils the duty",
             referendum(extra="last_referendum_voters({d}, 7). rule_in_force({d}, 2168).") + votes(1, "FOR", "FOR")
             + 'office_name("Assessor"). office_holder("Assessor", "a"). '
             + "".join(f'reminder_names(1, 1, "{p}"). ' for p in "cdef") + f'reminder_at(1, 1, {WEEK + DAY}). '
             f'reminder_by(1, 1, "a"). as_of({3 * WEEK}).',
             holds={"reminder_issued(1)"}, never={"reminder_duty_broken(1)"}),
    ], base=COUNTING),
    "agora/ballots.lp": Table(RESOLVE, [
        Case("R208 item 3 a voter whose ballot was withdrawn is no voter",
             referendum() + ballot(1, 1, "a", 'opt("FOR")', seq=1) + 'withdrawal(1, "a", 2).',
             holds={"voter_count(1, 0)"}, never={'voter(1, "a")'}),
        Case("R683 item 1 a ballot after the voting period is invalid",
             referendum() + ballot(1, 1, "a", 'opt("FOR")', at=2 * WEEK),
             holds={"ballot_invalid(1, after_voting_period)", "voter_count(1, 0)"}, never={'voter(1, "a")'}),
        Case("R683 item 1 a ballot before the decision's initiation is invalid",
             referendum(at=DAY) + ballot(1, 1, "a", 'opt("FOR")', at=10),
             holds={"ballot_invalid(1, before_initiation)"}),
        Case("R683 a ballot on no decision is invalid",
             referendum() + ballot(1, 99, "a", 'opt("FOR")'), holds={"ballot_invalid(1, no_such_decision)"}),
        Case("R683 item 2 a voter who was not a player at initiation",
             referendum() + ballot(1, 1, "z", 'opt("FOR")'), holds={"ballot_invalid(1, not_a_player_at_initiation)"}),
        Case("R2528 a vote that is no option of the decision is invalid; PRESENT always is",
             referendum() + ballot(1, 1, "a", 'opt("MAYBE")') + ballot(2, 1, "b", "present"),
             holds={"ballot_invalid(1, not_a_valid_vote)", "valid_ballot(2)", 'voter(1, "b")'},
             never={"valid_ballot(1)", "ballot_invalid(2, not_a_valid_vote)"}),
        Case("R683 item 6 a second ballot while the first stands is invalid",
             referendum() + ballot(1, 1, "a", 'opt("FOR")', seq=1) + ballot(2, 1, "a", 'opt("AGAINST")', seq=2),
             holds={"valid_ballot(1)", "ballot_invalid(2, already_has_a_valid_ballot)"}),
        Case("R683 to change a vote: withdraw, then submit again",
             referendum() + ballot(1, 1, "a", 'opt("FOR")', seq=1) + 'withdrawal(1, "a", 2). ' +
             ballot(3, 1, "a", 'opt("AGAINST")', seq=3),
             holds={"withdrawn(1)", "valid_ballot(3)", "voter_count(1, 1)", 'tally(1, "AGAINST", 3)'},
             never={"valid_ballot(1)"}),
        Case("R683 a withdrawal after the voting period is INEFFECTIVE",
             referendum() + ballot(1, 1, "a", 'opt("FOR")', seq=1) + f'withdrawal(1, "a", 2). withdrawal_at(1, "a", 2, {2 * WEEK}).',
             holds={"valid_ballot(1)"}, never={"withdrawn(1)"}),
    ], base=COUNTING),
    "agora/strength.lp": Table(RESOLVE, [
        Case("R2422 the default voting strength is 3",
             referendum() + votes(1, "FOR"), holds={'strength(1, "a", 3)', 'base_strength(1, "a", 3)'}),
        Case("R103 the Speaker has voting strength one greater",
             referendum() + votes(1, "FOR") + 'speaker("a"). rule_in_force(1, 103).',
             holds={'strength(1, "a", 4)', 'strength_modifier(1, "a", 103, 1)'}),
        Case("R103 not in force: no Speaker's bonus",
             referendum() + votes(1, "FOR") + 'speaker("a").', holds={'strength(1, "a", 3)'}),
        Case("R2556 one less for every 3 blots",
             referendum() + votes(1, "FOR") + 'blot_count("a", 7). rule_in_force(1, 2556).',
             holds={'strength(1, "a", 1)'}),
        Case("R2422 a strength below the range is the minimum",
             referendum() + votes(1, "FOR") + 'blot_count("a", 30). rule_in_force(1, 2556).',
             holds={'strength(1, "a", 0)'}),
        Case("R2422 Buy Strength (/9: no cap), and a strength above the range is the maximum",
             referendum() + votes(1, "FOR") + 'strength_bought(1, "a", 20). decision_rule_revision(1, 2422, 9).',
             holds={'strength(1, "a", 15)'}),
        Case("R2422/8 counts at most 3 purchases of strength on a decision (the default revision)",
             referendum() + votes(1, "FOR") + 'strength_bought(1, "a", 5).',
             holds={'strength(1, "a", 6)', 'bought_uncounted(1, "a", 2, 8)'}),
        Case("R2422/9 counts purchases only on an ordinary referendum (R2606: AI below 3.0)",
             referendum(extra="quorum_given({d}, 2). adoption_index_given({d}, 300).") + votes(1, "FOR")
             + 'strength_bought(1, "a", 5). decision_rule_revision(1, 2422, 9).',
             holds={'strength(1, "a", 3)', 'bought_uncounted(1, "a", 5, 9)'}),
        Case("R2422/10 has no Buy Strength: nothing bought counts",
             referendum() + votes(1, "FOR") + 'strength_bought(1, "a", 2). decision_rule_revision(1, 2422, 10).',
             holds={'strength(1, "a", 3)', 'bought_uncounted(1, "a", 2, 10)'}, never={'bought_counted(1, "a", 2)'}),
        Case("R2481 item 3 during a Festival Festive players have the maximum, the others the minimum",
             referendum() + votes(1, "FOR", "AGAINST") + 'festivity(1). festive("a"). rule_in_force(1, 2481).',
             models=[{'strength(1, "a", 15)', 'strength(1, "b", 0)', 'strength(1, "c", 0)', 'strength(1, "d", 0)',
                      'strength(1, "e", 0)', 'strength(1, "f", 0)'}]),
        Case("R2422 a strength stated for the decision replaces the calculation",
             referendum() + votes(1, "FOR") + 'strength_given(1, "a", 5). speaker("a"). rule_in_force(1, 103).',
             holds={'strength(1, "a", 5)', 'tally(1, "FOR", 5)'}, never={'strength(1, "a", 4)'}),
        Case("R2637 each item of an office's Ministry Interest naming the proposal's Chamber: 2 more for its holder",
             referendum() + votes(1, "FOR", "AGAINST") + 'decision_chamber(1, "Economy"). rule_in_force(1, 2637). '
             'interest_item(1, "a", "Ministor", 1, "Economy"). interest_item(1, "a", "Ministor", 2, "Economy"). '
             'interest_item(1, "b", "Herald", 1, "Legacy").',
             holds={'strength(1, "a", 7)', 'strength(1, "b", 3)', 'strength_modifier(1, "a", 2637, 4)'}),
        Case("R2422/8 Buy Strength: 2 greater per purchase where the player's Focus (R2638) is the proposal's Chamber",
             referendum() + votes(1, "FOR", "AGAINST") + 'decision_chamber(1, "Economy"). strength_bought(1, "a", 2). '
             'decision_focus(1, "a", "Economy"). strength_bought(1, "b", 2). decision_focus(1, "b", "Legacy").',
             holds={'strength(1, "a", 7)', 'strength(1, "b", 5)', 'strength_modifier(1, "a", 2422, 4)'}),
        Case("R2422/8 the Focus counts only on a proposal's decision, and not under /9",
             referendum() + votes(1, "FOR") + 'strength_bought(1, "a", 1). decision_focus(1, "a", "Economy"). '
             + referendum(2, extra="quorum_given({d}, 2). adoption_index_given({d}, 100).") + votes(2, "FOR", first=2) + 'decision_chamber(2, "Economy"). '
             'strength_bought(2, "a", 1). decision_focus(2, "a", "Economy"). decision_rule_revision(2, 2422, 9).',
             holds={'strength(1, "a", 4)', 'strength(2, "a", 4)'}, never={'focus_on_chamber(2, "a")'}),
        Case("R2422/8 the Focus per purchase (the judge's): 2 greater for those made with the Chamber, of the first three",
             referendum() + votes(1, "FOR", "AGAINST") + 'decision_chamber(1, "Economy"). strength_bought(1, "a", 3). '
             'purchase_focus(1, "a", 1, "Legacy"). purchase_focus(1, "a", 3, "Economy"). strength_bought(1, "b", 4). '
             'purchase_focus(1, "b", 4, "Economy").',
             holds={'strength(1, "a", 7)', 'strength_modifier(1, "a", 2422, 4)', 'strength(1, "b", 6)',
                    'bought_uncounted(1, "b", 1, 8)'}, never={'focused_purchase(1, "a", 1)'}),
        Case("R2645 the Sabotage Stone raises the adoption index by 1, never past 9.9 (R1950)",
             referendum(extra="quorum_given({d}, 2). adoption_index_given({d}, 150).") + votes(1, "FOR", "FOR", "AGAINST")
             + "rule_in_force(1, 2645). adoption_index_raised(1, 1). "
             + referendum(2, extra="quorum_given({d}, 2). adoption_index_given({d}, 950).")
             + "rule_in_force(2, 2645). adoption_index_raised(2, 2).",
             holds={"adoption_index_hundredths(1, 250)", "outcome(1, rejected)", "adoption_index_hundredths(2, 950)"},
             never={"adoption_index_hundredths(1, 150)"}),
        Case("R2645 without the rule in force no Sabotage: the index stays",
             referendum(extra="quorum_given({d}, 2). adoption_index_given({d}, 150).") + votes(1, "FOR", "FOR", "AGAINST")
             + "adoption_index_raised(1, 1).",
             holds={"adoption_index_hundredths(1, 150)", "outcome(1, adopted)"}),
        Case("R2422 the default as the ruleset in force at initiation sets it",
             referendum() + votes(1, "FOR") + "rule_parameter(1, default_voting_strength, 4).",
             holds={'strength(1, "a", 4)'}),
    ], base=COUNTING),
    "agora/conditional.lp": Table(RESOLVE, [
        Case("R2528 a conditional vote is a valid vote",
             referendum() + votes(1, "FOR") + conditional(2, "b", "FOR", "AGAINST", "condition_known({c}, true).") + COUNTING,
             holds={"valid_ballot(2)", "evaluated_ballot(2)"}, never={"ballot_invalid(2, not_a_valid_vote)"}),
        Case("R2127 an endorsement evaluates to the endorsed person's vote (consistency run)",
             referendum() + votes(1, "FOR") + endorse(2, "b", "a"), models=[{'ballot_value(1, opt("FOR"))', 'ballot_value(2, opt("FOR"))'}]),
        Case("R2127 endorsing someone without a valid ballot counts PRESENT",
             referendum() + votes(1, "FOR") + endorse(2, "b", "c"), models=[{'ballot_value(1, opt("FOR"))', "ballot_value(2, present)"}]),
        Case("R2127 a vote on its own decision's outcome that agrees either way has two consistent values",
             referendum() + votes(1, "FOR") + ballot(3, 1, "c", 'opt("AGAINST")') +
             conditional(2, "b", "FOR", "AGAINST", SELF_ADOPTED),
             models=[{'ballot_value(1, opt("FOR"))', 'ballot_value(2, opt("FOR"))', A3}, {'ballot_value(1, opt("FOR"))', 'ballot_value(2, opt("AGAINST"))', A3}]),
        Case("R2127 a vote that contradicts its own outcome has no consistent value and counts PRESENT",
             referendum() + votes(1, "FOR") + ballot(3, 1, "c", 'opt("AGAINST")') +
             conditional(2, "b", "AGAINST", "FOR", SELF_ADOPTED),
             models=[{"no_consistent_value(2)"}], holds={"counted(2, present)"}),
        Case("R2127 a condition whose truth the input gives",
             referendum() + votes(1, "FOR") + conditional(2, "b", "AGAINST", "FOR", "condition_known({c}, true)."),
             models=[{'ballot_value(1, opt("FOR"))', 'ballot_value(2, opt("AGAINST"))'}]),
        Case("R2127 counting: a single consistent value is determinate and counts as it",
             referendum() + votes(1, "FOR") + endorse(2, "b", "a") + COUNTING + 'consistent_value(2, opt("FOR")).',
             holds={'determinate_value(2, opt("FOR"))', 'counted(2, opt("FOR"))', 'tally(1, "FOR", 6)'}),
        Case("R2127 counting: several consistent values are indeterminate and count PRESENT",
             referendum() + votes(1, "FOR") + ballot(3, 1, "c", 'opt("AGAINST")') +
             conditional(2, "b", "FOR", "AGAINST", SELF_ADOPTED) + COUNTING +
             'consistent_value(2, opt("FOR")). consistent_value(2, opt("AGAINST")).',
             holds={"indeterminate(2)", "counted(2, present)", "present_strength(1, 3)", "outcome(1, rejected)"}),
    ]),
    "agora/runoff.lp": Table(RESOLVE, [
        Case("R2127 a list whose entry endorses another voter ranks that voter's list in its place",
             election(5, "A", "B", method="instant_runoff") +
             'node_decision(9, 5). list_vote(9). list_entry(9, 1, "A"). cast(1, 5, "a", 1). ballot_root(1, 9). '
             'node_decision(7, 5). list_vote(7). node_decision(8, 5). endorse_vote(8, "a"). list_entry_vote(7, 1, 8). '
             'list_entry(7, 2, "B"). cast(2, 5, "b", 2). ballot_root(2, 7). consistent_value(2, clist(7, (list(9), nil))).',
             holds={'ranks(2, 1001, "A")', 'ranks(2, 2000, "B")', 'round_votes(5, 1, "A", 6)', 'outcome(5, opt("A"))'}),
        Case("R955 item 2 a majority of first preferences wins in the first round",
             election(5, "A", "B", "C", method="instant_runoff") + ranked(1, 5, "a", "A", "B") +
             ranked(2, 5, "b", "A", "C") + ranked(3, 5, "c", "B", "A"),
             models=[{'outcome(5, opt("A"))'}], holds={'round_winner(5, 1, "A")', 'round_votes(5, 1, "A", 6)'}),
        Case("R955 item 2 the option with the fewest votes is eliminated and its votes move on",
             election(5, "A", "B", "C", method="instant_runoff") + ranked(1, 5, "a", "A") + ranked(2, 5, "b", "A") +
             ranked(3, 5, "c", "C", "B") + ranked(4, 5, "d", "B") + ranked(5, 5, "e", "B"),
             models=[{'outcome(5, opt("B"))'}],
             holds={'eliminated(5, 1, "C")', 'round_votes(5, 2, "B", 9)', 'round_winner(5, 2, "B")'}),
        Case("R955 item 2 a tie for the fewest: the vote collector selects, each selection a model",
             election(5, "A", "B", method="instant_runoff") + ranked(1, 5, "a", "A") + ranked(2, 5, "b", "B"),
             models=[{'outcome(5, opt("A"))'}, {'outcome(5, opt("B"))'}], holds={"collector_tie(5)"}),
        Case("R955 item 2 entries that are no valid option are eliminated before the first round",
             election(5, "A", "B", method="instant_runoff") + ranked(1, 5, "a", "Z", "A") + ranked(2, 5, "b", "A") +
             ranked(3, 5, "c", "B"),
             holds={'ranks(1, 2, "A")', 'outcome(5, opt("A"))'}, never={'ranks(1, 1, "Z")'}),
        Case("R2528 item 3 a single option is no valid vote of an instant runoff decision",
             election(5, "A", "B", method="instant_runoff") + ballot(1, 5, "a", 'opt("A")'),
             holds={"ballot_invalid(1, not_a_valid_vote)"}),
    ], base=COUNTING),
    "agora/resolve_show.lp": Table((*RESOLVE, "agora/resolve_show.lp"), [
        Case("R955 the outcome, the tally and the voters are shown",
             referendum() + votes(1, "FOR", "AGAINST", "FOR"), shown=True,
             holds={"outcome(1, adopted)", 'tally(1, "FOR", 6)', 'voter(1, "a")', "quorum(1, 2)",
                    "adopted_proposal(1)", "instrument_power_hundredths(1, 100)"}),
        Case("the steps that lead there are not shown",
             referendum() + votes(1, "FOR", "AGAINST", "FOR"), shown=True,
             never={"raw_outcome(1, adopted)", "ai_majority_adopts(1)", "option_count(1, 2)", "submitted(1)"}),
        Case("R683 why a ballot does not count is shown",
             referendum() + ballot(1, 1, "z", 'opt("FOR")'), shown=True,
             holds={"ballot_invalid(1, not_a_player_at_initiation)"}),
    ], base=COUNTING),
    "agora/proposals.lp": Table(LIFECYCLE, [
        Case("R2595 item 3 R1728 without objection needs the intent 4 days before",
             PEOPLE + timeline(create(1, 0, "p", "a"), f'event_at(2, {2 * DAY}). ev_pend(2, p, "c", without_objection). '
                               f'ev_intent(2, {DAY // 2}).'),
             holds={"event_failed(2, dependent(intent_too_recent))"}),
        Case("R2124 the Promotor's pending needs 2+X support (X: eir pendings in the past 7 days)",
             PEOPLE + PROMOTOR_B + timeline(create(1, 0, "p", "a"), f'event_at(2, {DAY}). ev_pend(2, p, "b", promotor). '
                                            f'ev_intent(2, {DAY // 2}). ev_supporter(2, "a").'),
             holds={"dependent(2, with_support(2))", "event_failed(2, dependent(too_little_support))"}),
        Case("R2481 item 4 during a Festival non-Festive players CANNOT pend",
             PEOPLE + 'lifecycle_rule(2481). festivity(1). festive("a"). pendants("c", 1). ' +
             timeline(create(1, 0, "p", "a"), 'event_at(2, 60). ev_pend(2, p, "c", pendant).'),
             holds={"event_failed(2, not_festive)"}, never={"pend_effective(2, p)"}),
        Case("R2605 R2607 a chamber that is no ministry is not set",
             PEOPLE + timeline(create(1, 0, "p", "a", 'ev_chamber(1, "Fun").')),
             holds={"chamber_not_set(p, not_a_ministry)"}, never={'proposal_chamber(p, "Fun")'}),
        Case("R2625 the Promotor CAN recycle a proposal whose referendum failed quorum in the last 7 days",
             PEOPLE + PROMOTOR_B + 'pendants("c", 1). last_referendum_voters(9001, 6). ' +
             f"resolution_at(9001, {8 * DAY}). " +
             timeline(create(1, 0, "p", "a"), 'event_at(2, 60). ev_pend(2, p, "c", pendant).',
                      'event_at(3, 100). ev_distribute(3, p, "b", 9001).',
                      f'event_at(4, {9 * DAY}). ev_recycle(4, 9001, "b").'),
             holds={"outcome(9001, failed_quorum)", "recycled(p, 4)", "in_pool_at_end(p)"}),
        Case("R2625 not once the 7 days have passed",
             PEOPLE + PROMOTOR_B + 'pendants("c", 1). last_referendum_voters(9001, 6). ' +
             f"resolution_at(9001, {8 * DAY}). " +
             timeline(create(1, 0, "p", "a"), 'event_at(2, 60). ev_pend(2, p, "c", pendant).',
                      'event_at(3, 100). ev_distribute(3, p, "b", 9001).',
                      f'event_at(4, {16 * DAY}). ev_recycle(4, 9001, "b").'),
             holds={"event_failed(4, not_failed_quorum)"}, never={"recycled(p, 4)"}),
        Case("R2606 R2124 a class flip with 2 Agoran consent needs more than twice as many supporters as objectors",
             PEOPLE + 'player("d"). player("e"). ' + timeline(
                 create(1, 0, "p", "a"),
                 f'event_at(2, {5 * DAY}). ev_flip_class(2, p, "b"). ev_intent(2, 60). ev_supporter(2, "a"). '
                 'ev_supporter(2, "c"). ev_objector(2, "d").',
                 f'event_at(3, {5 * DAY + 1}). ev_flip_class(3, p, "c"). ev_intent(3, 60). ev_supporter(3, "a"). '
                 'ev_supporter(3, "b"). ev_supporter(3, "e"). ev_objector(3, "d").'),
             holds={"event_failed(2, dependent(too_little_consent))", "flip_class_effective(3, p)",
                    "proposal_class(p, democratic)"}),
        Case("R2607 the Promotor CAN set an unset chamber by announcement, once; a democratic proposal has none",
             PEOPLE + PROMOTOR_B + timeline(create(1, 0, "p", "a"), 'event_at(2, 60). ev_set_chamber(2, p, "b", "Economy", promotor).',
                                            'event_at(3, 61). ev_set_chamber(3, p, "b", "Legacy", promotor).',
                                            create(4, 62, "q", "a", "ev_ai(4, 300)."),
                                            'event_at(5, 63). ev_set_chamber(5, q, "b", "Legacy", promotor).'),
             holds={'proposal_chamber(p, "Economy")', "event_failed(3, already_set)", "event_failed(5, not_ordinary)"},
             never={'proposal_chamber(p, "Legacy")'}),
        Case("R2350 a player CAN create a proposal with a text; it enters the Pool",
             PEOPLE + timeline(create(1, 0, "p", "a")),
             holds={"created(p, 1)", 'author(p, "a")', "in_pool_at_end(p)", "proposal_class(p, ordinary)"}),
        Case("R2350 a non-player CANNOT create a proposal",
             PEOPLE + timeline(create(1, 0, "p", "z")), holds={"event_failed(1, not_a_player)"},
             never={"created(p, 1)"}),
        Case("R2350 the coauthors must be persons other than the author",
             PEOPLE + timeline(create(1, 0, "p", "a", 'ev_coauthor(1, "a").')),
             holds={"event_failed(1, coauthor_is_author)"}),
        Case("R2606 an adoption index of 3.0 makes it democratic; R2607 then it has no chamber",
             PEOPLE + timeline(create(1, 0, "p", "a", 'ev_ai(1, 300). ev_chamber(1, "Economy").')),
             holds={"proposal_class(p, democratic)", "chamber_not_set(p, democratic)"},
             never={'proposal_chamber(p, "Economy")'}),
        Case("R2607 an ordinary proposal's chamber is a ministry",
             PEOPLE + timeline(create(1, 0, "p", "a", 'ev_chamber(1, "Economy").')),
             holds={'proposal_chamber(p, "Economy")'}),
        Case("R2622 paying a Pendant pends it, and a non-author becomes a coauthor (sponsor)",
             PEOPLE + 'pendants("c", 1). ' + timeline(create(1, 0, "p", "a"), 'event_at(2, 60). ev_pend(2, p, "c", pendant).'),
             holds={"pend_effective(2, p)", 'sponsor(p, "c")', 'coauthor(p, "c")'}),
        Case("R2622 without a Pendant to pay e CANNOT",
             PEOPLE + timeline(create(1, 0, "p", "a"), 'event_at(2, 60). ev_pend(2, p, "c", pendant).'),
             holds={"event_failed(2, no_pendant)"}, never={"pend_effective(2, p)"}),
        Case("R2622 any player CAN pend it without objection, 4 days after the intent",
             PEOPLE + timeline(create(1, 0, "p", "a"), f'event_at(2, {5 * DAY}). ev_pend(2, p, "c", without_objection). '
                               f'ev_intent(2, {DAY // 2}).'),
             holds={"pend_effective(2, p)"}),
        Case("R2622 an objection stops a pending without objection",
             PEOPLE + timeline(create(1, 0, "p", "a"), f'event_at(2, {5 * DAY}). ev_pend(2, p, "c", without_objection). '
                               f'ev_intent(2, {DAY // 2}). ev_objector(2, "b").'),
             holds={"event_failed(2, dependent(too_many_objections))"}),
        Case("R1607 the Promotor distributes it: the referendum is initiated, ILLEGAL unless pending",
             PEOPLE + PROMOTOR_B + timeline(create(1, 0, "p", "a"), 'event_at(2, 100). ev_distribute(2, p, "b", 9001).'),
             holds={"distributed(p, 9001, 2)", "decision(9001)", "initiated_at(9001, 100)", 'proposal_author(9001, "a")',
                    "distribution_illegal(2)"}, never={"in_pool_at_end(p)"}),
        Case("R1607 only the Promotor CAN distribute while the office is held",
             PEOPLE + PROMOTOR_B + timeline(create(1, 0, "p", "a"), 'event_at(2, 100). ev_distribute(2, p, "c", 9001).'),
             holds={"event_failed(2, not_the_promotor)"}, never={"decision(9001)"}),
        Case("R1607 with the office vacant any player CAN distribute without 3 objections",
             PEOPLE + timeline(create(1, 0, "p", "a"), f'event_at(2, {5 * DAY}). ev_distribute(2, p, "c", 9001). '
                               f'ev_intent(2, {DAY // 2}).'),
             holds={"distribute_route(2, without_3_objections)", "decision(9001)"}),
        Case("R2350 the author CAN remove eir proposal from the Pool",
             PEOPLE + timeline(create(1, 0, "p", "a"), 'event_at(2, 100). ev_remove(2, p, "a").'),
             holds={"removed(p, 2)", "remove_route(2, author)"}, never={"in_pool_at_end(p)"}),
        Case("R1607 the Promotor CANNOT remove one within 7 days",
             PEOPLE + PROMOTOR_B + timeline(create(1, 0, "p", "a"), f'event_at(2, {DAY}). ev_remove(2, p, "b").'),
             holds={"event_failed(2, within_7_days)"}, never={"removed(p, 2)"}),
        Case("R1607 the Promotor CAN remove one not pending after 7 days",
             PEOPLE + PROMOTOR_B + timeline(create(1, 0, "p", "a"), f'event_at(2, {8 * DAY}). ev_remove(2, p, "b").'),
             holds={"removed(p, 2)", "remove_route(2, promotor)"}),
        Case("R1607 R1023 a pending proposal in the Pool at the start of an Agoran week SHALL be distributed in it",
             PEOPLE + PROMOTOR_B + 'pendants("c", 1). ' +
             timeline(create(1, 0, "p", "a"), f'event_at(2, {DAY}). ev_pend(2, p, "c", pendant).', end=3 * WEEK),
             holds={"distribution_duty_broken(p, 1)", "distribution_duty_broken(p, 2)"},
             never={"distribution_duty_broken(p, 0)", "distribution_duty_broken(p, 3)"}),
        Case("R208 R1607 a referendum the Promotor had to distribute that week was required to be initiated",
             PEOPLE + PROMOTOR_B + 'pendants("c", 1). ' +
             timeline(create(1, 0, "p", "a"), f'event_at(2, {DAY}). ev_pend(2, p, "c", pendant).',
                      create(3, DAY, "q", "a"), f'event_at(4, {WEEK + DAY}). ev_distribute(4, p, "b", 9001).',
                      f'event_at(5, {WEEK + DAY}). ev_distribute(5, q, "b", 9002).', end=2 * WEEK),
             holds={"initiation_required(9001)"}, never={"initiation_required(9002)"}),
        Case("R2451 the Prime Minister's Manifesto distributes a proposal, once per Agoran week",
             PEOPLE + PROMOTOR_B + 'office_holder("Prime Minister", "c"). lifecycle_rule(2451). ' +
             timeline(create(1, 0, "p", "a"), create(2, 0, "q", "a"),
                      f'event_at(3, {DAY}). ev_distribute(3, p, "c", 9001). ev_manifesto(3). ev_month(3, 24253).',
                      f'event_at(4, {2 * DAY}). ev_distribute(4, q, "c", 9002). ev_manifesto(4). ev_month(4, 24253).'),
             holds={"distribute_route(3, manifesto)", "decision(9001)", "event_failed(4, order_this_week)",
                    "event_failed(4, manifesto_this_month)"}, never={"distribution_illegal(3)", "decision(9002)"}),
        Case("R2451 no Cabinet Order associated with a vacant office; only the Prime Minister issues one",
             PEOPLE + 'office_holder("Prime Minister", "c"). lifecycle_rule(2451). ' +
             timeline(create(1, 0, "p", "a"), create(2, 0, "q", "a"),
                      f'event_at(3, {DAY}). ev_distribute(3, p, "c", 9001). ev_manifesto(3). ev_month(3, 24253).',
                      f'event_at(4, {WEEK + DAY}). ev_distribute(4, q, "b", 9002). ev_manifesto(4). ev_month(4, 24254).'),
             holds={"event_failed(3, promotor_vacant)", "event_failed(4, not_the_prime_minister)"},
             never={"decision(9001)", "event_failed(3, not_a_player)"}),
        Case("R2607 a chamber set to another ministry than the one whose goals it effects most: advice unheeded",
             PEOPLE + PROMOTOR_B + timeline(create(1, 0, "p", "a", 'ev_effects_most(1, "Economy").'),
                                            'event_at(2, 10). ev_set_chamber(2, p, "b", "Legacy", promotor).',
                                            create(3, 20, "q", "a", 'ev_effects_most(3, "Economy"). ev_chamber(3, "Economy").')),
             holds={'chamber_advice_unheeded(p, 2, "Legacy")', 'proposal_chamber(p, "Legacy")'},
             never={"chamber_advice_unheeded(q, 3, \"Economy\")"}),
        Case("R1607 a Promotor's report is checked against the Pool and the attributes at its time",
             PEOPLE + PROMOTOR_B + timeline(create(1, 0, "p", "a", 'ev_text(1, "T").'), create(2, 0, "q", "a"),
                                            create(3, 0, "r", "c"), 'event_at(4, 10). ev_remove(4, r, "c").',
                                            'event_at(5, 20). ev_report(5). report_lists(5, p). report_lists(5, r). '
                                            'report_attr(5, p, author, "b"). report_attr(5, p, text, "T"). '
                                            'report_attr(5, p, ai, 100). report_attr(5, p, chamber, unset). '
                                            'report_gives_coauthors(5, p).'),
             holds={"report_omits(5, q)", "report_extra(5, r)", "report_misstates(5, p, author)",
                    "report_lacks(5, p, class)", "report_lacks(5, p, pending)"},
             never={"report_misstates(5, p, text)", "report_misstates(5, p, ai)", "report_misstates(5, p, chamber)",
                    "report_misstates(5, p, coauthors)", "report_ratified(5)", "report_lacks(5, p, chamber)"}),
        Case("R1607 R2201 R1551 a report undoubted for a week ratifies the Pool and the attributes it states",
             PEOPLE + PROMOTOR_B + timeline(create(1, 0, "p", "a"), create(2, 0, "q", "a"),
                                            'event_at(3, 20). ev_report(3). report_lists(3, p). '
                                            'report_attr(3, p, pending, true). report_attr(3, p, author, "b"). '
                                            'report_attr(3, p, class, democratic).',
                                            f'event_at(4, {DAY}). ev_remove(4, q, "a").',
                                            f'event_at(5, {DAY}). ev_distribute(5, p, "b", 9001).')
             + f"as_of({2 * WEEK}).",
             holds={"report_ratified(3)", "leaves_pool(q, 3)", "pended(p, 5)", "proposal_author(9001, \"b\")",
                    "democratic_referendum(9001)", "event_failed(4, not_in_pool)"},
             never={"distribution_illegal(5)", "in_pool(q, 4)"}),
        Case("R1607 R2201 a report doubted within its week is not ratified",
             PEOPLE + PROMOTOR_B + timeline(create(1, 0, "p", "a"), 'event_at(2, 20). ev_report(2). '
                                            f'report_doubt_at(2, {DAY}).', f'event_at(3, {DAY + 1}). ev_remove(3, p, "a").')
             + f"as_of({2 * WEEK}).",
             holds={"report_omits(2, p)", "report_doubted(2)", "removed(p, 3)"}, never={"report_ratified(2)"}),
        Case("R1607 SHOULD remove a proposal more than 7 days in the Pool and not pending",
             PEOPLE + timeline(create(1, 0, "p", "a"), end=8 * DAY), holds={"removal_advised(p)"}),
    ]),
    "agora/resolve.lp": Table(("agora/resolve.lp",), [
        Case("R955 R1950 the resolve part counts a referendum",
             referendum() + votes(1, "FOR", "FOR", "AGAINST"), models=[{"outcome(1, adopted)"}]),
        Case("R683 R2528 the resolve part checks the ballots",
             referendum() + ballot(1, 1, "z", 'opt("FOR")') + ballot(2, 1, "a", 'opt("MAYBE")'),
             holds={"ballot_invalid(1, not_a_player_at_initiation)", "ballot_invalid(2, not_a_valid_vote)"}),
        Case("R2127 the resolve part evaluates an endorsement",
             referendum() + votes(1, "FOR") + endorse(2, "b", "a") + 'consistent_value(2, opt("FOR")).',
             holds={'counted(2, opt("FOR"))'}),
        Case("R2350 R1607 the lifecycle part: a proposal created and distributed initiates its referendum",
             PEOPLE + PROMOTOR_B + timeline(create(1, 0, "p", "a"), 'event_at(2, 100). ev_distribute(2, p, "b", 9001).'),
             parts=("resolve", "lifecycle"), holds={"created(p, 1)", "decision(9001)", "initiated_at(9001, 100)"}),
        Case("without the lifecycle part timed events do nothing",
             PEOPLE + timeline(create(1, 0, "p", "a")), never={"created(p, 1)"}),
        Case("what the driver reads back is shown",
             referendum() + votes(1, "FOR", "FOR", "AGAINST"), shown=True,
             holds={"outcome(1, adopted)", 'tally(1, "FOR", 6)'}, never={"raw_outcome(1, adopted)"}),
    ], base=COUNTING, parts=("resolve",)),
    "agora/popularity.lp": Table((*LIFECYCLE, "agora/popularity.lp"), [
        Case("R2623 R2622 popularity counts valid ballots, not strengths; the most popular sponsored one's author earns once",
             popular_pair() + f'event_at(7, {9 * DAY}). ev_earn_card(7, "b"). event_at(8, {9 * DAY + 1}). '
             f'ev_earn_card(8, "b"). event_at(9, {9 * DAY + 2}). ev_earn_card(9, "a").',
             holds={"popularity(9001, -1, 3)", "popularity(9002, 2, 3)", "outcome(9001, adopted)",
                    "most_popular(7, 9002)", 'earned(7, "b", 9002)', "event_failed(8, already_earned)",
                    "event_failed(9, not_the_author)"}, never={'earned(8, "b", 9002)'}),
        Case("R2623 R2622 an unsponsored proposal is no candidate; a referendum of the same message unresolved blocks",
             popular_pair(resolved_q=False, sponsor_q=False) + f'event_at(7, {9 * DAY}). ev_earn_card(7, "a").',
             holds={"earn_for(7, 9001)", "unresolved_sibling(7, 9002)", "event_failed(7, same_message_unresolved)"},
             never={"earn_candidate(7, 9002)"}),
        Case("R1023 R2623 adopted more than 7 days before: no candidate",
             popular_pair() + f'event_at(7, {16 * DAY + 1}). ev_earn_card(7, "b").',
             holds={"event_failed(7, no_candidate)"}, never={"earn_candidate(7, 9002)"}),
    ]),
    "agora/decision_texts.lp": Table(("agora/decision_texts.lp",), [
        Case("R107 R2168 a notice and a reminder are uses of the 2019 texts",
             "text_revision(107, 20). text_revision(2168, 7). notice_given(1). reminder_at(1, 1, 100).",
             holds={'text_unencoded_use(107, 20, "a notice of initiation (R107/20: invalid for a lack only if '
                    'identified within a week)")',
                    'text_unencoded_use(2168, 7, "a reminder of an extended voting period (R2168/7: upon the extension)")'}),
        Case("R1950 R2350 a referendum with its index given is no use; the lifecycle's proposals are",
             "text_revision(1950, 32). text_revision(2350, 11). on_proposal(1). adoption_index_given(1, 100). "
             "event_at(1, 0).",
             holds={"proposal_index_defaulted",
                    'text_unencoded_use(2350, 11, "the proposal lifecycle (R2350/11: proposals without chambers)")'}),
        Case("R1950 a referendum without an index given is a use of R1950/32",
             "text_revision(1950, 32). on_proposal(1).",
             holds={'text_unencoded_use(1950, 32, "a proposal without an adoption index (R1950/32: \\"none\\" by default)")'}),
        Case("R2422 R2481 strength above 4, bought, a chamber and a Festival under the older texts",
             'text_revision(2422, 5). text_revision(2481, 1). strength_given(1, "a", 5). strength_bought(1, "a", 1). '
             "decision_chamber(1, economy). festivity(1).",
             holds={"strength_above_four", "strength_bought_any", "chamber_given",
                    'text_unencoded_use(2481, 1, "a Festival (R2481/1: its restrictions on Imminence)")'}),
        Case("R2422 R107 the encoded revisions: nothing named",
             'text_revision(2422, 8). text_revision(107, 21). strength_bought(1, "a", 1). notice_given(1).',
             never={'text_unencoded_use(2422, 8, "strength bought (R2422/3-/6: no Buy Strength)")',
                    'text_unencoded_use(107, 21, "a notice of initiation (R107/20: invalid for a lack only if '
                    'identified within a week)")'}),
    ]),
}


@pytest.mark.parametrize("file, case", params(RESOLVE_TABLES))
def test_agora_resolve_case(file: str, case: Case):
    check(RESOLVE_TABLES[file], case)
