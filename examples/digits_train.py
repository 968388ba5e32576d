"""Trains a small convnet on the handwritten digits, eagerly (PyNative).

The data are the 1797 8x8 digits of UCI's "Optical Recognition of
Handwritten Digits" (examples/data/README.md). The script trains on a
random 80% with Adam, prints the loss after each epoch, and reports the
accuracy on the other 20%. While an epoch runs, a progress bar on stderr
(msrepl.progress, msrepl's tqdm) shows its batches and the latest loss.

    msrepl run examples/digits_train.py [--epochs N]
"""
import sys
import time

import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor
from msrepl import progress

EPOCHS = 10
BATCH = 32
if "--epochs" in sys.argv:
    EPOCHS = int(sys.argv[sys.argv.index("--epochs") + 1])

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
ms.set_seed(1)
np.random.seed(1)

here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
table = np.loadtxt(here + "/data/digits.csv.gz", delimiter=",", dtype=np.float32)
images = (table[:, :64] / 16.0).reshape(-1, 1, 8, 8)
labels = table[:, 64].astype(np.int32)

order = np.random.permutation(len(labels))
n_train = len(labels) * 4 // 5
train, test = order[:n_train], order[n_train:]
x_train, y_train = Tensor(images[train]), Tensor(labels[train])
x_test, y_test = Tensor(images[test]), Tensor(labels[test])
print(f"{n_train} training and {len(test)} test images")


class DigitsNet(nn.Cell):
    """Two 3x3 convolutions with max pooling, then two dense layers."""

    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 16, 3, pad_mode="same")
        self.conv2 = nn.Conv2d(16, 32, 3, pad_mode="same")
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()
        self.fc1 = nn.Dense(32 * 2 * 2, 64)
        self.fc2 = nn.Dense(64, 10)

    def construct(self, x):
        x = self.pool(self.relu(self.conv1(x)))
        x = self.pool(self.relu(self.conv2(x)))
        return self.fc2(self.relu(self.fc1(self.flatten(x))))


net = DigitsNet()
loss_fn = nn.CrossEntropyLoss()
optimizer = nn.Adam(net.trainable_params(), learning_rate=0.003)


def forward(x, y):
    logits = net(x)
    return loss_fn(logits, y), logits


grad_fn = ms.value_and_grad(forward, None, optimizer.parameters, has_aux=True)


def train_step(x, y):
    (loss, _), grads = grad_fn(x, y)
    optimizer(grads)
    return loss


start = time.time()
net.set_train(True)
for epoch in range(EPOCHS):
    perm = Tensor(np.random.permutation(n_train))
    total = 0.0
    # leave=False erases the bar when the epoch ends, so that the epoch's
    # line (on stdout) starts at the beginning of the line.
    batches = progress(range(0, n_train, BATCH), desc=f"epoch {epoch + 1}", unit="batch", leave=False)
    for i in batches:
        idx = perm[i:i + BATCH]
        loss = float(train_step(x_train[idx], y_train[idx]))
        total += loss * idx.shape[0]
        batches.set_postfix(loss=loss)
    print(f"epoch {epoch + 1}: loss {total / n_train:.4f}")
net.set_train(False)

predicted = net(x_test).argmax(axis=1)
accuracy = float((predicted == y_test).astype(ms.float32).mean())
print(f"test accuracy: {accuracy * 100:.2f}% ({time.time() - start:.1f} s)")
