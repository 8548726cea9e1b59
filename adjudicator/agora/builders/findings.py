"""The judge's findings (encodings/agora/findings.lp): each of the case's `findings:` as
`finding(f(N), Question, About)`, with `stated_finding/1` where the case finds it holds and
`open_finding/1` where it leaves it open; an event whose happening is a finding is uncertain."""

from __future__ import annotations

import clingo

from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.case import Finding
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name, fact, name_of

# what each question is about, and the rules that make it decisive (for the wording)
ABOUT = {"clear": "event", "happened": "event", "holds": "outside", "public": "event", "believed_untrue": "event",
         "intent_to_mislead": "event"}
RULES = {"clear": "R478, R2595 items 1-2", "happened": "R591", "holds": "R591", "public": "R478",
         "believed_untrue": "R2471", "intent_to_mislead": "R2471"}
# a finding about an event, as a sentence: (if it holds, if it does not)
EVENT_WORDS = {"clear": ("the announcement of event {} was clear", "the announcement of event {} was not clear"),
               "happened": ("event {} happened", "event {} did not happen"),
               "public": ("the message of event {} was public", "the message of event {} was not public"),
               "believed_untrue": ("the publisher of event {} knew or believed it untrue",
                                   "the publisher of event {} did not know or believe it untrue"),
               "intent_to_mislead": ("event {} was made with the intent to mislead",
                                     "event {} was not made with the intent to mislead")}


def finding_term(n: int) -> clingo.Symbol:
    return fact("f", n)


def finding_words(finding: Finding, labels: dict[str, str], holds: bool = True) -> str:
    """The finding as a sentence: "the announcement of event buried was clear"."""
    kind, _, name = finding.about.partition(" ")
    shown = labels.get(name.strip().lower(), name.strip())
    if finding.question in EVENT_WORDS:
        return EVENT_WORDS[finding.question][0 if holds else 1].format(shown)
    return f"{shown!r} {'holds' if holds else 'does not hold'}"


def findings(build: CaseBuild) -> None:
    for n, finding in enumerate(build.case.findings, 1):
        where = f"{build.where}: finding {n}"
        kind, _, name = finding.about.strip().partition(" ")
        wanted = ABOUT[finding.question]
        if kind.lower() != wanted or not name.strip():
            raise InputError(f"{where}: a finding of {finding.question!r} is about an {wanted} "
                             f"(about: {wanted} NAME), not {finding.about!r}")
        term = finding_term(n)
        if wanted == "event":
            e = build.lexicon.event(name.strip(), where)
            about = fact("ev", e)
            if finding.question == "happened" and e not in build.uncertain_events:
                build.add("uncertain", e)
                build.uncertain_events.add(e)
        else:
            key = str(name_of(f"x_{name.strip()}"))
            if key not in build.outside_facts:
                known = ", ".join(i.removeprefix("x_") for i in build.outside_facts) or "none"
                raise InputError(f"{where}: {name.strip()!r} is not a fact of outside_gamestate (known: {known})")
            about = Name(key)
        build.add("finding", term, Name(finding.question), about)
        if finding.value is None:
            build.add("open_finding", term)
        elif finding.value:
            build.add("stated_finding", term)


def public_statement(build: CaseBuild, at: EventAt) -> None:
    """R2471: a public statement (`do: state`); whether it is a lie is the judge's findings."""
    build.add("act", at.number, fact("make_statement"))


EVENTS = {"state": public_statement}
