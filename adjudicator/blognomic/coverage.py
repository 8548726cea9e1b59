"""BlogNomic's rule-by-rule coverage (`adjudicator ruleset coverage blognomic-2019-09-06`): what the
encodings of `encodings/blognomic/` do with each rule of the 2019 ruleset.

A rule is *modelled* where an encoding cites it: its title in the file's opening comment (which
names the rules the file encodes) or in a `% BlogNomic: TITLE -- ...` comment. The citations are
read from the encodings themselves, so a new encoding shows up without a change here; the readings
of a rule are those (of `matters` and `watch`) whose `cite` names it. Only what the encodings cannot
say is written here (`NOTES`): for a rule modelled in part, what is left out and why; for a rule no
encoding cites, why nothing is modelled, or what the tool takes as input instead."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from adjudicator.rulesets.coverage import RuleCoverage
from adjudicator.rulesets.model import Ruleset

MODELLED, PARTLY, INPUT, NOT_MODELLED = "modelled", "partly modelled", "input", "not modelled"
ENTRY_FILES = ("main.lp",)  # the entry program names every part: no citation of its own

# (status, reason) for what the citations cannot tell: a cited rule listed here is modelled only in
# part (the reason says what is not); a rule no encoding cites is an input or not modelled, and why.
NOTES: dict[str, tuple[str, str]] = {
    "Ruleset and Gamestate": (NOT_MODELLED, "altering the Ruleset or Gamestate and correcting typos are what "
                              "proposals and Admins do; the tool judges a given state and applies no proposal's text"),
    "Captains": (PARTLY, "renaming (\"only ... as a result of a proposal approving the change\") and becoming or "
                 "ceasing to be an Admin are not events: the tool applies no proposal's text, so a file names each "
                 "Captain by one name throughout (a new name is another person) and its Admins are the file's"),
    "Idle Captains": (PARTLY, "\"a provision that targets a specifically named Idle Captain\" (Unidle only for "
                      "enacting that provision: the tool applies no proposal's provisions, so nothing it decides "
                      "depends on it) and the unidled Captain's restored gamestate (a Chart gives each Captain's "
                      "values as they stand)"),
    "Calls for Judgement": (PARTLY, "what a CfJ changes is not applied (`specifies_changes` is an input)"),
    "Victory and Ascension": (PARTLY, "the Ascension Address's effects on the Ruleset (terms renamed, dynastic "
                              "rules kept or repealed, Special Case rules set inactive) make the next dynasty's "
                              "ruleset, not this one's: the Address ends the Hiatus and starts the new Admiral's "
                              "dynasty, nothing more"),
    "Fair Play": (NOT_MODELLED, "behaviour (\"should not\"), judged by people: no rule the tool applies depends on it"),
    "Unnamed Rule": (INPUT, "the notation \"B3(W){5} [ubq323]\": read from and written to the Chart by "
                     "adjudicator/blognomic/watch.py (no rule to decide)"),
    "The Watch": (PARTLY, "the time of the update itself (\"at any time not during a Watch\": taken as made after "
                  "the Watch); Hotfixes (the Chart given is taken as the corrected one); Diminished Orders (no "
                  "Order of the ruleset of 6 September 2019 is Diminished, so the step removes nothing)"),
    "Sides": (PARTLY, "the random assignment of a Captain of Side None is an input (the Chart's `side`)"),
    "The Red October": (PARTLY, "its secret square is an input (the Admiral's record)"),
    "Ports": (PARTLY, "the one-off creation paragraph and the secretly random locations are inputs"),
    "Chain of Command": (PARTLY, "the nomination, declining and volunteering are not events (a `handover` names "
                         "the chosen Captain); the Chart handed over is the same Chart"),
    "Tags": (NOT_MODELLED, "a matter's tags are not read: no command decides whether a matter may change Core or "
             "Special Case rules, and a DoV needs no tag"),
    "Atomic Actions": (NOT_MODELLED, "no action of the naval dynasty is an Atomic Action"),
    "Seasonal Downtime": (NOT_MODELLED, "24-27 December: none of the bundled games falls then; a file with posts in "
                          "those days is judged as on any other day"),
    "No Orphan Variables": (NOT_MODELLED, "every variable of the naval dynasty is tracked (GNDT, Chart, the "
                            "Admiral's record of The Red October)"),
    "The Traitor": (NOT_MODELLED, "changes only promises between Captains, which no rule enforces"),
    "Keywords": (PARTLY, "only those the commands use: Quorum, Day, Subject, Voting Icons"),
    "Gamestate Tracking": (NOT_MODELLED, "official posts are the file's posts; editing and category changes of "
                           "posts are not events"),
    "Random Generators": (INPUT, "dice, FRUIT, COLOUR and \"secretly random\" results are inputs (Sides, port "
                          "squares, The Red October)"),
    "Clarifications": (PARTLY, "as its subrules below"),
    "Time": (PARTLY, "\"more than one dynastic game action at the same time\" is not checked"),
    "Rules and Proposals": (NOT_MODELLED, "about editing the Ruleset: the tool applies no proposal's text"),
    "Spelling": (NOT_MODELLED, "about reading the Ruleset's words: the tool names Captains as the file does"),
    "Names": (NOT_MODELLED, "about reading names: the tool names Captains as the file does"),
}


@dataclass
class BlogNomicRule(RuleCoverage):
    """A rule of a BlogNomic ruleset (keyed by its title), with the readings that concern it."""

    section: str | None = None
    readings: list[str] = field(default_factory=list)

    def as_json(self) -> dict:
        return {**super().as_json(), "section": self.section, "readings": self.readings}

    def line(self) -> str:
        words = self.status + (f": {self.reason}" if self.reason else "")
        if self.cited_in:
            words += f"; cited in {', '.join(self.cited_in)}"
        if self.readings:
            words += f"; readings: {', '.join(self.readings)}"
        return f"{self.title}: {words}"


def _mentions(title: str) -> re.Pattern:
    return re.compile(r"(?<![\w-])" + re.escape(title) + r"(?![\w-])")


@lru_cache(maxsize=1)
def _citing_lines() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each encoding of encodings/blognomic/ with its opening comment and its `% BlogNomic` comments."""
    from adjudicator.solving import encodings_root

    out = []
    for path in sorted((encodings_root() / "blognomic").glob("*.lp")):
        if path.name in ENTRY_FILES:
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        opening = 0
        while opening < len(lines) and lines[opening].startswith("%"):
            opening += 1
        cited = lines[:opening] + [line for line in lines[opening:] if re.match(r"\s*%\s*BlogNomic", line)]
        out.append((f"blognomic/{path.name}", tuple(cited)))
    return tuple(out)


def cited_in(title: str) -> list[str]:
    pattern = _mentions(title)
    return [name for name, lines in _citing_lines() if any(pattern.search(line) for line in lines)]


def readings_of(title: str) -> list[str]:
    from adjudicator.blognomic import matters, watch

    pattern = _mentions(title)
    declared = [*matters.READINGS.readings.values(), *watch.ALL_READINGS.readings.values()]
    return [r.name for r in declared if pattern.search(r.cite)]


def coverage(ruleset: Ruleset) -> list[RuleCoverage]:
    """Every rule of the BlogNomic ruleset (in its order) with what the encodings do with it."""
    out: list[RuleCoverage] = []
    for rule in ruleset.rules:
        if rule.kind != "rule":
            continue
        files = cited_in(rule.title)
        status, reason = NOTES.get(rule.title, (MODELLED, None))
        if files and status != PARTLY:
            status, reason = MODELLED, None
        elif not files and status in (MODELLED, PARTLY):
            status, reason = NOT_MODELLED, "no encoding cites it"
        out.append(BlogNomicRule(None, None, rule.title, None, status, cited_in=files, reason=reason,
                                 section=rule.section, readings=readings_of(rule.title)))
    return out
