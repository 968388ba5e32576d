package interp

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"msrepl/internal/pyfmt"
)

// The text of a progress bar, as tqdm formats its meter, so that a line
// reads as users of tqdm expect:
//
//	desc: 45%|████▌     | 45/100 [00:01<00:01, 38.21it/s, loss=0.123]
//	desc: 45it [00:01, 38.21it/s, loss=0.123]            (total unknown)

// meter is what one drawing of a progress bar shows.
type meter struct {
	n       float64 // items done
	total   float64 // 0 or less: unknown
	elapsed float64 // seconds since the bar started
	desc    string
	unit    string
	postfix string // "loss=0.123, acc=0.9", or ""
	ncols   int    // the line's width, which the bar fills
}

// eighths are the bar's characters, empty to full in eighths of a cell.
var eighths = []rune(" ▏▎▍▌▋▊▉█")

// formatMeter is the line a progress bar shows.
func formatMeter(m meter) string {
	left, right, frac, hasTotal := m.parts()
	if !hasTotal {
		return trimRunes(left, m.ncols)
	}
	width := max(1, m.ncols-utf8.RuneCountInString(left)-utf8.RuneCountInString(right))
	return left + formatBar(frac, width) + right
}

// parts are the texts either side of the bar ("desc: 45%|" and
// "| 45/100 [...]") and the part done, or, while the total is unknown,
// the whole line as left. Past its total, a bar shows the count only, as
// tqdm does: the total was wrong.
func (m meter) parts() (left, right string, frac float64, hasTotal bool) {
	total := m.total
	if total > 0 && m.n >= total+0.5 {
		total = 0
	}
	var rate float64
	if m.elapsed > 0 {
		rate = m.n / m.elapsed
	}
	prefix := ""
	if m.desc != "" {
		prefix = m.desc + ": "
	}
	postfix := ""
	if m.postfix != "" {
		postfix = ", " + m.postfix
	}
	elapsed := formatInterval(m.elapsed)
	if total <= 0 {
		return fmt.Sprintf("%s%s%s [%s, %s%s]", prefix, formatCount(m.n), m.unit, elapsed, formatRate(rate, m.unit), postfix), "", 0, false
	}
	remaining := "?"
	if rate > 0 {
		remaining = formatInterval(max(0, total-m.n) / rate)
	}
	frac = m.n / total
	left = fmt.Sprintf("%s%3.0f%%|", prefix, frac*100)
	right = fmt.Sprintf("| %s/%s [%s<%s, %s%s]", formatCount(m.n), formatCount(total), elapsed, remaining, formatRate(rate, m.unit), postfix)
	return left, right, frac, true
}

// formatBar draws frac (0 to 1) of width cells, in eighths of a cell.
func formatBar(frac float64, width int) string {
	frac = min(max(frac, 0), 1)
	steps := len(eighths) - 1
	cells := int(frac * float64(width*steps))
	full, part := cells/steps, cells%steps
	var b strings.Builder
	b.WriteString(strings.Repeat(string(eighths[steps]), full))
	if full < width {
		b.WriteRune(eighths[part])
		b.WriteString(strings.Repeat(" ", width-full-1))
	}
	return b.String()
}

// formatInterval writes seconds as 01:02, or 1:02:03 from an hour on.
func formatInterval(seconds float64) string {
	t := int64(seconds)
	h, m, s := t/3600, t/60%60, t%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, m, s)
	}
	return fmt.Sprintf("%02d:%02d", m, s)
}

// formatRate writes a rate in units per second, or seconds per unit when
// slower than one a second; 0 is an unknown rate. From a thousand a
// second on, it takes an SI prefix (1.23kit/s).
func formatRate(rate float64, unit string) string {
	switch {
	case rate <= 0:
		return "?" + unit + "/s"
	case rate < 1:
		return fmt.Sprintf("%5.2f", 1/rate) + "s/" + unit
	case rate < 1000:
		return fmt.Sprintf("%5.2f", rate) + unit + "/s"
	}
	return formatSI(rate) + unit + "/s"
}

// formatSI writes a number with three significant digits and an SI
// prefix, as tqdm's format_sizeof.
func formatSI(x float64) string {
	for _, prefix := range []string{"", "k", "M", "G", "T", "P", "E", "Z"} {
		if math.Abs(x) < 999.5 {
			switch {
			case math.Abs(x) < 9.995:
				return fmt.Sprintf("%1.2f", x) + prefix
			case math.Abs(x) < 99.95:
				return fmt.Sprintf("%2.1f", x) + prefix
			}
			return fmt.Sprintf("%3.0f", x) + prefix
		}
		x /= 1000
	}
	return fmt.Sprintf("%3.1fY", x)
}

// formatCount writes a count: an integer without a point, as it was
// counted in ints, otherwise as Python writes the float.
func formatCount(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
		return strconv.FormatInt(int64(x), 10)
	}
	return pyfmt.FloatRepr(x)
}

// threeDigits is the format spec '.3g'.
var threeDigits = pyfmt.Spec{Width: -1, Precision: 3, Type: 'g'}

// formatPostfixNumber writes a number of set_postfix as tqdm's format_num:
// '{:.3g}' with the exponent's leading zero dropped (1.23e+4), or str(x)
// (text) when that is no longer.
func formatPostfixNumber(x float64, text string) string {
	g, err := pyfmt.FormatFloat(x, threeDigits, "float")
	if err != nil {
		return text
	}
	g = strings.ReplaceAll(strings.ReplaceAll(g, "+0", "+"), "-0", "-")
	if len(g) < len(text) {
		return g
	}
	return text
}

// trimRunes cuts s to at most width characters; width 0 leaves it whole.
func trimRunes(s string, width int) string {
	if width <= 0 || utf8.RuneCountInString(s) <= width {
		return s
	}
	return string([]rune(s)[:width])
}
