"""The R105 amendment engine: every change kind, void and IMPOSSIBLE outcomes, named readings."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from adjudicator.errors import InputError
from adjudicator.rulesets import load_ruleset, parse_ruleset, render_ruleset
from adjudicator.rulesets.amend import R105Options, apply_proposal, compare_readings
from adjudicator.rulesets.proposal import load_proposal, parse_proposal_text

CASES = Path(__file__).resolve().parents[2] / "cases" / "rulesets"


@pytest.fixture(scope="module")
def slr():
    return load_ruleset("agora-slr-2020-12-31")


@pytest.fixture(scope="module")
def every_change(slr):
    return apply_proposal(slr, load_proposal(CASES / "agora-every-change.txt"))


def _status(report):
    return [(r.index, r.status) for r in report.results]


def test_every_change_statuses(every_change):
    _, report = every_change
    assert report.instrument_power == Decimal("3.0")  # R106: min(4, AI 3.0)
    assert _status(report) == [(n, "APPLIED") for n in range(1, 15)] + [
        (15, "VOID"), (16, "VOID"), (17, "VOID"), (18, "IMPOSSIBLE"), (19, "APPLIED")]
    assert all(r.cites for r in report.results)
    assert all(r.reason.startswith(("R105", "R2141", "R2140")) for r in report.results)


def test_enactment_power_and_id(every_change, slr):
    after, report = every_change
    new = [after.rule(n) for n in (2646, 2647, 2648, 2649)]
    assert [(r.title, r.power, r.revision) for r in new] == [
        ("Test Enactment", Decimal(2), 0),
        ("Overpowered", Decimal("4.0"), 0),  # 5 capped at R2141's maximum (R105(1))
        ("Numbered By Hand", Decimal(1), 0),  # no power given: defaults to one
        ("Feeble", Decimal(1), 0),  # below 0.1: defaults to one
    ]
    assert new[0].text == "Players SHALL test things.\n\n- one\n- two"
    with pytest.raises(KeyError):
        after.rule(9999)  # R105(1): the ID cannot be specified by the enacting statute
    assert "null and void" in report.results[2].notes[0]
    assert after.header["Number of rules currently enacted"] == "156"
    assert after.highest_id == 2649


def test_repeal_then_reenact_keeps_id_power_text(every_change, slr):
    after, report = every_change
    old, new = slr.rule(2633), after.rule(2633)
    assert (new.power, new.text, new.title, new.section) == (old.power, old.text, old.title, old.section)
    assert new.revision == old.revision + 1  # "the next change identifier"
    assert after.repealed == []


def test_text_amendments(every_change, slr):
    after, _ = every_change
    bleach = after.rule(2429)
    assert bleach.title == "Bleach and Starch"
    assert bleach.power == Decimal("1.5")
    assert bleach.revision == slr.rule(2429).revision + 4  # replace, append, retitle, power change
    assert " ".join(bleach.text.split()) == (
        "Replacing a non-zero amount of whitespace with a different non-zero amount of whitespace is always "
        "insignificant, except for paragraph breaks. This paragraph was appended.")
    assert bleach.text.endswith("\n\nThis paragraph was appended.")
    assert after.rule(2137).text == ("The Assessor is an elected office; its holder is responsible for\n"
                                     "collecting votes (and counting).")
    assert after.rule(1051).text == "The Rulekeepor is an office; its holder maintains the rules."
    assert "to help identify it" in after.rule(2141).text  # power 3 proposal, power 3.1 rule: R2140 text allows


def test_void_reasons(every_change):
    _, report = every_change
    assert "occurs 5 times in R101" in report.results[14].reason
    assert "rule 9999 is not a rule" in report.results[15].reason
    assert "Bleach and Starch" in report.results[16].reason  # sequential: retitled by change 13
    assert "4.5" in report.results[17].reason and report.results[17].cites == ["R2141"]


def test_untouched_rules_unchanged_and_round_trip(every_change, slr):
    after, _ = every_change
    changed = {2429, 2137, 1051, 2141, 2633, 2646, 2647, 2648, 2649}
    for rule in after.rules:
        if rule.id not in changed:
            assert rule == slr.rule(rule.id)
    again = parse_ruleset(render_ruleset(after), after.name)
    assert [(r.id, r.revision, r.power, r.title, r.text) for r in again.rules] == \
        [(r.id, r.revision, r.power, r.title, r.text) for r in sorted(after.rules, key=lambda r: [s.title for s in after.sections].index(r.section))]


def test_low_power_instrument(slr):
    after, report = apply_proposal(slr, load_proposal(CASES / "agora-low-power.txt"))
    assert report.instrument_power == Decimal("2.0")
    assert _status(report) == [(1, "IMPOSSIBLE"), (2, "APPLIED"), (3, "IMPOSSIBLE"), (4, "APPLIED"), (5, "APPLIED")]
    assert report.results[0].cites[0] == "R2140" and "power 3" in report.results[0].reason
    assert after.rule(2646).power == Decimal("2.0")  # capped at the instrument's power (R105(1), R2140(1))
    assert after.rule(105) == slr.rule(105)
    assert after.rule(2429).power == slr.rule(2429).power
    with pytest.raises(KeyError):
        after.rule(2645)
    assert after.repealed[0].title == "The Infinity Stones"


def test_reenact_void_cases(slr):
    proposal = parse_proposal_text("AI: 1.0\n\nRepeal rule 2633.\n\nReenact rule 2633.\n\nReenact rule 105.\n")
    _, report = apply_proposal(slr, proposal)
    # R2140: a power-1 instrument cannot repeal the power-3.0 rule, so nothing to reenact after it
    assert _status(report) == [(1, "IMPOSSIBLE"), (2, "VOID"), (3, "VOID")]
    assert "current rule" in report.results[1].reason and "current rule" in report.results[2].reason
    proposal = parse_proposal_text("AI: 3\n\nRepeal rule 2633.\n")
    middle, _ = apply_proposal(slr, proposal)
    weak = parse_proposal_text("AI: 2\n\nReenact rule 2633.\n")
    _, report = apply_proposal(middle, weak)
    assert report.results[0].status == "VOID" and "null and void" in report.results[0].reason


def test_readings_change_outcomes(slr):
    differences = compare_readings(slr, load_proposal(CASES / "agora-every-change.txt"))
    found = {(d.reading, d.index, d.default, d.under_reading) for d in differences}
    assert ("quotation=strict", 7, "APPLIED 1", "VOID") in found  # mismatched “..." marks
    assert ("power_limit=any-lower-instrument", 19, "APPLIED 3.1", "IMPOSSIBLE") in found
    assert ("enact_power_out_of_range=impossible", 2, "APPLIED 4.0", "IMPOSSIBLE") in found
    assert ("title_mismatch=number-prevails", 17, "VOID", "APPLIED 1.5") in found


def test_strict_quotation_needs_exact_characters(slr):
    text = 'AI: 3\n\nAmend rule 2429 by replacing "a different non-zero" with "another non-zero".\n'
    _, lenient = apply_proposal(slr, parse_proposal_text(text))
    _, strict = apply_proposal(slr, parse_proposal_text(text), R105Options(quotation="strict"))
    assert lenient.results[0].status == "APPLIED"
    assert strict.results[0].status == "VOID"  # the rule's text breaks the line after "different"


def test_ambiguous_and_unrecognised(slr):
    text = "AI: 3\n\nAmend rule 2429 by replacing \"whitespace\" with \"space\".\n\nAmend rule 2429 somehow.\n"
    with pytest.raises(InputError, match="1 of 2 instructions"):
        apply_proposal(slr, parse_proposal_text(text))
    _, report = apply_proposal(slr, parse_proposal_text(text), skip_unrecognised=True)
    assert report.results[0].status == "VOID" and "occurs 2 times" in report.results[0].reason
    assert report.results[1].status == "UNRECOGNISED"
    with pytest.raises(InputError, match="1 of 1 instructions"):
        apply_proposal(slr, parse_proposal_text("Please be nice.\n"), skip_unrecognised=True)


def test_numbered_ruleset_enact_and_blognomic_by_title():
    dn = load_ruleset("diplonomic-2020")
    after, report = apply_proposal(dn, parse_proposal_text("Enact a new rule with text:\n{\nNew rule.\n}\n"))
    assert report.results[0].status == "APPLIED" and after.rule(30).text == "New rule."
    assert after.rule(30).power is None  # this ruleset has no powers
    bn = load_ruleset("blognomic-2019-09-06")
    text = 'Amend the rule entitled "Dormancy" by replacing "fewer than five" with "fewer than four".\n'
    after, report = apply_proposal(bn, parse_proposal_text(text))
    assert report.results[0].status == "APPLIED" and "fewer than four Captains" in after.rule("Dormancy").text


def test_replace_every_occurrence_and_history(slr):
    text = ('Title: Spaces\nAI: 3\n\nAmend rule 2429 by replacing every occurrence of "whitespace" with "space".\n\n'
            'Amend rule 2429 by replacing each instance of "glitter" with "dust".\n')
    after, report = apply_proposal(slr, parse_proposal_text(text))
    assert [r.status for r in report.results] == ["APPLIED", "VOID"]
    assert after.rule(2429).text.count("space") == 2 and "whitespace" not in after.rule(2429).text
    assert after.rule(2429).history == ['Amended(2) by proposal "Spaces"']


def test_reenact_a_rule_the_ruleset_has_no_record_of(slr):
    text = ("AI: 3\n\nReenact rule 2000 with power 2 and with the text:\n{\nOld text, again.\n}\n\n"
            "Reenact rule 2001.\n")
    after, report = apply_proposal(slr, parse_proposal_text(text))
    assert [r.status for r in report.results] == ["APPLIED", "VOID"]
    assert (after.rule(2000).power, after.rule(2000).text) == (Decimal(2), "Old text, again.")
    assert "no record" in report.results[1].reason


def test_where_new_rules_go(slr):
    text = 'AI: 3\n\nEnact a new rule titled "Joining" in the category "Players", with text:\n{\nHello.\n}\n'
    after, report = apply_proposal(slr, parse_proposal_text(text))
    assert after.rule("Joining").section == "Players"
    bn = load_ruleset("blognomic-2019-09-06")
    text = 'Enact a new rule titled "Periscopes", with text:\n{\nSubmarines may look.\n}\n'
    after, report = apply_proposal(bn, parse_proposal_text(text))
    periscopes = after.rule("Periscopes")
    assert periscopes.section == "Dynastic Rules" and periscopes.id is None
    dynastic = [r.title for r in after.rules if r.section == "Dynastic Rules"]
    assert dynastic[-1] == "Periscopes"
    assert "Periscopes\n\nSubmarines may look." in render_ruleset(after)


def test_regulations_amend_and_enact():
    bt = load_ruleset("bt-2020")
    text = ('Amend regulation BT22 by replacing "If a\nplayer" with "If a country".\n\n'
            'Enact a new regulation titled "Birthday Tournament 26", with text:\n{\nTeams are fine.\n}\n')
    after, report = apply_proposal(bt, parse_proposal_text(text))
    assert [r.status for r in report.results] == ["APPLIED", "APPLIED"]
    assert "If a country fails" in " ".join(after.rule("BT22").text.split())
    assert after.rule("BT22").revision == 1
    new = after.rule("BT26")
    assert (new.kind, new.prefix, new.power, new.revision) == ("regulation", "BT", None, 0)
    assert "Regulation BT26/0\nBirthday Tournament 26" in render_ruleset(after)


def test_lenient_case_reading(slr):
    text = 'AI: 3\n\nAmend rule 2429 by replacing "EXCEPT FOR paragraph breaks" with "even for paragraph breaks".\n'
    _, lenient = apply_proposal(slr, parse_proposal_text(text))
    _, anycase = apply_proposal(slr, parse_proposal_text(text), R105Options(quotation="lenient-case"))
    assert (lenient.results[0].status, anycase.results[0].status) == ("VOID", "APPLIED")


from hypothesis import given, settings, strategies as st  # noqa: E402

_SLR = load_ruleset("agora-slr-2020-12-31")
_PROSE = [r for r in _SLR.rules if len(r.text.split()) > 12 and r.power <= 3]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(_PROSE), st.integers(0, 10_000), st.integers(2, 5))
def test_replacing_a_unique_quotation_changes_only_it(rule, seed, length):
    """Any unique run of words in a rule's paragraph, quoted with its line breaks unwrapped, is
    replaced there and nowhere else; the result renders and parses back to the same texts."""
    import re

    paragraphs = [" ".join(p.split()) for p in rule.text.split("\n\n")]
    words = max(paragraphs, key=len).split()
    if len(words) <= length:
        return
    start = seed % (len(words) - length)
    quote = " ".join(words[start:start + length])
    if any(mark in quote for mark in "\"“”‘’'"):
        return
    proposal = parse_proposal_text(f'AI: 3\n\nAmend rule {rule.id} by replacing "{quote}" with "XYZZY".\n')
    after, report = apply_proposal(_SLR, proposal)
    occurrences = sum(len(re.findall(f"(?={re.escape(quote)})", p)) for p in paragraphs)
    result = report.results[0]
    if occurrences != 1:
        assert result.status == "VOID"
        return
    assert result.status == "APPLIED"
    expected = "\n\n".join(p.replace(quote, "XYZZY") for p in paragraphs)
    got = "\n\n".join(" ".join(p.split()) for p in after.rule(rule.id).text.split("\n\n"))
    assert got == expected
    assert after.rule(rule.id).revision == rule.revision + 1
    again = parse_ruleset(render_ruleset(after), after.name)
    assert again.rule(rule.id).text == after.rule(rule.id).text
