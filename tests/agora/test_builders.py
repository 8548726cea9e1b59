"""The judge's facts, built notion by notion (adjudicator/agora/builders): small named cases, the
facts each notion's builder writes, in the program's order."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.agora.builders import EVENT_BUILDERS, NOTIONS
from adjudicator.agora.case import load_case
from adjudicator.agora.facts import build
from adjudicator.errors import InputError

HEAD = """title: builders
ruleset: agora-slr-2020-12-31
gamestate:
  persons: [alice, bob]
  players: [alice]
now: 2021-02-05T00:00:00Z
unregulated_actions: [deregister bob, wave]   # free-text actions no rule regulates (declared)
statements:
  - {text: "bob is a player"}
"""


def program(tmp_path: Path, events: str) -> list[str]:
    path = tmp_path / "case.yaml"
    path.write_text(HEAD + "events:\n" + events)
    case, case_path = load_case(path)
    return build(case, case_path).program


def in_order(lines: list[str], expected: list[str]) -> bool:
    """`expected` appear in `lines` in this order (other lines between them)."""
    position = 0
    for wanted in expected:
        try:
            position = lines.index(wanted, position) + 1
        except ValueError:
            return False
    return True


CASES = {
    "register": ("  - {at: 2021-02-01T12:00:00Z, by: bob, do: register}\n",
                 ["event(1).", "actor(1,bob).", "act(1,register)."]),
    "intend and support (R1728)": (
        "  - {id: plan, at: 2021-02-01T13:00:00Z, by: alice, do: intend, action: deregister bob,"
        " method: without 2 objections}\n"
        "  - {id: backing, at: 2021-02-02T12:00:00Z, by: bob, do: support, intent: plan}\n",
        ["act(1,intend).", "intent_method(1,without_objections(2)).", "act(2,support(1))."]),
    "fine (R2557)": (
        "  - {at: 2021-02-03T12:00:00Z, by: alice, do: levy-fine, perp: bob, amount: 2, rule: 2557,"
        " circumstances: [minor]}\n",
        ["act(1,levy_fine(bob,2,2557)).", "asked_rule(2557).", "circumstance(1,minor)."]),
    "cashing a promise causes its text (R2618)": (
        "  - {id: grant, at: 2021-02-01T12:30:00Z, by: alice, do: grant-promise, promise: Welcome, to: bob,"
        " text: [{do: deregister}]}\n"
        "  - {id: cash, at: 2021-02-04T12:00:00Z, by: bob, do: cash, promise: Welcome}\n",
        ['act(1,grant_promise("welcome",bob)).', 'act(2,cash("welcome")).', "event(3).", "caused_by(3,2).",
         "actor(3,alice).", "act(3,deregister)."]),
    "R478 order: by time, then as written": (
        "  - {id: late, at: 2021-02-03T12:00:00Z, by: bob, do: register}\n"
        "  - {id: early, at: 2021-02-01T12:00:00Z, by: alice, do: deregister}\n",
        ["act(1,deregister).", "act(2,register)."]),
    "a kind outside the table is an action": ("  - {at: 2021-02-04T13:00:00Z, by: bob, do: wave}\n",
                                              ["act(1,wave)."]),
    "notions in order: ruleset, persons, time, events, statements": (
        "  - {at: 2021-02-01T12:00:00Z, by: bob, do: register}\n",
        ["base_rule(869).", "precedence_policy(agora).", "entity(alice).", "person(bob).",
         "registered_initially(alice).", "event_count(1).", "event(1).", "statement(s(1))."]),
}


@pytest.mark.parametrize("name", CASES)
def test_named_case(tmp_path, name):
    events, expected = CASES[name]
    lines = program(tmp_path, events)
    assert in_order(lines, expected), [line for line in lines if not line.startswith(("rule_", "base_rule", "text_"))]


def test_every_event_kind_has_its_builder_and_unknown_kinds_fail(tmp_path):
    assert {"register", "intend", "levy-fine", "grant-promise", "cash", "vote", "pledge", "instrument"} <= set(EVENT_BUILDERS)
    assert len(NOTIONS) == len(set(NOTIONS))
    with pytest.raises(InputError, match="unknown kind of event '!!'"):
        program(tmp_path, "  - {at: 2021-02-01T12:00:00Z, by: bob, do: '!!'}\n")
    with pytest.raises(InputError, match="who acted"):
        program(tmp_path, "  - {at: 2021-02-01T12:00:00Z, do: register}\n")
