"""Justice and offices: blots created and fines levied (R2555, R2557), petitions to officers and
their responses, judgements of CFJs and transcending logic."""

from __future__ import annotations

from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name, fact, name_of

# R2557's circumstances of a fine
CIRCUMSTANCES = {"minor", "accidental", "inconsequential", "willful", "profitable", "egregious", "abuse"}


def create_blots(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, fact("create_blots", int(at.event.amount or 0)))


def levy_fine(build: CaseBuild, at: EventAt) -> None:
    event, e = at.event, at.number
    if event.perp is None or event.amount is None or event.rule is None:
        raise InputError(f"{at.context}: a fine needs perp, amount and rule")
    build.add("act", e, fact("levy_fine", Name(build.who(event.perp, at.context)), event.amount, event.rule))
    build.add("asked_rule", event.rule)
    for circumstance in event.circumstances:
        if circumstance.lower() not in CIRCUMSTANCES:
            raise InputError(f"{at.context}: circumstance {circumstance!r} is not one of R2557's "
                             f"({', '.join(sorted(CIRCUMSTANCES))})")
        build.add("circumstance", e, Name(circumstance.lower()))


def petition(build: CaseBuild, at: EventAt) -> None:
    if not at.event.office:
        raise InputError(f"{at.context}: a petition names an office")
    build.add("act", at.number, fact("petition", Name(name_of(at.event.office))))


def respond(build: CaseBuild, at: EventAt) -> None:
    if at.event.petition is None:
        raise InputError(f"{at.context}: respond to which petition? (petition: event id)")
    build.add("act", at.number, fact("respond", build.lexicon.event(str(at.event.petition), at.context)))


def judge(build: CaseBuild, at: EventAt) -> None:
    if at.event.cfj is None or not at.event.judgement:
        raise InputError(f"{at.context}: a judgement needs cfj and judgement")
    build.add("act", at.number, fact("judge", at.event.cfj, Name(name_of(at.event.judgement))))


def transcend(build: CaseBuild, at: EventAt) -> None:
    if at.event.cfj is None:
        raise InputError(f"{at.context}: transcend logic on which CFJ? (cfj:)")
    build.add("act", at.number, fact("transcend", at.event.cfj))


EVENTS = {
    "create-blots": create_blots, "levy-fine": levy_fine, "petition": petition, "respond": respond,
    "judge": judge, "transcend": transcend,
}
