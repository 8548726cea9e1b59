"""The ruleset encoding on its own (encodings/core/ruleset.lp with its entry rule_changes.lp):
small named cases and the atoms their one stable model must (and must not) contain."""

from __future__ import annotations

import pytest

from adjudicator.solving import solve

ENCODINGS = ["core/ruleset.lp", "core/rule_changes.lp"]
R2140 = "base_rule(2140). rule_power(2140,3000). "

CASES = {
    # name: (facts, atoms in the model, atoms not in it)
    "R105(1): a power above 4.0 is capped at 4.0 (reading cap, the default)": (
        R2140 + "source_power(i,3000). requested(1,i,enact(new_rule,5000)).",
        ["applied(1,i,enact(new_rule,5000))", "power(new_rule,4000,1)", "enact_capped(1,i,new_rule,r2141)"],
        ["invalid(1,i,enact(new_rule,5000),r2141)"]),
    "R2141: enacting with power 5 is IMPOSSIBLE (reading impossible)": (
        R2140 + "source_power(i,3000). requested(1,i,enact(new_rule,5000)). "
        "option(enact_power_out_of_range,impossible).",
        ["invalid(1,i,enact(new_rule,5000),r2141)"], ["applied(1,i,enact(new_rule,5000))"]),
    "R105(1), R2140(1): a Power-2 instrument enacts at most Power 2": (
        R2140 + "source_power(i,2000). requested(1,i,enact(new_rule,2500)).",
        ["power(new_rule,2000,1)", "enact_capped(1,i,new_rule,r2140_1)"], []),
    "R105(1): no power, or below 0.1, is one": (
        R2140 + "source_power(i,3000). requested(1,i,enact(new_rule,50)).", ["power(new_rule,1000,1)"], []),
    "R2141: an instrument below 0.1 cannot enact (its cap is below the range)": (
        R2140 + "source_power(i,50). requested(1,i,enact(new_rule,1000)).",
        ["invalid(1,i,enact(new_rule,1000),r2141)"], []),
    "R2140(3): a Power-2 instrument cannot amend a Power-3 rule": (
        R2140 + "base_rule(2556). rule_power(2556,3000). source_power(i,2000). requested(1,i,amend(2556)).",
        ["invalid(1,i,amend(2556),r2140_3)"], ["applied(1,i,amend(2556))"]),
    "R2140: a Power-3 instrument is not limited (reading r2140-text)": (
        R2140 + "base_rule(2141). rule_power(2141,3100). source_power(i,3000). requested(1,i,retitle(2141)).",
        ["applied(1,i,retitle(2141))"], []),
    "R2140: every lower instrument is limited (reading any-lower-instrument)": (
        R2140 + "base_rule(2141). rule_power(2141,3100). source_power(i,3000). requested(1,i,retitle(2141)). "
        "option(power_limit,any_lower_instrument).",
        ["invalid(1,i,retitle(2141),r2140_3)"], []),
    "R2141: a nonzero power outside 0.1-4.0 is IMPOSSIBLE, zero is not": (
        R2140 + "base_rule(2465). rule_power(2465,300). source_power(i,4000). change_count(2). "
        "requested(1,i,set_power(2465,5000)). requested(2,i,set_power(2465,0)).",
        ["invalid(1,i,set_power(2465,5000),r2141)", "power(2465,300,1)", "power(2465,0,2)"], []),
    "R1688: a Power-0 instrument is not a statute": (
        R2140 + "base_rule(2429). rule_power(2429,1000). source_power(i,0). requested(1,i,repeal(2429)).",
        ["invalid(1,i,repeal(2429),r1688_statute)", "in_force(2429,1)"], []),
    "R1688: a secured change needs the threshold; enacting is not that change": (
        R2140 + "base_rule(869). rule_power(869,3000). base_rule(2700). rule_power(2700,3500). secures(2700,869). "
        "source_power(i,3000). change_count(2). requested(1,j,amend(869)). source_power(j,3500). "
        "requested(2,i,enact(new_rule,1000)).",
        ["applied(1,j,amend(869))", "applied(2,i,enact(new_rule,1000))", "change_threshold(1,amend(869),2700,3500)"],
        ["change_threshold(2,enact(new_rule,1000),2700,3500)"]),
    "R1688: below the threshold (the securing rule's Power) the secured change does not occur": (
        "base_rule(869). rule_power(869,1000). base_rule(2700). rule_power(2700,3000). secures(2700,869). "
        "source_power(i,2000). requested(1,i,amend(869)).",
        ["invalid(1,i,amend(869),r1688)"], ["applied(1,i,amend(869))"]),
    "R1688: a stated threshold below the securing rule's Power lowers it": (
        "base_rule(869). rule_power(869,1000). base_rule(2700). rule_power(2700,3000). secures_at(2700,869,1500). "
        "source_power(i,1500). requested(1,i,repeal(869)).",
        ["applied(1,i,repeal(869))", "change_threshold(1,repeal(869),2700,1500)"],
        ["reading_relevant(secured_threshold)"]),
    "R1688: a stated threshold above the securing rule's Power does not raise it (reading securing-power)": (
        "base_rule(869). rule_power(869,1000). base_rule(2700). rule_power(2700,2000). secures_at(2700,869,3000). "
        "source_power(i,2000). requested(1,i,repeal(869)).",
        ["applied(1,i,repeal(869))", "change_threshold(1,repeal(869),2700,2000)",
         "reading_relevant(secured_threshold)"],
        ["invalid(1,i,repeal(869),r1688)"]),
    "R1688: a stated threshold above the securing rule's Power applies (reading as-stated)": (
        "base_rule(869). rule_power(869,1000). base_rule(2700). rule_power(2700,2000). secures_at(2700,869,3000). "
        "source_power(i,2000). requested(1,i,repeal(869)). option(secured_threshold,as_stated).",
        ["invalid(1,i,repeal(869),r1688)", "change_threshold(1,repeal(869),2700,3000)"], ["applied(1,i,repeal(869))"]),
    "R1688: a rule securing changes to itself; its repeal is one of them": (
        "base_rule(2703). rule_power(2703,2500). secures(2703,2703). source_power(i,2500). source_power(j,2000). "
        "change_count(2). requested(1,j,repeal(2703)). requested(2,i,repeal(2703)).",
        ["invalid(1,j,repeal(2703),r1688)", "applied(2,i,repeal(2703))", "in_force(2703,1)"], ["in_force(2703,2)"]),
    "R1688: once the securing rule is repealed, the change is no longer secured": (
        "base_rule(869). rule_power(869,1000). base_rule(2700). rule_power(2700,3000). secures(2700,869). "
        "source_power(i,3000). source_power(j,1000). change_count(2). requested(1,i,repeal(2700)). "
        "requested(2,j,repeal(869)).",
        ["applied(1,i,repeal(2700))", "applied(2,j,repeal(869))"], ["change_threshold(2,repeal(869),2700,3000)"]),
    "R1688: reenacting a repealed rule is a change to it, secured while the securing rule is in force": (
        "power_at_repeal(869,1000). base_rule(2700). rule_power(2700,3000). secures(2700,869). source_power(i,2000). "
        "source_power(j,3000). change_count(2). requested(1,i,reenact(869,unspecified)). "
        "requested(2,j,reenact(869,unspecified)).",
        ["invalid(1,i,reenact(869,unspecified),r1688)", "applied(2,j,reenact(869,unspecified))", "in_force(869,2)"],
        ["in_force(869,1)"]),
    "R1688: of two securing rules, the change needs both thresholds": (
        "base_rule(869). rule_power(869,1000). base_rule(2700). rule_power(2700,3000). secures(2700,869). "
        "base_rule(2701). rule_power(2701,2000). secures_at(2701,869,1000). source_power(i,2000). "
        "requested(1,i,set_power(869,500)).",
        ["invalid(1,i,set_power(869,500),r1688)", "change_threshold(1,set_power(869,500),2701,1000)"], []),
    "R105(3): reenacted at its power at repeal": (
        R2140 + "power_at_repeal(2633,3000). source_power(i,3000). requested(1,i,reenact(2633,unspecified)).",
        ["applied(1,i,reenact(2633,unspecified))", "in_force(2633,1)", "power(2633,3000,1)"], []),
    "R105(3): an instrument that cannot set that power: null and void": (
        R2140 + "power_at_repeal(2633,3000). source_power(i,2000). requested(1,i,reenact(2633,unspecified)).",
        ["invalid(1,i,reenact(2633,unspecified),r105_3)"], ["in_force(2633,1)"]),
    "R105: rule changes occur sequentially (a repeal, then R2140 no longer limits)": (
        R2140 + "base_rule(2556). rule_power(2556,3000). source_power(i,4000). source_power(j,2000). change_count(2). "
        "requested(1,i,repeal(2140)). requested(2,j,amend(2556)).",
        ["applied(1,i,repeal(2140))", "applied(2,j,amend(2556))"], ["in_force(2140,1)"]),
}


@pytest.mark.parametrize("name", CASES)
def test_ruleset_encoding(name):
    facts, present, absent = CASES[name]
    if "change_count" not in facts:
        facts += " change_count(1)."
    result = solve(ENCODINGS, facts, what=name)
    assert result.status == "one", name
    model = {str(atom) for atom in result.models[0]}
    assert not [a for a in present if a not in model], (name, sorted(model))
    assert not [a for a in absent if a in model], (name, sorted(model))
