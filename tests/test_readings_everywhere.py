"""Every named reading is declared once, on `solving.readings.Readings` (issue 9): the judge's case
options, `ruleset amend`'s readings (two of them shared with the judge), ossification's, Diplomacy's
variant options, HNG's and BlogNomic's; the command-line flags say the same as the declarations."""

from __future__ import annotations

import click
import pytest

from adjudicator.errors import InputError
from adjudicator.solving.readings import Reading, Readings


def test_amend_flags_are_the_declared_readings():
    from adjudicator.rulesets import cli as ruleset_cli
    from adjudicator.rulesets.amend import READINGS, R105Options

    @click.command()
    @ruleset_cli._options
    def command(**_):
        pass

    flags = {p.name: p for p in command.params}
    for name, reading in READINGS.readings.items():
        assert set(flags[name].type.choices) == set(reading.values), name
        assert flags[name].default == reading.default, name
        assert R105Options().model_dump()[name] == reading.default
    with pytest.raises(Exception):
        R105Options(quotation="sloppy")


def test_rule_change_readings_are_shared_by_amend_and_judge():
    from adjudicator.agora.case import READINGS as JUDGE, Options
    from adjudicator.rulesets.amend import READINGS as AMEND
    from adjudicator.rulesets.changes import READINGS as CHANGES, reading_facts

    for name in CHANGES:
        assert JUDGE.reading(name) is CHANGES.reading(name) is AMEND.reading(name)
    options = Options(enact_power_out_of_range="impossible")
    assert [str(s) for s in reading_facts(options)] == ["option(enact_power_out_of_range,impossible)"]


def test_judge_options_come_from_the_readings():
    from adjudicator.agora.case import READINGS, Options

    assert set(Options.model_fields) == set(READINGS)
    assert Options().model_dump() == READINGS.defaults()
    assert Options(attempts_violate=True).attempts_violate == "True"  # YAML's true
    with pytest.raises(Exception):
        Options(r2449="sometimes")
    for name, reading in READINGS.readings.items():  # each alternative says what it means
        assert all(reading.says.get(v) for v in reading.values if v != reading.default), name


def test_variant_defaults_and_overrides():
    from adjudicator.diplomacy.variants import READINGS, VARIANTS, resolve_options

    assert VARIANTS["standard"] is READINGS
    assert resolve_options("bt2020")["convoy_paradox"] == "rulebook2000"
    assert resolve_options("standard")["convoy_paradox"] == "szykman"
    assert resolve_options("diplonomic2020", {"head_to_head": "never"})["head_to_head"] == "never"
    with pytest.raises(InputError, match="unknown rules option"):
        resolve_options("standard", {"bogus": "x"})


def test_ossification_readings():
    from adjudicator.analysis.ossification import READINGS, Options, parse_readings

    assert parse_readings(["means=lawful"]) == {"means": "lawful"}
    assert Options().reading("period") == READINGS.reading("period").default
    with pytest.raises(InputError, match="unknown reading"):
        parse_readings(["means=maybe"])


def test_readings_keep_the_declared_spelling_and_write_facts():
    readings = Readings(Reading("reveal-cap", ("all-transfers", "own-transfers"), "all-transfers"),
                        Reading("convoy_path", ("ignored", "required"), "ignored"))
    chosen = readings.parse(["reveal_cap=own_transfers", "convoy-path=required"])
    assert chosen == {"reveal-cap": "own-transfers", "convoy_path": "required"}
    assert [str(s) for s in readings.atoms(chosen)] == ["reading(reveal_cap,own_transfers)",
                                                         "reading(convoy_path,required)"]
    assert readings.atoms(readings.defaults(), "option", changed_only=True) == []
    variant = readings.with_defaults(convoy_path="required")
    assert variant.defaults()["convoy_path"] == "required" and readings.defaults()["convoy_path"] == "ignored"
    with pytest.raises(ValueError):
        readings.with_defaults(colour="blue")


def test_every_atom_and_assumptions_switch_one_value_per_reading():
    readings = Readings(Reading("mine-trigger", ("crossed", "ended"), "crossed"),
                        Reading("armistice-ties", ("nobody", "all"), "nobody"))
    assert [str(a) for a in readings.every_atom()] == ["reading(mine_trigger,crossed)", "reading(mine_trigger,ended)",
                                                       "reading(armistice_ties,nobody)", "reading(armistice_ties,all)"]
    chosen = readings.parse(["armistice_ties=all"])
    assert [(str(a), on) for a, on in readings.assumptions(chosen)] == [
        ("reading(mine_trigger,crossed)", True), ("reading(mine_trigger,ended)", False),
        ("reading(armistice_ties,nobody)", False), ("reading(armistice_ties,all)", True)]


def test_blognomic_readings_are_declared_once():
    """BlogNomic's matters and Watch readings are `Readings` (no tables of their own): the command
    line's NAME=VALUE goes through `Readings.parse`, the facts through `atoms`, the Watch's
    externals through `every_atom`."""
    from adjudicator.blognomic import common, matters, watch

    assert isinstance(matters.READINGS, Readings) and isinstance(watch.ALL_READINGS, Readings)
    assert list(watch.ALL_READINGS) == [*watch.READINGS, *watch.ARMISTICE_READINGS]
    for gone in ("parse_readings", "reading_facts", "combinations"):
        assert not hasattr(common, gone)
    for readings in (matters.READINGS, watch.ALL_READINGS):
        for reading in readings.readings.values():  # each value says what it means, each cites its rule
            assert reading.cite and all(reading.says.get(v) for v in reading.values), reading.name
    assert matters.READINGS.parse(["hiatus_proposals=open"])["hiatus-proposals"] == "open"
    with pytest.raises(InputError, match="unknown reading"):
        watch.ALL_READINGS.parse(["mine-trigger=sometimes"])
    with pytest.raises(InputError, match="write NAME=VALUE"):
        watch.ALL_READINGS.parse(["mine-trigger"])


def test_every_judge_reading_is_in_the_readings_table_of_the_docs():
    from pathlib import Path

    from adjudicator.agora.case import READINGS

    table = (Path(__file__).resolve().parents[1] / "docs" / "judging.md").read_text().split("## Readings", 1)[1]
    for name, (values, default, _) in READINGS.items():
        assert f"| `{name}` | `{str(default).lower()}`" in table, name
