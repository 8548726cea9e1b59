"""The why-tree of a judgement, built from the solver's derivations.

`encodings/agora/derivations.lp` records, in the witness gamestate, which clause or rule derived
each conclusion from which premise (`derived(Conclusion, By, Premise)`). The tree's root is the
verdict; its children are the conclusions that bear on the statement (about the events, persons
and rules it names) and that no other of them rests on; each node's children are its premises,
each citing the rule (and clause) that drew the conclusion. No game logic here: the edges are
the solver's, this module only walks and words them.
"""

from __future__ import annotations

import re
from collections import defaultdict

import clingo

# Conclusions a statement can rest on (the heads of derived/3 that are worth a node of their own).
TOP = ("won", "violation", "effective", "ineffective", "illegal", "joined", "left")
MAX_DEPTH = 8


def derivation_tree(root_claim: str, model, facts, events: set[int], persons: set[str], rules: set[int],
                    words) -> dict | None:
    """The tree as nested dicts (claim, rules, because), or None when the model records no
    derivation that bears on the statement. `words(sym)` renders an atom; `facts` gives the
    clause -> rule map and text revisions."""
    edges: dict[str, list[tuple[clingo.Symbol, clingo.Symbol]]] = defaultdict(list)
    premises: set[str] = set()
    conclusions: dict[str, clingo.Symbol] = {}
    for sym in model:
        if sym.name == "derived" and len(sym.arguments) == 3:
            conclusion, by, premise = sym.arguments
            edges[str(conclusion)].append((by, premise))
            premises.add(str(premise))
            conclusions[str(conclusion)] = conclusion

    def bears(sym: clingo.Symbol) -> bool:
        args = [str(a) for a in sym.arguments]
        if sym.name in ("effective", "ineffective", "illegal"):
            return int(args[0]) in events or _actor(model, args[0]) in persons
        if sym.name in ("won", "joined", "left"):
            return args[0] in persons or int(args[1]) in events
        if sym.name == "violation":
            return args[0] in persons or (args[1].isdigit() and int(args[1]) in rules) or \
                any(f"({e})" in args[2] for e in events)
        return False

    tops = [s for key, s in conclusions.items() if s.name in TOP and bears(s)]
    # only the uppermost: a conclusion another relevant one rests on is shown under it
    under = {str(p) for s in tops for _, p in _closure(str(s), edges)}
    tops = [s for s in tops if str(s) not in under]
    if not tops:
        return None

    def node(sym: clingo.Symbol, by: clingo.Symbol | None, depth: int, path: frozenset) -> dict:
        key = str(sym)
        own = edges.get(key, [])
        # a conclusion cites the rules that derived it; a premise nothing derived here (a clause
        # that applied, a condition met) cites the rule that drew its parent from it
        cited = list(dict.fromkeys(r for b, _ in own for r in _cites(b, facts))) if own else \
            (_cites(by, facts) if by is not None else [])
        if sym.name in ("applies", "no_method"):  # a clause: its own rule first
            cited = list(dict.fromkeys(_cites(sym.arguments[0], facts) + cited))
        out = {"claim": words(sym), "rules": cited, "because": []}
        if depth >= MAX_DEPTH or key in path:
            return out
        for child_by, premise in sorted(own, key=lambda e: (str(e[0]), str(e[1]))):
            out["because"].append(node(premise, child_by, depth + 1, path | {key}))
        return out

    return {"claim": root_claim, "rules": list(dict.fromkeys(re.findall(r"\bR\d+(?:/\d+)?\b", root_claim))),
            "because": [node(s, None, 1, frozenset()) for s in sorted(tops, key=str)]}


def _closure(key: str, edges) -> list[tuple[clingo.Symbol, clingo.Symbol]]:
    seen, stack, out = set(), [key], []
    while stack:
        k = stack.pop()
        for by, premise in edges.get(k, []):
            if str(premise) not in seen:
                seen.add(str(premise))
                out.append((by, premise))
                stack.append(str(premise))
    return out


def _actor(model, event: str) -> str | None:
    for sym in model:
        if sym.name == "attempt" and str(sym.arguments[0]) == event:
            return str(sym.arguments[1])
    return None


def _cites(by: clingo.Symbol, facts) -> list[str]:
    """The rule a derivation's authority is: a clause's rule, rule(R), or a precedence step."""
    from adjudicator.agora.judge import STEPS, _clause_rule

    text = str(by)
    if by.type == clingo.SymbolType.Function and by.name == "rule" and len(by.arguments) == 1:
        number = by.arguments[0].number
    elif text in STEPS:
        match = re.search(r"\b(R\d+)", STEPS[text])
        return [match.group(1)] if match else []
    else:
        rule = facts.clause_rules.get(text) or _clause_rule(text)
        if not rule or not str(rule).isdigit():
            return []
        number = int(rule)
    revision = facts.text_revisions.get(number)
    return [f"R{number}/{revision}" if number in REVISED and revision is not None else f"R{number}"]


# Rules whose several revisions the encodings implement: cited with the revision judged.
REVISED = (591, 1728, 2595)


def atom_words(sym: clingo.Symbol, facts) -> str:
    """An atom of a derivation in words."""
    from adjudicator.agora.judge import REASONS, STEPS, _clause, _doing, _moment, _name, _point_words, _rule, _where

    args = [str(a) for a in sym.arguments]

    def event(term: str) -> str:
        return f"event {facts.event_labels.get(int(term), term)}" if term.isdigit() else term

    def described(term: str) -> str:
        return facts.event_descriptions.get(int(term), event(term)) if term.isdigit() else term

    name = sym.name
    if name in ("effective", "ineffective"):
        return f"{described(args[0])} -> {name.upper()}"
    if name == "illegal":
        return f"{described(args[0])} was ILLEGAL"
    if name == "violation":
        return f"{_name(args[0], facts)} violated {_rule(args[1], facts)} ({_where(args[2], facts)})"
    if name == "won":
        return f"{_name(args[0], facts)} won the game at {event(args[1])}"
    if name == "joined":
        return f"{_name(args[0], facts)} became a player at {event(args[1])}"
    if name == "left":
        return f"{_name(args[0], facts)} ceased to be a player at {event(args[1])}"
    if name == "applies":
        return f"{_clause(args[0], facts)} speaks to {_doing(args[1], sym.arguments[2], facts)} {_point_words(args[3], facts)}"
    if name == "decided":
        return f"{_clause(args[0], facts)} prevails over {_clause(args[1], facts)} -- settled by {STEPS.get(args[2], args[2])}"
    if name == "dependent_ok":
        return f"the intent announced in {event(args[0])} meets every condition of a dependent action"
    if name in ("dependent_failure", "unsatisfied"):
        return REASONS.get(args[2], _clause(args[2], facts) + " (as amended)")
    if name == "no_method":
        return f"{_clause(args[0], facts)} says CAN but names no method"
    if name == "unclear_announcement":
        return f"the announcement of {event(args[0])} did not unambiguously and clearly specify the action"
    if name == "nothing_enables":
        return f"no clause in force makes it possible for {_doing(args[0], sym.arguments[1], facts)}"
    if name == "win_trigger":
        how = {"r2465_win": "a Declaration of Apathy (R2465)", "r2553_win": "a Win by Paradox (R2553)"}.get(args[2], "an instrument")
        return f"the rules state that {_name(args[0], facts)} wins at {event(args[1])}: {how}"
    if name == "applied_provision":
        return f"the instrument of {event(args[0])} states {args[1]}"
    if name == "obligation":
        return f"{_name(args[1], facts)} was required by {_clause(args[5], facts)} to act by {_moment(int(args[4]), facts)} (not fulfilled)"
    return str(sym)
