"""Shared setup of the front-end tests: they run Debian's Jupyter (see
.ci/run) against the msrepl binary, registered as the kernel "msrepl" in a
data folder of its own, so that nothing is installed on the machine.

MSREPL_BIN names the binary; the default is bin/msrepl at the repository's
root, which `go build -o bin/msrepl ./cmd/msrepl` makes.
"""
import os
import pathlib
import subprocess
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = pathlib.Path(os.environ.get("MSREPL_BIN", ROOT / "bin" / "msrepl")).resolve()

if not BIN.exists():
    raise SystemExit(f"{BIN} does not exist: build it with go build -o bin/msrepl ./cmd/msrepl")

# jupyter_core reads these when it looks a kernel up, so setting them
# before any test starts a kernel is enough.
DATA_DIR = tempfile.mkdtemp(prefix="msrepl-jupyter-")
os.environ["JUPYTER_DATA_DIR"] = DATA_DIR
os.environ["JUPYTER_PATH"] = DATA_DIR
os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
subprocess.run([str(BIN), "kernel", "install", "--user"], check=True, capture_output=True)
