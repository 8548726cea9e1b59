"""The typed boundary to clingo: facts built as clingo symbols, model atoms read back by
name/arity. No f-strings with hand quoting: `clingo.String` escapes, `clingo.Number` is range
checked (clingo counts in 32 bits; a larger number would wrap around silently).

    fact("event", 1, 3600, "alice")      -> event(1,3600,"alice")
    fact("reading", Name("cycle_start"), Name("after_promulgation"))
    program([fact(...), ...])            -> the text to ground ("event(1,3600,\"alice\").\\n...")
    read(symbols, "won", 1)              -> [("alice",), ...]  (numbers as int, strings as str)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Sequence, Union

import clingo

from adjudicator.errors import InputError

CLINGO_MIN, CLINGO_MAX = -(2**31), 2**31 - 1


class Name(str):
    """A constant (an ASP name such as `alice` or `after_promulgation`), not a string literal."""


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


def fact_lines(atoms: Iterable[clingo.Symbol]) -> list[str]:
    """Facts as program lines ("p(1,\"a\")."), for emitters that assemble a program from parts."""
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


def read_one(symbols: Sequence[clingo.Symbol], name: str, arity: int) -> tuple | None:
    """The only atom `name/arity`'s arguments, or None when there is none."""
    found = read(symbols, name, arity)
    if len(found) > 1:
        raise ValueError(f"{name}/{arity}: {len(found)} atoms where one was expected")
    return found[0] if found else None
