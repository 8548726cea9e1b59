"""The Rulekeepor's report as the case gives it (R1051, R1681: encodings/agora/rulekeeping.lp): a
report's claim `short logical ruleset: NAME` (or `SLR:`) names the document it published, a
bundled ruleset or a file beside the case, read as rulesets are. Each rule it lists becomes
`slr_lists/2` with the fields it gives (`slr_entry/4`: revision, Power, and fingerprints of the title
and text); the rules of the case's ruleset give the values to compare (`rule_listing/3`), except
those whose text on the case's day is not the document's (the judge does not know that text)."""

from __future__ import annotations

import re

from adjudicator.agora.bindings import fingerprint
from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.rules import power_units
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.errors import InputError
from adjudicator.inputs import beside
from adjudicator.rulesets import BUNDLED, load_ruleset
from adjudicator.rulesets.model import Ruleset
from adjudicator.solving.terms import Name, fact

SLR = re.compile(r"(?:the )?(?:short logical ruleset|slr)")


def claim(build: CaseBuild, at: EventAt, low: str, value: object) -> bool:
    """The SLR a report publishes, if `low` (the claim's key, lower case) names it."""
    if not SLR.fullmatch(low):
        return False
    where = f"{at.context}: claims: {low}"
    if not isinstance(value, str) or not value.strip():
        raise InputError(f"{where}: the ruleset document the report published (a bundled ruleset or a file)")
    published = _published(build, value.strip(), where)
    e = at.number
    build.add("slr_published", e)
    for rule in published.rules:
        if rule.id is None or rule.kind != "rule":
            continue
        build.add("slr_lists", e, rule.id)
        build.add_all(_fields(e, rule, where))
    _listings(build)
    return True


def _published(build: CaseBuild, name: str, where: str) -> Ruleset:
    if name in BUNDLED:
        return load_ruleset(name)
    try:
        return load_ruleset(str(beside(build.path, name, "ruleset")))
    except InputError as exc:
        raise InputError(f"{where}: {exc}") from None


def _fields(owner, rule, where: str) -> list:
    """The listing's fields as facts: slr_entry(E, N, F, V), or rule_listing(N, F, V) for owner None."""
    values = []
    if rule.revision is not None:
        values.append(("revision", rule.revision))
    if rule.power is not None:
        values.append(("power", power_units(rule.power, f"{where}: rule {rule.id}")))
    if rule.title and rule.title.strip():
        values.append(("title", fingerprint(rule.title)))
    if rule.text and rule.text.strip():
        values.append(("text", fingerprint(rule.text)))
    if owner is None:
        return [fact("rule_listing", rule.id, Name(f), v) for f, v in values]
    return [fact("slr_entry", owner, rule.id, Name(f), v) for f, v in values]


def _listings(build: CaseBuild) -> None:
    """The case's own rules, once: what a listing of each must say."""
    if getattr(build, "rule_listings_given", False):
        return
    build.rule_listings_given = True
    for rule in build.ruleset.rules:
        if rule.id is None or rule.kind != "rule" or rule.id in build.rules_not_yet_in_force:
            continue
        mismatch = build.text_mismatches.get(rule.id)
        if (mismatch is not None and mismatch.printed.startswith("as of")) or \
                build.text_revisions.get(rule.id, rule.revision) != rule.revision:
            build.add("listing_unknown", rule.id)  # that day's text is not the document's
            continue
        build.add_all(_fields(None, rule, build.where))
