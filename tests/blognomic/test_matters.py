"""BlogNomic votable matters: the conformance cases in cases/blognomic/matters (each file states its
expected outcome under `expect`), the readings, and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from adjudicator.blognomic import matters
from adjudicator.blognomic.expectations import matters_problems
from adjudicator.cli import main
from adjudicator.errors import InputError

CASES = sorted((Path(__file__).resolve().parents[2] / "cases" / "blognomic" / "matters").glob("*.yaml"))

def test_at_least_twenty_cases():
    assert len([c for c in CASES if "expect" in yaml.safe_load(c.read_text())]) >= 20


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_case(case: Path):
    """Each case's `expect` holds, as the CLI checks it (adjudicator/blognomic/expectations.py)."""
    blog = matters.load(case)
    report = matters.evaluate_all(blog)
    assert matters_problems(blog.expect, report) == []


def test_hiatus_reading_open_lets_the_proposal_through():
    blog = matters.load(next(c for c in CASES if c.stem == "hiatus-blocks-proposals"))
    report = matters.evaluate(blog, {"hiatus-proposals": "open"})
    by_id = {m.id: m for m in report.matters}
    assert by_id["P1"].can_enact == ["popular_oldest_12h"]
    assert by_id["P2"].valid


def test_at_moves_the_judgement():
    blog = matters.load(next(c for c in CASES if c.stem == "popular-under-12h"))
    import datetime as dt
    later = matters.evaluate(blog, at=dt.datetime(2019, 9, 2, 22, 0, tzinfo=dt.timezone.utc))
    assert later.matters[0].can_enact == ["popular_oldest_12h"]


def test_cli_json_and_text(capsys):
    case = str(next(c for c in CASES if c.stem == "oldest-pending-first"))
    assert main(["blognomic", "matters", case, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["resolution_order"] == ["P1", "P2"]
    assert main(["blognomic", "matters", case, "--at", "2019-09-02T12:00Z"]) == 0
    assert "not the oldest pending proposal" in capsys.readouterr().out


@pytest.mark.parametrize("text, problem", [
    ("captains: [a]\nposts: [{id: x, kind: memo, author: a, posted: 2019-01-01T00:00:00Z}]", "unknown kind"),
    ("captains: [a]\nposts: [{id: x, kind: cfj, author: a, posted: 2019-01-01T00:00:00Z, comments: [{by: a, at: 2019-01-01T00:00:00Z, icons: [MAYBE]}]}]", "unknown voting icon"),
    ("captains: [a, a]", "listed twice"),
    ("captains: [a]\nadmiral: b", "not among the captains"),
    ("captains: [a]\nposts: [{id: x, kind: cfj, author: a, posted: 1990-01-01T00:00:00Z}]", "outside"),
])
def test_bad_input(tmp_path, text, problem):
    path = tmp_path / "blog.yaml"
    path.write_text(text)
    with pytest.raises(InputError, match=problem):
        matters.evaluate(matters.load(path))


def test_cli_bad_input_exits_2(tmp_path, capsys):
    path = tmp_path / "blog.yaml"
    path.write_text("posts: 3")
    assert main(["blognomic", "matters", str(path)]) == 2
    assert capsys.readouterr().err.startswith("error:")
