"""Agora's entry programs and the `#program` parts each task grounds besides the base part:
`encodings/agora/main.lp` (the judge: its files are the base part) and `encodings/agora/resolve.lp`
(`agora resolve`: a part per task, its show file in base)."""

from __future__ import annotations

ENTRY = "agora/main.lp"
JUDGE = ()  # a CFJ case's gamestate: the base part (the clauses' texts are read from it too)
DERIVATIONS = ("derivations",)  # the why-tree's derivations: grounded only when the tree is asked for

RESOLVE_ENTRY = "agora/resolve.lp"
RESOLVE = ("resolve",)  # decisions, ballots, strength, conditional votes, runoffs
LIFECYCLE = ("lifecycle",)  # the proposal lifecycle: only where the file has timed events

# Solved alone (a table with no #include: parsing it is a fraction of an entry's parse)
TEXTS = "agora/texts.lp"  # the encoded rule texts and their revisions
