"""Agora's rules on any day, from the Rulekeepor's history: a git clone of AgoraNomic/ruleset, or
the same history exported as data (`revisions.jsonl`).

Every commit of the repository changes rule files (one per rule; under `rules/` until July 2020,
`rules_data/rules/` since) and the file as it stood after the commit is the rule's id, title
(`name`), Power and text from that day on. The rules of day D: for each file, its last change
committed on or before D (by the commit's own calendar date), unless that change removed it.
The export has one line per change of a file (`file`, `commit`, `date`, `subject`, and `id`,
`name`, `power`, `text`, or `removed: true`, or `unparsed: true` with the `raw` text).

Commit dates are when the Rulekeepor recorded a change, which can lag the change by days (the
history entries inside the files give the dates the rules say: `history.py`). Files that are not
rules (the early `index`, `meta`) are passed over; a rule file that does not parse, or whose id
another file holds, is named in the ruleset's notes, never guessed.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterable
from datetime import date
from decimal import Decimal
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel

from adjudicator.errors import InputError
from adjudicator.inputs import read_text
import adjudicator.rulesets.history as history
from adjudicator.rulesets.model import Rule, Ruleset

FORMAT = history.FORMAT
FOLDERS = ("rules", "rules_data/rules")  # where the rule files lived: before July 2020, since
MAX_EXPORT_BYTES = 64 * 1024 * 1024


class Revision(BaseModel):
    """One change of one rule file: the file as it stood after the commit."""

    file: str
    commit: str
    date: str  # ISO, with the commit's own offset
    subject: str = ""
    removed: bool = False
    blob: str | None = None  # a clone's: the file's git object, read when a day asks for it
    document: str | None = None  # the file's YAML, once read
    id: int | None = None  # the export's fields
    name: str | None = None
    power: Decimal | None = None
    text: str | None = None
    unparsed: str | bool = False  # the export's: why the file did not parse

    @property
    def day(self) -> date:
        return date.fromisoformat(self.date[:10])


class History(BaseModel):
    name: str
    revisions: list[Revision]

    def latest_day(self) -> date:
        return max(r.day for r in self.revisions)


# ---------------------------------------------------------------------------------------------
# Reading the history


def read_export(path: str | Path) -> History:
    """`revisions.jsonl`: one JSON object a line, in commit order."""
    text = read_text(str(path), "rule history", limit=MAX_EXPORT_BYTES)
    revisions = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            revisions.append(Revision.model_validate(data | {"power": _power(data.get("power"))}))
        except (ValueError, TypeError) as exc:
            raise InputError(f"line {n}: not a change of a rule file ({str(exc).splitlines()[0]})",
                             source=str(path)) from None
    if not revisions:
        raise InputError("no changes of rule files in it", source=str(path))
    return History(name=Path(path).name, revisions=revisions)


def _power(value) -> Decimal | None:
    return None if value is None or isinstance(value, bool) else Decimal(str(value))


def looks_like_clone(path: str | Path) -> bool:
    folder = Path(path)
    return (folder / ".git").exists() and any((folder / sub).is_dir() for sub in FOLDERS)


def _git(clone: Path, *args: str, stdin: str | None = None) -> str:
    try:
        done = subprocess.run(["git", "-C", str(clone), *args], input=stdin, capture_output=True, text=True,
                              check=False, encoding="utf-8", errors="replace")
    except FileNotFoundError:
        raise InputError("reading a clone's history needs git on PATH", source=str(clone)) from None
    if done.returncode != 0:
        raise InputError(f"git {args[0]}: {done.stderr.strip().splitlines()[-1] if done.stderr.strip() else 'failed'}",
                         source=str(clone))
    return done.stdout


def _rule_path(path: str) -> str | None:
    """The file's name when `path` is a rule file directly under one of FOLDERS."""
    folder, _, name = path.rpartition("/")
    return name if folder in FOLDERS and name else None


def read_clone(path: str | Path) -> History:
    """Every change of a rule file in the clone's history (first parent, oldest first); the
    files' texts are read only when a day asks for them (`git cat-file`)."""
    clone = Path(path)
    log = _git(clone, "log", "--reverse", "--first-parent", "--no-renames", "--raw", "--no-abbrev",
               "--format=%x00%H%x09%aI%x09%s", "--", *FOLDERS)
    revisions = []
    for record in log.split("\0")[1:]:
        head, *changes = record.strip("\n").split("\n")
        commit, when, subject = (head.split("\t", 2) + [""])[:3]
        for change in changes:
            if not change.startswith(":"):
                continue
            meta, _, file_path = change.partition("\t")
            name = _rule_path(file_path)
            if name is None:
                continue
            blob, status = meta.split()[3], meta.split()[4]
            revisions.append(Revision(file=file_path, commit=commit, date=when, subject=subject,
                                      removed=status.startswith("D"), blob=None if status.startswith("D") else blob))
    if not revisions:
        raise InputError(f"a git clone, but no rule files in its history (under {' or '.join(FOLDERS)})",
                         source=str(clone))
    return History(name=clone.name, revisions=revisions)


def _fill_documents(clone: Path, revisions: list[Revision]) -> None:
    """The YAML of each revision given as a blob id, read in one `git cat-file --batch`."""
    wanted = [r for r in revisions if r.blob and r.document is None]
    if not wanted:
        return
    out = subprocess.run(["git", "-C", str(clone), "cat-file", "--batch"], input="\n".join(r.blob for r in wanted)
                         .encode() + b"\n", capture_output=True, check=False).stdout
    at = 0
    for revision in wanted:
        header_end = out.index(b"\n", at)
        size = int(out[at:header_end].split()[2])
        revision.document = out[header_end + 1:header_end + 1 + size].decode("utf-8", errors="replace")
        at = header_end + 1 + size + 1


# ---------------------------------------------------------------------------------------------
# The rules of a day


def last_changes(revisions: Iterable[Revision], day: date | None) -> dict[str, Revision]:
    """Each file's last change on or before `day` (None: its last), in commit order."""
    last: dict[str, Revision] = {}
    for revision in revisions:
        if day is None or revision.day <= day:
            last[revision.file] = revision
    return last


@lru_cache(maxsize=4096)
def _parsed(document: str, source: str) -> history.RuleFile:
    return history.parse_rule_file(document, source)


def _rule_of(revision: Revision, notes: list[str]) -> tuple[Rule, bool] | None:
    """The rule a file holds after the change, and whether the file says it is in force."""
    where = f"{revision.file} (commit {revision.commit[:10]}, {revision.day.isoformat()})"
    if revision.unparsed:
        why = revision.unparsed if isinstance(revision.unparsed, str) else "not valid YAML"
        notes.append(f"{history.UNREAD}{where}: the file as committed did not parse ({why})")
        return None
    if revision.document is not None:
        if not history.looks_like_rule_file(revision.document):
            return None  # not a rule (the early index and meta files)
        try:
            parsed = _parsed(revision.document, revision.file)
        except InputError as exc:
            notes.append(f"{history.UNREAD}{where}: {str(exc).removeprefix(revision.file + ': ')}")
            return None
        return history.rule_as_of(parsed, None, notes)
    if revision.id is None or revision.text is None:
        return None
    return Rule(id=revision.id, revision=None, power=revision.power, title=revision.name or "",
                text=history._text(revision.text, where), kind="rule"), True


def _keyed(rules: list[tuple[Revision, Rule]], notes: list[str]) -> list[tuple[Revision, Rule]]:
    """One rule per id: a file whose id another file holds is read under the number it is named
    by where that is free (the real `2541` says `id: 2540`), else the later-changed file's."""
    by_id: dict[int, tuple[Revision, Rule]] = {}
    for revision, rule in sorted(rules, key=lambda pair: (pair[1].id, pair[0].file)):
        if rule.id in by_id:
            named = Path(revision.file).name.split(".")[0]
            number = int(named) if named.isdigit() else None
            if number is not None and number != rule.id and number not in by_id:
                notes.append(f"{history.RENUMBERED}{revision.file}: says id {rule.id}, which "
                             f"{by_id[rule.id][0].file} holds; read as rule {number}, the number its file is named by")
                by_id[number] = (revision, rule.model_copy(update={"id": number}))
                continue
            notes.append(f"{history.UNREAD}{revision.file}: rule {rule.id} is also in {by_id[rule.id][0].file}")
            continue
        by_id[rule.id] = (revision, rule)
    return sorted(by_id.values(), key=lambda pair: pair[1].id)


def _with_status(rules: list[Rule], statuses: dict[int, history.RuleFile] | None, day: date | None,
                 notes: list[str]) -> tuple[list[Rule], list[Rule]]:
    """The export's rules split into those in force and those repealed by the day, as the newest
    rules folder's history entries say (the export holds no history: a repealed rule's file stays),
    with the revision number counted there."""
    if statuses is None:
        notes.append("in force not recorded: the exported history holds no repeals; every rule file present is listed")
        return rules, []
    current, repealed = [], []
    for rule in rules:
        if rule.id not in statuses:
            notes.append(f"in force not recorded: R{rule.id} (not in the rules folder beside the export)")
            current.append(rule)
            continue
        dated, in_force = history.rule_as_of(statuses[rule.id], day, [])
        rule = rule.model_copy(update={"revision": dated.revision if dated else None,
                                       "history": dated.history if dated else [],
                                       "annotations": dated.annotations if dated else []})
        (current if in_force and dated is not None else repealed).append(rule)
    return current, repealed


def ruleset_on(source: History, day: date | None, clone: Path | None = None,
               statuses: dict[int, history.RuleFile] | None = None) -> Ruleset:
    """The rules in force at the end of `day` (None: after the last change)."""
    last = last_changes(source.revisions, day)
    present = [r for r in last.values() if not r.removed]
    if clone is not None:
        _fill_documents(clone, present)
    notes: list[str] = []
    read = {revision.file: (revision, got) for revision in present if (got := _rule_of(revision, notes)) is not None}
    keyed = _keyed([(revision, rule) for revision, (rule, _) in read.values()], notes)
    if clone is not None:  # each file's own history says whether its rule is in force
        current = [rule for revision, rule in keyed if read[revision.file][1][1]]
        repealed = [rule for revision, rule in keyed if not read[revision.file][1][1]]
    else:
        rules = [rule for _, rule in keyed]
        current, repealed = _with_status(rules, statuses, day, notes)
    shown = day or source.latest_day()
    where = "git history" if clone is not None else "exported history"
    preamble = (f"Agora's rules as of {shown.isoformat()}, from {source.name} ({where}, by commit date): "
                f"{len(current)} rule{'' if len(current) == 1 else 's'}")
    return Ruleset(name=source.name, date=shown.isoformat(), format=FORMAT, header={"As of": shown.isoformat()},
                   rules=current, repealed=repealed, preamble=preamble, notes=notes,
                   highest_id=max((r.id for r in current + repealed if r.id is not None), default=None))


def load(path: str | Path, day: date | str | None = None) -> Ruleset:
    """A clone (a folder with `.git` and a rules folder) or an export (`.jsonl`), as of `day`."""
    when = history.parse_as_of(day)
    if Path(path).is_dir():
        clone = Path(path)
        return ruleset_on(_clone_history(str(clone.resolve())), when, clone)
    beside = Path(path).resolve().parent / "rules"
    statuses = _statuses(str(beside)) if history.looks_like_folder(beside) else None
    return ruleset_on(_export_history(str(Path(path).resolve())), when, statuses=statuses)


@lru_cache(maxsize=4)
def _statuses(folder: str) -> dict[int, history.RuleFile]:
    return {rule.id: rule for rule in history.read_folder(folder).rules}


@lru_cache(maxsize=4)
def _clone_history(path: str) -> History:
    return read_clone(path)


@lru_cache(maxsize=4)
def _export_history(path: str) -> History:
    return read_export(path)


def looks_like_export(path: str | Path) -> bool:
    return str(path).endswith(".jsonl") and Path(path).is_file()
