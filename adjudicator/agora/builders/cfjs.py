"""The CFJ procedure (R991, R591, R911, R2175, R2492, R2246): calling a CFJ (barring one person,
submitting it to the Referee), assigning a judge, delivering a judgement, motions to extend or
reconsider, Moots and their outcome, retraction, refusal and recusal. What each achieves is
encodings/agora/cfjs.lp's; here the CFJ's number, the judge and the judgement are resolved."""

from __future__ import annotations

from adjudicator.agora.builders.claims import ClaimKind, Shape, person_term, states
from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.cfj_statements import JUDGEMENTS, MOOT_OUTCOMES, word
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name, fact


def _cfj(at: EventAt) -> int:
    if at.event.cfj is None:
        raise InputError(f"{at.context}: which CFJ? (cfj: its number)")
    return int(at.event.cfj)


def call_cfj(build: CaseBuild, at: EventAt) -> None:
    if at.event.cfj is None and not (at.event.bar or at.event.referee):  # a CFJ the case does not number: an act only
        build.add("act", at.number, fact("call_cfj"))
        return
    c = _cfj(at)
    build.add("act", at.number, fact("call_cfj", c))
    if at.event.bar:
        build.add("cfj_bar", at.number, Name(build.who(at.event.bar, at.context)))
    if at.event.referee:
        build.add("cfj_to_referee", at.number)


def assign_cfj(build: CaseBuild, at: EventAt) -> None:
    if not at.event.to:
        raise InputError(f"{at.context}: assign to whom? (to: the judge)")
    build.add("act", at.number, fact("assign_cfj", _cfj(at), Name(build.who(at.event.to, at.context))))


def deliver_judgement(build: CaseBuild, at: EventAt) -> None:
    if not at.event.judgement:
        raise InputError(f"{at.context}: which judgement? (judgement: one of {', '.join(JUDGEMENTS)})")
    build.add("act", at.number, fact("deliver_judgement", _cfj(at)))
    build.add("judgement_given", at.number, word(at.event.judgement, JUDGEMENTS, "a judgement of R591", at.context))


def resolve_moot(build: CaseBuild, at: EventAt) -> None:
    if not at.event.judgement:
        raise InputError(f"{at.context}: the Moot's outcome? (judgement: AFFIRM, REMAND or REMIT)")
    outcome = word(at.event.judgement, MOOT_OUTCOMES, "an outcome of a Moot (R911)", at.context)
    build.add("act", at.number, fact("moot_result", _cfj(at), outcome))


def _judging_interest(value: str):
    """A player's announcement that e is (yes) or is no longer (no) interested in judging (R991)."""
    def builder(build: CaseBuild, at: EventAt) -> None:
        if not at.event.by:
            raise InputError(f"{at.context}: whose interest in judging? (by: the player)")
        build.add("act", at.number, fact("judging_interest", Name(value)))
    return builder


def interested_judges(build: CaseBuild) -> None:
    """The players interested in judging when the case begins (R991)."""
    for person in build.case.gamestate.interested_judges:
        build.add("interested_initially", Name(build.who(person, f"{build.where}: gamestate.interested_judges")))


# The Arbitor's report's list of players interested in judging (R991)
CLAIMS = (ClaimKind(("interested in judging", "players interested in judging", "interested judges", "judge list"),
                    Shape.LIST, "the list of the players the report says are interested in judging", person_term,
                    "report_interested", stated=states("report_states_interest")),)


def _cfj_act(name: str):
    def builder(build: CaseBuild, at: EventAt) -> None:
        build.add("act", at.number, fact(name, _cfj(at)))
    return builder


EVENTS = {
    "call-cfj": call_cfj,
    "assign-cfj": assign_cfj,
    "deliver-judgement": deliver_judgement,
    "extend-cfj": _cfj_act("extend_cfj"),
    "reconsider-cfj": _cfj_act("reconsider_cfj"),
    "moot-cfj": _cfj_act("moot_cfj"),
    "initiate-moot-decision": _cfj_act("moot_decision"),
    "resolve-moot": resolve_moot,
    "retract-cfj": _cfj_act("retract_cfj"),
    "refuse-cfj": _cfj_act("refuse_cfj"),
    "recuse": _cfj_act("recuse_cfj"),
    "recuse-judge": _cfj_act("recuse_judge"),
    "interested-in-judging": _judging_interest("yes"),
    "not-interested-in-judging": _judging_interest("no"),
}


# Investigations (R2478, R2479, R2619, R2617)
CONCLUSIONS = {"warning": "warning", "cold hand": "cold_hand", "cold hand of justice": "cold_hand",
               "indictment": "indictment", "shenanigans": "shenanigans"}


def point_finger(build: CaseBuild, at: EventAt) -> None:
    if at.event.perp is None or at.event.rule is None:
        raise InputError(f"{at.context}: a Finger Pointing names the perp (perp:) and the rule (rule:)")
    build.add("act", at.number, fact("point_finger", Name(build.who(at.event.perp, at.context)), int(at.event.rule)))


def _finger(build: CaseBuild, at: EventAt) -> int:
    if at.event.finger is None:
        raise InputError(f"{at.context}: which Finger Pointing? (finger: its event id)")
    return build.lexicon.event(str(at.event.finger), at.context)


def conclude_finger(build: CaseBuild, at: EventAt) -> None:
    said = " ".join(str(at.event.judgement or "").lower().split())
    if said not in CONCLUSIONS:
        raise InputError(f"{at.context}: conclude how? (judgement: Warning, Cold Hand, Indictment or Shenanigans; R2478)")
    build.add("act", at.number, fact("conclude_finger", _finger(build, at)))
    build.add("conclusion", at.number, Name(CONCLUSIONS[said]))
    if CONCLUSIONS[said] == "indictment" and at.event.amount is not None:  # the fine it specifies (R2619)
        build.add("indictment_fine", at.number, int(at.event.amount))


def _finger_act(name: str):
    def builder(build: CaseBuild, at: EventAt) -> None:
        build.add("act", at.number, fact(name, _finger(build, at)))
    return builder


def summary_judgment(build: CaseBuild, at: EventAt) -> None:
    """R2479: a fine of `amount` blots on `perp` (no amount: the number was not specified)."""
    if at.event.perp is None:
        raise InputError(f"{at.context}: on whom? (perp:)")
    build.add("act", at.number, fact("summary_judgment", Name(build.who(at.event.perp, at.context)),
                                     int(at.event.amount or 0)))


EVENTS.update({
    "point-finger": point_finger,
    "take-investigation": _finger_act("take_investigation"),
    "conclude-finger": conclude_finger,
    "summary-judgment": summary_judgment,
})
