"""The HNG walkthrough notebook runs from top to bottom (its own asserts check the story)."""

from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "hng-walkthrough.ipynb"


def test_walkthrough_notebook_executes():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    outputs = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.outputs)
    assert "winners: ['alice']" in outputs
    assert "winners after replaying the plan: ['dave']" in outputs
