"""The case's readings of ambiguous rules (`case.READINGS`), as the `option/1,2` and `reading/2`
facts the encodings branch on."""

from __future__ import annotations

from adjudicator.agora.builders.state import CaseBuild
from adjudicator.rulesets.changes import reading_facts as rule_change_readings
from adjudicator.solving.terms import Name


# Each reading's value that the encodings branch on, and the option fact naming it (the other value is
# the encodings' default: no fact).
FIRST_OPTIONS = (
    ("attempts_violate", "True", ("attempts_violate",)),
    ("r1030_step4", "numbered_first", ("r1030_step4", "numbered_first")),
    ("r2449", "direct_only", ("r2449_direct_only",)),
)
LATER_OPTIONS = (
    ("r1728_40", "same_announcement", ("r1728_same_announcement",)),
    ("rule_changes", "not_caused", ("rule_changes_not_caused",)),
    ("r2531_3", "range_only", ("r2531_range_only",)),
    ("r2585_anniversary", "later_years", ("r2585_later_years",)),
    ("r2478_card_tie", "each", ("r2478_card_tie_each",)),
    ("r2429_paragraphs", "layout", ("r2429_layout",)),
    ("r2438_before_case", "earlier", ("r2438_before_case_earlier",)),
    ("r2422_focus_time", "purchase", ("r2422_focus_at_purchase",)),
    ("r1742_binding", "parties_only", ("r1742_binds_parties_only",)),
    ("r2614_extension", "void", ("r2614_cap_void",)),
)


def chosen_readings(build: CaseBuild) -> None:
    options = build.case.options
    _add_options(build, FIRST_OPTIONS)
    build.add_all(rule_change_readings(options))
    _add_options(build, LATER_OPTIONS)


def _add_options(build: CaseBuild, table: tuple[tuple[str, str, tuple[str, ...]], ...]) -> None:
    for reading, value, names in table:
        if getattr(build.case.options, reading) == value:
            build.add("option", *map(Name, names))
