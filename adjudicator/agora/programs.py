"""Agora's entry programs and the `#program` parts each task grounds besides the base part:
`encodings/agora/main.lp` (the judge: its common files are the base part, each notion's file a
part of its own, grounded only where the case uses the notion) and `encodings/agora/resolve.lp`
(`agora resolve`: a part per task, its show file in base)."""

from __future__ import annotations

import posixpath
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
_HEAD = re.compile(r"^(_*[a-z][A-Za-z0-9_']*)\s*\(", re.M)  # a rule's head at the start of a line
_COMMENT_OR_STRING = re.compile(r'%\*.*?\*%|%[^\n]*|"(?:[^"\\\n]|\\.)*"', re.S)


def _words(text: str) -> frozenset[str]:
    return frozenset(_WORD.findall(_COMMENT_OR_STRING.sub(" ", text)))


# Each notion part and the notions it needs: those defining what its files read by rules that
# fire without the needed notion's own words in the case: from a table (names), from what the
# reader asks (consent_asked/3 -> consented_to/3, consent; calendar_asked/1 -> culture's months). A
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
    "contracts": ("consent", "switches"),                             # R2519, Donation Level
    "behalf": (),
    "cfjs": ("switches",),                                            # a CFJ's judge switch
    "investigations": (),
    "culture": ("switches",),                                         # Festivity
    "titles": ("culture",),                                           # months
    "tournaments": ("consent", "culture"),                            # R2519, months
    "office_rules": ("names", "offices", "reports", "culture"),       # holders, reports, months
    "rewards": ("names", "offices", "cfjs", "reports", "office_rules", "titles", "culture"),  # officers, judging,
                                                                      # reports, complexity, degrees, months
    "entities": ("names",),                                           # the offices and switches defined
    "karma": ("culture", "reports"),                                  # the quarters' months; the Herald's report
    "fora": ("names", "switches", "offices"),                         # Publicity's values; the Registrar
}


NAMES = "names"  # the table of offices and switches: their names are every notion's words

# The inputs of a notion that a COMMON file names too, so that they are no own words of the
# notion: they bring it in all the same (`agent/2`: an act on behalf of another, R2466, which
# acts.lp leaves to behalf.lp; `cfj/3`: a CFJ called before the case, which winning.lp also reads;
# a temporary deputisation, a Finger and its conclusion, an award, a transfer, which texts.lp's
# revisions of 2019-2021 read).
TRIGGERS: dict[str, tuple[str, ...]] = {"behalf": ("agent", "transfer"), "cfjs": ("cfj",), "offices": ("deputise_temporary",),
                                        "office_rules": ("deputise_temporary",),
                                        "investigations": ("conclusion", "point_finger", "conclude_finger", "finger",
                                                           "indictment", "levy_fine", "shenanigans"),
                                        "titles": ("award_asked", "terms_of_service"),
                                        "contracts": ("transfer", "transfer_from"), "reports": ("talisman",),
                                        "culture": ("festivity",  # R2481: who Supports in a Festival
                                                    "repeal_emergency_regulations")}  # R2614: a month (regulations.lp)


# Base files that read what a notion derives with no word of its own in the case (culture.lp's
# calendar: the dates and months the file asks for; titles.lp's table of Degrees): where the case
# names a word that only the file names, those notions are grounded with it. What else a base
# file reads of a notion is nothing without that notion's facts or acts (an office's holder, a
# CFJ's judgement); tests/agora/test_notion_parts.py lists it (NOTHING_WITHOUT_FACTS there).
READERS: dict[str, tuple[str, ...]] = {"ribbons.lp": ("culture", "titles"), "stones.lp": ("culture",),
                                       "focuses.lp": ("culture",), "paydays.lp": ("culture",),
                                       "auctions.lp": ("culture",)}

# The judge's common machinery, which every case grounds: its words (act/2, need/3, applies/4,
# effective/1, the methods of R1728, won/2, ...) are in every case's program and bring no notion in. The other base files name
# notions' words too (a zombie's master acting on behalf, R2532), which stay the notions' own.
COMMON = ("core/time.lp", "core/calendar.lp", "core/ruleset.lp", "core/deontic.lp", "core/determinacy.lp",
          "core/judgement.lp", "agora/precedence.lp", "blognomic/precedence.lp", "agora/acts.lp",
          "agora/persons.lp", "agora/dependent.lp", "agora/winning.lp", "agora/texts.lp")


@lru_cache(maxsize=None)
def _vocabulary() -> tuple[dict[str, frozenset[str]], list[tuple[frozenset[str], frozenset[str]]]]:
    """Each notion part's own words: named in its files, in none of the COMMON files, not among
    the offices' and switches' names (but for the names part itself), not a predicate only another
    notion defines (what a notion reads of another is that one's word), and its TRIGGERS. And for
    each of the READERS, the words only it names, with the notions it reads."""
    files: dict[str, list[str]] = {}
    for part, name in entry_files(ENTRY):
        files.setdefault(part, []).append(name)
    text = {name: _COMMENT_OR_STRING.sub(" ", encoding_text(name)) for names in files.values() for name in names}
    common = _words("\n".join(text[name] for name in files["base"] if posixpath.normpath(name) in COMMON))
    notions = {part: names for part, names in files.items() if part not in ("base", *DERIVATIONS)}
    named = {part: _words("\n".join(text[name] for name in names)) for part, names in notions.items()}
    heads = {part: frozenset(_HEAD.findall("\n".join(text[name] for name in names))) - common
             for part, names in notions.items()}
    functions = frozenset(_FUNCTION.findall("\n".join(text.values())))  # predicates and functions
    constants = named.get(NAMES, frozenset()) - functions                   # the names of offices, switches
    own = {}
    for part, words in named.items():
        others = frozenset().union(*(h for other, h in heads.items() if other != part)) - heads[part]
        own[part] = (words - common - (frozenset() if part == NAMES else constants) - others
                     | frozenset(TRIGGERS.get(part, ())))
    readers = []
    for name, parts in READERS.items():  # the words only that file names (show.lp shows every file's)
        others = [body for other, body in text.items() if other not in (f"agora/{name}", "agora/../core/show.lp")]
        readers.append((_words(text[f"agora/{name}"]) - _words("\n".join(others)), frozenset(parts)))
    return own, readers


def own_words() -> dict[str, frozenset[str]]:
    """Each notion part of the judge's entry and its own words (`_vocabulary`)."""
    return _vocabulary()[0]


def notion_parts(programs: Iterable[str]) -> tuple[str, ...]:
    """The notion parts a case's program (its facts, statements and clauses as text) uses: those
    whose own words it names, those whose predicates a base file reads where the case names a word
    of that file, and the notions they need, in the entry's order. Which files are grounded, never
    what they decide: a notion whose words the case does not name derives nothing from its facts."""
    own, readers = _vocabulary()
    words = _words("\n".join(programs))
    wanted = {part for part, owned in own.items() if words & owned}
    for used, parts in readers:
        if words & used:
            wanted |= parts
    todo = list(wanted)
    while todo:
        for other in set(NEEDS.get(todo.pop(), own)) - wanted:
            wanted.add(other)
            todo.append(other)
    return tuple(part for part in own if part in wanted)


def all_notion_parts() -> tuple[str, ...]:
    """Every notion part of the judge's entry (for the tasks reading every clause's text)."""
    return tuple(own_words())
