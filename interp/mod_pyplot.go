package interp

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"msrepl/internal/atomicfile"
	vplot "msrepl/viz/plot"
)

// matplotlib and matplotlib.pyplot: pyplot's state machine (figures by
// number, the current figure and Axes) over msrepl/viz/plot's figures.
// Figures a notebook cell leaves open are shown when it ends, as
// matplotlib's inline backend shows them; in a terminal, show() writes
// them to msrepl-plots/figure-N.png.

func init() {
	RegisterModule("matplotlib", newMatplotlibModule)
	RegisterModule("matplotlib.pyplot", newPyplotModule)
	RegisterModule("matplotlib.cm", newMatplotlibCmModule)
}

// mplVersion is the matplotlib whose behaviour msrepl's follows: its
// reprs, messages and defaults.
const mplVersion = "3.8.0"

// mplPlotsDir is where show() writes figures in a terminal.
const mplPlotsDir = "msrepl-plots"

func newMatplotlibModule(s *Session) (*Module, error) {
	m := NewModule("matplotlib", "Plotting: matplotlib.pyplot draws figures, shown inline in a notebook and saved with savefig.")
	m.Members.Set("__version__", Str(mplVersion))
	rc := NewDict(2)
	th := s.th
	if err := rc.SetItem(th, Str("figure.figsize"), NewList([]Value{Float(vplot.DefaultWidth), Float(vplot.DefaultHeight)})); err != nil {
		return nil, err
	}
	if err := rc.SetItem(th, Str("figure.dpi"), Float(vplot.DefaultDPI)); err != nil {
		return nil, err
	}
	m.Members.Set("rcParams", rc)
	m.AddFunc("use", "(backend, /, *, force=True)",
		"Select a backend. msrepl has one, which draws inline in a notebook and to files elsewhere, so the name is only checked to be a str.",
		func(th *Thread, args []Value, kwnames []string) (Value, error) {
			var backend Value
			force := true
			if err := UnpackArgs("use", args, kwnames, "backend", &backend, "*force?", &force); err != nil {
				return nil, err
			}
			if _, ok := backend.(Str); !ok {
				return nil, TypeErrorf("use() argument 'backend' must be str, not %s", TypeName(backend))
			}
			return None, nil
		})
	return m, nil
}

// mplState is a session's pyplot: its open figures and the current one.
type mplState struct {
	figs    []*mplFigure // open, in the order they were made
	current *mplFigure
	rc      *Dict // matplotlib.rcParams
}

func newPyplotModule(s *Session) (*Module, error) {
	mpl, err := s.importModule("matplotlib")
	if err != nil {
		return nil, err
	}
	v, _ := mpl.Members.Get("rcParams")
	rc, ok := v.(*Dict)
	if !ok {
		// matplotlib.rcParams was replaced: pyplot starts from defaults.
		rc = NewDict(0)
		mpl.Members.Set("rcParams", rc)
	}
	st := &mplState{rc: rc}
	s.onCellEnd(st.flushInline)
	m := NewModule("matplotlib.pyplot", "matplotlib's pyplot: a figure and Axes made current by the calls that draw, for plot, scatter, hist, bar and imshow.")
	m.Members.Set("rcParams", rc)
	cm, err := s.importModule("matplotlib.cm")
	if err != nil {
		return nil, err
	}
	m.Members.Set("cm", cm)
	for _, c := range []*Class{mplFigureClass, mplAxesClass} {
		m.Members.Set(c.Name, c)
	}
	st.addFigureFuncs(m)
	st.addAxesFuncs(m)
	return m, nil
}

// figure returns the current figure, making one if there is none.
func (st *mplState) figure(th *Thread) (*mplFigure, error) {
	if st.current == nil {
		return st.newFigure(th, 0, "", nil, nil)
	}
	return st.current, nil
}

// axes returns the current Axes, making a figure and Axes if needed.
func (st *mplState) axes(th *Thread) (*mplAxes, error) {
	f, err := st.figure(th)
	if err != nil {
		return nil, err
	}
	return f.gca(), nil
}

// newFigure opens a figure numbered num (0: the next free number) and
// makes it current; figsize and dpi, when not nil, override rcParams.
func (st *mplState) newFigure(th *Thread, num int, label string, figsize, dpi Value) (*mplFigure, error) {
	if figsize == nil {
		figsize = st.rcParam(th, "figure.figsize", Tuple{Float(vplot.DefaultWidth), Float(vplot.DefaultHeight)})
	}
	if dpi == nil || dpi == None {
		dpi = st.rcParam(th, "figure.dpi", Float(vplot.DefaultDPI))
	}
	w, h, err := mplFigsize(th, figsize)
	if err != nil {
		return nil, err
	}
	d, err := realArg(dpi)
	if err != nil {
		return nil, TypeErrorf("dpi must be a real number, not %s", TypeName(dpi))
	}
	pf, err := vplot.NewFigure(w, h, d)
	if err != nil {
		return nil, ValueErrorf("%s", err)
	}
	if num == 0 {
		for _, f := range st.figs {
			num = max(num, f.num)
		}
		num++
	}
	f := &mplFigure{f: pf, num: num, label: label}
	st.figs = append(st.figs, f)
	st.current = f
	return f, nil
}

// rcParam is matplotlib.rcParams[key], or def if it was deleted.
func (st *mplState) rcParam(th *Thread, key string, def Value) Value {
	if v, ok, err := st.rc.Get(th, Str(key)); ok && err == nil {
		return v
	}
	return def
}

// mplFigsize reads a figsize: two positive numbers, in inches.
func mplFigsize(th *Thread, v Value) (float64, float64, error) {
	items, err := th.iterateAll(v)
	if err != nil || len(items) != 2 {
		return 0, 0, ValueErrorf("figsize must be a pair of numbers (width, height) in inches, not %s", reprNoThread(nil, v))
	}
	w, err1 := realArg(items[0])
	h, err2 := realArg(items[1])
	if err1 != nil || err2 != nil {
		return 0, 0, ValueErrorf("figsize must be a pair of numbers (width, height) in inches, not %s", reprNoThread(nil, v))
	}
	return w, h, nil
}

// close forgets a figure: it is no longer shown or current.
func (st *mplState) close(f *mplFigure) {
	st.figs = slices.DeleteFunc(st.figs, func(g *mplFigure) bool { return g == f })
	if st.current == f {
		st.current = nil
		if n := len(st.figs); n > 0 {
			st.current = st.figs[n-1]
		}
	}
}

// byNumber lists the open figures by number, as show() and
// get_fignums() go through them.
func (st *mplState) byNumber() []*mplFigure {
	figs := slices.Clone(st.figs)
	slices.SortFunc(figs, func(a, b *mplFigure) int { return a.num - b.num })
	return figs
}

// flushInline is the cell-end hook: in a notebook, the figures a cell
// left open are shown and closed, as matplotlib's inline backend does.
func (st *mplState) flushInline(th *Thread) error {
	if !th.showsImages() {
		return nil
	}
	return st.showAll(th)
}

// showAll shows every open figure, inline in a notebook and in a
// terminal as a PNG file in msrepl-plots, and closes them.
func (st *mplState) showAll(th *Thread) error {
	for _, f := range st.byNumber() {
		if err := f.show(th); err != nil {
			return err
		}
		st.close(f)
	}
	return nil
}

func (st *mplState) addFigureFuncs(m *Module) {
	m.AddFunc("figure", "(num=None, figsize=None, dpi=None)",
		"Make a figure current: the one numbered (or labelled) num if it is open, else a new one, figsize (width, height) inches at dpi dots per inch.",
		func(th *Thread, args []Value, kwnames []string) (Value, error) {
			var num, figsize, dpi Value = None, nil, None
			if err := UnpackArgs("figure", args, kwnames, "num?", &num, "figsize?", &figsize, "dpi?", &dpi); err != nil {
				return nil, err
			}
			if figsize == None {
				figsize = nil
			}
			n, label := 0, ""
			switch x := num.(type) {
			case NoneType:
			case Str:
				label = string(x)
				for _, f := range st.figs {
					if f.label == label {
						st.current = f
						return f, nil
					}
				}
			case *mplFigure:
				if !slices.Contains(st.figs, x) {
					st.figs = append(st.figs, x)
				}
				st.current = x
				return x, nil
			default:
				i, err := toIndex(num)
				if err != nil || i < 1 {
					return nil, ValueErrorf("figure number must be a positive int, a str or a Figure, not %s", reprNoThread(nil, num))
				}
				for _, f := range st.figs {
					if f.num == i {
						st.current = f
						return f, nil
					}
				}
				n = i
			}
			return st.newFigure(th, n, label, figsize, dpi)
		})
	m.AddFunc("subplots", "(nrows=1, ncols=1, *, sharex=False, sharey=False, squeeze=True, figsize=None, dpi=None)",
		"Make a figure with a grid of Axes; return (fig, ax): one Axes, or an array of them (1-D for one row or column unless squeeze=False). sharex and sharey are accepted; each Axes keeps its own limits.",
		func(th *Thread, args []Value, kwnames []string) (Value, error) {
			var nrows, ncols = 1, 1
			var sharex, sharey Value = False, False
			var figsize, dpi Value = nil, None
			squeeze := true
			if err := UnpackArgs("subplots", args, kwnames, "nrows?", &nrows, "ncols?", &ncols, "*sharex?", &sharex,
				"*sharey?", &sharey, "*squeeze?", &squeeze, "*figsize?", &figsize, "*dpi?", &dpi); err != nil {
				return nil, err
			}
			if figsize == None {
				figsize = nil
			}
			f, err := st.newFigure(th, 0, "", figsize, dpi)
			if err != nil {
				return nil, err
			}
			axs, err := f.subplots(nrows, ncols, squeeze)
			if err != nil {
				st.close(f)
				return nil, err
			}
			return Tuple{f, axs}, nil
		})
	m.AddFunc("subplot", "(nrows, ncols, index) or (pos)",
		"Make the Axes at cell index (from 1) of an nrows x ncols grid of the current figure current, adding it if it is not there; subplot(221) is subplot(2, 2, 1).",
		func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := noKwargs("subplot", kwnames); err != nil {
				return nil, err
			}
			nrows, ncols, index, err := mplSubplotSpec("subplot", args)
			if err != nil {
				return nil, err
			}
			f, err := st.figure(th)
			if err != nil {
				return nil, err
			}
			if a := f.f.FindSubplot(nrows, ncols, index); a != nil {
				f.cur = f.wrap(a)
				return f.cur, nil
			}
			return f.addSubplot(nrows, ncols, index)
		})
	m.AddFunc("gcf", "()", "The current figure, made if there is none.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("gcf", args, kwnames, 0, 0); err != nil {
			return nil, err
		}
		return st.figure(th)
	})
	m.AddFunc("gca", "()", "The current Axes of the current figure, made if there are none.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("gca", args, kwnames, 0, 0); err != nil {
			return nil, err
		}
		return st.axes(th)
	})
	m.AddFunc("sca", "(ax)", "Make ax, and its figure, current.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var ax Value
		if err := UnpackArgs("sca", args, kwnames, "ax", &ax); err != nil {
			return nil, err
		}
		a, ok := ax.(*mplAxes)
		if !ok {
			return nil, TypeErrorf("sca() argument must be an Axes, not %s", TypeName(ax))
		}
		if !slices.Contains(st.figs, a.fig) {
			st.figs = append(st.figs, a.fig)
		}
		st.current, a.fig.cur = a.fig, a
		return None, nil
	})
	m.AddFunc("get_fignums", "()", "The numbers of the open figures, sorted.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("get_fignums", args, kwnames, 0, 0); err != nil {
			return nil, err
		}
		var nums []Value
		for _, f := range st.byNumber() {
			nums = append(nums, MakeInt(int64(f.num)))
		}
		return NewList(nums), nil
	})
	m.AddFunc("close", "(fig=None)",
		"Close a figure: the current one, 'all', one by number or label, or a Figure. A closed figure is no longer shown.",
		func(th *Thread, args []Value, kwnames []string) (Value, error) {
			var fig Value = None
			if err := UnpackArgs("close", args, kwnames, "fig?", &fig); err != nil {
				return nil, err
			}
			switch x := fig.(type) {
			case NoneType:
				if st.current != nil {
					st.close(st.current)
				}
			case Str:
				for _, f := range slices.Clone(st.figs) {
					if x == "all" || f.label == string(x) {
						st.close(f)
					}
				}
			case *mplFigure:
				st.close(x)
			case Int:
				for _, f := range slices.Clone(st.figs) {
					if f.num == int(x) {
						st.close(f)
					}
				}
			default:
				return nil, TypeErrorf("close() argument must be a Figure, an int, a string, or None, not <class '%s'>", TypeName(fig))
			}
			return None, nil
		})
	m.AddFunc("show", "(block=None)",
		"Show the open figures and close them: inline in a notebook; in a terminal, each is written to msrepl-plots/figure-N.png.",
		func(th *Thread, args []Value, kwnames []string) (Value, error) {
			var block Value = None
			if err := UnpackArgs("show", args, kwnames, "*block?", &block); err != nil {
				return nil, err
			}
			return None, st.showAll(th)
		})
	m.AddFunc("savefig", "(fname, *, dpi=None, format=None, bbox_inches=None, pad_inches=None)",
		"Save the current figure; the format (png, svg, pdf, jpg) comes from format or fname's extension, png without either.",
		func(th *Thread, args []Value, kwnames []string) (Value, error) {
			f, err := st.figure(th)
			if err != nil {
				return nil, err
			}
			return f.savefig(th, args, kwnames)
		})
	m.AddFunc("clf", "()", "Clear the current figure.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("clf", args, kwnames, 0, 0); err != nil {
			return nil, err
		}
		f, err := st.figure(th)
		if err != nil {
			return nil, err
		}
		f.clear()
		return None, nil
	})
	m.AddFunc("suptitle", "(t)", "Set the current figure's title, above all its Axes.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		f, err := st.figure(th)
		if err != nil {
			return nil, err
		}
		return f.suptitle(args, kwnames)
	})
	m.AddFunc("tight_layout", "()", "Accepted for compatibility: msrepl's layout already fits the labels.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		return None, nil
	})
	m.AddFunc("colorbar", "(mappable=None, ax=None, *, label='')",
		"Add a colorbar for an image or a scatter coloured by value (the current Axes' latest, by default) beside its Axes.",
		func(th *Thread, args []Value, kwnames []string) (Value, error) {
			f, err := st.figure(th)
			if err != nil {
				return nil, err
			}
			return f.colorbar(th, args, kwnames)
		})
	m.AddFunc("get_cmap", "(name=None)", "The colormap named name (viridis by default).", mplGetCmap)
}

// addAxesFuncs adds pyplot's functions that draw on the current Axes.
func (st *mplState) addAxesFuncs(m *Module) {
	onAxes := func(name, sig, doc string, method axesMethod) {
		m.AddFunc(name, sig, doc, func(th *Thread, args []Value, kwnames []string) (Value, error) {
			ax, err := st.axes(th)
			if err != nil {
				return nil, err
			}
			return method(th, ax, args, kwnames)
		})
	}
	for _, name := range []string{"plot", "scatter", "hist", "bar", "imshow", "legend", "grid", "axis", "cla"} {
		d := mplAxesDocs[name]
		onAxes(name, d[0], d[1], mplAxesMethods[name])
	}
	onAxes("title", "(label)", "Set the current Axes' title.", mplAxesMethods["set_title"])
	onAxes("xlabel", "(xlabel)", "Set the current Axes' x label.", mplAxesMethods["set_xlabel"])
	onAxes("ylabel", "(ylabel)", "Set the current Axes' y label.", mplAxesMethods["set_ylabel"])
	onAxes("xlim", "(left=None, right=None)", "Get, or set, the current Axes' x limits: xlim() returns (left, right); xlim(l, r), xlim((l, r)) and xlim(left=l) set them.", mplLimFunc('x', true))
	onAxes("ylim", "(bottom=None, top=None)", "Get, or set, the current Axes' y limits, as xlim does for x.", mplLimFunc('y', true))
	onAxes("xticks", "(ticks=None, labels=None)", "Set the current Axes' x ticks, and their labels; return the ticks.", mplTicksFunc('x'))
	onAxes("yticks", "(ticks=None, labels=None)", "Set the current Axes' y ticks, and their labels; return the ticks.", mplTicksFunc('y'))
}

// show shows a figure: inline where the front end can, else as a PNG
// file in msrepl-plots, whose path is printed.
func (f *mplFigure) show(th *Thread) error {
	path := filepath.Join(mplPlotsDir, fmt.Sprintf("figure-%d.png", f.num))
	return th.showPicture(f, fmt.Sprintf("Figure %d saved", f.num), path, func() ([]byte, error) {
		return f.render("png")
	})
}

// render draws the figure in a format, its errors as ValueErrors.
func (f *mplFigure) render(format string) ([]byte, error) {
	var buf bytes.Buffer
	if err := f.f.Render(&buf, format); err != nil {
		return nil, ValueErrorf("%s", err)
	}
	return buf.Bytes(), nil
}

// savefig is Figure.savefig and pyplot.savefig.
func (f *mplFigure) savefig(th *Thread, args []Value, kwnames []string) (Value, error) {
	var fname, dpi, format, bbox, pad Value = nil, None, None, None, None
	if err := UnpackArgs("savefig", args, kwnames, "fname", &fname, "*dpi?", &dpi, "*format?", &format,
		"*bbox_inches?", &bbox, "*pad_inches?", &pad); err != nil {
		return nil, err
	}
	path, ok := fname.(Str)
	if !ok {
		return nil, TypeErrorf("savefig() fname must be a str path, not %s", TypeName(fname))
	}
	name := string(path)
	var fmtName string
	switch x := format.(type) {
	case NoneType:
		ext := strings.TrimPrefix(filepath.Ext(name), ".")
		if ext == "" {
			// matplotlib's savefig.format, added to the name.
			ext = "png"
			name += ".png"
		}
		fmtName = strings.ToLower(ext)
	case Str:
		fmtName = strings.ToLower(string(x))
	default:
		return nil, TypeErrorf("savefig() format must be a str, not %s", TypeName(format))
	}
	if !slices.Contains(vplot.Formats, fmtName) {
		return nil, ValueErrorf("Format '%s' is not supported (supported formats: %s)", fmtName, strings.Join(vplot.Formats, ", "))
	}
	saved := f.f.DPI
	if s, isStr := dpi.(Str); !isStr && dpi != None {
		d, err := realArg(dpi)
		if err != nil {
			return nil, TypeErrorf("savefig() dpi must be a number or 'figure', not %s", TypeName(dpi))
		}
		f.f.DPI = d
	} else if isStr && s != "figure" {
		return nil, ValueErrorf("savefig() dpi must be a number or 'figure', not %s", reprNoThread(nil, dpi))
	}
	data, err := f.render(fmtName)
	f.f.DPI = saved
	if err != nil {
		return nil, err
	}
	if err := atomicfile.Write(name, data); err != nil {
		return nil, osError(err, name)
	}
	return None, nil
}

// mplSubplotSpec reads subplot's and add_subplot's position: (nrows,
// ncols, index), a three-digit int, or nothing for 111.
func mplSubplotSpec(fname string, args []Value) (nrows, ncols, index int, err error) {
	ints := make([]int, len(args))
	for i, a := range args {
		if ints[i], err = toIndex(a); err != nil {
			return 0, 0, 0, TypeErrorf("%s() takes ints, not %s", fname, TypeName(a))
		}
	}
	switch len(ints) {
	case 0:
		return 1, 1, 1, nil
	case 1:
		n := ints[0]
		if n < 100 || n > 999 {
			return 0, 0, 0, ValueErrorf("Single argument to subplot must be a three-digit integer, not %d", n)
		}
		nrows, ncols, index = n/100, n/10%10, n%10
	case 3:
		nrows, ncols, index = ints[0], ints[1], ints[2]
	default:
		return 0, 0, 0, TypeErrorf("%s() takes 1 or 3 positional arguments but %d were given", fname, len(ints))
	}
	switch {
	case nrows < 1:
		return 0, 0, 0, ValueErrorf("Number of rows must be a positive integer, not %d", nrows)
	case ncols < 1:
		return 0, 0, 0, ValueErrorf("Number of columns must be a positive integer, not %d", ncols)
	case index < 1 || index > nrows*ncols:
		return 0, 0, 0, ValueErrorf("num must be an integer with 1 <= num <= %d, not %d", nrows*ncols, index)
	}
	return nrows, ncols, index, nil
}

func newMatplotlibCmModule(s *Session) (*Module, error) {
	m := NewModule("matplotlib.cm", "Colormaps by name: cm.viridis, cm.gray, ... (each also reversed, as cm.viridis_r).")
	for _, name := range vplot.ColormapNames() {
		cmap, _ := vplot.LookupColormap(name)
		m.Members.Set(name, &mplColormap{cmap: cmap})
	}
	m.AddFunc("get_cmap", "(name=None)", "The colormap named name (viridis by default).", mplGetCmap)
	return m, nil
}

func mplGetCmap(th *Thread, args []Value, kwnames []string) (Value, error) {
	var name Value = None
	if err := UnpackArgs("get_cmap", args, kwnames, "name?", &name); err != nil {
		return nil, err
	}
	cmap, err := mplCmapArg(name)
	if err != nil {
		return nil, err
	}
	return &mplColormap{cmap: cmap}, nil
}
