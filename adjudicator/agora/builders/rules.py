"""Rules: the parsed ruleset's rules in force, with their IDs, Powers and titles (R105, R1688), the
rules a case adds (with their clauses, securings and own changes) and its hypothetical changes."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import clingo
from pydantic import ValidationError

from adjudicator.agora.builders.clauses import add_clause
from adjudicator.agora.builders.entities import amendment_effects
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.agora.builders.texts import case_day
from adjudicator.agora.case import CLINGO_MAX, AddedRule, Case, SetPower, parse_power, parse_time, solver_int
from adjudicator.agora.statements import action_term
from adjudicator.errors import InputError
from adjudicator.inputs import beside, validation_problems
from adjudicator.rulesets import BUNDLED, Ruleset, load_ruleset
from adjudicator.rulesets.secured import Securing, securing_facts, securings
from adjudicator.solving.terms import Name, Var, atom, fact, name_of, rule_text
from adjudicator.solving.terms import term as fact_term


def power_units(value, where: str) -> int:
    """A Power in the solver's thousandths."""
    return int((parse_power(value, where) * 1000).to_integral_value())


def resolve_ruleset(case: Case, case_path: Path) -> Ruleset:
    """The case's ruleset; a folder of Agora's per-rule YAML files (with history) is read as of the
    case's day (its `as_of`, else the day its statements are asked), so the texts are that day's."""
    name = case.ruleset
    if name in BUNDLED:
        return load_ruleset(name)
    # a file beside the case (or in a folder below it): never an absolute path, nor one that
    # climbs out (a case file must not make the tool read /dev/zero, a FIFO or someone's files)
    candidate = beside(case_path, name, "ruleset")
    try:
        exists = candidate.exists()
    except OSError:
        exists = False
    if exists:
        try:
            dated_by = case_day(case, str(case_path)) if candidate.is_dir() else None
            if dated_by is not None:  # a ruleset with history: the rules of the case's day
                return load_ruleset(str(candidate), as_of=dated_by[0].isoformat())
            return load_ruleset(str(candidate))
        except InputError as exc:  # name the case file too: the ruleset path is written there
            raise InputError(f"ruleset: {exc}", source=str(case_path)) from None
    known = ", ".join(sorted(BUNDLED))
    raise InputError(f"ruleset {name!r} is neither a bundled ruleset ({known}) nor a file", source=str(case_path))


def rules_in_force(build: CaseBuild) -> None:
    """The ruleset's rules (R105, R1688), what their texts secure, their encoded revisions, and the
    precedence policy the case names."""
    case, ruleset, where = build.case, build.ruleset, build.where
    for rule in ruleset.rules:
        if rule.id is None or rule.kind not in ("rule",) or rule.id in build.rules_not_yet_in_force:
            continue
        context = f"{where}: ruleset {case.ruleset}, rule {rule.id}"
        if rule.id > CLINGO_MAX:  # it would wrap around onto another rule's number
            raise InputError(f"{context}: ID larger than this tool can count (at most {CLINGO_MAX})")
        power = power_units(rule.power or Decimal(0), context)
        build.add("base_rule", rule.id)
        build.add("rule_id", rule.id, rule.id)
        build.add("rule_power", rule.id, power)
        build.add("rule_enacted", rule.id, -1)
        build.rule_names[str(rule.id)] = f"R{rule.id} ({rule.title}, Power {rule.power})"
        build.rule_terms.append(fact_term(rule.id, "rule"))
    # R1688: which rules' changes the ruleset's texts secure (the same reader as `ruleset amend`)
    build.add_all(securing_facts(securings(ruleset), f"{where}: ruleset {case.ruleset}"))
    for number, revision in sorted(build.text_revisions.items()):
        build.add("text_revision", number, revision)
    build.add("precedence_policy", Name(case.policy))


def hypothetical_changes(build: CaseBuild) -> None:
    """The case's `changes:`, taking effect before its events (R105)."""
    for n, change in enumerate(build.case.changes, 1):
        context = f"{build.where}: changes[{n}]"
        given = [x for x in (change.power, change.repeal, change.enact, change.amend) if x is not None]
        if len(given) != 1:
            raise InputError(f"{context}: give exactly one of power, repeal, enact, amend")
        if change.power is not None:
            build.add("hypothetical", fact("set_power", change.power.rule, power_units(change.power.to, context)))
        elif change.repeal is not None:
            build.add("hypothetical", fact("repeal", change.repeal))
        elif change.enact is not None:
            term = add_rule(build, change.enact, context, 0)
            build.add("hypothetical", fact("enact", term, power_units(change.enact.power, context)))
        else:
            amendment = change.amend
            build.add("hypothetical", fact("amend", amendment.rule))
            clause_ids: dict = {}
            for k, clause in enumerate(amendment.clauses, 1):
                add_clause(build, fact_term(amendment.rule, context), clause, 100 + k, f"{context}: clause {k}", True,
                           clause_ids)
            for removed in amendment.remove:
                build.add("removes", amendment.rule, Name(name_of(removed)))
            amendment_effects(build, 0, amendment, context)  # R1586


def add_rule(build: CaseBuild, rule: AddedRule, context: str, event: int) -> clingo.Symbol:
    """A rule the case adds (a hypothetical change, or enacted by event `event`); its term."""
    term = _added_rule_term(build, rule, context)
    build.add("added_rule", term)
    power = power_units(rule.power, context)
    build.rule_names[str(term)] = _added_rule_name(build, rule, power)
    build.rule_terms.append(term)
    if rule.enacted is not None:
        build.add("rule_enacted", term, build.minutes(parse_time(rule.enacted, context)))
    elif event > 0:
        build.program.append(rule_text(atom("rule_enacted", term, Var("T")), [atom("event_time", event, Var("T"))]))
    else:
        build.add("rule_enacted", term, 0)
    _rule_standing(build, term, rule, context)
    clause_ids: dict = {}
    for n, clause in enumerate(rule.clauses, 1):
        add_clause(build, term, clause, n, f"{context}: clause {n}", False, clause_ids)
    _secured_by(build, term, rule, context)
    _own_changes(build, term, rule, context)
    for clause in rule.clauses:
        for broader in clause.narrower_than:
            mine = clause_ids[clause.id] if clause.id else None
            other = clause_ids.get(broader) or f"c_{name_of(broader)}"
            if mine:
                build.add("narrower", Name(mine), Name(other))
    return term


def _added_rule_term(build: CaseBuild, rule: AddedRule, context: str) -> clingo.Symbol:
    if rule.id is not None:
        term = fact_term(rule.id, context)
        if any(r.id == rule.id for r in build.ruleset.rules):
            raise InputError(f"{context}: rule {rule.id} already exists; amend it instead")
        build.add("rule_id", rule.id, rule.id)
        return term
    build.added_rule_count += 1
    return fact("new", build.added_rule_count)


def _added_rule_name(build: CaseBuild, rule: AddedRule, power: int) -> str:
    if build.case.policy == "blognomic":
        section = {"special_case": "Special Case", "appendix": "Appendix"}.get(rule.section or "",
                                                                              (rule.section or "").title())
        return f"the {section + ' ' if section else ''}rule \"{rule.title}\""
    return (f"{'R' + str(rule.id) if rule.id is not None else 'the new rule'} "
            f"({rule.title}, Power {Decimal(power) / 1000:g})")


def _rule_standing(build: CaseBuild, term: clingo.Symbol, rule: AddedRule, context: str) -> None:
    """Its section, classes and the precedence it is given."""
    if rule.section:
        build.add("section", term, Name(name_of(rule.section)))
    if rule.protected_from_dynastic:
        build.add("protected_from_dynastic", term)
    for klass in rule.classes:
        build.add("in_class", term, Name(name_of(klass)))
    if rule.precedence_by is not None:
        build.add("precedence_by", term, rule.precedence_by)
        build.add("asked_rule", rule.precedence_by)
    for pair in rule.precedence_determinations:
        if len(pair) != 2:
            raise InputError(f"{context}: a precedence determination is [winner, loser]")
        build.add("pd_prefers", term, solver_int(pair[0], context), solver_int(pair[1], context))


def _secured_by(build: CaseBuild, term: clingo.Symbol, rule: AddedRule, context: str) -> None:
    """R1688: changes to the rules it names are secured."""
    for n, secured in enumerate(rule.secures, 1):
        secured_rule = term if secured.rule == "this rule" else secured.rule
        if secured_rule is not term and not any(r.id == secured_rule for r in build.ruleset.rules):
            raise InputError(f"{context}: secures[{n}]: rule {secured_rule} is not a rule of the ruleset")
        build.add_all(securing_facts([Securing(term, secured_rule, secured.threshold)], f"{context}: secures[{n}]"))


def _own_changes(build: CaseBuild, term: clingo.Symbol, rule: AddedRule, context: str) -> None:
    """The rule changes this rule makes upon an action (R2141, R105)."""
    for n, upon in enumerate(rule.upon, 1):
        where_upon = f"{context}: upon {n}"
        action, _, _ = action_term(upon.action, build.lexicon, where_upon)
        build.add("rule_upon", term, action, n)
        for provision in upon.provisions:
            if not isinstance(provision, dict) or len(provision) != 1:
                raise InputError(f"{where_upon}: a provision is a one-key mapping, e.g. {{repeal: this rule}}")
            (key, value), = provision.items()
            key = key.lower().replace("_", " ")
            if key == "repeal":
                itself = str(value).strip().lower() in ("this rule", "itself", "self")
                target = term if itself else solver_int(value, where_upon)
                build.add("upon_change", term, n, fact("repeal", target))
            elif key == "set power":
                try:
                    change = SetPower.model_validate(value)
                except ValidationError as exc:
                    raise InputError(f"{where_upon}: {validation_problems(exc)}") from None
                build.add("upon_change", term, n, fact("set_power", change.rule, power_units(change.to, where_upon)))
            else:
                raise InputError(f"{where_upon}: a rule's own changes are repeal or set power, not {key!r}")
