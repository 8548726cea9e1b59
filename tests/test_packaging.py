"""The wheel is the product: built from the repo, it must carry every encoding and data file and
work without the source tree (ARCHITECTURE: "a wheel built from the repo works without the source
tree")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "--disable-pip-version-check", "-w", str(out), str(ROOT)],
        check=True, capture_output=True, timeout=300,
    )
    (built,) = out.glob("adjudicator-*.whl")
    return built


def tracked(pattern: str) -> set[str]:
    return {str(p.relative_to(ROOT)) for p in ROOT.glob(pattern) if "__pycache__" not in p.parts}


def test_wheel_carries_every_module_encoding_and_data_file(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    modules = tracked("adjudicator/**/*.py")
    encodings = {"adjudicator/" + p for p in tracked("encodings/**/*.lp")}
    data = {p for p in tracked("adjudicator/data/**/*") if (ROOT / p).is_file()}
    assert encodings and data
    assert modules - names == set()
    assert encodings - names == set()
    assert data - names == set()


def test_installed_wheel_adjudicates_without_the_source_tree(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--disable-pip-version-check",
         "--target", str(target), str(wheel)],
        check=True, capture_output=True, timeout=300,
    )
    turn = tmp_path / "turn.json"
    turn.write_text(json.dumps({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "orders": {"FRANCE": ["A PAR - BUR"]}}))
    run = subprocess.run(
        [sys.executable, "-c",
         "import sys, adjudicator; assert adjudicator.__file__.startswith(sys.argv[1]), adjudicator.__file__;"
         "from adjudicator.cli import main; sys.exit(main(['diplomacy', 'adjudicate', sys.argv[2], '--json']))",
         str(target), str(turn)],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
        env={**os.environ, "PYTHONPATH": str(target)},
    )
    assert run.returncode == 0, run.stderr
    (result,) = json.loads(run.stdout) if run.stdout.lstrip().startswith("[") else [json.loads(run.stdout)]
    moves = {o["order"]: o["result"] for o in result["orders"]}
    assert moves["A PAR - BUR"] == "SUCCEEDS"
