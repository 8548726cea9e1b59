"""Shown atoms read from their text (`str(symbol)`, written by clingo), not through clingo's
Symbol API: the fast reader for models of many thousands of atoms (a chunk of hundreds of
Diplomacy turns), where each accessor call into clingo counts. `terms.Atoms` is the reader for
everything else (a model asked many questions by name/arity, arguments as clingo symbols).

Only for atoms without strings (numbers and constants, nested functions): the text is split on
parentheses and commas.

    term_of_text("why(3,1,held(1,2))")        -> FunctionTerm("why", (3, 1, FunctionTerm("held", (1, 2))))
    read_numbered_atom("result(12,3,fails)")  -> FunctionTerm("result", (12, 3, FunctionTerm("fails")))
    group_by_number(symbols, {12: {}, 13: {}})   fills {12: {"result": [(3, FunctionTerm("fails"))]}, ...}
"""

from __future__ import annotations

import re
from typing import Iterable, NamedTuple

import clingo

__all__ = ["FunctionTerm", "term_of_text", "read_numbered_atom", "group_by_number"]


class FunctionTerm(NamedTuple):
    """A function term (an atom, or a constant: no arguments) read from its text; numbers are
    ints. Cheaper to build, hash and compare than a clingo Symbol."""

    name: str
    arguments: tuple = ()

    def __str__(self) -> str:
        return self.name + (f"({','.join(str(a) for a in self.arguments)})" if self.arguments else "")


_TOKEN = re.compile(r"-?\d+|[A-Za-z_][A-Za-z0-9_']*|[(),]")

_SIMPLE_TERMS: dict[str, FunctionTerm | int] = {}  # argument text -> its value (few distinct: numbers, names)


def _simple_term(text: str) -> FunctionTerm | int:
    value = _SIMPLE_TERMS.get(text)
    if value is None:
        value = _SIMPLE_TERMS[text] = int(text) if text[0].isdigit() or text[0] == "-" else FunctionTerm(text)
    return value


def term_of_text(text: str) -> FunctionTerm | int:
    """A term from its text (no strings in it): ``why(3,1,held(1,2))``."""
    if text.count("(") == 1:  # flat atoms, the common case
        name, _, rest = text[:-1].partition("(")
        return FunctionTerm(name, tuple(map(_simple_term, rest.split(","))))
    tokens = _TOKEN.findall(text)
    pos = 0

    def term():
        nonlocal pos
        token = tokens[pos]
        pos += 1
        if token[0].isdigit() or token[0] == "-":
            return int(token)
        if pos < len(tokens) and tokens[pos] == "(":
            pos += 1
            args = [term()]
            while tokens[pos] == ",":
                pos += 1
                args.append(term())
            pos += 1  # ")"
            return FunctionTerm(token, tuple(args))
        return FunctionTerm(token)

    return term()


# (name, text after the first argument) -> the other arguments: they repeat from number to number
_ARGUMENTS_AFTER_NUMBER: dict[tuple[str, str], tuple] = {}


def read_numbered_atom(text: str) -> FunctionTerm:
    """An atom whose first argument is a number (a turn's, in Diplomacy), ``result(12,3,fails)``:
    the arguments after the number repeat from number to number, so they are parsed once each."""
    name, _, rest = text.partition("(")
    number, comma, tail = rest.partition(",")
    if not comma:  # the number alone: name(N)
        return term_of_text(text)
    key = (name, tail)
    args = _ARGUMENTS_AFTER_NUMBER.get(key)
    if args is None:
        args = _ARGUMENTS_AFTER_NUMBER[key] = term_of_text(text).arguments[1:]
    return FunctionTerm(name, (int(number), *args))


def group_by_number(symbols: Iterable[clingo.Symbol], by_number: dict[int, dict[str, list[tuple]]]) -> None:
    """Put each shown atom `name(N, args...)` into `by_number[N][name]` as its arguments after N
    (as `read_numbered_atom` reads them, without building a `FunctionTerm` per atom), in model
    order. Every N of the atoms must be a key of `by_number`."""
    cache = _ARGUMENTS_AFTER_NUMBER
    for symbol in symbols:
        text = str(symbol)
        head, comma, tail = text.partition(",")
        if comma:
            name, _, number = head.partition("(")
            key = (name, tail)
            args = cache.get(key)
            if args is None:
                args = cache[key] = term_of_text(text).arguments[1:]
        else:  # the number alone: name(N)
            name, _, number = head[:-1].partition("(")
            args = ()
        by_name = by_number[int(number)]
        listed = by_name.get(name)
        if listed is None:
            by_name[name] = [args]
        else:
            listed.append(args)
