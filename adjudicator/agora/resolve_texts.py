"""The rule texts `agora resolve` relies on: the rules its encodings cite (the files of
`encodings/agora/resolve.lp`, the lifecycle's only where the file has timed events) whose texts
`encodings/agora/texts.lp` binds. A ruleset with another text of one of them is refused, as the
judge refuses a case (or, when asked to go on, each is named and the encoded text resolves);
a text an adopted proposal changed is named on each decision that saw it (its parameters are read
from the new text, adjudicator/analysis/agora_parameters.py; the rest is the encoded text's)."""

from __future__ import annotations

import posixpath
from functools import lru_cache

from adjudicator.agora.bindings import Mismatch, bind
from adjudicator.agora.decision_texts import older_text_uses
from adjudicator.agora.programs import LIFECYCLE, RESOLVE, RESOLVE_ENTRY
from adjudicator.errors import InputError
from adjudicator.rulesets.coverage import citations
from adjudicator.rulesets.model import Ruleset
from adjudicator.solving import entry_files

WHOSE = "the decisions' ruleset"


@lru_cache(maxsize=2)
def relied_rules(lifecycle: bool) -> frozenset[int]:
    """The rules cited in the files `agora resolve` grounds."""
    parts = set(RESOLVE) | (set(LIFECYCLE) if lifecycle else set())
    files = {posixpath.normpath(name) for part, name in entry_files(RESOLVE_ENTRY) if part in parts}
    return frozenset(rule for rule, citing in citations().items() if files & set(citing))


def mismatches(ruleset: Ruleset, lifecycle: bool) -> dict[int, Mismatch]:
    """The relied-on rules of `ruleset` whose text is not one the encodings implement."""
    relied = relied_rules(lifecycle)
    return {rule: m for rule, m in sorted(bind(ruleset)[1].items()) if rule in relied}


def check_texts(ruleset: Ruleset, lifecycle: bool, allow_text_mismatch: bool, source: str) -> list[str]:
    """Refuse a ruleset whose text of a relied-on rule differs; with allow_text_mismatch, the warnings."""
    problems = [m.words(WHOSE) for m in mismatches(ruleset, lifecycle).values()]
    return _refused_or_warned(problems, allow_text_mismatch, source)


def check_uses(ruleset: Ruleset, decision_facts: str, allow_text_mismatch: bool, source: str) -> list[str]:
    """Refuse decisions that use what an older bound text of a decision rule words otherwise than the
    decision encodings (decision_texts.lp); with allow_text_mismatch, the warnings."""
    uses = older_text_uses(decision_facts, bind(ruleset)[0])
    problems = [f"R{rule}/{revision}'s text differs where the decisions use it ({what}): see encodings/agora/texts.lp"
                for rule, revision, what in uses]
    return _refused_or_warned(problems, allow_text_mismatch, source)


def _refused_or_warned(problems: list[str], allow_text_mismatch: bool, source: str) -> list[str]:
    """Refuse the decisions over these text differences; with allow_text_mismatch, the warnings."""
    if problems and not allow_text_mismatch:
        raise InputError(f"the decisions rely on rules whose text differs from what the encodings implement: "
                         f"{'; '.join(problems)}. The resolution would be by the encoded text, not the ruleset's: "
                         "give the ruleset of the encoded revisions, or resolve anyway with --allow-text-mismatch",
                         source=source)
    return [f"{p}; resolved by the encoded text instead" for p in problems]


def amended_text_notes(initial: Ruleset, seen: Ruleset, lifecycle: bool) -> list[str]:
    """A decision that saw a ruleset an adopted proposal changed: each relied-on rule whose text
    the change made other than the encoded one."""
    if seen is initial:
        return []
    before = mismatches(initial, lifecycle)
    return [f"{m.words('the ruleset it saw')}, after an adopted proposal: the parameters agora resolve reads "
            "from rule texts come from that text, the rest of the rule is judged by the encoded text"
            for rule, m in mismatches(seen, lifecycle).items() if rule not in before]
