package interp

import (
	"strings"

	"msrepl/autodiff"
)

// The mindspore.nn module: Cell, the base of networks, and the layers,
// losses and optimizers built on it. A Cell is an ordinary instance whose
// class derives from nn.Cell; its Parameters and sub-cells are its
// attributes, in the order they were assigned.

func init() {
	RegisterModule("mindspore.nn", newNNModule)
}

// NNCellClass is mindspore.nn.Cell.
var NNCellClass = newMSClass("Cell", "mindspore.nn.cell", ObjectClass, newObject)

func init() {
	NNCellClass.InitAfterNew = true
	NNCellClass.Doc = "The base class of networks: define __init__ and construct, then call the cell."
	defMethods(NNCellClass, map[string]BuiltinFunc{
		"__init__":               cellInit,
		"__setattr__":            cellSetAttr,
		"__call__":               cellCall,
		"__repr__":               cellRepr,
		"set_train":              cellSetTrain,
		"set_grad":               cellSetGrad,
		"trainable_params":       cellTrainableParams,
		"get_parameters":         cellGetParameters,
		"parameters_and_names":   cellParametersAndNames,
		"cells_and_names":        cellCellsAndNames,
		"cells":                  cellCells,
		"name_cells":             cellNameCells,
		"extend_repr":            func(th *Thread, args []Value, kwnames []string) (Value, error) { return Str(""), nil },
		"update_parameters_name": cellUpdateParametersName,
		"set_inputs":             cellSetInputs,
		"get_inputs":             cellGetInputs,
	})
	// A Cell in GRAPH_MODE compiles its construct for the mutable()
	// values it is called with.
	call, _ := NNCellClass.Dict.Get("__call__")
	call.(*Builtin).KeepsMutable = true
}

func newNNModule(s *Session) (*Module, error) {
	m := NewModule("mindspore.nn", "Neural network cells: layers, losses and optimizers.")
	m.Members.Set("Cell", NNCellClass)
	for _, c := range nnLayerClasses() {
		m.Members.Set(c.Name, c)
	}
	return m, nil
}

// nnLayers are the built-in cells, registered by the files that define
// them.
var nnLayers []*Class

func nnLayerClasses() []*Class { return nnLayers }

// cellSelf checks the receiver of a Cell method.
func cellSelf(fname string, v Value) (*Instance, error) {
	inst, ok := v.(*Instance)
	if !ok || !inst.class.IsSubclass(NNCellClass) {
		return nil, TypeErrorf("descriptor '%s' requires a 'Cell' object but received a '%s'", fname, TypeName(v))
	}
	return inst, nil
}

// cellInit is Cell.__init__(self, auto_prefix=True, flags=None).
func cellInit(th *Thread, args []Value, kwnames []string) (Value, error) {
	var autoPrefix, flags Value = True, None
	if err := UnpackArgs("Cell.__init__", args[1:], kwnames, "auto_prefix?", &autoPrefix, "flags?", &flags); err != nil {
		return nil, err
	}
	self, err := cellSelf("__init__", args[0])
	if err != nil {
		return nil, err
	}
	d := self.Dict()
	d.SetStr("training", False)
	d.SetStr("requires_grad", False)
	return None, nil
}

// cellSetAttr is Cell.__setattr__: a Parameter still called by its default
// name takes the attribute's name, and a sub-cell's Parameters get the
// attribute's name as a prefix, as MindSpore names them ("conv1.weight").
func cellSetAttr(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("__setattr__", args[1:], kwnames, 2, 2); err != nil {
		return nil, err
	}
	self, err := cellSelf("__setattr__", args[0])
	if err != nil {
		return nil, err
	}
	name, err := strArg("__setattr__", args[1])
	if err != nil {
		return nil, err
	}
	switch v := args[2].(type) {
	case *Tensor:
		if v.param != nil && v.param.name == "Parameter" {
			v.param.name = name
		}
	case *Instance:
		if v.class.IsSubclass(NNCellClass) && v != self {
			for _, p := range cellParams(v, name+".") {
				p.param.param.name = p.path
			}
		}
	}
	return None, th.genericSetAttr(self, name, args[2], self.Dict)
}

// cellCall is Cell.__call__: it runs construct.
func cellCall(th *Thread, args []Value, kwnames []string) (Value, error) {
	self, err := cellSelf("__call__", args[0])
	if err != nil {
		return nil, err
	}
	construct, err := th.GetAttr(self, "construct")
	if err != nil {
		return nil, err
	}
	// GRAPH_MODE compiles the constructs written in Python; the built-in
	// cells, whose constructs are Go, run as they are.
	if rt := th.session.msrt; rt != nil && rt.graphMode() && !jitDisabled() && len(kwnames) == 0 {
		if m, ok := construct.(*BoundMethod); ok {
			if _, python := m.Fn.(*Function); python {
				if _, capturing := rt.tracer(); !capturing {
					return th.callCellGraph(self, construct, args[1:])
				}
			}
		}
	}
	if rt := th.session.msrt; rt != nil {
		if tape, ok := rt.builder.(*autodiff.Tape); ok {
			if bprop, ok := self.class.Lookup("bprop"); ok {
				return th.callWithBprop(tape, self, construct, bprop, args[1:], kwnames)
			}
		}
	}
	return th.Call(construct, append([]Value(nil), args[1:]...), kwnames)
}

// namedParam is a Parameter with its path from the cell it was found from.
type namedParam struct {
	path  string
	param *Tensor
}

// cellParams lists a cell's Parameters and its sub-cells', depth first in
// attribute order, each once.
func cellParams(c *Instance, prefix string) []namedParam {
	var out []namedParam
	seen := map[*Tensor]bool{}
	var walk func(c *Instance, prefix string, visiting map[*Instance]bool)
	var visit func(v Value, path string, visiting map[*Instance]bool)
	walk = func(c *Instance, prefix string, visiting map[*Instance]bool) {
		if visiting[c] {
			return
		}
		visiting[c] = true
		for _, kv := range c.Dict().Items() {
			name, _ := kv[0].(Str)
			visit(kv[1], prefix+string(name), visiting)
		}
	}
	// visit finds Parameters in an attribute: directly, in a sub-cell, or
	// in a tuple or list of them (an optimizer's state).
	visit = func(v Value, path string, visiting map[*Instance]bool) {
		switch v := v.(type) {
		case *Tensor:
			if v.param != nil && !seen[v] {
				seen[v] = true
				out = append(out, namedParam{path, v})
			}
		case *Instance:
			if v.class.IsSubclass(NNCellClass) {
				walk(v, path+".", visiting)
			}
		case Tuple:
			for _, it := range v {
				if p, ok := it.(*Tensor); ok && p.param != nil {
					visit(p, p.param.name, visiting)
				}
			}
		case *List:
			for _, it := range v.elems {
				if p, ok := it.(*Tensor); ok && p.param != nil {
					visit(p, p.param.name, visiting)
				}
			}
		}
	}
	walk(c, prefix, map[*Instance]bool{})
	return out
}

// namedCell is a cell with its path.
type namedCell struct {
	path string
	cell *Instance
}

// cellChildren lists the direct sub-cells in attribute order.
func cellChildren(c *Instance) []namedCell {
	var out []namedCell
	for _, kv := range c.Dict().Items() {
		if v, ok := kv[1].(*Instance); ok && v != c && v.class.IsSubclass(NNCellClass) {
			name, _ := kv[0].(Str)
			out = append(out, namedCell{string(name), v})
		}
	}
	return out
}

func cellSetTrain(th *Thread, args []Value, kwnames []string) (Value, error) {
	var mode Value = True
	if err := UnpackArgs("set_train", args[1:], kwnames, "mode?", &mode); err != nil {
		return nil, err
	}
	self, err := cellSelf("set_train", args[0])
	if err != nil {
		return nil, err
	}
	on, err := th.Truth(mode)
	if err != nil {
		return nil, err
	}
	var set func(c *Instance)
	set = func(c *Instance) {
		c.Dict().SetStr("training", MakeBool(on))
		for _, ch := range cellChildren(c) {
			set(ch.cell)
		}
	}
	set(self)
	return self, nil
}

func cellSetGrad(th *Thread, args []Value, kwnames []string) (Value, error) {
	var flag Value = True
	if err := UnpackArgs("set_grad", args[1:], kwnames, "requires_grad?", &flag); err != nil {
		return nil, err
	}
	self, err := cellSelf("set_grad", args[0])
	if err != nil {
		return nil, err
	}
	on, err := th.Truth(flag)
	if err != nil {
		return nil, err
	}
	self.Dict().SetStr("requires_grad", MakeBool(on))
	return self, nil
}

func cellTrainableParams(th *Thread, args []Value, kwnames []string) (Value, error) {
	var recurse Value = True
	if err := UnpackArgs("trainable_params", args[1:], kwnames, "recurse?", &recurse); err != nil {
		return nil, err
	}
	self, err := cellSelf("trainable_params", args[0])
	if err != nil {
		return nil, err
	}
	var out []Value
	for _, p := range cellParams(self, "") {
		if p.param.param.requiresGrad {
			out = append(out, p.param)
		}
	}
	return NewList(out), nil
}

func cellGetParameters(th *Thread, args []Value, kwnames []string) (Value, error) {
	var expand Value = True
	if err := UnpackArgs("get_parameters", args[1:], kwnames, "expand?", &expand); err != nil {
		return nil, err
	}
	self, err := cellSelf("get_parameters", args[0])
	if err != nil {
		return nil, err
	}
	var out []Value
	for _, p := range cellParams(self, "") {
		out = append(out, p.param)
	}
	return th.listIterator(out), nil
}

func cellParametersAndNames(th *Thread, args []Value, kwnames []string) (Value, error) {
	var prefix, expand Value = Str(""), True
	if err := UnpackArgs("parameters_and_names", args[1:], kwnames, "name_prefix?", &prefix, "expand?", &expand); err != nil {
		return nil, err
	}
	self, err := cellSelf("parameters_and_names", args[0])
	if err != nil {
		return nil, err
	}
	p0, _ := prefix.(Str)
	pre := string(p0)
	if pre != "" {
		pre += "."
	}
	var out []Value
	for _, p := range cellParams(self, pre) {
		out = append(out, Tuple{Str(p.path), p.param})
	}
	return th.listIterator(out), nil
}

func cellCellsAndNames(th *Thread, args []Value, kwnames []string) (Value, error) {
	var prefix Value = Str("")
	if err := UnpackArgs("cells_and_names", args[1:], kwnames, "cell_prefix?", &prefix); err != nil {
		return nil, err
	}
	self, err := cellSelf("cells_and_names", args[0])
	if err != nil {
		return nil, err
	}
	p0, _ := prefix.(Str)
	var out []Value
	seen := map[*Instance]bool{}
	var walk func(c *Instance, path string)
	walk = func(c *Instance, path string) {
		if seen[c] {
			return
		}
		seen[c] = true
		out = append(out, Tuple{Str(path), c})
		for _, ch := range cellChildren(c) {
			p := ch.path
			if path != "" {
				p = path + "." + p
			}
			walk(ch.cell, p)
		}
	}
	walk(self, string(p0))
	return th.listIterator(out), nil
}

func cellCells(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("cells", args[1:], kwnames, 0, 0); err != nil {
		return nil, err
	}
	self, err := cellSelf("cells", args[0])
	if err != nil {
		return nil, err
	}
	var out []Value
	for _, ch := range cellChildren(self) {
		out = append(out, ch.cell)
	}
	return th.listIterator(out), nil
}

func cellNameCells(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("name_cells", args[1:], kwnames, 0, 0); err != nil {
		return nil, err
	}
	self, err := cellSelf("name_cells", args[0])
	if err != nil {
		return nil, err
	}
	d := NewDict(0)
	for _, ch := range cellChildren(self) {
		d.SetStr(ch.path, ch.cell)
	}
	return d, nil
}

func cellUpdateParametersName(th *Thread, args []Value, kwnames []string) (Value, error) {
	var prefix Value
	if err := UnpackArgs("update_parameters_name", args[1:], kwnames, "prefix", &prefix); err != nil {
		return nil, err
	}
	self, err := cellSelf("update_parameters_name", args[0])
	if err != nil {
		return nil, err
	}
	pre, err := strArg("update_parameters_name", prefix)
	if err != nil {
		return nil, err
	}
	for _, p := range cellParams(self, "") {
		p.param.param.name = pre + p.param.param.name
	}
	return None, nil
}

// cellRepr is MindSpore's Cell repr: the class name, extend_repr's text in
// angle brackets, and the sub-cells indented one per line.
func cellRepr(th *Thread, args []Value, kwnames []string) (Value, error) {
	self, err := cellSelf("__repr__", args[0])
	if err != nil {
		return nil, err
	}
	ext, err := th.callMethodByName(self, "extend_repr")
	if err != nil {
		return nil, err
	}
	es, _ := ext.(Str)
	children := cellChildren(self)
	if len(children) == 0 {
		return Str(self.class.Name + "<" + string(es) + ">"), nil
	}
	var b strings.Builder
	b.WriteByte('\n')
	if es != "" {
		b.WriteString(string(es) + "\n")
	}
	for _, ch := range children {
		r, err := th.Repr(ch.cell)
		if err != nil {
			return nil, err
		}
		b.WriteString("(" + ch.path + "): " + r + "\n")
	}
	return Str(self.class.Name + "<" + strings.ReplaceAll(b.String(), "\n", "\n  ") + ">"), nil
}

// listIterator returns an iterator over items, for the methods that are
// generators in MindSpore.
func (th *Thread) listIterator(items []Value) Value {
	it, _ := NewList(items).Iterate(th)
	return it
}

// callMethodByName calls obj.name().
func (th *Thread) callMethodByName(obj Value, name string, args ...Value) (Value, error) {
	m, err := th.GetAttr(obj, name)
	if err != nil {
		return nil, err
	}
	return th.Call(m, args, nil)
}
