"""What the judge page needs beside the judge's own answer, read with the judge's own functions:

- `with_choices`: the case as typed with the readings (`options`) and findings (`findings[N].value`)
  the page toggled, to be judged again (the CLI judges it; nothing is decided here);
- `rule_context`: for each rule of the case's ruleset, the text a why-tree node shows: the
  revision in force on the case's day (the day and the revision the judge takes, `case_day` and
  `select_by_date`), its text from the server's rule history when it has one (`serve --history`),
  else the ruleset's text, saying when that is not the day's; and the case's own changes to it.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from pydantic import ValidationError

from adjudicator.agora.case import Case
from adjudicator.errors import InputError
from adjudicator.inputs import parse_structured, validation_problems
from adjudicator.rulesets import BUNDLED, load_ruleset

FINDING_VALUES = {"true": True, "false": False, "open": None}


def _case_data(text: str) -> dict:
    data = parse_structured(text, "case")
    if not isinstance(data, dict):
        raise InputError("a case file is a YAML mapping with title, events and statements", source="case")
    return data


def with_choices(text: str, options: list[str], findings: list[str]) -> bytes:
    """The case with `options` NAME: VALUE for each `NAME=VALUE` chosen and the value of each
    finding `N=true|false|open` (N counted from 1, as the judge's `findings` list them), as JSON."""
    case = _case_data(text)
    chosen = dict(case.get("options") or {})
    for choice in options:
        name, _, value = choice.partition("=")
        chosen[name] = value
    listed = [dict(f) if isinstance(f, dict) else f for f in case.get("findings") or []]
    for choice in findings:
        number, _, value = choice.partition("=")
        if not number.isdigit() or not 1 <= int(number) <= len(listed) or value not in FINDING_VALUES \
                or not isinstance(listed[int(number) - 1], dict):
            raise InputError(f"finding {choice[:40]!r}: N=true, N=false or N=open, N one of the case's "
                             f"{len(listed)} findings", source="case")
        listed[int(number) - 1]["value"] = FINDING_VALUES[value]
    updated = {**case, "options": chosen} if options or "options" in case else dict(case)
    if findings:
        updated["findings"] = listed
    return json.dumps(updated, default=str).encode("utf-8")


def _change_words(change) -> tuple[int | None, str]:
    """The rule a change of the case's `changes:` touches, and the change in words."""
    def clauses(items) -> str:
        return "; ".join(c.says or " ".join(x for x in (c.who, c.modality, c.action, c.when and f"when {c.when}")
                                             if x) or c.id or "(a clause)" for c in items)
    if change.power is not None:
        return change.power.rule, f"its Power set to {change.power.to}"
    if change.repeal is not None:
        return change.repeal, "repealed"
    if change.amend is not None:
        amend = change.amend
        words = "amended" + (f" ({amend.note})" if amend.note else "")
        words += f": {clauses(amend.clauses)}" if amend.clauses else ""
        words += f"; removing {', '.join(amend.remove)}" if amend.remove else ""
        return amend.rule, words
    if change.enact is not None:
        rule = change.enact
        return rule.id, f"enacted ({rule.title}, Power {rule.power})" + (f": {clauses(rule.clauses)}" if rule.clauses else "")
    return None, change.note or "(no change)"


@lru_cache(maxsize=8)
def _history_of(history: str, day: str):
    return load_ruleset(history, as_of=day)


def _day_of(case: Case) -> tuple[str, str] | None:
    from adjudicator.agora.builders.texts import case_day
    found = case_day(case, "case")
    return (found[0].isoformat(), found[1]) if found else None


def _rule_entry(rule, *, day: str | None, of_day: int | None, note: str | None) -> dict:
    return {"key": rule.key, "revision": rule.revision, "title": rule.title,
            "power": str(rule.power) if rule.power is not None else None, "text": rule.text,
            "revision_of_day": of_day, "day": day, "note": note, "changes": []}


def _history_note(rule, shown, of_day: int | None, day: str, history: str, ruleset: str) -> str:
    """Where the text shown comes from, and whether it is the text the judge reads."""
    note = f"the text of {day} in this server's rule history ({Path(history).name})"
    if " ".join(shown.text.split()) == " ".join(rule.text.split()):
        return note + f": the same text as {ruleset}'s {rule.key}/{rule.revision}"
    if of_day == rule.revision:
        return note + f"; the judge reads {ruleset}'s {rule.key}/{rule.revision}, a different text"
    return note


def rule_context(text: str, history: str | None = None) -> dict:
    """The rules of the case as a why-tree node shows them (see the module's description)."""
    data = _case_data(text)
    try:
        case = Case.model_validate(data)
    except ValidationError as exc:
        raise InputError(f"not a valid case file: {validation_problems(exc)}", source="case") from None
    if case.ruleset not in BUNDLED:
        return {"ruleset": case.ruleset, "day": None, "rules": {},
                "note": "the case's ruleset is a file beside it: the page shows no rule texts"}
    ruleset = load_ruleset(case.ruleset)
    dated = _day_of(case)
    day = dated[0] if dated else None
    revisions: dict[int, int | None] = {}
    if day and ruleset.format.startswith("agora"):
        from adjudicator.agora.bindings import select_by_date
        selection = select_by_date(ruleset, day)
        revisions = {**selection.unencoded, **selection.revisions}
    of_history = _history_of(history, day) if history and day else None
    from_history = {rule.id: rule for rule in of_history.rules} if of_history else {}
    rules = {}
    for rule in ruleset.rules:
        of_day = revisions.get(rule.id, rule.revision) if rule.id is not None else rule.revision
        shown = from_history.get(rule.id)
        if shown is not None and shown.text.strip():
            rules[rule.key] = _rule_entry(shown, day=day, of_day=of_day,
                                          note=_history_note(rule, shown, of_day, day, history, case.ruleset))
            continue
        note = None
        if of_day != rule.revision:
            which = f"{rule.key}/{of_day}" if of_day is not None else f"an earlier revision of {rule.key}"
            note = (f"in force on {day}: {which}, whose text this server does not hold (serve --history); "
                    f"shown: {case.ruleset}'s {rule.key}/{rule.revision}")
        rules[rule.key] = _rule_entry(rule, day=day, of_day=of_day, note=note)
    for n, change in enumerate(case.changes, 1):
        number, words = _change_words(change)
        key = f"R{number}" if number is not None else None
        if key and key not in rules:
            rules[key] = {"key": key, "revision": None, "title": "", "power": None, "text": "", "revision_of_day": None,
                          "day": day, "note": "a rule the case's changes make", "changes": []}
        if key:
            rules[key]["changes"].append(f"the case's change {n}: {words}")
    return {"ruleset": case.ruleset, "day": day, "day_why": dated[1] if dated else None, "rules": rules,
            "findings": [f.value for f in case.findings]}
