"""Fora (encodings/agora/fora.lp, R478): the fora a case declares with their Publicity when it
begins (`gamestate.fora: {a-d: public, a-b: discussion}`), and the fora each event's message was
sent to (`forum: a-d` or a list). A message sent to fora is public by their Publicity (R478), so a
`public` finding about the same event would say it twice: refused."""

from __future__ import annotations

from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.fora_statements import PUBLICITY, forum, forum_key, publicity
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name, name_of


def forum_names(build: CaseBuild) -> None:
    """The names of the case's fora, for the events, provisions and statements naming them."""
    for text in build.case.gamestate.fora:
        build.lexicon.fora[forum_key(text)] = str(name_of(f"forum_{forum_key(text)}"))


def _sent_to(value) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def fora_and_messages(build: CaseBuild) -> None:
    """R478: each forum's Publicity when the case begins; the fora each message was sent to."""
    for text, value in build.case.gamestate.fora.items():
        where = f"{build.where}: gamestate.fora.{text}"
        term = forum(build.lexicon, text, where)
        build.add("forum", term)
        build.add("switch_initially", PUBLICITY, term, publicity(value, where))
    sent: dict[int, str] = {}
    for written in build.order:
        event, e = build.case.events[written], build.index_of[written]
        if event.forum is None:
            continue
        where = f"{build.where}: event {build.event_labels[e]}: forum"
        for text in _sent_to(event.forum):
            build.add("sent_to", e, forum(build.lexicon, text, where))
        sent[e] = build.event_labels[e]
    for n, finding in enumerate(build.case.findings, 1):
        kind, _, name = finding.about.strip().partition(" ")
        if finding.question == "public" and kind.lower() == "event" and name.strip():
            e = build.lexicon.event(name.strip(), f"{build.where}: finding {n}")
            if e in sent:
                raise InputError(f"{build.where}: finding {n}: event {sent[e]} names the fora its message was sent "
                                 "to, whose Publicity decides whether it was public (R478): give the finding or "
                                 "the forum, not both")
