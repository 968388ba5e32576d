package plot

import (
	"image/color"
	"math"
	"slices"
	"strings"
)

// A Colormap maps [0, 1] to colours by linear interpolation between
// stops, as matplotlib's colormaps do. The stops were sampled from
// matplotlib: at its segment breakpoints for the maps defined by
// segments, and at 17 even positions for its 256-entry listed maps
// (viridis and kin), which are smooth enough that the difference does
// not show.
type Colormap struct {
	Name  string
	stops []stop
}

type stop struct {
	pos float64
	rgb uint32
}

var colormaps = map[string][]stop{
	"viridis": {{0.0, 0x440154}, {0.0625, 0x48186a}, {0.125, 0x472d7b}, {0.1875, 0x424086}, {0.25, 0x3b528b},
		{0.3125, 0x33638d}, {0.375, 0x2c728e}, {0.4375, 0x26828e}, {0.5, 0x21918c}, {0.5625, 0x1fa088},
		{0.625, 0x28ae80}, {0.6875, 0x3fbc73}, {0.75, 0x5ec962}, {0.8125, 0x84d44b}, {0.875, 0xaddc30},
		{0.9375, 0xd8e219}, {1.0, 0xfde725}},
	"plasma": {{0.0, 0x0d0887}, {0.0625, 0x310597}, {0.125, 0x4c02a1}, {0.1875, 0x6600a7}, {0.25, 0x7e03a8},
		{0.3125, 0x9511a1}, {0.375, 0xaa2395}, {0.4375, 0xbc3587}, {0.5, 0xcc4778}, {0.5625, 0xda5a6a},
		{0.625, 0xe66c5c}, {0.6875, 0xf0804e}, {0.75, 0xf89540}, {0.8125, 0xfdac33}, {0.875, 0xfdc527},
		{0.9375, 0xf8df25}, {1.0, 0xf0f921}},
	"magma": {{0.0, 0x000004}, {0.0625, 0x0a0822}, {0.125, 0x1d1147}, {0.1875, 0x36106b}, {0.25, 0x51127c},
		{0.3125, 0x6a1c81}, {0.375, 0x832681}, {0.4375, 0x9c2e7f}, {0.5, 0xb73779}, {0.5625, 0xd0416f},
		{0.625, 0xe75263}, {0.6875, 0xf56b5c}, {0.75, 0xfc8961}, {0.8125, 0xfea772}, {0.875, 0xfec488},
		{0.9375, 0xfde2a3}, {1.0, 0xfcfdbf}},
	"inferno": {{0.0, 0x000004}, {0.0625, 0x0b0724}, {0.125, 0x210c4a}, {0.1875, 0x3d0965}, {0.25, 0x57106e},
		{0.3125, 0x71196e}, {0.375, 0x8a226a}, {0.4375, 0xa32c61}, {0.5, 0xbc3754}, {0.5625, 0xd24644},
		{0.625, 0xe45a31}, {0.6875, 0xf1731d}, {0.75, 0xf98e09}, {0.8125, 0xfcac11}, {0.875, 0xf9cb35},
		{0.9375, 0xf2ea69}, {1.0, 0xfcffa4}},
	"cividis": {{0.0, 0x00224e}, {0.0625, 0x002e6a}, {0.125, 0x1a386f}, {0.1875, 0x32436d}, {0.25, 0x434e6c},
		{0.3125, 0x535a6d}, {0.375, 0x61656f}, {0.4375, 0x6f7073}, {0.5, 0x7d7c78}, {0.5625, 0x8c8878},
		{0.625, 0x9b9476}, {0.6875, 0xaba072}, {0.75, 0xbcae6c}, {0.8125, 0xcdbb63}, {0.875, 0xdec958},
		{0.9375, 0xf0d846}, {1.0, 0xfee838}},
	"gray":   {{0.0, 0x000000}, {1.0, 0xffffff}},
	"binary": {{0.0, 0xffffff}, {1.0, 0x000000}},
	"hot":    {{0.0, 0x0b0000}, {0.365079, 0xff0000}, {0.746032, 0xffff00}, {1.0, 0xffffff}},
	"jet": {{0.0, 0x000080}, {0.11, 0x0000ff}, {0.125, 0x0000ff}, {0.34, 0x00dcfe}, {0.35, 0x00e4f8},
		{0.375, 0x16ffe1}, {0.64, 0xeeff09}, {0.65, 0xf8f500}, {0.66, 0xfeed00}, {0.89, 0xff1300},
		{0.91, 0xe80000}, {1.0, 0x800000}},
	"coolwarm": {{0.0, 0x3b4cc0}, {0.0625, 0x4e68d8}, {0.125, 0x6282ea}, {0.1875, 0x779af7}, {0.25, 0x8db0fe},
		{0.3125, 0xa3c2fe}, {0.375, 0xb9d0f9}, {0.4375, 0xccd9ed}, {0.5, 0xdddcdc}, {0.5625, 0xecd3c5},
		{0.625, 0xf5c4ac}, {0.6875, 0xf7b093}, {0.75, 0xf4987a}, {0.8125, 0xeb7d62}, {0.875, 0xdd5f4b},
		{0.9375, 0xca3b37}, {1.0, 0xb40426}},
	"Blues": {{0.0, 0xf7fbff}, {0.125, 0xdeebf7}, {0.25, 0xc6dbef}, {0.375, 0x9dcae1}, {0.5, 0x6aaed6},
		{0.625, 0x4191c6}, {0.75, 0x2070b4}, {0.875, 0x08509b}, {1.0, 0x08306b}},
	"Reds": {{0.0, 0xfff5f0}, {0.125, 0xfee0d2}, {0.25, 0xfcbba1}, {0.375, 0xfc9272}, {0.5, 0xfb694a},
		{0.625, 0xee3a2c}, {0.75, 0xca181d}, {0.875, 0xa30f15}, {1.0, 0x67000d}},
	"Greens": {{0.0, 0xf7fcf5}, {0.125, 0xe5f5e0}, {0.25, 0xc7e9c0}, {0.375, 0xa0d99b}, {0.5, 0x73c476},
		{0.625, 0x40aa5d}, {0.75, 0x228a44}, {0.875, 0x006c2c}, {1.0, 0x00441b}},
	"Greys": {{0.0, 0xffffff}, {0.125, 0xf0f0f0}, {0.25, 0xd9d9d9}, {0.375, 0xbdbdbd}, {0.5, 0x959595},
		{0.625, 0x727272}, {0.75, 0x515151}, {0.875, 0x242424}, {1.0, 0x000000}},
	"Oranges": {{0.0, 0xfff5eb}, {0.125, 0xfee6ce}, {0.25, 0xfdd0a2}, {0.375, 0xfdae6a}, {0.5, 0xfd8c3b},
		{0.625, 0xf16813}, {0.75, 0xd84801}, {0.875, 0xa53603}, {1.0, 0x7f2704}},
	"Purples": {{0.0, 0xfcfbfd}, {0.125, 0xefedf5}, {0.25, 0xdadaeb}, {0.375, 0xbcbddc}, {0.5, 0x9e9ac8},
		{0.625, 0x807cba}, {0.75, 0x6950a3}, {0.875, 0x53268f}, {1.0, 0x3f007d}},
	"RdBu": {{0.0, 0x67001f}, {0.1, 0xb1182b}, {0.2, 0xd6604d}, {0.3, 0xf3a481}, {0.4, 0xfddbc7},
		{0.5, 0xf6f7f7}, {0.6, 0xd1e5f0}, {0.7, 0x90c4dd}, {0.8, 0x4393c3}, {0.9, 0x2065ab}, {1.0, 0x053061}},
}

// DefaultColormap is the colormap of images and scatters that name none.
const DefaultColormap = "viridis"

// ColormapNames lists the colormaps LookupColormap knows, each also
// reversed with "_r", sorted as matplotlib sorts them.
func ColormapNames() []string {
	var names []string
	for n := range colormaps {
		names = append(names, n, n+"_r")
	}
	slices.Sort(names)
	return names
}

// LookupColormap finds a colormap by name; a name ending in "_r" is the
// map reversed.
func LookupColormap(name string) (*Colormap, error) {
	base, reversed := strings.CutSuffix(name, "_r")
	stops, ok := colormaps[base]
	if !ok {
		quoted := make([]string, 0, 2*len(colormaps))
		for _, n := range ColormapNames() {
			quoted = append(quoted, pyQuote(n))
		}
		return nil, errorf("%s is not a valid value for cmap; supported values are %s", pyQuote(name), strings.Join(quoted, ", "))
	}
	if reversed {
		rev := make([]stop, len(stops))
		for i, s := range stops {
			rev[len(stops)-1-i] = stop{1 - s.pos, s.rgb}
		}
		stops = rev
	}
	return &Colormap{Name: name, stops: stops}, nil
}

// At is the colour at t, clipped to [0, 1]; NaN, matplotlib's "bad"
// value, is transparent.
func (m *Colormap) At(t float64) color.NRGBA {
	switch {
	case math.IsNaN(t):
		return color.NRGBA{}
	case t <= 0:
		return hex(m.stops[0].rgb)
	case t >= 1:
		return hex(m.stops[len(m.stops)-1].rgb)
	}
	i := 1
	for i < len(m.stops)-1 && m.stops[i].pos < t {
		i++
	}
	a, b := m.stops[i-1], m.stops[i]
	f := (t - a.pos) / (b.pos - a.pos)
	mix := func(shift uint) uint8 {
		x, y := float64(uint8(a.rgb>>shift)), float64(uint8(b.rgb>>shift))
		return uint8(x + (y-x)*f + 0.5)
	}
	return color.NRGBA{R: mix(16), G: mix(8), B: mix(0), A: 255}
}

// A ScalarMap turns data values into colours: Vmin and Vmax map to the
// ends of Cmap, as matplotlib's Normalize and ScalarMappable do.
type ScalarMap struct {
	Cmap       *Colormap
	Vmin, Vmax float64
}

// Color is the colour of the value v.
func (s ScalarMap) Color(v float64) color.NRGBA {
	if s.Vmax == s.Vmin {
		// matplotlib's Normalize maps every value to 0 then.
		if math.IsNaN(v) {
			return s.Cmap.At(v)
		}
		return s.Cmap.At(0)
	}
	return s.Cmap.At((v - s.Vmin) / (s.Vmax - s.Vmin))
}

// NewScalarMap maps values through cmap, scaled to their finite range
// as matplotlib autoscales a mappable.
func NewScalarMap(cmap *Colormap, values []float64) ScalarMap {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range values {
		if !math.IsInf(v, 0) && !math.IsNaN(v) {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	if lo > hi {
		lo, hi = 0, 0
	}
	return ScalarMap{Cmap: cmap, Vmin: lo, Vmax: hi}
}
