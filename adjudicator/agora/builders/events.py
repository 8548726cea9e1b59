"""Events, in R478 order: what every event has (its number, time, actor, cause, condition,
certainty), then what its kind says, by the table of event kinds (`EVENT_BUILDERS` in this
package's `__init__`: kind -> the builder of the notion it belongs to). A kind the table does not
name is an action phrase (`statements.action_term`). Conditional announcements with an alternative
(`otherwise:`) become two events first (`expand_otherwise`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Callable

from pydantic import ValidationError

from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.case import Event
from adjudicator.agora.statements import action_term
from adjudicator.errors import InputError
from adjudicator.inputs import validation_problems
from adjudicator.solving.terms import Name, atom, fact, function, negated, rule_text


@dataclass
class EventAt:
    """One event being built: the event, its number in R478 order and what its builder needs."""

    event: Event
    number: int
    time: datetime
    context: str            # names the file and the event, for errors
    kind: str               # `do:` normalised: lower case, hyphens
    actor: Name | None

    def intent(self, build: CaseBuild) -> int:
        """The event number of the announcement of intent this event refers to (R1728)."""
        if self.event.intent is None:
            raise InputError(f"{self.context}: which intent? (intent: the event id of the announcement of intent)")
        return build.lexicon.event(str(self.event.intent), self.context)


EventBuilder = Callable[[CaseBuild, EventAt], None]


def event_kind(event: Event) -> str:
    return event.do.strip().lower().replace("_", "-").replace(" ", "-")


def build_events(build: CaseBuild, builders: dict[str, EventBuilder]) -> None:
    for written in build.order:
        at = _event_basics(build, written)
        builder = builders.get(at.kind)
        if builder is not None:
            builder(build, at)
        elif re.fullmatch(r"[a-z][a-z0-9\-]*", at.kind):
            action, _, _ = action_term(at.event.do, build.lexicon, at.context)
            build.add("act", at.number, action)
        else:
            raise InputError(f"{at.context}: unknown kind of event {at.event.do!r}")


def _event_basics(build: CaseBuild, written: int) -> EventAt:
    """What every event has, up to its `unclear/1`; the act is its kind's builder's."""
    event = build.case.events[written]
    e = build.index_of[written]
    context = f"{build.where}: event {build.event_labels[e]}"
    build.add("event", e)
    build.add("event_time", e, build.minutes(build.times[written]))
    if event.caused_by is not None:
        build.add("caused_by", e, build.lexicon.event(str(event.caused_by), context))
    for grant in event.grants or ():  # R2618: the grant whose text this action is
        build.add("caused_grant", e, build.lexicon.event(grant, context))
    if event.chain is not None:  # R2518: a round of an unending chain of cashings (promises.lp)
        chain, chain_round = build.lexicon.event(event.chain, context), int(event.chain_round or 0)
        build.add("chain_round", e, chain, chain_round)
        build.chains[chain] = max(build.chains.get(chain, 0), chain_round)
    _condition(build, event, e, context)
    if event.uncertain:
        build.add("uncertain", e)
        build.uncertain_events.add(e)
    kind = event_kind(event)
    actor = build.who(event.by, context) if event.by else None
    if actor and event.behalf:  # R2466: the action is the principal's, taken by the agent
        build.add("agent", e, Name(actor))
        actor = build.who(event.behalf, context)
    if actor:
        build.add("actor", e, Name(actor))
    elif kind not in ("judge", "instrument", "self-ratify", "auction-closes"):
        raise InputError(f"{context}: who acted? (by:)")
    build.event_descriptions[e] = describe_event(event, build.event_labels[e], build.times[written])
    if event.forbidden_art:  # R2617: the case finds this action would ossify Agora
        build.add("forbidden_art", e)
    for person in event.consenting:  # R2519 item 4: assent clear from context
        build.add("context_consent", e, Name(build.who(person, context)))
    if event.unclear:  # R2595 (an intent) or R478 (any announcement): not unambiguous and clear
        build.add("unclear", e)
    return EventAt(event, e, build.times[written], context, kind, actor)


def _condition(build: CaseBuild, event: Event, e: int, context: str) -> None:
    """R478: a conditional announcement is asked just before the event; its alternative is taken
    exactly when the condition did not hold."""
    if event.when is not None:
        head = build.condition(event.when, Name(f"cond{e}"), f"{context}: when", "an event's")
        build.condition_heads[e] = head
        build.program.append(rule_text(fact("condition_met", e), [atom("aux_head", head, function("ev", e))]))
        build.add("conditional", e)
    if event.otherwise_of is not None:
        other = build.lexicon.event(str(event.otherwise_of), context)
        build.program.append(rule_text(fact("condition_met", e), [
            atom("point", function("ev", other)),
            negated(atom("aux_head", build.condition_heads[other], function("ev", other)))]))
        build.add("conditional", e)


def expand_otherwise(events: list[Event], where: str) -> list[Event]:
    """A conditional announcement with an alternative ("if C, I do X; otherwise I do Y", R478): Y
    becomes an event right after X, at its time and by its actor, taken exactly when C did not
    hold just before X (`otherwise_of`; the encodings decide, determinacy.lp)."""
    out: list[Event] = []
    for n, event in enumerate(events, 1):
        if event.otherwise is None:
            out.append(event)
            continue
        if event.when is None:
            raise InputError(f"{where}: event {event.id or n}: 'otherwise' needs a condition (when:)")
        if event.id is None:  # named by its place in the file (a cashing's effects come before it here)
            event = event.model_copy(update={"id": f"event-{event._position or n}"})
        spec = event.otherwise
        if not isinstance(spec, dict) or "do" not in spec or {"at", "by", "when", "otherwise"} & set(spec):
            raise InputError(f"{where}: event {event.id}: 'otherwise' is an action (do: ...) without at, by, "
                             "when or otherwise")
        try:
            alternative = Event.model_validate({**spec, "id": f"{event.id}.otherwise", "at": event.at, "by": event.by,
                                                "caused_by": event.caused_by, "grants": event.grants,
                                                "chain": event.chain,
                                                "chain_round": event.chain_round, "otherwise_of": event.id})
        except ValidationError as exc:
            raise InputError(f"{where}: event {event.id}: otherwise: {validation_problems(exc)}") from None
        out += [event.model_copy(update={"otherwise": None}), alternative]
    return out


def describe_event(event: Event, label: str, moment: datetime) -> str:
    """The event in words, for the judge's explanations."""
    parts = [f"event {label} ({moment.strftime('%Y-%m-%d %H:%M')} UTC):"]
    if event.by:
        parts.append(event.by)
    if event.do == "perform" and event.intent is not None:  # R1728: performing an announced intent
        parts.append(f"performs the action intended in event {event.intent}")
    else:
        parts.append(event.do)
    for key in ("action", "method", "amount", "perp", "rule", "office", "cfj", "judgement", "power"):
        value = getattr(event, key)
        if value is not None:
            parts.append(f"{key}={value}")
    if event.asset:  # an asset action (R2577): what, from whom, to whom
        parts += [f"asset={event.asset}", *([f"from={event.from_}"] if event.from_ else []),
                  *([f"to={event.to}"] if event.to else [])]
    if event.players:
        parts.append("players=" + ",".join(event.players))
    if event.provisions:
        parts.append("provisions=" + "; ".join(f"{k} {v}" for p in event.provisions for k, v in p.items()))
    if event.promise:
        parts.append(f"promise={event.promise!r}")
    if event.caused_by is not None:
        parts.append(f"[as if published, by cashing in event {event.caused_by} (R2618)]")
    if event.uncertain:
        parts.append("[uncertain: the case does not know whether this happened]")
    return " ".join(str(p) for p in parts)
