"""jDip saved games (.jdip): the real Diplonomic 2020 game of ../shared read and replayed phase by
phase against its record; broken jDip files refused with one line."""

import gzip
from pathlib import Path

import pytest

from adjudicator.cli import main
from adjudicator.diplomacy.formats import RecordedPhase, check_recorded
from adjudicator.diplomacy.jdip import read_jdip
from adjudicator.errors import InputError

ROOT = Path(__file__).resolve().parents[2]
DIPLONOMIC = ROOT.parent / "shared" / "reference" / "diplonomic2020" / "diplonomic.jdip"
needs_record = pytest.mark.skipif(not DIPLONOMIC.exists(), reason="../shared/reference/diplonomic2020 is not present")


@needs_record
def test_the_diplonomic_jdip_file_is_read_phase_by_phase():
    phases = read_jdip(DIPLONOMIC.read_bytes(), str(DIPLONOMIC))
    assert len(phases) == 24 and phases[0].phase == "S1901M" and phases[-1].phase == "F1906M"
    # jDip skips a retreat phase where nobody can retreat: S1901R/F1901R are absent
    assert [p.phase for p in phases[:4]] == ["S1901M", "F1901M", "W1901A", "S1902M"]
    assert phases[0].units["RUSSIA"] == ["A MOS", "F SEV", "F STP/SC", "A WAR"]
    # a convoyed move written without its path takes the path the record says the army used
    assert "A WAL - ENG - BRE" in phases[1].orders["ENGLAND"]
    assert phases[4].dislodged["RUSSIA"][0].unit == "A ARM"
    f1905 = next(p for p in phases if p.phase == "F1905M")
    assert "F SYR - LVP" in f1905.orders["ITALY"] and f1905.outcomes["F SYR - LVP"] == "SUCCEEDS"
    # each phase's adjudication time (jDip's TimeResult); the last, not yet adjudicated, has none
    assert f1905.adjudicated == "2020-07-29T16:29:34Z" and phases[0].adjudicated == "2020-07-11T23:58:37Z"
    assert phases[-1].adjudicated is None and all(p.adjudicated for p in phases[:-1])


@needs_record
def test_without_the_superpowers_exactly_three_phases_differ_naming_their_orders(capsys):
    assert main(["diplomacy", "play", str(DIPLONOMIC)]) == 1
    out = capsys.readouterr().out
    assert "20 of 23 phases agree with the record; 3 differ: S1905M, F1905M, S1906M" in out
    assert "order ITALY F SYR - LVP: INVALID here" in out
    assert "order RUSSIA F STP/NC S F BLA - SEV: INVALID here" in out
    assert "order RUSSIA F SEV - STP/NC: INVALID here" in out
    checks = check_recorded(read_jdip(DIPLONOMIC.read_bytes()))
    assert [c.phase for c in checks if not c.agrees] == ["S1905M", "F1905M", "S1906M"]


def _recorded(orders, outcomes, units_after):
    units = {"FRANCE": ["A PAR", "A BUR"], "GERMANY": ["A MUN", "A RUH"], "ENGLAND": ["F NTH", "A YOR"]}
    return [RecordedPhase("S1901M", units, {}, orders, outcomes=outcomes),
            RecordedPhase("F1901M", units_after, {}, {})]


def test_supports_and_convoys_are_compared_where_the_record_gives_their_results():
    orders = {"FRANCE": ["A PAR S A BUR"], "GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"],
              "ENGLAND": ["F NTH C A YOR - BEL", "A YOR - NTH - BEL"]}
    after = {"FRANCE": ["A PAR", "A BUR"], "GERMANY": ["A MUN", "A RUH"], "ENGLAND": ["F NTH", "A BEL"]}
    agreeing = {"A PAR S A BUR": "SUCCEEDS", "A RUH S A MUN - BUR": "SUCCEEDS", "F NTH C A YOR - BEL": "SUCCEEDS"}
    (check,) = check_recorded(_recorded(orders, agreeing, after))
    assert check.agrees, check.differences
    (check,) = check_recorded(_recorded(orders, {**agreeing, "A PAR S A BUR": "FAILS",
                                                 "F NTH C A YOR - BEL": "FAILS"}, after))
    assert check.differences == [
        "order FRANCE A PAR S A BUR: SUCCEEDS here (support given), FAILS in the record",
        "order ENGLAND F NTH C A YOR - BEL: SUCCEEDS here (the army was carried), FAILS in the record"]


def test_a_convoy_whose_army_bounced_succeeded_in_a_jdip_record():
    """jDip's success of a convoy says the fleet stood; the army it carried may still bounce."""
    orders = {"ENGLAND": ["F NTH C A YOR - HOL", "A YOR - NTH - HOL"], "GERMANY": ["A RUH - HOL"]}
    units = {"ENGLAND": ["F NTH", "A YOR"], "GERMANY": ["A RUH"]}
    recorded = [RecordedPhase("S1901M", units, {}, orders, outcomes={"F NTH C A YOR - HOL": "SUCCEEDS"}),
                RecordedPhase("F1901M", units, {}, {})]
    (check,) = check_recorded(recorded)
    assert check.agrees, check.differences
    assert {o.order: o.result for o in check.result.orders}["F NTH C A YOR - HOL"] == "FAILS"


@pytest.mark.parametrize("payload, problem", [
    (b"\x1f\x8b\x08\x00garbage", "not a readable jDip file"),
    (gzip.compress(b"<jsx><object class='x'/></jsx>", mtime=0), "not a jDip saved game"),
    (gzip.compress(b"<jsx><object", mtime=0), "the XML does not parse"),
    (gzip.compress(b"<!DOCTYPE x [<!ENTITY a 'b'>]><jsx/>", mtime=0), "document type declaration"),
], ids=["not-gzip", "not-a-saved-game", "bad-xml", "doctype"])  # stable ids: pytest-xdist workers must agree
def test_a_broken_jdip_file_is_refused_with_one_line(tmp_path, capsys, payload, problem):
    path = tmp_path / "game.jdip"
    path.write_bytes(payload)
    assert main(["diplomacy", "play", str(path)]) == 2
    err = capsys.readouterr().err
    assert problem in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_world_with_a_dangling_reference_is_refused():
    xml = (b"<jsx><object id='i0' class='dip.world.World'><declaredClass class='dip.world.World'><default>"
           b"<reference field='turnStates' idref='i9'/></default></declaredClass></object></jsx>")
    with pytest.raises(InputError, match="missing object"):
        read_jdip(gzip.compress(xml), "t.jdip")
