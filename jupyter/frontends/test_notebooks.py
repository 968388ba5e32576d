"""Every notebook in notebooks/ runs headless under nbclient against the
installed msrepl kernel, with no error output."""
import pathlib

import nbformat
import pytest
from nbclient import NotebookClient

from conftest import ROOT

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 5, NOTEBOOKS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs(path: pathlib.Path):
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, kernel_name="msrepl", timeout=120,
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    errors = []
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            if out.output_type == "error":
                errors.append(f"cell {i}: {out.ename}: {out.evalue}")
    assert not errors, "\n".join(errors)
    # Every code cell ran and was counted.
    counts = [c.execution_count for c in nb.cells if c.cell_type == "code"]
    assert all(isinstance(n, int) for n in counts), counts
