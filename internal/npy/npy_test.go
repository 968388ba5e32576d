package npy

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	for _, a := range []*Array{
		{"float32", []int{2, 3}, make([]byte, 24)},
		{"int64", []int{4}, make([]byte, 32)},
		{"bool", []int{}, []byte{1}},
		{"uint8", []int{0, 5}, nil},
	} {
		var b bytes.Buffer
		if err := Write(&b, a); err != nil {
			t.Fatal(err)
		}
		if b.Len()-len(a.Data) != 128 && b.Len()-len(a.Data) != 64 {
			t.Errorf("%v: the data start at %d, not a multiple of 64", a.Shape, b.Len()-len(a.Data))
		}
		got, err := Read(&b)
		if err != nil {
			t.Fatal(err)
		}
		if got.DType != a.DType || !slices.Equal(got.Shape, a.Shape) || !bytes.Equal(got.Data, a.Data) {
			t.Errorf("read back %+v, want %+v", got, a)
		}
	}
}

func TestReadErrors(t *testing.T) {
	var good bytes.Buffer
	Write(&good, &Array{"float32", []int{2}, make([]byte, 8)})
	raw := good.Bytes()
	tests := []struct {
		data []byte
		want string
	}{
		{[]byte("PK"), "too short"},
		{[]byte("hello world, not npy"), "no \\x93NUMPY magic"},
		{raw[:20], "header is truncated"},
		{raw[:len(raw)-2], "data are truncated"},
		{bytes.Replace(raw, []byte("<f4"), []byte("<c8"), 1), "dtype <c8 is not supported"},
		{bytes.Replace(raw, []byte("False"), []byte("True "), 1), "Fortran-order"},
		{append([]byte("\x93NUMPY\x04\x00"), raw[8:]...), "format version 4.0"},
	}
	for _, tc := range tests {
		if _, err := Read(bytes.NewReader(tc.data)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.data[:min(len(tc.data), 12)], err, tc.want)
		}
	}
}

// TestNumpyReadsOurs checks the files against numpy itself, where the
// machine has it (Debian's python3-numpy).
func TestNumpyReadsOurs(t *testing.T) {
	if _, err := exec.LookPath("/usr/bin/python3"); err != nil {
		t.Skip("no /usr/bin/python3")
	}
	if exec.Command("/usr/bin/python3", "-c", "import numpy").Run() != nil {
		t.Skip("no numpy")
	}
	dir := t.TempDir()
	ours := filepath.Join(dir, "ours.npy")
	var b bytes.Buffer
	Write(&b, &Array{"int32", []int{2, 2}, []byte{1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0}})
	os.WriteFile(ours, b.Bytes(), 0o644)
	theirs := filepath.Join(dir, "theirs.npy")
	script := "import numpy as np, sys\na = np.load(sys.argv[1])\nprint(a.dtype, a.shape, a.sum())\nnp.save(sys.argv[2], np.arange(6, dtype='>f8').reshape(3, 2))"
	out, err := exec.Command("/usr/bin/python3", "-c", script, ours, theirs).CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "int32 (2, 2) 10" {
		t.Fatalf("numpy read %q (%v)", out, err)
	}
	f, err := os.Open(theirs)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	a, err := Read(f)
	if err != nil {
		t.Fatal(err)
	}
	if a.DType != "float64" || !slices.Equal(a.Shape, []int{3, 2}) || a.Data[8*5+7] != 0x40 {
		t.Errorf("numpy's big-endian file read as %v %v % x", a.DType, a.Shape, a.Data[40:])
	}
}
