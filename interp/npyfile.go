package interp

import (
	"bytes"
	"os"
	"strings"

	"msrepl/devices"
	"msrepl/internal/atomicfile"
	"msrepl/internal/npy"
	"msrepl/tensor"
)

// numpy's .npy files: np.save, np.load, and msrepl run's bundle inputs
// and outputs.

func init() {
	numpyFuncs = append(numpyFuncs,
		numpyFunc{"save", "save(file, arr, allow_pickle=True)", "Writes an array to a .npy file (.npy is added to a name without it).", npSave},
		numpyFunc{"load", "load(file, allow_pickle=False)", "Reads an array from a .npy file.", npLoad})
}

// npyDTypes are the dtypes an .npy file holds as their storage: all but
// float16, which tensors store widened.
var npyDTypes = map[string]tensor.DType{
	"bool": tensor.Bool, "uint8": tensor.UInt8, "int8": tensor.Int8, "int16": tensor.Int16,
	"int32": tensor.Int32, "int64": tensor.Int64, "float32": tensor.Float32, "float64": tensor.Float64,
}

// WriteNpy writes t to path as an .npy file.
func WriteNpy(path string, t *tensor.Tensor) error {
	if t.DType() == tensor.Float16 {
		return ValueErrorf("float16 arrays cannot be saved to .npy yet; save a.astype(np.float32)")
	}
	var b bytes.Buffer
	if err := npy.Write(&b, &npy.Array{DType: t.DType().NumpyName(), Shape: t.Shape(), Data: tensor.AppendStorage(nil, t)}); err != nil {
		return Errorf(ValueErrorClass, "%v", err)
	}
	if err := atomicfile.Write(path, b.Bytes()); err != nil {
		return osError(err, path)
	}
	return nil
}

// ReadNpy reads the .npy file at path as a tensor on dev.
func ReadNpy(path string, dev devices.Device) (*tensor.Tensor, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, osError(err, path)
	}
	defer f.Close()
	a, err := npy.Read(f)
	if err != nil {
		return nil, ValueErrorf("%s: %s", path, strings.TrimPrefix(err.Error(), "npy: "))
	}
	dt, ok := npyDTypes[a.DType]
	if !ok {
		return nil, ValueErrorf("%s: %s arrays cannot be read yet", path, a.DType)
	}
	t, err := tensor.FromStorage(dev, dt, tensor.Shape(a.Shape), a.Data)
	if err != nil {
		return nil, ValueErrorf("%s: %v", path, err)
	}
	return t, nil
}

func npSave(th *Thread, args []Value, kwnames []string) (Value, error) {
	var file, arr Value
	var allowPickle Value = True
	if err := UnpackArgs("save", args, kwnames, "file", &file, "arr", &arr, "allow_pickle?", &allowPickle); err != nil {
		return nil, err
	}
	path, ok := file.(Str)
	if !ok {
		return nil, TypeErrorf("save() file must be a str path, not %s", TypeName(file))
	}
	t, err := th.npAsArray(arr)
	if err != nil {
		return nil, err
	}
	p := string(path)
	if !strings.HasSuffix(p, ".npy") {
		p += ".npy"
	}
	return None, WriteNpy(p, t)
}

func npLoad(th *Thread, args []Value, kwnames []string) (Value, error) {
	var file Value
	var allowPickle Value = False
	if err := UnpackArgs("load", args, kwnames, "file", &file, "allow_pickle?", &allowPickle); err != nil {
		return nil, err
	}
	path, ok := file.(Str)
	if !ok {
		return nil, TypeErrorf("load() file must be a str path, not %s", TypeName(file))
	}
	t, err := ReadNpy(string(path), th.ms().ctx.Dev)
	if err != nil {
		return nil, err
	}
	return npResult(t), nil
}
