"""solving.atom_text: the fast reader of shown atoms from their text agrees with clingo's symbols."""

import clingo

from adjudicator.solving import solve
from adjudicator.solving.atom_text import FunctionTerm, group_by_number, read_numbered_atom, term_of_text


def _from_symbol(symbol: clingo.Symbol):
    """The same term read through clingo's Symbol API (the slow way), for comparison."""
    if symbol.type == clingo.SymbolType.Number:
        return symbol.number
    return FunctionTerm(symbol.name, tuple(_from_symbol(a) for a in symbol.arguments))


PROGRAM = """
result(12,3,fails). result(13,3,fails). result(12,4,succeeds). why(12,1,held(1,2)). why(13,-2,cut(a,b(c,-4))).
moved(12). moved(13). dislodged(13,par,army). flag. #show.
#show result/3. #show why/3. #show moved/1. #show dislodged/3.
"""


def _shown():
    return solve([], PROGRAM).models[0]


def test_terms_of_text_agree_with_clingo():
    for symbol in _shown():
        assert term_of_text(str(symbol)) == _from_symbol(symbol)
        assert read_numbered_atom(str(symbol)) == _from_symbol(symbol)
    assert term_of_text("why(3,1,held(1,2))") == FunctionTerm("why", (3, 1, FunctionTerm("held", (1, 2))))
    assert term_of_text("flag") == FunctionTerm("flag")
    assert term_of_text("-7") == -7


def test_numbered_atoms_share_the_arguments_after_the_number():
    first, second = read_numbered_atom("result(12,3,fails)"), read_numbered_atom("result(13,3,fails)")
    assert first.arguments[0] == 12 and second.arguments[0] == 13
    assert first.arguments[1:] == second.arguments[1:] == (3, FunctionTerm("fails"))
    assert str(first) == "result(12,3,fails)"


def test_group_by_number_in_model_order():
    shown = _shown()
    grouped = {12: {}, 13: {}}
    group_by_number(shown, grouped)
    expected = {12: {}, 13: {}}
    for symbol in shown:  # the slow way: through the Symbol API
        number, *rest = _from_symbol(symbol).arguments
        expected[number].setdefault(symbol.name, []).append(tuple(rest))
    assert grouped == expected
    assert grouped[13]["dislodged"] == [(FunctionTerm("par"), FunctionTerm("army"))]
    assert grouped[12]["moved"] == [()]
