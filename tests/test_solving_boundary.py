"""The typed boundary to clingo (adjudicator/solving): facts as symbols, atoms read back by
name/arity, raw ASP accepted only as rules, readings declared once."""

from __future__ import annotations

import clingo
import pytest

from adjudicator.errors import InputError
from adjudicator.solving import solve
from adjudicator.solving.raw import checked_rules, statement_program
from adjudicator.solving.readings import Reading, Readings
from adjudicator.solving.terms import Name, fact, program, read, string


def test_facts_are_symbols_and_strings_are_escaped_by_clingo():
    hostile = 'a"). evil. p("'
    atoms = [fact("event", 1, 3600, hostile), fact("reading", Name("cap"), Name("all")), fact("pair", (1, "x"))]
    text = program(atoms)
    assert text.count("\n") == 3  # three facts, the quotes inside the string escaped
    result = solve([], text + "#show event/3. #show reading/2. #show pair/1.")
    assert result.status == "one"
    assert read(result.models[0], "event", 3) == [(1, 3600, hostile)]
    assert read(result.models[0], "reading", 2) == [("cap", "all")]
    assert isinstance(read(result.models[0], "reading", 2)[0][0], Name)
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


def test_atoms_reads_a_model_once_by_name_and_arity():
    from adjudicator.solving.terms import Atoms
    result = solve([], 'p(1, "a"). p(2, b). p(3). q(f(1), x). #show p/2. #show p/1. #show q/2.')
    atoms = Atoms(result.models[0])
    assert sorted(atoms.rows("p", 2)) == [(1, "a"), (2, "b")]
    assert atoms.rows("p", 1) == [(3,)] and atoms.rows("r", 1) == []
    assert atoms.first("p", 2, 2) == (2, "b") and isinstance(atoms.first("p", 2, 2)[1], Name)
    assert atoms.has("p", 2, 1, "a") and not atoms.has("p", 2, 1, "b")
    assert atoms.rows("q", 2)[0][0] == clingo.Function("f", [clingo.Number(1)])  # a compound term stays a symbol
    assert Atoms(result.models[0], compound_as_text=True).rows("q", 2) == [("f(1)", "x")]
    assert atoms.rows("p", 2) == [tuple(r) for r in read(result.models[0], "p", 2)]  # the same values as read
    assert atoms.terms("p", 2) == [(clingo.Number(1), clingo.String("a")), (clingo.Number(2), clingo.Function("b"))]
    assert atoms.symbols("p", 1) == [clingo.Function("p", [clingo.Number(3)])] and atoms.terms("r", 2) == []
    grouped = Atoms(solve([], "d(1,a). d(2,b). d(1,c). #show d/2.").models[0]).grouped("d", 2)
    assert grouped == {1: [("a",), ("c",)], 2: [("b",)]}
    assert Atoms(solve([], "d(1,f(a)). #show d/2.").models[0]).grouped("d", 2, as_terms=True) == \
        {1: [(clingo.Function("f", [clingo.Function("a")]),)]}


def test_externals_are_declared_as_ast_and_decided_by_assumptions():
    """`Grounded(..., externals=...)`: atoms that rules can use, false until assumed (no text)."""
    from adjudicator.solving import Grounded
    on, off = fact("reading", Name("cap"), Name("all")), fact("reading", Name("cap"), Name("own"))
    program = Grounded([], "capped :- reading(cap, all). #show capped/0.", externals=[on, off])
    assert [a.symbol for a in program.ctl.symbolic_atoms.by_signature("reading", 2) if a.is_external] != []
    assert program.models([])[0] == [[]]  # false unless switched on
    program.free_externals([("reading", 2)])
    assert [str(s) for s in program.models([(on, True), (off, False)])[0][0]] == ["capped"]
    assert program.models([(on, False), (off, True)])[0] == [[]]


# The nomic loop, the rulesets, HNG and BlogNomic build no ASP text by hand: facts are
# solving.terms symbols and rules clingo AST. A formatted string shaped like a fact
# (`f"name({x},{y})."`), or one given to clingo's parsers (`clingo.parse_term(f"enabled({x})")`), is
# ASP built by hand. Outside solving/ (which writes clingo's symbols as program text) neither is a
# formatted fact line (`f"{fact(...)}."`: give the symbols, or `terms.fact_line`), a formatted
# directive (`f"#external {atom}."`: `Grounded(..., externals=...)`), a key shaped like a term
# (`f"ev({e})"` compared with `str(symbol)`: build the symbol), nor any text given to clingo's
# parsers (`clingo.parse_term(line)`: keep the symbol instead of writing and reading it back).
FACT_SHAPE = __import__("re").compile(r"^[a-z_][a-z0-9_]*\(.*\)\.\s*$")
TERM_SHAPE = __import__("re").compile(r"^[a-z_][a-z0-9_]*\(.*\)$")
PARSERS = {"parse_term", "parse_string", "parse_files", "parse_literal"}
NO_HAND_BUILT_ASP = ["agora", "agora/builders", "rulesets", "blognomic", "hng", "solving"]


def _formatted_asp(path, *, boundary: bool = False):
    """Hand-built ASP in one module; `boundary`: solving/ itself, where only the first two rules hold."""
    import ast as python_ast
    found = []
    for node in python_ast.walk(python_ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, python_ast.JoinedStr) and any(isinstance(v, python_ast.FormattedValue) for v in node.values):
            shape = "".join(v.value if isinstance(v, python_ast.Constant) else "X" for v in node.values)
            if FACT_SHAPE.match(shape):
                found.append(f"{path.name}:{node.lineno}: f\"{shape}\"")
            elif not boundary and (shape.strip() == "X." or shape.lstrip().startswith("#") or TERM_SHAPE.match(shape)):
                found.append(f"{path.name}:{node.lineno}: f\"{shape}\"")
        if isinstance(node, python_ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) in PARSERS \
                and node.args and (isinstance(node.args[0], python_ast.JoinedStr) or not boundary):
            found.append(f"{path.name}:{node.lineno}: text parsed back by clingo")
    return found


def _sample(tmp_path, lines):
    sample = tmp_path / "sample.py"
    sample.write_text("\n".join(lines), encoding="utf-8")
    return sample


def test_the_hand_built_asp_check_can_fail(tmp_path):
    """Each shape the check refuses, written as the code it replaced, is found."""
    sample = _sample(tmp_path, [
        'a = f"#external {reading}."',
        'b = f"{fact(\'query_time\', name, 0)}."',
        'c = str(sym) == f"s({index})"',
        'd = {f"ev({e})" for e in events}',
        'e = clingo.parse_term(line.rstrip("."))',
        'f = f"holds({x})."',
        'ok = f"event {label}: {words}."',
    ])
    assert sorted(int(hit.split(":")[1]) for hit in _formatted_asp(sample)) == [1, 2, 3, 4, 5, 6]
    assert [hit.split(":")[1] for hit in _formatted_asp(sample, boundary=True)] == ["6"]


def test_no_asp_built_by_f_string_in_the_nomic_loop():
    from pathlib import Path
    package = Path(__file__).resolve().parents[1] / "adjudicator"
    found = [hit for area in NO_HAND_BUILT_ASP for path in sorted((package / area).glob("*.py"))
             for hit in _formatted_asp(path, boundary=area == "solving")]
    assert not found, "ASP text built by hand (use solving.terms): " + "; ".join(found)


# One reader of model atoms (solving.terms.Atoms, by name/arity): the judge, its why-tree, `agora
# resolve`, HNG and BlogNomic do not walk a model's symbols filtering them by name themselves
# (`for s in model if s.name == "chosen"`). The exception: the judge's `_explained` reads its witness
# model once in model order (its lines follow that order across a dozen predicates; one pass).
ONE_READER = ["agora", "agora/builders", "hng", "blognomic"]
WALKS_ALLOWED = {("judge.py", "_explained")}


def _model_walks(path):
    """Loops (for, comprehensions) whose body or condition compares the loop variable's `.name`
    with a literal: a walk over symbols by predicate name."""
    import ast as python_ast
    found = []

    def visit(node, function):
        if isinstance(node, (python_ast.FunctionDef, python_ast.AsyncFunctionDef)):
            function = node.name
        loops = []
        if isinstance(node, python_ast.For):
            loops = [(node.target, node.body)]
        elif isinstance(node, (python_ast.ListComp, python_ast.SetComp, python_ast.GeneratorExp, python_ast.DictComp)):
            result = node.key if isinstance(node, python_ast.DictComp) else node.elt
            loops = [(generator.target, [*generator.ifs, result]) for generator in node.generators]
        for target, body in loops:
            names = {n.id for n in python_ast.walk(target) if isinstance(n, python_ast.Name)}
            for part in body:
                for n in python_ast.walk(part):
                    if isinstance(n, python_ast.Compare) and isinstance(n.left, python_ast.Attribute) \
                            and n.left.attr == "name" and isinstance(n.left.value, python_ast.Name) \
                            and n.left.value.id in names and (path.name, function) not in WALKS_ALLOWED \
                            and any(isinstance(c, (python_ast.Constant, python_ast.Tuple, python_ast.Set))
                                    for c in n.comparators):
                        found.append(f"{path.name}:{n.lineno} ({function})")
        for child in python_ast.iter_child_nodes(node):
            visit(child, function)
    visit(python_ast.parse(path.read_text(encoding="utf-8")), None)
    return sorted(set(found))


def test_model_walks_check_can_fail(tmp_path):
    sample = _sample(tmp_path, [
        "def f(model):",
        "    for sym in model:",
        "        if sym.name == 'chosen':",
        "            pass",
        "    a = {str(s.arguments[0]) for m in models for s in m if s.name == 'happened'}",
        "    b = [s for s in model if s.name in ('happened', 'outside_holds')]",
        "    c = [str(p) for p in premises if p.number > 1]",
        "    return change.name == 'enact'",
    ])
    assert [hit.split(":")[1].split()[0] for hit in _model_walks(sample)] == ["3", "5", "6"]


def test_models_are_read_through_atoms():
    from pathlib import Path
    package = Path(__file__).resolve().parents[1] / "adjudicator"
    found = [hit for area in ONE_READER for path in sorted((package / area).glob("*.py")) for hit in _model_walks(path)]
    assert not found, "a model's symbols walked by name (read them with solving.terms.Atoms): " + "; ".join(found)
