"""The readings that need hooks in movement.lp (docs/variants.md): BT21's 2000-rulebook sentence
taking precedence over "a dislodged supporter's support is cut" (DATC 6.F.17), BT19 read
literally ("neither can move"), BT17 read literally (support with no reach restriction). Each
changes the outcome against the default reading."""

from pathlib import Path

import yaml

from adjudicator.diplomacy import adjudicate

ROOT = Path(__file__).resolve().parents[2]


def outcome(result, order):
    return next(r for r in result.orders if order in (r.order, r.written))


def pandin() -> dict:
    phase = yaml.safe_load((ROOT / "cases" / "datc" / "6.F.17.yaml").read_text())["phases"][0]
    phase.pop("expect")
    return phase


def test_bt21_2000_rule_takes_precedence_over_dislodgement_datc_6_f_17():
    szykman = adjudicate(pandin())  # standard: the DATC preference, the convoy fails
    assert outcome(szykman, "A BRE - LON").result == "FAILS"
    assert szykman.dislodged == {} and [p.kind for p in szykman.paradoxes] == ["convoy paradox"]
    # the 2000 rulebook (BT21): London's support is not cut, the English Channel holds, the convoy
    # succeeds and dislodges London, whose support still counts (DATC 6.F.17, 1971/1982/2000 rules)
    rulebook = adjudicate({**pandin(), "options": {"convoy_paradox": "rulebook2000"}})
    assert outcome(rulebook, "A BRE - LON").result == "SUCCEEDS"
    assert outcome(rulebook, "F WAL - ENG").result == "FAILS"
    assert outcome(rulebook, "F BEL - ENG").result == "FAILS"
    london = outcome(rulebook, "F LON S F WAL - ENG")
    assert london.result == "SUCCEEDS" and "(2000 rulebook; option convoy_paradox=rulebook2000)" in london.reason
    assert [(d.unit, d.attacker_from) for d in rulebook.dislodged["ENGLAND"]] == [("F LON", "BRE")]
    assert rulebook.paradoxes == []
    # bt2020 (rulebook2000 by default; BT17: the convoy names its path)
    bt = pandin()
    bt["orders"]["FRANCE"] = [o.replace("A BRE - LON", "A BRE - ENG - LON") if o.startswith("A BRE") else o
                              for o in bt["orders"]["FRANCE"]]
    bt2020 = adjudicate({**bt, "rules": "bt2020"})
    assert outcome(bt2020, "A BRE - ENG - LON").result == "SUCCEEDS"
    assert [d.unit for d in bt2020.dislodged["ENGLAND"]] == ["F LON"]


def test_bt19_literal_reading_neither_can_move():
    turn = {"phase": "S1901M", "units": {"FRANCE": ["A BUR", "A RUH"], "GERMANY": ["A MUN"]},
            "orders": {"FRANCE": ["A BUR - MUN", "A RUH S A BUR - MUN"], "GERMANY": ["A MUN - BUR"]}}
    strength = adjudicate(turn)  # default: the supported side wins the head-to-head battle
    assert outcome(strength, "A BUR - MUN").result == "SUCCEEDS"
    assert [d.unit for d in strength.dislodged["GERMANY"]] == ["A MUN"]
    literal = adjudicate({**turn, "rules": "bt2020", "options": {"head_to_head": "never"}})
    bur = outcome(literal, "A BUR - MUN")
    assert bur.result == "FAILS" and "neither can move" in bur.reason
    assert outcome(literal, "A MUN - BUR").result == "FAILS"
    assert literal.dislodged == {}
    assert literal.units == {"FRANCE": ["A BUR", "A RUH"], "GERMANY": ["A MUN"]}


def test_bt17_literal_reading_support_without_reach():
    turn = {"phase": "S1901M", "units": {"FRANCE": ["A BUR", "A PAR"], "GERMANY": ["A MUN"]},
            "orders": {"FRANCE": ["A BUR - MUN", "A PAR S A BUR - MUN"], "GERMANY": ["A MUN H"]}}
    reachable = adjudicate({**turn, "rules": "bt2020"})  # default: Paris cannot reach Munich (DATC 6.A.10)
    assert outcome(reachable, "A PAR S A BUR - MUN").result == "INVALID"
    assert outcome(reachable, "A BUR - MUN").result == "FAILS"
    literal = adjudicate({**turn, "rules": "bt2020", "options": {"support_reach": "unrestricted"}})
    assert outcome(literal, "A PAR S A BUR - MUN").result == "SUCCEEDS"
    assert outcome(literal, "A BUR - MUN").result == "SUCCEEDS"
    assert [d.unit for d in literal.dislodged["GERMANY"]] == ["A MUN"]


# --- the internal API explain.py reads the model through ---------------------------------------
def test_final_model_is_the_model_the_adjudication_settles_on():
    import importlib
    import inspect

    from adjudicator.diplomacy import explain as explain_module
    from adjudicator.diplomacy.cases import load_case

    movement = importlib.import_module("adjudicator.diplomacy.movement")
    turn = load_case(ROOT / "cases/datc/6.F.14.yaml").phases[0].turn()  # simple convoy paradox
    prepared, model, paradoxes = movement.final_model(turn, explain=True)
    adjudicated = adjudicate(turn)
    assert [p.model_dump() for p in paradoxes] == [p.model_dump() for p in adjudicated.paradoxes]
    results = {s.arguments[1]: str(s.arguments[2]).upper() for s in model if s.name == "result"}
    assert [results[i] for i in range(len(prepared.orders))] == [r.result for r in adjudicated.orders]
    assert any(s.name == "attack" for s in model)  # explain.lp's atoms are shown too
    assert all(s.arguments[0] == 1 for s in model)
    # explain.py goes through it, not through the module's private session and paradox helpers
    source = inspect.getsource(explain_module)
    assert "final_model" in source and "_Session" not in source and "_resolve_paradoxes" not in source
