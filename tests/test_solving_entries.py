"""One entry program per game: clingo's own #include reads its files, and each task names the
entry and the #program parts it grounds (adjudicator/<game>/programs.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from clingo import ast

from adjudicator.agora import programs as agora
from adjudicator.agora.decision_texts import DECISION_TEXTS
from adjudicator.blognomic import programs as blognomic
from adjudicator.diplomacy import programs as diplomacy
from adjudicator.errors import InputError
from adjudicator.solving import Grounded, encoding_path, encodings_root, solve

ENTRIES = {
    agora.ENTRY: [agora.JUDGE, agora.DERIVATIONS],
    agora.RESOLVE_ENTRY: [agora.RESOLVE, agora.LIFECYCLE],
    blognomic.ENTRY: [blognomic.MATTERS, blognomic.WATCH, blognomic.PLAN, blognomic.BOUND],
    diplomacy.ENTRY: [diplomacy.MOVEMENT_PHASE, diplomacy.EXPLAIN, diplomacy.RETREAT, diplomacy.ADJUST,
                      diplomacy.BALANCE, diplomacy.OWNERSHIP, diplomacy.FALL_CLOSE, diplomacy.BACKUP_DECISION,
                      diplomacy.BACKUP_SEARCH],
}
# Files a game's entry leaves out: solved alone (tables, the reachability searches' own programs)
ALONE = {agora.TEXTS, DECISION_TEXTS, "agora/judgements.lp", "agora/verdict.lp", "diplomacy/possible_orders.lp"} | {
    f"diplomacy/{name}.lp" for name in ("reach", "reach_bound", "reach_calendar", "reach_force", "reach_hold",
                                        "reach_secure", "reach_strategy")}


def _included(entry: str) -> tuple[set[str], set[str]]:
    """The files clingo reads for `entry` (its #includes, followed), and the parts it names."""
    files, parts = set(), set()

    def seen(statement) -> None:
        files.add(statement.location.begin.filename)
        if statement.ast_type == ast.ASTType.Program:
            parts.add(statement.name)

    ast.parse_files([str(encoding_path(entry))], seen)
    root = encodings_root().resolve()
    return {str(Path(f).resolve().relative_to(root)) for f in files}, parts


@pytest.mark.parametrize("entry", sorted(ENTRIES))
def test_every_task_names_parts_of_its_entry(entry):
    _, parts = _included(entry)
    for task in ENTRIES[entry]:
        assert set(task) <= parts, f"{entry}: {task} names parts it does not have"


@pytest.mark.parametrize("game", ["agora", "blognomic", "diplomacy"])
def test_every_file_of_a_game_is_in_an_entry_or_solved_alone(game):
    folder = encodings_root() / game
    files = {f"{game}/{path.name}" for path in folder.glob("*.lp")}
    included = set().union(*(_included(entry)[0] for entry in ENTRIES))  # (blognomic/precedence.lp is the judge's)
    left = sorted(files - included - ALONE)
    assert not left, f"files of {game} no entry includes: {left}"


def test_only_the_named_parts_are_grounded():
    # the matters part alone: the Chart's rules are read by clingo but not grounded
    shown = "#show vessel/2. #show matter/1."
    matters = solve([blognomic.ENTRY], ["matter(1).", shown], parts=blognomic.MATTERS).models[0]
    assert [str(s) for s in matters] == ["matter(1)"]


def test_an_included_file_is_read_next_to_the_file_that_names_it():
    # core/time.lp includes calendar.lp (its folder's): the calendar answers through it
    days = solve(["core/time.lp"], "cal_ask_days(2). #show cal_days/2.").models[0]
    assert [str(s) for s in days] == ["cal_days(2,2880)"]


def test_a_missing_entry_is_named():
    with pytest.raises(FileNotFoundError, match="diplomacy/nothing.lp"):
        Grounded(["diplomacy/nothing.lp"])


def test_raw_asp_may_still_not_include():
    from adjudicator.solving.raw import checked_rules
    with pytest.raises(InputError, match="#include"):
        checked_rules('#include "core/time.lp".', "a statement")


BY_PARTS_TASKS = [(entry, parts) for entry in (diplomacy.ENTRY, agora.RESOLVE_ENTRY) for parts in ENTRIES[entry]]
BY_PARTS_TASKS.append((agora.RESOLVE_ENTRY, agora.RESOLVE + agora.LIFECYCLE))


@pytest.mark.parametrize("entry, parts", BY_PARTS_TASKS, ids=lambda x: x if isinstance(x, str) else "+".join(x))
def test_an_entry_read_by_parts_is_what_clingo_reads_of_those_parts(entry, parts):
    """An entry given to clingo part by part (solving.PARSED_BY_PARTS): the same statements, in
    the same order, as clingo's own #include reads for the parts grounded."""
    from adjudicator.solving import PARSED_BY_PARTS, _parts_text

    assert entry in PARSED_BY_PARTS
    path = str(encoding_path(entry))
    grounded, part, by_clingo, by_parts = {"base", *parts}, "base", [], []

    def clingo_reads(statement) -> None:
        nonlocal part
        if statement.ast_type == ast.ASTType.Program and statement.location.begin.filename == path:
            part = statement.name
        elif part in grounded and statement.ast_type != ast.ASTType.Program:
            by_clingo.append(str(statement))

    ast.parse_files([path], clingo_reads)
    ast.parse_string(_parts_text(entry, tuple(parts)),
                     lambda s: by_parts.append(str(s)) if s.ast_type != ast.ASTType.Program else None)
    assert by_parts == by_clingo and by_clingo
