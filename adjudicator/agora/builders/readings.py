"""The case's readings of ambiguous rules (`case.READINGS`), as the `option/1,2` and `reading/2`
facts the encodings branch on."""

from __future__ import annotations

from adjudicator.agora.builders.state import CaseBuild
from adjudicator.rulesets.changes import reading_facts as rule_change_readings
from adjudicator.solving.terms import Name


def chosen_readings(build: CaseBuild) -> None:
    options = build.case.options
    if options.attempts_violate == "True":
        build.add("option", Name("attempts_violate"))
    if options.r1030_step4 == "numbered_first":
        build.add("option", Name("r1030_step4"), Name("numbered_first"))
    if options.r2449 == "direct_only":
        build.add("option", Name("r2449_direct_only"))
    build.add_all(rule_change_readings(options))
    if options.r1728_40 == "same_announcement":
        build.add("option", Name("r1728_same_announcement"))
    if options.rule_changes == "not_caused":
        build.add("option", Name("rule_changes_not_caused"))
    if options.r2531_3 == "range_only":
        build.add("option", Name("r2531_range_only"))
    if options.r2585_anniversary == "later_years":
        build.add("option", Name("r2585_later_years"))
    if options.r2478_card_tie == "each":
        build.add("option", Name("r2478_card_tie_each"))
    if options.r2429_paragraphs == "layout":
        build.add("option", Name("r2429_layout"))
    if options.r2438_before_case == "earlier":
        build.add("option", Name("r2438_before_case_earlier"))
    if options.r2422_focus_time == "purchase":
        build.add("option", Name("r2422_focus_at_purchase"))
    if options.r1742_binding == "parties_only":
        build.add("option", Name("r1742_binds_parties_only"))
    if options.r2614_extension == "void":
        build.add("option", Name("r2614_cap_void"))
