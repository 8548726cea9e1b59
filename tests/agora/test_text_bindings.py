"""Rule texts bound to encodings: every encoded rule declares the revision it implements, and a
case whose ruleset has another text for a rule it relies on is refused (or judged with a warning)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.agora.bindings import encoded_texts, fingerprint
from adjudicator.agora.judge import judge_file
from adjudicator.cli import main
from adjudicator.errors import InputError
from adjudicator.rulesets import load_ruleset

ROOT = Path(__file__).resolve().parents[2]
MISMATCH = ROOT / "cases" / "cfj" / "rulesets" / "r869-text-changed.yaml"


def test_every_rule_with_an_encoded_clause_declares_its_text():
    cited = set()
    for lp in (ROOT / "encodings" / "agora").glob("*.lp"):
        cited |= {int(n) for n in re.findall(r"^clause\(\w+, (\d+)\)", lp.read_text(), re.M)}
    assert cited and cited <= set(encoded_texts())


def test_the_2020_revisions_are_the_bundled_ruleset_texts():
    slr = load_ruleset("agora-slr-2020-12-31")
    for number, texts in encoded_texts().items():
        rule = slr.rule(number)
        assert any(t.revision == rule.revision and t.fingerprint == fingerprint(rule.text) for t in texts), number


def test_fingerprint_ignores_layout_only():
    assert fingerprint("A  player CAN\n   register.") == fingerprint("A player CAN register.")
    assert fingerprint("A player CAN register.") != fingerprint("A player CANNOT register.")


def test_changed_r869_text_is_refused(capsys):
    with pytest.raises(InputError, match="R869/47"):
        judge_file(MISMATCH)
    assert main(["judge", str(MISMATCH)]) == 2
    assert "R869/47" in capsys.readouterr().err


def test_changed_r869_text_judged_with_a_visible_warning(capsys):
    assert main(["judge", str(MISMATCH), "--allow-text-mismatch"]) == 0
    out = capsys.readouterr().out
    assert "WARNING: R869/47" in out and "judged by the encoded text" in out


def test_a_case_that_does_not_rely_on_the_changed_rule_is_judged(tmp_path):
    case = tmp_path / "case.yaml"
    (tmp_path / "rules.txt").write_text(
        (MISMATCH.parent / "agora-slr-2020-12-31-r869-changed.txt").read_text(encoding="utf-8"), encoding="utf-8")
    case.write_text("title: t\nruleset: rules.txt\nstatements:\n  - {text: 'R2556 is in force', expect: TRUE}\n")
    result = judge_file(case)
    assert result.judgements[0].verdict == "TRUE" and not result.text_warnings
