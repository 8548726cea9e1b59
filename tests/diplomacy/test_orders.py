"""The order language: short and long notation, case-insensitive; unreadable text is an error."""

import pytest

from adjudicator.diplomacy.maps import load_map
from adjudicator.diplomacy.orders import parse_order
from adjudicator.errors import InputError

BOARD = load_map()


@pytest.mark.parametrize("text, canonical", [
    ("A PAR - BUR", "A PAR - BUR"),
    ("a par - bur", "A PAR - BUR"),
    ("A PAR H", "A PAR H"),
    ("A PAR", "A PAR H"),
    ("A MUN S A BUR - PAR", "A MUN S A BUR - PAR"),
    ("A MUN S A BUR", "A MUN S A BUR"),
    ("F NTH C A LON - BEL", "F NTH C A LON - BEL"),
    ("A LON - BEL VIA", "A LON - BEL VIA"),
    ("A LON - BEL via convoy", "A LON - BEL VIA"),
    ("F SPA/SC - MAO", "F SPA/SC - MAO"),
    ("F spa(sc) -> mao", "F SPA/SC - MAO"),
    ("Army Paris -> Burgundy", "A PAR - BUR"),
    ("F North Sea convoys A London - Belgium", "F NTH C A LON - BEL"),
    ("A Munich supports A Burgundy - Paris", "A MUN S A BUR - PAR"),
    ("Fleet Brest holds", "F BRE H"),
    ("F Mid-Atlantic Ocean - Spain (north coast)", "F MAO - SPA/NC"),
    ("F St. Petersburg (south coast) - Gulf of Bothnia", "F STP/SC - BOT"),
    ("A Munich S German A Burgundy", "A MUN S A BUR"),  # DATC 4.C.5: nationality read and ignored
    ("ENG: F nth -> pic", "F NTH - PIC"),
    ("A YOR - NTH - BEL", "A YOR - NTH - BEL"),  # the path is kept; the standard rules ignore it (DATC 4.A.6)
    ("A PAR R BUR", "A PAR R BUR"),
    ("Build F STP/NC", "F STP/NC B"),
    ("A PAR D", "A PAR D"),
    ("Remove A Paris", "A PAR D"),  # verb first, as builds are written
    ("Disband F North Sea", "F NTH D"),
    ("disband a par", "A PAR D"),
])
def test_notations(text, canonical):
    assert parse_order(text, BOARD).canonical() == canonical


def test_unknown_coast_is_ignored():
    # DATC 4.B.6: an unknown coast is garbage, ignored
    assert parse_order("F BRE/EC - MAO", BOARD).location == "BRE"


@pytest.mark.parametrize("text, words", [
    ("A XYZ - PAR", "unknown province 'XYZ'"),
    ("A PAR - Atlantis", "unknown province 'Atlantis'"),
    ("A PAR - BÜR", "unknown province 'BÜR'"),  # the whole word, not 'B'
    ("Remove A", "ordered unit is missing"),
    ("A PAR -", "destination is missing"),
    ("A PAR jumps BUR", "expected an order"),
    ("FOO: A PAR H", "unknown power 'FOO'"),
    ("F NTH C A LON", "needs the army's destination"),
    ("", "empty order"),
])
def test_unreadable(text, words):
    with pytest.raises(InputError) as exc:
        parse_order(text, BOARD)
    assert words in str(exc.value)
    if text:
        assert repr(text) in str(exc.value)  # the message names the order
