package plot

import (
	"bytes"
	"encoding/xml"
	"errors"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"slices"
	"strings"
	"testing"
)

// lineFigure is a figure of one Axes with a line, a title and labels.
func lineFigure(t testing.TB, w, h, dpi float64) *Figure {
	t.Helper()
	f, err := NewFigure(w, h, dpi)
	if err != nil {
		t.Fatal(err)
	}
	ax, err := f.AddSubplot(1, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	var xs, ys []float64
	for i := range 50 {
		xs = append(xs, float64(i)/5)
		ys = append(ys, math.Sin(float64(i)/5))
	}
	l := NewLine(xs, ys, ax.NextLineColor())
	l.Label = "sin"
	ax.Add(l)
	ax.Title, ax.XLabel, ax.YLabel, ax.Legend = "title", "x", "y", true
	return f
}

func renderPNG(t *testing.T, f *Figure) image.Image {
	t.Helper()
	var buf bytes.Buffer
	if err := f.Render(&buf, "png"); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func TestPNGSize(t *testing.T) {
	for _, tc := range []struct {
		w, h, dpi    float64
		wantW, wantH int
	}{
		{DefaultWidth, DefaultHeight, DefaultDPI, 640, 480},
		{3, 2, 50, 150, 100},
		{4, 3, 72.5, 290, 218},
		{10, 2.5, 120, 1200, 300},
	} {
		img := renderPNG(t, lineFigure(t, tc.w, tc.h, tc.dpi))
		b := img.Bounds()
		if b.Dx() != tc.wantW || b.Dy() != tc.wantH {
			t.Errorf("%gx%g in at %g dpi: PNG is %dx%d, want %dx%d", tc.w, tc.h, tc.dpi, b.Dx(), b.Dy(), tc.wantW, tc.wantH)
		}
		colors := map[color.RGBA]bool{}
		for y := b.Min.Y; y < b.Max.Y; y += 3 {
			for x := b.Min.X; x < b.Max.X; x += 3 {
				colors[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)] = true
			}
		}
		if len(colors) < 3 {
			t.Errorf("%gx%g in at %g dpi: the PNG has %d colours; nothing was drawn", tc.w, tc.h, tc.dpi, len(colors))
		}
	}
}

func TestNewFigureRejectsBadSizes(t *testing.T) {
	for _, tc := range []struct{ w, h, dpi float64 }{
		{0, 4, 100}, {4, -1, 100}, {math.Inf(1), 4, 100}, {4, 4, 0}, {4, 4, math.NaN()},
	} {
		if _, err := NewFigure(tc.w, tc.h, tc.dpi); err == nil {
			t.Errorf("NewFigure(%g, %g, %g) = nil error", tc.w, tc.h, tc.dpi)
		}
	}
}

// TestHistBarsInPNG draws a histogram of 7 bins, counts 1 to 7, with
// edges, and counts its bars along a pixel row just above the x axis.
func TestHistBarsInPNG(t *testing.T) {
	var data []float64
	for bin := range 7 {
		for range bin + 1 {
			data = append(data, float64(bin)+0.5)
		}
	}
	f, _ := NewFigure(6.4, 4.8, 100)
	ax, _ := f.AddSubplot(1, 1, 1)
	h, err := NewHist(data, HistSpec{Bins: 7}, Cycle[0])
	if err != nil {
		t.Fatal(err)
	}
	if want := []float64{1, 2, 3, 4, 5, 6, 7}; !slices.Equal(h.Counts, want) {
		t.Fatalf("counts %v, want %v", h.Counts, want)
	}
	h.EdgeColor, h.EdgeWidth = color.NRGBA{A: 255}, 1
	ax.Add(h)
	img := renderPNG(t, f)
	b := img.Bounds()
	isFill := func(x, y int) bool {
		r, g, bl, _ := img.At(x, y).RGBA()
		return near(r>>8, 0x1f) && near(g>>8, 0x77) && near(bl>>8, 0xb4)
	}
	// The lowest row with bar colour is just above the x axis.
	row := -1
	for y := b.Max.Y - 1; y >= b.Min.Y && row < 0; y-- {
		for x := b.Min.X; x < b.Max.X; x++ {
			if isFill(x, y) {
				row = y - 2
				break
			}
		}
	}
	if row < 0 {
		t.Fatal("no bar colour in the PNG")
	}
	runs, in := 0, false
	for x := b.Min.X; x < b.Max.X; x++ {
		fill := isFill(x, row)
		if fill && !in {
			runs++
		}
		in = fill
	}
	if runs != 7 {
		t.Errorf("found %d bars along row %d, want 7", runs, row)
	}
}

func near(a uint32, b uint32) bool { return a+12 >= b && b+12 >= a }

// TestHistogram checks Histogram against numpy.histogram's results
// (numpy 1.24).
func TestHistogram(t *testing.T) {
	for _, tc := range []struct {
		name   string
		data   []float64
		spec   HistSpec
		counts []float64
		edges  []float64
	}{
		{"three bins", []float64{1, 2, 2, 3, 3, 3}, HistSpec{Bins: 3},
			[]float64{1, 2, 3}, []float64{1, 1.6666666666666665, 2.333333333333333, 3}},
		{"last bin closed", []float64{0.5, 1.5, 1.7, 2.2, 3.9, 4.0, 7.5}, HistSpec{Bins: 4},
			[]float64{4, 1, 1, 1}, []float64{0.5, 2.25, 4, 5.75, 7.5}},
		{"edges", []float64{0.5, 1.5, 1.7, 2.2, 3.9, 4.0, 7.5}, HistSpec{Edges: []float64{0, 1, 2, 4, 8}},
			[]float64{1, 2, 2, 2}, []float64{0, 1, 2, 4, 8}},
		{"range drops outliers", []float64{0.5, 1.5, 1.7, 2.2, 3.9, 4.0, 7.5, -1, 9}, HistSpec{Bins: 3, Range: &[2]float64{0, 6}},
			[]float64{3, 2, 1}, []float64{0, 2, 4, 6}},
		{"one value", []float64{5, 5, 5}, HistSpec{Bins: 2}, []float64{0, 3}, []float64{4.5, 5, 5.5}},
		{"no data", nil, HistSpec{Bins: 2}, []float64{0, 0}, []float64{0, 0.5, 1}},
		{"density", []float64{1, 2, 2, 3, 3, 3}, HistSpec{Bins: 3, Density: true},
			[]float64{0.25000000000000006, 0.5000000000000001, 0.7499999999999997}, []float64{1, 1.6666666666666665, 2.333333333333333, 3}},
		{"seven bins", []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0}, HistSpec{Bins: 7},
			[]float64{2, 1, 1, 2, 1, 1, 2},
			[]float64{0.1, 0.2285714285714286, 0.3571428571428572, 0.48571428571428577, 0.6142857142857143, 0.7428571428571429, 0.8714285714285716, 1}},
		{"weights", []float64{1, 2, 3}, HistSpec{Bins: 2, Weights: []float64{0.5, 1, 2}}, []float64{0.5, 3}, []float64{1, 2, 3}},
		{"float32", []float64{float64(float32(0.1)), float64(float32(0.2)), float64(float32(0.7)), float64(float32(0.3))}, HistSpec{Bins: 3, Float32: true},
			[]float64{2, 1, 1}, []float64{0.10000000149011612, 0.30000001192092896, 0.5, 0.699999988079071}},
	} {
		counts, edges, err := Histogram(tc.data, tc.spec)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if !slices.Equal(counts, tc.counts) || !slices.Equal(edges, tc.edges) {
			t.Errorf("%s: got %v %v, want %v %v", tc.name, counts, edges, tc.counts, tc.edges)
		}
	}
}

func TestHistogramErrors(t *testing.T) {
	for _, tc := range []struct {
		data []float64
		spec HistSpec
		want string
	}{
		{[]float64{1, 2}, HistSpec{Bins: 0}, "`bins` must be positive, when an integer"},
		{[]float64{1, 2}, HistSpec{Edges: []float64{3, 2, 1}}, "`bins` must increase monotonically, when an array"},
		{[]float64{1, 2}, HistSpec{Bins: 2, Range: &[2]float64{3, 1}}, "max must be larger than min in range parameter."},
		{[]float64{1, math.NaN()}, HistSpec{Bins: 2}, "autodetected range of [nan, nan] is not finite"},
		{[]float64{1, math.Inf(1)}, HistSpec{Bins: 2}, "autodetected range of [1.0, inf] is not finite"},
		{[]float64{1, 2}, HistSpec{Bins: 2, Weights: []float64{1}}, "weights should have the same shape as a."},
	} {
		_, _, err := Histogram(tc.data, tc.spec)
		if err == nil || err.Error() != tc.want {
			t.Errorf("Histogram(%v, %+v) error = %v, want %q", tc.data, tc.spec, err, tc.want)
		}
	}
	// matplotlib's hist ranges over the data without its NaNs.
	h, err := NewHist([]float64{1, 2, math.NaN(), 3}, HistSpec{Bins: 2}, Cycle[0])
	if err != nil || !slices.Equal(h.Counts, []float64{1, 2}) {
		t.Errorf("NewHist with a NaN: %v, %v", h, err)
	}
}

func TestSVGEmbedsFontsAndParses(t *testing.T) {
	var buf bytes.Buffer
	if err := lineFigure(t, 4, 3, 100).Render(&buf, "svg"); err != nil {
		t.Fatal(err)
	}
	svg := buf.String()
	for _, want := range []string{"@font-face", "base64,", "<svg"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the SVG has no %q", want)
		}
	}
	d := xml.NewDecoder(strings.NewReader(svg))
	for {
		_, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not XML: %v", err)
		}
	}
}

func TestOtherFormats(t *testing.T) {
	for _, tc := range []struct {
		format string
		magic  string
	}{
		{"pdf", "%PDF"},
		{"jpg", "\xff\xd8\xff"},
		{"jpeg", "\xff\xd8\xff"},
		{"png", "\x89PNG\r\n\x1a\n"},
	} {
		var buf bytes.Buffer
		if err := lineFigure(t, 4, 3, 100).Render(&buf, tc.format); err != nil {
			t.Errorf("%s: %v", tc.format, err)
			continue
		}
		if !strings.HasPrefix(buf.String(), tc.magic) {
			t.Errorf("%s output starts %q", tc.format, buf.String()[:min(8, buf.Len())])
		}
	}
	err := lineFigure(t, 4, 3, 100).Render(io.Discard, "xyz")
	if want := "Format 'xyz' is not supported (supported formats: jpeg, jpg, pdf, png, svg)"; err == nil || err.Error() != want {
		t.Errorf("Render xyz: %v, want %q", err, want)
	}
}

func TestParseFormat(t *testing.T) {
	red, blue, black := hex(0xff0000), hex(0x0000ff), hex(0)
	orange := Cycle[1]
	for _, tc := range []struct {
		fmt          string
		line, marker string
		color        *color.NRGBA
		wantErr      string
	}{
		{fmt: "r--", line: "--", marker: NoStyle, color: &red},
		{fmt: "bo", line: NoStyle, marker: "o", color: &blue},
		{fmt: "o-", line: "-", marker: "o"},
		{fmt: "g-.", line: "-.", marker: NoStyle, color: ptr(hex(0x008000))},
		{fmt: "k:", line: ":", marker: NoStyle, color: &black},
		{fmt: "x", line: NoStyle, marker: "x"},
		{fmt: "--r", line: "--", marker: NoStyle, color: &red},
		{fmt: "C1o", line: NoStyle, marker: "o", color: &orange},
		{fmt: "1", line: NoStyle, marker: "1"},
		{fmt: "", line: "-", marker: NoStyle},
		{fmt: "red", color: &red},
		{fmt: "#0000ff", color: &blue},
		{fmt: "zz", wantErr: "'zz' is not a valid format string (unrecognized character 'z')"},
		{fmt: "r--o-", wantErr: "'r--o-' is not a valid format string (two linestyle symbols)"},
		{fmt: "rg", wantErr: "'rg' is not a valid format string (two color symbols)"},
		{fmt: "oo", wantErr: "'oo' is not a valid format string (two marker symbols)"},
		{fmt: "C", wantErr: "'C' is not a valid format string ('C' must be followed by a number)"},
	} {
		f, err := ParseFormat(tc.fmt)
		if tc.wantErr != "" {
			if err == nil || err.Error() != tc.wantErr {
				t.Errorf("ParseFormat(%q) error = %v, want %q", tc.fmt, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseFormat(%q): %v", tc.fmt, err)
			continue
		}
		if f.LineStyle != tc.line || f.Marker != tc.marker || (f.Color == nil) != (tc.color == nil) ||
			(f.Color != nil && *f.Color != *tc.color) {
			t.Errorf("ParseFormat(%q) = %q %q %v, want %q %q %v", tc.fmt, f.LineStyle, f.Marker, f.Color, tc.line, tc.marker, tc.color)
		}
	}
}

func ptr[T any](v T) *T { return &v }

func TestParseColor(t *testing.T) {
	for _, tc := range []struct {
		s       string
		want    color.NRGBA
		wantErr string
	}{
		{s: "r", want: hex(0xff0000)},
		{s: "k", want: hex(0)},
		{s: "orange", want: hex(0xffa500)},
		{s: "Grey", want: hex(0x808080)},
		{s: "tab:blue", want: hex(0x1f77b4)},
		{s: "#abc", want: hex(0xaabbcc)},
		{s: "#11223380", want: color.NRGBA{0x11, 0x22, 0x33, 0x80}},
		{s: "C12", want: Cycle[2]},
		{s: "0.5", want: hex(0x808080)},
		{s: "none", want: color.NRGBA{}},
		{s: "blu", wantErr: "Invalid RGBA argument: 'blu'"},
		{s: "1.5", wantErr: "Invalid string grayscale value '1.5'. Value must be within 0-1 range"},
	} {
		c, err := ParseColor(tc.s)
		if tc.wantErr != "" {
			if err == nil || err.Error() != tc.wantErr {
				t.Errorf("ParseColor(%q) error = %v, want %q", tc.s, err, tc.wantErr)
			}
			continue
		}
		if err != nil || c != tc.want {
			t.Errorf("ParseColor(%q) = %v, %v; want %v", tc.s, c, err, tc.want)
		}
	}
}

func TestColormaps(t *testing.T) {
	for _, tc := range []struct {
		name        string
		lo, mid, hi string
	}{
		{name: "viridis", lo: "#440154", mid: "#21918c", hi: "#fde725"},
		{name: "viridis_r", lo: "#fde725", mid: "#21918c", hi: "#440154"},
		{name: "gray", lo: "#000000", mid: "#808080", hi: "#ffffff"},
		{name: "gray_r", lo: "#ffffff", mid: "#808080", hi: "#000000"},
		{name: "binary", lo: "#ffffff", mid: "#808080", hi: "#000000"},
		{name: "hot", lo: "#0b0000", hi: "#ffffff"},
		{name: "plasma", lo: "#0d0887", hi: "#f0f921"},
		{name: "magma", lo: "#000004", hi: "#fcfdbf"},
		{name: "inferno", lo: "#000004", hi: "#fcffa4"},
		{name: "Blues", lo: "#f7fbff", hi: "#08306b"},
		{name: "Reds", lo: "#fff5f0", hi: "#67000d"},
		{name: "Greens", lo: "#f7fcf5", hi: "#00441b"},
		{name: "coolwarm", lo: "#3b4cc0", mid: "#dddcdc", hi: "#b40426"},
	} {
		m, err := LookupColormap(tc.name)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got := Hex(m.At(0)); got != tc.lo {
			t.Errorf("%s at 0 = %s, want %s", tc.name, got, tc.lo)
		}
		if got := Hex(m.At(1)); got != tc.hi {
			t.Errorf("%s at 1 = %s, want %s", tc.name, got, tc.hi)
		}
		if got := Hex(m.At(-3)); got != tc.lo {
			t.Errorf("%s below 0 = %s, want %s (clipped)", tc.name, got, tc.lo)
		}
		if tc.mid != "" {
			if got := Hex(m.At(0.5)); got != tc.mid {
				t.Errorf("%s at 0.5 = %s, want %s", tc.name, got, tc.mid)
			}
		}
		if m.At(math.NaN()).A != 0 {
			t.Errorf("%s: NaN is not transparent", tc.name)
		}
	}
	_, err := LookupColormap("nope")
	if err == nil || !strings.HasPrefix(err.Error(), "'nope' is not a valid value for cmap; supported values are 'Blues', 'Blues_r', ") {
		t.Errorf("LookupColormap(nope) error = %v", err)
	}
}

// TestViewLimits checks autoscaled limits against matplotlib's
// get_xlim and get_ylim.
func TestViewLimits(t *testing.T) {
	for _, tc := range []struct {
		name string
		add  func(a *Axes)
		want [4]float64
	}{
		{"empty", func(a *Axes) {}, [4]float64{0, 1, 0, 1}},
		{"line", func(a *Axes) { a.Add(NewLine([]float64{1, 2, 3}, []float64{4, 5, 7}, Cycle[0])) }, [4]float64{0.9, 3.1, 3.85, 7.15}},
		{"one point", func(a *Axes) { a.Add(NewLine([]float64{1}, []float64{1}, Cycle[0])) },
			[4]float64{0.945, 1.0550000000000002, 0.945, 1.0550000000000002}},
		{"origin", func(a *Axes) { a.Add(NewLine([]float64{0, 0}, []float64{0, 0}, Cycle[0])) },
			[4]float64{-0.05500000000000001, 0.05500000000000001, -0.05500000000000001, 0.05500000000000001}},
		{"bars stand on 0", func(a *Axes) {
			a.Add(&Bars{Left: []float64{0.6, 1.6}, Width: []float64{0.8, 0.8}, Bottom: []float64{0, 0}, Height: []float64{3, 4}, Colors: Cycle[:1]})
		}, [4]float64{0.51, 2.49, 0, 4.2}},
		{"image fills the axes, y down", func(a *Axes) {
			a.Add(&Image{Rows: 3, Cols: 4, Values: make([]float64, 12)})
			a.InvertY = true
		}, [4]float64{-0.5, 3.5, 2.5, -0.5}},
		{"set limits win", func(a *Axes) {
			a.Add(NewLine([]float64{1, 2, 3}, []float64{4, 5, 7}, Cycle[0]))
			a.XLim = Limits{Lo: 0, LoSet: true}
			a.YLim = Limits{Lo: 10, Hi: 0, LoSet: true, HiSet: true}
		}, [4]float64{0, 3.1, 10, 0}},
	} {
		f, _ := NewFigure(4, 3, 100)
		a, _ := f.AddSubplot(1, 1, 1)
		tc.add(a)
		x0, x1, y0, y1 := a.ViewLimits()
		got := [4]float64{x0, x1, y0, y1}
		for i := range got {
			if math.Abs(got[i]-tc.want[i]) > 1e-9 {
				t.Errorf("%s: limits %v, want %v", tc.name, got, tc.want)
				break
			}
		}
	}
}

// TestTicks checks tick placement against matplotlib's AutoLocator.
func TestTicks(t *testing.T) {
	for _, tc := range []struct {
		lo, hi float64
		nbins  int
		want   []string
	}{
		{-0.5, 10.5, 9, []string{"0", "2", "4", "6", "8", "10"}},
		{-1.1, 1.1, 9, []string{"\u22121.00", "\u22120.75", "\u22120.50", "\u22120.25", "0.00", "0.25", "0.50", "0.75", "1.00"}},
		{0, 1, 5, []string{"0.0", "0.2", "0.4", "0.6", "0.8", "1.0"}},
		{0.9, 3.1, 9, []string{"1.00", "1.25", "1.50", "1.75", "2.00", "2.25", "2.50", "2.75", "3.00"}},
		{1000, 1001, 4, []string{"1000.00", "1000.25", "1000.50", "1000.75", "1001.00"}},
	} {
		var got []string
		for _, tk := range (autoTicker{tc.nbins, unicodeMinus}).Ticks(tc.lo, tc.hi) {
			got = append(got, tk.Label)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("ticks of [%g, %g] in %d bins: %q, want %q", tc.lo, tc.hi, tc.nbins, got, tc.want)
		}
	}
}

func TestSubplots(t *testing.T) {
	f, _ := NewFigure(6.4, 4.8, 100)
	grid, err := f.Subplots(2, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(grid) != 2 || len(grid[0]) != 3 || len(f.Axes) != 6 || grid[1][2].Index != 6 {
		t.Fatalf("Subplots(2, 3) made %d Axes, grid %dx%d", len(f.Axes), len(grid), len(grid[0]))
	}
	if f.FindSubplot(2, 3, 5) != grid[1][1] || f.FindSubplot(1, 1, 1) != nil {
		t.Error("FindSubplot does not find the Axes by cell")
	}
	for _, tc := range []struct {
		rows, cols, index int
		want              string
	}{
		{0, 2, 1, "Number of rows must be a positive integer, not 0"},
		{2, 0, 1, "Number of columns must be a positive integer, not 0"},
		{2, 2, 5, "num must be an integer with 1 <= num <= 4, not 5"},
	} {
		if _, err := f.AddSubplot(tc.rows, tc.cols, tc.index); err == nil || err.Error() != tc.want {
			t.Errorf("AddSubplot(%d, %d, %d) error = %v, want %q", tc.rows, tc.cols, tc.index, err, tc.want)
		}
	}
	// Cells of different grids render too, each in its own tile.
	extra, _ := f.AddSubplot(1, 2, 2)
	extra.Add(&Image{Rows: 2, Cols: 2, Values: []float64{0, 1, 2, 3}, Map: NewScalarMap(mustColormap(t, "gray"), []float64{0, 3}), Alpha: -1})
	extra.Colorbar = &Colorbar{Map: extra.Artists[0].(*Image).Map, Label: "v"}
	renderPNG(t, f)
}

func mustColormap(t *testing.T, name string) *Colormap {
	t.Helper()
	m, err := LookupColormap(name)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestEveryArtist renders each artist kind, every marker and line style,
// and a legend of them, in each format.
func TestEveryArtist(t *testing.T) {
	f, _ := NewFigure(8, 6, 80)
	grid, _ := f.Subplots(2, 2)
	f.Suptitle = "all"
	ax := grid[0][0]
	for i, m := range markers {
		l := NewLine([]float64{float64(i), float64(i) + 1}, []float64{float64(i), float64(i) * 2}, ax.NextLineColor())
		l.Marker, l.LineStyle = string(m), []string{"-", "--", "-.", ":", NoStyle}[i%5]
		l.Label = "m" + string(m)
		ax.Add(l)
	}
	ax.Legend, ax.LegendLoc, ax.Grid = true, "best", NewGrid()
	nan := math.NaN()
	ax.Add(NewLine([]float64{0, 1, nan, 3}, []float64{1, nan, 2, 3}, Cycle[3]))
	sc := &Scatter{X: []float64{1, 2, 3}, Y: []float64{3, 1, 2}, Sizes: []float64{10, 40, 90},
		Values: []float64{0, 0.5, 1}, Map: NewScalarMap(mustColormap(t, "plasma"), []float64{0, 1}), Marker: "*", Alpha: 0.5, Label: "s"}
	grid[0][1].Add(sc)
	grid[0][1].Colorbar = &Colorbar{Map: sc.Map, Label: "value"}
	grid[0][1].Legend, grid[0][1].LegendLoc = true, "lower left"
	for _, ht := range HistTypes {
		h, err := NewHist([]float64{1, 2, 2, 3, 3, 3}, HistSpec{Bins: 3}, grid[1][0].NextLineColor())
		if err != nil {
			t.Fatal(err)
		}
		h.Type, h.Alpha, h.Label = ht, 0.5, ht
		grid[1][0].Add(h)
	}
	grid[1][0].Legend = true
	rgb := &Image{Rows: 2, Cols: 2, RGBA: []color.NRGBA{hex(0xff0000), hex(0x00ff00), hex(0x0000ff), {A: 0}}, Alpha: -1}
	grid[1][1].Add(rgb)
	grid[1][1].Aspect, grid[1][1].InvertY, grid[1][1].AxisOff = 1, true, true
	grid[1][1].Title = "two\nlines"
	for _, format := range Formats {
		if err := f.Render(io.Discard, format); err != nil {
			t.Errorf("%s: %v", format, err)
		}
	}
}

func BenchmarkRenderPNG(b *testing.B) {
	f := lineFigure(b, DefaultWidth, DefaultHeight, DefaultDPI)
	for b.Loop() {
		if err := f.Render(io.Discard, "png"); err != nil {
			b.Fatal(err)
		}
	}
}
