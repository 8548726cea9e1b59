"""Issue 15: what the 3,000-input fuzz run (benchmarks/fuzz.py) found, each kept fixed: a one-line
refusal naming the input and the problem (exit 2), never a traceback."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from adjudicator.cli import main

ROOT = Path(__file__).resolve().parents[2]


def refused(capsys, args: list[str], *needles: str) -> str:
    code = main(args)
    err = capsys.readouterr().err
    assert code == 2, (args, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert "Traceback" not in err and len(err) < 1100
    for needle in needles:
        assert needle in err, (needle, err)
    return err


ALIAS_BOMB = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + n)}: &{chr(98 + n)} [" + ", ".join([f"*{chr(97 + n)}"] * 10) + "]\n" for n in range(8))


@pytest.mark.parametrize("change, needle", [
    (lambda text: text.replace("id: 9200", "id: " + "9" * 5000, 1), "digits"),  # Python's digit limit
    (lambda text: text.replace("initiated: 2021-04-01", "initiated: 2021-02-30", 1), "real date"),
    (lambda text: ALIAS_BOMB + text, "values"),
], ids=["5000-digit number", "impossible date", "alias bomb"])
def test_agora_resolve_reads_through_the_input_layer(tmp_path, capsys, change, needle):
    # its fast (libyaml) path skipped the input layer's checks: a ValueError traceback for these
    path = tmp_path / "decisions.yaml"
    path.write_text(change((ROOT / "cases/agora/adoption.yaml").read_text()))
    refused(capsys, ["agora", "resolve", str(path)], "decisions.yaml", needle)


@pytest.mark.parametrize("option", ["--next", "--svg"])
@pytest.mark.parametrize("target", ["/dev/full", "folder", "missing/x.out"])
def test_blognomic_watch_output_that_cannot_be_written(tmp_path, capsys, option, target):
    (tmp_path / "folder").mkdir()
    path = target if target.startswith("/") else str(tmp_path / target)
    if target.startswith("/") and not Path(target).exists():
        pytest.skip(f"no {target} here")
    refused(capsys, ["blognomic", "watch", str(ROOT / "cases/blognomic/watch/example-chart.yaml"),
                     str(ROOT / "cases/blognomic/watch/example-orders.yaml"), option, path], path)


def test_blognomic_vessel_code_with_a_huge_number(tmp_path, capsys):
    # int() of a 5,000-digit vessel number hit Python's digit limit deep in the solver facts
    chart = (ROOT / "cases/blognomic/watch/example-chart.yaml").read_text()
    path = tmp_path / "chart.yaml"
    path.write_text(chart.replace('code: "B1(S){6}"', 'code: "B1(S){' + "9" * 5000 + '}"', 1))
    assert "9" * 5000 in path.read_text()
    refused(capsys, ["blognomic", "watch", str(path), str(ROOT / "cases/blognomic/watch/example-orders.yaml")],
            "chart.yaml", "identity code")


@pytest.mark.parametrize("value", ["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-14:00", "2020-02-30"])
def test_blognomic_at_outside_the_calendar(capsys, value):
    # 0001-01-01T00:00+05:00 is before year 1 in UTC: an OverflowError traceback
    refused(capsys, ["blognomic", "matters", str(ROOT / "cases/blognomic/matters/example.yaml"), "--at", value], "--at")


def test_judge_ruleset_name_too_long_for_the_system(tmp_path, capsys):
    # Path.resolve()/exists() raised OSError (File name too long)
    case = yaml.safe_load((ROOT / "cases/cfj/liar-dismiss.yaml").read_text())
    case["ruleset"] = "9" * 5000
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(case))
    refused(capsys, ["judge", str(path)], "case.yaml", "ruleset")


def test_a_refusal_from_deep_in_a_game_names_the_input_file(tmp_path, capsys):
    # "order 1 (ubq323): no vessel 'B9' on the Chart" named neither file nor option
    orders = (ROOT / "cases/blognomic/watch/example-orders.yaml").read_text()
    path = tmp_path / "orders.yaml"
    path.write_text(orders.replace("vessel: B1,", "vessel: B9,", 1))
    assert "vessel: B9," in path.read_text()
    refused(capsys, ["blognomic", "watch", str(ROOT / "cases/blognomic/watch/example-chart.yaml"), str(path)],
            "orders.yaml", "no vessel 'B9'")


@pytest.mark.parametrize("value", ["nan", "NaN", "-nan"])
def test_ossification_power_nan_is_a_usage_error(capsys, value):
    # click's FloatRange lets nan through every comparison: a pydantic ValidationError traceback
    refused(capsys, ["agora", "ossification", "--power", value], "--power", "finite")


@pytest.mark.parametrize("name, needle", [("/etc/passwd", "absolute"), ("../outside.txt", "outside the case's folder"),
                                          ("fifo", "FIFO")])
def test_agora_resolve_reads_a_ruleset_only_beside_the_decisions_file(tmp_path, capsys, name, needle):
    # `ruleset:` took any path (the fuzz run read a FIFO's name from it; /etc/passwd was read)
    folder = tmp_path / "cases"
    folder.mkdir()
    os.mkfifo(folder / "fifo")
    (tmp_path / "outside.txt").write_text("Rule 1/0 (Power=1)\nx\n")
    path = folder / "decisions.yaml"
    path.write_text((ROOT / "cases/agora/adoption.yaml").read_text().replace(
        "ruleset: agora-slr-2020-12-31", f"ruleset: {name!r}", 1))
    refused(capsys, ["agora", "resolve", str(path)], "decisions.yaml", needle)


@pytest.mark.parametrize("field", ["suppose", "after", "ruleset"])
@pytest.mark.parametrize("name, needle", [("/etc/passwd", "absolute"), ("../outside.txt", "outside the case's folder")])
def test_an_ossification_case_names_only_files_beside_it(tmp_path, capsys, field, name, needle):
    folder = tmp_path / "cases"
    folder.mkdir()
    (tmp_path / "outside.txt").write_text("Repeal rule 106.\n")
    path = folder / "case.yaml"
    value = repr(name) if field == "ruleset" else f"[{name!r}]"
    path.write_text(f"title: t\n{field}: {value}\nplayers: 5\n")
    refused(capsys, ["agora", "ossification", str(path)], "case.yaml", needle)
