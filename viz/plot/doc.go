// Package plot is msrepl's figure model and renderer: matplotlib's
// figures, axes and artists (lines, scatters, histograms, bars, images
// and their colorbars) as Go values, drawn with gonum/plot to SVG, PNG,
// JPEG or PDF to look like matplotlib's defaults.
//
// It owns what a plot looks like and the numbers behind it: colours,
// colormaps, format strings, numpy.histogram's binning, autoscaled
// limits and ticks. It knows nothing of the interpreter: pyplot's state
// machine, argument conversion and Python's exceptions are interp's
// (mod_pyplot.go), which turns this package's errors, whose texts are
// matplotlib's, into ValueErrors. It must not read files, write files
// or keep global state: a Figure renders to an io.Writer, and two
// sessions' figures never meet.
package plot

import "fmt"

// An Error is a failure whose text is matplotlib's (or numpy's) own
// message for it, which the interpreter raises as a ValueError.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

func errorf(format string, args ...any) error {
	return &Error{Msg: fmt.Sprintf(format, args...)}
}
