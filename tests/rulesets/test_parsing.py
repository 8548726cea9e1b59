"""Parsing the five bundled seed documents, and rendering them back (issue 4)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from adjudicator.errors import InputError
from adjudicator.rulesets import BUNDLED, bundled_text, load_ruleset, parse_ruleset, render_ruleset
from adjudicator.rulesets.agora import header_discrepancies


def _normalised(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.rstrip().split("\n"))


@pytest.mark.parametrize("name", list(BUNDLED))
def test_round_trip(name):
    ruleset = load_ruleset(name)
    rendered = render_ruleset(ruleset)
    assert _normalised(rendered) == _normalised(bundled_text(name))
    assert parse_ruleset(rendered, name) == ruleset


def test_slr_counts_and_header_figures():
    slr = load_ruleset("agora-slr-2020-12-31")
    assert slr.format == "agora-slr"
    assert slr.date == "2020-12-31"
    assert len(slr.in_force()) == 152 == int(slr.header["Number of rules currently enacted"])
    assert max(rule.id for rule in slr.rules) == 2645 == int(slr.header["Highest ID'd rule in this ruleset"])
    assert slr.highest_id == 2645
    assert header_discrepancies(slr) == []
    assert len(slr.sections) == len({rule.section for rule in slr.rules})


@pytest.mark.parametrize(
    ("rule_id", "revision", "power", "title"),
    [
        (101, 17, "4", "The Game of Agora"),
        (105, 21, "3", "Rule Changes"),
        (2141, 14, "3.1", "Role and Attributes of Rules"),
        (1030, 13, "3.2", "Precedence between Rules"),
        (2486, 0, "3.14", "The Royal Parade"),
        (2614, 5, "3.01", "Eclipse Light"),
        (2633, 0, "3.0", "Rulebending"),
        (2645, 1, "2", "The Stones"),
    ],
)
def test_slr_sample(rule_id, revision, power, title):
    rule = load_ruleset("agora-slr-2020-12-31").rule(rule_id)
    assert (rule.revision, rule.title) == (revision, title)
    assert rule.power == Decimal(power) and str(rule.power) == power  # exact, as written


def test_slr_powers_exact_and_the_lowest():
    slr = load_ruleset("agora-slr-2020-12-31")
    powers = {str(rule.power) for rule in slr.rules}
    assert {"0.3", "1.0", "1", "3.0", "3.01", "3.14", "3.2", "4"} <= powers
    assert min(rule.power for rule in slr.rules) == Decimal("0.3")


def test_slr_text_keeps_indentation_and_lists():
    slr = load_ruleset("agora-slr-2020-12-31")
    r2140 = slr.rule(2140).text.split("\n")
    assert "3. set or modify any other substantive aspect of an instrument" in r2140
    assert "   with power greater than its own except as otherwise provided" in r2140
    parade = slr.rule(2486).text.split("\n")
    assert parade[0] == "              _"  # 20 columns in the document, less the 6-space indent
    assert slr.rule(101).text.endswith("Please treat Agora Right Good Forever.")


def test_acorn_2020_regulations():
    bt = load_ruleset("bt-2020")
    assert bt.format == "agora-acorn" and bt.date == "2020-07-04"
    assert [rule.key for rule in bt.rules] == [f"BT{n}" for n in range(26)]
    bt22 = bt.rule("BT22")
    assert (bt22.id, bt22.prefix, bt22.revision, bt22.power, bt22.kind) == (22, "BT", 0, None, "regulation")
    assert bt22.title == "Birthday Tournament 22"
    assert bt22.text.startswith("A dislodged unit must retreat")


def test_acorn_2024_history_and_annotations():
    hng = load_ruleset("bt-2024-hng")
    (bt31,) = hng.rules
    assert bt31.key == "BT31" and bt31.title == "HIGHEST NUMBER GAME"
    assert bt31.history == ["Enacted by initiation of 2024 Birthday Tournament by 4st, 24 Jul 2024"]
    assert bt31.annotations == []
    assert "  declared during the previous week, specifying its plaintext." in bt31.text
    assert bt31.section == "Birthday Tournament"


def test_diplonomic_numbered_rules_and_proposal():
    dn = load_ruleset("diplonomic-2020")
    rules = dn.in_force()
    assert [rule.id for rule in rules] == [6, 7, 8, 9, *range(11, 26), 29]
    assert dn.rule(22).text.startswith("A dislodged unit must retreat to an adjacent province.")
    assert dn.rule(7).text.count("\n\n") == 2  # three paragraphs
    assert dn.notes == ["[2]https://upload.wikimedia.org/wikipedia/commons/a/a3/Diplomacy.svg"]
    (proposal,) = [rule for rule in dn.rules if rule.kind == "proposal"]
    assert proposal.title == "Teammate Participation"
    assert proposal.text.startswith("Amend rule 7 by appending the paragraph:")


def test_blognomic_sections_status_and_glossary():
    bn = load_ruleset("blognomic-2019-09-06")
    assert bn.date == "2019-09-06"
    assert [s.title for s in bn.sections] == ["Core Rules", "Dynastic Rules", "Special Case", "Appendix"]
    by_section = {}
    for rule in bn.in_force():
        by_section.setdefault(rule.section, []).append(rule.title)
    assert len(by_section["Core Rules"]) == 13 and by_section["Core Rules"][2] == "Idle Captains"
    assert len(by_section["Dynastic Rules"]) == 14
    assert by_section["Special Case"] == ["Tags", "Atomic Actions", "Seasonal Downtime", "Dormancy",
                                          "No Orphan Variables", "Imperial Deferentials", "Dynastic Distance",
                                          "The Traitor"]
    assert all(rule.status == "Active" for rule in bn.rules if rule.section == "Special Case")
    glossary = {rule.title: rule.text for rule in bn.rules if rule.kind == "definition"}
    assert len(glossary) == 33
    assert glossary["Can"] == '"is able to"' and glossary["Shall"] == '"is required to"'
    assert all(rule.parent == "Keywords" for rule in bn.rules if rule.kind == "definition")
    assert bn.rule("Time").parent == "Clarifications"
    assert bn.rule("Keywords").text.startswith("A keyword defined by a rule supersedes")


def test_unknown_format_lists_known_formats(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("just some prose\nwith no rules in it\n")
    with pytest.raises(InputError) as caught:
        load_ruleset(path)
    message = str(caught.value)
    assert str(path) in message
    for fmt in ("agora-slr", "agora-acorn", "numbered", "blognomic", "json"):
        assert fmt in message


def test_unknown_name_is_an_input_error():
    with pytest.raises(InputError, match="bundled"):
        load_ruleset("agora-slr-1999")


def test_json_output_loads_back(tmp_path):
    bt = load_ruleset("bt-2020")
    path = tmp_path / "bt.json"
    path.write_text(bt.model_dump_json())
    assert load_ruleset(path) == bt
