"""A command without `--timeout` runs under its option's default, not under whatever budget its
first solver call happens to carry (the judge's 10 s look-up of the encoded rule texts used to
fix its 60 s deadline at 10 s, so a loaded machine answered 'unknown within budget')."""

from __future__ import annotations

from pathlib import Path

from adjudicator import budget, cli

ROOT = Path(__file__).resolve().parents[2]


def test_the_declared_default_is_found_through_groups():
    assert cli._declared_timeout(["judge", "case.yaml"]) == 60.0
    assert cli._declared_timeout(["judge", "case.yaml", "--json"]) == 60.0
    assert cli._declared_timeout(["agora", "resolve", "file.yaml"]) is not None
    assert cli._declared_timeout(["nonsense", "x"]) is None
    assert cli._declared_timeout([]) is None


def test_the_judge_runs_under_its_default_deadline(monkeypatch):
    seen: list[float | None] = []
    real = budget.begin_command

    def recording(seconds=None):
        seen.append(seconds)
        real(seconds)

    monkeypatch.setattr(budget, "begin_command", recording)
    status = cli.main(["judge", str(ROOT / "cases/cfj/liar-dismiss.yaml")], bounded=False)
    assert status == 0
    assert seen == [60.0]
