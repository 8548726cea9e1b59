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
         "intent_to_mislead": "event", "clearly_specified": "event", "reasonably_available": "event",
         "informative": "event", "relevant": "statement", "correction": "event", "unpredictable": "event",
         "punishment_appropriate": "event", "equal_opportunities": "event", "fair_method": "event", "clear_intent": "event"}
RULES = {"clear": "R478, R2595 items 1-2", "happened": "R591", "holds": "R591", "public": "R478",
         "believed_untrue": "R2471", "intent_to_mislead": "R2471", "clearly_specified": "R2127",
         "reasonably_available": "R2518", "informative": "R2143", "relevant": "R591", "correction": "R2221, R2429",
         "unpredictable": "R2505", "punishment_appropriate": "R1769", "equal_opportunities": "R991", "fair_method": "R2545",
         "clear_intent": "R2545"}
# a finding about an event, as a sentence: (if it holds, if it does not)
EVENT_WORDS = {"clear": ("the announcement of event {} was clear", "the announcement of event {} was not clear"),
               "happened": ("event {} happened", "event {} did not happen"),
               "public": ("the message of event {} was public", "the message of event {} was not public"),
               "believed_untrue": ("the publisher of event {} knew or believed it untrue",
                                   "the publisher of event {} did not know or believe it untrue"),
               "intent_to_mislead": ("event {} was made with the intent to mislead",
                                     "event {} was not made with the intent to mislead"),
               "clearly_specified": ("the vote of event {} was clearly specified",
                                     "the vote of event {} was not clearly specified"),
               "reasonably_available": ("the information event {} turns on was reasonably available",
                                        "the information event {} turns on was not reasonably available"),
               "informative": ("the report of event {} published the information it must",
                               "the report of event {} did not publish the information it must"),
               "correction": ("the change event {} specifies is only corrections (spelling, grammar, formatting, ...)",
                              "the change event {} specifies is more than corrections"),
               "unpredictable": ("the process of the random choice of event {} was not trivially predictable",
                                 "the process of the random choice of event {} was trivially predictable"),
               "punishment_appropriate": ("punishment by the fine of event {} was appropriate despite the Holiday",
                                          "punishment by the fine of event {} was not appropriate (a Holiday's deadline)"),
               "equal_opportunities": ("the Arbitor's assignments up to event {} gave interested players reasonably equal "
                                       "opportunities to judge", "the Arbitor's assignment of event {} did not give "
                                       "interested players reasonably equal opportunities to judge"),
               "fair_method": ("the method auction event {} specifies is wholly public and generally recognizable as a fair, "
                               "equitable and timely means of determining the winners", "the method auction event {} specifies "
                               "is not wholly public, or not generally recognizable as a fair, equitable and timely means"),
               "clear_intent": ("the unclear method of auction event {} has a clear intent: its winners are as that "
                                "intent gives them", "the unclear method of auction event {} has no clear intent: its "
                                "winners are as its words give them")}


def finding_term(n: int) -> clingo.Symbol:
    return fact("f", n)


def finding_words(finding: Finding, labels: dict[str, str], holds: bool = True) -> str:
    """The finding as a sentence: "the announcement of event buried was clear"."""
    kind, _, name = finding.about.partition(" ")
    shown = labels.get(name.strip().lower(), name.strip())
    if finding.question in EVENT_WORDS:
        return EVENT_WORDS[finding.question][0 if holds else 1].format(shown)
    if finding.question == "relevant":
        return f"the veracity of statement {shown} is {'' if holds else 'not '}relevant to the game"
    return f"{shown!r} {'holds' if holds else 'does not hold'}"


def findings(build: CaseBuild) -> None:
    for n, finding in enumerate(build.case.findings, 1):
        where = f"{build.where}: finding {n}"
        kind, _, name = finding.about.strip().partition(" ")
        wanted = ABOUT[finding.question]
        if kind.lower() != wanted or not name.strip():
            raise InputError(f"{where}: a finding of {finding.question!r} is about {'an' if wanted[0] in 'aeiou' else 'a'} {wanted} "
                             f"(about: {wanted} NAME), not {finding.about!r}")
        term = finding_term(n)
        if wanted == "statement":  # R591's relevance: a finding of the verdict (verdict.lp), not of a gamestate
            statement_number(build, name.strip(), where)
            continue
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


def statement_number(build: CaseBuild, name: str, where: str) -> int:
    """The case's statement a finding of relevance is about (`statement 2`: numbered from 1)."""
    count = len(build.case.statements)
    if not name.isdigit() or not 1 <= int(name) <= count:
        raise InputError(f"{where}: {name!r} is not a statement of the case (statement 1 .. statement {count})")
    return int(name)


def relevance_facts(case) -> list[clingo.Symbol]:
    """R591's relevance findings, as verdict.lp reads them: `relevance_finding(S, F)`, and
    `stated_finding(F)` where the case finds S relevant."""
    out = []
    for n, finding in enumerate(case.findings, 1):
        if finding.question == "relevant":
            out.append(fact("relevance_finding", int(finding.about.split()[1]), finding_term(n)))
            if finding.value:
                out.append(fact("stated_finding", finding_term(n)))
    return out


def public_statement(build: CaseBuild, at: EventAt) -> None:
    """R2471: a public statement (`do: state`); whether it is a lie is the judge's findings."""
    build.add("act", at.number, fact("make_statement"))


EVENTS = {"state": public_statement}
