"""Comparing `agora resolve` with the Assessor's published resolutions (NAME.yaml inputs with
NAME.expect.json: outcome, F, A, the FOR/AGAINST/PRESENT voters and the ballot count)."""

from __future__ import annotations

import json
from pathlib import Path

from adjudicator.agora.resolve import resolve_file

OUTCOMES = {"ADOPTED", "REJECTED", "FAILED QUORUM"}


def compare(yaml_path: Path) -> list[dict]:
    """One row per referendum: what matched and what did not."""
    expected = json.loads(yaml_path.with_name(yaml_path.name.replace(".yaml", ".expect.json")).read_text())
    result = resolve_file(str(yaml_path))
    got = {str(d.id): d for d in result.decisions}
    rows = []
    for e in expected["decisions"]:
        d = got[str(e["id"])]
        sets = {"FOR": set(), "AGAINST": set(), "PRESENT": set()}
        for b in d.ballots:
            if b.valid and b.counted_as in sets:
                sets[b.counted_as].add(b.voter)
        row = {
            "file": yaml_path.stem, "id": e["id"],
            "outcome": d.outcome == e["outcome"],
            "tally": (d.tally.get("FOR", 0), d.tally.get("AGAINST", 0)) == (e["F"], e["A"]),
            "voters": all(sets[k] == set(e[k]) for k in sets) and d.voter_count == e["ballots"],
            "got": (d.outcome, d.tally.get("FOR", 0), d.tally.get("AGAINST", 0), d.voter_count),
            "expected": (e["outcome"], e["F"], e["A"], e["ballots"]),
        }
        rows.append(row)
    return rows
