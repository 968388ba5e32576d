package plot

import (
	"image/color"
	"math"
	"slices"
)

// Default figure size and resolution, matplotlib's.
const (
	DefaultWidth  = 6.4 // inches
	DefaultHeight = 4.8 // inches
	DefaultDPI    = 100
)

// A Figure is a page of plots: its size in inches, its resolution in dots
// per inch (a PNG is Width*DPI by Height*DPI pixels), an optional title
// over everything, and its Axes, each at a cell of a grid.
type Figure struct {
	Width, Height float64
	DPI           float64
	Suptitle      string
	// Axes are in the order they were added, which is the order
	// matplotlib lists them in fig.axes.
	Axes []*Axes
}

// NewFigure makes an empty figure; its size and resolution must be
// positive and finite.
func NewFigure(width, height, dpi float64) (*Figure, error) {
	if !(width > 0 && height > 0 && finite(width) && finite(height)) {
		return nil, errorf("figure size must be positive finite not (%g, %g)", width, height)
	}
	if !(dpi > 0 && finite(dpi)) {
		return nil, errorf("dpi must be positive finite, not %g", dpi)
	}
	return &Figure{Width: width, Height: height, DPI: dpi}, nil
}

// PixelSize is the size of the figure's PNG.
func (f *Figure) PixelSize() (w, h int) {
	return int(math.Round(f.Width * f.DPI)), int(math.Round(f.Height * f.DPI))
}

// checkGrid checks a subplot grid as matplotlib's GridSpec does.
func checkGrid(nrows, ncols int) error {
	if nrows < 1 {
		return errorf("Number of rows must be a positive integer, not %d", nrows)
	}
	if ncols < 1 {
		return errorf("Number of columns must be a positive integer, not %d", ncols)
	}
	return nil
}

// AddSubplot adds Axes at cell index (from 1, row by row) of an
// nrows x ncols grid, as fig.add_subplot does.
func (f *Figure) AddSubplot(nrows, ncols, index int) (*Axes, error) {
	if err := checkGrid(nrows, ncols); err != nil {
		return nil, err
	}
	if index < 1 || index > nrows*ncols {
		return nil, errorf("num must be an integer with 1 <= num <= %d, not %d", nrows*ncols, index)
	}
	a := newAxes(nrows, ncols, index)
	f.Axes = append(f.Axes, a)
	return a, nil
}

// FindSubplot is the Axes at that cell of that grid, or nil: pyplot's
// subplot() makes such Axes current again rather than adding one.
func (f *Figure) FindSubplot(nrows, ncols, index int) *Axes {
	for _, a := range f.Axes {
		if a.NRows == nrows && a.NCols == ncols && a.Index == index {
			return a
		}
	}
	return nil
}

// Subplots adds a full nrows x ncols grid of Axes and returns it by row.
func (f *Figure) Subplots(nrows, ncols int) ([][]*Axes, error) {
	if err := checkGrid(nrows, ncols); err != nil {
		return nil, err
	}
	grid := make([][]*Axes, nrows)
	for r := range grid {
		grid[r] = make([]*Axes, ncols)
		for c := range grid[r] {
			grid[r][c], _ = f.AddSubplot(nrows, ncols, r*ncols+c+1)
		}
	}
	return grid, nil
}

// Clear removes every Axes and the title, as fig.clf does.
func (f *Figure) Clear() {
	f.Axes = nil
	f.Suptitle = ""
}

// Limits are one axis's view limits. An end that is not set follows the
// data; Lo > Hi inverts the axis.
type Limits struct {
	Lo, Hi       float64
	LoSet, HiSet bool
}

// A Tick is a tick mark at Value; ticks without labels are labelled as
// automatic ticks are.
type Tick struct {
	Value float64
	Label string
}

// Axes are one plot: artists drawn in data coordinates, with their
// title, labels, limits and decorations.
type Axes struct {
	Title, XLabel, YLabel string
	XLim, YLim            Limits
	// Grid, when not nil, draws grid lines at the ticks.
	Grid *Grid
	// Legend asks for a legend of the labelled artists, at LegendLoc,
	// one of matplotlib's loc names ("" is "best"). LegendLabels, when
	// not nil, label the artists in order instead of their own labels.
	Legend       bool
	LegendLoc    string
	LegendLabels []string
	// AxisOff hides the frame, ticks, tick labels and axis labels.
	AxisOff bool
	// Aspect, when > 0, makes a data unit along y Aspect times as long
	// on screen as one along x, shrinking the plot to fit: 1 is
	// matplotlib's "equal", which imshow asks for; 0 is "auto".
	Aspect float64
	// InvertY puts the y axis's low values at the top when the limits
	// follow the data, as imshow's origin "upper" does.
	InvertY bool
	// XTicks and YTicks, when not nil, replace the automatic ticks.
	XTicks, YTicks []Tick
	Colorbar       *Colorbar
	Artists        []Artist

	// The Axes's cell: index (from 1, row by row) in an NRows x NCols grid.
	NRows, NCols, Index int

	lineColors, patchColors int
	categories              []string
}

func newAxes(nrows, ncols, index int) *Axes {
	return &Axes{NRows: nrows, NCols: ncols, Index: index}
}

// NextLineColor is the next colour of the cycle lines and histograms
// take; matplotlib's patches (bars, scatters) have a cycle of their own.
func (a *Axes) NextLineColor() color.NRGBA {
	c := Cycle[a.lineColors%len(Cycle)]
	a.lineColors++
	return c
}

// NextPatchColor is the next colour of the cycle bars and scatters take.
func (a *Axes) NextPatchColor() color.NRGBA {
	c := Cycle[a.patchColors%len(Cycle)]
	a.patchColors++
	return c
}

// Category is the x position of a categorical value: categories take
// 0, 1, 2, ... in the order they are first seen, and label the ticks.
func (a *Axes) Category(name string) float64 {
	if i := slices.Index(a.categories, name); i >= 0 {
		return float64(i)
	}
	a.categories = append(a.categories, name)
	return float64(len(a.categories) - 1)
}

// Add puts an artist on the Axes, over those already there.
func (a *Axes) Add(art Artist) {
	a.Artists = append(a.Artists, art)
}

// Clear empties the Axes but keeps their place, as ax.cla does.
func (a *Axes) Clear() {
	*a = *newAxes(a.NRows, a.NCols, a.Index)
}

// ViewLimits are the x and y limits the Axes show, as get_xlim and
// get_ylim report them: the data's extent with matplotlib's 5% margins,
// held at sticky edges (a bar's base, an image's border), and any ends
// that were set. An inverted axis has lo > hi.
func (a *Axes) ViewLimits() (x0, x1, y0, y1 float64) {
	var xs, ys extent
	for _, art := range a.Artists {
		art.extent(&xs, &ys)
	}
	x0, x1 = xs.autoscale()
	y0, y1 = ys.autoscale()
	x0, x1 = a.XLim.apply(x0, x1, false)
	y0, y1 = a.YLim.apply(y0, y1, a.InvertY)
	return x0, x1, y0, y1
}

func (l Limits) apply(lo, hi float64, invert bool) (float64, float64) {
	if invert {
		lo, hi = hi, lo
	}
	if l.LoSet {
		lo = l.Lo
	}
	if l.HiSet {
		hi = l.Hi
	}
	return lo, hi
}

// extent collects an axis's data interval and sticky values.
type extent struct {
	lo, hi  float64
	has     bool
	stickys []float64
}

// add widens the extent to hold the finite values of vs.
func (e *extent) add(vs ...float64) {
	for _, v := range vs {
		if !finite(v) {
			continue
		}
		if !e.has {
			e.lo, e.hi, e.has = v, v, true
			continue
		}
		e.lo, e.hi = math.Min(e.lo, v), math.Max(e.hi, v)
	}
}

func (e *extent) sticky(vs ...float64) {
	for _, v := range vs {
		if finite(v) {
			e.stickys = append(e.stickys, v)
		}
	}
}

// margin is matplotlib's axes.xmargin and axes.ymargin.
const margin = 0.05

// autoscale is matplotlib's autoscale_view along one axis: no data shows
// (0, 1); a single value is widened by 5% (locator.nonsingular); then a
// margin of 5% of the interval is added at each end, except that it may
// not cross a sticky value.
func (e *extent) autoscale() (lo, hi float64) {
	if !e.has {
		return 0, 1
	}
	lo, hi = nonsingular(e.lo, e.hi, 0.05)
	slices.Sort(e.stickys)
	tol := 1e-5 * math.Max(math.Max(math.Abs(lo), math.Abs(hi)), hi-lo)
	// The largest sticky value below lo (give or take tol), and the
	// smallest above hi.
	loBound, hiBound := math.Inf(-1), math.Inf(1)
	for _, s := range e.stickys {
		if s < lo+tol {
			loBound = s
		}
	}
	for i := len(e.stickys) - 1; i >= 0; i-- {
		if e.stickys[i] > hi-tol {
			hiBound = e.stickys[i]
		}
	}
	d := (hi - lo) * margin
	return math.Max(lo-d, loBound), math.Min(hi+d, hiBound)
}

// nonsingular is matplotlib's transforms.nonsingular: it widens an
// empty or tiny interval so that it can be drawn.
func nonsingular(lo, hi, expander float64) (float64, float64) {
	const tiny = 1e-15
	if !finite(lo) || !finite(hi) {
		return -expander, expander
	}
	if hi < lo {
		lo, hi = hi, lo
	}
	maxAbs := math.Max(math.Abs(lo), math.Abs(hi))
	switch {
	case maxAbs < 1e6/tiny*2.2250738585072014e-308:
		lo, hi = -expander, expander
	case hi-lo <= maxAbs*tiny:
		if hi == 0 && lo == 0 {
			lo, hi = -expander, expander
		} else {
			lo -= expander * math.Abs(lo)
			hi += expander * math.Abs(hi)
		}
	}
	return lo, hi
}

// A Grid is grid lines across an Axes at the ticks of x, of y, or both.
type Grid struct {
	X, Y      bool
	Color     color.NRGBA
	Width     float64 // points
	LineStyle string  // "-", "--", "-." or ":"
}

// NewGrid is matplotlib's default grid, along both axes.
func NewGrid() *Grid {
	return &Grid{X: true, Y: true, Color: hex(0xb0b0b0), Width: lineWidth, LineStyle: "-"}
}

// A Colorbar shows the scale of a ScalarMap beside its Axes.
type Colorbar struct {
	Map   ScalarMap
	Label string
}
