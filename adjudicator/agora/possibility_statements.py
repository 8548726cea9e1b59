"""Statements about what the players CAN bring about (R1698), answered by the ossification model.

    Agora is (not) ossified
    Agora would (not) be ossified after proposal X
    proposal X cannot take effect | proposal X can take effect          (R1698's guard)
    it is POSSIBLE|IMPOSSIBLE to enact a rule of Power P
    it is POSSIBLE|IMPOSSIBLE for W to win (the game) within N days

The patterns give ASP literals as clingo AST (`agora_ossified`, `ossified_after(X)`,
`r1698_cancels(X)`, `possible_enact(P10)`, `possible_win(W,N)`; all ground); statements.py makes them nodes of the judge's
language. `possibility_facts` answers each literal a case's statements use with the ossification
model (`analysis/ossification.py`, Z3: nothing is decided here) and gives the facts, with the
witness plan or the blocking rules as `possibility_why/3` lines the judge's explanation shows
(`explanation_lines`). The question is put to the case's ruleset as named (its text; the case's
`changes:` in clause form are not rule text and are not applied), with the case's players
(`gamestate.players`, or the players of its `decisions:`) cooperating; proposal X is a decision of
the case's `decisions:` section with a proposal text, at Power min(4, AI) (R106).
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any, Iterable

import clingo
from clingo import ast

from adjudicator.agora.decisions import decision_key, parse_input
from adjudicator.analysis.ossification import Options, apply_read, decide, r1698_guard
from adjudicator.errors import InputError, Undecided
from adjudicator.rulesets.model import Ruleset
from adjudicator.rulesets.proposal import Proposal
from adjudicator.solving.terms import Atoms, atom, fact, fact_lines, negated, value

PREDICATES = ("agora_ossified", "ossified_after", "r1698_cancels", "possible_enact", "possible_win")
_P = r"proposal #?(?P<d>[\w.\-]+)"


def _proposal_id(text: str) -> int | str:
    text = text.strip().lstrip("#")
    return int(text) if text.isdigit() else text


def _neg(literal: ast.AST, negate: bool) -> ast.AST:
    return negated(literal) if negate else literal


def _power_tenths(text: str, where: str) -> int:
    try:
        power = Decimal(text)
    except InvalidOperation:
        raise InputError(f"{where}: Power {text!r} is not a number") from None
    if not Decimal("0.1") <= power <= Decimal("4.0") or power * 10 != int(power * 10):
        raise InputError(f"{where}: Power {text} is not a multiple of 0.1 between 0.1 and 4.0 (R2141)")
    return int(power * 10)


def _days(text: str, where: str) -> int:
    days = int(text)
    if not 1 <= days <= 3650:
        raise InputError(f"{where}: {days} days: ask about 1 to 3650 days")
    return days


PATTERNS = [
    (re.compile(r"^Agora is(?P<neg> not)? ossified$", re.I),
     lambda m, lx, w: _neg(atom("agora_ossified"), bool(m["neg"]))),
    (re.compile(rf"^Agora would(?P<neg> not)? be ossified after {_P}$", re.I),
     lambda m, lx, w: _neg(atom("ossified_after", decision_key(_proposal_id(m["d"]))), bool(m["neg"]))),
    (re.compile(rf"^{_P} (?P<modal>cannot|can not|can't|can) take effect$", re.I),
     lambda m, lx, w: _neg(atom("r1698_cancels", decision_key(_proposal_id(m["d"]))), m["modal"].lower() == "can")),
    (re.compile(r"^it is (?P<modal>POSSIBLE|IMPOSSIBLE) to enact an? (?:new )?rule of Power (?P<p>[\d.]+)$", re.I),
     lambda m, lx, w: _neg(atom("possible_enact", _power_tenths(m["p"], w)), m["modal"].upper() == "IMPOSSIBLE")),
    (re.compile(r"^it is (?P<modal>POSSIBLE|IMPOSSIBLE) for (?P<who>.+?) to win(?: the game)? within (?P<n>\d+) days$",
                re.I),
     lambda m, lx, w: _neg(atom("possible_win", lx.person(m["who"], w), _days(m["n"], w)),
                           m["modal"].upper() == "IMPOSSIBLE")),
]


def _literals(nodes: Iterable[Any]) -> list[clingo.Symbol]:
    """The possibility atoms the statements use (ground; positive form), in order of appearance."""
    found: list[clingo.Symbol] = []
    stack = [n for n in nodes if n is not None]
    while stack:
        node = stack.pop(0)
        for literal in getattr(node, "literals", []) or []:
            if literal.atom.ast_type != ast.ASTType.SymbolicAtom:
                continue
            term = literal.atom.symbol
            if term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.name in PREDICATES and term.symbol not in found:
                found.append(term.symbol)
        stack.extend(node.children)
    return found


def possibility_facts(case: Any, ruleset: Ruleset, nodes: Iterable[Any], person_names: dict[str, str],
                      where: str, timeout: float = 20.0) -> list[str]:
    """Facts answering the possibility literals of the case's statements, and their why lines."""
    literals = _literals(nodes)
    if not literals:
        return []
    decisions = parse_input(case.decisions, f"{where}: decisions") if case.decisions is not None else None
    players = list(case.gamestate.players) or (list(decisions.players) if decisions else [])
    if not players:
        raise InputError(f"{where}: a statement about what players can do (R1698) needs the players "
                         "(gamestate.players, or the players of `decisions:`)")
    opts = Options(players=len(players), names=players, timeout=timeout)
    intro = f"{len(players)} players cooperating, ruleset {ruleset.name}"
    out: list[str] = []
    now: dict[str, Any] = {}  # decide(ruleset) once: "Agora is ossified" and every R1698 guard need it
    for literal in literals:
        name, args = literal.name, tuple(value(argument) for argument in literal.arguments)
        holds, lines = _answer(name, args, ruleset, decisions, players, person_names, opts, where, now)
        atoms = _findings(literal, holds, now) if name in RULED else [literal] if holds else []
        head = f"the ossification model: \"{_phrase(name, args, person_names)}\" is {'TRUE' if holds else 'FALSE'} ({intro})"
        atoms += [fact("possibility_why", literal, k, line.replace("\n", " ")) for k, line in enumerate([head] + lines, 1)]
        out += fact_lines(atoms)
    out.append("#show possibility_why/3.")
    return out


# The literals nomic.lp derives by R1698 from what the model found (the others are its findings)
RULED = ("agora_ossified", "r1698_cancels")


def _findings(literal: clingo.Symbol, holds: bool, now: dict[str, Any]) -> list[clingo.Symbol]:
    """What the ossification model found, as nomic.lp's inputs: whether a plan for an arbitrary rule
    change exists now; for a proposal, whether one exists after its changes and whether one did before."""
    if literal.name == "agora_ossified":
        return [fact("ossification_checked")] + ([] if holds else [fact("change_plan_found")])
    verdict = now["verdicts"][tuple(value(a) for a in literal.arguments)]
    out = [fact("net_effect_checked", literal.arguments[0])]
    if verdict.cancelled_by_r1698:  # the guard asks the model after the changes only from an unossified state
        out.append(fact("net_effect_ossifies", literal.arguments[0]))
    if verdict.ossified_before:
        out.append(fact("ossified_before_net_effect"))
    return out


def _phrase(name: str, args: tuple, person_names: dict[str, str]) -> str:
    """The sentence a possibility literal stands for (positive form)."""
    if name == "agora_ossified":
        return "Agora is ossified"
    if name == "ossified_after":
        return f"Agora would be ossified after proposal {args[0]}"
    if name == "r1698_cancels":
        return f"proposal {args[0]} cannot take effect"
    if name == "possible_enact":
        return f"it is POSSIBLE to enact a rule of Power {Decimal(args[0]) / 10}"
    who, days = args
    return f"it is POSSIBLE for {person_names.get(who, who)} to win within {days} days"


def _proposal(decisions: Any, key: int | str, where: str) -> Proposal:
    for d in decisions.decisions if decisions else []:
        if decision_key(d.id) == key and d.proposal is not None and d.proposal.text:
            return Proposal(title=d.proposal.title or f"proposal {d.id}", adoption_index=d.adoption_index,
                            author=d.proposal.author, text=d.proposal.text, source=f"proposal {d.id}")
    raise InputError(f"{where}: no proposal {key} with a text in the case's `decisions:`")


def _refuse_unread(proposal: Proposal, unread: list[str], where: str) -> None:
    """A statement about a proposal's effect is not answered while the model cannot read a clause of it."""
    if unread:
        raise Undecided(f"{where}: {proposal.source}: the ossification model does not understand "
                        + "; ".join(unread))


def _plan_lines(plan, blocking, replay) -> list[str]:
    if plan:
        return ["A plan:"] + [f"  day {s.day}: {s.actor} {s.action}: {s.detail}" for s in plan] + \
            [f"  replayed: {line}" for line in replay]
    return ["No plan exists; these together block every one (a minimal unsat core):"] + \
        [f"  {b.rule}: {b.why}" for b in blocking]


def _answer(name, args, ruleset, decisions, players, person_names, opts, where, now) -> tuple[bool, list[str]]:
    if name in ("agora_ossified", "r1698_cancels") and "answer" not in now:
        now["answer"] = decide(ruleset, opts)
    if name == "agora_ossified":
        ossified, plan, blocking, replay = now["answer"]
        return ossified, ["R1698: Agora is ossified iff no reasonable combination of actions makes any rule "
                          "change within four weeks (docs/ossification.md)"] + _plan_lines(plan, blocking, replay)
    if name == "ossified_after":
        proposal = _proposal(decisions, args[0], where)
        instrument, after, report, unread = apply_read(proposal, ruleset)
        _refuse_unread(proposal, unread, where)
        ossified, plan, blocking, replay = decide(after, opts)
        changes = [f"  {r.status}: {r.reason}" for r in report.results]
        return ossified, [f"{proposal.title} applied at Power {instrument.power} (R106; R1698 notwithstanding):"] + \
            changes + _plan_lines(plan, blocking, replay)
    if name == "r1698_cancels":
        proposal = _proposal(decisions, args[0], where)
        verdict, _, _ = r1698_guard(proposal.source or proposal.title, proposal, ruleset, opts, now["answer"][0],
                                    strict=True)
        _refuse_unread(proposal, verdict.not_understood, where)
        now.setdefault("verdicts", {})[args] = verdict
        return verdict.cancelled_by_r1698, [verdict.why] + [f"  {c}" for c in verdict.changes]
    if name == "possible_enact":
        power = Decimal(args[0]) / 10
        answer_opts = opts.model_copy(update={"goal_power": power})
        ossified, plan, blocking, replay = decide(ruleset, answer_opts)
        return not ossified, [f"a proposal enacting a rule of Power {power} takes effect within the period "
                              "(R1698's four weeks)"] + _plan_lines(plan, blocking, replay)
    # possible_win(W, N)
    who, days = args
    winner = person_names.get(who, who)
    is_player = winner.lower() in {p.lower() for p in players}
    answer_opts = opts.model_copy(update={"win": winner, "winner_is_player": is_player, "horizon": int(days),
                                          "goal_power": Decimal("1.0")})
    ossified, plan, blocking, replay = decide(ruleset, answer_opts)
    return not ossified, [f"{winner} wins within {days} days by Declaring Apathy (R2465) or by a proposal enacting "
                          f"a rule that says so (R2449)"] + _plan_lines(plan, blocking, replay)


def explanation_lines(node: Any, atoms: Atoms) -> list[str]:
    """The why lines of the possibility literals a statement's node uses (for the judge's explanation;
    `atoms`: the witness gamestate's)."""
    wanted = _literals([node])
    if not wanted:
        return []
    found: dict[clingo.Symbol, list[tuple[int, str]]] = {}
    for literal, k, line in atoms.terms("possibility_why", 3):
        found.setdefault(literal, []).append((k.number, line.string))
    return [line for literal in wanted for _, line in sorted(found.get(literal, []))]
