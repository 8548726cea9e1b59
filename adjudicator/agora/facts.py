"""A case as ASP facts: the parsed ruleset (IDs, Powers, in force), hypothetical changes, the
gamestate, the events in R478 order, and the compiled statements. Python only translates here;
every decision is the encodings'. `build` is a driver: each notion's facts are its builder's
(`adjudicator.agora.builders`), in the order of `NOTIONS`; events by kind through
`EVENT_BUILDERS`."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Callable

import clingo

from adjudicator.agora.bindings import Mismatch
from adjudicator.agora.builders import NOTIONS
from adjudicator.agora.builders.events import expand_otherwise
from adjudicator.agora.builders.promises import expand_promises
from adjudicator.agora.builders.reports import expand_reports
from adjudicator.agora.auction_statements import closing_probes
from adjudicator.agora.builders.rules import resolve_ruleset
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.builders.statements import statement_point, statement_tag
from adjudicator.agora.case import Case
from adjudicator.agora.statements import Lexicon, Node
from adjudicator.rulesets import Ruleset

__all__ = ["CaseFacts", "build", "statement_point", "statement_tag"]


@dataclass
class CaseFacts:
    """Everything the judge needs about one case."""

    case: Case
    path: Path
    ruleset: Ruleset
    program: list[str]
    lexicon: Lexicon
    statement_nodes: list[Node | None]
    self_referential: set[int]
    rule_names: dict[str, str]          # rule term (as ASP prints it) -> "R869 (Title, Power 3)"
    rule_terms: list[clingo.Symbol]     # every rule the judge may switch off (enabled/1 externals)
    clause_text: dict[str, str]
    person_names: dict[str, str]
    event_labels: dict[int, str]
    event_descriptions: dict[int, str]
    epoch: datetime
    uncertain_events: set[int] = field(default_factory=set)
    statement_points: dict[int, set[clingo.Symbol]] = field(default_factory=dict)  # the q(tN) points asked
    clause_rules: dict[str, str] = field(default_factory=dict)
    text_revisions: dict[int, int] = field(default_factory=dict)       # rule -> encoded revision it has
    text_mismatches: dict[int, Mismatch] = field(default_factory=dict)  # rules whose text is not encoded
    outside_facts: dict[str, str] = field(default_factory=dict)         # ASP id -> the case's sentence
    text_notes: list[str] = field(default_factory=list)                 # revisions chosen by the case's date
    indeterminacy: set[int] = field(default_factory=set)                # statements "it is indeterminate whether S"
    ballot_events: dict[int, dict] = field(default_factory=dict)        # event -> the ballot it announces (R683)
    decisions_by_events: bool = False                                    # stones, Buy Strength, interests (R2645, R2637)
    minutes: Callable[[datetime], int] | None = None                     # a moment in the judge's minutes


def build(case: Case, path: Path) -> CaseFacts:
    """The case's program and the tables the judge words its answers with. Cashed promises (R2618)
    and alternatives of conditional announcements (R478) become events first."""
    where = str(path)
    if any(e.do.strip().lower() == "cash" for e in case.events):
        case = case.model_copy(update={"events": expand_promises(case.events, where)})
    if any(e.do.strip().lower() == "report" for e in case.events):  # R2201: the week after each report
        case = case.model_copy(update={"events": expand_reports(case.events, case.now, where)})
    if any(e.terms for e in case.events):  # R2545: the moments a timed auction may end
        case = case.model_copy(update={"events": closing_probes(case.events, case.gamestate.auction_methods, case.now, where)})
    if any(e.otherwise is not None for e in case.events):
        case = case.model_copy(update={"events": expand_otherwise(case.events, where)})
    made = CaseBuild(case, path, resolve_ruleset(case, path))
    for notion in NOTIONS:
        notion(made)
    return CaseFacts(
        case=case, path=path, ruleset=made.ruleset, program=made.program, lexicon=made.lexicon,
        statement_nodes=made.statement_nodes, self_referential=made.self_referential, rule_names=made.rule_names,
        rule_terms=made.rule_terms, clause_text=made.clause_text, person_names=made.person_names,
        event_labels=made.event_labels, event_descriptions=made.event_descriptions, epoch=made.epoch,
        uncertain_events=made.uncertain_events, statement_points=made.statement_points,
        clause_rules=made.clause_rules, text_revisions=made.text_revisions, text_mismatches=made.text_mismatches,
        outside_facts=made.outside_facts, text_notes=made.text_notes, indeterminacy=made.indeterminacy,
        ballot_events=made.ballot_events, minutes=made.minutes, decisions_by_events=made.decisions_by_events,
    )
