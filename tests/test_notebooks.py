"""The notebooks run from top to bottom (their own asserts check each story) and draw what a
reader looks at: the HNG game's chart, the board of a contested turn, the tallies of a referendum."""

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def _execute(name: str) -> nbformat.NotebookNode:
    path = NOTEBOOKS / f"{name}.ipynb"
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=180, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    return nb


def _outputs(nb: nbformat.NotebookNode) -> tuple[str, set[str]]:
    code = [c for c in nb.cells if c.cell_type == "code"]
    text = "".join(o.get("text", "") for c in code for o in c.outputs)
    kinds = {kind for c in code for o in c.outputs for kind in o.get("data", {})}
    return text, kinds


def test_hng_walkthrough_tells_its_story_with_a_chart():
    text, kinds = _outputs(_execute("hng-walkthrough"))
    assert "winners: ['alice']" in text
    assert "winners after replaying the plan: ['dave']" in text
    assert "image/png" in kinds  # the pot and each party's tokens, week by week


@pytest.mark.parametrize("name, shown, drawn", [
    ("diplomacy-contested-turn", "dislodged by the unit from MUN", "image/svg+xml"),
    ("cfj-why-tree", "rules of the paradox", None),
    ("referendum", "OUTCOME: ADOPTED", "image/png"),
])
def test_area_notebooks_execute(name: str, shown: str, drawn: str | None):
    text, kinds = _outputs(_execute(name))
    assert shown in text
    if drawn:
        assert drawn in kinds
