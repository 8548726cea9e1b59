"""Replay real played games (Droidippy records, ../shared/reference/realgames) through the
adjudicator and say how many phases agree with the record; classify the ones that do not.

    .venv/bin/python benchmarks/real_games.py [ARCHIVE_OR_FOLDER] [--games N] [--json FILE]

Default input: ../shared/reference/realgames/droidippy-games.tar.xz (218 games, 8,326 phases).
Every phase is adjudicated from its recorded position (`formats.check_recorded`) and the position
after it is compared with the next recorded one; see docs/formats.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import tarfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adjudicator.diplomacy.formats import RecordedPhase, check_recorded, read_droidippy  # noqa: E402

REAL_GAMES = Path("reference") / "realgames" / "droidippy-games.tar.xz"
DEFAULT = ROOT.parent / "shared" / REAL_GAMES  # ../shared beside the checkout


def games(source: Path):
    if source.is_dir():
        for path in sorted(source.glob("*.txt")):
            yield path.name, path.read_text()
        return
    with tarfile.open(source) as archive:
        for member in sorted(archive.getmembers(), key=lambda m: m.name):
            if member.isfile():
                yield Path(member.name).name, archive.extractfile(member).read().decode()


def classify(recorded: RecordedPhase, differences: list[str]) -> str:
    """Why a phase differs, from what the record shows (a label for counting, not a verdict)."""
    orders = [o for os in recorded.orders.values() for o in os]
    if any(o.endswith(" VIA") for o in orders):
        # the land fallback moves the army and changes who bounces with whom
        return "a move 'via convoy' in the phase: the record moved it by land (DATC 4.A.3/6.G.8 preference)"
    if recorded.phase.endswith("A"):
        too_many = any(len(recorded.units.get(p, [])) - len(cs) >
                       sum(o.startswith("Remove") for o in recorded.orders.get(p, []))
                       for p, cs in recorded.centers.items())
        if too_many and any("only we have" in d or "only the record has" in d for d in differences):
            return "removal without orders: which unit goes (civil-disorder rule; DATC 4.D.8 distance)"
        return "adjustment: other"
    if recorded.phase.endswith("R"):
        return "retreat: other"
    return "movement: other"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", nargs="?", default=str(DEFAULT))
    parser.add_argument("--games", type=int, default=0, help="only the first N games")
    parser.add_argument("--json", dest="json_path", default=None, help="write every differing phase here")
    args = parser.parse_args()
    source = Path(args.source)
    if not source.exists():
        print(f"no real games at {source}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    phases = agree = 0
    kinds: Counter[str] = Counter()
    differing = []
    count = 0
    for name, text in games(source):
        if args.games and count >= args.games:
            break
        count += 1
        recorded = read_droidippy(text, name)
        for check, phase in zip(check_recorded(recorded, source=name), recorded):
            phases += 1
            if check.agrees:
                agree += 1
                continue
            kind = classify(phase, check.differences)
            kinds[kind] += 1
            differing.append({"game": name, "phase": check.phase, "kind": kind, "differences": check.differences})
    elapsed = time.perf_counter() - started
    print(f"{count} games, {phases} phases checked (each from its recorded position), "
          f"{agree} agree, {phases - agree} differ ({elapsed:.0f} s)")
    for kind, number in kinds.most_common():
        print(f"  {number:5d}  {kind}")
    for entry in differing[:20]:
        print(f"  {entry['game']} {entry['phase']}: {entry['kind']}: {'; '.join(entry['differences'])}")
    if args.json_path:
        Path(args.json_path).write_text(json.dumps(differing, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
