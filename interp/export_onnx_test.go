package interp

import (
	"bytes"
	"context"
	"os"
	"regexp"
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"msrepl/graphmode/onnx"
	"msrepl/graphmode/onnx/onnxpb"
	"msrepl/tensor"
)

// onnxModels defines an MLP and MindSpore's LeNet5, and inputs for them.
const onnxModels = `import mindspore as ms
from mindspore import nn, ops, Tensor
import numpy as np

class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(4, 8)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(8, 3)
    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))

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

ms.set_seed(1)
mlp, lenet = MLP(), LeNet5()
x = Tensor(np.ones((2, 4), np.float32))
image = Tensor(np.ones((1, 1, 32, 32), np.float32))
`

// TestExportONNX exports an MLP and LeNet5 to ONNX and reads the files
// back: opset, operators in order, inputs and outputs with their static
// shapes, and every Parameter as an initializer with its bytes.
func TestExportONNX(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv("MS_JIT", "1")
	s := NewSession()
	sink := &recordingSink{}
	code := onnxModels + `ms.export(mlp, x, file_name='mlp', file_format='ONNX')
ms.export(lenet, image, file_name='lenet.v1', file_format='ONNX')
params = {n: {p.name: p for p in net.get_parameters()} for n, net in [('mlp', mlp), ('lenet', lenet)]}
`
	if err := s.Execute(context.Background(), code, sink); err != nil {
		t.Fatalf("%v\n%s", err, sink.buf.String())
	}
	dense := []string{"Gemm", "Add"}
	tests := []struct {
		file, net string
		ops       []string
		in, out   []int64
	}{
		{"mlp.onnx", "mlp", slices.Concat(dense, []string{"Relu"}, dense), []int64{2, 4}, []int64{2, 3}},
		{"lenet.v1.onnx", "lenet", slices.Concat([]string{"Conv", "Relu", "MaxPool", "Conv", "Relu", "MaxPool", "Reshape"},
			dense, []string{"Relu"}, dense, []string{"Relu"}, dense), []int64{1, 1, 32, 32}, []int64{1, 10}},
	}
	for _, tc := range tests {
		t.Run(tc.net, func(t *testing.T) {
			raw, err := os.ReadFile(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			var m onnxpb.ModelProto
			if err := proto.Unmarshal(raw, &m); err != nil {
				t.Fatal(err)
			}
			if ops := m.GetOpsetImport(); m.GetIrVersion() != onnx.IRVersion || len(ops) != 1 || ops[0].GetDomain() != "" || ops[0].GetVersion() != onnx.Opset {
				t.Errorf("IR version %d, opsets %v", m.GetIrVersion(), ops)
			}
			g := m.GetGraph()
			var got []string
			for _, n := range g.GetNode() {
				got = append(got, n.GetOpType())
			}
			if !slices.Equal(got, tc.ops) {
				t.Errorf("operators %v, want %v", got, tc.ops)
			}
			for _, io := range []struct {
				vs    []*onnxpb.ValueInfoProto
				name  string
				shape []int64
			}{{g.GetInput(), "x", tc.in}, {g.GetOutput(), "output", tc.out}} {
				if len(io.vs) != 1 {
					t.Fatalf("%d values where %s is expected", len(io.vs), io.name)
				}
				tt := io.vs[0].GetType().GetTensorType()
				var shape []int64
				for _, d := range tt.GetShape().GetDim() {
					shape = append(shape, d.GetDimValue())
				}
				if io.vs[0].GetName() != io.name || tt.GetElemType() != int32(onnxpb.TensorProto_FLOAT) || !slices.Equal(shape, io.shape) {
					t.Errorf("%s: elem type %d, shape %v; want FLOAT %v", io.vs[0].GetName(), tt.GetElemType(), shape, io.shape)
				}
			}
			inits := map[string]*onnxpb.TensorProto{}
			for _, in := range g.GetInitializer() {
				inits[in.GetName()] = in
			}
			all, _ := s.globals.Get("params")
			params, _ := all.(*Dict).GetStr(tc.net)
			items := params.(*Dict).Items()
			if len(items) == 0 {
				t.Fatal("no Parameters")
			}
			for _, kv := range items {
				name, p := string(kv[0].(Str)), kv[1].(*Tensor).t
				in := inits[name]
				if in == nil {
					t.Errorf("no initializer for %s", name)
					continue
				}
				if !slices.Equal(in.GetDims(), toInt64s(p.Shape())) || in.GetDataType() != int32(onnxpb.TensorProto_FLOAT) {
					t.Errorf("%s: dims %v, type %d; want %v FLOAT", name, in.GetDims(), in.GetDataType(), p.Shape())
				}
				if !bytes.Equal(in.GetRawData(), tensor.AppendStorage(nil, p)) {
					t.Errorf("%s: the initializer's bytes are not the Parameter's", name)
				}
			}
		})
	}
}

// TestExportONNXRefusals: what has no ONNX form is named, with its line.
func TestExportONNXRefusals(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv("MS_JIT", "1")
	tests := []struct{ code, want string }{
		{"def show(x):\n    print(x)\n    return x * 2\nms.export(show, x, file_name='show', file_format='ONNX')",
			`ValueError: For 'export', 'show' cannot be exported to ONNX: 'Print' \(node \d+, cell\[2\] line 2\) has no ONNX form\n`},
		{"def branch(x):\n    if x.sum() > 0:\n        return x * 2\n    return x - 1\nms.export(branch, x, file_name='branch', file_format='ONNX')",
			`ValueError: For 'export', 'branch' cannot be exported to ONNX: 'If' \(node \d+, cell\[3\] line 2\) has no ONNX form yet: graphs that branch or loop on Tensors are not exported to ONNX\n`},
		{"def rem(x):\n    return x % 0.5\nms.export(rem, x, file_name='rem', file_format='ONNX')",
			`ValueError: For 'export', 'rem' cannot be exported to ONNX: 'FloorMod' \(node \d+, cell\[4\] line 2\) has no ONNX form for Float32 tensors\n`},
		{"ms.export(mlp, x, file_name='no/such/dir/mlp', file_format='ONNX')",
			`FileNotFoundError: \[Errno 2\] No such file or directory: 'no/such/dir/mlp.onnx'\n`},
	}
	s := NewSession()
	if err := s.Execute(context.Background(), onnxModels, &recordingSink{}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		sink := &recordingSink{}
		if err := s.Execute(context.Background(), tc.code, sink); err == nil || !regexp.MustCompile(tc.want).MatchString(sink.buf.String()) {
			t.Errorf("%s\ngot %v:\n%s\nwant %s", tc.code, err, sink.buf.String(), tc.want)
		}
	}
	if names, _ := os.ReadDir("."); len(names) > 0 {
		t.Errorf("a refused export wrote %s", names[0].Name())
	}
}

func toInt64s(s tensor.Shape) []int64 {
	out := make([]int64, len(s))
	for i, d := range s {
		out[i] = int64(d)
	}
	return out
}
