package interp

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"msrepl/internal/atomicfile"
	"msrepl/lang"
	"msrepl/lang/compile"
	"msrepl/lang/syntax"
)

// A MagicDef is a line magic (%name args) or a cell magic (%%name args +
// body). Run returns the magic's value, which a cell shows when the magic
// ends it.
type MagicDef struct {
	Name  string
	Cell  bool
	Usage string // e.g. "%time STATEMENT"
	Doc   string
	Run   func(s *Session, th *Thread, m *compile.Magic) (Value, error)
}

func (d *MagicDef) key() string {
	if d.Cell {
		return "%%" + d.Name
	}
	return "%" + d.Name
}

// UsageErrorClass is IPython's UsageError: a magic used wrongly.
var UsageErrorClass = exceptionClass("UsageError", ExceptionClass)

// MagicNames lists the session's magics ("%time", "%%time", ...), sorted.
func (s *Session) MagicNames() []string {
	names := make([]string, 0, len(s.magics))
	for k := range s.magics {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

func (th *Thread) runMagic(m *compile.Magic) (Value, error) {
	s := th.session
	if s == nil {
		return nil, Errorf(UsageErrorClass, "magics need a session")
	}
	switch m.Kind {
	case compile.HelpMagic:
		return s.help(th, m)
	case compile.CellMagic:
		d, ok := s.magics["%%"+m.Name]
		if !ok {
			return nil, Errorf(UsageErrorClass, "Cell magic `%%%%%s` not found. Known cell magics: %s", m.Name, s.knownMagics(true))
		}
		return d.Run(s, th, m)
	}
	d, ok := s.magics["%"+m.Name]
	if !ok {
		return nil, Errorf(UsageErrorClass, "Line magic function `%%%s` not found. Known line magics: %s", m.Name, s.knownMagics(false))
	}
	return d.Run(s, th, m)
}

func (s *Session) knownMagics(cell bool) string {
	var names []string
	for _, d := range s.magics {
		if d.Cell == cell {
			names = append(names, d.key())
		}
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// compileAt compiles code that a magic runs, so that its positions are
// those of the cell it came from: the code is padded to start on its line.
func compileAt(code string, at syntax.Position) (*compile.Program, error) {
	pad := ""
	if at.Line > 1 {
		pad = strings.Repeat("\n", int(at.Line)-1)
	}
	prog, err := lang.Compile(at.Filename(), pad+code)
	if err != nil {
		var se *syntax.Error
		if errors.As(err, &se) {
			return nil, syntaxError(se, pad+code)
		}
		return nil, err
	}
	return prog, nil
}

// runCode runs code for a magic in the session's globals.
func (s *Session) runCode(th *Thread, code string, at syntax.Position) (Value, error) {
	prog, err := compileAt(code, at)
	if err != nil {
		return nil, err
	}
	return th.runModule(prog, s.globals, s.builtins)
}

func (s *Session) help(th *Thread, m *compile.Magic) (Value, error) {
	v, err := s.runCode(th, m.Args, m.ArgsPos)
	if err != nil {
		if e, ok := err.(*Exception); ok && (e.class.IsSubclass(NameErrorClass) || e.class.IsSubclass(AttributeErrorClass) || e.class.IsSubclass(SyntaxErrorClass)) {
			fmt.Fprintf(th.stdout, "Object `%s` not found.\n", m.Args)
			return None, nil
		}
		return nil, err
	}
	text, err := th.describe(v, m.Name == "pinfo2")
	if err != nil {
		return nil, err
	}
	if p, ok := s.sink.(Pager); ok {
		p.Page(text)
		return None, nil
	}
	fmt.Fprintln(th.stdout, text)
	return None, nil
}

// Pager is a Sink that shows help in a pager (Jupyter's payload) instead
// of the output.
type Pager interface {
	Page(text string)
}

// magicBody returns the code a time-like magic runs: the args of a line
// magic, the body of a cell magic.
func magicBody(m *compile.Magic) (string, syntax.Position) {
	if m.Kind == compile.CellMagic {
		return m.Body, m.ArgsPos
	}
	return m.Args, m.ArgsPos
}

func builtinMagics() []*MagicDef {
	timeMagic := func(cell bool) *MagicDef {
		return &MagicDef{Name: "time", Cell: cell, Usage: "%time STATEMENT  or  %%time + cell",
			Doc: "Run the code once and report CPU and wall time.",
			Run: func(s *Session, th *Thread, m *compile.Magic) (Value, error) {
				code, at := magicBody(m)
				if strings.TrimSpace(code) == "" {
					return nil, Errorf(UsageErrorClass, "%%time needs a statement, as in %%time f(x)")
				}
				prog, err := compileAt(code, at)
				if err != nil {
					return nil, err
				}
				user0, sys0 := cpuTimes()
				wall0 := time.Now()
				v, err := th.runModule(prog, s.globals, s.builtins)
				wall := time.Since(wall0).Seconds()
				user1, sys1 := cpuTimes()
				if err != nil {
					return nil, err
				}
				fmt.Fprintf(th.stdout, "CPU times: user %s, sys: %s, total: %s\nWall time: %s\n",
					formatDuration(user1-user0), formatDuration(sys1-sys0), formatDuration(user1-user0+sys1-sys0), formatDuration(wall))
				return v, nil
			}}
	}
	timeitMagic := func(cell bool) *MagicDef {
		return &MagicDef{Name: "timeit", Cell: cell, Usage: "%timeit [-n N] [-r R] STATEMENT",
			Doc: "Time a statement over many loops and report the mean and standard deviation per loop.",
			Run: runTimeit}
	}
	return []*MagicDef{
		timeMagic(false), timeMagic(true), timeitMagic(false), timeitMagic(true),
		{Name: "who", Usage: "%who [TYPE ...]", Doc: "List the session's variables, optionally only those of the given types.", Run: runWho},
		{Name: "reset", Usage: "%reset [-f]", Doc: "Delete every variable of the session (asks first, unless -f).", Run: runReset},
		{Name: "load", Usage: "%load FILE", Doc: "Load a file's code: into the next input in a notebook, or run it in the terminal.", Run: runLoad},
		{Name: "export", Usage: "%export FILE [--functions f,g]", Doc: "Save every graph the session compiled (jit functions, GRAPH_MODE Cells, %%graph cells), or the ones named, to one bundle that mindspore.load and msrepl run read, and list what was saved.", Run: runExport},
		{Name: "viz", Usage: "%viz [NAME] [--grad] [--pass P] [--collapse] [--max-nodes N] [-o FILE.svg|.png|.dot]", Doc: "Draw the graph %ir would print: inline in a notebook; in a terminal to msrepl-viz/NAME.svg, or to FILE. Backward nodes of a gradient graph link to their forward nodes; past 300 nodes, subgraphs and source lines are collapsed.", Run: runViz},
		{Name: "ir", Usage: "%ir [NAME] [--pass P] [--grad]", Doc: "Print the MindIR of the graph a jit function (or, without NAME, the session) last ran, as pass P (or capture) left it, or its gradient graph.", Run: runIR},
		{Name: "graph", Cell: true, Usage: "%%graph + cell", Doc: "Compile the cell as one static graph: the Tensors it reads are its inputs, the names it assigns its outputs; running it again reuses the graph.", Run: runGraphCell},
		{Name: "explain", Usage: "%explain CALL", Doc: "Compile a call and explain it: its graphs, the splits between them and why, JIT Fallbacks, ops per graph, and guards.", Run: runExplain},
		{Name: "cache", Usage: "%cache [NAME] [--clear]", Doc: "Show compiled functions' cache entries, counts and recompile reasons, or clear them.", Run: runCache},
		{Name: "save", Usage: "%save [-f] [-a] FILE [N | N-M ...]", Doc: "Save the session's cells (all, or the given ones) to FILE.", Run: runSave},
	}
}

// cpuTimes returns the process's user and system CPU seconds.
func cpuTimes() (user, sys float64) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, 0
	}
	tv := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return tv(ru.Utime), tv(ru.Stime)
}

// formatDuration is IPython's _format_time: three significant digits in
// s, ms, µs or ns, and days/hours/minutes past a minute.
func formatDuration(secs float64) string {
	if secs >= 60 {
		var parts []string
		left := secs
		for _, u := range []struct {
			suffix string
			length float64
		}{{"d", 86400}, {"h", 3600}, {"min", 60}, {"s", 1}} {
			if v := math.Floor(left / u.length); v > 0 {
				left = math.Mod(left, u.length)
				parts = append(parts, fmt.Sprintf("%d%s", int64(v), u.suffix))
			}
			if left < 1 {
				break
			}
		}
		return strings.Join(parts, " ")
	}
	units := []string{"s", "ms", "µs", "ns"}
	scale := []float64{1, 1e3, 1e6, 1e9}
	order := 3
	if secs > 0 {
		e := int(math.Floor(math.Log10(secs)))
		order = min(-floorDiv(e, 3), 3)
	}
	return strconv.FormatFloat(secs*scale[order], 'g', 3, 64) + " " + units[order]
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func runTimeit(s *Session, th *Thread, m *compile.Magic) (Value, error) {
	loops, runs := 0, 7
	code, at := magicBody(m)
	args := m.Args
	fields := strings.Fields(args)
	i := 0
	for i < len(fields) && strings.HasPrefix(fields[i], "-") {
		if i+1 >= len(fields) {
			return nil, Errorf(UsageErrorClass, "option %s needs a value", fields[i])
		}
		n, err := strconv.Atoi(fields[i+1])
		if err != nil || n < 1 {
			return nil, Errorf(UsageErrorClass, "option %s needs a positive integer, not %q", fields[i], fields[i+1])
		}
		switch fields[i] {
		case "-n":
			loops = n
		case "-r":
			runs = n
		default:
			return nil, Errorf(UsageErrorClass, "unknown option %s; %%timeit takes -n LOOPS and -r RUNS", fields[i])
		}
		i += 2
	}
	if m.Kind == compile.LineMagic {
		// The statement is what follows the options.
		rest := args
		for _, f := range fields[:i] {
			rest = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), f))
		}
		code = rest
		at.Col += int32(len(args) - len(rest))
	}
	if strings.TrimSpace(code) == "" {
		return nil, Errorf(UsageErrorClass, "%%timeit needs a statement, as in %%timeit f(x)")
	}
	prog, err := compileAt(code, at)
	if err != nil {
		return nil, err
	}
	c := link(prog, s.globals, s.builtins)
	timeLoops := func(n int) (float64, error) {
		start := time.Now()
		for k := 0; k < n; k++ {
			if _, err := th.runLinked(c); err != nil {
				return 0, err
			}
		}
		return time.Since(start).Seconds(), nil
	}
	if loops == 0 {
		for exp := 0; exp < 10; exp++ {
			loops = int(math.Pow(10, float64(exp)))
			t, err := timeLoops(loops)
			if err != nil {
				return nil, err
			}
			if t >= 0.2 {
				break
			}
		}
	}
	per := make([]float64, runs)
	for r := range per {
		t, err := timeLoops(loops)
		if err != nil {
			return nil, err
		}
		per[r] = t / float64(loops)
	}
	mean, std := meanStd(per)
	fmt.Fprintf(th.stdout, "%s ± %s per loop (mean ± std. dev. of %d run%s, %s loop%s each)\n",
		formatDuration(mean), formatDuration(std), runs, plural(runs), groupThousands(loops), plural(loops))
	return None, nil
}

func meanStd(xs []float64) (mean, std float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	for _, x := range xs {
		std += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(std / float64(len(xs)))
}

func groupThousands(n int) string {
	s := strconv.Itoa(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

func runWho(s *Session, th *Thread, m *compile.Magic) (Value, error) {
	types := strings.Fields(m.Args)
	var names []string
	for _, n := range s.globals.Names() {
		if strings.HasPrefix(n, "_") {
			continue
		}
		v, _ := s.globals.Get(n)
		if len(types) > 0 {
			match := false
			for _, t := range types {
				if TypeName(v) == t {
					match = true
				}
			}
			if !match {
				continue
			}
		}
		names = append(names, n)
	}
	if len(names) == 0 {
		if len(types) > 0 {
			fmt.Fprintln(th.stdout, "No variables match your requested type.")
		} else {
			fmt.Fprintln(th.stdout, "Interactive namespace is empty.")
		}
		return None, nil
	}
	fmt.Fprintln(th.stdout, strings.Join(names, "\t"))
	return None, nil
}

func runReset(s *Session, th *Thread, m *compile.Magic) (Value, error) {
	force := false
	for _, f := range strings.Fields(m.Args) {
		switch f {
		case "-f":
			force = true
		default:
			return nil, Errorf(UsageErrorClass, "%%reset takes only -f (no confirmation), not %s", f)
		}
	}
	if !force {
		if th.input == nil {
			fmt.Fprintln(th.stdout, "Nothing done: %reset asks for confirmation, and there is no input here. Use %reset -f.")
			return None, nil
		}
		ans, err := th.input("Once deleted, variables cannot be recovered. Proceed (y/[n])? ", false)
		if err != nil {
			return nil, err
		}
		if a := strings.ToLower(strings.TrimSpace(ans)); a != "y" && a != "yes" {
			fmt.Fprintln(th.stdout, "Nothing done.")
			return None, nil
		}
	}
	for _, n := range s.globals.Names() {
		if !strings.HasPrefix(n, "__") {
			s.globals.Delete(n)
		}
	}
	return None, nil
}

func runLoad(s *Session, th *Thread, m *compile.Magic) (Value, error) {
	path := strings.TrimSpace(m.Args)
	if path == "" {
		return nil, Errorf(UsageErrorClass, "%%load needs a file name, as in %%load model.py")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, osError(err, path)
	}
	if ni, ok := s.sink.(NextInputSetter); ok {
		ni.SetNextInput("# %load " + path + "\n" + string(data))
		return None, nil
	}
	prog, err := lang.Compile(path, string(data))
	if err != nil {
		var se *syntax.Error
		if errors.As(err, &se) {
			return nil, syntaxError(se, string(data))
		}
		return nil, err
	}
	_, err = th.runModule(prog, s.globals, s.builtins)
	return None, err
}

// osError converts a Go file error into the matching Python OSError.
func osError(err error, path string) error {
	var cls *Class
	var errno int64
	var text string
	switch {
	case errors.Is(err, os.ErrNotExist):
		cls, errno, text = FileNotFoundErrorClass, 2, "No such file or directory"
	case errors.Is(err, os.ErrPermission):
		cls, errno, text = PermissionErrorClass, 13, "Permission denied"
	case errors.Is(err, os.ErrExist):
		cls, errno, text = FileExistsErrorClass, 17, "File exists"
	case errors.Is(err, syscall.EISDIR):
		cls, errno, text = IsADirectoryErrorClass, 21, "Is a directory"
	default:
		return Errorf(OSErrorClass, "%v", err)
	}
	// OSError(errno, strerror, filename) prints as "[Errno 2] ...: 'path'".
	return NewException(cls, MakeInt(errno), Str(text), Str(path))
}

func runSave(s *Session, th *Thread, m *compile.Magic) (Value, error) {
	force, appendMode := false, false
	var path string
	var ranges []string
	for _, f := range strings.Fields(m.Args) {
		switch {
		case f == "-f":
			force = true
		case f == "-a":
			appendMode = true
		case strings.HasPrefix(f, "-"):
			return nil, Errorf(UsageErrorClass, "%%save takes -f (overwrite) and -a (append), not %s", f)
		case path == "":
			path = f
		default:
			ranges = append(ranges, f)
		}
	}
	if path == "" {
		return nil, Errorf(UsageErrorClass, "%%save needs a file name, as in %%save session.py")
	}
	if filepath.Ext(path) == "" {
		path += ".py"
	}
	cells, err := s.selectHistory(ranges)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	for _, c := range cells {
		b.WriteString(strings.TrimRight(c.Input, "\n"))
		b.WriteString("\n")
	}
	if _, err := os.Stat(path); err == nil && !force && !appendMode {
		if th.input == nil {
			return nil, Errorf(FileExistsErrorClass, "File `%s` exists; use %%save -f to overwrite it or -a to append", path)
		}
		ans, err := th.input(fmt.Sprintf("File `%s` exists. Overwrite (y/[N])? ", path), false)
		if err != nil {
			return nil, err
		}
		if a := strings.ToLower(strings.TrimSpace(ans)); a != "y" && a != "yes" {
			fmt.Fprintln(th.stdout, "Nothing saved.")
			return None, nil
		}
	}
	text := b.String()
	if appendMode {
		if old, err := os.ReadFile(path); err == nil {
			text = string(old) + text
		}
	}
	if err := atomicfile.Write(path, []byte(text)); err != nil {
		return nil, osError(err, path)
	}
	fmt.Fprintf(th.stdout, "The following commands were written to file `%s`:\n%s", path, b.String())
	return None, nil
}

// selectHistory returns the cells named by "N" and "N-M" ranges, or all
// earlier cells, never the %save cell itself.
func (s *Session) selectHistory(ranges []string) ([]HistoryEntry, error) {
	if len(ranges) == 0 {
		return s.history, nil
	}
	var out []HistoryEntry
	for _, r := range ranges {
		lo, hi := r, r
		if i := strings.IndexByte(r, '-'); i > 0 {
			lo, hi = r[:i], r[i+1:]
		}
		a, err1 := strconv.Atoi(lo)
		b, err2 := strconv.Atoi(hi)
		if err1 != nil || err2 != nil || a < 1 || b < a {
			return nil, Errorf(UsageErrorClass, "bad cell range %q: use N or N-M, with cell numbers from 1", r)
		}
		for _, h := range s.history {
			if h.Count >= a && h.Count <= b {
				out = append(out, h)
			}
		}
	}
	return out, nil
}
