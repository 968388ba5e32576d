package interp

import (
	"bufio"
	"compress/gzip"
	"io"
	"os"
	"strconv"
	"strings"

	"msrepl/tensor"
)

func init() {
	numpyFuncs = append(numpyFuncs, numpyFunc{"loadtxt",
		"loadtxt(fname, dtype=float, comments='#', delimiter=None, skiprows=0, usecols=None, max_rows=None)",
		"Loads a table of numbers from a text file, gzip-compressed when its name ends in .gz.", npLoadtxt})
}

// npLoadtxt is numpy's loadtxt for numeric tables: one row per line, one
// column per field, in a 2-D array (1-D for a single row or column, as
// numpy squeezes them).
func npLoadtxt(th *Thread, args []Value, kwnames []string) (Value, error) {
	var fname, dtype, comments, delimiter, skiprows, usecols, maxRows Value = nil, FloatClass, Str("#"), None, MakeInt(0), None, None
	if err := UnpackArgs("loadtxt", args, kwnames, "fname", &fname, "dtype?", &dtype, "comments?", &comments,
		"delimiter?", &delimiter, "skiprows?", &skiprows, "usecols?", &usecols, "max_rows?", &maxRows); err != nil {
		return nil, err
	}
	path, ok := fname.(Str)
	if !ok {
		return nil, TypeErrorf("loadtxt() fname must be a string, not %s", TypeName(fname))
	}
	dt, err := npDTypeArg(dtype)
	if err != nil {
		return nil, err
	}
	opts := loadtxtOptions{}
	if c, ok := comments.(Str); ok {
		opts.comment = string(c)
	}
	if d, ok := delimiter.(Str); ok {
		opts.delimiter = string(d)
	} else if delimiter != None {
		return nil, TypeErrorf("loadtxt() delimiter must be a string or None, not %s", TypeName(delimiter))
	}
	if opts.skip, err = toIndex(skiprows); err != nil {
		return nil, err
	}
	opts.maxRows = -1
	if maxRows != None {
		if opts.maxRows, err = toIndex(maxRows); err != nil {
			return nil, err
		}
	}
	if usecols != None {
		cols, err := th.iterateAll(usecols)
		if err != nil {
			if c, err := toIndex(usecols); err == nil {
				cols = []Value{MakeInt(int64(c))}
			} else {
				return nil, TypeErrorf("loadtxt() usecols must be an int or a sequence of ints, not %s", TypeName(usecols))
			}
		}
		for _, c := range cols {
			i, err := toIndex(c)
			if err != nil {
				return nil, err
			}
			opts.cols = append(opts.cols, i)
		}
	}
	rows, width, err := readTable(string(path), opts)
	if err != nil {
		return nil, err
	}
	shape := tensor.Shape{len(rows), width}
	switch {
	case len(rows) == 1:
		shape = tensor.Shape{width}
	case width == 1:
		shape = tensor.Shape{len(rows)}
	}
	flat := make([]float64, 0, len(rows)*width)
	for _, r := range rows {
		flat = append(flat, r...)
	}
	t, err := th.newTensor(dt, shape)
	if err != nil {
		return nil, err
	}
	for i, v := range flat {
		t.SetFloat(i, v)
	}
	return npArray(t), nil
}

type loadtxtOptions struct {
	comment, delimiter string
	skip, maxRows      int
	cols               []int
}

// readTable reads the numbers of a text table, decompressing .gz files.
// Errors name the file, line and field, as numpy's do.
func readTable(path string, o loadtxtOptions) ([][]float64, int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, osError(err, path)
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			return nil, 0, Errorf(OSErrorClass, "%s: not a gzip file: %v", path, err)
		}
		defer z.Close()
		r = z
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	var rows [][]float64
	width := -1
	for line := 1; sc.Scan(); line++ {
		if line <= o.skip {
			continue
		}
		text := sc.Text()
		if o.comment != "" {
			if i := strings.Index(text, o.comment); i >= 0 {
				text = text[:i]
			}
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		if o.maxRows >= 0 && len(rows) == o.maxRows {
			break
		}
		var fields []string
		if o.delimiter == "" {
			fields = strings.Fields(text)
		} else {
			fields = strings.Split(text, o.delimiter)
		}
		if o.cols != nil {
			picked := make([]string, len(o.cols))
			for i, c := range o.cols {
				if c < 0 {
					c += len(fields)
				}
				if c < 0 || c >= len(fields) {
					return nil, 0, Errorf(ValueErrorClass, "invalid column index %d at row %d with %d columns", o.cols[i], line, len(fields))
				}
				picked[i] = fields[c]
			}
			fields = picked
		}
		if width >= 0 && len(fields) != width {
			return nil, 0, Errorf(ValueErrorClass, "the number of columns changed from %d to %d at row %d; use `usecols` to select a subset and avoid this error", width, len(fields), line)
		}
		width = len(fields)
		row := make([]float64, len(fields))
		for i, s := range fields {
			v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
			if err != nil {
				return nil, 0, Errorf(ValueErrorClass, "could not convert string '%s' to float64 at row %d, column %d.", strings.TrimSpace(s), line, i+1)
			}
			row[i] = v
		}
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		return nil, 0, Errorf(OSErrorClass, "%s: %v", path, err)
	}
	return rows, max(width, 0), nil
}
