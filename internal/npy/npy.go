// Package npy reads and writes numpy's .npy files: a magic string, a
// version, a header that is a Python dict literal (descr, fortran_order,
// shape) and the array's bytes in C order. It owns the format only: an
// Array is a dtype name, a shape and little-endian bytes, and it knows
// nothing of tensors.
package npy

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

const magic = "\x93NUMPY"

// An Array is an .npy file's contents. DType is numpy's name without
// byte order ("float32", "int64", "bool", ...); Data holds the elements
// little-endian, in C order.
type Array struct {
	DType string
	Shape []int
	Data  []byte
}

// itemSize is the bytes per element of each dtype this package knows,
// and descr its numpy descr.
var dtypes = map[string]struct {
	descr string
	size  int
}{
	"bool": {"|b1", 1}, "uint8": {"|u1", 1}, "int8": {"|i1", 1}, "int16": {"<i2", 2}, "int32": {"<i4", 4},
	"int64": {"<i8", 8}, "float16": {"<f2", 2}, "float32": {"<f4", 4}, "float64": {"<f8", 8},
}

// Size is the number of elements of a shape.
func Size(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}

// Write writes a as an .npy file, format 1.0 (2.0 when the header needs
// it).
func Write(w io.Writer, a *Array) error {
	dt, ok := dtypes[a.DType]
	if !ok {
		return fmt.Errorf("npy: cannot write dtype %s", a.DType)
	}
	if len(a.Data) != Size(a.Shape)*dt.size {
		return fmt.Errorf("npy: %d bytes for a %s array of shape %v", len(a.Data), a.DType, a.Shape)
	}
	dims := make([]string, len(a.Shape))
	for i, d := range a.Shape {
		dims[i] = strconv.Itoa(d)
	}
	shape := "(" + strings.Join(dims, ", ")
	if len(dims) == 1 {
		shape += ","
	}
	shape += ")"
	header := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': %s, }", dt.descr, shape)
	// The header is padded with spaces and a newline so that the data
	// start on a multiple of 64 bytes, as numpy writes it.
	major, lenSize := byte(1), 2
	if len(magic)+2+2+len(header)+1 > 65535 {
		major, lenSize = 2, 4
	}
	pre := len(magic) + 2 + lenSize
	pad := 64 - (pre+len(header)+1)%64
	if pad == 64 {
		pad = 0
	}
	header += strings.Repeat(" ", pad) + "\n"
	var b bytes.Buffer
	b.WriteString(magic)
	b.WriteByte(major)
	b.WriteByte(0)
	if lenSize == 2 {
		binary.Write(&b, binary.LittleEndian, uint16(len(header)))
	} else {
		binary.Write(&b, binary.LittleEndian, uint32(len(header)))
	}
	b.WriteString(header)
	b.Write(a.Data)
	_, err := w.Write(b.Bytes())
	return err
}

var (
	descrRE   = regexp.MustCompile(`'descr'\s*:\s*'([^']*)'`)
	fortranRE = regexp.MustCompile(`'fortran_order'\s*:\s*(True|False)`)
	shapeRE   = regexp.MustCompile(`'shape'\s*:\s*\(([^)]*)\)`)
)

// Read reads an .npy file. Big-endian arrays are converted; Fortran-order
// arrays and dtypes other than bool, integers and floats are refused.
func Read(r io.Reader) (*Array, error) {
	pre := make([]byte, len(magic)+2)
	if _, err := io.ReadFull(r, pre); err != nil {
		return nil, errors.New("npy: not an .npy file (too short)")
	}
	if string(pre[:len(magic)]) != magic {
		return nil, errors.New("npy: not an .npy file (no \\x93NUMPY magic)")
	}
	var hlen int
	switch major := pre[len(magic)]; major {
	case 1:
		var n uint16
		if err := binary.Read(r, binary.LittleEndian, &n); err != nil {
			return nil, errors.New("npy: the header is truncated")
		}
		hlen = int(n)
	case 2, 3:
		var n uint32
		if err := binary.Read(r, binary.LittleEndian, &n); err != nil {
			return nil, errors.New("npy: the header is truncated")
		}
		if n > 1<<24 {
			return nil, fmt.Errorf("npy: a header of %d bytes", n)
		}
		hlen = int(n)
	default:
		return nil, fmt.Errorf("npy: format version %d.%d, newer than this reader knows", major, pre[len(magic)+1])
	}
	header := make([]byte, hlen)
	if _, err := io.ReadFull(r, header); err != nil {
		return nil, errors.New("npy: the header is truncated")
	}
	h := string(header)
	descr := descrRE.FindStringSubmatch(h)
	fortran := fortranRE.FindStringSubmatch(h)
	shapeM := shapeRE.FindStringSubmatch(h)
	if descr == nil || fortran == nil || shapeM == nil {
		return nil, fmt.Errorf("npy: a header without descr, fortran_order or shape: %q", strings.TrimSpace(h))
	}
	if fortran[1] == "True" {
		return nil, errors.New("npy: Fortran-order arrays are not supported; save np.ascontiguousarray(a)")
	}
	var shape []int
	for _, f := range strings.Split(shapeM[1], ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		d, err := strconv.Atoi(strings.TrimSuffix(f, "L"))
		if err != nil || d < 0 {
			return nil, fmt.Errorf("npy: a shape of (%s)", shapeM[1])
		}
		shape = append(shape, d)
	}
	name, bigEndian := "", false
	for n, dt := range dtypes {
		d := descr[1]
		if d == dt.descr || d[1:] == dt.descr[1:] && (d[0] == '=' || d[0] == '<' || d[0] == '|') {
			name = n
		} else if d[0] == '>' && d[1:] == dt.descr[1:] {
			name, bigEndian = n, true
		}
	}
	if name == "" {
		return nil, fmt.Errorf("npy: dtype %s is not supported (bool, integers and floats are)", descr[1])
	}
	size := dtypes[name].size
	n := Size(shape)
	if n < 0 || n > 1<<31/size {
		return nil, fmt.Errorf("npy: an array of shape %v is too big", shape)
	}
	data := make([]byte, n*size)
	if _, err := io.ReadFull(r, data); err != nil {
		return nil, fmt.Errorf("npy: the data are truncated: a %s array of shape %v needs %d bytes", name, shape, len(data))
	}
	if bigEndian && size > 1 {
		for i := 0; i < len(data); i += size {
			for a, b := i, i+size-1; a < b; a, b = a+1, b-1 {
				data[a], data[b] = data[b], data[a]
			}
		}
	}
	return &Array{DType: name, Shape: shape, Data: data}, nil
}
