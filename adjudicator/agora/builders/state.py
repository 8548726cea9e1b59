"""What the builders of one case share while they write its program: the case, the program so
far, the names met (persons, rules, clauses, events), the case's clock and the statement compiler.
Builders append to `program` in the order the driver calls them: the outputs depend on that order."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterable

import clingo

from adjudicator.agora.bindings import Mismatch
from adjudicator.agora.case import CLINGO_MAX, Case, parse_time
from adjudicator.agora.statements import Compiled, Compiler, Lexicon, parse, walk
from adjudicator.errors import InputError
from adjudicator.rulesets import Ruleset
from adjudicator.solving.terms import Name, fact, fact_line, fact_lines


@dataclass
class CaseBuild:
    """One case's program under construction, and the tables the judge reads beside it."""

    case: Case
    path: Path
    ruleset: Ruleset
    program: list[str] = field(default_factory=list)
    lexicon: Lexicon = field(default_factory=Lexicon)
    # names, for the judge's wording
    person_names: dict[str, str] = field(default_factory=dict)
    normalised_persons: dict[str, str] = field(default_factory=dict)  # every spelling, normalised -> asp name
    rule_names: dict[str, str] = field(default_factory=dict)          # rule term -> "R869 (Title, Power 3)"
    rule_terms: list[clingo.Symbol] = field(default_factory=list)     # every rule the judge may switch off
    clause_text: dict[str, str] = field(default_factory=dict)
    clause_rules: dict[str, str] = field(default_factory=dict)
    # the rules' texts (encodings/agora/texts.lp)
    text_revisions: dict[int, int] = field(default_factory=dict)
    text_mismatches: dict[int, Mismatch] = field(default_factory=dict)
    text_notes: list[str] = field(default_factory=list)
    rules_not_yet_in_force: dict[int, str] = field(default_factory=dict)
    # the case's clock and its events in R478 order
    times: list[datetime] = field(default_factory=list)   # each event's time, in the order written
    now: datetime | None = None
    epoch: datetime | None = None
    order: list[int] = field(default_factory=list)        # written positions in R478 order
    index_of: dict[int, int] = field(default_factory=dict)  # written position -> event number
    event_labels: dict[int, str] = field(default_factory=dict)
    event_descriptions: dict[int, str] = field(default_factory=dict)
    uncertain_events: set[int] = field(default_factory=set)
    condition_heads: dict[int, clingo.Symbol] = field(default_factory=dict)  # conditional event -> its head
    condition_literals: dict[clingo.Symbol, list] = field(default_factory=dict)  # a condition's head -> its literals
    chains: dict[int, int] = field(default_factory=dict)    # an unending chain's first cashing -> its rounds
    ballot_events: dict[int, dict] = field(default_factory=dict)  # vote / withdraw-ballot events (R683)
    decisions_by_events: bool = False  # events act on the decisions' strengths or adoption indices (R2645, R2637)
    added_rule_count: int = 0
    query_point_count: int = 0
    # the statements
    outside_facts: dict[str, str] = field(default_factory=dict)
    statement_nodes: list = field(default_factory=list)
    self_referential: set[int] = field(default_factory=set)
    indeterminacy: set[int] = field(default_factory=set)
    statement_points: dict[int, set[clingo.Symbol]] = field(default_factory=dict)
    compiler: Compiler = field(init=False)

    def __post_init__(self) -> None:
        self.compiler = Compiler(self.time_point)

    @property
    def where(self) -> str:
        return str(self.path)

    def add(self, name: str, *arguments) -> None:
        """A fact, as a typed symbol (adjudicator.solving.terms)."""
        self.program.append(fact_line(fact(name, *arguments)))

    def add_all(self, atoms: Iterable[clingo.Symbol]) -> None:
        self.program.extend(fact_lines(atoms))

    def add_year_starts(self) -> None:
        """Each year's first instant (cal_year_start/2), from the year before the case's epoch to two
        after its last moment: culture.lp's calendar reads months and quarters from them."""
        if self.epoch is None:
            return
        last = max([t for t in [*self.times, self.now] if t is not None], default=self.epoch)
        for year in range(self.epoch.year - 1, last.year + 3):
            self.add("cal_year_start", year, self.minutes(datetime(year, 1, 1, tzinfo=timezone.utc)))

    def who(self, text: str, context: str) -> Name:
        """A person or entity of the case, by any of its spellings."""
        return self.lexicon.person(text, context)

    def minutes(self, moment: datetime) -> int:
        """A moment in the judge's minutes since the case's epoch."""
        value = int((moment - self.epoch).total_seconds() // 60)
        if abs(value) > CLINGO_MAX:  # it would wrap around to some other moment
            raise InputError(f"{self.where}: {moment:%Y-%m-%d} is too far from the case's other dates (the solver "
                             f"counts minutes in 32 bits: about 4000 years)")
        return value

    def time_point(self, phrase: str, context: str) -> tuple[clingo.Symbol, list[clingo.Symbol]]:
        """The point a time phrase asks at, and the facts defining it (query_time/2, query_after/2)."""
        low = " ".join(phrase.lower().split())
        self.query_point_count += 1
        name = Name(f"t{self.query_point_count}")
        q = fact("q", name)
        m = re.fullmatch(r"(at|by|before|after) (.+)", low)
        kind, rest = m.group(1), m.group(2)
        if rest in ("now", "the end of the case"):
            return q, [fact("query_time", name, self.minutes(self.now) if self.now else 0)]
        m2 = re.fullmatch(r"event ([\w.\-]+)", rest)
        if m2:
            e = self.lexicon.event(m2.group(1), context)
            if kind == "before":
                return fact("ev", e), []
            return q, [fact("query_after", name, e)]
        moment = parse_time(phrase.split(None, 1)[1], context)
        return q, [fact("query_time", name, self.minutes(moment))]

    def condition(self, text: str, tag: clingo.Symbol | Name, context: str, whose: str) -> clingo.Symbol:
        """A condition sentence compiled under `tag`; its head (`aux_head(Head, Point)` where it holds).
        A condition cannot ask about this CFJ's own judgement."""
        compiled = Compiled()
        node = parse(text, self.lexicon, context)
        head = self.compiler.node(node, tag, compiled, context)
        self.condition_literals[head] = [literal for part in walk(node) for literal in part.literals]
        if compiled.self_referential:
            raise InputError(f"{context}: {whose} condition cannot refer to this CFJ's own judgement")
        self.program.extend(compiled.rules)
        self.add_all(compiled.query_points)
        return head


def one_line(text: str) -> str:
    """A clause's text or a promise's title on one line, double quotes shown as single ones."""
    return text.replace('"', "'").replace("\n", " ")
