"""The proposal lifecycle as `agora resolve` reports it: what `encodings/agora/proposals.lp`
decided about each timed event (created, pended, removed, distributed, recycled, or why not,
with the rule) and what became of each proposal. Nothing is decided here: the atoms of the
counting model are read back and worded."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from typing import Any, Union

from pydantic import BaseModel, Field

from adjudicator.agora.decisions import EPOCH, Event, ResolveInput, describe_vote
from adjudicator.rulesets.model import Ruleset
from adjudicator.solving.terms import Atoms, fact, program

LIFECYCLE_RULES = (2451, 2481, 2606, 2607, 2623, 2625)  # rules proposals.lp consults (lifecycle_rule/1)

FAILURES = {
    ("create-proposal", "not_a_player"): "R2350: only a player CAN create a proposal",
    ("create-proposal", "no_text"): "R2350: a proposal is created by specifying its text, and none was given",
    ("create-proposal", "coauthor_is_author"): "R2350: coauthors must be persons other than the author",
    ("create-proposal", "adoption_index_out_of_range"): "R1950: an adoption index is a multiple of 0.1 from 1.0 to 9.9",
    ("pend", "not_created"): "R2622: there is no such proposal (it was never created)",
    ("pend", "not_a_player"): "R2622: only a player CAN flip the Pended switch",
    ("pend", "not_festive"): "R2481 item 4: during a Festival, non-Festive players CANNOT cause proposals to become "
                             "Pended",
    ("pend", "no_pendant"): "R2622: e had no Pendant left to pay",
    ("pend", "not_the_promotor"): "R2622: only the Promotor CAN pend with 2+X support",
    ("pend", "not_in_pool"): "R2622: pending with support or without objection needs the proposal in the Proposal Pool",
    ("remove", "not_in_pool"): "R2350, R1607: the proposal is not in the Proposal Pool",
    ("remove", "pending"): "R1607: the Promotor CAN remove only a proposal that is not pending",
    ("remove", "within_7_days"): "R1607: the Promotor CAN remove a proposal only after more than 7 days in the Pool",
    ("remove", "not_author_or_promotor"): "R2350, R1607: only its author or the Promotor CAN remove it",
    ("distribute", "not_in_pool"): "R1607: only a proposal in the Proposal Pool CAN be distributed",
    ("distribute", "not_the_promotor"): "R1607: only the Promotor CAN distribute it (a player holds the office, so "
                                        "the 'without 3 objections' route is closed)",
    ("distribute", "not_a_player"): "R1607: with the office vacant, any *player* CAN distribute without 3 objections",
    ("distribute", "not_the_prime_minister"): "R2451: only the current Prime Minister CAN issue a Cabinet Order",
    ("distribute", "promotor_vacant"): "R2451: Manifesto is associated with the Promotor, and no Cabinet Order "
                                       "associated with a vacant office CAN be issued",
    ("distribute", "order_this_week"): "R2451: the Prime Minister already issued a Cabinet Order this Agoran week "
                                       "(once per week)",
    ("distribute", "manifesto_this_month"): "R2451: the Prime Minister already issued a Cabinet Order associated "
                                            "with the Promotor (Manifesto) this month",
    ("distribute", "not_in_force"): "R2451 is not in force: there is no Cabinet Order Manifesto",
    ("recycle", "not_the_promotor"): "R2625: only the Promotor CAN recycle a proposal",
    ("recycle", "not_a_referendum"): "R2625: that decision is not a referendum distributed in this file",
    ("recycle", "not_failed_quorum"): "R2625: the referendum was not resolved FAILED QUORUM in the last seven days",
    ("recycle", "already_recycled"): "R2625: the Promotor CAN recycle a proposal only once",
    ("flip-class", "not_created"): "R2606: there is no such proposal (it was never created)",
    ("flip-class", "not_a_player"): "R2606: only a player CAN flip a proposal's class",
    ("flip-class", "not_ordinary"): "R2606: only an ordinary proposal's class CAN be flipped to democratic",
    ("flip-class", "not_in_pool_or_voting"): "R2606: the proposal is neither in the Proposal Pool nor on a referendum "
                                             "whose voting period has not ended",
    ("flip-class", "not_in_force"): "R2606 is not in force",
    ("set-chamber", "not_created"): "R2607: there is no such proposal (it was never created)",
    ("set-chamber", "not_a_ministry"): "R2607: a chamber is a ministry of Agora (R2605: Compliance, Legislation, "
                                       "Economy, Legacy, Participation)",
    ("set-chamber", "not_ordinary"): "R2607: chamber is a switch of ordinary proposals only",
    ("set-chamber", "not_the_promotor"): "R2607: only the Promotor CAN set a chamber by announcement",
    ("set-chamber", "not_in_pool"): "R2607: the Promotor sets the chamber of a proposal in the Proposal Pool",
    ("set-chamber", "already_set"): "R2607: the Promotor CAN set a chamber by announcement only while it is unset",
    ("set-chamber", "not_a_player"): "R2607: only a player CAN flip a chamber with 2 Agoran consent",
    ("set-chamber", "not_in_pool_or_voting"): "R2607: the proposal is neither in the Proposal Pool nor on a referendum "
                                              "whose voting period has not ended",
    ("set-chamber", "not_in_force"): "R2607 is not in force",
    ("earn-legislative-card", "no_candidate"): "R2623: no sponsored proposal was adopted in the last 7 days",
    ("earn-legislative-card", "not_in_force"): "R2623 is not in force (no rule gives this privilege)",
}
DEPENDENT_FAILURES = {
    "no_intent": "R2595 item 1: no announcement of intent (give `intent:`)",
    "intent_too_old": "R2595 item 3: the intent was announced more than 14 days before",
    "intent_too_recent": "R2595 item 3: without N objections needs the intent at least 4 days before",
    "intent_after_action": "R2595 item 1: the intent was announced after the action",
    "too_many_objections": "R2124 item 1: too many Objectors",
    "too_little_support": "R2124 item 2: too few Supporters",
    "too_little_consent": "R2124 item 3: Supporters not more than N times the Objectors",
}


class EventResult(BaseModel):
    index: int
    event: str
    at: str
    by: str
    subject: Union[int, str, None]
    effective: bool | None  # None: a ballot or resolution (see the decision)
    illegal: bool = False
    reason: str


class ProposalResult(BaseModel):
    name: str
    title: str | None
    author: str
    coauthors: list[str]
    adoption_index: Decimal | None
    created: bool
    proposal_class: str | None = None  # R2606: ordinary / democratic
    chamber: str | None = None  # R2607
    sponsored: bool = False
    pending: bool = False
    in_pool: bool = False
    id: int | None = None  # R1607: the ID given on distribution
    referendum_outcome: str | None = None
    status: str
    notes: list[str] = Field(default_factory=list)


def _failure(kind: str, why: Any, atoms: Atoms, e: int) -> str:
    text = str(why)
    if text.startswith("dependent("):
        inner = text[len("dependent("):-1]
        reason = DEPENDENT_FAILURES.get(inner, inner)
        method = atoms.first("dependent", 2, e)
        counts = []
        if atoms.first("supporters", 2, e):
            counts.append(f"{atoms.first('supporters', 2, e)[1]} supporter(s)")
        if atoms.first("objectors", 2, e):
            counts.append(f"{atoms.first('objectors', 2, e)[1]} objector(s)")
        needed = f" ({_method_words(method[1])}; {', '.join(counts)})" if method else ""
        return reason + needed
    if kind == "earn-legislative-card" and text in EARNING_FAILURES:
        return EARNING_FAILURES[text](atoms, e)
    return FAILURES.get((kind, text), f"{kind}: {text}")


def _method_words(method: str) -> str:
    """A dependent action's method as R1728 names it: `agoran_consent(20)` is 'with 2 Agoran consent'."""
    consent = re.fullmatch(r"agoran_consent\((\d+)\)", method)
    if consent:
        return f"with {Decimal(consent.group(1)) / 10} Agoran consent"
    return method.replace("_", " ")


def _most_popular(atoms: Atoms, e: int) -> str:
    """The most popular sponsored proposals adopted in the last 7 days at event e, with their popularity."""
    popularity = {r[0]: (r[1], r[2]) for r in atoms.rows("popularity", 3)}
    return ", ".join(f"proposal {d} (popularity {popularity[d][0]}/{popularity[d][1]})"
                     for d in sorted(r[1] for r in atoms.rows("most_popular", 2) if r[0] == e))


EARNING_FAILURES = {
    "not_the_author": lambda atoms, e: ("R2623: e is not the author of the most popular sponsored proposal adopted "
                                        f"in the last 7 days: {_most_popular(atoms, e)}"),
    "same_message_unresolved": lambda atoms, e: (
        "R2623: a referendum initiated in the same message is unresolved: "
        + ", ".join(str(r[1]) for r in sorted(atoms.rows("unresolved_sibling", 2)) if r[0] == e)),
    "already_earned": lambda atoms, e: (f"R2623: e CAN earn it only once for {_most_popular(atoms, e)}, "
                                        "and already did"),
}


def read_lifecycle(data: ResolveInput, model, outcomes: dict[Any, str | None]) -> tuple[list[EventResult], list[ProposalResult]]:
    """Each event's effect and each proposal's state, from the counting model's atoms."""
    if not data.events:
        return [], []
    atoms = Atoms(model, compound_as_text=True)  # the reasons' terms as text
    events: list[EventResult] = []
    for i, ev in enumerate(data.events, 1):
        events.append(_event_result(i, ev, atoms))
    proposals = []
    for i, ev in enumerate(data.events, 1):
        if ev.event == "create-proposal":
            proposals.append(_proposal_result(i, ev, data, atoms, outcomes))
    return events, proposals


def _event_result(i: int, ev: Event, atoms: Atoms) -> EventResult:
    subject = ev.proposal if ev.proposal is not None else ev.decision
    if ev.event == "earn-legislative-card":
        subject = "1 Legislative Card"
    if ev.event == "promotor-report":
        subject = "the Proposal Pool"
    failures = [r[1] for r in atoms.rows("event_failed", 2) if r[0] == i]
    base = dict(index=i, event=ev.event, at=ev.at.isoformat(), by=ev.by, subject=subject)
    if ev.event == "promotor-report":
        return EventResult(**base, effective=True, reason=_report_reason(i, ev, atoms))
    if ev.event in ("vote", "withdraw", "resolve", "doubt", "remind"):
        what = {"vote": f"a ballot ({describe_vote(ev.vote)})", "withdraw": "a withdrawal (R683)",
                "resolve": "a resolution message (R208, R2034)", "doubt": "a claim of error on the resolution (R2201)",
                "remind": "a public reminder naming slackers (R2168)"}
        return EventResult(**base, effective=None, reason=f"{what[ev.event]} on decision {ev.decision}: see the decision")
    if failures:
        return EventResult(**base, effective=False,
                           reason="; ".join(sorted({_failure(ev.event, w, atoms, i) for w in failures})))
    if ev.event == "create-proposal":
        reason = "R2350: created by announcement and added to the Proposal Pool"
    elif ev.event == "pend":
        reason = {"pendant": "R2622: paid 1 Pendant and flipped its Pended switch to True",
                  "promotor": "R2622: the Promotor flipped its Pended switch with 2+X support",
                  "without-objection": "R2622: flipped its Pended switch without objection"}[ev.method]
        if atoms.first("supporters", 2, i) and ev.method == "promotor":
            reason += f" ({atoms.first('supporters', 2, i)[1]} supporter(s), {atoms.first('dependent', 2, i)[1]})"
        if atoms.first("sponsor", 2, ev.proposal, ev.by) and ev.method == "pendant":
            reason += "; e is added to its coauthors and it becomes sponsored"
        if atoms.has("already_pending", 1, i):
            reason += " (it was already pending)"
    elif ev.event == "remove":
        route = atoms.first("remove_route", 2, i)
        reason = ("R2350: its author removed it from the Proposal Pool" if route and route[1] == "author" else
                  "R1607: the Promotor removed it (more than 7 days in the Pool and not pending)")
    elif ev.event == "distribute":
        route = atoms.first("distribute_route", 2, i)
        initiated = ("its referendum is initiated" if not atoms.has("not_initiated", 1, ev.id) else
                     "its notice was not valid, so no referendum is initiated (R107: see the decision)")
        if route and route[1] == "manifesto":
            reason = (f"R2451: the Prime Minister's Cabinet Order Manifesto distributed it as proposal {ev.id}: "
                      f"{initiated} and it leaves the Proposal Pool")
        elif route and route[1] == "promotor":
            reason = (f"R1607: the Promotor distributed it as proposal {ev.id}: {initiated} and it "
                      "leaves the Proposal Pool")
        else:
            reason = (f"R1607: no player holds the office of Promotor, so any player CAN distribute it without 3 "
                      f"objections: proposal {ev.id}: {initiated}")
        if atoms.has("distribution_illegal", 1, i):
            return EventResult(**base, effective=True, illegal=True,
                               reason=reason + "; but it was not pending: the Promotor SHALL NOT distribute it unless "
                                               "it is pending (R1607), so this was ILLEGAL (and EFFECTIVE)")
    elif ev.event == "flip-class":
        reason = "R2606: flipped to democratic with 2 Agoran consent" + _counts(atoms, i)
    elif ev.event == "set-chamber":
        reason = (f"R2607: the Promotor set its unset chamber to {ev.chamber} by announcement" if ev.method == "promotor"
                  else f"R2607: its chamber flipped to {ev.chamber} with 2 Agoran consent" + _counts(atoms, i))
    elif ev.event == "earn-legislative-card":
        reason = (f"R2623: e is the author of the most popular sponsored proposal adopted in the last 7 days, "
                  f"{_most_popular(atoms, i)}: e earns one Legislative Card")
    else:  # recycle
        reason = "R2625: recycled after FAILED QUORUM: back in the Proposal Pool, and pended"
    return EventResult(**base, effective=True, reason=reason)


REPORT_ATTRIBUTES = {"text": "text", "author": "author", "coauthors": "coauthors", "ai": "adoption index",
                     "class": "class", "chamber": "chamber", "pending": "Pended switch"}


def _report_reason(i: int, ev: Event, atoms: Atoms) -> str:
    """A Promotor's report (R1607) against the gamestate at its time, and its self-ratification."""
    def of_report(name: str, arity: int) -> list[tuple]:
        return sorted(r[1:] for r in atoms.rows(name, arity) if r[0] == i)
    parts = [f"R1607: a Promotor's report listing {len(ev.pool or {})} proposal(s)"]
    problems = []
    if of_report("report_omits", 2):
        problems.append("it omits " + ", ".join(p for p, in of_report("report_omits", 2)) + " (in the Pool)")
    if of_report("report_extra", 2):
        problems.append("it lists " + ", ".join(p for p, in of_report("report_extra", 2)) + ", not in the Pool")
    for name, kind in (("report_misstates", "misstates"), ("report_lacks", "does not give")):
        by_proposal: dict[str, list[str]] = {}
        for p, attribute in of_report(name, 3):
            by_proposal.setdefault(p, []).append(REPORT_ATTRIBUTES[attribute])
        problems += [f"it {kind} {p}'s {', '.join(sorted(a))}" for p, a in sorted(by_proposal.items())]
    parts += problems or ["every proposal in the Pool, with its text and attributes, as they are"]
    if atoms.has("report_ratified", 1, i):
        if problems:
            parts.append("undoubted for a week, it self-ratified (R2201): from its time the Pool and the attributes "
                         "are as it says (R1551)")
        else:
            parts.append("undoubted for a week, it self-ratified (R2201)")
    elif atoms.has("report_doubted", 1, i):
        parts.append("doubted within its week: not ratified (R2201)")
    else:
        parts.append("it self-ratifies once a week passes without doubt (R2201; not as of the file's `as_of`, or "
                     "no `as_of` given)")
    return "; ".join(parts)


def _counts(atoms: Atoms, e: int) -> str:
    supporters, objectors = atoms.first("supporters", 2, e), atoms.first("objectors", 2, e)
    return f" ({supporters[1] if supporters else 0} supporter(s), {objectors[1] if objectors else 0} objector(s))"


def _proposal_result(i: int, ev: Event, data: ResolveInput, atoms: Atoms, outcomes) -> ProposalResult:
    name = ev.proposal
    created = atoms.has("created", 2, name, i)
    notes = []
    dists = sorted((r for r in atoms.rows("distributed", 3) if r[0] == name), key=lambda r: r[2])
    pid = dists[-1][1] if dists else None  # the latest (R2625 recycling distributes a proposal again)
    klass = atoms.first("proposal_class", 2, name)
    chamber = atoms.first("proposal_chamber", 2, name)
    not_set = atoms.first("chamber_not_set", 2, name)
    if not_set:
        notes.append("R2607: chamber " + repr(ev.chamber) + " not set: "
                     + ("a democratic proposal has no chamber" if not_set[1] == "democratic"
                        else "not a ministry of Agora (R2605: Compliance, Legislation, Economy, Legacy, Participation)"))
    if klass and klass[1] == "democratic":
        flipped = [r[1] for r in atoms.rows("democratic_from", 2) if r[0] == name and r[1] != i]
        notes.append(f"R2606: its class was flipped to democratic with 2 Agoran consent (event {min(flipped)})" if flipped
                     else "R2606: its adoption index is at least 3.0, so its class is democratic")
    week_starts = dict(atoms.rows("cal_week_start", 2))  # R1023's weeks, the core calendar's (minutes)
    for week in sorted(r[1] for r in atoms.rows("distribution_duty_broken", 2) if r[0] == name):
        start = _date(week_starts[week])
        notes.append(f"R1607: it was in the Pool and pending at the start of the Agoran week of {start} and was not "
                     "distributed that week: the Promotor broke eir duty to (SHALL) distribute it")
    for _, event, ministry in (r for r in atoms.rows("chamber_advice_unheeded", 3) if r[0] == name):
        found = atoms.first("effects_most", 2, name)
        notes.append(f"R2607: its chamber SHOULD be decided only by which ministry's goals it effects most ({found[1]}, "
                     f"as the case finds); event {event} made it {ministry}: advice not followed, no violation")
    if atoms.has("removal_advised", 1, name):
        notes.append("R1607: more than 7 days in the Pool and not pending: the Promotor CAN and SHOULD remove it")
    in_pool = atoms.has("in_pool_at_end", 1, name)
    if not created:
        status = "not created"
    elif in_pool:
        status = "in the Proposal Pool" + (", pending" if atoms.has("pending_at_end", 1, name) else "")
    elif pid is not None:
        outcome = outcomes.get(pid)
        status = f"distributed as proposal {pid}: {outcome or 'unresolved'}"
    else:
        status = "removed from the Proposal Pool"
    coauthors = sorted(r[1] for r in atoms.rows("coauthor", 2) if r[0] == name)
    ids = [r[1] for r in dists]
    if len(ids) > 1:
        status += f" (distributed {len(ids)} times: " + ", ".join(map(str, ids)) + ")"
    return ProposalResult(name=name, title=ev.title, author=ev.by, coauthors=coauthors if created else ev.coauthors,
                          adoption_index=ev.adoption_index, created=created,
                          proposal_class=klass[1] if klass else None, chamber=chamber[1] if chamber else None,
                          sponsored=any(r[0] == name for r in atoms.rows("sponsor", 2)),
                          pending=atoms.has("pending_at_end", 1, name), in_pool=in_pool, id=pid,
                          referendum_outcome=outcomes.get(pid) if pid is not None else None, status=status,
                          notes=notes)


def _date(minutes: int) -> str:
    """The date of an instant in the encodings' minutes (decisions.EPOCH)."""
    return (EPOCH + dt.timedelta(minutes=minutes)).date().isoformat()


def lifecycle_facts(ruleset: Ruleset) -> str:
    ids = {rule.id for rule in ruleset.in_force() if rule.id is not None and not rule.prefix}
    return program(fact("lifecycle_rule", r) for r in LIFECYCLE_RULES if r in ids)
