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

from adjudicator.solving.terms import Atoms

# Conclusions a statement can rest on (the heads of derived/3 that are worth a node of their own).
TOP_CONCLUSIONS = ("won", "violation", "effective", "ineffective", "illegal", "joined", "left", "blot_delta", "coin_delta",
       "applied", "not_applied", "promise_cashed", "ballot_act", "holder_change")
MAX_DEPTH = 8


def derivation_tree(root_claim: str, model, events: set[int], persons: set[str], rules: set[int],
                    words, cites) -> dict | None:
    """The tree as nested dicts (claim, rules, because), or None when the model records no
    derivation that bears on the statement. `words(sym)` renders an atom, `cites(by)` the rules
    a derivation's authority (a clause, rule(R), a precedence step) stands for."""
    atoms = Atoms(model)
    edges: dict[str, list[tuple[clingo.Symbol, clingo.Symbol]]] = defaultdict(list)
    conclusions: dict[str, clingo.Symbol] = {}
    for conclusion, by, premise in atoms.terms("derived", 3):
        edges[str(conclusion)].append((by, premise))
        conclusions[str(conclusion)] = conclusion
    actors: dict[str, str] = {}  # an event -> who attempted it (the first attempt/3 of the model)
    for event, actor, _ in atoms.terms("attempt", 3):
        actors.setdefault(str(event), str(actor))

    def bears(sym: clingo.Symbol) -> bool:
        args = [str(a) for a in sym.arguments]
        if sym.name in ("effective", "ineffective", "illegal"):
            return int(args[0]) in events or actors.get(args[0]) in persons
        if sym.name in ("won", "joined", "left"):
            return args[0] in persons or int(args[1]) in events
        if sym.name in ("blot_delta", "coin_delta"):
            return args[0] in persons
        if sym.name in ("applied", "not_applied"):  # a rule change: the rule it targets
            target = sym.arguments[2].arguments[0] if sym.arguments[2].arguments else None
            return target is not None and target.type == clingo.SymbolType.Number and target.number in rules
        if sym.name == "promise_cashed":
            return int(args[1]) in events or actors.get(args[1]) in persons
        if sym.name == "ballot_act":
            return int(args[0]) in events or args[2] in persons
        if sym.name == "holder_change":  # an office changed hands (offices.lp): to whom, by which event
            return args[1] in persons or int(args[2]) in events
        if sym.name == "violation":
            return args[0] in persons or (args[1].isdigit() and int(args[1]) in rules) or \
                any(f"({e})" in args[2] for e in events)
        return False

    tops = [s for key, s in conclusions.items() if s.name in TOP_CONCLUSIONS and bears(s)]
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
        cited = list(dict.fromkeys(r for b, _ in own for r in cites(b))) if own else \
            (cites(by) if by is not None else [])
        if sym.name in ("applies", "no_method"):  # a clause: its own rule first
            cited = list(dict.fromkeys(cites(sym.arguments[0]) + cited))
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

