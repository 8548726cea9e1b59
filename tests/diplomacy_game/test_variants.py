"""Every rules difference and every implemented reading of docs/variants.md changes an outcome:
the same position adjudicated under the readings that differ."""

from pathlib import Path

import pytest

from adjudicator.cli import main
from adjudicator.diplomacy.movement import adjudicate
from adjudicator.diplomacy.cases import load_case
from adjudicator.diplomacy.game import Game, play
from adjudicator.errors import InputError

ROOT = Path(__file__).resolve().parents[2]


def outcome(result, order):
    return next(r for r in result.orders if order in (r.order, r.written))


def turn(units, orders, rules="standard", **extra):
    return {"phase": "S1901M", "units": units, "orders": orders, "rules": rules, **extra}


# --- BT17 / rule 17: convoy paths ---------------------------------------------------------------
CONVOY = {"ENGLAND": ["A LON", "F NTH"]}


def test_bt17_convoy_without_path_is_invalid_only_under_bt2020():
    orders = {"ENGLAND": ["A LON - BEL", "F NTH C A LON - BEL"]}
    assert outcome(adjudicate(turn(CONVOY, orders)), "A LON - BEL").result == "SUCCEEDS"
    bt = outcome(adjudicate(turn(CONVOY, orders, "bt2020")), "A LON - BEL")
    assert bt.result == "INVALID" and "BT17" in bt.reason
    dn = outcome(adjudicate(turn(CONVOY, orders, "diplonomic2020")), "A LON - BEL")
    assert dn.result == "INVALID"
    reported = outcome(adjudicate(turn(CONVOY, orders, "bt2020", options={"convoy_path": "reported"})), "A LON - BEL")
    assert reported.result == "SUCCEEDS" and "reported" in reported.reason


def test_bt17_convoy_with_named_path_succeeds():
    orders = {"ENGLAND": ["A LON - NTH - BEL", "F NTH C A LON - BEL"]}
    for rules in ("standard", "bt2020", "diplonomic2020"):
        assert outcome(adjudicate(turn(CONVOY, orders, rules)), "A LON - NTH - BEL").result == "SUCCEEDS"
    long_form = {"ENGLAND": ["Army London -> North Sea -> Belgium", "F NTH C A LON - BEL"]}
    assert outcome(adjudicate(turn(CONVOY, long_form, "bt2020")), "Army London -> North Sea -> Belgium").result == "SUCCEEDS"


def test_bt17_named_path_limits_the_convoy_but_rule_17_participation_does_not():
    units = {"ENGLAND": ["A LON", "F NTH", "F ENG"]}
    # the path names the Channel, but the Channel fleet does not convoy; the North Sea fleet does
    orders = {"ENGLAND": ["A LON - ENG - BEL", "F NTH C A LON - BEL", "F ENG H"]}
    assert outcome(adjudicate(turn(units, orders, "bt2020")), "A LON - ENG - BEL").result == "FAILS"
    assert outcome(adjudicate(turn(units, orders, "bt2020")), "F NTH C A LON - BEL").result == "INVALID"
    # Diplonomic rule 17: every fleet with a matching convoy order participates
    assert outcome(adjudicate(turn(units, orders, "diplonomic2020")), "A LON - ENG - BEL").result == "SUCCEEDS"


def test_bt17_swap_by_convoy_needs_the_path():
    # DATC 6.G.1: standard rules swap through the own convoying fleet
    units = {"ENGLAND": ["A NWY", "F SKA"], "RUSSIA": ["A SWE"]}
    plain = {"ENGLAND": ["A NWY - SWE", "F SKA C A NWY - SWE"], "RUSSIA": ["A SWE - NWY"]}
    standard = adjudicate(turn(units, plain))
    assert outcome(standard, "A NWY - SWE").result == "SUCCEEDS" and outcome(standard, "A SWE - NWY").result == "SUCCEEDS"
    bt = adjudicate(turn(units, plain, "bt2020"))  # no path: overland, a head-to-head battle
    assert outcome(bt, "A NWY - SWE").result == "FAILS" and outcome(bt, "A SWE - NWY").result == "FAILS"
    with_path = {"ENGLAND": ["A NWY - SKA - SWE", "F SKA C A NWY - SWE"], "RUSSIA": ["A SWE - NWY"]}
    bt = adjudicate(turn(units, with_path, "bt2020"))
    assert outcome(bt, "A NWY - SKA - SWE").result == "SUCCEEDS" and outcome(bt, "A SWE - NWY").result == "SUCCEEDS"


def test_rule_17_convoy_as_adjacent_reading():
    units = {"ENGLAND": ["A NWY", "F SKA"], "RUSSIA": ["A SWE"]}
    orders = {"ENGLAND": ["A NWY - SKA - SWE", "F SKA C A NWY - SWE"], "RUSSIA": ["A SWE - NWY"]}
    swap = adjudicate(turn(units, orders, "diplonomic2020"))
    assert outcome(swap, "A NWY - SKA - SWE").result == "SUCCEEDS"
    literal = adjudicate(turn(units, orders, "diplonomic2020", options={"convoy_as_adjacent": "head_to_head"}))
    assert outcome(literal, "A NWY - SKA - SWE").result == "FAILS"
    assert outcome(literal, "A SWE - NWY").result == "FAILS"


# --- BT21: the 2000 rulebook's convoy sentence ----------------------------------------------------
def test_bt21_resolves_the_simple_convoy_paradox_without_the_backup_rule():
    case = load_case(ROOT / "cases/datc/6.F.14.yaml").phases[0].turn()
    standard = adjudicate(case)
    assert [p.kind for p in standard.paradoxes] == ["convoy paradox"]
    orders = dict(case.orders)
    orders["FRANCE"] = ["A BRE - ENG - LON", "F ENG C A BRE - LON"]
    bt = adjudicate(case.model_copy(update={"rules": "bt2020", "orders": orders}))
    assert bt.paradoxes == []  # BT21 decides: the army does not cut London's support
    support = outcome(bt, "F LON S F WAL - ENG")
    assert support.result == "SUCCEEDS"
    assert outcome(bt, "F WAL - ENG").result == "SUCCEEDS" and outcome(bt, "A BRE - ENG - LON").result == "FAILS"


# --- Diplonomic rule 7: who submitted -------------------------------------------------------------
TEAMS = {"FRANCE": {"contestant": "alice", "authorised": ["bob"]}, "GERMANY": {"contestant": "carol"}}
UNITS7 = {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A MUN"]}
ORDERS7 = {"FRANCE": [{"order": "A PAR - BUR", "by": "bob"}, {"order": "A MAR - PIE", "by": "mallory"}],
           "GERMANY": [{"order": "A MUN - RUH", "by": "carol"}]}


def test_rule_7_authorised_teammate_and_stranger():
    r = adjudicate(turn(UNITS7, ORDERS7, "diplonomic2020", contestants=TEAMS))
    assert outcome(r, "A PAR - BUR").result == "SUCCEEDS"
    stranger = outcome(r, "A MAR - PIE")
    assert stranger.result == "INVALID" and "rule 7" in stranger.reason
    assert [(s.order, s.by, s.counted) for s in r.submitted_by["FRANCE"]] == [
        ("A PAR - BUR", "bob", True), ("A MAR - PIE", "mallory", False)]
    assert r.submitted_by["GERMANY"][0].by == "carol"


def test_bt2020_has_no_teammates_and_standard_does_not_check():
    bt = adjudicate(turn(UNITS7, ORDERS7, "bt2020", contestants=TEAMS))
    assert outcome(bt, "A PAR - BUR").result == "INVALID"  # BT7: assistance, not submission
    assert bt.civil_disorder == ["FRANCE"]  # no effective orders: civil disorder (BT24)
    standard = adjudicate(turn(UNITS7, ORDERS7, contestants=TEAMS))
    assert outcome(standard, "A MAR - PIE").result == "SUCCEEDS"
    accepted = adjudicate(turn(UNITS7, ORDERS7, "diplonomic2020", contestants=TEAMS,
                               options={"unauthorised_orders": "accepted"}))
    assert outcome(accepted, "A MAR - PIE").result == "SUCCEEDS"


def test_rule_24_teammate_orders_keep_the_country_out_of_civil_disorder():
    orders = {"FRANCE": [{"order": "A PAR H", "by": "bob"}], "GERMANY": ["A MUN H"]}
    dn = adjudicate(turn(UNITS7, orders, "diplonomic2020", contestants=TEAMS))
    assert dn.civil_disorder is None
    bt = adjudicate(turn(UNITS7, orders, "bt2020", contestants=TEAMS))
    assert bt.civil_disorder == ["FRANCE"]


# --- BT24: civil disorder --------------------------------------------------------------------------
def test_bt24_hold_support_for_a_unit_in_civil_disorder():
    units = {"FRANCE": ["A BUR"], "GERMANY": ["A MUN", "A RUH"], "ENGLAND": ["A BEL"]}
    orders = {"GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"], "ENGLAND": ["A BEL S A BUR"]}
    counts = adjudicate(turn(units, orders, "bt2020"))
    assert counts.civil_disorder == ["FRANCE"] and not counts.dislodged
    fails = adjudicate(turn(units, orders, "bt2020", options={"civil_disorder_hold_support": "fails"}))
    assert outcome(fails, "A BEL S A BUR").result == "INVALID"
    assert [d.unit for d in fails.dislodged["FRANCE"]] == ["A BUR"]


def _removal(centres, units, **options):
    return adjudicate({"phase": "W1901A", "units": units, "centers": centres, "orders": {}, "rules": "bt2020",
                       "options": options or None})


def test_bt24_removal_distance_reading():
    # DATC 6.J.11: distance to owned centres (2023) removes Tuscany; to home centres, Warsaw
    units, centres = {"ITALY": ["A WAR", "A TUS"]}, {"ITALY": ["WAR"]}
    assert _removal(centres, units).units == {"ITALY": ["A WAR"]}
    assert _removal(centres, units, removal_distance="home_centres").units == {"ITALY": ["A TUS"]}


def test_bt24_alphabetical_tie_break_reading():
    units, centres = {"RUSSIA": ["A LVN", "A LVP", "A EDI"]}, {"RUSSIA": ["STP", "EDI"]}
    assert _removal(centres, units).units == {"RUSSIA": ["A EDI", "A LVN"]}  # Liverpool before Livonia
    assert _removal(centres, units, removal_alphabet="abbreviations").units == {"RUSSIA": ["A EDI", "A LVP"]}


# --- BT23: when ownership changes ------------------------------------------------------------------
def test_bt23_ownership_reading_changes_owner():
    def game(reading):
        return Game(rules="bt2020", options={"ownership_update": reading},
                    start={"phase": "F1901M", "units": {"FRANCE": ["A BUR"], "GERMANY": ["A MUN", "A RUH"]},
                           "centers": {"FRANCE": ["PAR"], "GERMANY": ["MUN"]}},
                    phases=[{"orders": {"GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"], "FRANCE": ["A BUR H"]}},
                            {"phase": "F1901R", "orders": {"FRANCE": ["A BUR - BEL"]}}])
    after_retreats = play(game("after_fall_retreats"))[0][-1]
    assert "BEL" in after_retreats.centers["FRANCE"]
    after_movement = play(game("after_fall_movement"))[0][-1]
    assert "BEL" not in after_movement.centers.get("FRANCE", [])


# --- BT9: draw availability ------------------------------------------------------------------------
def test_bt9_province_ownership_reading():
    phases = [{"orders": {}}, {"orders": {"FRANCE": ["A PIC - BUR"]}},
              {"orders": {"FRANCE": ["A BUR - PIC"]}}, {"orders": {"GERMANY": ["A RUH - BUR"]}},
              {"orders": {"GERMANY": ["A BUR - RUH"]}}, {"orders": {"FRANCE": ["A PIC - BUR"]}}]
    start = {"phase": "S1905M", "units": {"FRANCE": ["A PIC"], "GERMANY": ["A RUH"]},
             "centers": {"FRANCE": ["PAR"], "GERMANY": ["MUN"]}}
    centres = play(Game(start=start, phases=phases, rules="bt2020"))[1]
    assert centres.draw_available
    provinces = play(Game(start=start, phases=phases, rules="bt2020",
                          options={"draw_ownership": "occupied_provinces"}))[1]
    assert not provinces.draw_available


# --- the option machinery ---------------------------------------------------------------------------
def test_unknown_rules_and_options_are_input_errors(capsys):
    with pytest.raises(InputError, match="rules 'chess'"):
        adjudicate(turn(CONVOY, {}, "chess"))
    with pytest.raises(InputError, match="unknown rules option"):
        adjudicate(turn(CONVOY, {}, "bt2020", options={"colour": "red"}))
    with pytest.raises(InputError, match="expected one of"):
        adjudicate(turn(CONVOY, {}, "bt2020", options={"convoy_path": "sometimes"}))
    assert main(["diplomacy", "variants"]) == 0
    assert "convoy_path" in capsys.readouterr().out


def test_bt24_civil_disorder_in_retreats_and_builds():
    retreat = {"phase": "F1901R", "units": {"GERMANY": ["A BUR"]}, "civil_disorder": ["FRANCE"],
               "dislodged": {"FRANCE": [{"unit": "A MAR", "attacker_from": "BUR", "retreats": ["GAS", "SPA"]}]},
               "orders": {"FRANCE": ["A MAR - GAS"]}}
    assert outcome(adjudicate(retreat), "A MAR - GAS").result == "SUCCEEDS"
    bt = adjudicate({**retreat, "rules": "bt2020"})
    assert outcome(bt, "A MAR - GAS").result == "INVALID" and "FRANCE" not in bt.units  # BT24: disbanded
    build = {"phase": "W1901A", "units": {"FRANCE": ["A BUR"]}, "centers": {"FRANCE": ["PAR", "MAR"]},
             "civil_disorder": ["FRANCE"], "orders": {"FRANCE": ["Build A PAR"]}}
    assert outcome(adjudicate(build), "Build A PAR").result == "SUCCEEDS"
    assert outcome(adjudicate({**build, "rules": "bt2020"}), "Build A PAR").result == "INVALID"  # no new units
