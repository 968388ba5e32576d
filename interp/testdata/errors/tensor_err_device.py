# not-cpython
import mindspore as ms

ms.set_context(device_target="GPU")
