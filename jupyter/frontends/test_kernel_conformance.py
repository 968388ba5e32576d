"""The official Jupyter kernel test suite (jupyter_kernel_test, Debian's
python3-jupyter-kernel-test) against `msrepl kernel`, with every class
attribute set, so that every test method runs. The template is
../shared/anchors/test_ipykernel_conformance.py, run against ipykernel.
"""
import unittest

import jupyter_kernel_test as jkt


class MsreplKernelTests(jkt.KernelTests):
    kernel_name = "msrepl"
    language_name = "python"
    file_extension = ".py"

    code_hello_world = "print('hello, world')"
    code_stderr = "import sys; print('test', file=sys.stderr)"

    completion_samples = [
        {"text": "zi", "matches": {"zip"}},
        {"text": "%time", "matches": {"time", "timeit"}},
        {"text": "import mindsp", "matches": {"mindspore"}},
        {"text": "pri"},
    ]

    complete_code_samples = ["1", "print('hello, world')", "def f(x):\n  return x*2\n\n\n",
                             "%time 1 + 1", "@jit\ndef f(x):\n    return x\n\n"]
    incomplete_code_samples = ["print('''hello", "def f(x):\n  x*2", "@jit\ndef f(x):", "x = [1,"]
    invalid_code_samples = ["import = 7q", "x = )"]

    code_page_something = "len?"
    code_generate_error = "raise ValueError('bad value')"

    code_execute_result = [
        {"code": "1+2+3", "result": "6"},
        {"code": "[n*n for n in range(1, 4)]", "result": "[1, 4, 9]"},
        {"code": "import mindspore as ms; ms.Tensor([1, 2]) * 2",
         "result": "Tensor(shape=[2], dtype=Int64, value=[2 4])"},
        {"code": "import mindspore as ms; ms.Tensor([[1.0, 2.0]])", "mime": "text/html"},
    ]

    code_display_data = [
        {"code": "from IPython.display import HTML, display; display(HTML('<b>test</b>'))", "mime": "text/html"},
        {"code": "from IPython.display import Math, display; display(Math('\\\\frac{1}{2}'))", "mime": "text/latex"},
        {"code": "import mindspore as ms; display(ms.ops.ones((2, 3)))", "mime": "text/html"},
    ]

    code_history_pattern = "1?2*"
    supported_history_operations = ("tail", "range", "search")

    code_inspect_sample = "zip"
    code_clear_output = "clear_output()"


if __name__ == "__main__":
    unittest.main()
