"""The one wording of "did you mean" in every refusal of an unknown name: the known names nearest
to the unknown one, or, when none is near, the known names themselves."""

from __future__ import annotations

import difflib
import re
from typing import Iterable, Mapping

from adjudicator.errors import excerpt

SHOWN_WHEN_NONE_NEAR = 8
PLAIN_NAME = re.compile(r"[\w .:/#&+-]{1,60}")


def _shown(name: str) -> str:
    """A plain name as it is; one that could be misread in a list (a comma, a quote, a line break,
    very long) quoted and cut."""
    return name if PLAIN_NAME.fullmatch(name) else excerpt(name, 60)


def _closest(word: str, spellings: list[str], cutoff: float, margin: float = 0.1) -> list[str]:
    """The spellings at least `cutoff` similar to `word` (difflib's ratio) and within `margin` of the
    closest one, closest first: a near miss is not shown beside a far one."""
    scored = []
    for spelling in spellings:
        matcher = difflib.SequenceMatcher(None, word, spelling)
        if matcher.real_quick_ratio() >= cutoff and matcher.quick_ratio() >= cutoff:
            score = matcher.ratio()
            if score >= cutoff:
                scored.append((score, spelling))
    best = max((score for score, _ in scored), default=0)
    return [spelling for score, spelling in sorted(scored, key=lambda x: (-x[0], x[1])) if score >= best - margin]


def nearest_names(text: str, known: Mapping[str, str] | Iterable[str], limit: int = 3, cutoff: float = 0.5) -> str:
    """`nearest: a, b` (difflib over the known spellings, case folded; a mapping gives spelling ->
    the name shown, several spellings may show one name), else `known: ...` (the first few and how
    many in all), else `known: none`."""
    spellings = dict(known) if isinstance(known, Mapping) else {str(k): str(k) for k in known}
    folded: dict[str, list[str]] = {}
    for spelling, shown in spellings.items():
        folded.setdefault(str(spelling).strip().casefold(), []).append(shown)
    close = _closest(str(text).strip().casefold(), sorted(folded), cutoff)
    shown_close = list(dict.fromkeys(name for c in close for name in folded[c]))[:limit]
    if shown_close:
        return "nearest: " + ", ".join(_shown(name) for name in shown_close)
    every = sorted(set(spellings.values()))
    more = f", ... ({len(every)} in all)" if len(every) > SHOWN_WHEN_NONE_NEAR else ""
    return "known: " + (", ".join(_shown(name) for name in every[:SHOWN_WHEN_NONE_NEAR]) + more
                        if every else "none")
