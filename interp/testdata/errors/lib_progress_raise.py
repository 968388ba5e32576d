# not-cpython: msrepl's progress bar, tqdm's in CPython.
# An exception in a loop over a progress bar closes the bar: its line
# (on stderr, drawn with '\r') ends before the traceback, and the
# exception propagates.
from msrepl import progress

print("training")
for epoch in progress(range(3), desc="epochs", ncols=50):
    raise RuntimeError("loss is nan")
