"""What counts as "a clear description of a natural number" (BT31) in a revealed plaintext.

Accepted (case-insensitive, surrounding white space ignored):
- decimal digits: ``7``, ``0042`` (leading zeros allowed), ``1,000`` (commas only between groups
  of three digits);
- English number words up to the millions: ``seven``, ``forty-two``, ``one hundred and five``,
  ``two thousand three hundred``;
- either of the above followed by one full stop (``7.`` would be unclear, so only words take it:
  ``seven.``).

Everything else is unclear and the reveal is INEFFECTIVE: signs, fractions and decimals
(``-3``, ``7.0``, ``1/2``), expressions (``2^10``, ``3+4``), descriptions that need knowledge or
computation (``the number of parties``), mixed digits and words (``7 thousand``), and empty text.
"""

from __future__ import annotations

import re

_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
_TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}
_SCALES = {"thousand": 1_000, "million": 1_000_000}

# Longer digit strings stand for 10**MAX_EXACT_DIGITS: larger than any count this tool compares a
# revealed number with (callers clamp to NUMBER_CEILING), and below Python's 4300-digit text limit.
MAX_EXACT_DIGITS = 4000

_DIGITS = re.compile(r"\d+|\d{1,3}(?:,\d{3})+")


def _below_thousand(words: list[str]) -> int | None:
    """Value of a group like ``three hundred and forty-two`` (already split), or None."""
    if not words:
        return None
    value = 0
    rest = words
    if len(rest) >= 2 and rest[1] == "hundred":
        if rest[0] not in _UNITS or _UNITS[rest[0]] == 0 or _UNITS[rest[0]] > 9:
            return None
        value = _UNITS[rest[0]] * 100
        rest = rest[2:]
        if rest and rest[0] == "and":
            rest = rest[1:]
            if not rest:
                return None
        if not rest:
            return value
    if len(rest) == 1 and rest[0] in _UNITS:
        return value + _UNITS[rest[0]] if (value == 0 or _UNITS[rest[0]] > 0) else None
    if len(rest) == 1 and rest[0] in _TENS:
        return value + _TENS[rest[0]]
    if len(rest) == 2 and rest[0] in _TENS and rest[1] in _UNITS and 0 < _UNITS[rest[1]] < 10:
        return value + _TENS[rest[0]] + _UNITS[rest[1]]
    return None


def _words(text: str) -> int | None:
    text = text.rstrip(".") if text.endswith(".") and not text.endswith("..") else text
    tokens = re.split(r"[\s]+|-(?=[a-z])", text.strip())
    tokens = [t for t in tokens if t]
    if not tokens or not all(re.fullmatch(r"[a-z]+", t) for t in tokens):
        return None
    if tokens == ["zero"]:
        return 0
    total = 0
    group: list[str] = []
    last_scale = None
    for token in tokens:
        if token in _SCALES:
            value = _below_thousand(group)
            scale = _SCALES[token]
            if value is None or value == 0 or (last_scale is not None and scale >= last_scale):
                return None
            total += value * scale
            last_scale = scale
            group = []
        else:
            group.append(token)
    if group:
        if group[0] == "and" and last_scale is not None:
            group = group[1:]
        value = _below_thousand(group)
        if value is None or value == 0:
            return None
        total += value
    return total


def parse_natural(text: str) -> int | None:
    """The natural number `text` clearly describes, or None when it does not (see module doc)."""
    stripped = text.strip()
    if _DIGITS.fullmatch(stripped):
        digits = stripped.replace(",", "").lstrip("0") or "0"
        if len(digits) > MAX_EXACT_DIGITS:  # beyond Python's int-from-text limit; any cap is far lower
            return 10**MAX_EXACT_DIGITS
        return int(digits)
    return _words(stripped.lower())
