package interp

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"msrepl/graphmode/ir"
	"msrepl/internal/atomicfile"
	"msrepl/lang/compile"
	"msrepl/viz"
)

// Pictures of compiled graphs: %viz and mindspore.viz draw what %ir
// prints, through package viz.

// vizDir is where a front end without images puts %viz's pictures.
const vizDir = "msrepl-viz"

// GraphViewClass is the class of mindspore.viz's result.
var GraphViewClass = newMSClass("GraphView", "mindspore", ObjectClass, nil)

func init() {
	defMethods(GraphViewClass, map[string]BuiltinFunc{
		"save": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			var self, path Value
			if err := UnpackArgs("save", args, kwnames, "self", &self, "path", &path); err != nil {
				return nil, err
			}
			p, ok := path.(Str)
			if !ok {
				return nil, TypeErrorf("save() argument 'path' must be str, not %s", TypeName(path))
			}
			return None, self.(*GraphView).save(th, string(p))
		},
		"svg": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("svg", args, kwnames, 1, 1); err != nil {
				return nil, err
			}
			data, err := args[0].(*GraphView).render("svg")
			if err != nil {
				return nil, err
			}
			return Str(data), nil
		},
	})
	GraphViewClass.Dict.Set("source", getter("source", func(v Value) Value { return Str(v.(*GraphView).pic.DOT) }))
	GraphViewClass.Dict.Set("note", getter("note", func(v Value) Value { return Str(v.(*GraphView).pic.Note) }))
	GraphViewClass.Dict.Set("nodes", getter("nodes", func(v Value) Value { return MakeInt(int64(v.(*GraphView).pic.Nodes)) }))
	GraphViewClass.Doc = "A picture of a compiled graph, from mindspore.viz: shown inline in a notebook; save(path) writes .svg, .png or .dot; source is its DOT text."
}

// A GraphView is a picture of a compiled graph.
type GraphView struct {
	pic  *viz.Picture
	stem string // the file name it is saved under by default, without extension
}

func (v *GraphView) Type() *Class { return GraphViewClass }

func (v *GraphView) Repr(th *Thread) (string, error) {
	return fmt.Sprintf("<GraphView @%s: %d nodes>", v.pic.Name, v.pic.Nodes), nil
}

// MIMEBundle shows the picture as SVG.
func (v *GraphView) MIMEBundle(th *Thread) (Bundle, error) {
	svg, err := v.render("svg")
	if err != nil {
		return Bundle{}, err
	}
	text, _ := v.Repr(th)
	return Bundle{Data: map[string]any{"image/svg+xml": string(svg), "text/plain": text}}, nil
}

// render draws the picture in a format named by its file extension.
func (v *GraphView) render(format string) ([]byte, error) {
	var data []byte
	var err error
	switch format {
	case "svg":
		data, err = v.pic.SVG()
	case "png":
		data, err = v.pic.PNG(144)
	case "dot", "gv":
		data = v.pic.DOT
	default:
		return nil, ValueErrorf("Format '%s' is not supported (supported formats: dot, png, svg)", format)
	}
	if err != nil {
		return nil, Errorf(RuntimeErrorClass, "drawing @%s: %v", v.pic.Name, err)
	}
	return data, nil
}

func formatOf(path string) string {
	return strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
}

// save writes the picture to path, in the format its extension names.
func (v *GraphView) save(th *Thread, path string) error {
	data, err := v.render(formatOf(path))
	if err != nil {
		return err
	}
	if err := atomicfile.Write(path, data); err != nil {
		return osError(err, path)
	}
	return nil
}

// show puts the picture inline, or in msrepl-viz/<stem>.svg for a front
// end without images, and says what was collapsed.
func (v *GraphView) show(th *Thread) error {
	err := th.showPicture(v, "Graph @"+v.pic.Name, filepath.Join(vizDir, v.stem+".svg"), func() ([]byte, error) { return v.render("svg") })
	if err == nil && v.pic.Note != "" && !th.showsImages() {
		fmt.Fprintln(th.stdout, v.pic.Note)
	}
	return err
}

// vizOptions are what %viz and mindspore.viz ask for.
type vizOptions struct {
	grad     bool
	pass     string
	collapse bool
	maxNodes int
}

// picture draws a compiled graph: j's (or, with j nil, the session's
// last), its gradient, or the graph as a pass left it.
// Its file is named for name, the name the user gave, or else the
// function's.
func (th *Thread) picture(c *compiledGraph, j *jitFunction, name string, o vizOptions) (*GraphView, error) {
	stem := name
	switch {
	case stem != "":
	case j != nil:
		stem = j.name
	default:
		stem = c.g.Name
	}
	if o.grad {
		if j == nil {
			return nil, Errorf(UsageErrorClass, "a gradient graph needs a jit function or Cell, as in %%viz f --grad")
		}
		var err error
		if c, err = th.gradGraph(j, c); err != nil {
			return nil, err
		}
		stem += "_grad"
	}
	g := c.g
	if o.pass != "" {
		var names []string
		g = nil
		for _, st := range c.stages {
			if st.name == o.pass {
				g = st.graph
			}
			if !slices.Contains(names, st.name) {
				names = append(names, st.name)
			}
		}
		if g == nil {
			return nil, noPass("viz", o.pass, names, c)
		}
		stem += "_" + o.pass
	}
	// The fused steps are those of the graph that runs, not of a pass's.
	var fusion *ir.Fusion
	if o.pass == "" {
		var err error
		if fusion, err = c.fused(); err != nil {
			return nil, err
		}
	}
	src := c.src
	pic := viz.Draw(g, viz.Options{
		MaxNodes:    o.maxNodes,
		Collapse:    o.collapse,
		OutputNames: c.outputNames,
		Source:      func(_ string, line int) (string, bool) { return sourceLine(src, int32(line)) },
		Fusion:      fusion,
	})
	return &GraphView{pic: pic, stem: fileStem(stem)}, nil
}

// fileStem keeps a graph's name safe as a file name.
func fileStem(name string) string {
	s := strings.Map(func(r rune) rune {
		if r == '_' || r == '-' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, name)
	if s = strings.Trim(s, "_."); s == "" {
		return "graph"
	}
	return s
}

// runViz is %viz [NAME] [--grad] [--pass P] [--collapse] [--max-nodes N]
// [-o FILE]: a picture of the graph %ir would print.
func runViz(s *Session, th *Thread, m *compile.Magic) (Value, error) {
	const usage = "%%viz [NAME] [--grad] [--pass P] [--collapse] [--max-nodes N] [-o FILE.svg|.png|.dot]"
	fields := strings.Fields(m.Args)
	var name, out string
	var o vizOptions
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		next := func() (string, error) {
			if i+1 >= len(fields) {
				return "", Errorf(UsageErrorClass, usage+": %s needs a value", f)
			}
			i++
			return fields[i], nil
		}
		var err error
		switch {
		case f == "--grad":
			o.grad = true
		case f == "--collapse":
			o.collapse = true
		case f == "--pass":
			o.pass, err = next()
		case f == "-o":
			out, err = next()
		case f == "--max-nodes":
			var v string
			if v, err = next(); err == nil {
				n, convErr := strconv.Atoi(v)
				if convErr != nil || n < 1 {
					return nil, Errorf(UsageErrorClass, usage+": --max-nodes takes a positive number, not %s", v)
				}
				o.maxNodes = n
			}
		case name == "" && !strings.HasPrefix(f, "-"):
			name = f
		default:
			return nil, Errorf(UsageErrorClass, usage+": unexpected %s", f)
		}
		if err != nil {
			return nil, err
		}
	}
	if out != "" {
		if f := formatOf(out); f != "svg" && f != "png" && f != "dot" {
			return nil, Errorf(UsageErrorClass, usage+": -o writes .svg, .png or .dot, not '%s'", filepath.Ext(out))
		}
	}
	c, j, err := th.irTarget("viz", name)
	if err != nil {
		return nil, err
	}
	v, err := th.picture(c, j, name, o)
	if err != nil {
		return nil, err
	}
	if out == "" {
		return None, v.show(th)
	}
	if err := v.save(th, out); err != nil {
		return nil, err
	}
	fmt.Fprintf(th.stdout, "Graph @%s: %s\n", v.pic.Name, out)
	return None, nil
}

// msViz is mindspore.viz(fn_or_cell=None, grad=False, collapse=False,
// max_nodes=300): the picture of a compiled function or Cell, or of the
// session's last graph.
func msViz(th *Thread, args []Value, kwnames []string) (Value, error) {
	var fn, grad, collapse, maxNodes Value = None, False, False, MakeInt(viz.DefaultMaxNodes)
	if err := UnpackArgs("viz", args, kwnames, "fn_or_cell?", &fn, "grad?", &grad, "collapse?", &collapse, "max_nodes?", &maxNodes); err != nil {
		return nil, err
	}
	var o vizOptions
	var err error
	if o.grad, err = th.Truth(grad); err != nil {
		return nil, err
	}
	if o.collapse, err = th.Truth(collapse); err != nil {
		return nil, err
	}
	n, ok := asInt64(maxNodes)
	if !ok {
		return nil, TypeErrorf("viz() argument 'max_nodes' must be int, not %s", TypeName(maxNodes))
	}
	if o.maxNodes = int(n); o.maxNodes < 1 {
		return nil, ValueErrorf("viz() argument 'max_nodes' must be positive, not %d", o.maxNodes)
	}
	var c *compiledGraph
	var j *jitFunction
	if fn == None {
		if c = th.ms().lastGraph; c == nil {
			return nil, Errorf(RuntimeErrorClass, "viz: no graph has run yet; call a jit function or run a %%%%graph cell first")
		}
	} else if g, isLoaded := fn.(*loadedGraph); isLoaded {
		// A graph read from a bundle: drawn as it was saved.
		if o.grad {
			return nil, ValueErrorf("viz: a graph from mindspore.load is drawn as it was saved; its gradient graph needs the source")
		}
		c = &compiledGraph{g: g.entry.Graph}
	} else {
		if j, ok = th.jitOf(fn); !ok {
			return nil, TypeErrorf("For 'viz', the argument must be a jit function, a Cell run in GRAPH_MODE or a graph from mindspore.load, but got %s.", TypeName(fn))
		}
		if c = j.last; c == nil {
			return nil, Errorf(RuntimeErrorClass, "viz: '%s' has not been compiled yet; call it first", j.name)
		}
	}
	return th.picture(c, j, "", o)
}
