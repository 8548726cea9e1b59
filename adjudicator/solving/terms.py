"""The typed boundary to clingo: facts built as clingo symbols, rules with bodies built as clingo
AST, model atoms read back by name/arity. No f-strings with hand quoting: `clingo.String` escapes,
`clingo.Number` is range checked (clingo counts in 32 bits; a larger number would wrap around
silently), names become constants through `name_of`.

    fact("event", 1, 3600, "alice")      -> event(1,3600,"alice")
    fact("reading", Name("cycle_start"), Name("after_promulgation"))
    program([fact(...), ...])            -> the text to ground ("event(1,3600,\"alice\").\\n...")
    read(symbols, "won", 1)              -> [("alice",), ...]  (numbers as int, strings as str)
    Atoms(model).rows("won", 1)          -> the same, from one index of the whole model
    rule(atom("aux_head", fact("aux", 1), PT), [atom("point", PT), negated(atom("won", Name("alice"), PT))])
                                         -> aux_head(aux(1),PT) :- point(PT); not won(alice,PT).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Sequence, Union

import re

import clingo
from clingo import ast

from adjudicator.errors import InputError

CLINGO_MIN, CLINGO_MAX = -(2**31), 2**31 - 1


class Name(str):
    """A constant (an ASP name such as `alice` or `after_promulgation`), not a string literal."""


def name_of(text: str) -> Name:
    """Any name (a person's, an office's, a clause's) as an ASP constant: lower case, runs of other
    characters as one underscore, `n_` before a leading digit; InputError when nothing is left."""
    name = re.sub(r"[^a-z0-9]+", "_", str(text).strip().lower()).strip("_")
    if not name:
        raise InputError(f"{text!r} is not a usable name")
    return Name(name if name[0].isalpha() else f"n_{name}")


Value = Union[int, str, Name, clingo.Symbol, tuple]


def term(value: Value, where: str = "fact") -> clingo.Symbol:
    """`value` as a clingo term: int -> number (32-bit, else InputError), Name -> constant,
    str -> string literal (escaped by clingo), tuple -> tuple term, Symbol as it is."""
    if isinstance(value, clingo.Symbol):
        return value
    if isinstance(value, bool):
        raise TypeError(f"{where}: a boolean is not an ASP term; use Name('true')")
    if isinstance(value, int):
        if not CLINGO_MIN <= value <= CLINGO_MAX:
            raise InputError(f"{where}: {value} is larger than this tool can count (at most {CLINGO_MAX})")
        return clingo.Number(value)
    if isinstance(value, Name):
        return _constant(str(value))
    if isinstance(value, str):
        if "\x00" in value:  # clingo's strings end at a NUL: the rest would vanish silently
            raise InputError(f"{where}: a text with a NUL character cannot be given to the solver")
        if not value.isascii() and any("\ud800" <= ch <= "\udfff" for ch in value):
            # a lone surrogate (e.g. JSON "\ud800") is no character: clingo cannot encode it
            raise InputError(f"{where}: a text with an unpaired surrogate cannot be given to the solver")
        return clingo.String(value)
    if isinstance(value, tuple):
        return clingo.Tuple_([term(item, where) for item in value])
    raise TypeError(f"{where}: {type(value).__name__} is not an ASP term")


@lru_cache(maxsize=65536)
def _constant(name: str) -> clingo.Symbol:
    # names repeat (provinces, powers, options): one symbol each, built once
    return clingo.Function(name)


def fact(name: str, *arguments: Value) -> clingo.Symbol:
    """The atom `name(arguments...)` as a symbol."""
    return clingo.Function(name, [term(argument, name) for argument in arguments])


def string(text: str) -> str:
    """An ASP string literal for `text` (for rule texts still written as text), with the same
    checks as `term` (no NUL, no unpaired surrogate)."""
    return str(term(text, "text"))


def program(atoms: Iterable[clingo.Symbol]) -> str:
    """Facts as program text, one per line."""
    return "".join(f"{atom}.\n" for atom in atoms)


def fact_line(atom: clingo.Symbol) -> str:
    """A fact as a program line ("p(1,\"a\")."), written by clingo."""
    return f"{atom}."


def fact_lines(atoms: Iterable[clingo.Symbol]) -> list[str]:
    """Facts as program lines, for emitters that assemble a program from parts."""
    return [f"{atom}." for atom in atoms]


def value(symbol: clingo.Symbol) -> object:
    """A term as Python: numbers int, strings str, constants Name, anything else the Symbol."""
    if symbol.type == clingo.SymbolType.Number:
        return symbol.number
    if symbol.type == clingo.SymbolType.String:
        return symbol.string
    if symbol.type == clingo.SymbolType.Function and not symbol.arguments and symbol.name:
        return Name(symbol.name)
    return symbol


def read(symbols: Iterable[clingo.Symbol], name: str, arity: int) -> list[tuple]:
    """The arguments (as Python values) of every atom `name/arity` among `symbols`, in order."""
    return [tuple(value(argument) for argument in symbol.arguments)
            for symbol in symbols
            if symbol.type == clingo.SymbolType.Function and symbol.name == name
            and len(symbol.arguments) == arity and symbol.positive]


def text_value(symbol: clingo.Symbol) -> object:
    """As `value`, but a compound term as its text (`mine(3)`, `with_support(2)`), for readers
    that word it or key on it."""
    converted = value(symbol)
    return str(converted) if isinstance(converted, clingo.Symbol) else converted


class Atoms:
    """A model's atoms indexed by name/arity in one pass: the one reader of model atoms for
    drivers that ask a model many questions (`read` is the same for one predicate). `rows`:
    arguments as Python values (`value`; with `compound_as_text`, compound terms as their text);
    `terms`: arguments as clingo symbols, for readers that word nested terms or compare them with
    symbols they built; `symbols`: the atoms themselves; `grouped`: rows by their first argument.
    The pass reads only each atom's name (symbol accessors are calls into clingo, slow in loops):
    a predicate's arguments are read, and converted, once, when first asked for."""

    def __init__(self, symbols: Iterable[clingo.Symbol], *, compound_as_text: bool = False) -> None:
        self._convert = text_value if compound_as_text else value
        self._by_name: dict[str, list[clingo.Symbol]] = {}
        self._atoms: dict[tuple[str, int], list[clingo.Symbol]] = {}
        self._terms: dict[tuple[str, int], list[tuple]] = {}
        self._rows: dict[tuple[str, int], list[tuple]] = {}
        for symbol in symbols:
            try:
                name = symbol.name
            except RuntimeError:  # a number or string shown on its own: no atom
                continue
            self._by_name.setdefault(name, []).append(symbol)

    def _index(self, name: str, arity: int) -> None:
        # the name's atoms by arity (classically negated atoms, -p(1), left out), once
        for symbol in self._by_name.pop(name, []):
            if symbol.positive:
                arguments = tuple(symbol.arguments)
                self._atoms.setdefault((name, len(arguments)), []).append(symbol)
                self._terms.setdefault((name, len(arguments)), []).append(arguments)
        self._atoms.setdefault((name, arity), [])
        self._terms.setdefault((name, arity), [])

    def symbols(self, name: str, arity: int) -> list[clingo.Symbol]:
        """Every atom `name/arity`, in model order."""
        if (name, arity) not in self._atoms:
            self._index(name, arity)
        return self._atoms[(name, arity)]

    def terms(self, name: str, arity: int) -> list[tuple]:
        """Every atom `name/arity`'s arguments as clingo symbols, in model order."""
        if (name, arity) not in self._terms:
            self._index(name, arity)
        return self._terms[(name, arity)]

    def rows(self, name: str, arity: int) -> list[tuple]:
        """Every atom `name/arity`'s arguments as Python values, in model order."""
        key = (name, arity)
        found = self._rows.get(key)
        if found is None:
            convert = self._convert
            found = self._rows[key] = [tuple(convert(argument) for argument in arguments)
                                       for arguments in self.terms(name, arity)]
        return found

    def grouped(self, name: str, arity: int, *, as_terms: bool = False) -> dict[object, list[tuple]]:
        """The rows (or, `as_terms`, the terms) of `name/arity` by their first argument's value:
        {first: [the other arguments, ...]}, both in model order."""
        out: dict[object, list[tuple]] = {}
        for row, arguments in zip(self.rows(name, arity), self.terms(name, arity)):
            out.setdefault(row[0], []).append(arguments[1:] if as_terms else row[1:])
        return out

    def first(self, name: str, arity: int, *prefix: object) -> tuple | None:
        """The arguments of the first atom `name/arity` whose leading arguments are `prefix`."""
        return next((row for row in self.rows(name, arity) if row[:len(prefix)] == prefix), None)

    def has(self, name: str, arity: int, *prefix: object) -> bool:
        return self.first(name, arity, *prefix) is not None


# ---------------------------------------------------------------- rules with bodies (clingo AST)
# A statement or a clause becomes rules whose bodies have variables; they are built as clingo AST
# from the same typed values as facts (constants, numbers, strings escaped by clingo), and clingo
# writes them out: str(rule(...)) is program text nobody quoted by hand.

class Var(str):
    """An ASP variable (`PT`, `WE`, `_`)."""


Arg = Union[Value, Var, ast.AST]
_LOCATION = ast.Location(ast.Position("<adjudicator>", 1, 1), ast.Position("<adjudicator>", 1, 1))
_COMPARISONS = {"=": ast.ComparisonOperator.Equal, "!=": ast.ComparisonOperator.NotEqual,
                "<": ast.ComparisonOperator.LessThan, "<=": ast.ComparisonOperator.LessEqual,
                ">": ast.ComparisonOperator.GreaterThan, ">=": ast.ComparisonOperator.GreaterEqual}


def _ground(value: Arg) -> bool:
    return not isinstance(value, (Var, ast.AST))


def ast_term(value: Arg, where: str = "rule") -> ast.AST:
    """A term as AST: a variable, an AST term as it is, anything else through `term`."""
    if isinstance(value, Var):
        return ast.Variable(_LOCATION, str(value))
    if isinstance(value, ast.AST):
        return value
    return ast.SymbolicTerm(_LOCATION, term(value, where))


def function(name: str, *arguments: Arg) -> clingo.Symbol | ast.AST:
    """`name(arguments...)`: a symbol when every argument is ground, else an AST term."""
    if all(_ground(argument) for argument in arguments):
        return fact(name, *arguments)
    return ast.Function(_LOCATION, name, [ast_term(argument, name) for argument in arguments], 0)


def atom(name: str, *arguments: Arg) -> ast.AST:
    """The positive body (or head) literal `name(arguments...)`."""
    return ast.Literal(_LOCATION, ast.Sign.NoSign, ast.SymbolicAtom(ast_term(function(name, *arguments), name)))


def negated(literal: ast.AST) -> ast.AST:
    """`not literal` (default negation)."""
    return literal.update(sign=ast.Sign.Negation)


def compare(left: Arg, operator: str, right: Arg) -> ast.AST:
    """The literal `left operator right` (=, !=, <, <=, >, >=)."""
    return ast.Literal(_LOCATION, ast.Sign.NoSign,
                       ast.Comparison(ast_term(left), [ast.Guard(_COMPARISONS[operator], ast_term(right))]))


def count(terms: Sequence[Arg], condition: Sequence[ast.AST], operator: str, bound: Arg) -> ast.AST:
    """The literal `#count { terms : condition } operator bound`."""
    element = ast.BodyAggregateElement([ast_term(t) for t in terms], list(condition))
    return ast.Literal(_LOCATION, ast.Sign.NoSign, ast.BodyAggregate(
        _LOCATION, None, ast.AggregateFunction.Count, [element], ast.Guard(_COMPARISONS[operator], ast_term(bound))))


def rule(head: ast.AST | clingo.Symbol, body: Sequence[ast.AST] = ()) -> ast.AST:
    """The rule `head :- body.` (a fact when the body is empty); `head` a literal or a ground atom."""
    if isinstance(head, clingo.Symbol):
        head = ast.Literal(_LOCATION, ast.Sign.NoSign, ast.SymbolicAtom(ast.SymbolicTerm(_LOCATION, head)))
    return ast.Rule(_LOCATION, head, list(body))


def external(symbol: clingo.Symbol) -> ast.AST:
    """The statement `#external symbol. [false]` (for `Grounded(..., externals=...)`)."""
    return ast.External(_LOCATION, ast.SymbolicAtom(ast.SymbolicTerm(_LOCATION, symbol)), [],
                        ast.SymbolicTerm(_LOCATION, _constant("false")))


def rule_text(head: ast.AST | clingo.Symbol, body: Sequence[ast.AST] = ()) -> str:
    """The rule as program text, written by clingo."""
    return str(rule(head, body))
