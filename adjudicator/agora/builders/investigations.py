"""Investigations beyond pointing and concluding (builders/cfjs.py): the Justice Card (R2478) and an
Indictment's defence, the outcomes of its decisions and its fine (R2619)."""

from __future__ import annotations

from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.decisions import _case_persons_as_voters
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.decision_inputs import indictment_decision_name
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name, fact

# R2619's two decisions, and how the case names their outcomes
INDICTMENT_DECISIONS = ("convict", "accept")
OUTCOMES = ("adopted", "rejected")


def _finger(build: CaseBuild, at: EventAt) -> int:
    if at.event.finger is None:
        raise InputError(f"{at.context}: which Finger Pointing? (finger: its event id)")
    return build.lexicon.event(str(at.event.finger), at.context)


def grant_justice_card(build: CaseBuild, at: EventAt) -> None:
    """R2478: the player with the most Finger Pointings that resulted last week grants emself a Justice Card."""
    build.add("act", at.number, fact("grant_justice_card"))


def state_defence(build: CaseBuild, at: EventAt) -> None:
    """R2619: the perp states a defence against the Indictment of a Finger Pointing."""
    build.add("act", at.number, fact("state_defence", _finger(build, at)))


def indictment_decisions(build: CaseBuild, at: EventAt) -> None:
    """R2619: the Indictment's judge initiates its two decisions (`omits_texts`: without the full
    texts of the Indictment and the defence in the same message), which `vote` events and statements
    name `<finger>-convict` and `<finger>-accept` (investigations.lp's decisions, resolved by the
    decision encodings)."""
    finger = _finger(build, at)
    build.add("act", at.number, fact("indictment_decisions", finger))
    if at.event.omits_texts:
        build.add("texts_omitted", at.number)
    lexicon = build.lexicon
    if not lexicon.has_decisions:
        _case_persons_as_voters(build, set())
    lexicon.has_decisions = True
    for question in INDICTMENT_DECISIONS:
        name = indictment_decision_name(build.event_labels[finger], question)
        if name.lower() not in lexicon.decisions:
            build.add("indictment_decision_key", finger, Name(question), name)
        lexicon.decisions.setdefault(name.lower(), set()).add(name)
        lexicon.options[name] = {}  # AI-majority: FOR and AGAINST (R2528)


def resolve_indictment(build: CaseBuild, at: EventAt) -> None:
    """R2619: the judge, as vote collector, resolves one of the two decisions (`decision`: convict or
    accept); `value` (ADOPTED or REJECTED): the outcome the message states (R2034), else the count's."""
    decision, value = str(at.event.decision or "").lower(), str(at.event.value or "unstated").lower()
    if decision not in INDICTMENT_DECISIONS or value not in (*OUTCOMES, "unstated"):
        raise InputError(f"{at.context}: resolve-indictment names its decision (decision: convict or accept) and "
                         f"may state its outcome (value: ADOPTED or REJECTED), not {at.event.decision!r}, "
                         f"{at.event.value!r}")
    build.add("act", at.number, fact("resolve_indictment", _finger(build, at), Name(decision), Name(value)))


def impose_indictment_fine(build: CaseBuild, at: EventAt) -> None:
    """R2619: the investigator imposes the fine the Indictment stated."""
    build.add("act", at.number, fact("impose_indictment_fine", _finger(build, at)))


EVENTS = {"grant-justice-card": grant_justice_card, "state-defence": state_defence,
          "indictment-decisions": indictment_decisions, "resolve-indictment": resolve_indictment,
          "impose-indictment-fine": impose_indictment_fine}
