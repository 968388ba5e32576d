package interp

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"html"
	"maps"
	"os"
	"path/filepath"
	"strings"

	"msrepl/tensor"
)

// Rich display: display(), clear_output(), IPython.display's objects, and
// the one MIME hook every value goes through (Session.bundle): a Go value
// renders itself as a MIMEBundler, a user object through IPython's
// _repr_*_ methods, and text/plain is always there.

// DisplayIDSink is a Sink that can name a display and replace it later in
// place (Jupyter's display_id and update_display_data). Without it, an
// update shows as a new display.
type DisplayIDSink interface {
	DisplayWithID(b Bundle, id string, update bool)
}

// OutputClearer is a Sink that can clear the cell's output. Without it,
// clear_output does nothing, as in a terminal.
type OutputClearer interface {
	ClearOutput(wait bool)
}

func init() {
	builtinFuncs["display"] = builtinDisplay
	builtinDocs["display"] = builtinDoc{"(*objs, display_id=None, metadata=None, clear=False)",
		"Show each object in the output, with its richest rendering (HTML, images, ...). With display_id, return a DisplayHandle whose update() replaces the output in place; metadata is added to each display's; clear first clears the output when the new one arrives."}
	builtinFuncs["clear_output"] = builtinClearOutput
	builtinDocs["clear_output"] = builtinDoc{"(wait=False)",
		"Clear the cell's output; with wait, only when new output arrives."}
	builtinFuncs["update_display"] = builtinUpdateDisplay
	builtinDocs["update_display"] = builtinDoc{"(obj, *, display_id)",
		"Replace the display named display_id with obj."}

	RegisterModule("IPython", func(s *Session) (*Module, error) {
		return NewModule("IPython", "The part of IPython that notebooks use: IPython.display."), nil
	})
	RegisterModule("IPython.display", newIPythonDisplayModule)
	defMethods(DisplayHandleClass, map[string]BuiltinFunc{
		"display": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			return displayHandleShow(th, args, kwnames, "display", false)
		},
		"update": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			return displayHandleShow(th, args, kwnames, "update", true)
		},
	})
	DisplayHandleClass.Dict.Set("display_id", getter("display_id", func(v Value) Value {
		return Str(v.(*displayHandle).id)
	}))
}

// show sends a value to the sink as a display, named id if id is not "",
// with metadata added to its bundle's.
func (th *Thread) show(v Value, id string, update bool, metadata map[string]any) error {
	s := th.session
	if s == nil || s.sink == nil {
		return nil
	}
	b, err := s.bundle(v)
	if err != nil {
		return err
	}
	for k, m := range metadata {
		b.Metadata[k] = m
	}
	if d, ok := s.sink.(DisplayIDSink); ok && id != "" {
		d.DisplayWithID(b, id, update)
		return nil
	}
	s.sink.Display(b)
	return nil
}

func builtinDisplay(th *Thread, args []Value, kwnames []string) (Value, error) {
	npos := len(args) - len(kwnames)
	var displayID, metadata, clear Value = None, None, False
	for i, k := range kwnames {
		switch k {
		case "display_id":
			displayID = args[npos+i]
		case "metadata":
			metadata = args[npos+i]
		case "clear":
			clear = args[npos+i]
		default:
			return nil, TypeErrorf("display() got an unexpected keyword argument '%s'", k)
		}
	}
	var meta map[string]any
	if metadata != None {
		m, err := th.jsonValue(metadata)
		if err != nil {
			return nil, err
		}
		if meta, _ = m.(map[string]any); meta == nil {
			return nil, TypeErrorf("display() argument 'metadata' must be a dict, not %s", TypeName(metadata))
		}
	}
	if c, err := th.Truth(clear); err != nil {
		return nil, err
	} else if c {
		if _, err := builtinClearOutput(th, []Value{True}, nil); err != nil {
			return nil, err
		}
	}
	id := ""
	switch d := displayID.(type) {
	case NoneType:
	case Bool:
		if d {
			id = newDisplayID()
		}
	case Str:
		id = string(d)
	default:
		return nil, TypeErrorf("display() argument 'display_id' must be str, bool or None, not %s", TypeName(displayID))
	}
	for _, v := range args[:npos] {
		if err := th.show(v, id, false, meta); err != nil {
			return nil, err
		}
	}
	if id == "" {
		return None, nil
	}
	return &displayHandle{id: id}, nil
}

func builtinUpdateDisplay(th *Thread, args []Value, kwnames []string) (Value, error) {
	var obj, id Value
	if err := UnpackArgs("update_display", args, kwnames, "obj", &obj, "display_id", &id); err != nil {
		return nil, err
	}
	sid, err := strArg("update_display", id)
	if err != nil {
		return nil, err
	}
	return None, th.show(obj, sid, true, nil)
}

func builtinClearOutput(th *Thread, args []Value, kwnames []string) (Value, error) {
	var wait Value = False
	if err := UnpackArgs("clear_output", args, kwnames, "wait?", &wait); err != nil {
		return nil, err
	}
	w, err := th.Truth(wait)
	if err != nil {
		return nil, err
	}
	if s := th.session; s != nil {
		if c, ok := s.sink.(OutputClearer); ok {
			c.ClearOutput(w)
		}
	}
	return None, nil
}

func newDisplayID() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// displayHandle is IPython's DisplayHandle: a name for a display that
// update() replaces in place.
type displayHandle struct{ id string }

// DisplayHandleClass is IPython.display.DisplayHandle.
var DisplayHandleClass = newMSClass("DisplayHandle", "IPython.core.display_functions", ObjectClass,
	func(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
		var id Value = None
		if err := UnpackArgs("DisplayHandle", args, kwnames, "display_id?", &id); err != nil {
			return nil, err
		}
		if id == None {
			return &displayHandle{id: newDisplayID()}, nil
		}
		s, err := strArg("DisplayHandle", id)
		if err != nil {
			return nil, err
		}
		return &displayHandle{id: s}, nil
	})

func (h *displayHandle) Type() *Class { return DisplayHandleClass }

func (h *displayHandle) Repr(th *Thread) (string, error) {
	return fmt.Sprintf("<DisplayHandle display_id=%s>", h.id), nil
}

func displayHandleShow(th *Thread, args []Value, kwnames []string, name string, update bool) (Value, error) {
	var obj Value
	if err := UnpackArgs(name, args[1:], kwnames, "obj", &obj); err != nil {
		return nil, err
	}
	return None, th.show(obj, args[0].(*displayHandle).id, update, nil)
}

// richObject is one of IPython.display's objects (HTML, Markdown, ...):
// data shown under one MIME type, and the repr IPython gives it as text.
type richObject struct {
	class    *Class
	mime     string
	data     any
	metadata map[string]any
}

func (r *richObject) Type() *Class { return r.class }

func (r *richObject) Repr(th *Thread) (string, error) {
	return fmt.Sprintf("<IPython.core.display.%s object>", r.class.Name), nil
}

func (r *richObject) MIMEBundle(th *Thread) (Bundle, error) {
	text, _ := r.Repr(th)
	return Bundle{Data: map[string]any{r.mime: r.data, "text/plain": text}, Metadata: maps.Clone(r.metadata)}, nil
}

// richMetadata reads the metadata argument of an IPython.display object,
// and refuses a url: msrepl does not fetch what a display shows.
func (th *Thread) richMetadata(name string, url, metadata Value) (map[string]any, error) {
	if url != None {
		return nil, ValueErrorf("%s(url=...) is not supported: msrepl shows data or files, and fetches nothing", name)
	}
	if metadata == None {
		return nil, nil
	}
	m, err := th.jsonValue(metadata)
	if err != nil {
		return nil, err
	}
	meta, ok := m.(map[string]any)
	if !ok {
		return nil, TypeErrorf("%s() argument 'metadata' must be a dict, not %s", name, TypeName(metadata))
	}
	return meta, nil
}

// richClass makes an IPython.display class whose objects show data (a
// string, or read from filename) as mime; wrap turns the text into what
// the MIME type holds.
func richClass(name, mime string, wrap func(string) any) *Class {
	var c *Class
	c = newMSClass(name, "IPython.core.display", ObjectClass, func(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
		var data, url, filename, metadata Value = None, None, None, None
		if err := UnpackArgs(name, args, kwnames, "data?", &data, "url?", &url, "filename?", &filename, "metadata?", &metadata); err != nil {
			return nil, err
		}
		meta, err := th.richMetadata(name, url, metadata)
		if err != nil {
			return nil, err
		}
		text := ""
		switch {
		case filename != None:
			path, err := strArg(name, filename)
			if err != nil {
				return nil, err
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return nil, osError(err, path)
			}
			text = string(b)
		case data != None:
			s, err := th.Str(data)
			if err != nil {
				return nil, err
			}
			text = s
		}
		return &richObject{class: c, mime: mime, data: wrap(text), metadata: meta}, nil
	})
	return c
}

func asText(s string) any { return s }

// IPython.display's classes.
var (
	HTMLClass     = richClass("HTML", "text/html", asText)
	MarkdownClass = richClass("Markdown", "text/markdown", asText)
	LatexClass    = richClass("Latex", "text/latex", asText)
	SVGClass      = richClass("SVG", "image/svg+xml", asText)
	// Math is displayed as an equation of its own, as IPython does.
	MathClass = richClass("Math", "text/latex", func(s string) any {
		return `$\displaystyle ` + strings.Trim(s, "$") + "$"
	})
	JavascriptClass = richClass("Javascript", "application/javascript", asText)
)

// ImageClass is IPython.display.Image for PNG and JPEG files. The format
// comes from the file's bytes, and the image is always embedded, so format
// and embed are accepted and need nothing; width and height go into the
// metadata, as IPython puts them.
var ImageClass = newMSClass("Image", "IPython.core.display", ObjectClass, func(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
	var data, url, filename, format, embed, width, height, metadata Value = None, None, None, None, None, None, None, None
	if err := UnpackArgs("Image", args, kwnames, "data?", &data, "url?", &url, "filename?", &filename, "format?", &format,
		"embed?", &embed, "width?", &width, "height?", &height, "metadata?", &metadata); err != nil {
		return nil, err
	}
	meta, err := th.richMetadata("Image", url, metadata)
	if err != nil {
		return nil, err
	}
	path := filename
	if path == None {
		path = data
	}
	p, err := strArg("Image", path)
	if err != nil {
		return nil, TypeErrorf("Image() needs the path of a PNG or JPEG file as filename")
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, osError(err, p)
	}
	mime := ""
	switch {
	case len(b) >= 8 && string(b[:8]) == "\x89PNG\r\n\x1a\n":
		mime = "image/png"
	case len(b) >= 3 && b[0] == 0xff && b[1] == 0xd8 && b[2] == 0xff:
		mime = "image/jpeg"
	default:
		return nil, ValueErrorf("%s is neither a PNG nor a JPEG image", filepath.Base(p))
	}
	size := map[string]any{}
	for _, d := range []struct {
		key string
		v   Value
	}{{"width", width}, {"height", height}} {
		if d.v == None {
			continue
		}
		n, err := th.jsonValue(d.v)
		if err != nil {
			return nil, err
		}
		size[d.key] = n
	}
	if len(size) > 0 {
		if meta == nil {
			meta = map[string]any{}
		}
		meta[mime] = size
	}
	return &richObject{class: cls, mime: mime, data: b, metadata: meta}, nil
})

func newIPythonDisplayModule(s *Session) (*Module, error) {
	m := NewModule("IPython.display", "Rich display in notebooks: display(), clear_output() and objects that render as HTML, Markdown, LaTeX, SVG or images.")
	for _, name := range []string{"display", "clear_output", "update_display"} {
		fn, _ := s.builtins.Get(name)
		m.Members.Set(name, fn)
	}
	for _, c := range []*Class{HTMLClass, MarkdownClass, LatexClass, SVGClass, MathClass, JavascriptClass, ImageClass, DisplayHandleClass} {
		m.Members.Set(c.Name, c)
	}
	return m, nil
}

// reprMethods are IPython's display methods a user class may define, and
// the MIME type each returns.
var reprMethods = []struct{ method, mime string }{
	{"_repr_html_", "text/html"},
	{"_repr_markdown_", "text/markdown"},
	{"_repr_svg_", "image/svg+xml"},
	{"_repr_latex_", "text/latex"},
	{"_repr_json_", "application/json"},
}

// instanceBundle renders a user object through its _repr_mimebundle_ or
// _repr_*_ methods; a method that returns None offers nothing.
func (th *Thread) instanceBundle(x *Instance) (Bundle, error) {
	b := Bundle{Data: map[string]any{}, Metadata: map[string]any{}}
	if m, ok := x.class.Lookup("_repr_mimebundle_"); ok {
		v, err := th.Call(m, []Value{x}, nil)
		if err != nil {
			return b, err
		}
		if d, ok := v.(*Dict); ok {
			for _, k := range d.Keys() {
				ks, ok := k.(Str)
				if !ok {
					return b, TypeErrorf("_repr_mimebundle_ must return a dict of str keys, not %s", TypeName(k))
				}
				val, _, _ := d.Get(th, k)
				if b.Data[string(ks)], err = th.jsonValue(val); err != nil {
					return b, err
				}
			}
		}
	}
	for _, r := range reprMethods {
		m, ok := x.class.Lookup(r.method)
		if !ok {
			continue
		}
		if _, done := b.Data[r.mime]; done {
			continue
		}
		v, err := th.Call(m, []Value{x}, nil)
		if err != nil {
			return b, err
		}
		if v == None {
			continue
		}
		if b.Data[r.mime], err = th.jsonValue(v); err != nil {
			return b, err
		}
	}
	return b, nil
}

// jsonValue converts a value to what encoding/json writes as the same
// JSON: dicts with str keys, lists and tuples, str, numbers, bools, None.
func (th *Thread) jsonValue(v Value) (any, error) {
	switch x := v.(type) {
	case NoneType:
		return nil, nil
	case Bool:
		return bool(x), nil
	case Str:
		return string(x), nil
	case Float:
		return float64(x), nil
	case Int:
		return int64(x), nil
	case *List:
		return th.jsonValues(x.elems)
	case Tuple:
		return th.jsonValues(x)
	case *Dict:
		out := make(map[string]any, x.used)
		for _, k := range x.Keys() {
			ks, ok := k.(Str)
			if !ok {
				return nil, TypeErrorf("a JSON object's keys must be str, not %s", TypeName(k))
			}
			val, _, _ := x.Get(th, k)
			j, err := th.jsonValue(val)
			if err != nil {
				return nil, err
			}
			out[string(ks)] = j
		}
		return out, nil
	}
	return th.Str(v)
}

func (th *Thread) jsonValues(vs []Value) (any, error) {
	out := make([]any, len(vs))
	for i, v := range vs {
		j, err := th.jsonValue(v)
		if err != nil {
			return nil, err
		}
		out[i] = j
	}
	return out, nil
}

// MIMEBundle renders a Tensor for a notebook: its repr as text, and an
// HTML table, summarised as numpy summarises large arrays.
func (x *Tensor) MIMEBundle(th *Thread) (Bundle, error) {
	text, err := x.Repr(th)
	if err != nil {
		return Bundle{}, err
	}
	b := Bundle{Data: map[string]any{"text/plain": text}}
	if x.spec == nil && x.param == nil && !x.t.Abstract() {
		b.Data["text/html"] = tensorHTML("Tensor", x.t)
	}
	return b, nil
}

// MIMEBundle renders an ndarray as a Tensor is rendered.
func (a *NDArray) MIMEBundle(th *Thread) (Bundle, error) {
	text, err := a.Repr(th)
	if err != nil {
		return Bundle{}, err
	}
	b := Bundle{Data: map[string]any{"text/plain": text}}
	if !a.scalar {
		b.Data["text/html"] = tensorHTML("ndarray", a.t)
	}
	return b, nil
}

const (
	// htmlSummaryThreshold is the size above which a table shows only
	// the first and last htmlEdgeItems along each dimension.
	htmlSummaryThreshold = 1000
	htmlEdgeItems        = 5
)

// tensorHTML is a tensor as HTML: a caption with its shape and dtype, and
// its values as a table (a vector as one row, a matrix as a grid, and a
// higher-rank tensor as one grid per leading index).
func tensorHTML(kind string, t *tensor.Tensor) string {
	shape := t.Shape()
	var b strings.Builder
	dims := make([]string, len(shape))
	for i, d := range shape {
		dims[i] = fmt.Sprint(d)
	}
	shapeText := "(" + strings.Join(dims, ", ")
	if len(shape) == 1 {
		shapeText += ","
	}
	shapeText += ")"
	fmt.Fprintf(&b, `<div class="msrepl-tensor"><div><b>%s</b> shape=%s, dtype=%s</div>`, kind, html.EscapeString(shapeText), html.EscapeString(t.DType().String()))
	summarise := t.Size() > htmlSummaryThreshold
	// picks lists the indices shown along a dimension of size n; -1 marks
	// the elided middle.
	picks := func(n int) []int {
		var out []int
		if summarise && n > 2*htmlEdgeItems {
			for i := 0; i < htmlEdgeItems; i++ {
				out = append(out, i)
			}
			out = append(out, -1)
			for i := n - htmlEdgeItems; i < n; i++ {
				out = append(out, i)
			}
			return out
		}
		for i := 0; i < n; i++ {
			out = append(out, i)
		}
		return out
	}
	strides := make([]int, len(shape))
	stride := 1
	for i := len(shape) - 1; i >= 0; i-- {
		strides[i] = stride
		stride *= shape[i]
	}
	cell := func(offset int) string {
		return html.EscapeString(tensor.FormatScalar(t.DType(), t.Float(offset)))
	}
	grid := func(offset int, rowDim int) {
		rows, cols := []int{0}, picks(shape[len(shape)-1])
		if rowDim >= 0 {
			rows = picks(shape[rowDim])
		}
		b.WriteString(`<table><thead><tr><th></th>`)
		for _, c := range cols {
			if c < 0 {
				b.WriteString("<th>⋯</th>")
			} else {
				fmt.Fprintf(&b, "<th>%d</th>", c)
			}
		}
		b.WriteString("</tr></thead><tbody>")
		for _, r := range rows {
			if r < 0 {
				b.WriteString("<tr><th>⋮</th>")
				for range cols {
					b.WriteString("<td>⋮</td>")
				}
				b.WriteString("</tr>")
				continue
			}
			fmt.Fprintf(&b, "<tr><th>%d</th>", r)
			rowOffset := offset
			if rowDim >= 0 {
				rowOffset += r * strides[rowDim]
			}
			for _, c := range cols {
				if c < 0 {
					b.WriteString("<td>⋯</td>")
				} else {
					fmt.Fprintf(&b, "<td>%s</td>", cell(rowOffset+c*strides[len(shape)-1]))
				}
			}
			b.WriteString("</tr>")
		}
		b.WriteString("</tbody></table>")
	}
	switch {
	case len(shape) == 0:
		fmt.Fprintf(&b, "<pre>%s</pre>", cell(0))
	case t.Size() == 0:
		b.WriteString("<pre>[]</pre>")
	case len(shape) == 1:
		grid(0, -1)
	default:
		// One grid per index of the leading dimensions, captioned with it;
		// when summarising, the first and last htmlEdgeItems of them in
		// order, however many leading dimensions there are.
		lead := shape[:len(shape)-2]
		grids := 1
		for _, d := range lead {
			grids *= d
		}
		caption := func(flat int) (string, int) {
			index := make([]string, len(lead))
			offset := 0
			for d := len(lead) - 1; d >= 0; d-- {
				i := flat % lead[d]
				flat /= lead[d]
				index[d] = fmt.Sprint(i)
				offset += i * strides[d]
			}
			return strings.Join(index, ", "), offset
		}
		for _, flat := range picks(grids) {
			if flat < 0 {
				b.WriteString("<div>⋮</div>")
				continue
			}
			index, offset := caption(flat)
			if len(lead) > 0 {
				fmt.Fprintf(&b, "<div>[%s, :, :]</div>", index)
			}
			grid(offset, len(shape)-2)
		}
	}
	b.WriteString("</div>")
	return b.String()
}
