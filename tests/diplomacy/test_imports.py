"""No module of the Diplomacy room imports a module that imports it back, not even from inside a
function (imports inside functions used to hide the cycles cli/game/game_cli,
adjustments/phases/retreats, models/variants)."""

import ast
from pathlib import Path

import adjudicator.diplomacy

PACKAGE = Path(adjudicator.diplomacy.__file__).parent
PREFIX = "adjudicator.diplomacy"


def _imports() -> dict[str, set[str]]:
    modules = {f"{PREFIX}.{p.stem}" if p.stem != "__init__" else PREFIX: p for p in PACKAGE.glob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = []
            if isinstance(node, ast.ImportFrom) and node.module:
                # `from adjudicator.diplomacy import phases` imports the module phases
                targets = [f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules else node.module
                           for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            graph[name] |= {t for t in targets if t in modules and t != name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    trail: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        trail.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return trail[trail.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        state[node] = 2
        trail.pop()
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_no_import_cycles_in_the_diplomacy_room():
    graph = _imports()
    assert graph[f"{PREFIX}.cli"], "the import graph was read"
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_the_cycle_finder_finds_one():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
