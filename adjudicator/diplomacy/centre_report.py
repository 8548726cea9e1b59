"""The gamemaster's report of the close of a Fall turn: each power's supply centres gained and
lost, and the builds or removals it is due (adjust_report.lp with adjust_balance.lp: the
encoding decides what is due; this module only words it)."""

from __future__ import annotations

from adjudicator.diplomacy.models import Turn, TurnResult, phase_name
from adjudicator.diplomacy.phases import balance_facts, ownership_update_due
from adjudicator.diplomacy.programs import ENTRY, REPORT


def adjustments_due(units: dict[str, list[str]], centers: dict[str, list[str]], phase: str, rules: str,
                    civil_disorder: list[str] | None, *, timeout: float = 30.0) -> dict[str, tuple[str, int]]:
    """Per power what adjust_report.lp says it is due: ("build", N), ("remove", N) or
    ("no_site", N) (it may build N but has nowhere to build, or is in civil disorder)."""
    from adjudicator.diplomacy.maps import load_map
    from adjudicator.solving import solve

    board = load_map()
    probe = Turn(phase=phase, units=units, centers=centers, rules=rules, civil_disorder=civil_disorder)
    facts, text = balance_facts(board, probe)
    solved = solve([ENTRY], [board.facts, text], symbols=facts, timeout=timeout, what="adjustments due",
                   parts=REPORT)
    kinds = {"builds_due": "build", "removals_due": "remove", "no_build_site": "no_site"}
    due = {}
    for symbol in solved.models[0]:
        if symbol.name in kinds and len(symbol.arguments) == 3:
            due[symbol.arguments[1].name.upper()] = (kinds[symbol.name], symbol.arguments[2].number)
    return due


def centre_report(turn: Turn, result: TurnResult, *, timeout: float = 30.0) -> str:
    """After the phase that closes a Fall turn (its ownership update, BT23): per power the centres
    gained and lost, the count of centres and units, and the adjustments due; "" otherwise."""
    if not ownership_update_due(result):
        return ""
    before = {p: set(cs) for p, cs in (turn.centers or {}).items()}
    after = {p: set(cs) for p, cs in (result.centers or {}).items()}
    due = adjustments_due(result.units, result.centers, turn.phase, turn.rules,
                          result.civil_disorder or turn.civil_disorder, timeout=timeout)
    lines = [f"Supply centres after {phase_name(turn.phase).rsplit(' ', 1)[0]} (gained, lost; adjustments due):"]
    for power in sorted(set(before) | set(after) | set(due)):
        gained, lost = sorted(after.get(power, set()) - before.get(power, set())), \
            sorted(before.get(power, set()) - after.get(power, set()))
        if not gained and not lost and power not in due:
            continue
        kind, count = due.get(power, ("", 0))
        owed = {"build": f"builds {count}", "remove": f"removes {count}",
                "no_site": f"may build {count} but cannot (no free owned home centre, or civil disorder)"}.get(kind,
                                                                                                              "no adjustment")
        units = len(result.units.get(power, []))
        lines.append(f"  {power}: gains {', '.join(gained) or 'none'}; loses {', '.join(lost) or 'none'}; "
                     f"{len(after.get(power, set()))} centres, {units} units: {owed}")
    return "\n" + "\n".join(lines) if len(lines) > 1 else ""
