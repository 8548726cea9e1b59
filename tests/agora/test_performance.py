"""A guard on the benchmark's target (10 players, 200 events, one statement): the benchmark asks
for under 1 s; the test allows slack for a loaded CI machine."""

from __future__ import annotations

import importlib.util
import time
from pathlib import Path

import yaml

from adjudicator.agora.judge import judge_file

ROOT = Path(__file__).resolve().parents[2]


def test_ten_players_two_hundred_events(tmp_path):
    spec = importlib.util.spec_from_file_location("judge_scaling", ROOT / "benchmarks" / "judge_scaling.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    path = tmp_path / "bench.yaml"
    path.write_text(yaml.safe_dump(module.generate(10, 200)))
    started = time.perf_counter()
    result = judge_file(path)
    elapsed = time.perf_counter() - started
    assert result.judgements[0].verdict in ("TRUE", "FALSE")
    assert elapsed < 3.0, f"judging took {elapsed:.2f} s"
