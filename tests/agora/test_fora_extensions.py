"""R478's fora and R2614's extensions in a case (encodings/agora/fora.lp, regulations.lp,
core/deadlines.lp): what names a forum, a Publicity or an extension resolves or is refused before
anything is solved."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.agora.fora_statements import fora_action
from adjudicator.agora.judge import judge_file
from adjudicator.agora.statements import Lexicon
from adjudicator.errors import InputError

CASE = Path(__file__).resolve().parents[2] / "cases" / "cfj" / "eclipse-light-extensions-fora-r2614.yaml"


def _case(tmp_path, old: str, new: str) -> Path:
    source = CASE.read_text()
    assert old in source
    path = tmp_path / "case.yaml"
    path.write_text(source.replace(old, new, 1))
    return path


def test_the_publicity_phrase_names_a_forum_and_a_value():
    lexicon = Lexicon(fora={"a-b": "forum_a_b"})
    assert str(fora_action("change the publicity of forum a-b to public", lexicon, "here", None)[0]) == \
        "flip(publicity,forum_a_b,public)"
    assert fora_action("change the festivity to 2", lexicon, "here", None) is None


@pytest.mark.parametrize("old, new, problem", [
    ("forum: a-b}", "forum: a-c}", "'a-c' is not a forum of the case"),
    ("a-b: discussion", "a-b: secret", "not a value of the switch publicity"),
    ("rule: 2143, days: 3", "rule: 9999, days: 3", "9999 is no rule of the case's ruleset"),
    ("statements:\n", "findings:\n  - {question: public, about: event p3, value: true}\nstatements:\n",
     "event p3 names the fora its message was sent to"),
])
def test_names_the_fora_and_extensions_do_not_resolve_are_refused(tmp_path, old, new, problem):
    with pytest.raises(InputError, match=problem):
        judge_file(_case(tmp_path, old, new))
