package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"msrepl/interp"
	"msrepl/jupyter"
	"msrepl/lang"
)

const kernelUsage = `Usage:
  msrepl kernel -f CONNECTION_FILE
      serve a Jupyter front end (Jupyter starts this through kernel.json)
  msrepl kernel install [--user | --prefix PREFIX | --sys-prefix] [--name NAME] [--display-name TEXT]
      register msrepl with Jupyter: write NAME/kernel.json (NAME is msrepl by
      default) into Jupyter's kernels folder; the system's by default, this
      user's with --user (JUPYTER_DATA_DIR is honoured)
`

// kernelCommand is "msrepl kernel ...".
func kernelCommand(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "install" {
		return installKernel(args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("msrepl kernel", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { io.WriteString(stderr, kernelUsage) }
	var connFile string
	fs.StringVar(&connFile, "f", "", "the connection file")
	fs.StringVar(&connFile, "connection-file", "", "the connection file")
	if err := fs.Parse(args); err != nil {
		return parseFailure(err)
	}
	if connFile == "" || fs.NArg() > 0 {
		io.WriteString(stderr, "msrepl kernel: give the connection file with -f\n\n"+kernelUsage)
		return 2
	}
	conn, err := jupyter.ReadConnectionFile(connFile)
	if err != nil {
		fmt.Fprintln(stderr, "msrepl kernel:", err)
		return 1
	}
	return serveKernel(conn, stderr)
}

// serveKernel runs a kernel over a fresh session until Jupyter shuts it
// down. SIGINT interrupts the running cell, as in IPython, and never ends
// the kernel; SIGTERM does.
func serveKernel(conn *jupyter.ConnectionInfo, logTo io.Writer) int {
	k, err := newKernel(conn, logTo)
	if err != nil {
		fmt.Fprintln(logTo, "msrepl kernel:", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), terminationSignals...)
	defer stop()
	interrupts := make(chan os.Signal, 1)
	signal.Notify(interrupts, os.Interrupt)
	defer signal.Stop(interrupts)
	go func() {
		for range interrupts {
			k.Interrupt()
		}
	}()
	if err := k.Run(ctx); err != nil {
		fmt.Fprintln(logTo, "msrepl kernel:", err)
		return 1
	}
	return 0
}

// newKernel is a kernel over a fresh session.
func newKernel(conn *jupyter.ConnectionInfo, logTo io.Writer) (*jupyter.Kernel, error) {
	return jupyter.NewKernel(jupyter.Config{
		Conn:   conn,
		Engine: &sessionEngine{s: interp.NewSession()},
		Info:   kernelInfo(),
		Log:    logTo,
	})
}

func kernelInfo() jupyter.KernelInfo {
	return jupyter.KernelInfo{
		Implementation:        "msrepl",
		ImplementationVersion: interp.Version,
		LanguageInfo: map[string]any{
			"name":               "python",
			"version":            "3.11",
			"mimetype":           "text/x-python",
			"file_extension":     ".py",
			"pygments_lexer":     "python3",
			"codemirror_mode":    map[string]any{"name": "python", "version": 3},
			"nbconvert_exporter": "python",
		},
		Banner: fmt.Sprintf("msrepl %s — MindSpore's dynamic and static graphs, interactively.\n"+
			"name? shows help; %%ir, %%explain and %%cache show what graph mode did.\n", interp.Version),
		HelpLinks: []jupyter.HelpLink{{Text: "MindSpore", URL: "https://www.mindspore.cn/docs/en/master/index.html"}},
	}
}

func installKernel(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("msrepl kernel install", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { io.WriteString(stderr, kernelUsage) }
	user := fs.Bool("user", false, "install for this user only")
	prefix := fs.String("prefix", "", "install under PREFIX/share/jupyter")
	sysPrefix := fs.Bool("sys-prefix", false, "install into the Python environment Jupyter runs in")
	name := fs.String("name", "msrepl", "the kernel's name")
	display := fs.String("display-name", "msrepl (MindSpore)", "the name front ends show")
	if err := fs.Parse(args); err != nil {
		return parseFailure(err)
	}
	scopes := 0
	for _, set := range []bool{*user, *prefix != "", *sysPrefix} {
		if set {
			scopes++
		}
	}
	if scopes > 1 || fs.NArg() > 0 {
		io.WriteString(stderr, "msrepl kernel install: give at most one of --user, --prefix and --sys-prefix\n\n"+kernelUsage)
		return 2
	}
	scope := jupyter.InstallScope{User: *user, Prefix: *prefix}
	if *sysPrefix {
		p, err := jupyter.SysPrefix()
		if err != nil {
			fmt.Fprintln(stderr, "msrepl kernel install:", err)
			return 1
		}
		scope.Prefix = p
	}
	exe, err := os.Executable()
	if err == nil {
		exe, err = filepath.EvalSymlinks(exe)
	}
	if err != nil {
		fmt.Fprintln(stderr, "msrepl kernel install: cannot find this program's path:", err)
		return 1
	}
	spec := jupyter.KernelSpec{
		Argv:          []string{exe, "kernel", "-f", "{connection_file}"},
		DisplayName:   *display,
		Language:      "python",
		InterruptMode: "message",
		Metadata:      map[string]any{"debugger": false},
	}
	dir, err := jupyter.InstallKernelSpec(spec, *name, scope)
	if err != nil {
		fmt.Fprintln(stderr, "msrepl kernel install:", err)
		return 1
	}
	fmt.Fprintf(stdout, "Installed kernelspec %s in %s\n", *name, dir)
	return 0
}

// parseFailure is the exit code of a flag parse that failed: 0 when help
// was asked for, 2 for a usage error.
func parseFailure(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	return 2
}

// sessionEngine serves an interp.Session to the Jupyter kernel.
type sessionEngine struct{ s *interp.Session }

func (e *sessionEngine) Execute(ctx context.Context, code string, out jupyter.Output, opts jupyter.ExecuteOptions) *jupyter.ErrorInfo {
	sink := &kernelSink{out: out, ctx: ctx}
	err := e.s.ExecuteWith(ctx, code, sink, interp.ExecOptions{NoHistory: !opts.StoreHistory, NoResult: opts.Silent})
	var exit *interp.ExitRequest
	switch {
	case err == nil:
		return nil
	case errors.As(err, &exit):
		out.Exit()
		return nil
	}
	var r *interp.ErrorReport
	if errors.As(err, &r) {
		return errorInfo(r)
	}
	return &jupyter.ErrorInfo{Name: "SystemError", Value: err.Error(), Traceback: []string{"SystemError: " + err.Error()}}
}

func errorInfo(r *interp.ErrorReport) *jupyter.ErrorInfo {
	return &jupyter.ErrorInfo{Name: r.Name, Value: r.Message, Traceback: r.Traceback}
}

func (e *sessionEngine) Evaluate(ctx context.Context, expr string) (jupyter.MIMEBundle, *jupyter.ErrorInfo) {
	b, err := e.s.Evaluate(ctx, expr)
	if err != nil {
		var r *interp.ErrorReport
		if errors.As(err, &r) {
			return jupyter.MIMEBundle{}, errorInfo(r)
		}
		return jupyter.MIMEBundle{}, &jupyter.ErrorInfo{Name: "SystemError", Value: err.Error(), Traceback: []string{}}
	}
	return jupyter.MIMEBundle(b), nil
}

func (e *sessionEngine) Complete(code string, cursor int) ([]string, int, int) {
	return e.s.Complete(code, cursor)
}

func (e *sessionEngine) Inspect(code string, cursor, detail int) (string, bool) {
	return e.s.Inspect(code, cursor, detail)
}

// IsComplete answers as IPython does; the next line of an incomplete
// input is indented like the last one, one level deeper after a colon.
func (e *sessionEngine) IsComplete(code string) (string, string) {
	c := e.s.IsComplete(code)
	if c != lang.Incomplete {
		return c.String(), ""
	}
	lines := strings.Split(strings.TrimRight(code, "\n"), "\n")
	last := lines[len(lines)-1]
	indent := last[:len(last)-len(strings.TrimLeft(last, " \t"))]
	if strings.HasSuffix(strings.TrimRight(last, " \t"), ":") {
		indent += "    "
	}
	return c.String(), indent
}

func (e *sessionEngine) Count() int { return e.s.Count() }

func (e *sessionEngine) History() []jupyter.HistoryEntry {
	h := e.s.History()
	out := make([]jupyter.HistoryEntry, len(h))
	for i, x := range h {
		out[i] = jupyter.HistoryEntry(x)
	}
	return out
}

// kernelSink turns a cell's output into the kernel's messages. Errors are
// not sent from here: Execute returns them, and the kernel publishes them.
type kernelSink struct {
	out jupyter.Output
	ctx context.Context
}

func (k *kernelSink) Stdout(text string) { k.out.Stream("stdout", text) }
func (k *kernelSink) Stderr(text string) { k.out.Stream("stderr", text) }

func (k *kernelSink) Result(count int, b interp.Bundle) { k.out.Result(count, jupyter.MIMEBundle(b)) }
func (k *kernelSink) Display(b interp.Bundle)           { k.out.Display(jupyter.MIMEBundle(b), "", false) }
func (k *kernelSink) DisplayWithID(b interp.Bundle, id string, update bool) {
	k.out.Display(jupyter.MIMEBundle(b), id, update)
}
func (k *kernelSink) ClearOutput(wait bool)       { k.out.ClearOutput(wait) }
func (k *kernelSink) ShowsImages() bool           { return true }
func (k *kernelSink) Page(text string)            { k.out.Page(text) }
func (k *kernelSink) SetNextInput(text string)    { k.out.SetNextInput(text) }
func (k *kernelSink) Error(r *interp.ErrorReport) {}

// Input reads a line through the front end's stdin channel.
func (k *kernelSink) Input(prompt string, password bool) (string, error) {
	line, err := k.out.Input(prompt, password)
	switch {
	case err == nil:
		return line, nil
	case errors.Is(err, jupyter.ErrNoStdin):
		return "", interp.Errorf(interp.EOFErrorClass, "input() was called, but this front end does not support input requests")
	case k.ctx.Err() != nil:
		return "", interp.NewException(interp.KeyboardInterruptClass)
	}
	return "", interp.Errorf(interp.EOFErrorClass, "EOF when reading a line")
}
