"""Rule texts bound to encodings: every encoded rule declares the revision it implements, and a
case whose ruleset has another text for a rule it relies on is refused (or judged with a warning)."""

from __future__ import annotations

import shutil

import re
from pathlib import Path

import pytest

from adjudicator.agora.bindings import encoded_texts, fingerprint
from adjudicator.agora.judge import judge_file
from adjudicator.cli import main
from adjudicator.errors import InputError
from adjudicator.rulesets import load_ruleset

ROOT = Path(__file__).resolve().parents[2]
MISMATCH = ROOT / "cases" / "cfj" / "rulesets" / "r869-text-changed.yaml"


def test_every_rule_with_an_encoded_clause_declares_its_text():
    cited = set()
    for lp in (ROOT / "encodings" / "agora").glob("*.lp"):
        cited |= {int(n) for n in re.findall(r"^clause\(\w+, (\d+)\)", lp.read_text(), re.M)}
    assert cited and cited <= set(encoded_texts())


def test_the_2020_revisions_are_the_bundled_ruleset_texts():
    slr = load_ruleset("agora-slr-2020-12-31")
    for number, texts in encoded_texts().items():
        rule = slr.rule(number)
        assert any(t.revision == rule.revision and t.fingerprint == fingerprint(rule.text) for t in texts), number


def test_fingerprint_ignores_layout_only():
    assert fingerprint("A  player CAN\n   register.") == fingerprint("A player CAN register.")
    assert fingerprint("A player CAN register.") != fingerprint("A player CANNOT register.")


def test_changed_r869_text_is_refused(capsys):
    with pytest.raises(InputError, match="R869/47"):
        judge_file(MISMATCH)
    assert main(["judge", str(MISMATCH)]) == 2
    assert "R869/47" in capsys.readouterr().err


def test_changed_r869_text_judged_with_a_visible_warning(capsys):
    assert main(["judge", str(MISMATCH), "--allow-text-mismatch"]) == 0
    out = capsys.readouterr().out
    assert "WARNING: R869/47" in out and "judged by the encoded text" in out


def test_a_case_that_does_not_rely_on_the_changed_rule_is_judged(tmp_path):
    case = tmp_path / "case.yaml"
    (tmp_path / "rules.txt").write_text(
        (MISMATCH.parent / "agora-slr-2020-12-31-r869-changed.txt").read_text(encoding="utf-8"), encoding="utf-8")
    case.write_text("title: t\nruleset: rules.txt\nstatements:\n  - {text: 'R2556 is in force', expect: TRUE}\n")
    result = judge_file(case)
    assert result.judgements[0].verdict == "TRUE" and not result.text_warnings


def test_cfj_3709_by_date_and_under_the_2020_text():
    by_date = judge_file(ROOT / "cases" / "cfj" / "cfj-3709-apathy-two-intents.yaml")
    assert [j.verdict for j in by_date.judgements] == ["TRUE", "TRUE"]
    assert any("R1728/40" in note for note in by_date.text_notes)
    assert any("R2595 was enacted on 2019-04-27" in note for note in by_date.text_notes)
    assert any("same_announcement" in line and "FALSE" in line for line in by_date.judgements[0].other_readings)
    later = judge_file(ROOT / "cases" / "cfj" / "r2595-2-cfj-3709-events.yaml")
    assert [j.verdict for j in later.judgements] == ["FALSE", "FALSE"]


@pytest.mark.parametrize("day, refused", [
    ("2017-06-01", "R591"),      # R591 before R591/43 (2017-06-27): not in our sources, not pretended
])
def test_a_date_whose_revision_is_not_encoded_is_a_mismatch(tmp_path, day, refused):
    case = (ROOT / "cases" / "cfj" / "cfj-3709-apathy-two-intents.yaml").read_text(encoding="utf-8")
    path = tmp_path / "case.yaml"
    path.write_text(case.replace("as_of: 2019-02-07", f"as_of: {day}"), encoding="utf-8")
    with pytest.raises(InputError, match=refused):
        judge_file(path)


@pytest.mark.parametrize("day, chosen, verdicts", [
    ("2019-06-01", "R1728/41 (in force from 2019-04-27)", ["FALSE", "FALSE"]),  # /41 is /42 capitalised
])
def test_the_revisions_the_history_adds_are_bound(tmp_path, day, chosen, verdicts):
    case = (ROOT / "cases" / "cfj" / "cfj-3709-apathy-two-intents.yaml").read_text(encoding="utf-8")
    path = tmp_path / "case.yaml"
    path.write_text(case.replace("as_of: 2019-02-07", f"as_of: {day}"), encoding="utf-8")
    result = judge_file(path)
    assert any(chosen in note for note in result.text_notes) and not result.text_warnings
    assert [j.verdict for j in result.judgements] == verdicts


def test_without_as_of_a_case_is_judged_by_the_rules_of_its_day(tmp_path):
    case = (ROOT / "cases" / "cfj" / "cfj-3709-apathy-two-intents.yaml").read_text(encoding="utf-8")
    path = tmp_path / "case.yaml"
    path.write_text(case.replace("as_of: 2019-02-07\n", ""), encoding="utf-8")
    result = judge_file(path)  # the events' day, 7 Feb 2019: R1728/40, as the archive judged
    assert [j.verdict for j in result.judgements] == ["TRUE", "TRUE"]
    assert result.text_notes[0].startswith("as of 2019-02-07, the day the statements are asked")
    assert any("R1728/40 (in force from 2018-11-19)" in note for note in result.text_notes)
    undated = " ".join(note for note in result.text_notes if "does not date" in note)
    for rule in (103, 683, 991, 1006, 1551, 1607, 2139, 2143, 2154, 2160, 2166, 2201, 2202, 2423, 2450, 2478,
                 2483, 2531, 2553, 2555, 2556, 2557, 2576, 2577, 2578, 2579, 2618, 2621, 2645):
        assert f" R{rule}/" not in undated, rule  # dated: the revision of that day, bound or named
    assert not undated  # every encoded rule's start is dated, the decision and proposal rules too
    unencoded_then = next(note for note in result.text_notes if "not the texts the encodings implement" in note)
    for revision in ("R208/13 (in force from 2018-10-01)", "R879/35 (in force from 2018-09-28)",
                     "R2034/10 (in force from 2018-10-01)", "R107/20 (in force from 2017-11-12)",
                     "R2168/7 (in force from 2011-05-16)", "R2422/3 (in force from 2018-11-12)"):
        # the decision rules' 2019 texts, bound (decision_texts.lp names a use of what they word otherwise)
        assert any(f"{revision} judged as of 2019-02-07" in note for note in result.text_notes), revision
    assert not [r for r in ("R107/", "R1950/", "R2168/", "R2350/", "R2422/", "R2481/") if r in unencoded_then]
    assert any("R693/16 from 2017-05-24" in note and "R955/26 from 2018-10-01" in note for note in result.text_notes)
    assert any("R2607 was enacted on 2020-01-29" in note for note in result.text_notes)
    path.write_text(path.read_text(encoding="utf-8") + "now: 2021-05-01T00:00:00Z\n", encoding="utf-8")
    notes = judge_file(path).text_notes  # a 2021 day: the 2021 revisions, each named
    for revision in ("R105/22", "R591/48", "R683/27", "R2125/13", "R2141/16", "R869/48"):
        assert any(f"{revision} (in force from" in note for note in notes), revision
    unimplemented = next(note for note in notes if "not the texts the encodings implement" in note)
    for revision in ("R103/29", "R2531/14", "R2555/10", "R2577/6", "R2618/4", "R2645/4",
                     "R107/23", "R955/27", "R2350/16"):  # the decision rules' 2021 texts too
        assert revision in unimplemented, revision
    assert any("R693/17 (in force from 2021-02-14)" in note for note in notes)
    assert any("R2607 was repealed on 2021-02-11" in note for note in notes)


def test_a_2019_case_using_what_an_older_decision_rule_words_otherwise_is_refused(tmp_path):
    """CFJ 3749 (1 July 2019) is judged under R107/20, R2422/4, ...; a notice of initiation on one of its
    decisions is a use of R107/20's clause, which the decision encodings word otherwise."""
    case = (ROOT / "cases" / "cfj" / "cfj-3749-list-vote-in-an-election.yaml").read_text(encoding="utf-8")
    path = tmp_path / "case.yaml"
    path.write_text(case.replace("quorum: 1,\n       initiated:", "quorum: 1, notice: {specifies: [matter]},\n       initiated:"),
                    encoding="utf-8")
    with pytest.raises(InputError, match=r"R107/20's text differs where the case uses it \(a notice of initiation"):
        judge_file(path)


def test_a_2021_case_relying_on_an_unencoded_revision_is_refused_naming_it(tmp_path):
    case = (ROOT / "cases" / "cfj" / "cfj-3712-control-2020-text.yaml").read_text(encoding="utf-8")
    path = tmp_path / "case.yaml"
    path.write_text(case.replace("as_of: 2020-12-31", "as_of: 2021-06-20"), encoding="utf-8")
    with pytest.raises(InputError, match=r"R2124/28 \(Agoran Satisfaction\), the revision as of 2021-06-20"):
        judge_file(path)


def test_a_per_rule_yaml_history_is_read_as_of_the_case_date(tmp_path):
    case = tmp_path / "case.yaml"
    # a case names a ruleset beside it (issue 15: no absolute paths), so the sample is copied there
    shutil.copytree(ROOT / "cases" / "rulesets" / "agora-yaml-sample", tmp_path / "agora-yaml-sample")
    case.write_text("""title: t
ruleset: agora-yaml-sample
as_of: 2019-03-01
gamestate: {persons: [alice, bob], players: [alice, bob]}
events:
  - {id: leave, at: 2019-02-02T10:00:00Z, by: alice, do: deregister}
  - {id: early, at: 2019-02-12T10:00:00Z, by: alice, do: register}
statements:
  - {text: "event early was INEFFECTIVE", expect: TRUE}
""")
    # the repository's R869/43 (inactive players deregistered with 3 Agoran Consent, ...) is not
    # the encoded R869/47; its R591/45 has the same valid judgements as /47 and is encoded
    with pytest.raises(InputError, match="R869/43") as refused:
        judge_file(case)
    assert "R591" not in str(refused.value)
    result = judge_file(case, allow_text_mismatch=True)
    assert result.judgements[0].verdict == "TRUE" and "R869/43" in result.text_warnings[0]


def test_r2595_1_by_date_is_judged_like_the_2020_text(tmp_path):
    # R2595/1 (2019-09-18) differs from /2 only by "identified in Rule 1728": 3709's events fail
    case = (ROOT / "cases" / "cfj" / "cfj-3709-apathy-two-intents.yaml").read_text(encoding="utf-8")
    path = tmp_path / "case.yaml"
    path.write_text(case.replace("as_of: 2019-02-07", "as_of: 2019-10-01"), encoding="utf-8")
    result = judge_file(path)
    assert [j.verdict for j in result.judgements] == ["FALSE", "FALSE"]
    assert any("R2595/1 (in force from 2019-09-18)" in note for note in result.text_notes)


def test_r2595_0_and_1_texts_of_the_history_are_bound(tmp_path):
    from adjudicator.agora.bindings import bind
    from adjudicator.rulesets import load_ruleset
    sample = ROOT / "cases" / "rulesets" / "agora-yaml-sample"
    for day, revision in (("2019-05-01", 0), ("2019-10-01", 1), ("2017-09-01", None)):
        revisions, mismatches = bind(load_ruleset(sample, as_of=day))
        if revision is not None:
            assert revisions[2595] == revision and 2595 not in mismatches
    assert bind(load_ruleset(sample, as_of="2017-09-01"))[0][591] == 43


def test_r591_43_has_no_paradoxical_a_paradox_is_dismissed(tmp_path):
    # R591/43 (September 2017, before Proposal 7976): "DISMISS, appropriate if the statement is
    # malformed, undecidable, ..."; the same paradox is PARADOXICAL under R591/45 and later
    case = (ROOT / "cases" / "cfj" / "gamestate-paradox.yaml").read_text(encoding="utf-8")
    path = tmp_path / "case.yaml"
    path.write_text(case.replace("statements:", "as_of: 2017-09-01\nstatements:", 1), encoding="utf-8")
    with pytest.raises(InputError, match="R105 \\(Rule Changes\\), the revision as of 2017-09-01"):
        judge_file(path)  # R105 of 2017 is older than the revisions bound (R105/19, March 2018): named
    then = judge_file(path, allow_text_mismatch=True)
    assert [j.verdict for j in then.judgements] == ["DISMISS", "DISMISS", "TRUE"]
    assert "R591/43 has no PARADOXICAL" in then.judgements[0].summary
    path.write_text(case.replace("statements:", "as_of: 2017-11-26\nstatements:", 1), encoding="utf-8")
    assert [j.verdict for j in judge_file(path, allow_text_mismatch=True).judgements] == ["PARADOXICAL", "PARADOXICAL", "TRUE"]
    path.write_text(case.replace("statements:", "as_of: 2017-10-10\nstatements:", 1), encoding="utf-8")
    between = judge_file(path, allow_text_mismatch=True)  # R591/44 (from the history): /43's judgements, still no PARADOXICAL
    assert [j.verdict for j in between.judgements] == ["DISMISS", "DISMISS", "TRUE"]
    assert any("R591/44 (in force from 2017-10-03)" in note for note in between.text_notes)



def test_a_2019_pledge_broken_by_expiry_is_refused_naming_r2450_5(tmp_path):
    # R2450/5 (2018-2020) makes breaking a pledge within its window the crime; that letting a pledge
    # to act expire breaks it is /10's: a case where that decides is refused, naming the revision
    path = tmp_path / "case.yaml"
    path.write_text("""title: t
ruleset: agora-slr-2020-12-31
gamestate: {persons: [alice, bob], players: [alice, bob]}
events:
  - {id: oath, at: 2019-07-01T12:00:00Z, by: alice, do: pledge, action: vote against text-adding proposals, window_days: 30}
now: 2019-09-01T00:00:00Z
statements:
  - {text: "alice violated R2450", expect: TRUE}
""", encoding="utf-8")
    with pytest.raises(InputError, match=r"R2450/5's text differs where the case uses it \(a pledge broken by letting it expire\)"):
        judge_file(path)
    later = path.read_text(encoding="utf-8").replace("2019-", "2020-").replace("2020-09-01", "2020-11-01")
    path.write_text(later, encoding="utf-8")  # R2450/10 (from 2020-09-25) says so: judged
    assert [j.verdict for j in judge_file(path).judgements] == ["TRUE"]


REFEREE_2021 = """title: t
ruleset: agora-slr-2020-12-31
gamestate:
  persons: [alice, bob, carol]
  players: [alice, bob, carol]
  offices: {referee: carol}
events:
  - {id: finger, at: 2021-03-01T10:00:00Z, by: POINTER, do: point-finger, perp: bob, rule: 2143}
now: 2021-03-02T00:00:00Z
statements:
  - {text: "event finger was EFFECTIVE", expect: TRUE}
"""


def test_a_2021_finger_is_judged_under_r2478_16_also_when_the_referee_points(tmp_path):
    # R2478/16 (3 Feb 2021) is encoded: a player's Finger is judged, and so is one the Referee
    # points (under /14 e CANNOT; under /16 e CAN, but not at the Arbitor)
    path = tmp_path / "case.yaml"
    path.write_text(REFEREE_2021.replace("POINTER", "alice"), encoding="utf-8")
    result = judge_file(path)
    assert [j.verdict for j in result.judgements] == ["TRUE"] and not result.text_warnings
    path.write_text(REFEREE_2021.replace("POINTER", "carol"), encoding="utf-8")
    result = judge_file(path)
    assert [j.verdict for j in result.judgements] == ["TRUE"] and not result.text_warnings
    path.write_text(REFEREE_2021.replace("POINTER", "carol").replace("2021-", "2020-"), encoding="utf-8")
    assert [j.verdict for j in judge_file(path).judgements] == ["FALSE"]  # R2478/14: the Referee CANNOT


HISTORY = ROOT.parent / "shared" / "reference" / "agora-ruleset" / "revisions.jsonl"


def _rules_of_day(numbers: dict[int, int], day: str):
    """A ruleset of those rules' texts on `day`, from the history's export (their last change by then)."""
    import json
    from decimal import Decimal

    from adjudicator.rulesets.model import Rule, Ruleset

    texts = {}
    for line in HISTORY.read_text(encoding="utf-8").splitlines():
        change = json.loads(line)
        if change.get("id") in numbers and change.get("text") and change["date"][:10] <= day:
            texts[change["id"]] = change
    rules = [Rule(id=n, revision=numbers[n], power=Decimal(str(texts[n]["power"])), title=texts[n]["name"],
                  text=texts[n]["text"], kind="rule") for n in numbers]
    return Ruleset(name=f"decision rules of {day}", format="agora-slr", rules=rules)


@pytest.mark.skipif(not HISTORY.is_file(), reason="../shared (the rules' history) is not present")
def test_agora_resolve_binds_the_2019_decision_texts_and_refuses_a_use_they_word_otherwise():
    from adjudicator.agora.bindings import bind
    from adjudicator.agora.decisions import Builder, load_input
    from adjudicator.agora.resolve_texts import check_uses, mismatches

    revisions = {107: 20, 208: 13, 879: 35, 1950: 32, 2034: 10, 2168: 7, 2350: 11, 2422: 4, 2481: 1}
    ruleset = _rules_of_day(revisions, "2019-07-01")
    assert not mismatches(ruleset, True) and bind(ruleset)[0] == revisions  # each 2019 text is bound
    bought = Builder(load_input(str(ROOT / "cases" / "agora" / "strength.yaml")), "strength.yaml").build()
    with pytest.raises(InputError, match=r"R2422/4's text differs where the decisions use it \(strength bought"):
        check_uses(ruleset, bought, False, "strength.yaml")
    assert check_uses(ruleset, bought, True, "strength.yaml")[0].endswith("resolved by the encoded text instead")
