package plot

import (
	"fmt"
	"image/color"
	"regexp"
	"strconv"
	"strings"
)

// NoStyle is the line style or marker "None", which draws nothing.
const NoStyle = "None"

// lineStyles are matplotlib's line style names, by every spelling
// matplotlib accepts, with the symbol each comes to.
var lineStyles = map[string]string{
	"-": "-", "--": "--", "-.": "-.", ":": ":",
	"solid": "-", "dashed": "--", "dashdot": "-.", "dotted": ":",
	NoStyle: NoStyle, " ": NoStyle, "": NoStyle,
}

// markers are the marker symbols drawMarker draws.
const markers = ".,ov^<>12348sp*hH+xDd|_PX"

// LineStyle checks a line style as matplotlib's linestyle argument reads
// it and returns its symbol ("-", "--", "-.", ":") or NoStyle.
func LineStyle(s string) (string, error) {
	if ls, ok := lineStyles[s]; ok {
		return ls, nil
	}
	return "", errorf("%s is not a valid value for ls; supported values are '-', '--', '-.', ':', 'None', ' ', '', 'solid', 'dashed', 'dashdot', 'dotted'", pyQuote(s))
}

// Marker checks a marker symbol as matplotlib's marker argument reads it
// and returns it, or NoStyle for "None", "" and " ".
func Marker(s string) (string, error) {
	switch {
	case s == NoStyle || s == "" || s == " ":
		return NoStyle, nil
	case len(s) == 1 && strings.Contains(markers, s):
		return s, nil
	}
	return "", errorf("Unrecognized marker style %s", pyQuote(s))
}

// A Format is what a format string such as "r--" or "bo" says of a line.
// An empty LineStyle or Marker, or a nil Color, is left to the defaults
// and the other arguments. ColorSpec is the text that named the colour
// ("r", "C1", "red"), which matplotlib's get_color returns.
type Format struct {
	LineStyle string
	Marker    string
	Color     *color.NRGBA
	ColorSpec string
}

var cycleRef = regexp.MustCompile(`^C[0-9]+`)

// ParseFormat reads a format string as matplotlib's plot does: a colour
// alone ("red", "#ff0000", "0.5"), or a colour letter, a marker and a
// line style in any order, each at most once. A format with a marker and
// no line style draws no line; one with neither draws a solid line.
func ParseFormat(s string) (Format, error) {
	if c, err := ParseColor(s); err == nil {
		// A digit alone is the tri_down marker "1", not the grey level 1.
		if _, err := strconv.Atoi(s); err != nil || s == "" {
			return Format{Color: &c, ColorSpec: s}, nil
		}
	}
	bad := func(why string) error {
		return errorf("%s is not a valid format string (%s)", pyQuote(s), why)
	}
	var f Format
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case i+2 <= len(s) && (s[i:i+2] == "--" || s[i:i+2] == "-."):
			if f.LineStyle != "" {
				return Format{}, bad("two linestyle symbols")
			}
			f.LineStyle = s[i : i+2]
			i += 2
		case c == '-' || c == ':' || c == ' ':
			if f.LineStyle != "" {
				return Format{}, bad("two linestyle symbols")
			}
			f.LineStyle = string(c)
			i++
		case strings.IndexByte(markers, c) >= 0:
			if f.Marker != "" {
				return Format{}, bad("two marker symbols")
			}
			f.Marker = string(c)
			i++
		case strings.IndexByte("bgrcmykw", c) >= 0:
			if f.Color != nil {
				return Format{}, bad("two color symbols")
			}
			col := hex(baseColors[string(c)])
			f.Color, f.ColorSpec = &col, string(c)
			i++
		case c == 'C':
			ref := cycleRef.FindString(s[i:])
			if ref == "" {
				return Format{}, bad("'C' must be followed by a number")
			}
			col, _ := ParseColor(ref)
			f.Color, f.ColorSpec = &col, ref
			i += len(ref)
		default:
			return Format{}, bad(fmt.Sprintf("unrecognized character %s", pyQuote(string(c))))
		}
	}
	switch {
	case f.LineStyle == " ":
		f.LineStyle = NoStyle
		if f.Marker == "" {
			f.Marker = NoStyle
		}
	case f.LineStyle == "" && f.Marker == "":
		f.LineStyle, f.Marker = "-", NoStyle
	case f.LineStyle == "":
		f.LineStyle = NoStyle
	case f.Marker == "":
		f.Marker = NoStyle
	}
	return f, nil
}
