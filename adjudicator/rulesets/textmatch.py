"""Finding a proposal's quotation in a rule's text, up to inconsequential variation (R105).

R105: "An inconsequential variation in the quotation of an existing rule does not constitute
ambiguity ..., but any other variation does." R2429 (Bleach): "Replacing a non-zero amount of
whitespace with a different non-zero amount of whitespace is generally insignificant, except for
paragraph breaks." So, under the lenient readings, a quotation matches the text when they agree
after mapping curly quotes to straight ones and any run of whitespace to one space (a run holding
a blank line stays a paragraph break). The match is mapped back to the exact span of the
original text, so only the quoted characters change.
"""

from __future__ import annotations

from typing import Literal

Quotation = Literal["lenient", "lenient-case", "strict"]

QUOTES = {"“": '"', "”": '"', "„": '"', "‟": '"', "«": '"', "»": '"', "‘": "'", "’": "'", "‚": "'", "‛": "'"}
PARAGRAPH = "\n\n"


def normalise(text: str, quotation: Quotation = "lenient") -> tuple[str, list[tuple[int, int]]]:
    """The normalised text and, for each of its characters, the span of the original it stands for."""
    if quotation == "strict":
        return text, [(i, i + 1) for i in range(len(text))]
    out: list[str] = []
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char.isspace():
            j = i
            while j < len(text) and text[j].isspace():
                j += 1
            run = text[i:j]
            if run.count("\n") >= 2:
                out.extend(PARAGRAPH)
                spans.extend([(i, j), (i, j)])
            else:
                out.append(" ")
                spans.append((i, j))
            i = j
            continue
        char = QUOTES.get(char, char)
        out.append(char.lower() if quotation == "lenient-case" else char)
        spans.append((i, i + 1))
        i += 1
    return "".join(out), spans


def find_all(text: str, quote: str, quotation: Quotation = "lenient") -> list[tuple[int, int]]:
    """Every place (start, end in `text`) where `quote` occurs, overlapping ones included."""
    haystack, spans = normalise(text, quotation)
    needle, _ = normalise(quote if quotation == "strict" else quote.strip(), quotation)
    if not needle:
        return []
    found = []
    at = haystack.find(needle)
    while at >= 0:
        found.append((spans[at][0], spans[at + len(needle) - 1][1]))
        at = haystack.find(needle, at + 1)
    return found


def same_text(a: str, b: str, quotation: Quotation = "lenient") -> bool:
    """Equal up to inconsequential variation (whitespace amount, quote style) under `quotation`."""
    return normalise(a.strip(), quotation)[0] == normalise(b.strip(), quotation)[0]


def unwrap(text: str) -> str:
    """Inline text from a proposal (a replacement, an insertion): its line wrapping undone."""
    return " ".join(part for part in text.replace("\n", " ").split(" ") if part) if "\n" in text else text


def block_text(text: str) -> str:
    """A block of text from a proposal (new rule text, an appended paragraph): common indentation
    and surrounding blank lines removed, line breaks kept as the author wrote them."""
    import textwrap

    lines = [line.rstrip() for line in textwrap.dedent(text.expandtabs()).split("\n")]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)


def refill(text: str, start: int, end: int, width: int) -> str:
    """Re-wrap the prose paragraphs of `text` that overlap [start, end) and have a line longer
    than `width` (R2429: the amount of whitespace is insignificant). Lists and indented
    paragraphs are left alone."""
    import textwrap

    out = []
    position = 0
    for block in text.split(PARAGRAPH):
        block_end = position + len(block)
        lines = block.split("\n")
        touched = position <= end and start <= block_end
        prose = all(line and not line[0].isspace() for line in lines) and not any(
            line.lstrip()[:2] in ("- ", "* ", "• ") for line in lines)
        if touched and prose and max(len(line) for line in lines) > width:
            block = textwrap.fill(" ".join(lines), width=width, break_long_words=False, break_on_hyphens=False)
        out.append(block)
        position = block_end + len(PARAGRAPH)
    return PARAGRAPH.join(out)
