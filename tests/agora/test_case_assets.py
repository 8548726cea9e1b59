"""The classes of assets a case's regulations define (R2166: `define asset`) belong to that case's
lexicon: reading one case leaves nothing behind that would let the next name them."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.agora.asset_statements import asset
from adjudicator.agora.case import load_case
from adjudicator.agora.facts import build
from adjudicator.agora.statements import parse
from adjudicator.errors import InputError

CASES = Path(__file__).resolve().parents[2] / "cases" / "cfj"
TOURNEY = CASES / "regulations-tournament-r2464-r2493.yaml"   # its regulations define chips and tokens
OTHER = CASES / "regulations-emergency-cleaning.yaml"


def test_a_class_a_regulation_defines_is_named_in_its_case_only():
    made = build(*load_case(TOURNEY))
    assert made.lexicon.assets["chip"] == "chips" and str(asset("chips", "here", made.lexicon)) == "chips"
    with pytest.raises(InputError, match="'chips' is not an asset the rules define"):
        asset("chips", "here")  # no lexicon: the rules' classes only, whatever case was read before
    other = build(*load_case(OTHER))
    assert other.lexicon.assets == {}
    with pytest.raises(InputError, match="'chip' is not an asset the rules define"):
        parse("bob owns 1 chip", other.lexicon, "statement")
    parse("bob owns 1 chip", made.lexicon, "statement")
