"""A BlogNomic file's `expect:` compared with what a command found, as `judge` and `diplomacy
adjudicate` compare theirs: each unmet expectation is one line, and the command exits 1.

An expectation is never ignored: a key this module does not know, or a matter, order or Captain
it names that is not in the file, is refused (InputError, exit 2).

- `matters`: `quorum`, `order` (the order of resolution), `hiatus`, `victories`, `differences`
  (how many reading differences), and per matter id its fields (`MATTER_FIELDS`).
- `watch`: `WATCH_KEYS`; `orders` lists each Order's result (`VALID`, or `[INVALID, reason...]`).
- `game`: each Watch's `expect:` as in `watch`; the game's own `winner`, `how` and
  `differences` ({Watch number: [reading names]}).
- `reachable`: `cooperative` and/or `force` (true/false), and `captain`, the Captain they are
  about (without it: the Captain asked); checked when the Captain asked is that one.
"""

from __future__ import annotations

from typing import Any, Callable

from adjudicator.errors import InputError, excerpt

MATTER_FIELDS = {"for": "for_votes", "against": "against_votes", "popular": "popular", "unpopular": "unpopular",
                 "enact": "can_enact", "fail": "can_fail", "wait": "waiting", "valid": "valid",
                 "invalid": "invalid_because", "vetoed": "vetoed", "self_killed": "self_killed",
                 "improper": "improper_resolution", "next": "next_resolvable", "status": "status",
                 "failed_by_victory": "failed_by_victory"}
EVENT_FIELDS = {"valid": "valid", "invalid": "invalid_because"}
_MATTERS_REPORT = {"quorum": "quorum", "order": "resolution_order", "hiatus": "hiatus", "victories": "victories",
                   "admiral": "admiral", "dormant": "dormant", "awaiting_address": "awaiting_address"}
WATCH_KEYS = ("orders", "vessels", "removed", "sinks", "treasure", "shots", "mines", "built", "ports",
              "specialties", "victory", "armistice", "red_october", "ro_armour", "differences")
GAME_KEYS = ("winner", "how", "differences")
REACHABLE_KEYS = ("captain", "cooperative", "force")


def _mapping(expect: Any, where: str, known: tuple[str, ...] | None = None) -> dict:
    if not isinstance(expect, dict):
        raise InputError(f"{where}: expected a mapping, not {excerpt(expect)}")
    unknown = [key for key in expect if known is not None and key not in known]
    if unknown:
        raise InputError(f"{where}: unknown key {excerpt(unknown[0])} (known: {', '.join(known)})")
    return expect


def _same(actual: Any, wanted: Any) -> bool:
    """A matter's field: a list compared as a set (its order is not part of the answer)."""
    if isinstance(actual, list) and isinstance(wanted, list):
        return sorted(map(str, actual)) == sorted(map(str, wanted))
    return actual == wanted


def _differing(reading_differences: list[str]) -> list[str]:
    """The names of the readings under which the outcome differs ('under NAME=VALUE: ...')."""
    return sorted({d.split("=")[0].removeprefix("under ") for d in reading_differences})


def matters_problems(expect: Any, report) -> list[str]:
    """Unmet expectations of a `matters` file."""
    if expect is None:
        return []
    expect = _mapping(expect, "expect")
    by_id = {m.id: m for m in report.matters}
    events = {e.id: e for e in report.events}
    problems = []
    for key, value in expect.items():
        if key in events:
            for field, wanted in _mapping(value, f"expect: {key}", tuple(EVENT_FIELDS)).items():
                actual = getattr(events[key], EVENT_FIELDS[field])
                if not _same(actual, wanted):
                    problems.append(f"{key}.{field}: expected {wanted!r}, got {actual!r}")
        elif key in _MATTERS_REPORT:
            actual = getattr(report, _MATTERS_REPORT[key])
            if actual != value:
                problems.append(f"{key}: expected {value!r}, got {actual!r}")
        elif key == "differences":
            if len(report.reading_differences) != value:
                problems.append(f"differences: expected {value!r}, got {len(report.reading_differences)}")
        elif key in by_id:
            for field, wanted in _mapping(value, f"expect: {key}", tuple(MATTER_FIELDS)).items():
                actual = getattr(by_id[key], MATTER_FIELDS[field])
                if not _same(actual, wanted):
                    problems.append(f"{key}.{field}: expected {wanted!r}, got {actual!r}")
        else:
            raise InputError(f"expect: {excerpt(key)} is neither a matter nor an event of the file ({', '.join([*by_id, *events]) or 'none'}) "
                             f"nor one of {', '.join([*_MATTERS_REPORT, 'differences'])}")
    return problems


def _order_problems(wanted_orders: Any, report) -> list[str]:
    if not isinstance(wanted_orders, list):
        raise InputError(f"expect: orders: expected a list of results, not {excerpt(wanted_orders)}")
    problems = []
    for number, wanted in enumerate(wanted_orders, 1):
        if number > len(report.orders):
            raise InputError(f"expect: orders: order {number} is expected, but the Watch has {len(report.orders)}")
        got = report.orders[number - 1]
        actual = [got.result, *got.reasons] if isinstance(wanted, list) else got.result
        if actual != wanted:
            problems.append(f"order {number}: expected {wanted!r}, got {actual!r}")
    return problems


def _each(expected: Any, key: str, actual: Callable[[Any], Any], known: Any) -> list[str]:
    """`expected` ({name: value}) against `actual(name)`; a name not in `known` is refused."""
    problems = []
    for name, wanted in _mapping(expected, f"expect: {key}").items():
        if name not in known:
            raise InputError(f"expect: {key}: no {excerpt(name)} in the file (known: {', '.join(map(str, known))})")
        got = actual(name)
        if got != wanted:
            problems.append(f"{key}: {name}: expected {wanted!r}, got {got!r}")
    return problems


def _compare(key: str, wanted: Any, got: Any) -> list[str]:
    return [] if got == wanted else [f"{key}: expected {wanted!r}, got {got!r}"]


def _watch_key_problems(key: str, wanted: Any, report) -> list[str]:
    after = {v.vessel: v.after for v in report.vessels}
    checks: dict[str, Callable[[], list[str]]] = {
        "orders": lambda: _order_problems(wanted, report),
        "vessels": lambda: _each(wanted, key, after.get, after),
        "treasure": lambda: _each(wanted, key, {c.name: c.treasure for c in report.chart.captains}.get,
                                  [c.name for c in report.chart.captains]),
        "ports": lambda: _each(wanted, key, report.ports.get, report.ports),
        "specialties": lambda: _each(wanted, key, report.chart.specialties.get, report.chart.specialties),
        "removed": lambda: [f"removed: {name} is still on the Chart" for name in wanted
                            if name in after or any(v.code.startswith(f"{name}(") for v in report.chart.vessels)],
        "sinks": lambda: _compare(key, sorted(wanted), sorted(v.vessel for v in report.vessels if v.sinks)),
        "shots": lambda: _compare(key, wanted, report.shots),
        "mines": lambda: _compare(key, wanted, sorted(m.square for m in report.chart.mines)),
        "built": lambda: _compare(key, wanted, report.built),
        "victory": lambda: _compare(key, wanted, report.treasure_victory),
        "armistice": lambda: [] if str(wanted) in (report.armistice or "") else
        [f"armistice: expected {wanted!r} in {report.armistice!r}"],
        "red_october": lambda: [] if (report.red_october or "").endswith(str(wanted)) and str(wanted) in report.log
        else [f"red_october: expected {wanted!r}, got {report.red_october!r}"],
        "ro_armour": lambda: _compare(key, wanted, report.chart.red_october.armour if report.chart.red_october
                                      else None),
        "differences": lambda: _compare(key, sorted(wanted), _differing(report.reading_differences)),
    }
    return checks[key]()


def watch_problems(expect: Any, report) -> list[str]:
    """Unmet expectations of one Watch (a `watch` file's, or one Watch's of a game)."""
    if expect is None:
        return []
    problems = []
    for key, wanted in _mapping(expect, "expect", WATCH_KEYS).items():
        problems += _watch_key_problems(key, wanted, report)
    return problems


def game_problems(game, report) -> list[str]:
    """Unmet expectations of a game file: each Watch's, then the game's own."""
    problems = []
    for number, (step, result) in enumerate(zip(game.watches, report.watches), 1):
        problems += [f"Watch {number}: {problem}" for problem in watch_problems(step.expect, result)]
    if game.expect is None:
        return problems
    expect = _mapping(game.expect, "expect", GAME_KEYS)
    for key in ("winner", "how"):
        if key in expect:
            problems += _compare(key, expect[key], getattr(report, key))
    differences = _mapping(expect.get("differences", {}), "expect: differences")
    for number, result in enumerate(report.watches, 1):
        if differences or "differences" in expect:
            problems += [f"Watch {number}: {problem}" for problem in
                         _compare("differences", sorted(differences.get(number, [])),
                                  _differing(result.reading_differences))]
    return problems


def reachable_problems(expect: Any, answer, captains: list[str]) -> list[str]:
    """Unmet expectations of a `reachable` file, for the Captain and the question asked."""
    if expect is None:
        return []
    expect = _mapping(expect, "expect", REACHABLE_KEYS)
    if "captain" in expect and expect["captain"] not in captains:
        raise InputError(f"expect: captain: no Captain {excerpt(expect['captain'])} (Captains: {', '.join(captains)})")
    for question in ("cooperative", "force"):
        if question in expect and not isinstance(expect[question], bool):
            raise InputError(f"expect: {question}: true or false, not {excerpt(expect[question])}")
    if answer.reachable is None:
        return []
    if expect.get("captain", answer.captain) != answer.captain or answer.question not in expect:
        return []
    wanted = expect[answer.question]
    return _compare(f"{answer.question} ({answer.captain})", wanted, answer.reachable)
