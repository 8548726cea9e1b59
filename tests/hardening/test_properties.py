"""Property-based tests (hypothesis, bounded examples) over every command's input models and
readers: whatever the document, a reader returns a model or raises InputError, never anything
else (issue 15)."""

from __future__ import annotations

import datetime as dt
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.errors import InputError
from adjudicator.inputs import MAX_DEPTH, check_timeout, parse_structured, plain_document, utc_moment

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30),
    st.sampled_from(["2020-02-30", "2024-07-24", "2024-08-05T10:00:00Z", "0001-01-01T00:00:00+05:00",
                     "alice", "pot", "transfer", "reveal", "declare", "join", "S1901M", "F NTH H", "A PAR - BUR",
                     "ENGLAND", "standard", "bt2020", "deregister", "alice is a player"]),
    st.dates(), st.datetimes(timezones=st.just(dt.timezone.utc)),
)
DOCUMENTS = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.one_of(st.text(max_size=10), st.sampled_from(
        ["promulgated", "parties", "events", "as_of", "at", "party", "action", "tokens", "title", "statements",
         "text", "asp", "gamestate", "phase", "units", "orders", "phases", "rules", "ruleset", "now", "to"])),
        inner, max_size=5)), max_leaves=25)


def plain(data):
    """The document as the input layer hands it on, or None where the input layer refuses it."""
    try:
        return plain_document(data)
    except ValueError:
        return None


def only_input_errors(reader, *args):
    try:
        reader(*args)
    except InputError:
        pass


@FAST
@given(st.text(max_size=400))
def test_any_text_is_a_document_or_an_input_error(text):
    for source in ("x.yaml", "x.json"):
        try:
            data = parse_structured(text, source)
        except InputError as exc:
            assert "\n" not in str(exc) and len(str(exc)) <= 1000
        else:
            plain_document(data)  # already plain: idempotent, no error


@FAST
@given(DOCUMENTS)
def test_hng_log_reader(data):
    from adjudicator.hng import adjudicate as hng

    only_input_errors(hng.parse_log, plain(data))


@FAST
@given(DOCUMENTS)
def test_judge_case_reader(tmp_path_factory, data):
    import yaml

    from adjudicator.agora.case import load_case

    path = tmp_path_factory.mktemp("case") / "case.yaml"
    path.write_text(yaml.safe_dump(plain(data)))
    only_input_errors(load_case, path)


@FAST
@given(DOCUMENTS)
def test_diplomacy_readers(data):
    from adjudicator.diplomacy.movement import load_turns
    from adjudicator.diplomacy.cases import case_from_data
    from adjudicator.diplomacy.game import load_game

    document = plain(data)
    for reader in (load_turns, case_from_data, load_game):
        only_input_errors(reader, document, "input")


@FAST
@given(st.text(max_size=200))
def test_text_readers(text):
    from adjudicator.agora.statements import Lexicon, parse
    from adjudicator.diplomacy.maps import load_map
    from adjudicator.diplomacy.orders import parse_order
    from adjudicator.hng.numbers import parse_natural
    from adjudicator.rulesets.proposal import parse_proposal_text
    from adjudicator.solving.raw import statement_program

    value = parse_natural(text)
    assert value is None or value >= 0
    only_input_errors(parse, text, Lexicon(), "statement")
    only_input_errors(parse_order, text, load_map())
    only_input_errors(parse_proposal_text, text, "proposal")
    only_input_errors(statement_program, text, "raw_1", "statement")


@FAST
@given(st.one_of(SCALARS, st.text(max_size=20)))
def test_timeouts_and_moments(value):
    try:
        seconds = check_timeout(value)
    except InputError:
        pass
    else:
        assert math.isfinite(seconds) and seconds > 0
    try:
        moment = utc_moment(value)
    except ValueError as exc:
        assert len(str(exc)) < 300
    else:
        assert moment.tzinfo == dt.timezone.utc


@FAST
@given(st.lists(st.text(max_size=30), max_size=4))
def test_readings(pairs):
    from adjudicator.hng.adjudicate import READINGS, parse_readings

    try:
        chosen = parse_readings(pairs)
    except InputError:
        return
    assert set(chosen) == set(READINGS) and all(chosen[n] in READINGS[n][0] for n in chosen)


@FAST
@given(st.lists(st.one_of(st.integers(-(2**31), 2**31 - 1), st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)),
                                                                       max_size=20)), min_size=1, max_size=4))
def test_facts_round_trip_through_clingo(arguments):
    from adjudicator.solving import solve
    from adjudicator.solving.terms import fact, program, read

    result = solve([], program([fact("f", *arguments)]) + f"#show f/{len(arguments)}.")
    assert read(result.models[0], "f", len(arguments)) == [tuple(arguments)]


def test_nesting_limit_is_the_documented_one():
    with pytest.raises(InputError):
        parse_structured("x: " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "x.yaml")
    parse_structured("x: " + "[" * (MAX_DEPTH - 2) + "]" * (MAX_DEPTH - 2), "x.yaml")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from("[]{}"), st.text(max_size=3)), max_size=40), st.integers(0, 3),
       st.integers(MAX_DEPTH - 2, MAX_DEPTH + 2))
def test_the_nesting_check_counts_brackets_as_a_running_depth(pieces, closers_first, opened):
    # strings are not told apart and closers need not match: refused exactly when the running
    # count of [ { minus ] } somewhere exceeds MAX_DEPTH (unicode around the brackets included)
    from adjudicator.inputs import _too_deep_brackets

    text = "]" * closers_first + "{" * opened + "".join(pieces)
    depth = deepest = 0
    for char in text:
        depth += 1 if char in "[{" else -1 if char in "]}" else 0
        deepest = max(deepest, depth)
    assert _too_deep_brackets(text) == (deepest > MAX_DEPTH)


def test_an_unpaired_surrogate_never_reaches_the_solver():
    from adjudicator.solving.terms import fact

    with pytest.raises(InputError, match="surrogate"):
        fact("f", "a\ud800b")  # from JSON "\\ud800": clingo cannot encode it


def test_a_nul_never_reaches_the_solver():
    from adjudicator.solving.terms import fact

    with pytest.raises(InputError, match="NUL"):
        fact("f", "a\x00b")  # clingo would keep only "a"
