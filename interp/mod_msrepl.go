package interp

import (
	"fmt"
	"html"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"msrepl/tensor"
)

// The msrepl module holds what msrepl offers beyond Python's and
// MindSpore's libraries. progress stands in for tqdm, which programs
// cannot import here: one line rewritten on stderr in a terminal, and a
// display updated in place (a display_id) in a notebook.

func init() {
	RegisterModule("msrepl", func(s *Session) (*Module, error) {
		m := NewModule("msrepl", "msrepl's own helpers: progress, a progress bar for long loops, as tqdm's.")
		m.Members.Set("progress", ProgressClass)
		return m, nil
	})
	ProgressClass.Final = true
	progressIteratorClass.Final = true
	classSigs[ProgressClass] = builtinDoc{
		"(iterable=None, total=None, desc=None, unit='it', leave=True, mininterval=0.1, disable=False, ncols=None)",
		"A progress bar for a long loop, as tqdm's. Iterate over progress(iterable), or count by hand with update(n) " +
			"(with progress(total=N) as bar: ...). The bar shows the part done, the count, the time spent and left, " +
			"the rate and set_postfix's values: one line rewritten on stderr in a terminal, a display updated in place " +
			"in a notebook. It redraws at most every mininterval seconds, and always when it closes: at the end of " +
			"the loop, on break or an exception, or by close(). total defaults to len(iterable); ncols to $COLUMNS or 80. " +
			"leave=False erases the bar when it closes; disable=True makes it a plain wrapper.",
	}
	method := func(name, sig, doc string, fn func(th *Thread, b *progressBar, args []Value, kwnames []string) (Value, error)) {
		ProgressClass.Dict.Set(name, &Builtin{Name: name, Sig: sig, Doc: doc, Owner: ProgressClass,
			Fn: func(th *Thread, args []Value, kwnames []string) (Value, error) {
				b, ok := args[0].(*progressBar)
				if !ok {
					return nil, TypeErrorf("descriptor '%s' for 'progress' objects doesn't apply to a '%s' object", name, TypeName(args[0]))
				}
				return fn(th, b, args[1:], kwnames)
			}})
	}
	method("update", "(n=1)", "Count n more items done, and redraw if mininterval has passed.",
		func(th *Thread, b *progressBar, args []Value, kwnames []string) (Value, error) {
			var n Value = Int(1)
			if err := UnpackArgs("update", args, kwnames, "n?", &n); err != nil {
				return nil, err
			}
			k, err := numberArg("update", "n", n)
			if err != nil {
				return nil, err
			}
			before := b.n
			b.n += k
			// A bar counted by hand may never be closed: it draws as it
			// completes.
			b.refresh(th, b.total > 0 && before < b.total && b.n >= b.total)
			return None, nil
		})
	method("set_description", "(desc=None, refresh=True)", "Set the text shown before the bar.",
		func(th *Thread, b *progressBar, args []Value, kwnames []string) (Value, error) {
			var desc Value = None
			refresh := true
			if err := UnpackArgs("set_description", args, kwnames, "desc?", &desc, "refresh?", &refresh); err != nil {
				return nil, err
			}
			s, err := descArg("set_description", desc)
			if err != nil {
				return nil, err
			}
			b.desc = s
			if refresh {
				b.refresh(th, false)
			}
			return None, nil
		})
	method("set_postfix", "(ordered_dict=None, refresh=True, **kwargs)",
		"Set the values shown after the rate, as 'loss=0.123, acc=0.9': the dict's in its order, then the keywords' in "+
			"sorted order. Numbers are shortened to three significant digits.",
		func(th *Thread, b *progressBar, args []Value, kwnames []string) (Value, error) {
			postfix, refresh, err := th.postfixArgs(args, kwnames)
			if err != nil {
				return nil, err
			}
			b.postfix = postfix
			if refresh {
				b.refresh(th, false)
			}
			return None, nil
		})
	method("refresh", "()", "Redraw the bar now.",
		func(th *Thread, b *progressBar, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("refresh", args, kwnames, 0, 0); err != nil {
				return nil, err
			}
			b.refresh(th, true)
			return None, nil
		})
	method("close", "()", "Draw the bar's last state and stop it; with leave=False, erase it.",
		func(th *Thread, b *progressBar, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("close", args, kwnames, 0, 0); err != nil {
				return nil, err
			}
			b.close(th, false)
			return None, nil
		})
	method("__enter__", "()", "Return the bar.",
		func(th *Thread, b *progressBar, args []Value, kwnames []string) (Value, error) {
			return b, nil
		})
	method("__exit__", "(exc_type, exc, traceback)", "Close the bar.",
		func(th *Thread, b *progressBar, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("__exit__", args, kwnames, 3, 3); err != nil {
				return nil, err
			}
			b.close(th, args[0] != None)
			return False, nil
		})
	ProgressClass.Dict.Set("n", getter("n", func(x Value) Value { return countValue(x.(*progressBar).n) }))
	ProgressClass.Dict.Set("total", getter("total", func(x Value) Value {
		if b := x.(*progressBar); b.total >= 0 {
			return countValue(b.total)
		}
		return None
	}))
	ProgressClass.Dict.Set("desc", getter("desc", func(x Value) Value { return Str(x.(*progressBar).desc) }))
	installIterator(progressIteratorClass)
}

// progressNow is the progress bars' clock; tests replace it.
var progressNow = time.Now

// ProgressClass is msrepl.progress.
var ProgressClass = newMSClass("progress", "msrepl", ObjectClass, newProgress)

// progressIteratorClass is the type of iter(progress(...)).
var progressIteratorClass = newMSClass("progress_iterator", "msrepl", ObjectClass, nil)

// progressBar is a progress value: the count, what the line shows, and
// where the bar is drawn.
type progressBar struct {
	iterable    Value // nil for a bar counted by update()
	n           float64
	total       float64 // -1 while unknown
	desc        string
	unit        string
	postfix     string
	leave       bool
	disable     bool
	mininterval float64 // seconds
	ncols       int

	start, lastDraw, end time.Time
	// displayID names the notebook display the bar updates; "" draws on
	// stderr.
	displayID string
	shown     bool   // the display exists
	lastLine  string // the line on stderr
	closed    bool
	failed    bool // closed by an exception
}

func (b *progressBar) Type() *Class { return ProgressClass }

func newProgress(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
	var iterable, total, desc, ncols Value = None, None, None, None
	b := &progressBar{total: -1, unit: "it", leave: true, mininterval: 0.1, start: progressNow()}
	if err := UnpackArgs("progress", args, kwnames, "iterable?", &iterable, "total?", &total, "desc?", &desc, "unit?", &b.unit,
		"leave?", &b.leave, "mininterval?", &b.mininterval, "disable?", &b.disable, "ncols?", &ncols); err != nil {
		return nil, err
	}
	if !(b.mininterval >= 0) {
		return nil, ValueErrorf("progress() argument 'mininterval' must not be negative")
	}
	var err error
	if b.desc, err = descArg("progress", desc); err != nil {
		return nil, err
	}
	if iterable != None {
		b.iterable = iterable
	}
	switch {
	case total != None:
		t, err := numberArg("progress", "total", total)
		if err != nil {
			return nil, err
		}
		if t < 0 {
			return nil, ValueErrorf("progress() argument 'total' must not be negative")
		}
		if !math.IsInf(t, 1) {
			b.total = t
		}
	case b.iterable != nil:
		n, err := th.Len(b.iterable)
		switch {
		case err == nil:
			b.total = float64(n)
		case !IsInstanceOf(err, TypeErrorClass) && !IsInstanceOf(err, AttributeErrorClass):
			return nil, err
		}
	}
	b.ncols = terminalColumns()
	if ncols != None {
		n, err := toIndex(ncols)
		if err != nil {
			return nil, err
		}
		if n <= 0 {
			return nil, ValueErrorf("progress() argument 'ncols' must be positive")
		}
		b.ncols = n
	}
	if b.disable {
		return b, nil
	}
	if th.showsImages() {
		if _, ok := th.session.sink.(DisplayIDSink); ok {
			b.displayID = newDisplayID()
		}
	}
	b.refresh(th, true)
	return b, nil
}

// terminalColumns is the width of a line on stderr: $COLUMNS, which
// shells set, or 80.
func terminalColumns() int {
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	return 80
}

// descArg reads a desc argument: str, or None for none.
func descArg(fname string, v Value) (string, error) {
	switch s := v.(type) {
	case NoneType:
		return "", nil
	case Str:
		return string(s), nil
	}
	return "", TypeErrorf("%s() argument 'desc' must be str or None, not %s", fname, TypeName(v))
}

// numberArg reads an int or float argument (numpy's scalars included).
func numberArg(fname, name string, v Value) (float64, error) {
	f, err := realArg(v)
	if err != nil {
		return 0, TypeErrorf("%s() argument '%s' must be a number, not %s", fname, name, TypeName(v))
	}
	return f, nil
}

// countValue is a count as the language sees it: an int while it is one.
func countValue(x float64) Value {
	if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
		return MakeInt(int64(x))
	}
	return Float(x)
}

// meter is what the bar shows at now; a closed bar's time stopped when it
// closed.
func (b *progressBar) meter(now time.Time) meter {
	if b.closed {
		now = b.end
	}
	return meter{n: b.n, total: b.total, elapsed: now.Sub(b.start).Seconds(), desc: b.desc, unit: b.unit,
		postfix: b.postfix, ncols: b.ncols}
}

// refresh draws the bar unless it drew less than mininterval ago.
func (b *progressBar) refresh(th *Thread, force bool) {
	if b.closed || b.disable {
		return
	}
	now := progressNow()
	if !force && now.Sub(b.lastDraw).Seconds() < b.mininterval {
		return
	}
	b.lastDraw = now
	if b.displayID != "" {
		b.showDisplay(th, b.bundle(b.meter(now)))
		return
	}
	b.writeLine(th, formatMeter(b.meter(now)), "")
}

// close draws the bar's last state, or erases it when it does not stay,
// and stops it; failed marks a bar an exception closed.
func (b *progressBar) close(th *Thread, failed bool) {
	if b.closed || b.disable {
		return
	}
	b.closed, b.failed, b.end = true, failed, progressNow()
	switch {
	case b.displayID != "" && b.leave:
		b.showDisplay(th, b.bundle(b.meter(b.end)))
	case b.displayID != "":
		b.showDisplay(th, Bundle{Data: map[string]any{"text/plain": ""}, Metadata: map[string]any{}})
	case b.leave:
		b.writeLine(th, formatMeter(b.meter(b.end)), "\n")
	default:
		b.writeLine(th, "", "\r")
	}
}

// writeLine rewrites the bar's line on stderr, covering what is left of a
// longer one, unless it shows that line already; then it writes end.
func (b *progressBar) writeLine(th *Thread, line, end string) {
	if line != b.lastLine || line == "" {
		pad := max(0, utf8.RuneCountInString(b.lastLine)-utf8.RuneCountInString(line))
		end = "\r" + line + strings.Repeat(" ", pad) + end
		b.lastLine = line
	}
	fmt.Fprint(th.stderr, end)
}

// showDisplay creates the bar's display, or replaces it in place. A sink
// that cannot (a later cell's, run elsewhere) is left alone.
func (b *progressBar) showDisplay(th *Thread, bundle Bundle) {
	if th.session == nil {
		return
	}
	if d, ok := th.session.sink.(DisplayIDSink); ok {
		d.DisplayWithID(bundle, b.displayID, b.shown)
		b.shown = true
	}
}

// bundle renders the bar for a notebook: the terminal's line as text, and
// as HTML a coloured bar between the same texts, blue while it runs,
// green when it completed, red when it stopped short or failed (as
// tqdm's notebook bar).
func (b *progressBar) bundle(m meter) Bundle {
	text := formatMeter(m)
	data := map[string]any{"text/plain": text}
	left, right, frac, hasTotal := m.parts()
	if !hasTotal {
		data["text/html"] = `<div class="msrepl-progress" style="font-family:monospace;white-space:pre">` + html.EscapeString(left) + `</div>`
		return Bundle{Data: data, Metadata: map[string]any{}}
	}
	color := "#2196f3"
	switch {
	case b.failed || b.closed && m.n < m.total:
		color = "#f44336"
	case b.closed:
		color = "#4caf50"
	}
	pct := min(max(frac, 0), 1) * 100
	data["text/html"] = fmt.Sprintf(`<div class="msrepl-progress" style="display:flex;align-items:center;gap:0.5em;font-family:monospace;white-space:pre">`+
		`<span>%s</span>`+
		`<div role="progressbar" aria-valuemin="0" aria-valuemax="100" aria-valuenow="%.0f" style="flex:0 0 20em;height:1em;border:1px solid #bbb;border-radius:3px;background:#eee">`+
		`<div style="width:%.1f%%;height:100%%;background:%s"></div></div>`+
		`<span>%s</span></div>`,
		html.EscapeString(strings.TrimSuffix(left, "|")), pct, pct, color, html.EscapeString(strings.TrimPrefix(right, "| ")))
	return Bundle{Data: data, Metadata: map[string]any{}}
}

// Repr is the bar's line now, as tqdm's repr.
func (b *progressBar) Repr(th *Thread) (string, error) {
	return formatMeter(b.meter(progressNow())), nil
}

// MIMEBundle shows the bar as it is now.
func (b *progressBar) MIMEBundle(th *Thread) (Bundle, error) {
	return b.bundle(b.meter(progressNow())), nil
}

// Iterate wraps the iterable's iterator in one that counts its items.
func (b *progressBar) Iterate(th *Thread) (Iterator, error) {
	if b.iterable == nil {
		return nil, TypeErrorf("'progress' object is not iterable: it was made without an iterable (count with update())")
	}
	it, err := th.Iterate(b.iterable)
	if err != nil {
		return nil, err
	}
	if b.disable {
		return it, nil
	}
	return &progressIterator{bar: b, it: it}, nil
}

// progressIterator hands out the items of the bar's iterable, counting an
// item done when the loop asks for the next one, and closes the bar when
// the items run out or the iteration fails.
type progressIterator struct {
	bar     *progressBar
	it      Iterator
	started bool // an item was handed out
	done    bool
}

func (p *progressIterator) Type() *Class { return progressIteratorClass }

func (p *progressIterator) Next(th *Thread) (Value, bool, error) {
	if p.done {
		return nil, false, nil
	}
	if p.started {
		p.bar.n++
		p.bar.refresh(th, false)
	}
	v, ok, err := p.it.Next(th)
	if err != nil || !ok {
		p.done = true
		p.bar.close(th, err != nil)
		return nil, false, err
	}
	p.started = true
	return v, true, nil
}

// closeLoop closes the bar where the loop ended early: it stays at the
// count of the items the loop finished.
func (p *progressIterator) closeLoop(th *Thread, raised bool) {
	if !p.done {
		p.done = true
		p.bar.close(th, raised)
	}
}

// postfixArgs reads set_postfix's arguments into the text it shows.
func (th *Thread) postfixArgs(args []Value, kwnames []string) (postfix string, refresh bool, err error) {
	npos := len(args) - len(kwnames)
	if npos > 2 {
		return "", false, TypeErrorf("set_postfix() takes at most 2 positional arguments (%d given)", npos)
	}
	var dict Value = None
	refresh = true
	if npos > 0 {
		dict = args[0]
	}
	if npos > 1 {
		if refresh, err = th.Truth(args[1]); err != nil {
			return "", false, err
		}
	}
	type item struct{ key, value string }
	var kwargs []item
	for i, k := range kwnames {
		v := args[npos+i]
		switch k {
		case "ordered_dict":
			dict = v
		case "refresh":
			if refresh, err = th.Truth(v); err != nil {
				return "", false, err
			}
		default:
			s, err := th.postfixText(v)
			if err != nil {
				return "", false, err
			}
			kwargs = append(kwargs, item{k, s})
		}
	}
	var parts []string
	if dict != None {
		d, ok := dict.(*Dict)
		if !ok {
			return "", false, TypeErrorf("set_postfix() argument 'ordered_dict' must be a dict, not %s", TypeName(dict))
		}
		for _, k := range d.Keys() {
			key, err := th.Str(k)
			if err != nil {
				return "", false, err
			}
			v, _, err := d.Get(th, k)
			if err != nil {
				return "", false, err
			}
			s, err := th.postfixText(v)
			if err != nil {
				return "", false, err
			}
			parts = append(parts, key+"="+s)
		}
	}
	sort.Slice(kwargs, func(i, j int) bool { return kwargs[i].key < kwargs[j].key })
	for _, kw := range kwargs {
		parts = append(parts, kw.key+"="+kw.value)
	}
	return strings.Join(parts, ", "), refresh, nil
}

// postfixText is a value as set_postfix shows it: str(v), and a number
// shortened as tqdm shortens it.
func (th *Thread) postfixText(v Value) (string, error) {
	s, err := th.Str(v)
	if err != nil {
		return "", err
	}
	s = strings.TrimSpace(s)
	if f, ok := postfixNumber(v); ok {
		return formatPostfixNumber(f, s), nil
	}
	return s, nil
}

// postfixNumber is the value of a number set_postfix shortens: Python's
// and numpy's numbers, and a Tensor of one number, as a training loop's
// loss is.
func postfixNumber(v Value) (float64, bool) {
	switch x := v.(type) {
	case Int, Float, *BigInt:
		f, _, err := asFloat(x)
		return f, err == nil
	case *NDArray:
		if x.scalar && x.t.DType() != tensor.Bool {
			return x.t.Float(0), true
		}
	case *Tensor:
		if x.spec == nil && !x.t.Abstract() && len(x.t.Shape()) == 0 && x.t.DType() != tensor.Bool {
			return x.t.Float(0), true
		}
	}
	return 0, false
}
