package interp

import (
	"strconv"
	"strings"
)

// The containers of mindspore.nn, SequentialCell and CellList, and the
// wrapper WithLossCell. A container's cells are its attributes "0", "1",
// ... in order, so that Cell's parameter walk and repr see them as
// MindSpore's _cells; each cell's Parameters are renamed with its key as
// MindSpore's update_parameters_name renames them.

func init() {
	for _, d := range []*cellDef{sequentialCellDef, cellListDef, withLossCellDef, trainOneStepCellDef} {
		d.register()
	}
	withLossCellDef.class.Dict.Set("backbone_network", getter("backbone_network", func(x Value) Value {
		v, _ := x.(*Instance).Dict().GetStr("_backbone")
		return v
	}))
}

var sequentialCellDef = &cellDef{
	name: "SequentialCell", module: "mindspore.nn.layer.container",
	doc: "SequentialCell(*args): runs its cells in order, each on the previous one's output; built from cells, " +
		"a list of cells or an ordered dict of named cells.",
	params: []primParam{{"*args", nil}},
	init: func(th *Thread, self *Instance, a cellArgs) error {
		args := a["*args"].(Tuple)
		if len(args) == 1 {
			switch v := args[0].(type) {
			case *List:
				args = Tuple(v.elems)
			case *Dict:
				var cells []namedCell
				for _, kv := range v.Items() {
					key, ok := kv[0].(Str)
					if !ok {
						return TypeErrorf("For 'SequentialCell', the keys of the cells must be str, but got %s.", TypeName(kv[0]))
					}
					c, err := validCell("SequentialCell", kv[1])
					if err != nil {
						return err
					}
					cells = append(cells, namedCell{string(key), c})
				}
				return th.setCellSeq(self, cells, "")
			case *Instance:
			default:
				return TypeErrorf("For 'SequentialCell', the 'args[0]' must be list or orderedDict, but got %s", TypeName(v))
			}
		}
		return th.setCellSeq(self, nil, "", args...)
	},
	inputs: []primParam{{"input_data", nil}},
	construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
		x := in[0]
		for _, c := range cellChildren(self) {
			var err error
			if x, err = th.Call(c.cell, []Value{x}, nil); err != nil {
				return nil, err
			}
		}
		return x, nil
	},
	methods: cellSeqMethods("SequentialCell", true),
}

var cellListDef = &cellDef{
	name: "CellList", module: "mindspore.nn.layer.container",
	doc:    "CellList(*args): a list of cells, indexable like a Python list; it has no construct.",
	params: []primParam{{"*args", nil}},
	init: func(th *Thread, self *Instance, a cellArgs) error {
		args := a["*args"].(Tuple)
		if len(args) > 1 {
			return TypeErrorf("CellList.__init__() takes from 1 to 2 positional arguments but %d were given", len(args)+1)
		}
		if len(args) == 0 {
			return nil
		}
		return th.extendCells("CellList", self, args[0])
	},
	methods: cellSeqMethods("CellList", false),
}

// validCell is MindSpore's _valid_cell.
func validCell(cls string, v Value) (*Instance, error) {
	if c, ok := v.(*Instance); ok && c.class.IsSubclass(NNCellClass) {
		return c, nil
	}
	return nil, TypeErrorf("For '%s', each cell must be subclass of Cell, but got %s.", cls, TypeName(v))
}

// validIndex is MindSpore's _valid_index: an index in [-n, n), made
// non-negative.
func validIndex(cls string, n int, v Value) (int, error) {
	if t, ok := v.(*Tensor); ok {
		iv, err := t.Int(nil)
		if err != nil {
			return 0, err
		}
		v = iv
	}
	i, ok := v.(Int)
	if !ok {
		return 0, TypeErrorf("For '%s', the type of 'index' must be int, but got %s.", cls, TypeName(v))
	}
	if int(i) < -n || int(i) >= n {
		return 0, IndexErrorf("For '%s', the value range of 'index' must be [%d, %d), but got %d.", cls, -n, n, i)
	}
	return (int(i) + n) % n, nil
}

// paramPrefix is MindSpore's _get_prefix_and_index: the prefix that the
// names of a container's Parameters carry before their cell's key (the
// path of the container in its parents), and the position of the key.
func paramPrefix(cells []namedCell) string {
	for _, c := range cells {
		ps := cellParams(c.cell, "")
		if len(ps) == 0 {
			continue
		}
		parts := strings.Split(ps[0].param.param.name, ".")
		for i, p := range parts {
			if p == c.path {
				if i == 0 {
					return ""
				}
				return strings.Join(parts[:i], ".") + "."
			}
		}
		return ""
	}
	return ""
}

// renameParams is MindSpore's update_parameters_name: each Parameter of
// the cell is named prefix + its path in the cell.
func renameParams(c *Instance, prefix string) {
	for _, p := range cellParams(c, "") {
		p.param.param.name = prefix + p.path
	}
}

// setCellSeq makes cells, then more (keyed by position), the container's
// cells, renaming their Parameters with prefix and their keys.
func (th *Thread) setCellSeq(self *Instance, cells []namedCell, prefix string, more ...Value) error {
	cls := self.class.Name
	for _, v := range more {
		c, err := validCell(cls, v)
		if err != nil {
			return err
		}
		cells = append(cells, namedCell{strconv.Itoa(len(cells)), c})
	}
	d := self.Dict()
	for _, old := range cellChildren(self) {
		d.DeleteStr(old.path)
	}
	for _, c := range cells {
		d.SetStr(c.path, c.cell)
		renameParams(c.cell, prefix+c.path+".")
	}
	return nil
}

// renumbered keys cells by position.
func renumbered(cells []namedCell) []namedCell {
	out := make([]namedCell, len(cells))
	for i, c := range cells {
		out[i] = namedCell{strconv.Itoa(i), c.cell}
	}
	return out
}

// extendCells appends the cells of an iterable.
func (th *Thread) extendCells(cls string, self *Instance, v Value) error {
	items, err := th.iterateAll(v)
	if err != nil {
		return TypeErrorf("For '%s', the new cells wanted to append should be instance of list, but got %s.", cls, TypeName(v))
	}
	cells := cellChildren(self)
	return th.setCellSeq(self, cells, paramPrefix(cells), items...)
}

// cellSeqMethods are the list methods of SequentialCell and CellList. A
// slice of a SequentialCell keeps its cells' keys, as MindSpore builds it
// from an ordered dict; a slice of a CellList renumbers them.
func cellSeqMethods(cls string, keepKeys bool) map[string]BuiltinFunc {
	self := func(fname string, v Value) (*Instance, []namedCell, error) {
		s, err := cellSelf(fname, v)
		if err != nil {
			return nil, nil, err
		}
		return s, cellChildren(s), nil
	}
	return map[string]BuiltinFunc{
		"__len__": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			_, cells, err := self("__len__", args[0])
			if err != nil {
				return nil, err
			}
			return MakeInt(int64(len(cells))), nil
		},
		"__iter__": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			_, cells, err := self("__iter__", args[0])
			if err != nil {
				return nil, err
			}
			items := make([]Value, len(cells))
			for i, c := range cells {
				items[i] = c.cell
			}
			return th.listIterator(items), nil
		},
		"__getitem__": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("__getitem__", args[1:], kwnames, 1, 1); err != nil {
				return nil, err
			}
			s, cells, err := self("__getitem__", args[0])
			if err != nil {
				return nil, err
			}
			if sl, ok := args[1].(*Slice); ok {
				picked, err := sliceCells(cells, sl)
				if err != nil {
					return nil, err
				}
				if keepKeys {
					out, err := th.Call(s.class, nil, nil)
					if err != nil {
						return nil, err
					}
					return out, th.setCellSeq(out.(*Instance), picked, "")
				}
				items := make([]Value, len(picked))
				for i, c := range picked {
					items[i] = c.cell
				}
				return th.Call(s.class, []Value{NewList(items)}, nil)
			}
			i, err := validIndex(cls, len(cells), args[1])
			if err != nil {
				return nil, err
			}
			return cells[i].cell, nil
		},
		"__setitem__": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("__setitem__", args[1:], kwnames, 2, 2); err != nil {
				return nil, err
			}
			s, cells, err := self("__setitem__", args[0])
			if err != nil {
				return nil, err
			}
			c, err := validCell(cls, args[2])
			if err != nil {
				return nil, err
			}
			i, err := validIndex(cls, len(cells), args[1])
			if err != nil {
				return nil, err
			}
			prefix := paramPrefix(cells)
			cells[i].cell = c
			return None, th.setCellSeq(s, cells, prefix)
		},
		"__delitem__": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("__delitem__", args[1:], kwnames, 1, 1); err != nil {
				return nil, err
			}
			s, cells, err := self("__delitem__", args[0])
			if err != nil {
				return nil, err
			}
			prefix := paramPrefix(cells)
			var kept []namedCell
			if sl, ok := args[1].(*Slice); ok {
				gone, err := sliceCells(cells, sl)
				if err != nil {
					return nil, err
				}
				for _, c := range cells {
					if !containsCell(gone, c) {
						kept = append(kept, c)
					}
				}
			} else {
				i, err := validIndex(cls, len(cells), args[1])
				if err != nil {
					return nil, err
				}
				kept = append(cells[:i:i], cells[i+1:]...)
			}
			return None, th.setCellSeq(s, renumbered(kept), prefix)
		},
		"append": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("append", args[1:], kwnames, 1, 1); err != nil {
				return nil, err
			}
			s, cells, err := self("append", args[0])
			if err != nil {
				return nil, err
			}
			return None, th.setCellSeq(s, cells, paramPrefix(cells), args[1])
		},
		"extend": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("extend", args[1:], kwnames, 1, 1); err != nil {
				return nil, err
			}
			s, err := cellSelf("extend", args[0])
			if err != nil {
				return nil, err
			}
			return s, th.extendCells(cls, s, args[1])
		},
		"insert": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			var index, cell Value
			if err := UnpackArgs("insert", args[1:], kwnames, "index", &index, "cell", &cell); err != nil {
				return nil, err
			}
			s, cells, err := self("insert", args[0])
			if err != nil {
				return nil, err
			}
			i, err := validIndex(cls, len(cells)+1, index)
			if err != nil {
				return nil, err
			}
			c, err := validCell(cls, cell)
			if err != nil {
				return nil, err
			}
			prefix := paramPrefix(cells)
			grown := append(append(append([]namedCell(nil), cells[:i]...), namedCell{"", c}), cells[i:]...)
			return None, th.setCellSeq(s, renumbered(grown), prefix)
		},
	}
}

// sliceCells picks the cells a slice selects.
func sliceCells(cells []namedCell, sl *Slice) ([]namedCell, error) {
	start, stop, step, err := sl.indices(len(cells))
	if err != nil {
		return nil, err
	}
	var out []namedCell
	for i := start; (step > 0 && i < stop) || (step < 0 && i > stop); i += step {
		out = append(out, cells[i])
	}
	return out, nil
}

func containsCell(cells []namedCell, c namedCell) bool {
	for _, x := range cells {
		if x == c {
			return true
		}
	}
	return false
}

var withLossCellDef = &cellDef{
	name: "WithLossCell", module: "mindspore.nn.wrap.cell_wrapper",
	doc:    "WithLossCell(backbone, loss_fn): the loss of the backbone's output, loss_fn(backbone(data), label).",
	params: []primParam{{"backbone", nil}, {"loss_fn", nil}},
	init: func(th *Thread, self *Instance, a cellArgs) error {
		// auto_prefix=False: the backbone's Parameters keep their names.
		d := self.Dict()
		d.SetStr("_backbone", a["backbone"])
		d.SetStr("_loss_fn", a["loss_fn"])
		return nil
	},
	inputs: []primParam{{"data", nil}, {"label", nil}},
	construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
		backbone, err := th.GetAttr(self, "_backbone")
		if err != nil {
			return nil, err
		}
		lossFn, err := th.GetAttr(self, "_loss_fn")
		if err != nil {
			return nil, err
		}
		out, err := th.Call(backbone, []Value{in[0]}, nil)
		if err != nil {
			return nil, err
		}
		return th.Call(lossFn, []Value{out, in[1]}, nil)
	},
}
