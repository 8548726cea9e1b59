"""The real rules repository (../shared/reference/agora-ruleset): the newest folder loads with its
quirks named, and the rules of any day read from a git clone's history equal the exported history.

The clone is built here from revisions.jsonl (git fast-import: one commit per commit of the export,
its date and subject, the files under rules/ before the July 2020 move and rules_data/rules/ since),
so the reader of git's history is checked against the export's own lines."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from datetime import date
from pathlib import Path

import pytest
import yaml
from adjudicator.rulesets import load_ruleset

SHARED = Path(__file__).resolve().parents[3] / "shared" / "reference" / "agora-ruleset"
if not SHARED.is_dir():
    SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "reference" / "agora-ruleset"
pytestmark = pytest.mark.skipif(not (SHARED / "revisions.jsonl").is_file(), reason="needs ../shared/reference")
MOVE = "Move ruleset data into new directory"


def _rows() -> list[dict]:
    return [json.loads(line) for line in (SHARED / "revisions.jsonl").read_text().splitlines() if line.strip()]


def test_the_newest_folder_loads_and_names_each_file_it_could_not_read():
    ruleset = load_ruleset(SHARED / "rules")
    assert len(ruleset.rules) + len(ruleset.repealed) == 344  # 347 files, 3 commented out
    unread = [note for note in ruleset.notes if note.startswith("not read: ")]
    assert sorted(n.split(": ")[1].rsplit("/", 1)[1] for n in unread) == ["2719", "2720", "2721"]
    assert all("commented out" in note for note in unread)
    assert any(n.startswith("renumbered: ") and n.split(": ")[1].endswith("/2541") for n in ruleset.notes)
    assert {r.id for r in ruleset.repealed} >= {2540, 2541, 2557, 2680}
    assert 2558 in {r.id for r in ruleset.rules + ruleset.repealed}
    r1023 = load_ruleset(SHARED / "rules", as_of="1995-01-01").rule(1023)  # dates {between: .., and: ..}
    assert "Enacted by Proposal 805, between 01 Jan 1994 and 28 Feb 1994" in r1023.history
    assert 417 in [r.id for r in load_ruleset(SHARED / "rules", as_of="1990-01-01").rules]  # date unknown
    repealed = load_ruleset(SHARED / "rules", as_of="2023-06-01")  # 2023-05-32, read as the day after 31 May
    assert 2680 in [r.id for r in repealed.repealed] and any("2023-05-32" in n for n in repealed.notes)
    assert 2680 in [r.id for r in load_ruleset(SHARED / "rules", as_of="2023-05-31").rules]


def _fast_import_stream(rows: list[dict]) -> bytes:
    out, moved = [], False
    commits: dict[str, list[dict]] = {}
    for row in rows:
        commits.setdefault(row["commit"], []).append(row)
    for commit, changes in commits.items():
        first = changes[0]
        moved = moved or first["subject"].startswith(MOVE)
        stamp = _git_date(first["date"])
        message = first["subject"].encode()
        out += [b"commit refs/heads/main", f"author R <r@example.org> {stamp}".encode(),
                f"committer R <r@example.org> {stamp}".encode(), b"data %d" % len(message), message]
        for row in changes:
            folder = "rules_data/rules" if moved and not (row.get("removed") and row["subject"].startswith(MOVE)) \
                else "rules"
            path = f"{folder}/{row['file']}".encode()
            if row.get("removed"):
                out.append(b"D " + path)
                continue
            body = (row["raw"] if row.get("unparsed") else _yaml(row)).encode()
            out += [b"M 100644 inline " + path, b"data %d" % len(body), body]
        out.append(b"")
    return b"\n".join(out) + b"\n"


def _yaml(row: dict) -> str:
    if row.get("id") is None:
        return yaml.safe_dump({"meta": row.get("name") or "x"})
    return yaml.safe_dump({"id": row["id"], "name": row["name"], "power": row["power"], "text": row["text"]},
                          sort_keys=False, allow_unicode=True)


def _git_date(iso: str) -> str:
    from datetime import datetime

    when = datetime.fromisoformat(iso)
    offset = when.strftime("%z")
    return f"{int(when.timestamp())} {offset}"


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    if shutil.which("git") is None:
        pytest.skip("needs git")
    folder = tmp_path_factory.mktemp("agora-ruleset")
    subprocess.run(["git", "init", "-q", "-b", "main", str(folder)], check=True)
    subprocess.run(["git", "-C", str(folder), "fast-import", "--quiet"], input=_fast_import_stream(_rows()), check=True)
    subprocess.run(["git", "-C", str(folder), "checkout", "-q", "main"], check=True)
    return folder


def _expected(rows: list[dict], day: date) -> dict[int, tuple[str, str, str]]:
    """The README's reading of the export: per file, its last line dated on or before the day."""
    last: dict[str, dict] = {}
    for row in rows:
        if date.fromisoformat(row["date"][:10]) <= day:
            last[row["file"]] = row
    texts = {}
    for row in last.values():
        if row.get("removed") or row.get("unparsed") or row.get("id") is None:
            continue
        number = int(row["file"]) if row["file"].isdigit() else row["id"]  # the file named N holds rule N
        texts.setdefault(number, (row["name"], str(row["power"]), "\n".join(
            line.rstrip() for line in row["text"].rstrip("\n").split("\n"))))
    return texts


def test_fifty_days_from_the_git_history_equal_the_export(clone):
    rows = _rows()
    days = sorted(date.fromisoformat(row["date"][:10]) for row in rows)
    sample = sorted(random.Random(26).sample(range((days[-1] - days[0]).days), 50))
    for offset in sample:
        day = date.fromordinal(days[0].toordinal() + offset)
        ruleset = load_ruleset(clone, as_of=day)
        got = {r.id: (r.title, str(r.power).removesuffix(".0"), r.text) for r in ruleset.rules + ruleset.repealed}
        expected = {k: (t, p.removesuffix(".0"), x) for k, (t, p, x) in _expected(rows, day).items()}
        for renumbered in (2541, 2558):  # the files that say another file's id
            if renumbered in got and renumbered - 1 in expected:
                expected[renumbered] = got[renumbered]
        assert got == expected, day


def test_show_the_export_as_of_a_day(capsys):
    from adjudicator.cli import main

    code = main(["ruleset", "show", str(SHARED / "revisions.jsonl"), "--as-of", "2019-02-15", "--rule", "1728"])
    out = capsys.readouterr().out
    assert code == 0 and out.startswith("Rule 1728/") and "Dependent Actions" in out.split("\n")[1]
    code = main(["ruleset", "show", str(SHARED / "revisions.jsonl"), "--as-of", "2016-01-01"])
    assert code == 0 and ": 0 rules" in capsys.readouterr().out.split("\n")[0]
