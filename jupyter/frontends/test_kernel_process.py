"""The msrepl kernel as Jupyter runs it, a process started from its
kernelspec by jupyter_client: interrupts by message and by SIGINT, memory
over 2000 executes, and restart."""
import signal
import time

import pytest
from jupyter_client.manager import start_new_kernel


@pytest.fixture
def kernel():
    km, kc = start_new_kernel(kernel_name="msrepl")
    try:
        yield km, kc
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=False)


def execute(kc, code, timeout=30):
    """Runs code; returns the reply's content and the outputs published."""
    msg_id = kc.execute(code)
    reply = kc.get_shell_msg(timeout=timeout)
    assert reply["parent_header"]["msg_id"] == msg_id
    outputs = []
    while True:
        m = kc.get_iopub_msg(timeout=timeout)
        if m["parent_header"].get("msg_id") != msg_id:
            continue
        if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
            return reply["content"], outputs
        if m["msg_type"] not in ("status", "execute_input"):
            outputs.append(m)


def interrupted_loop(km, kc, interrupt):
    execute(kc, "kept = 'still here'")
    msg_id = kc.execute("while True: pass")
    while True:  # wait until the loop runs
        m = kc.get_iopub_msg(timeout=10)
        if m["msg_type"] == "execute_input" and m["parent_header"]["msg_id"] == msg_id:
            break
    time.sleep(0.2)
    interrupt()
    reply = kc.get_shell_msg(timeout=10)
    assert reply["parent_header"]["msg_id"] == msg_id
    assert reply["content"]["status"] == "error"
    assert reply["content"]["ename"] == "KeyboardInterrupt"
    content, outputs = execute(kc, "kept")
    assert content["status"] == "ok"
    assert outputs[-1]["content"]["data"]["text/plain"] == "'still here'"


def test_interrupt_by_message(kernel):
    km, kc = kernel
    assert km.kernel_spec.interrupt_mode == "message"
    interrupted_loop(km, kc, km.interrupt_kernel)


def test_interrupt_by_sigint(kernel):
    km, kc = kernel
    interrupted_loop(km, kc, lambda: km.signal_kernel(signal.SIGINT))
    # SIGINT while idle is ignored, as IPython ignores it.
    km.signal_kernel(signal.SIGINT)
    time.sleep(0.2)
    assert km.is_alive()
    content, _ = execute(kc, "1 + 1")
    assert content["status"] == "ok"


def resident_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_2000_executes_keep_memory_bounded(kernel):
    km, kc = kernel
    pid = km.provisioner.process.pid
    # Warm up until the heap reaches the size the collector keeps it at.
    for i in range(500):
        execute(kc, f"v = [k * k for k in range({i % 300})]\nlen(v)")
    before = resident_kib(pid)
    for i in range(2000):
        content, _ = execute(kc, f"v = [k * k for k in range({i % 300})]\nlen(v)")
        assert content["status"] == "ok"
    after = resident_kib(pid)
    print(f"kernel resident set: {before / 1024:.1f} MiB before 2000 executes, {after / 1024:.1f} MiB after")
    assert after < before + 16 * 1024, (before, after)


def test_restart_keeps_serving(kernel):
    km, kc = kernel
    execute(kc, "x = 1")
    km.restart_kernel(now=False)
    kc.wait_for_ready(timeout=30)
    content, outputs = execute(kc, "x")
    assert content["status"] == "error" and content["ename"] == "NameError"
    content, outputs = execute(kc, "2 * 21")
    assert outputs[-1]["content"]["data"]["text/plain"] == "42"
