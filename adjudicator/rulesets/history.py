"""Agora's per-rule YAML ruleset, with history: the rules as they were on a date.

The format of the public AgoraNomic/ruleset repository: a folder with one YAML file per rule,
named by its ID (`2595`, or `2595.yaml`), holding `id`, `name` (the title), `power`, `text` (the
text after the last change listed) and `history`, a list of changes in order:

    - change: {type: amendment}          # enactment, initial, amendment, infection-amendment,
      date: 2019-09-18                   #   retitling, power-change, repeal, reenactment, ...
      agent: {proposal: "8236"}          # or {rule: 750}, {cleaning: {by: Murphy}}, ...

A change may be `uncounted: true` (it did not advance the revision number), a power change gives
`old-power` and `new-power`, a retitling may give `new-title`, and a date may be approximate
(`date: {around: 1994-04-07}`); `annotations` list CFJs. One extension of this project's: a
change may carry `text:`, the rule's whole text just after it, so that a folder can keep earlier
revisions (the repository keeps them in its git history instead).

`as_of(date)` gives the ruleset at the end of that day: the rules enacted and not repealed by
then, each with the revision number (amendments counted so far), Power, title and text it had.
What the folder does not record (a text between two amendments neither of which carries one, a
title before an unnamed retitling) is said in `Ruleset.notes`, never guessed.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from adjudicator.errors import InputError
from adjudicator.inputs import NotText, parse_structured, read_text
from adjudicator.rulesets.model import Rule, Ruleset

FORMAT = "agora-yaml"
RULE_FILE = re.compile(r"^\d+(\.ya?ml)?$")
ENACTING = {"enactment", "initial", "reenactment", "re-enactment"}
REPEALING = {"repeal", "repealed"}
AMENDING = {"amendment", "infection-amendment", "infection"}  # change the text; counted unless `uncounted`
REVISING = AMENDING | {"reenactment", "re-enactment"}  # advance the revision number (R105(3): "next change identifier")
VERBS = {"enactment": "Enacted", "initial": "Initial rule", "amendment": "Amended", "infection-amendment": "Infected and amended",
         "retitling": "Retitled", "power-change": "Power changed", "repeal": "Repealed", "reenactment": "Re-enacted",
         "re-enactment": "Re-enacted", "committee-assignment": "Assigned to a committee"}
UNRECORDED = "text not recorded: "
UNREAD = "not read: "
RENUMBERED = "renumbered: "


class RuleChange(BaseModel):
    """One entry of a rule's `history`."""

    type: str
    date: date
    approximate: bool = False  # the history says `around`
    agent: str | None = None  # "Proposal 8236", "Rule 750", "cleaning by Murphy"
    counted: bool = True
    old_power: Decimal | None = None
    new_power: Decimal | None = None
    new_title: str | None = None
    text: str | None = None  # extension: the rule's text just after this change
    shown_date: str | None = None  # how the history writes a date that is not a plain day


class RuleFile(BaseModel):
    """One rule file, as written."""

    id: int
    title: str
    power: Decimal | None = None
    text: str
    history: list[RuleChange] = Field(default_factory=list)
    annotations: list[str] = Field(default_factory=list)
    source: str = ""


RULE_FILE_KEYS = re.compile(r"^(id|text):", re.M)


def looks_like_rule_file(text: str) -> bool:
    """One rule file of the format (e.g. `rules/2595` of the repository): top-level `id:` and `text:`."""
    return {m.group(1) for m in RULE_FILE_KEYS.finditer(text)} == {"id", "text"}


def looks_like_folder(path: str | Path) -> bool:
    folder = Path(path)
    return folder.is_dir() and any(RULE_FILE.match(p.name) for p in folder.iterdir() if p.is_file())


def parse_date(value: Any, where: str) -> tuple[date, bool]:
    """A history date: YYYY-MM-DD (YAML reads it as a date), DD-MM-YYYY (early files), or {around: ...}."""
    if isinstance(value, dict) and set(value) == {"around"}:
        return parse_date(value["around"], where)[0], True
    if isinstance(value, datetime):
        return value.date(), False
    if isinstance(value, date):
        return value, False
    if isinstance(value, str):
        for pattern in ("%Y-%m-%d", "%d-%m-%Y"):
            try:
                return datetime.strptime(value.strip(), pattern).date(), False
            except ValueError:
                pass
    raise InputError(f"{where}: date {value!r} is not YYYY-MM-DD, DD-MM-YYYY or {{around: YYYY-MM-DD}}")


OVERFLOWING_DAY = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")


def parse_recorded_date(value: Any, previous: date | None, where: str) -> tuple[date, bool, str | None]:
    """A history date as the real repository writes them: what `parse_date` reads, and also
    `{between: A, and: B}` (taken as B, by when the change had certainly happened), `unknown`
    (taken as the previous entry's date, or before every date for the first entry) and a day past
    the month's end (`2023-05-32`, taken as that many days after the month began). Returns the
    date, whether it is approximate, and how to show it where it is not the plain date."""
    if isinstance(value, dict) and set(value) == {"between", "and"}:
        start, _ = parse_date(value["between"], where)
        end, _ = parse_date(value["and"], where)
        return end, True, f"between {start.strftime('%d %b %Y')} and {end.strftime('%d %b %Y')}"
    if isinstance(value, str) and value.strip().casefold() == "unknown":
        return previous or date.min, True, "date unknown"
    overflow = OVERFLOWING_DAY.match(value.strip()) if isinstance(value, str) else None
    if overflow and int(overflow.group(2)) in range(1, 13) and 28 < int(overflow.group(3)) <= 62:
        first = date(int(overflow.group(1)), int(overflow.group(2)), 1)
        try:
            return parse_date(value, where) + (None,)
        except InputError:
            day = first + timedelta(days=int(overflow.group(3)) - 1)
            return day, True, f"{value.strip()} (no such day; read as {day.strftime('%d %b %Y')})"
    return parse_date(value, where) + (None,)


def parse_as_of(value: date | datetime | str | None) -> date | None:
    """`--as-of`: an ISO date (a datetime counts as its day)."""
    if value is None or (isinstance(value, date) and not isinstance(value, datetime)):
        return value
    if isinstance(value, datetime):
        return value.date()
    try:
        return date.fromisoformat(str(value).strip()[:10])
    except ValueError:
        raise InputError(f"--as-of: {value!r} is not a date (YYYY-MM-DD)") from None


def _power(value: Any, where: str) -> Decimal | None:
    if value is None:
        return None
    try:
        power = Decimal(str(value))
    except InvalidOperation:
        raise InputError(f"{where}: power {value!r} is not a number") from None
    if not power.is_finite() or power < 0:
        raise InputError(f"{where}: power {value!r} is not a Power: a non-negative rational number (R1688)")
    return power


def _agent(value: Any) -> str | None:
    if not isinstance(value, dict) or not value:
        return None if value is None else str(value)
    parts = []
    for key, item in value.items():
        if key in ("proposal", "rule"):
            parts.append(f"{key.capitalize()} {item}")
        elif isinstance(item, dict):
            parts.append(f"{key} " + ", ".join(f"{k} {v}" for k, v in item.items()))
        else:
            parts.append(f"{key} {item}")
    return "; ".join(parts)


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise InputError(f"{where}: text is not a text block")
    return "\n".join(line.rstrip() for line in value.rstrip("\n").split("\n"))


IMPOSSIBLE_DAY = re.compile(r"^(\s*-?\s*date:\s*)(\d{4}-\d{2}-(?:29|3\d|[4-6]\d))\s*$", re.M)


def _rule_document(text: str, source: str) -> Any:
    """The file's YAML; a history date that is no real day (`2023-05-32`) is read as the text it is,
    for `parse_recorded_date` to place, instead of failing the whole file."""
    try:
        return parse_structured(text, source)
    except InputError as exc:
        if "is not a real date" not in str(exc):
            raise
    return parse_structured(IMPOSSIBLE_DAY.sub(lambda m: f'{m.group(1)}"{m.group(2)}"', text), source)


def parse_rule_file(text: str, source: str) -> RuleFile:
    data = _rule_document(text, source)
    if not isinstance(data, dict):
        raise InputError("not a rule file of the per-rule YAML format (a mapping with id, name, power, text)",
                         source=source)
    missing = [key for key in ("id", "text") if key not in data]
    if missing:
        raise InputError(f"a rule file needs {' and '.join(missing)}", source=source)
    if not isinstance(data["id"], int) or isinstance(data["id"], bool) or not 0 < data["id"] < 2**31:
        raise InputError(f"id {data['id']!r} is not a rule number", source=source)
    history = []
    for n, entry in enumerate(data.get("history") or [], 1):
        where = f"{source}: history entry {n}"
        if not isinstance(entry, dict) or not isinstance(entry.get("change"), dict) or "type" not in entry["change"]:
            raise InputError(f"{where}: needs change: {{type: ...}}")
        change = entry["change"]
        when, around, shown = parse_recorded_date(entry.get("date"), history[-1].date if history else None, where)
        history.append(RuleChange(
            type=str(change["type"]), date=when, approximate=around, agent=_agent(entry.get("agent")),
            counted=not change.get("uncounted", False), old_power=_power(change.get("old-power"), where),
            new_power=_power(change.get("new-power"), where), new_title=change.get("new-title"),
            text=_text(entry["text"], where) if "text" in entry else None, shown_date=shown))
    annotations = []
    for note in data.get("annotations") or []:
        if isinstance(note, dict):
            cfjs = ", ".join(f"CFJ {c.get('id')} (called {c.get('called')})" for c in note.get("cfjs") or [] if isinstance(c, dict))
            body = " ".join(str(note.get("text", "")).split())
            annotations.append(f"{cfjs}: {body}" if cfjs else body)
    return RuleFile(id=data["id"], title=str(data.get("name") or ""), power=_power(data.get("power"), source),
                    text=_text(data["text"], source), history=history, annotations=annotations, source=source)


COMMENTED_OUT = re.compile(r"^\s*(#.*)?$")


class FolderRead(BaseModel):
    """The rule files of a folder that could be read, and each file that could not, with why."""

    rules: list[RuleFile] = Field(default_factory=list)
    unread: list[str] = Field(default_factory=list)  # "FILE: reason"
    renumbered: list[str] = Field(default_factory=list)  # "FILE: says id N, ...; read as rule M"


def _read_one(file: Path) -> RuleFile:
    try:
        text = read_text(str(file), "rule")
    except NotText:
        raise InputError("not a text file", source=str(file)) from None
    if all(COMMENTED_OUT.match(line) for line in text.split("\n")):
        raise InputError("every line is commented out (#): not a rule in force", source=str(file))
    return parse_rule_file(text, str(file))


def _settle_duplicate(rule: RuleFile, file: Path, seen: dict[int, str], folder: FolderRead) -> RuleFile | None:
    """A second file giving an ID already read: read it under its file name's number when that is
    another, free number (the real folder's `2541` says `id: 2540`), else skip it, naming both."""
    named = int(file.name.split(".")[0])
    if named != rule.id and named not in seen:
        folder.renumbered.append(f"{file}: says id {rule.id}, which {seen[rule.id]} holds; read as rule {named}, "
                             "the number its file is named by")
        return rule.model_copy(update={"id": named})
    folder.unread.append(f"{file}: rule {rule.id} is also in {seen[rule.id]}; this file is not read")
    return None


def read_folder(path: str | Path) -> FolderRead:
    """Every rule file of the folder that can be read; each one that cannot is named with the reason
    (never aborting the rest). No readable rule file at all is an input error."""
    folder = Path(path)
    files = sorted((p for p in folder.iterdir() if p.is_file() and RULE_FILE.match(p.name)),
                   key=lambda p: (int(p.name.split(".")[0]), p.name))
    if not files:
        raise InputError("a folder, but no rule files in it (files named by rule ID, e.g. 2595 or 2595.yaml)",
                         source=str(folder))
    read, seen = FolderRead(), {}
    for file in files:
        try:
            rule = _read_one(file)
        except InputError as exc:
            read.unread.append(str(exc) if str(exc).startswith(str(file)) else f"{file}: {exc}")
            continue
        if rule.id in seen:
            rule = _settle_duplicate(rule, file, seen, read)
            if rule is None:
                continue
        seen[rule.id] = str(file)
        read.rules.append(rule)
    if not read.rules:
        raise InputError(f"no rule file in it could be read: {'; '.join(read.unread[:3])}", source=str(folder))
    return read


def _when(change: RuleChange) -> str:
    if change.shown_date:
        return change.shown_date
    day = change.date.strftime("%d %b %Y")
    return f"around {day}" if change.approximate else day


def _history_line(change: RuleChange, revision: int) -> str:
    verb = VERBS.get(change.type, change.type.replace("-", " ").capitalize())
    if change.type in REVISING and change.counted:
        verb += f"({revision})"
    if change.type == "power-change" and change.new_power is not None:
        verb += (f" from {change.old_power}" if change.old_power is not None else "") + f" to {change.new_power}"
    if change.type == "retitling" and change.new_title:
        verb += f" to \"{change.new_title}\""
    return f"{verb}{' by ' + change.agent if change.agent else ''}, {_when(change)}"


def rule_as_of(rule: RuleFile, day: date | None, notes: list[str]) -> tuple[Rule | None, bool]:
    """The rule as it was at the end of `day` (None: after its last change), and whether it was
    then in force (False: not yet enacted, or repealed)."""
    past = [c for c in rule.history if day is None or c.date <= day]
    future = [c for c in rule.history if day is not None and c.date > day]
    if rule.history and not past:
        return None, False
    status = [c for c in past if c.type in ENACTING | REPEALING]
    in_force = not status or status[-1].type not in REPEALING
    revision, lines = 0, []
    for change in past:
        if change.type in REVISING and change.counted:
            revision += 1
        lines.append(_history_line(change, revision))
    key = f"R{rule.id}/{revision}"
    at = f" as of {day.isoformat()}" if day else ""
    # Power: undo the power changes after the day, from the last back.
    power = rule.power
    for change in reversed(future):
        if change.type == "power-change":
            if change.old_power is None:
                notes.append(f"power not recorded: {key}{at} (a later power change does not give the old power)")
                power = None
                break
            power = change.old_power
    # Title: the last retitling up to the day that names it, unless a later retitling changed it.
    title = rule.title
    if any(c.type == "retitling" for c in future):
        before = [c for c in past if c.type == "retitling"]
        if before and before[-1].new_title:
            title = before[-1].new_title
        else:
            notes.append(f"title not recorded: {key}{at} (shown with its later title)")
    # Text: after the last text-changing change up to the day, if it is recorded.
    text = rule.text
    if any(c.type in AMENDING | ENACTING for c in future):
        last = next((c for c in reversed(past) if c.type in AMENDING | ENACTING), None)
        if last is not None and last.text is not None:
            text = last.text
        else:
            text = ""
            notes.append(f"{UNRECORDED}{key}{at} (the folder holds the text after "
                         f"{next(c for c in reversed(future) if c.type in AMENDING | ENACTING).date.isoformat()} "
                         "and the texts its history entries carry)")
    built = Rule(id=rule.id, revision=revision, power=power, title=title, text=text, kind="rule", history=lines,
                 annotations=list(rule.annotations), shows_history=True)
    return built, in_force


def as_of(rules: list[RuleFile], day: date | None, name: str, unread: list[str] = (),
          renumbered: list[str] = ()) -> Ruleset:
    notes = [f"{UNREAD}{problem}" for problem in unread] + [f"{RENUMBERED}{problem}" for problem in renumbered]
    current, repealed = [], []
    for rule in rules:
        notes += [f"date read: R{rule.id}: {c.shown_date}" for c in rule.history
                  if c.shown_date and "no such day" in c.shown_date and (day is None or c.date <= day)]
        built, in_force = rule_as_of(rule, day, notes)
        if built is None:
            continue
        (current if in_force else repealed).append(built)
    latest = max((c.date for r in rules for c in r.history if day is None or c.date <= day), default=None)
    shown = day or latest
    preamble = (f"Agora's rules as of {shown.isoformat()}" if shown else "Agora's rules") + \
        f", from {name} (per-rule YAML): {len(current)} rule{'' if len(current) == 1 else 's'}"
    return Ruleset(name=name, date=shown.isoformat() if shown else None, format=FORMAT,
                   header={"As of": shown.isoformat()} if shown else {}, rules=current, repealed=repealed,
                   preamble=preamble, notes=notes,
                   highest_id=max((r.id for r in current + repealed), default=None))


def load_folder(path: str | Path, day: date | datetime | str | None = None) -> Ruleset:
    """The ruleset a per-rule YAML folder describes, as of the end of `day` (default: its last change)."""
    read = read_folder(path)
    return as_of(read.rules, parse_as_of(day), Path(path).name, read.unread, read.renumbered)


def load_rule_file(text: str, name: str, day: date | datetime | str | None = None) -> Ruleset:
    """A single rule file, as a ruleset of that one rule (as of `day`)."""
    return as_of([parse_rule_file(text, name)], parse_as_of(day), name)


def unrecorded_texts(ruleset: Ruleset) -> list[str]:
    """Rules (as `R591/44 as of ...`) in force on the date whose text there the folder does not hold."""
    return [note[len(UNRECORDED):].split(" (")[0] for note in ruleset.notes if note.startswith(UNRECORDED)]
