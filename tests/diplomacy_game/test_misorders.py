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
