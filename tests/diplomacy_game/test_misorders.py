"""Option misorders: an order that cannot be read stops the turn (stop, the default: exit 2), or is
ruled a hold and listed as a misorder with the reason (hold)."""

import json

from adjudicator.cli import main

TURN = ("phase: S1901M\nunits: {FRANCE: [A PAR, A MAR], GERMANY: [A MUN]}\n"
        "orders: {FRANCE: [A PAR -> XYZ, A MAR - BUR], GERMANY: [A MUN - BUR]}\n")


def _run(tmp_path, capsys, text, *flags):
    path = tmp_path / "turn.yaml"
    path.write_text(text)
    code = main(["diplomacy", "adjudicate", str(path), *flags])
    out, err = capsys.readouterr()
    return code, out, err


def test_an_unreadable_order_stops_the_turn_by_default(tmp_path, capsys):
    code, _, err = _run(tmp_path, capsys, TURN)
    assert code == 2 and "unknown province 'XYZ'" in err


def test_under_hold_the_unreadable_order_is_a_hold_and_listed(tmp_path, capsys):
    code, out, _ = _run(tmp_path, capsys, "options: {misorders: hold}\n" + TURN, "--json")
    result = json.loads(out)
    assert code == 0
    assert result["misorders"] == [{"power": "FRANCE", "order": "A PAR -> XYZ",
                                    "reason": "unknown province 'XYZ' (the destination)"}]
    assert "A PAR" in result["units"]["FRANCE"]  # held
    assert [o["result"] for o in result["orders"]] == ["FAILS", "FAILS"]  # MAR and MUN bounce in BUR
    code, out, _ = _run(tmp_path, capsys, "options: {misorders: hold}\n" + TURN)
    assert "Misorder (ruled a hold): FRANCE 'A PAR -> XYZ': unknown province 'XYZ' (the destination)" in out


def test_a_turn_without_misorders_has_no_misorders_key(tmp_path, capsys):
    code, out, _ = _run(tmp_path, capsys, "options: {misorders: hold}\n" + TURN.replace("XYZ", "PIC"), "--json")
    assert code == 0 and "misorders" not in json.loads(out)


RETREAT_AND_BUILD = """
- phase: S1901R
  options: {misorders: hold}
  units: {GERMANY: [A BUR, A MUN], FRANCE: [A PAR]}
  dislodged: {FRANCE: [{unit: A BUR, attacker_from: MUN, retreats: [PIC, GAS]}]}
  orders: {FRANCE: [A BUR R XYZ]}
- phase: W1901A
  options: {misorders: hold}
  units: {FRANCE: [A PAR]}
  centers: {FRANCE: [PAR, BRE, MAR]}
  orders: {FRANCE: [Build A XYZ, Build F BRE]}
"""


def test_misorders_in_retreat_and_adjustment_phases_leave_the_unit_unordered(tmp_path, capsys):
    code, out, _ = _run(tmp_path, capsys, RETREAT_AND_BUILD, "--json")
    retreat, adjustment = json.loads(out)
    assert code == 0
    assert retreat["misorders"] == [{"power": "FRANCE", "order": "A BUR R XYZ",
                                     "reason": "unknown province 'XYZ' (the destination)"}]
    assert [(o["order"], o["result"]) for o in retreat["orders"]] == [("A BUR D", "SUCCEEDS")]  # no retreat ordered
    assert adjustment["misorders"][0]["order"] == "Build A XYZ"
    assert adjustment["units"] == {"FRANCE": ["A PAR", "F BRE"]}  # the readable build is made
    code, out, _ = _run(tmp_path, capsys, RETREAT_AND_BUILD)
    assert "Misorder (ruled no order): FRANCE 'A BUR R XYZ': unknown province 'XYZ' (the destination)" in out
    code, _, err = _run(tmp_path, capsys, RETREAT_AND_BUILD.replace("options: {misorders: hold}\n  ", ""))
    assert code == 2 and "unknown province 'XYZ'" in err  # misorders=stop, the default


def test_a_power_whose_orders_are_all_misorders_is_not_in_civil_disorder(tmp_path, capsys):
    turn = ("phase: S1901M\nrules: bt2020\noptions: {misorders: hold}\n"
            "units: {FRANCE: [A PAR], GERMANY: [A MUN], ITALY: [A VEN]}\n"
            "orders: {FRANCE: [A PAR -> XYZ], GERMANY: [A MUN H]}\n")
    code, out, _ = _run(tmp_path, capsys, turn, "--json")
    result = json.loads(out)
    assert code == 0 and result["civil_disorder"] == ["ITALY"]  # BT24: France submitted an order
