"""jupyter console, driven in tmux as a person would type into it, runs a
multi-line cell through the msrepl kernel and shows its result."""
import os
import shutil
import subprocess
import time
import uuid

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None or shutil.which("jupyter") is None,
                                reason="needs tmux and jupyter console")


def capture(session):
    return subprocess.run(["tmux", "capture-pane", "-p", "-J", "-S", "-200", "-t", session],
                          check=True, capture_output=True, text=True).stdout


def wait_for(session, text, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        screen = capture(session)
        if text in screen:
            return screen
        time.sleep(0.1)
    raise AssertionError(f"{text!r} never appeared:\n{capture(session)}")


def send(session, *keys):
    subprocess.run(["tmux", "send-keys", "-t", session, *keys], check=True)


def test_console_multiline_cell():
    session = "msrepl-" + uuid.uuid4().hex[:8]
    env = dict(os.environ, TERM="xterm")
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "160", "-y", "50",
                    "jupyter console --kernel msrepl"], check=True, env=env)
    try:
        screen = wait_for(session, "In [1]:")
        assert "msrepl" in screen  # the kernel's banner
        # A multi-line cell, typed line by line: the console asks the kernel
        # (is_complete_request) whether to continue, and indents the body.
        send(session, "def square(x):", "Enter")
        wait_for(session, "...:")
        send(session, "return x * x", "Enter", "Enter")
        wait_for(session, "In [2]:")
        send(session, "[square(n) for n in range(1, 5)]", "Enter")
        screen = wait_for(session, "Out[2]: [1, 4, 9, 16]")
        send(session, "import mindspore as ms", "Enter")
        wait_for(session, "In [4]:")
        send(session, "ms.ops.add(ms.Tensor([1.0, 2.0]), 1)", "Enter")
        screen = wait_for(session, "Out[4]: Tensor(shape=[2], dtype=Float32, value=[2. 3.])")
        send(session, "1/0", "Enter")
        screen = wait_for(session, "ZeroDivisionError: division by zero")
        send(session, "exit()", "Enter")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            alive = subprocess.run(["tmux", "has-session", "-t", session], capture_output=True).returncode == 0
            if not alive:
                break
            time.sleep(0.2)
        else:
            raise AssertionError("jupyter console did not exit after exit():\n" + capture(session))
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
