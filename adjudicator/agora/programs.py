"""Agora's entry programs and the `#program` parts each task grounds besides the base part:
`encodings/agora/main.lp` (the judge: its common files are the base part, each notion's file a
part of its own, grounded only where the case uses the notion) and `encodings/agora/resolve.lp`
(`agora resolve`: a part per task, its show file in base)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from adjudicator.solving import encoding_text, entry_files

ENTRY = "agora/main.lp"
JUDGE = ()  # a CFJ case's gamestate: the base part (the clauses' texts are read from it too)
DERIVATIONS = ("derivations",)  # the why-tree's derivations: grounded only when the tree is asked for

RESOLVE_ENTRY = "agora/resolve.lp"
RESOLVE = ("resolve",)  # decisions, ballots, strength, conditional votes, runoffs
LIFECYCLE = ("lifecycle",)  # the proposal lifecycle: only where the file has timed events

# Solved alone (a table with no #include: parsing it is a fraction of an entry's parse)
TEXTS = "agora/texts.lp"  # the encoded rule texts and their revisions

# A word of ASP: a predicate, function or constant name (variables start upper case). Comments and
# strings are cut first, so that only the program's own names count.
_WORD = re.compile(r"(?<![#\w'])_*[a-z][A-Za-z0-9_']*")
_FUNCTION = re.compile(r"(?<![#\w'])(_*[a-z][A-Za-z0-9_']*)\(")
_COMMENT_OR_STRING = re.compile(r'%\*.*?\*%|%[^\n]*|"(?:[^"\\\n]|\\.)*"', re.S)


def _words(text: str) -> frozenset[str]:
    return frozenset(_WORD.findall(_COMMENT_OR_STRING.sub(" ", text)))


# Each notion part and the notions it needs: those defining what its files read by rules that
# fire without the needed notion's own words in the case: from any act (act_term/1, offices), from
# a table (names), from what the reader asks (consent_asked/3 -> consented_to/3, consent). A
# notion whose defining rules need its own facts or acts is no need: where the case names none of
# them, they derive nothing (an office nobody holds has no holder). A notion not in this table
# needs every other (tests/agora/test_notion_parts.py checks the table is complete, and that the
# bundled cases' gamestates are the same with the parts selected as with every part).
NEEDS: dict[str, tuple[str, ...]] = {
    "names": (),
    "switches": ("names",),                                           # the switches' types, values
    "offices": ("names", "switches", "reports", "consent", "office_rules"),  # duties, R2519, R2472
    "reports": ("names", "switches", "offices"),                      # the holders, switch values
    "consent": (),
    "contracts": ("consent", "switches", "offices"),                  # R2519, Donation Level, act_term
    "behalf": (),
    "cfjs": ("switches", "offices"),                                  # a CFJ's judge switch, act_term
    "investigations": (),
    "culture": ("switches", "offices"),                               # Festivity, act_term
    "titles": ("offices", "culture"),                                 # act_term, months
    "tournaments": ("offices", "consent", "culture"),                 # act_term, R2519, months
    "office_rules": ("names", "offices", "reports", "culture"),       # holders, reports, months
}


NAMES = "names"  # the table of offices and switches: their names are every notion's words

# The inputs of a notion that a base file names too, so that they are no own words of the notion:
# they bring it in all the same (`agent/2`: an act on behalf of another, R2466, which acts.lp
# leaves to behalf.lp; `cfj/3`: a CFJ called before the case, which winning.lp also reads).
TRIGGERS: dict[str, tuple[str, ...]] = {"behalf": ("agent",), "cfjs": ("cfj",)}


@lru_cache(maxsize=None)
def own_words() -> dict[str, frozenset[str]]:
    """Each notion part of the judge's entry and its own words: named in its files, in no base
    file (nor, but for the names part itself, among the offices' and switches' names), and its
    TRIGGERS."""
    files: dict[str, list[str]] = {}
    for part, name in entry_files(ENTRY):
        files.setdefault(part, []).append(name)
    texts = {part: "\n".join(_COMMENT_OR_STRING.sub(" ", encoding_text(name)) for name in names)
             for part, names in files.items() if part not in DERIVATIONS}
    named = {part: _words(text) for part, text in texts.items()}
    base = named.pop("base")
    functions = frozenset(_FUNCTION.findall("\n".join(texts.values())))  # predicates and functions
    shared = base | (named.get(NAMES, frozenset()) - functions)           # and the names of offices, switches
    return {part: words - (base if part == NAMES else shared) | frozenset(TRIGGERS.get(part, ()))
            for part, words in named.items()}


def notion_parts(programs: Iterable[str]) -> tuple[str, ...]:
    """The notion parts a case's program (its facts, statements and clauses as text) uses: those
    whose own words it names, and the notions they need, in the entry's order. Which files are
    grounded, never what they decide: a notion whose words the case does not name derives
    nothing from its facts."""
    own = own_words()
    words = _words("\n".join(programs))
    wanted = {part for part, owned in own.items() if words & owned}
    todo = list(wanted)
    while todo:
        for other in set(NEEDS.get(todo.pop(), own)) - wanted:
            wanted.add(other)
            todo.append(other)
    return tuple(part for part in own if part in wanted)


def all_notion_parts() -> tuple[str, ...]:
    """Every notion part of the judge's entry (for the tasks reading every clause's text)."""
    return tuple(own_words())
