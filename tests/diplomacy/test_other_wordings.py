"""Other judges' order wordings read as the notation: webDiplomacy's ("The army at Vienna move to
Galicia") and Backstabbr's arrow ("A Vienna → Galicia")."""

import pytest

from adjudicator.diplomacy.maps import load_map
from adjudicator.diplomacy.orders import parse_order


@pytest.mark.parametrize("written, notation", [
    ("The army at Vienna move to Galicia", "A VIE - GAL"),
    ("The army at Vienna move to Galicia.", "A VIE - GAL"),
    ("The fleet at Trieste hold.", "F TRI H"),
    ("The army at Budapest support hold to Vienna", "A BUD S VIE"),
    ("The army at Budapest support move to Galicia from Vienna", "A BUD S VIE - GAL"),
    ("The fleet at North Sea convoy to Belgium from London", "F NTH C A LON - BEL"),
    ("The army at London move to Belgium via convoy", "A LON - BEL VIA"),
    ("The fleet at Mid-Atlantic Ocean move to Spain (South Coast)", "F MAO - SPA/SC"),
    ("The army at Paris retreat to Burgundy", "A PAR R BUR"),
    ("The army at Paris disband", "A PAR D"),
    ("Build fleet at St. Petersburg (North Coast)", "Build F STP/NC"),
    ("Destroy the army at Paris", "Remove A PAR"),
    ("A Vienna \u2192 Galicia", "A VIE - GAL"),
    ("A Budapest Supports A Vienna \u2192 Galicia", "A BUD S A VIE - GAL"),
    ("F North Sea Convoys A London \u2192 Belgium", "F NTH C A LON - BEL"),
])
def test_other_judges_wordings_read_as_the_notation(written, notation):
    board = load_map()
    assert _meaning(parse_order(written, board)) == _meaning(parse_order(notation, board))


def _meaning(order) -> dict:
    """The order as read, without the text it was read from."""
    fields = order.model_dump() if hasattr(order, "model_dump") else dict(vars(order))
    fields.pop("text", None)
    return fields


def test_an_unknown_wording_is_still_refused():
    from adjudicator.errors import InputError

    with pytest.raises(InputError):
        parse_order("The army at Vienna dance to Galicia", load_map())
