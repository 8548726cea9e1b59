"""The judge's facts, built notion by notion. A case becomes one program: each builder below
writes the facts of its notion, in this order (the program's text order is part of the judge's
output: keep it). Events are built by their kind, through `EVENT_BUILDERS`.

A new notion (assets, offices, switches, ...) is a module here with its gamestate builder (a
function of the `CaseBuild`) and its events (`EVENTS`: kind -> builder of one `EventAt`), added to
`NOTIONS` and `EVENT_BUILDERS`; what the facts mean is its encoding's (encodings/agora/)."""

from __future__ import annotations

from functools import partial

from adjudicator.agora.builders import (assets, decisions, dependent, events, findings, instruments, justice, persons,
                                        pledges, promises, readings, rules, statements, texts, timeline)
from adjudicator.agora.builders import offices, reports
from adjudicator.agora.builders import contracts
from adjudicator.agora.builders import cfjs
from adjudicator.agora.builders import titles
from adjudicator.agora.builders import ribbons
from adjudicator.agora.builders import stones
from adjudicator.agora.builders import auctions
from adjudicator.agora.builders import regulations
from adjudicator.agora.builders import focuses
from adjudicator.agora.builders import rewards
from adjudicator.agora.builders import zombies
from adjudicator.agora.builders import karma
from adjudicator.agora.builders import investigations
from adjudicator.agora.builders import rulekeeping
from adjudicator.agora.builders import fora

EVENT_BUILDERS: dict[str, events.EventBuilder] = {
    **persons.EVENTS, **dependent.EVENTS, **justice.EVENTS, **promises.EVENTS, **decisions.EVENTS,
    **pledges.EVENTS, **instruments.EVENTS, **assets.EVENTS,
    **offices.EVENTS, **reports.EVENTS,
    **contracts.EVENTS, **cfjs.EVENTS, **titles.EVENTS,
    **findings.EVENTS,
    **ribbons.EVENTS,
    **stones.EVENTS,
    **auctions.EVENTS,
    **regulations.EVENTS,
    **focuses.EVENTS,
    **rewards.EVENTS,
    **karma.EVENTS,
    **investigations.EVENTS,
}

NOTIONS = (
    partial(assets.declared_actions, kinds=EVENT_BUILDERS),  # which free-text actions the case declares (no facts)
    texts.rule_texts,                 # which encoded revision each rule's text is (no facts yet)
    rules.rules_in_force,             # the ruleset: IDs, Powers, securings, revisions, precedence policy
    decisions.blognomic_matters,
    readings.chosen_readings,
    persons.entities,
    regulations.regulation_names,     # the regulations' names (R2493; no facts)
    fora.forum_names,                 # the fora's names (R478; no facts)
    decisions.decision_names,         # what statements about the decisions may name (no facts)
    persons.initial_gamestate,
    timeline.timeline,                # the epoch, the events' order and labels, the end of the case
    rules.hypothetical_changes,       # the case's changes, with the rules and clauses they add
    partial(events.build_events, builders=EVENT_BUILDERS),
    statements.outside_gamestate,
    promises.unending_chains,
    decisions.agoran_decisions,
    statements.statements,
    statements.possibilities,
    findings.findings,                # the judge's findings the case states or leaves open
    assets.holdings,                  # the assets each owner holds before the first event (R2578)
    offices.offices_and_switches,     # interim offices, switch values, the record of reports (R1006, R2162, R2143)
    contracts.contracts_at_start,     # the parties and provisions of the case's contracts (R1742)
    titles.titles_and_calendar,       # patent titles, the Birthday Tournament, the years' first instants (R649, R1769)
    ribbons.ribbons_at_start,         # the Ribbons owned when the case begins, and before (R2438)
    stones.stones_at_start,           # each stone unique; the years' first instants for the stones' months (R2640)
    auctions.auction_lots,            # each auction's lots (R2545)
    regulations.messages_and_regulations,  # emergency messages, a regulation's provisions (R2614, R2493)
    focuses.focus_calendar,           # the years' first instants for the Focuses' months (R2638, R2624)
    assets.economy_over_time,         # the Total Buoyancy, Welcome Packages, the Paydays' calendar (R2634, R2559, R2499)
    zombies.zombie_history,           # last announcements, zombies since, Agora last a master, before the record (R2574)
    rewards.reward_calendar,          # the years' first instants for the months of reports rewarded (R2496)
    karma.karma_at_start,             # each holder's karma; the years' first instants for the quarters (R2510)
    rulekeeping.rulekeepor_months,    # the years' first instants for the Rulekeepor's monthly report (R1051)
    cfjs.interested_judges,           # the players interested in judging when the case begins (R991)
    fora.fora_and_messages,           # the fora's Publicity, the fora each message was sent to (R478)
)
