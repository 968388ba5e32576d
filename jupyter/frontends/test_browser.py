"""The visualization notebook, run by nbclient, exported to HTML by
nbconvert and rendered by headless Chromium (Debian's chromium, which
.ci/run installs): the page is not blank, its DOM holds the IR graph's op
names as SVG text, and the loss plot is there as a PNG that decodes."""
import base64
import io
import os
import pathlib
import shutil
import subprocess
import tempfile

import nbformat
import pytest
from nbclient import NotebookClient
from nbconvert import HTMLExporter
from PIL import Image

from conftest import ROOT

NOTEBOOK = ROOT / "notebooks" / "06_visualization.ipynb"
CHROMIUM = shutil.which("chromium")

# Flags for a closed network: without the background ones Chromium keeps
# trying to reach Google's hosts.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars"]


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(nb, kernel_name="msrepl", timeout=120,
                   resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    exporter = HTMLExporter(template_name="classic")
    # nbconvert 6.5's sanitizer keeps an SVG output's <svg> tag and text
    # but drops every element inside it; Jupyter's own front ends show a
    # trusted notebook's SVG as it is, and so does this page.
    exporter.register_filter("clean_html", lambda html: html)
    body, _ = exporter.from_notebook_node(nb)
    out = tmp_path_factory.mktemp("browser")
    html = out / "visualization.html"
    html.write_text(body, encoding="utf-8")
    return nb, html, out


def chromium(args, out):
    if CHROMIUM is None:
        pytest.fail("chromium is not installed; .ci/run installs Debian's chromium")
    profile = tempfile.mkdtemp(dir=out)
    run = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args],
                         capture_output=True, timeout=120)
    assert run.returncode == 0, run.stderr.decode(errors="replace")[-2000:]
    return run.stdout


def test_dom_has_the_graph_and_the_plot(page):
    nb, html, out = page
    dom = chromium(["--dump-dom", html.as_uri()], out).decode()
    # The IR graph is inline SVG, so its op names are text in the page.
    assert 'class="msrepl-graph"' in dom
    for op in ["Mul", "ReduceSum", "Sin", "Tanh", "MatMul"]:
        assert f">{op}</text>" in dom, op
    for marker in ["✓", "✗", "⤾", "⥁"]:
        assert marker in dom, marker
    assert 'class="node op backward"' in dom
    # The loss curve is a PNG in the page, and it decodes.
    pngs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
            if o.output_type == "display_data" and "image/png" in o.data]
    assert len(pngs) >= 3, "loss curve, digits and weights"
    loss = Image.open(io.BytesIO(base64.b64decode(pngs[0].data["image/png"])))
    assert loss.size == (700, 350)
    assert pngs[0].data["image/png"][:40] in dom


def test_screenshot_is_not_blank(page):
    _, html, out = page
    shot = out / "page.png"
    chromium([f"--screenshot={shot}", "--window-size=1280,2400", html.as_uri()], out)
    img = Image.open(shot).convert("RGB")
    assert img.size == (1280, 2400)
    colours = img.getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 50, "a page of few colours"
    white = sum(n for n, c in colours if c == (255, 255, 255))
    assert white < 0.97 * img.size[0] * img.size[1], "the page is almost all white"
    if os.environ.get("MSREPL_KEEP_SCREENSHOT"):
        shutil.copy(shot, os.environ["MSREPL_KEEP_SCREENSHOT"])
