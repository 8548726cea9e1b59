"""How rules were changed, for the judge's statements about rules: from the R105 engine where the
case's `decisions:` adopt proposals with text (the same engine as `ruleset amend`), and from the
ruleset's own history (its "Amended(3) by Proposal 8644" entries) otherwise.

    rule_change_made(Rule, Proposal, How)   How: enacted, repealed, reenacted, amended, retitled,
        power_changed, and for an amendment the engine applied also paragraph_added,
        paragraph_appended, paragraph_prepended, appended(Text), prepended(Text),
        replaced(Old, New), inserted(Text), deleted(Text), text_replaced

A ruleset's history says that a proposal amended a rule, not how: "how" is known only where the
engine applied the change. The texts a rule had after each adopted proposal are kept (with the
time its decision was resolved) so that a statement about the text of a rule the case's own
proposals amend reads the text of the statement's point.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timezone
from typing import Any, Callable

import clingo

from adjudicator.agora.decisions import decision_key
from adjudicator.rulesets.proposal import Change, parse_change
from adjudicator.solving.terms import fact

KINDS = {"enact": "enacted", "repeal": "repealed", "reenact": "reenacted", "amend": "amended",
         "retitle": "retitled", "power": "power_changed"}
HISTORY_VERBS = {"enacted": "enacted", "created": "enacted", "initial rule": "enacted", "amended": "amended",
                 "infected and amended": "amended", "repealed": "repealed", "re-enacted": "reenacted",
                 "reenacted": "reenacted", "retitled": "retitled", "power changed": "power_changed"}
HISTORY_LINE = re.compile(r"^(?P<verb>[A-Za-z][A-Za-z\- ]*?)(?:\(\d+\))?(?: from [\d.]+)?(?: to .+?)? by "
                          r"(?P<agent>Proposal|Rule) (?P<number>\d+)\b", re.I)


def words(text: str) -> str:
    """A text compared as R2429 reads texts: amounts of whitespace do not matter."""
    return " ".join(text.split())


@dataclass
class Version:
    """A rule's text from a point on: `start` in the judge's minutes (None: from the beginning)."""

    start: int | None
    text: str
    revision: int | None
    decision: Any = None


def change_forms(change: Change) -> list[clingo.Symbol]:
    """What the change is, in the statements' terms: its kind and, for an amendment, its form."""
    forms = [fact(KINDS[change.kind])]
    if change.kind != "amend" or change.operation is None:
        return forms
    op, old, new = change.operation, words(change.old or ""), words(change.new or "")
    if op in ("replace", "replace-all"):
        forms.append(fact("replaced", old, new))
    elif op in ("append", "prepend"):
        forms.append(fact(f"{op}ed", new))
        if change.paragraph:
            forms += [fact("paragraph_added"), fact(f"paragraph_{op}ed")]
    elif op.startswith("insert"):
        forms.append(fact("inserted", new))
    elif op == "delete":
        forms.append(fact("deleted", old))
    elif op == "replace-text":
        forms.append(fact("text_replaced"))
    return forms


def _moment(value: date | datetime | None) -> datetime | None:
    if value is None:
        return None
    if not isinstance(value, datetime):
        value = datetime(value.year, value.month, value.day)
    return value if value.tzinfo else value.replace(tzinfo=timezone.utc)


def nomic_rule_changes(lexicon, minutes: Callable[[datetime], int] | None) -> Callable[[Any, Any], list]:
    """The reader `decision_symbols` calls with the resolution: the changes the engine applied, as
    facts, and each changed rule's texts, kept in the lexicon for the statements. Without `minutes`
    (a case without a time) the statements are asked at the end, after every change."""
    lexicon.timed = minutes is not None

    def read(data, result) -> list[clingo.Symbol]:
        resolved = {str(d.id): d.resolved for d in data.decisions}
        facts: list[clingo.Symbol] = []
        for change in result.ruleset_changes:
            if not change.took_effect or change._after is None:
                continue
            decision = decision_key(change.decision)
            moment = _moment(resolved.get(str(change.decision)))
            start = minutes(moment) if moment is not None and minutes is not None else None
            for applied in change.changes:
                found = re.search(r"\d+", applied.get("rule") or "")
                if applied.get("status") != "APPLIED" or not found:
                    continue
                rule = int(found.group(0))
                parsed = parse_change(applied["index"], applied["instruction"])
                if isinstance(parsed, Change):
                    facts += [fact("rule_change_made", rule, decision, how) for how in change_forms(parsed)]
                _keep_versions(lexicon, rule, change, start, decision)
        return facts
    return read


def _keep_versions(lexicon, rule: int, change, start: int | None, decision) -> None:
    versions = lexicon.rule_versions.setdefault(rule, [])
    if not versions:
        before = next((r for r in change._before.rules if r.id == rule and r.kind == "rule"), None)
        versions.append(Version(None, before.text if before else None, before.revision if before else None))
    if versions[-1].decision == decision:
        versions.pop()
    after = next((r for r in change._after.rules if r.id == rule and r.kind == "rule"), None)
    versions.append(Version(start, after.text if after else None, after.revision if after else None, decision))
    if after is not None:
        lexicon.rule_titles.setdefault(words(after.title).lower(), set()).add(rule)


def agent_key(kind: str, number: int):
    """Who made a change, as the facts name it: a proposal by its number, a rule as rule(N)."""
    return number if kind.lower() == "proposal" else fact("rule", number)


def recorded_changes(rule) -> list[tuple[Any, str]]:
    """The (agent, kind) pairs a rule's history entries record: a proposal's number, or rule(N)
    for a change a rule made (R2141: a rule is an instrument; "Amended(1) by Rule 2658")."""
    found = []
    for line in rule.history:
        match = HISTORY_LINE.match(line.strip())
        kind = match and HISTORY_VERBS.get(words(match["verb"]).lower())
        if kind:
            found.append((agent_key(match["agent"], int(match["number"])), kind))
    return found
