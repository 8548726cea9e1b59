"""BT31 'a clear description of a natural number': what the plaintext parser accepts."""

import pytest

from adjudicator.hng.numbers import parse_natural


@pytest.mark.parametrize("text, value", [
    ("7", 7), (" 42 ", 42), ("0042", 42), ("1,000", 1000), ("0", 0), ("zero", 0),
    ("seven", 7), ("Forty-Two", 42), ("one hundred and five", 105), ("two thousand three hundred", 2300),
    ("ten thousand and five", 10005), ("one million two hundred thousand and one", 1_200_001), ("seven.", 7),
])
def test_clear_descriptions(text, value):
    assert parse_natural(text) == value


@pytest.mark.parametrize("text", [
    "", "-3", "7.0", "1/2", "2^10", "3+4", "the number of parties", "7 thousand", "twenty zero",
    "hundred", "1,00", "seven and a half", "VII",
])
def test_unclear_descriptions(text):
    assert parse_natural(text) is None
