"""Reports, doubts and ratification (R2143, R2162, R2201, R1551, R2202): a report's claims as
data (switch -> instance -> value; `players:` lists the registered persons), so that a report
that differs from the gamestate can be judged; doubts and their answers; the moment one week
after each report at which R2201 asks whether it self-ratified (`expand_reports`: the encodings
decide whether it did)."""

from __future__ import annotations

from datetime import datetime, timedelta

from adjudicator.agora import office_names
from adjudicator.agora.builders.report_contents import CLAIMS as CONTENTS_CLAIMS
from adjudicator.agora.builders.claims import ClaimKind, Shape, person_term, read_claims, states
from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.offices import _office, instance_of, value_of
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.case import Event, parse_time
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name, fact, name_of

CITIZENSHIP = Name("citizenship")

# R2201's "one week after publication", where the judge asks; reports.lp checks it is exactly
# one week by the core calendar (R1023).
RATIFICATION_PROBE = timedelta(days=7)


def expand_reports(events: list[Event], now: object, where: str) -> list[Event]:
    """Each report's self-ratification moment as an event without actor, up to the case's end."""
    times = [parse_time(e.at, f"{where}: event {n}") for n, e in enumerate(events, 1)]
    end: datetime | None = parse_time(now, f"{where}: now") if now is not None else max(times, default=None)
    out = list(events)
    for n, (event, moment) in enumerate(zip(events, times), 1):
        if event.do.strip().lower() != "report":
            continue
        if event.id is None:
            event = out[n - 1] = event.model_copy(update={"id": f"event-{event._position or n}"})
        probe = moment + RATIFICATION_PROBE
        if end is not None and probe <= end:
            out.append(Event(id=f"{event.id}.week", at=probe, do="self-ratify", report=str(event.id),
                             note="the end of the week after the report (R2201)"))
    return out


def _switch(build: CaseBuild, bare: str, where: str) -> tuple | None:
    """The switch type a claim's key names (R2162), if it names one."""
    switches = office_names.known().switches
    found = switches.get(bare) or switches.get(name_of(bare))
    return (Name(found),) if found else None


def _switch_claim(build: CaseBuild, e: int, switch: Name, instance: object, value: object, where: str) -> None:
    build.add("report_claim", e, switch, instance_of(build, switch, str(instance), where),
              value_of(build, switch, str(value), where))


# What a report may claim: its contents' parts, then the Registrar's list of players (`players:`,
# the Citizenship switch, R2139) and any switch's instances and values (`switch: {instance: value}`)
CLAIMS = (
    *CONTENTS_CLAIMS,
    ClaimKind(("players",), Shape.LIST, "a list of the persons the report says are players",
              lambda build, text, where: (CITIZENSHIP, person_term(build, text, where), Name("registered")), "report_claim",
              stated=states("report_covers", CITIZENSHIP)),
    ClaimKind((), Shape.MAP, "give each instance's value (instance: value)", _switch_claim, subject=_switch,
              stated=states("report_covers"), spellings=lambda build: office_names.known().switches),
)


def report(build: CaseBuild, at: EventAt) -> None:
    office = _office(at)
    if at.event.deputise:
        build.add("act", at.number, fact("deputise", office, fact("publish_report", office)))
        if at.event.deputise == "temporary":
            build.add("deputise_temporary", at.number)
    else:
        build.add("act", at.number, fact("publish_report", office))
    if at.event.period == "monthly":  # the office's monthly report (R2143 item 2, R2496)
        build.add("report_monthly", at.number)
    read_claims(build, at.number, at.context, at.event.claims, CLAIMS)


def _event_named(build: CaseBuild, at: EventAt, value: object, what: str) -> int:
    if value is None:
        raise InputError(f"{at.context}: which {what}? ({what}: the event id)")
    return build.lexicon.event(str(value), at.context)


def doubt(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, fact("doubt", _event_named(build, at, at.event.report, "report")))


def answer_doubt(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, fact("answer_doubt", _event_named(build, at, at.event.doubt, "doubt")))


def self_ratify(build: CaseBuild, at: EventAt) -> None:
    build.add("act", at.number, fact("self_ratify", _event_named(build, at, at.event.report, "report")))


EVENTS = {"report": report, "doubt": doubt, "claim-of-error": doubt, "answer-doubt": answer_doubt,
          "self-ratify": self_ratify}
