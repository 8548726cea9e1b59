"""A file's `expect:` is always checked: BlogNomic's `matters`, `watch`, `game` and `reachable`
exit 1 when an expectation is not met (as `judge` and `diplomacy adjudicate` do); an expectation
the command cannot read (an unknown key, power, matter or order) is refused, exit 2; Diplomacy's
expectations are compared as parsed (power names in any case, long order forms)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator.cli import main

ROOT = Path(__file__).resolve().parents[2]
BLOG = ROOT / "cases" / "blognomic"


def _with_expect(tmp_path: Path, source: Path, change) -> Path:
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / source.name
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def _status(capsys, args: list[str]) -> tuple[int, str]:
    code = main(args)
    return code, capsys.readouterr().err


def _unmet(capsys, args: list[str], *needles: str) -> None:
    code, err = _status(capsys, args)
    assert code == 1, err
    assert err.startswith("expectation not met: "), err
    for needle in needles:
        assert needle in err, (needle, err)


# ------------------------------------------------------------------ BlogNomic


def test_matters_checks_its_expectation(tmp_path, capsys):
    source = BLOG / "matters" / "oldest-pending-first.yaml"
    assert _status(capsys, ["blognomic", "matters", str(source)])[0] == 0
    wrong = _with_expect(tmp_path, source, lambda d: d["expect"].update(order=["P2", "P1"]))
    _unmet(capsys, ["blognomic", "matters", str(wrong)], "order: expected ['P2', 'P1'], got ['P1', 'P2']")


@pytest.mark.parametrize("expect, needle", [
    ({"P9": {"popular": True}}, "'P9' is neither a matter"),
    ({"P1": {"populr": True}}, "unknown key 'populr'"),
])
def test_matters_refuses_an_expectation_it_cannot_read(tmp_path, expect, needle, refused):
    wrong = _with_expect(tmp_path, BLOG / "matters" / "oldest-pending-first.yaml", lambda d: d.update(expect=expect))
    refused(["blognomic", "matters", str(wrong)], needle)


def test_watch_checks_its_expectation(tmp_path, capsys, refused):
    source = BLOG / "watch" / "build.yaml"
    assert _status(capsys, ["blognomic", "watch", str(source), str(source)])[0] == 0
    wrong = _with_expect(tmp_path, source, lambda d: d["expect"]["orders"].__setitem__(1, "VALID"))
    _unmet(capsys, ["blognomic", "watch", str(wrong), str(wrong)], "order 2: expected 'VALID'")
    misspelt = _with_expect(tmp_path, source, lambda d: d["expect"].update(treasur={"Lulu": 3}))
    refused(["blognomic", "watch", str(misspelt), str(misspelt)], "unknown key 'treasur'")


def test_game_checks_each_watch_and_the_winner(tmp_path, capsys):
    source = BLOG / "games" / "armistice-victory.yaml"
    assert _status(capsys, ["blognomic", "game", str(source)])[0] == 0
    wrong = _with_expect(tmp_path, source, lambda d: d["expect"].update(winner="Nobody"))
    _unmet(capsys, ["blognomic", "game", str(wrong)], "winner: expected 'Nobody'")


def test_reachable_checks_its_expectation_for_the_captain_it_names(tmp_path, capsys, refused):
    source = BLOG / "reachable" / "hopeless.yaml"
    wrong = _with_expect(tmp_path, source, lambda d: d["expect"].update(cooperative=True))
    _unmet(capsys, ["blognomic", "reachable", str(wrong), "--captain", "ubq323"],
           "cooperative (ubq323): expected True, got False")
    # the expectation is about ubq323: another Captain's answer is not compared with it
    assert _status(capsys, ["blognomic", "reachable", str(wrong), "--captain", "Clucky"])[0] == 0
    stranger = _with_expect(tmp_path, source, lambda d: d["expect"].update(captain="Nemo"))
    refused(["blognomic", "reachable", str(stranger), "--captain", "ubq323"], "no Captain 'Nemo'")


# ------------------------------------------------------------------ Diplomacy

CASE = """title: normalised expectations
phases:
  - phase: S1901M
    units: {FRANCE: [A PAR, A MAR], GERMANY: [A MUN]}
    orders: {FRANCE: [A PAR - BUR, A MAR S A PAR - BUR], GERMANY: [A MUN - BUR]}
    expect:
"""


def _case(tmp_path: Path, expect: str) -> str:
    path = tmp_path / "case.yaml"
    path.write_text(CASE + "".join(f"      {line}\n" for line in expect.splitlines()), encoding="utf-8")
    return str(path)


def test_diplomacy_expectations_are_compared_as_parsed(tmp_path, capsys):
    met = _case(tmp_path, "results:\n"
                          "  France: {Army Paris -> Burgundy: SUCCEEDS, mar s par - bur: SUCCEEDS}\n"
                          "  germany: {a mun-bur: FAILS}\n"
                          "units: {france: [Army Burgundy, A MAR], GERMANY: [a mun]}\n"
                          "dislodged: {}")
    code, err = _status(capsys, ["diplomacy", "adjudicate", met])
    assert code == 0, err
    unmet = _case(tmp_path, "results: {France: {Army Paris -> Burgundy: FAILS}}")
    _unmet(capsys, ["diplomacy", "adjudicate", unmet], "expected FAILS, got SUCCEEDS")


@pytest.mark.parametrize("expect, needle", [
    ("extra: {retreats: 1}", "expect.extra: Extra inputs are not permitted"),
    ("result: {FRANCE: {A PAR - BUR: FAILS}}", "expect.result"),
    ("results: {Frnace: {A PAR - BUR: FAILS}}", "unknown power 'Frnace'"),
    ("results: {FRANCE: {A PAR - XYZ: FAILS}}", "unknown province 'XYZ'"),
    ("units: {FRANCE: [A QQQ]}", "units: FRANCE"),
])
def test_diplomacy_refuses_an_expectation_it_cannot_read(tmp_path, expect, needle, refused):
    refused(["diplomacy", "adjudicate", _case(tmp_path, expect)], needle)


def test_every_bundled_diplomacy_case_still_meets_its_expectations(capsys):
    cases = sorted((ROOT / "cases" / "datc").glob("*.yaml"))[:12]
    for case in cases:
        code, err = _status(capsys, ["diplomacy", "adjudicate", str(case)])
        assert code == 0, (case.name, err)
