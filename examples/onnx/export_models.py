"""Exports an MLP and MindSpore's LeNet5 to ONNX, each with an input and
the output msrepl computes for it, for check_onnx.py beside this file to
check with the onnx package.

    msrepl run examples/onnx/export_models.py DIR

writes DIR/mlp.onnx, DIR/lenet5.onnx and, for each, NAME_input.npy and
NAME_output.npy.
"""
import sys

import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(4, 16)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(16, 3)

    def construct(self, x):
        return ops.softmax(self.fc2(self.relu(self.fc1(x))))


class LeNet5(nn.Cell):
    def __init__(self, num_class=10, num_channel=1):
        super().__init__()
        self.conv1 = nn.Conv2d(num_channel, 6, 5, pad_mode='valid')
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode='valid')
        self.fc1 = nn.Dense(16 * 5 * 5, 120)
        self.fc2 = nn.Dense(120, 84)
        self.fc3 = nn.Dense(84, num_class)
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        return self.fc3(x)


out = sys.argv[1] if len(sys.argv) > 1 else "."
ms.set_seed(1)
np.random.seed(1)
for name, net, shape in [("mlp", MLP(), (2, 4)), ("lenet5", LeNet5(), (2, 1, 32, 32))]:
    x = np.random.randn(*shape).astype(np.float32)
    ms.export(net, Tensor(x), file_name=out + "/" + name, file_format="ONNX")
    y = net(Tensor(x)).asnumpy()
    np.save(out + "/" + name + "_input.npy", x)
    np.save(out + "/" + name + "_output.npy", y)
    print(name + ".onnx:", shape, "->", y.shape)
