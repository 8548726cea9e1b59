"""The Diplonomic 2020 audit: "Teammate Participation" applied to the rules as they stood before it,
against the rules the Judge published after it."""

from __future__ import annotations

from pathlib import Path

from adjudicator.rulesets import load_ruleset
from adjudicator.rulesets.audit import audit, audit_readings
from adjudicator.rulesets.proposal import load_proposal

BEFORE = Path(__file__).resolve().parents[2] / "cases" / "rulesets" / "diplonomic-2020-before.txt"


def _run(**kwargs):
    return audit(load_ruleset(BEFORE), load_proposal("diplonomic-2020"), load_ruleset("diplonomic-2020"), **kwargs)


def test_before_fixture_matches_the_2020_regulations():
    before, bt = load_ruleset(BEFORE), load_ruleset("bt-2020")
    for n in (22, 23, 24):
        assert before.rule(n).text == bt.rule(f"BT{n}").text
    published_7 = load_ruleset("diplonomic-2020").rule(7).text
    assert published_7.startswith(before.rule(7).text + "\n\n")


def test_diplonomic_audit():
    report = _run()
    assert [(r.index, r.rule, r.status) for r in report.amendment.results] == [
        (1, "R7", "APPLIED"), (2, "R22", "APPLIED"), (3, "R23", "APPLIED"), (4, "R24", "APPLIED")]
    assert report.audited == ["R7", "R22", "R23", "R24"]
    assert report.matching == ["R7", "R22"]
    assert [(d.rule, d.field, d.changes) for d in report.differences] == [
        # "As part of eir Fall orders, each player" -> "As part of its Fall orders, each country":
        # the Judge published "eir Fall orders, each country" (only "player" was changed)
        ("R23", "text", ['after "As part of": correct "its" published "eir"']),
        # "If a player leaves the game or otherwise fail to submit orders" ->
        # "If a Contestant leaves the game, or eir country otherwise fails to submit orders":
        # the Judge published it without the comma after "game"
        ("R24", "text", ['after "Contestant leaves the": correct "game," published "game"']),
    ]
    r23, r24 = report.differences
    assert "As part of its Fall orders, each country adjusts" in " ".join(r23.correct.split())
    assert "As part of eir Fall orders, each country adjusts" in " ".join(r23.published.split())
    assert " ".join(r24.correct.split()).startswith("If a Contestant leaves the game, or eir country otherwise fails")
    assert " ".join(r24.published.split()).startswith("If a Contestant leaves the game or eir country otherwise fails")
    assert report.not_audited == [f"R{n}" for n in (6, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 25, 29)]


def test_exact_comparison_also_sees_rewrapping():
    report = _run(compare="exact")
    # character for character, the published rules 22 and 23 are also re-wrapped
    assert [d.rule for d in report.differences] == ["R22", "R23", "R24"]


def test_strict_quotation_reading_changes_the_audit():
    readings = {r.reading: r for r in audit_readings(load_ruleset(BEFORE), load_proposal("diplonomic-2020"),
                                                     load_ruleset("diplonomic-2020"))}
    assert readings["default"].differing == ["R23 text", "R24 text"] and readings["default"].void == []
    # strict: rule 22's quotation spans a line break in BT22 (0 matches) and the quotations for 23
    # and 24 have mismatched marks ("...”), so 22-24 stay as they were and all three differ
    assert readings["quotation=strict"].void == [2, 3, 4]
    assert readings["quotation=strict"].differing == ["R22 text", "R23 text", "R24 text"]
