"""The HNG encodings follow the project's conventions: a heading comment naming the rules, rule
citations, and a predicate table in encodings/hng/README.md that covers every predicate."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "encodings" / "hng"


def test_each_program_opens_with_the_rules_it_encodes():
    for lp in ROOT.glob("*.lp"):
        first = lp.read_text().splitlines()[0]
        assert first.startswith("%") and "BT31" in first, lp.name


def test_every_predicate_is_in_the_table():
    table = (ROOT / "README.md").read_text()
    for lp in ROOT.glob("*.lp"):
        heads = set(re.findall(r"^([a-z_]+)\(", lp.read_text(), flags=re.M))
        for name in heads:
            assert f"`{name}/" in table, f"{name} ({lp.name}) missing from encodings/hng/README.md"


def test_programs_cite_rules():
    for lp in ROOT.glob("*.lp"):
        text = lp.read_text()
        assert len(re.findall(r"BT31", text)) >= 5 and re.search(r"R1023", text), lp.name
