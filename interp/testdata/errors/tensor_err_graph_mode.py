# not-cpython
import mindspore as ms

ms.set_context(mode=ms.GRAPH_MODE)
