"""Regulations, emergencies, cleaning and random choices (encodings/agora/regulations.lp,
cleaning.lp, random.lp): which messages are emergency messages (R2614: the subject line contains
"[Emergency]"), the provisions an event enacting a regulation gives it, and random choices (R2505)
with their possible outcomes and, where recorded, the outcome."""

from __future__ import annotations

import clingo

from adjudicator.agora.builders.claims import ClaimKind, Shape, states
from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.instruments import provision_facts
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.regulation_statements import case_asset_names, regulation_term
from adjudicator.agora.statements import action_term
from adjudicator.agora.title_statements import tournament_name
from adjudicator.errors import InputError
from adjudicator.names import nearest_names
from adjudicator.solving.terms import Name, name_of

EMERGENCY = "[Emergency]"  # R2614: "An emergency message is one whose subject line contains the text"


def regulation_names(build: CaseBuild) -> None:
    """The names of the case's regulations (R2493), for the events and statements naming them, and
    of the classes of assets they define (R2166), for the phrases naming those."""
    build.lexicon.assets = case_asset_names(build.case.events, build.where)
    for text in build.case.gamestate.regulations:
        build.lexicon.regulations[" ".join(str(text).lower().split())] = name_of(str(text))


def regulations_at_start(build: CaseBuild) -> None:
    """R2493: each regulation of `gamestate.regulations` with its Promulgator and parent rule (a rule
    of the case's ruleset); the tournament it governs (R2464); whether it exists when the case begins."""
    for text, spec in build.case.gamestate.regulations.items():
        where = f"{build.where}: gamestate.regulations.{text}"
        known = build.lexicon.rule_texts
        if spec.parent_rule == 2614:
            raise InputError(f"{where}: an Emergency Regulation (parent rule 2614) is enacted in the case, as "
                             "'enact emergency regulation NAME'")
        if known and spec.parent_rule not in known:
            raise InputError(f"{where}: parent rule {spec.parent_rule} is no rule of the case's ruleset "
                             f"({nearest_names(str(spec.parent_rule), [str(r) for r in known])})")
        term = regulation_term(str(text), False, build.lexicon, where)
        build.add("promulgator", term, Name(build.who(spec.promulgator, f"{where}.promulgator")))
        build.add("regulation_parent", term, spec.parent_rule)
        if spec.exists:
            build.add("regulation_at_start", term)
        if spec.tournament is not None:
            build.add("tournament_regulation", term, tournament_name(spec.tournament, f"{where}.tournament"))


# R2493: the regulations a Rulekeepor's report lists, `regulations: [fees, cup rules]`
CLAIMS = (ClaimKind(("regulations",), Shape.LIST, "the list of the regulations the report lists",
                    lambda build, text, where: regulation_term(str(text), False, build.lexicon, where),
                    "report_lists_regulation", stated=states("regulations_reported")),)


def messages_and_regulations(build: CaseBuild) -> None:
    regulations_at_start(build)
    if any("repeal_emergency_regulations" in line for line in build.program):  # R2614: a month old (culture.lp)
        build.add_year_starts()
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

