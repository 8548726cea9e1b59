"""The paths a large call takes for speed give the same answers as one turn at a time: worker
processes for the chunks, and the close of Fall turns (ownership BT23, winner BT16, adjustments
due) decided for all Fall turns in one program."""

import importlib
import importlib.util
import random
from pathlib import Path

from adjudicator.diplomacy import adjudicate
from adjudicator.diplomacy.models import Turn
from adjudicator.diplomacy.phases import finish
from adjudicator.errors import InputError

movement = importlib.import_module("adjudicator.diplomacy.movement")
_spec = importlib.util.spec_from_file_location("diplomacy_properties", Path(__file__).with_name("test_properties.py"))
_properties = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_properties)
random_turn = _properties.random_turn


def _dump(results):
    return [r.model_dump(mode="json") for r in results]


def _turns(n: int, seed: int = 7) -> list[dict]:
    rng = random.Random(seed)
    turns = []
    for i in range(n):
        turn = random_turn(rng)
        turn["phase"] = f"{'SF'[i % 2]}19{10 + i // 2:02d}M"
        turns.append(turn)
    return turns


def test_worker_processes_give_the_same_results(monkeypatch, tmp_path):
    import os

    turns = _turns(24)
    serial = _dump(adjudicate(turns))
    monkeypatch.setattr(movement, "PARALLEL_MIN", 2)
    monkeypatch.setattr(movement, "CHUNK", 5)
    real = movement._movement_part
    log = tmp_path / "pids"

    def recording(*args, **kwargs):
        with log.open("a") as f:
            f.write(f"{os.getpid()}\n")
        return real(*args, **kwargs)

    monkeypatch.setattr(movement, "_movement_part", recording)
    assert _dump(adjudicate(turns)) == serial
    pids = set(log.read_text().split())
    assert len(pids) >= 1 and str(os.getpid()) not in pids  # the slices ran in worker processes


def test_a_bad_turn_is_reported_from_a_worker_like_from_one_process(monkeypatch):
    turns = _turns(10)
    turns[6]["orders"] = {"FRANCE": ["A PAR - NOWHERE"]}
    errors = []
    for parallel_min in (10 ** 6, 2):
        monkeypatch.setattr(movement, "PARALLEL_MIN", parallel_min)
        try:
            adjudicate(turns)
        except InputError as exc:
            errors.append(str(exc))
    assert len(errors) == 2 and errors[0] == errors[1] and "turn 7" in errors[0]


def test_fall_close_in_one_program_equals_one_turn_at_a_time(monkeypatch):
    turns = _turns(16, seed=11)
    batched = adjudicate(turns)
    # the movement results alone, then phases.finish turn by turn without the batch (a program
    # for the ownership update and one for the adjustment balance per Fall turn)
    monkeypatch.setattr(movement, "finish_phase", lambda turn, result, **_: result)
    raw = adjudicate(turns)
    fall_turns = 0
    for turn, result, alone in zip(turns, batched, raw):
        alone = finish(Turn(**turn), alone)
        fall_turns += turn["phase"][0] == "F"
        assert (alone.centers, alone.winner, alone.next_phase) == (result.centers, result.winner, result.next_phase)
    assert fall_turns == 8


def test_fall_close_gains_and_winner_from_a_real_game_position():
    # France takes Belgium and Holland in the Fall; with 18 centres it wins (BT16)
    centres = {"FRANCE": ["PAR", "MAR", "BRE", "SPA", "POR", "VEN", "BER", "KIE", "DEN", "SWE", "NWY",
                          "LON", "LVP", "EDI", "TUN", "NAP"],
               "GERMANY": ["BEL", "HOL"]}
    turn = {"phase": "F1905M", "units": {"FRANCE": ["A PIC", "A RUH"], "GERMANY": ["A MUN"]},
            "centers": centres, "orders": {"FRANCE": ["A PIC - BEL", "A RUH - HOL"], "GERMANY": ["A MUN H"]}}
    result = adjudicate([turn, turn])[0]
    assert result.winner == "FRANCE"
    assert "BEL" in result.centers["FRANCE"] and "HOL" in result.centers["FRANCE"]
    assert result.centers["GERMANY"] == ["MUN"]  # BT23: the unoccupied centre its army stands in
    assert result.next_phase == "W1905A"  # France has builds


def test_a_paradox_among_other_restless_turns_is_settled_alone_and_the_others_together(monkeypatch):
    # a chunk holding a convoy paradox (DATC 6.F.14: two resolutions) and attacked convoys (may be
    # indeterminate, are not): the turn the two models differ in is settled alone, the others
    # again together
    paradox = {"phase": "S1901M", "units": {"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["A BRE", "F ENG"]},
               "orders": {"ENGLAND": ["F LON S F WAL - ENG", "F WAL - ENG"],
                          "FRANCE": ["A BRE - LON", "F ENG C A BRE - LON"]}}
    convoy = {"phase": "F1901M", "units": {"ENGLAND": ["A LON", "F NTH"], "GERMANY": ["F HOL"]},
              "orders": {"ENGLAND": ["A LON - BEL", "F NTH C A LON - BEL"], "GERMANY": ["F HOL - NTH"]}}
    turns = [convoy, paradox, convoy, convoy]
    one_by_one = [_dump([adjudicate(t)])[0] for t in turns]
    alone = []
    real = movement._settle_alone
    monkeypatch.setattr(movement, "_settle_alone", lambda p, *a, **k: alone.append(p.number) or real(p, *a, **k))
    assert _dump(adjudicate(turns)) == one_by_one
    assert alone == [2]
    assert one_by_one[1]["paradoxes"] and not one_by_one[0]["paradoxes"]
