"""What a case's events did to its Agoran decisions besides ballots, as the judge reads it back from
a gamestate (encodings/agora/event_ballots.lp: R2645's Power and Sabotage Stones, R2422's Buy
Strength, R2637's Ministry Interests; encodings/agora/focuses.lp: R2422's Focus of each purchase;
encodings/agora/investigations.lp: R2619's two decisions of
an Indictment), put in the terms of the decision encodings' input, so that `agora resolve`'s
encodings (strength.lp, decisions.lp) decide what each is worth. Nothing is decided here: counts
are added to the file's own, names are spelled as the case's `decisions:` spells them, and the
Indictment's decisions are written as the encodings read them back (method, adoption index,
collector, voters, initiation and resolution)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any, Callable

import clingo

from adjudicator.agora.decisions import parse_input
from adjudicator.agora.stone_statements import decision_term
from adjudicator.solving.terms import Atoms, fact

# The read-back atoms (name, arity) of event_ballots.lp and investigations.lp.
INPUT_ATOMS = (("strength_bought_by_events", 3), ("adoption_index_raised_by_events", 2),
               ("interest_item_by_events", 5), ("indictment_decision", 5), ("indictment_voter", 2),
               ("indictment_resolution", 5), ("focus_bought_by_events", 4),
               ("voting_period_extension_by_events", 4))


def indictment_decision_name(finger_label: str, question: str) -> str:
    """The name a case gives R2619's decision `question` (convict, accept) on the Finger it labels."""
    return f"{finger_label}-{question}"


@dataclass
class CaseNames:
    """How the case names what the encodings read back: a person as its `decisions:` spells em, an
    event by its label, a moment in the judge's minutes as a time, and the case's `now`."""
    voter: Callable[[clingo.Symbol], str]
    label: Callable[[int], str]
    moment: Callable[[int], datetime]
    now: datetime | None


def event_inputs(model: list[clingo.Symbol]) -> frozenset[clingo.Symbol]:
    """The read-back atoms of one gamestate."""
    return frozenset(s for s in model if any(s.match(name, arity) for name, arity in INPUT_ATOMS))


def _keyed(table: dict, key: Any) -> Any:
    """The key of `table` that names decision `key` (a file may write 9300 or "9300")."""
    return next((k for k in table if str(k) == str(key)), key)


def with_event_inputs(raw: dict, inputs: frozenset[clingo.Symbol], names: CaseNames, source: str) -> tuple[dict, tuple]:
    """The `decisions:` input with R2619's decisions added, the strength bought and the adoption
    indices raised by events added to the file's own (`gamestate.bought_strength`,
    `gamestate.adoption_index_raised`), and each interest item as a fact of strength.lp
    (`interest_item(D, Holder, Office, K, Ministry)`), each purchase's Focus too
    (`purchase_focus(D, Buyer, I, Ministry)`, numbered after the file's own purchases)."""
    if not inputs:
        return raw, ()
    raw = _with_indictments(raw, inputs, names)
    if not raw.get("decisions"):
        return raw, ()
    data = parse_input(raw, f"{source}: decisions")
    ids = {str(decision_term(str(d.id))): d.id for d in data.decisions}
    gamestate = dict(raw.get("gamestate") or {})
    bought = {k: dict(v) for k, v in (gamestate.get("bought_strength") or {}).items()}
    raised = dict(gamestate.get("adoption_index_raised") or {})
    atoms = Atoms(sorted(inputs))
    for d, voter, n in atoms.terms("strength_bought_by_events", 3):
        if str(d) in ids:
            table = bought.setdefault(_keyed(bought, ids[str(d)]), {})
            table[names.voter(voter)] = table.get(names.voter(voter), 0) + n.number
    for d, n in atoms.terms("adoption_index_raised_by_events", 2):
        if str(d) in ids:
            key = _keyed(raised, ids[str(d)])
            raised[key] = raised.get(key, 0) + n.number
    # R2637: ministries as R2605 names them (proposals.lp's chambers)
    extra = [fact("interest_item", ids[str(d)], names.voter(p), str(o), k.number, str(m).capitalize())
             for d, p, o, k, m in atoms.terms("interest_item_by_events", 5) if str(d) in ids]
    own = gamestate.get("bought_strength") or {}
    for d, buyer, i, m in atoms.terms("focus_bought_by_events", 4):
        if str(d) in ids:  # R2422: the file's own purchases came before the case's events
            before = (own.get(_keyed(own, ids[str(d)])) or {}).get(names.voter(buyer), 0)
            extra.append(fact("purchase_focus", ids[str(d)], names.voter(buyer), before + i.number, str(m).capitalize()))
    gamestate.update({"bought_strength": bought, "adoption_index_raised": raised})
    return {**raw, "gamestate": gamestate, "decisions": _with_extensions(raw["decisions"], atoms, names)}, tuple(extra)


def _with_extensions(decisions: list, atoms: Atoms, names: CaseNames) -> list:
    """R2614: the voting periods Emergency Regulations of the case's events extended
    (regulations.lp's `voting_period_extension_by_events(D, E, At, Days)`), after the file's own."""
    found: dict[str, list] = {}
    for d, e, at, days in sorted(atoms.terms("voting_period_extension_by_events", 4), key=lambda t: t[1].number):
        found.setdefault(str(d), []).append({"at": names.moment(at.number), "days": days.number})
    if not found:
        return decisions
    return [{**d, "extensions": [*(d.get("extensions") or []), *found[key]]}
            if isinstance(d, dict) and (key := str(decision_term(str(d.get("id"))))) in found else d for d in decisions]


def _with_indictments(raw: dict, inputs: frozenset[clingo.Symbol], names: CaseNames) -> dict:
    """R2619's decisions, as investigations.lp reads them back: `indictment_decision(F, Q, Judge,
    Initiated, AI)`, `indictment_voter(F, P)` (a player at the initiation), `indictment_resolution(F,
    Q, Time, By, Stated)` (the first resolution message; Stated: the outcome it announced, or
    `unstated`)."""
    atoms = Atoms(sorted(inputs))
    voters: dict[int, list[str]] = {}
    for finger, person in atoms.terms("indictment_voter", 2):
        voters.setdefault(finger.number, []).append(names.voter(person))
    resolutions: dict[tuple[int, str], tuple] = {}
    for finger, question, at, by, stated in atoms.terms("indictment_resolution", 5):
        key = (finger.number, question.name)
        if key not in resolutions or at.number < resolutions[key][0]:
            resolutions[key] = (at.number, by, stated.name)
    added = []
    for finger, question, judge, initiated, ai in atoms.terms("indictment_decision", 5):
        decision = {"id": indictment_decision_name(names.label(finger.number), question.name),
                    "method": "ai-majority", "adoption_index": str(Decimal(ai.number) / 100), "referendum": False,
                    "initiated": names.moment(initiated.number), "collector": names.voter(judge),
                    "players": voters.get(finger.number, [])}
        resolution = resolutions.get((finger.number, question.name))
        if resolution is not None:
            at, by, stated = resolution
            decision.update({"resolved": names.moment(at), "resolved_by": names.voter(by)})
            if stated != "unstated":  # R2034: what the resolution message said
                decision["announced"] = {"outcome": stated.upper()}
        added.append(decision)
    if not added:
        return raw
    players = raw.get("players") or sorted({p for d in added for p in d["players"]})
    out = {**raw, "players": players, "decisions": [*(raw.get("decisions") or []), *added]}
    if names.now is not None and "as_of" not in raw:  # R2201: a week undoubted, asked at the case's now
        out["as_of"] = names.now
    return out
