"""The judge's driver around its verdict program: the R2518/R2162 rounds on one grounding, and a
case dated under R591/43 judged end to end (the named cases of encodings/agora/verdict.lp and
encodings/core/fallback_round.lp are in tests/encoding_cases/test_encodings_verdict.py)."""

from __future__ import annotations

from adjudicator.agora import judge
from adjudicator.agora.judge import judge_file

CASES = "cases/cfj"


def test_the_rounds_solve_on_one_grounding(monkeypatch):
    """R2162's fallback round: the case is grounded once as it is, and once with `settling`, on
    which the rounds switch settled_choice/1 on; the verdict is the fallback's."""
    grounded, switched = [], []
    real = judge.Grounded

    class Counting(real):
        def __init__(self, *args, **kwargs):
            grounded.append(list(args[1])[-1] if len(args[1]) > 2 else "")
            super().__init__(*args, **kwargs)

        def switch_externals(self, true_externals):
            true_externals = list(true_externals)
            switched.append(sorted(str(s) for s in true_externals))
            return super().switch_externals(true_externals)

    monkeypatch.setattr(judge, "Grounded", Counting)
    result = judge_file(f"{CASES}/r2162-switch-fallback.yaml", readings=False)
    assert grounded == ["", "settling."]
    assert ["settled_choice(citizenship(1))"] in switched
    assert result.fallbacks and all(j.matches_expected for j in result.judgements)


def test_r591_43_dismisses_what_later_texts_call_paradoxical(tmp_path):
    """A paradox dated under R591/43 (no PARADOXICAL): DISMISS, with the reason class of the
    undecidability kept and the revision named; the statement the paradox does not reach keeps
    its answer."""
    case = open(f"{CASES}/gamestate-paradox.yaml", encoding="utf-8").read()
    path = tmp_path / "case.yaml"
    path.write_text(case.replace("statements:", "as_of: 2017-09-01\nstatements:", 1), encoding="utf-8")
    # R105 and others of 2017 are older than the revisions texts.lp binds: named, judged anyway here
    then = judge_file(path, readings=False, allow_text_mismatch=True)
    assert [(j.verdict, j.reason) for j in then.judgements] == [
        ("DISMISS", "gamestate-paradox"), ("DISMISS", "gamestate-paradox"), ("TRUE", "determinate-despite-paradox")]
    assert then.judgements[0].summary.endswith("R591/43 has no PARADOXICAL: DISMISS, appropriate if the statement "
                                               "is undecidable")
