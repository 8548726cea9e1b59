"""The naval dynasty's Watch: conformance cases in cases/blognomic/watch (each file holds a chart,
the Watch's orders and the expected outcome under `expect`), the readings, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from adjudicator.blognomic import watch
from adjudicator.cli import main
from adjudicator.errors import InputError

CASES = sorted(p for p in (Path(__file__).resolve().parents[2] / "cases" / "blognomic" / "watch").glob("*.yaml")
               if "expect" in yaml.safe_load(p.read_text()))


def _run(case: Path, **readings):
    chart, orders = watch.load_chart(case), watch.load_orders(case)
    chosen = watch.case_readings(case) | readings
    return chart, orders, watch.adjudicate(chart, orders, chosen)


def test_at_least_twenty_cases_covering_every_order_and_specialty():
    assert len(CASES) >= 20
    kinds, specialties = set(), set()
    for case in CASES:
        chart, orders = watch.load_chart(case), watch.load_orders(case)
        kinds |= {o.order for o in orders.orders}
        specialties |= set(chart.specialties.values()) | {o.specialty for o in orders.orders if o.specialty}
    assert kinds == set(watch.ORDER_KINDS)
    assert {"Deadeye", "Long Winded", "Melee", "Defensive", "Swimmers", "Builders"} <= {
        watch.SPECIALTY_TITLES.get(s, s) for s in specialties}


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_case(case: Path):
    chart, orders, report = _run(case)
    expect = yaml.safe_load(case.read_text())["expect"]
    for i, wanted in enumerate(expect.get("orders", []), 1):
        got = report.orders[i - 1]
        if isinstance(wanted, str):
            assert got.result == wanted, f"order {i}: {got}"
        else:
            assert [got.result, *got.reasons] == wanted, f"order {i}: {got}"
    after = {v.vessel: v.after for v in report.vessels}
    for name, code in expect.get("vessels", {}).items():
        assert after.get(name) == code, f"{name}: {after.get(name)} != {code}"
    for name in expect.get("removed", []):
        assert name not in after and all(not v.code.startswith(name + "(") for v in report.chart.vessels)
    if "sinks" in expect:
        assert sorted(v.vessel for v in report.vessels if v.sinks) == sorted(expect["sinks"])
    treasure = {c.name: c.treasure for c in report.chart.captains}
    for name, amount in expect.get("treasure", {}).items():
        assert treasure[name] == amount, f"{name}: {treasure[name]} != {amount}"
    if "shots" in expect:
        assert report.shots == expect["shots"]
    if "mines" in expect:
        assert sorted(m.square for m in report.chart.mines) == expect["mines"]
    if "built" in expect:
        assert report.built == expect["built"]
    for port, side in expect.get("ports", {}).items():
        assert report.ports[port] == side
    for side, specialty in expect.get("specialties", {}).items():
        assert report.chart.specialties[side] == specialty
    if "victory" in expect:
        assert report.treasure_victory == expect["victory"]
    if "armistice" in expect:
        assert expect["armistice"] in report.armistice
    if "red_october" in expect:
        assert report.red_october.endswith(expect["red_october"])
        assert expect["red_october"] in report.log
    if "ro_armour" in expect:
        assert report.chart.red_october.armour == expect["ro_armour"]
    differing = sorted({d.split("=")[0].removeprefix("under ") for d in report.reading_differences})
    assert differing == sorted(expect.get("differences", [])), report.reading_differences


def test_readings_change_the_outcome_as_stated():
    case = next(c for c in CASES if c.stem == "mine-crossed")
    _, _, ended = _run(case, **{"mine-trigger": "ended"})
    assert {v.vessel: v.after for v in ended.vessels}["S1"] == "S1(W){3} at 53"
    case = next(c for c in CASES if c.stem == "deadeye")
    _, _, squares = _run(case, **{"deadeye-bonus": "squares"})
    assert [o.result for o in squares.orders] == ["INVALID", "VALID"]
    case = next(c for c in CASES if c.stem == "red-october-control")
    _, _, excluded = _run(case, **{"red-october-control": "excluded"})
    assert [o.result for o in excluded.orders] == ["VALID", "VALID"]
    assert {c.name: c.treasure for c in excluded.chart.captains}["Brendan"] == 1
    case = next(c for c in CASES if c.stem == "armistice-tie")
    _, _, all_tied = _run(case, **{"armistice-ties": "all"})
    assert "ubq323" in all_tied.armistice and "Lulu" in all_tied.armistice


def test_new_chart_round_trips_as_next_watch_input(tmp_path):
    case = next(c for c in CASES if c.stem == "sinking-reward")
    _, _, report = _run(case)
    path = tmp_path / "next.yaml"
    path.write_text(yaml.safe_dump(report.chart.model_dump(mode="json", exclude_none=True)))
    chart = watch.load_chart(path)
    assert chart.watch == 6
    again = watch.adjudicate(chart, watch.Orders(orders=[]))
    names = {v.vessel for v in again.vessels}
    assert "S2" not in names and "T4" not in names  # sunk vessels go at the next update (step 2)
    assert again.shots == []


def test_cli_watch_text_json_next(tmp_path, capsys):
    case = str(next(c for c in CASES if c.stem == "sinking-reward"))
    nxt = tmp_path / "next.yaml"
    assert main(["blognomic", "watch", case, case, "--next", str(nxt)]) == 0
    out = capsys.readouterr().out
    assert "S2 sinks; 10 Treasure to ubq323" in out and "Admiral's Log" in out
    assert watch.load_chart(nxt).watch == 6
    assert main(["blognomic", "watch", case, case, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["treasure"]["ubq323"] == ["+10 (sank S2)"]


@pytest.mark.parametrize("chart, orders, problem", [
    ("captains: [{name: a}]\nvessels: [{code: 'X1(N){3}', captain: a, square: 5}]", "orders: []", "identity code"),
    ("captains: [{name: a}]\nvessels: [{code: 'B1(N){3}', captain: a, square: 101}]", "orders: []", "less than or equal"),
    ("captains: [{name: a}]", "orders: [{captain: a, order: fly}]", "unknown order"),
    ("captains: [{name: a}]", "orders: [{captain: a, order: move, vessel: B9, steps: C}]", "no vessel"),
    ("captains: [{name: a}]", "orders: [{captain: a, order: move, vessel: B9, steps: CX}]", "steps"),
    ("captains: [{name: a, side: Purple}]", "orders: []", "unknown Side"),
])
def test_bad_input(tmp_path, chart, orders, problem):
    (tmp_path / "c.yaml").write_text(chart)
    (tmp_path / "o.yaml").write_text(orders)
    with pytest.raises(InputError, match=problem):
        watch.adjudicate(watch.load_chart(tmp_path / "c.yaml"), watch.load_orders(tmp_path / "o.yaml"))
