"""Regulations, emergencies, cleaning and random choices (encodings/agora/regulations.lp,
cleaning.lp, random.lp): which messages are emergency messages (R2614: the subject line contains
"[Emergency]"), the provisions an event enacting a regulation gives it, and random choices (R2505)
with their possible outcomes and, where recorded, the outcome."""

from __future__ import annotations

import clingo

from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.instruments import provision_facts
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.statements import action_term
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name, name_of

EMERGENCY = "[Emergency]"  # R2614: "An emergency message is one whose subject line contains the text"


def messages_and_regulations(build: CaseBuild) -> None:
    for written in build.order:
        event, e = build.case.events[written], build.index_of[written]
        if event.subject is not None and EMERGENCY in event.subject:
            build.add("emergency_message", e)
        if event.provisions and event.do.strip().lower() == "perform":  # a regulation's provisions (R2493)
            where = f"{build.where}: event {build.event_labels[e]}"
            for k, provision in enumerate(event.provisions, 1):
                build.add_all(provision_facts(build, e, k, provision, f"{where}: provision {k}"))
        if event.contents is not None:
            administrative_contents(build, written, e)


def administrative_contents(build: CaseBuild, written: int, e: int) -> None:
    """R2630: the contents an adoption (enacting or amending) gives an office's Administrative
    Regulations, `contents: {authorize: [...], forbid: [...]}`, each an action phrase."""
    event, where = build.case.events[written], f"{build.where}: event {build.event_labels[e]}"
    action = event.do
    if event.do.strip().lower() == "perform" and event.intent is not None:
        action = build.case.events[build.order[build.lexicon.event(str(event.intent), where) - 1]].action or ""
    term, _, _ = action_term(action, build.lexicon, where) if action.strip() else (None, [], [])
    if term is None or term.type != clingo.SymbolType.Function or term.name != "adopt_regulations":
        raise InputError(f"{where}: contents: are an adoption's (the action 'adopt the regulations of the Herald')")
    for kind, phrases in event.contents.items():
        for phrase in phrases:
            said, _, _ = action_term(phrase, build.lexicon, f"{where}: contents.{kind}")
            build.add("regulation_contents", e, Name(kind), said)


def random_choice(build: CaseBuild, at: EventAt) -> None:
    """R2505: a random choice among `choices:`, its outcome `chosen:` where the case records it."""
    options = {name_of(c): c for c in at.event.choices}
    if len(options) < 2:
        raise InputError(f"{at.context}: a random choice names at least two possible outcomes (choices: [...])")
    build.add("act", at.number, Name("random_choice"))
    for term in options:
        build.add("random_option", at.number, Name(term))
    if at.event.chosen is not None:
        chosen = name_of(at.event.chosen)
        if chosen not in options:
            raise InputError(f"{at.context}: {at.event.chosen!r} is not one of the choices ({', '.join(options.values())})")
        build.add("random_outcome_given", at.number, Name(chosen))


EVENTS = {"random-choice": random_choice}

