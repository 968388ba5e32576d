package plot

import (
	"fmt"
	"image/color"
	"regexp"
	"strconv"
	"strings"
)

// Cycle is matplotlib's default colour cycle (tab10): the colours that
// successive lines, scatters and bars of one Axes take.
var Cycle = []color.NRGBA{
	hex(0x1f77b4), hex(0xff7f0e), hex(0x2ca02c), hex(0xd62728), hex(0x9467bd),
	hex(0x8c564b), hex(0xe377c2), hex(0x7f7f7f), hex(0xbcbd22), hex(0x17becf),
}

func hex(rgb uint32) color.NRGBA {
	return color.NRGBA{R: uint8(rgb >> 16), G: uint8(rgb >> 8), B: uint8(rgb), A: 255}
}

// baseColors are matplotlib's single-letter colours, which format
// strings also use.
var baseColors = map[string]uint32{
	"b": 0x0000ff, "g": 0x008000, "r": 0xff0000, "c": 0x00bfbf,
	"m": 0xbf00bf, "y": 0xbfbf00, "k": 0x000000, "w": 0xffffff,
}

// namedColors are the CSS4 colour names and Tableau's tab: names, as
// matplotlib knows them.
var namedColors = map[string]uint32{
	"aliceblue": 0xf0f8ff, "antiquewhite": 0xfaebd7, "aqua": 0x00ffff, "aquamarine": 0x7fffd4,
	"azure": 0xf0ffff, "beige": 0xf5f5dc, "bisque": 0xffe4c4, "black": 0x000000, "blanchedalmond": 0xffebcd,
	"blue": 0x0000ff, "blueviolet": 0x8a2be2, "brown": 0xa52a2a, "burlywood": 0xdeb887, "cadetblue": 0x5f9ea0,
	"chartreuse": 0x7fff00, "chocolate": 0xd2691e, "coral": 0xff7f50, "cornflowerblue": 0x6495ed,
	"cornsilk": 0xfff8dc, "crimson": 0xdc143c, "cyan": 0x00ffff, "darkblue": 0x00008b, "darkcyan": 0x008b8b,
	"darkgoldenrod": 0xb8860b, "darkgray": 0xa9a9a9, "darkgreen": 0x006400, "darkgrey": 0xa9a9a9,
	"darkkhaki": 0xbdb76b, "darkmagenta": 0x8b008b, "darkolivegreen": 0x556b2f, "darkorange": 0xff8c00,
	"darkorchid": 0x9932cc, "darkred": 0x8b0000, "darksalmon": 0xe9967a, "darkseagreen": 0x8fbc8f,
	"darkslateblue": 0x483d8b, "darkslategray": 0x2f4f4f, "darkslategrey": 0x2f4f4f, "darkturquoise": 0x00ced1,
	"darkviolet": 0x9400d3, "deeppink": 0xff1493, "deepskyblue": 0x00bfff, "dimgray": 0x696969,
	"dimgrey": 0x696969, "dodgerblue": 0x1e90ff, "firebrick": 0xb22222, "floralwhite": 0xfffaf0,
	"forestgreen": 0x228b22, "fuchsia": 0xff00ff, "gainsboro": 0xdcdcdc, "ghostwhite": 0xf8f8ff,
	"gold": 0xffd700, "goldenrod": 0xdaa520, "gray": 0x808080, "green": 0x008000, "greenyellow": 0xadff2f,
	"grey": 0x808080, "honeydew": 0xf0fff0, "hotpink": 0xff69b4, "indianred": 0xcd5c5c, "indigo": 0x4b0082,
	"ivory": 0xfffff0, "khaki": 0xf0e68c, "lavender": 0xe6e6fa, "lavenderblush": 0xfff0f5,
	"lawngreen": 0x7cfc00, "lemonchiffon": 0xfffacd, "lightblue": 0xadd8e6, "lightcoral": 0xf08080,
	"lightcyan": 0xe0ffff, "lightgoldenrodyellow": 0xfafad2, "lightgray": 0xd3d3d3, "lightgreen": 0x90ee90,
	"lightgrey": 0xd3d3d3, "lightpink": 0xffb6c1, "lightsalmon": 0xffa07a, "lightseagreen": 0x20b2aa,
	"lightskyblue": 0x87cefa, "lightslategray": 0x778899, "lightslategrey": 0x778899,
	"lightsteelblue": 0xb0c4de, "lightyellow": 0xffffe0, "lime": 0x00ff00, "limegreen": 0x32cd32,
	"linen": 0xfaf0e6, "magenta": 0xff00ff, "maroon": 0x800000, "mediumaquamarine": 0x66cdaa,
	"mediumblue": 0x0000cd, "mediumorchid": 0xba55d3, "mediumpurple": 0x9370db, "mediumseagreen": 0x3cb371,
	"mediumslateblue": 0x7b68ee, "mediumspringgreen": 0x00fa9a, "mediumturquoise": 0x48d1cc,
	"mediumvioletred": 0xc71585, "midnightblue": 0x191970, "mintcream": 0xf5fffa, "mistyrose": 0xffe4e1,
	"moccasin": 0xffe4b5, "navajowhite": 0xffdead, "navy": 0x000080, "oldlace": 0xfdf5e6, "olive": 0x808000,
	"olivedrab": 0x6b8e23, "orange": 0xffa500, "orangered": 0xff4500, "orchid": 0xda70d6,
	"palegoldenrod": 0xeee8aa, "palegreen": 0x98fb98, "paleturquoise": 0xafeeee, "palevioletred": 0xdb7093,
	"papayawhip": 0xffefd5, "peachpuff": 0xffdab9, "peru": 0xcd853f, "pink": 0xffc0cb, "plum": 0xdda0dd,
	"powderblue": 0xb0e0e6, "purple": 0x800080, "rebeccapurple": 0x663399, "red": 0xff0000,
	"rosybrown": 0xbc8f8f, "royalblue": 0x4169e1, "saddlebrown": 0x8b4513, "salmon": 0xfa8072,
	"sandybrown": 0xf4a460, "seagreen": 0x2e8b57, "seashell": 0xfff5ee, "sienna": 0xa0522d, "silver": 0xc0c0c0,
	"skyblue": 0x87ceeb, "slateblue": 0x6a5acd, "slategray": 0x708090, "slategrey": 0x708090, "snow": 0xfffafa,
	"springgreen": 0x00ff7f, "steelblue": 0x4682b4, "tan": 0xd2b48c, "teal": 0x008080, "thistle": 0xd8bfd8,
	"tomato": 0xff6347, "turquoise": 0x40e0d0, "violet": 0xee82ee, "wheat": 0xf5deb3, "white": 0xffffff,
	"whitesmoke": 0xf5f5f5, "yellow": 0xffff00, "yellowgreen": 0x9acd32,

	"tab:blue": 0x1f77b4, "tab:orange": 0xff7f0e, "tab:green": 0x2ca02c, "tab:red": 0xd62728,
	"tab:purple": 0x9467bd, "tab:brown": 0x8c564b, "tab:pink": 0xe377c2, "tab:gray": 0x7f7f7f,
	"tab:grey": 0x7f7f7f, "tab:olive": 0xbcbd22, "tab:cyan": 0x17becf,
}

var (
	hexColor   = regexp.MustCompile(`^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$`)
	cycleColor = regexp.MustCompile(`^C[0-9]+$`)
)

// ParseColor reads a colour as matplotlib's to_rgba reads a string: a
// single letter (b g r c m y k w), a CSS4 or tab: name (any case), "none",
// "#rgb", "#rgba", "#rrggbb", "#rrggbbaa", "C0".."C9" (the cycle, modulo
// its length, as matplotlib's CN) or a grey level such as "0.5".
func ParseColor(s string) (color.NRGBA, error) {
	if rgb, ok := baseColors[s]; ok {
		return hex(rgb), nil
	}
	if len(s) > 1 {
		if rgb, ok := namedColors[strings.ToLower(s)]; ok {
			return hex(rgb), nil
		}
	}
	switch {
	case strings.EqualFold(s, "none"):
		return color.NRGBA{}, nil
	case hexColor.MatchString(s):
		digits := s[1:]
		if len(digits) <= 4 {
			// #rgb(a): each digit doubled, as CSS reads it.
			var long strings.Builder
			for _, d := range digits {
				long.WriteRune(d)
				long.WriteRune(d)
			}
			digits = long.String()
		}
		if len(digits) == 6 {
			digits += "ff"
		}
		v, _ := strconv.ParseUint(digits, 16, 32)
		return color.NRGBA{R: uint8(v >> 24), G: uint8(v >> 16), B: uint8(v >> 8), A: uint8(v)}, nil
	case cycleColor.MatchString(s):
		n, err := strconv.Atoi(s[1:])
		if err != nil {
			break
		}
		return Cycle[n%len(Cycle)], nil
	}
	if g, err := strconv.ParseFloat(strings.TrimSpace(s), 64); err == nil {
		if g < 0 || g > 1 {
			return color.NRGBA{}, errorf("Invalid string grayscale value %s. Value must be within 0-1 range", pyQuote(s))
		}
		v := uint8(g*255 + 0.5)
		return color.NRGBA{R: v, G: v, B: v, A: 255}, nil
	}
	return color.NRGBA{}, errorf("Invalid RGBA argument: %s", pyQuote(s))
}

// RGBA makes a colour from matplotlib's float components in [0, 1],
// clipped to that range.
func RGBA(r, g, b, a float64) color.NRGBA {
	return color.NRGBA{R: unit8(r), G: unit8(g), B: unit8(b), A: unit8(a)}
}

func unit8(v float64) uint8 {
	switch {
	case !(v > 0): // NaN too
		return 0
	case v >= 1:
		return 255
	}
	return uint8(v*255 + 0.5)
}

// Hex writes a colour as matplotlib's to_hex does: #rrggbb, with the
// alpha byte only when it is not opaque.
func Hex(c color.NRGBA) string {
	if c.A == 255 {
		return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
	}
	return fmt.Sprintf("#%02x%02x%02x%02x", c.R, c.G, c.B, c.A)
}

// withAlpha applies matplotlib's alpha argument, which replaces a
// colour's own alpha; alpha < 0 means none was given.
func withAlpha(c color.NRGBA, alpha float64) color.NRGBA {
	if alpha >= 0 && c.A != 0 {
		c.A = unit8(alpha)
	}
	return c
}

// pyQuote quotes s as Python's repr quotes a str, which matplotlib's
// messages use.
func pyQuote(s string) string {
	if strings.Contains(s, "'") && !strings.Contains(s, `"`) {
		return `"` + s + `"`
	}
	return "'" + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "'", `\'`) + "'"
}
