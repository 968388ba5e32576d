package interp

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"msrepl/internal/pyfmt"
	vplot "msrepl/viz/plot"
)

// The Axes methods (ax.plot, ax.set_title, ...), which pyplot's
// functions of the same or the matplotlib 2 name (plt.plot, plt.title)
// call on the current Axes, and those that set an Axes' decorations.

type axesMethod func(th *Thread, ax *mplAxes, args []Value, kwnames []string) (Value, error)

var mplAxesMethods map[string]axesMethod

// mplAxesDocs are the signatures and docs of the methods pyplot also has.
var mplAxesDocs = map[string][2]string{
	"plot": {"(*args, **kwargs)",
		"Draw lines and/or markers: plot(y), plot(x, y), plot(x, y, fmt), plot(x1, y1, fmt1, x2, y2, fmt2, ...); a 2-D y draws one line per column. fmt is '[marker][line][color]', as 'ro', 'b--', 'g-.', 'k:'. Keywords: color (c), linestyle (ls), linewidth (lw), marker, markersize (ms), alpha, label. Returns the list of Line2D."},
	"scatter": {"(x, y, s=None, c=None, marker='o', cmap=None, *, vmin=None, vmax=None, alpha=None, color=None, label=None)",
		"Draw a marker at each point: s is the marker area in points² (one, or one per point); c a colour, a list of colours, or numbers coloured through cmap (viridis) from vmin to vmax."},
	"hist": {"(x, bins=10, range=None, density=False, weights=None, *, histtype='bar', color=None, edgecolor=None, linewidth=None, alpha=None, label=None)",
		"Draw a histogram of x, binned as numpy.histogram bins it (bins a number or the edges); return (n, bins, patches), the counts and edges as float64 arrays. histtype is 'bar', 'barstacked', 'step' or 'stepfilled'."},
	"bar": {"(x, height, width=0.8, bottom=None, *, align='center', color=None, edgecolor=None, linewidth=None, tick_label=None, label=None, alpha=None)",
		"Draw bars at x (numbers, or str categories) of the given heights; return a BarContainer of their Rectangles."},
	"imshow": {"(X, cmap=None, *, aspect=None, interpolation=None, alpha=None, vmin=None, vmax=None, origin=None)",
		"Show an image: a 2-D array coloured through cmap (viridis) from vmin to vmax, or H x W x 3 (RGB) or x 4 (RGBA) floats in [0, 1] or ints in [0, 255]. Row 0 is at the top (origin='upper') and pixels are square (aspect='equal'); pixels are drawn nearest-neighbour, whatever interpolation says."},
	"legend": {"(labels=None, *, loc='best', fontsize=None)",
		"Show a legend of the labelled artists (or of the artists in order, labelled by labels) at loc: 'best', 'upper right', 'upper left', 'lower left', 'lower right', 'right', 'center left', 'center right', 'lower center', 'upper center', 'center' (or 0-10). fontsize is accepted; legends are drawn at 10 points."},
	"grid": {"(visible=None, which='major', axis='both', *, color=None, linestyle=None, linewidth=None, alpha=None)",
		"Show (or hide, or with no argument toggle) grid lines at the major ticks of axis 'x', 'y' or 'both'."},
	"axis": {"(arg=None)",
		"'off' hides the axes' frame, ticks and labels, 'on' shows them, 'equal' makes units square, 'auto' undoes it, [xmin, xmax, ymin, ymax] sets the limits; returns the limits."},
	"cla": {"()", "Clear the current Axes."},
}

func init() {
	mplAxesMethods = map[string]axesMethod{
		"plot":    mplPlot,
		"scatter": mplScatter,
		"hist":    mplHist,
		"bar":     mplBar,
		"imshow":  mplImshow,
		"legend":  mplLegendMethod,
		"grid":    mplGrid,
		"axis":    mplAxis,
		"cla":     mplCla,
		"clear":   mplCla,
		"set_title": func(th *Thread, ax *mplAxes, args []Value, kwnames []string) (Value, error) {
			return mplSetLabel(ax, "set_title", args, kwnames, &ax.a.Title, "0.5", "1.0")
		},
		"set_xlabel": func(th *Thread, ax *mplAxes, args []Value, kwnames []string) (Value, error) {
			return mplSetLabel(ax, "set_xlabel", args, kwnames, &ax.a.XLabel, "0.5", "0")
		},
		"set_ylabel": func(th *Thread, ax *mplAxes, args []Value, kwnames []string) (Value, error) {
			return mplSetLabel(ax, "set_ylabel", args, kwnames, &ax.a.YLabel, "0", "0.5")
		},
		"get_title":  mplGetLabel("get_title", func(a *vplot.Axes) string { return a.Title }),
		"get_xlabel": mplGetLabel("get_xlabel", func(a *vplot.Axes) string { return a.XLabel }),
		"get_ylabel": mplGetLabel("get_ylabel", func(a *vplot.Axes) string { return a.YLabel }),
		"set_xlim":   mplLimFunc('x', false),
		"set_ylim":   mplLimFunc('y', false),
		"get_xlim":   mplGetLim('x'),
		"get_ylim":   mplGetLim('y'),
		"set_xticks": mplTicksFunc('x'),
		"set_yticks": mplTicksFunc('y'),
		"set_aspect": func(th *Thread, ax *mplAxes, args []Value, kwnames []string) (Value, error) {
			var aspect Value
			if err := UnpackArgs("set_aspect", args, kwnames, "aspect", &aspect); err != nil {
				return nil, err
			}
			a, err := mplAspect(aspect)
			ax.a.Aspect = a
			return None, err
		},
		"set_axis_off": func(th *Thread, ax *mplAxes, args []Value, kwnames []string) (Value, error) {
			ax.a.AxisOff = true
			return None, checkArity("set_axis_off", args, kwnames, 0, 0)
		},
		"set_axis_on": func(th *Thread, ax *mplAxes, args []Value, kwnames []string) (Value, error) {
			ax.a.AxisOff = false
			return None, checkArity("set_axis_on", args, kwnames, 0, 0)
		},
		"set": mplSet,
	}
	m := map[string]BuiltinFunc{}
	for name, fn := range mplAxesMethods {
		m[name] = func(th *Thread, args []Value, kwnames []string) (Value, error) {
			ax, rest, err := mplSelf[*mplAxes](args, kwnames, mplAxesClass, name)
			if err != nil {
				return nil, err
			}
			return fn(th, ax, rest, kwnames)
		}
	}
	defMethods(mplAxesClass, m)
}

// mplAspect reads an aspect: 'equal' (1), 'auto' (0) or a positive
// number.
func mplAspect(v Value) (float64, error) {
	switch v {
	case Str("equal"):
		return 1, nil
	case Str("auto"):
		return 0, nil
	}
	a, err := realArg(v)
	if err != nil || !(a > 0) || math.IsInf(a, 0) {
		return 0, ValueErrorf("aspect must be finite and positive, 'equal' or 'auto', not %s", reprNoThread(nil, v))
	}
	return a, nil
}

func mplLegendMethod(th *Thread, ax *mplAxes, args []Value, kwnames []string) (Value, error) {
	var labels, loc, fontsize Value = None, Str("best"), None
	if err := UnpackArgs("legend", args, kwnames, "labels?", &labels, "*loc?", &loc, "*fontsize?", &fontsize); err != nil {
		return nil, err
	}
	switch l := loc.(type) {
	case Str:
		if err := vplot.CheckLegendLoc(string(l)); err != nil {
			return nil, ValueErrorf("%s", err)
		}
		ax.a.LegendLoc = string(l)
	default:
		i, err := toIndex(loc)
		if err != nil || i < 0 || i >= len(vplot.LegendLocations) {
			return nil, ValueErrorf("loc must be a location name or an int from 0 to %d, not %s", len(vplot.LegendLocations)-1, reprNoThread(nil, loc))
		}
		ax.a.LegendLoc = vplot.LegendLocations[i]
	}
	ax.a.LegendLabels = nil
	if labels != None {
		items, err := th.iterateAll(labels)
		if _, isStr := labels.(Str); isStr || err != nil {
			return nil, TypeErrorf("legend() labels must be a list of str, not %s", TypeName(labels))
		}
		ax.a.LegendLabels = []string{}
		for _, it := range items {
			s, err := th.Str(it)
			if err != nil {
				return nil, err
			}
			ax.a.LegendLabels = append(ax.a.LegendLabels, s)
		}
	} else if !slices.ContainsFunc(ax.a.Artists, func(a vplot.Artist) bool {
		l := a.LegendLabel()
		return l != "" && !strings.HasPrefix(l, "_")
	}) {
		fmt.Fprintln(th.stderr, "No artists with labels found to put in legend.  Note that artists whose label start with an underscore are ignored when legend() is called with no argument.")
	}
	ax.a.Legend = true
	return &mplLegend{ax: ax}, nil
}

func mplGrid(th *Thread, ax *mplAxes, args []Value, kwnames []string) (Value, error) {
	var visible, which, axis, colorKw, linestyle, linewidth, alpha Value = None, Str("major"), Str("both"), None, None, None, None
	if err := UnpackArgs("grid", args, kwnames, "visible?", &visible, "which?", &which, "axis?", &axis,
		"*color?", &colorKw, "*linestyle?", &linestyle, "*linewidth?", &linewidth, "*alpha?", &alpha); err != nil {
		return nil, err
	}
	if which != Str("major") && which != Str("minor") && which != Str("both") {
		return nil, ValueErrorf("%s is not a valid value for which; supported values are 'major', 'minor', 'both'", reprNoThread(nil, which))
	}
	if axis != Str("both") && axis != Str("x") && axis != Str("y") {
		return nil, ValueErrorf("%s is not a valid value for axis; supported values are 'x', 'y', 'both'", reprNoThread(nil, axis))
	}
	styled := colorKw != None || linestyle != None || linewidth != None || alpha != None
	on := ax.a.Grid == nil
	if visible != None {
		var err error
		if on, err = th.Truth(visible); err != nil {
			return nil, err
		}
	} else if styled {
		on = true
	}
	if !on {
		if ax.a.Grid != nil {
			ax.a.Grid.X = ax.a.Grid.X && axis == Str("y")
			ax.a.Grid.Y = ax.a.Grid.Y && axis == Str("x")
			if !ax.a.Grid.X && !ax.a.Grid.Y {
				ax.a.Grid = nil
			}
		}
		return None, nil
	}
	g := ax.a.Grid
	if g == nil {
		g = vplot.NewGrid()
		g.X, g.Y = false, false
	}
	g.X = g.X || axis != Str("y")
	g.Y = g.Y || axis != Str("x")
	if colorKw != None {
		c, err := th.mplColor(colorKw)
		if err != nil {
			return nil, err
		}
		g.Color = c
	}
	if linestyle != None {
		s, _ := linestyle.(Str)
		ls, err := vplot.LineStyle(string(s))
		if err != nil {
			return nil, ValueErrorf("%s", err)
		}
		g.LineStyle = ls
	}
	if linewidth != None {
		w, err := mplPositive("linewidth", linewidth)
		if err != nil {
			return nil, err
		}
		g.Width = w
	}
	if alpha != None {
		a, err := mplAlpha(alpha)
		if err != nil {
			return nil, err
		}
		g.Color.A = uint8(a*255 + 0.5)
	}
	ax.a.Grid = g
	return None, nil
}

func mplAxis(th *Thread, ax *mplAxes, args []Value, kwnames []string) (Value, error) {
	var arg Value = None
	if err := UnpackArgs("axis", args, kwnames, "arg?", &arg); err != nil {
		return nil, err
	}
	switch a := arg.(type) {
	case NoneType:
	case Bool:
		ax.a.AxisOff = !bool(a)
	case Str:
		switch a {
		case "off":
			ax.a.AxisOff = true
		case "on":
			ax.a.AxisOff = false
		case "equal", "scaled", "image":
			ax.a.Aspect = 1
		case "auto", "normal":
			ax.a.Aspect = 0
		default:
			return nil, ValueErrorf("Unrecognized string %s to axis; try 'on' or 'off'", pyfmt.QuoteString(string(a)))
		}
	default:
		lims, err := th.mplNumbers("axis", "limits", arg)
		if err != nil || len(lims.vals) != 4 {
			return nil, TypeErrorf("the first argument to axis() must be an iterable of the form [xmin, xmax, ymin, ymax]")
		}
		v := lims.vals
		ax.a.XLim = vplot.Limits{Lo: v[0], Hi: v[1], LoSet: true, HiSet: true}
		ax.a.YLim = vplot.Limits{Lo: v[2], Hi: v[3], LoSet: true, HiSet: true}
	}
	x0, x1, y0, y1 := ax.a.ViewLimits()
	return Tuple{Float(x0), Float(x1), Float(y0), Float(y1)}, nil
}

func mplCla(th *Thread, ax *mplAxes, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("cla", args, kwnames, 0, 0); err != nil {
		return nil, err
	}
	ax.a.Clear()
	if m := ax.fig.mappable; m != nil && m.axes() == ax {
		ax.fig.mappable = nil
	}
	return None, nil
}

// mplSetLabel sets a title or an axis label and returns its Text, at
// matplotlib's position for it.
func mplSetLabel(ax *mplAxes, name string, args []Value, kwnames []string, dst *string, x, y string) (Value, error) {
	var label, fontsize Value = nil, None
	if err := UnpackArgs(name, args, kwnames, "label", &label, "*fontsize?", &fontsize); err != nil {
		return nil, err
	}
	s, ok := label.(Str)
	if !ok {
		return nil, TypeErrorf("%s() argument 'label' must be str, not %s", name, TypeName(label))
	}
	*dst = string(s)
	return &mplText{x: x, y: y, text: string(s)}, nil
}

func mplGetLabel(name string, get func(a *vplot.Axes) string) axesMethod {
	return func(th *Thread, ax *mplAxes, args []Value, kwnames []string) (Value, error) {
		if err := checkArity(name, args, kwnames, 0, 0); err != nil {
			return nil, err
		}
		return Str(get(ax.a)), nil
	}
}

// mplLimFunc is set_xlim and set_ylim, or pyplot's xlim and ylim
// (getter), which with no argument report the limits: set(l, h),
// set((l, h)), set(left=l) and set(right=h), which set only one end.
func mplLimFunc(axis byte, getter bool) axesMethod {
	lo, hi, name := "left", "right", "set_xlim"
	if axis == 'y' {
		lo, hi, name = "bottom", "top", "set_ylim"
	}
	if getter {
		name = name[4:]
	}
	return func(th *Thread, ax *mplAxes, args []Value, kwnames []string) (Value, error) {
		var l, h Value = None, None
		if getter && len(args) == 0 {
			return mplGetLim(axis)(th, ax, nil, nil)
		}
		pos, kw := mplKwargs(args, kwnames, TypeErrorClass, name+"()")
		if len(pos) > 2 {
			return nil, TypeErrorf("%s() takes at most 2 positional arguments (%d given)", name, len(pos))
		}
		if len(pos) > 0 {
			l = pos[0]
		}
		if len(pos) > 1 {
			h = pos[1]
		}
		if v, err := kw.take(lo); err != nil {
			return nil, err
		} else if v != nil {
			if len(pos) > 0 {
				return nil, TypeErrorf("%s() got multiple values for argument '%s'", name, lo)
			}
			l = v
		}
		if v, err := kw.take(hi); err != nil {
			return nil, err
		} else if v != nil {
			if len(pos) > 1 {
				return nil, TypeErrorf("%s() got multiple values for argument '%s'", name, hi)
			}
			h = v
		}
		if err := kw.done(); err != nil {
			return nil, err
		}
		if h == None {
			if pair, ok := l.(Tuple); ok && len(pair) == 2 {
				l, h = pair[0], pair[1]
			} else if pair, ok := l.(*List); ok && len(pair.elems) == 2 {
				l, h = pair.elems[0], pair.elems[1]
			}
		}
		lim := &ax.a.XLim
		if axis == 'y' {
			lim = &ax.a.YLim
		}
		for _, end := range []struct {
			v   Value
			dst *float64
			set *bool
		}{{l, &lim.Lo, &lim.LoSet}, {h, &lim.Hi, &lim.HiSet}} {
			if end.v == None {
				continue
			}
			f, err := realArg(end.v)
			if err != nil {
				return nil, TypeErrorf("%s() limits must be numbers, not %s", name, TypeName(end.v))
			}
			if math.IsNaN(f) || math.IsInf(f, 0) {
				return nil, ValueErrorf("Axis limits cannot be NaN or Inf")
			}
			*end.dst, *end.set = f, true
		}
		return mplGetLim(axis)(th, ax, nil, nil)
	}
}

func mplGetLim(axis byte) axesMethod {
	return func(th *Thread, ax *mplAxes, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("get_"+string(axis)+"lim", args, kwnames, 0, 0); err != nil {
			return nil, err
		}
		x0, x1, y0, y1 := ax.a.ViewLimits()
		if axis == 'y' {
			return Tuple{Float(y0), Float(y1)}, nil
		}
		return Tuple{Float(x0), Float(x1)}, nil
	}
}

// mplTicksFunc is set_xticks and set_yticks, and pyplot's xticks and
// yticks: ticks at the given values, labelled by labels or as automatic
// ticks are; an empty list hides the ticks.
func mplTicksFunc(axis byte) axesMethod {
	name := "set_" + string(axis) + "ticks"
	return func(th *Thread, ax *mplAxes, args []Value, kwnames []string) (Value, error) {
		var ticks, labels Value = nil, None
		if err := UnpackArgs(name, args, kwnames, "ticks", &ticks, "labels?", &labels); err != nil {
			return nil, err
		}
		vals, err := th.mplNumbers(name, "ticks", ticks)
		if err != nil {
			return nil, err
		}
		out := []vplot.Tick{}
		for _, v := range vals.vals {
			out = append(out, vplot.Tick{Value: v})
		}
		var texts []Value
		if labels != None {
			items, err := th.iterateAll(labels)
			if err != nil {
				return nil, err
			}
			if len(items) != len(out) {
				return nil, ValueErrorf("The number of FixedLocator locations (%d), usually from a call to set_ticks, does not match the number of labels (%d).", len(out), len(items))
			}
			for i, it := range items {
				if out[i].Label, err = th.Str(it); err != nil {
					return nil, err
				}
				texts = append(texts, &mplText{x: pyfmt.FloatRepr(out[i].Value), y: "0", text: out[i].Label})
			}
		}
		if axis == 'x' {
			ax.a.XTicks = out
		} else {
			ax.a.YTicks = out
		}
		locs, err := th.mplFloats(vals.vals)
		if err != nil {
			return nil, err
		}
		return Tuple{locs, NewList(texts)}, nil
	}
}

// mplSet is Axes.set: title, xlabel, ylabel, xlim and ylim at once.
func mplSet(th *Thread, ax *mplAxes, args []Value, kwnames []string) (Value, error) {
	pos, kw := mplKwargs(args, kwnames, AttributeErrorClass, "Axes.set()")
	if len(pos) > 0 {
		return nil, TypeErrorf("Axes.set() takes keyword arguments only")
	}
	for _, s := range []struct{ key, method string }{
		{"title", "set_title"}, {"xlabel", "set_xlabel"}, {"ylabel", "set_ylabel"}, {"xlim", "set_xlim"}, {"ylim", "set_ylim"},
	} {
		v, err := kw.take(s.key)
		if err != nil {
			return nil, err
		}
		if v == nil {
			continue
		}
		if _, err := mplAxesMethods[s.method](th, ax, []Value{v}, nil); err != nil {
			return nil, err
		}
	}
	return None, kw.done()
}
