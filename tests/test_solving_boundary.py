"""The typed boundary to clingo (adjudicator/solving): facts as symbols, atoms read back by
name/arity, raw ASP accepted only as rules, readings declared once."""

from __future__ import annotations

import clingo
import pytest

from adjudicator.errors import InputError
from adjudicator.solving import solve
from adjudicator.solving.raw import checked_rules, statement_program
from adjudicator.solving.readings import Reading, Readings
from adjudicator.solving.terms import Name, fact, program, read, read_one, string


def test_facts_are_symbols_and_strings_are_escaped_by_clingo():
    hostile = 'a"). evil. p("'
    atoms = [fact("event", 1, 3600, hostile), fact("reading", Name("cap"), Name("all")), fact("pair", (1, "x"))]
    text = program(atoms)
    assert text.count("\n") == 3  # three facts, the quotes inside the string escaped
    result = solve([], text + "#show event/3. #show reading/2. #show pair/1.")
    assert result.status == "one"
    assert read(result.models[0], "event", 3) == [(1, 3600, hostile)]
    assert read_one(result.models[0], "reading", 2) == ("cap", "all")
    assert isinstance(read_one(result.models[0], "reading", 2)[0], Name)
    assert read(result.models[0], "pair", 1)[0][0] == clingo.Tuple_([clingo.Number(1), clingo.String("x")])
    assert string('say "hi"\n') == '"say \\"hi\\"\\n"'


def test_numbers_beyond_32_bits_are_input_errors():
    fact("n", 2**31 - 1)
    with pytest.raises(InputError, match="larger than this tool can count"):
        fact("n", 2**31)
    with pytest.raises(TypeError):
        fact("n", True)


def test_raw_statement_is_namespaced_and_reads_the_gamestate():
    text, goal = statement_program("holds :- player(X), not banned(X). banned(bob). holds(s(2)).", "raw_1", "s1")
    assert goal == "raw_1_holds"
    result = solve([], "player(alice). player(bob). holds(s(2)) :- #false.\n" + text + "\n#show raw_1_holds/0. #show holds/1.")
    assert [str(s) for s in result.models[0]] == ["raw_1_holds"]  # holds(s(2)) stayed the statement's own


@pytest.mark.parametrize("text, needle", [
    ('#include "/etc/passwd".', "#include"), ("# include 'x'.", "#include"), ("#const n=1. p.", "#const"),
    ("p. #minimize{1:p}.", "#minimize"), ("ÚJ8", "ASCII only"), ("p :- &diff{x} <= 1.", "theory atoms"), ("p(@x).", "@-functions"),
])
def test_raw_asp_refusals(text, needle):
    with pytest.raises(InputError, match=needle):
        checked_rules(text, "clause")


def test_readings_declared_once():
    readings = Readings(Reading("cap", ("all", "own"), "all", "whose transfers"),
                        Reading("zero", ("yes", "no"), "yes"))
    assert readings.defaults() == {"cap": "all", "zero": "yes"}
    assert readings.parse(["cap=own"]) == {"cap": "own", "zero": "yes"}
    assert readings["cap"] == (("all", "own"), "all", "whose transfers")  # the old tables' shape
    for bad in (["nope=1"], ["cap=some"], ["cap"]):
        with pytest.raises(InputError):
            readings.parse(bad)
    assert len(list(readings.combinations())) == 4
    calls = []

    def outcome(choice):
        calls.append(dict(choice))
        return "B" if choice["cap"] == "own" else "A"

    comparison = readings.compare(readings.defaults(), outcome)
    assert comparison.differs_by == ["cap"] and comparison.ambiguous
    assert len(calls) == 4  # each choice solved once
    assert comparison.groups[0][0] == "A" and readings.defaults() in comparison.groups[0][1]
    with pytest.raises(ValueError):
        Reading("x", ("a",), "b")


def test_rules_with_bodies_are_clingo_ast():
    """Rules with variables are built from typed terms and written by clingo (solving.terms)."""
    from adjudicator.solving.terms import Var, atom, compare, count, name_of, negated, rule_text

    pt, we, wk = Var("PT"), Var("WE"), Var("WK")
    hostile = 'PT"). evil. p("'
    body = [atom("point", pt), negated(atom("won", name_of("Alice B."), pt)), atom("title", hostile, pt),
            count([we], [atom("won", Name("a"), we), compare(we, "<=", wk)], "=", 2)]
    text = rule_text(atom("aux_head", fact("aux", fact("s", 1), 1), pt), body)
    assert text.startswith("aux_head(aux(s(1),1),PT) :- point(PT); not won(alice_b,PT); title(")
    assert "#count { WE: won(a,WE), WE <= WK } = 2" in text
    titled = rule_text(atom("ok", pt), [atom("point", pt), atom("title", hostile, pt)])
    result = solve([], f'point(q(t1)). title({string(hostile)},q(t1)). {titled} #show ok/1.')
    assert result.status == "one" and [str(s) for s in result.models[0]] == ["ok(q(t1))"]
    with pytest.raises(InputError):
        name_of("?!")


def test_a_statement_asked_at_a_time_keeps_its_strings():
    """A sentence asked at a time binds its point (PT = the time's point): a BlogNomic matter called
    "PT" stays "PT" (the old text substitution of the point turned it into the point's term)."""
    from adjudicator.agora.statements import Compiled, Compiler, Lexicon, parse

    node = parse('the proposal "PT" was enacted at now', Lexicon(), "statement 1")
    compiled = Compiled()
    head = Compiler(lambda phrase, where: (fact("q", Name("t1")), [])).node(node, fact("s", 1), compiled, "statement 1")
    assert str(head) == "aux(s(1),1)"
    assert compiled.rules == ['aux_head(aux(s(1),1),Pt) :- point(Pt); PT = q(t1); blognomic_matter("PT",_); '
                              'blognomic_enacted("PT").']
