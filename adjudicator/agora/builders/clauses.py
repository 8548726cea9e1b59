"""Clauses: what an added or amended rule says, as `clause/2` facts and `applies/4` rules (R2152's
modalities, R2125's methods, R1728's dependent actions, precedence claims of R1030)."""

from __future__ import annotations

import clingo

from adjudicator.agora.builders.dependent import method_term
from adjudicator.agora.builders.state import CaseBuild, one_line
from adjudicator.agora.case import Clause, solver_int
from adjudicator.agora.statements import action_term
from adjudicator.errors import InputError
from adjudicator.solving.raw import checked_rules
from adjudicator.solving.terms import Name, Var, atom, compare, fact, function, name_of, rule_text

# predicates through which statements are judged: a clause's raw ASP may not define them
STATEMENT_PREDICATES = {"holds", "statement", "self_referential", "aux_head", "query_time", "query_after", "asked_rule"}

MODALITIES = {
    "CAN": "can", "POSSIBLE": "can", "CANNOT": "cannot", "IMPOSSIBLE": "cannot", "INEFFECTIVE": "cannot",
    "MAY": "may", "MAY NOT": "must_not", "MUST NOT": "must_not", "SHALL NOT": "must_not", "ILLEGAL": "must_not",
    "PROHIBITED": "must_not", "MUST": "must", "SHALL": "must", "REQUIRED": "must", "NEED NOT": "need_not",
    "SHOULD": "should", "SHOULD NOT": "should_not",
}

POINT, ACTOR = Var("Pt"), Var("A")  # a clause's rules: the point, the actor

# A clause `method:` saying the rule names no method for its CAN (R2125; CFJ 3736).
UNSPECIFIED_METHOD = ("unspecified", "none", "no method", "not specified")


def add_clause(build: CaseBuild, rule: clingo.Symbol, clause: Clause, order_no: int, context: str, amended: bool,
               clause_ids: dict) -> None:
    """Clause number `order_no` of `rule` (an amendment's clauses are numbered from 101)."""
    rule_term = str(rule)
    cid = Name(f"c_{name_of(clause.id)}" if clause.id else
               f"c_{rule_term.replace('(', '_').replace(')', '').replace(',', '_')}_{order_no}")
    if cid in build.clause_text:
        raise InputError(f"{context}: two clauses are called {clause.id!r}")
    clause_ids[clause.id or cid] = cid
    text = clause.says or " ".join(x for x in [clause.who, clause.modality, clause.action,
                                               clause.method and f"({clause.method})",
                                               clause.when and f"if {clause.when}"] if x)
    build.clause_text[cid] = text
    build.clause_rules[cid] = rule_term
    build.add("clause", Name(cid), rule)
    build.add("clause_order", Name(cid), order_no)
    build.add("clause_says", Name(cid), one_line(text))
    if amended:
        build.add("amended_in", Name(cid), rule)
    for target in clause.claims_precedence_over:
        build.add("claims_over", Name(cid), _target_term(target, context))
    for target in clause.defers_to:
        build.add("defers", Name(cid), _target_term(target, context))
    if clause.satisfaction_only_methods is not None:
        _satisfaction_methods(build, cid, clause, context)
        return
    if clause.asp:  # rules, facts and constraints only (adjudicator.solving.raw), none of the judge's own
        build.program.append(checked_rules(clause.asp.replace("CLAUSE", cid), context, reserved=STATEMENT_PREDICATES))
        if not clause.modality:
            build.add("modality", Name(cid), Name("defines"))
    if not clause.modality:
        if not clause.asp:
            raise InputError(f"{context}: a clause needs a modality (CAN, MAY, SHALL, ...) or asp")
        return
    _modal_clause(build, cid, clause, context)


def _satisfaction_methods(build: CaseBuild, cid: Name, clause: Clause, context: str) -> None:
    """A clause defining the only methods by which a duty is satisfied."""
    build.add("modality", Name(cid), Name("defines"))
    build.add("satisfaction_only_methods", Name(cid))
    for m in clause.satisfaction_only_methods:
        if m == "notice":
            build.add("satisfaction_method_allowed", Name(cid), Name("notice"))
        elif m in ("t_notice", "t notice", "with t notice"):
            notice = function("t_notice", Var("T"))
            build.program.append(rule_text(atom("satisfaction_method_allowed", cid, notice),
                                           [atom("method", Var("_"), notice)]))
        else:
            build.add("satisfaction_method_allowed", Name(cid), method_term(m, context))


def _modal_clause(build: CaseBuild, cid: Name, clause: Clause, context: str) -> None:
    """R2152: who CAN, MAY, SHALL ... do what, by which method, under which condition (`applies/4`)."""
    modality = MODALITIES.get(" ".join(clause.modality.upper().split()))
    if modality is None:
        raise InputError(f"{context}: {clause.modality!r} is not one of R2152's terms ({', '.join(MODALITIES)})")
    if not clause.action:
        raise InputError(f"{context}: a clause with a modality needs an action")
    build.add("modality", Name(cid), Name(modality))
    action, _, _ = action_term(clause.action, build.lexicon, context)
    body = [atom("need", ACTOR, action, POINT)]
    holder = " ".join(clause.who.lower().split())
    if holder in ("any person", "a person", "persons", "every person"):
        body.append(atom("person", ACTOR))
    elif holder in ("any player", "a player", "players", "every player"):
        body.append(atom("player_at", ACTOR, POINT))
    elif holder in ("anyone", "any entity", "everyone"):
        body.append(atom("entity", ACTOR))
    else:
        body.append(compare(ACTOR, "=", Name(build.who(clause.who, context))))
    if clause.method and " ".join(clause.method.lower().split()) in UNSPECIFIED_METHOD:
        build.add("no_method", Name(cid))  # R2125: a CAN that names no method (CFJ 3736)
    elif clause.method:
        body.append(atom("via_dependent", ACTOR, action, method_term(clause.method, context), POINT))
    if clause.when:
        head = build.condition(clause.when, cid, context, "a rule's")
        body.append(atom("aux_head", head, POINT))
    build.program.append(rule_text(atom("applies", cid, ACTOR, action, POINT), body))


def _target_term(target, context: str) -> clingo.Symbol:
    """What a precedence claim or deferral names: a rule, all rules, or a class of rules."""
    if isinstance(target, int) or str(target).strip().lstrip("Rr").isdigit():
        number = solver_int(str(target).strip().lstrip("Rr"), context)
        return fact("rule", number)
    low = str(target).strip().lower()
    if low in ("all rules", "all", "any rule", "rules to the contrary"):
        return fact("all_rules")
    if low.startswith("class "):
        return fact("class", name_of(low[6:]))
    raise InputError(f"{context}: {target!r} is not a rule, 'all rules' or 'class NAME'")
