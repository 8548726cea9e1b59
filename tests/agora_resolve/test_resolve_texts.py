"""`agora resolve` and the rule texts its encodings implement (encodings/agora/texts.lp): a ruleset
with another text of a rule they rely on is refused, naming it, unless --allow-text-mismatch."""

from __future__ import annotations

import pytest

from adjudicator.agora.decisions import parse_input
from adjudicator.agora.resolve import resolve
from adjudicator.agora.resolve_texts import relied_rules
from adjudicator.cli import main
from adjudicator.errors import InputError
from adjudicator.rulesets import load_ruleset, render_ruleset

DECISIONS = {"players": ["a", "b", "c"], "decisions": [{"id": 1, "adoption_index": "1.0", "quorum": 2}],
             "ballots": [{"voter": "a", "decision": 1, "vote": "FOR"}, {"voter": "b", "decision": 1, "vote": "FOR"}]}


@pytest.fixture
def changed_r955(tmp_path):
    ruleset = load_ruleset("agora-slr-2020-12-31").model_copy(deep=True)
    ruleset.rule(955).text = ruleset.rule(955).text.replace("F/A > 1", "F/A > 2")
    path = tmp_path / "ruleset.txt"
    path.write_text(render_ruleset(ruleset), encoding="utf-8")
    return path


def test_the_rules_relied_on_are_the_decision_rules_and_the_lifecycle_only_with_events():
    assert {693, 107, 208, 879, 955, 1950, 2034, 2168, 2481, 2528, 683, 2422} <= relied_rules(False)
    assert {2607, 2622, 2625} & relied_rules(False) == set()
    assert {2350, 2606, 2607, 2622, 2625, 1607} <= relied_rules(True)


def test_another_text_of_a_relied_rule_is_refused_or_named(changed_r955):
    data = parse_input({**DECISIONS, "ruleset": str(changed_r955)}, "texts")
    with pytest.raises(InputError, match=r"R955/26 \(Determining the Will of Agora\) in the decisions' ruleset has "
                                         r"a text .* R955/26 \(102f92233d852a02\).*--allow-text-mismatch"):
        resolve(data, "texts", check_r1698=False)
    result = resolve(data, "texts", check_r1698=False, allow_text_mismatch=True)
    assert [w.split(" (")[0] for w in result.text_warnings] == ["R955/26"]
    assert result.text_warnings[0].endswith("resolved by the encoded text instead")
    assert result.decisions[0].outcome == "ADOPTED"  # by the encoded R955 (F/A > 1), as the warning says


def test_the_command_refuses_in_one_line_and_goes_on_when_allowed(changed_r955, tmp_path, capsys):
    import yaml

    path = tmp_path / "decisions.yaml"
    path.write_text(yaml.safe_dump({**DECISIONS, "ruleset": changed_r955.name}), encoding="utf-8")
    assert main(["agora", "resolve", str(path), "--skip-r1698"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and "R955/26" in err
    assert main(["agora", "resolve", str(path), "--skip-r1698", "--allow-text-mismatch"]) == 0
    assert "warning: R955/26 (Determining the Will of Agora)" in capsys.readouterr().out
