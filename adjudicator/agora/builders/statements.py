"""The statements asked (R591): facts outside the gamestate (IRRELEVANT), each statement compiled
to `holds(s(N))` at its point (the end of the case), what it refers to (for the why-tree), and the
answers to statements about what players CAN bring about (R1698, the ossification model)."""

from __future__ import annotations

import re

import clingo

from adjudicator.agora.builders.assets import check_rules_named
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.statements import Compiled, parse, referenced
from adjudicator.solving.raw import statement_program
from adjudicator.solving.terms import Name, atom, fact, name_of, rule_text

INDETERMINACY = re.compile(r"\s*it is indeterminate whether (.+)", re.IGNORECASE | re.DOTALL)


def statement_tag(index: int) -> clingo.Symbol:
    """Statement `index`'s term, s(N) (holds/1, verdict/2)."""
    return fact("s", index)


def statement_point(index: int) -> clingo.Symbol:
    """The point statement `index` is asked at (the case's end): q(sN), defined by query_time(sN, T)."""
    return fact("q", Name(f"s{index}"))


def outside_gamestate(build: CaseBuild) -> None:
    """R591: facts outside the gamestate, which a statement may name (IRRELEVANT)."""
    for key, sentence in build.case.outside_gamestate.items():
        ident = name_of(f"x_{key}")
        build.outside_facts[ident] = str(sentence)
        build.lexicon.outside[" ".join(str(sentence).split()).rstrip(".").lower()] = ident
        build.add("outside_fact", Name(ident))
    build.lexicon.texts.update({str(name).strip().lower(): str(text) for name, text in build.case.texts.items()})


def statements(build: CaseBuild) -> None:
    for i, statement in enumerate(build.case.statements, 1):
        context = f"{build.where}: statement {i}"
        tag = statement_tag(i)
        build.add("statement", tag)
        point = statement_point(i)
        build.add("query_time", point.arguments[0], build.minutes(build.now) if build.now else 0)
        if statement.asp:
            # its own namespace: it reads the gamestate, and cannot change it or another statement
            body, goal = statement_program(statement.asp, f"raw_{i}", context)
            build.program.append(body)
            build.program.append(rule_text(atom("holds", tag), [atom(goal)]))
            build.statement_nodes.append(None)
            continue
        _sentence(build, i, statement.text, tag, point, context)


def _sentence(build: CaseBuild, i: int, text: str, tag: clingo.Symbol, point: clingo.Symbol, context: str) -> None:
    """A statement in the statement language (statements.py), compiled under `tag`."""
    asked = INDETERMINACY.fullmatch(text)
    if asked:  # R2518: a question over all consistent gamestates; the inner sentence is compiled
        text = asked.group(1)
        build.indeterminacy.add(i)
    node = parse(text, build.lexicon, context)
    compiled = Compiled()
    head = build.compiler.node(node, tag, compiled, context, point)
    build.program.extend(compiled.rules)
    build.add_all(compiled.query_points)
    build.statement_points[i] = {fact("q", asked_at.arguments[0]) for asked_at in compiled.query_points}
    build.program.append(rule_text(atom("holds", tag), [atom("aux_head", head, point)]))
    if compiled.self_referential:
        build.add("self_referential", tag)
        build.self_referential.add(i)
    asked_events, asked_persons, asked_rules = referenced(node)
    check_rules_named(build, asked_rules, context)
    for r in asked_rules:
        build.add("asked_rule", r)
    for e in asked_events:  # what the why-tree's derivations are drawn for (derivations.lp)
        build.add("asked_event", e)
    for p in asked_persons:
        build.add("asked_person", Name(p))
    build.statement_nodes.append(node)


def possibilities(build: CaseBuild) -> None:
    """Statements about what players CAN bring about (R1698): answered by the ossification model."""
    from adjudicator.agora.possibility_statements import possibility_facts

    build.program.extend(possibility_facts(build.case, build.ruleset, build.statement_nodes, build.person_names,
                                           build.where))
