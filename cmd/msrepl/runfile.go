package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"msrepl/interp"
)

func interpVersion() string { return interp.Version }

// runFile runs a program as python FILE does: only what the program
// prints goes to stdout, and an uncaught exception prints its traceback on
// stderr and exits 1.
func runFile(path string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if interp.IsBundle(path) {
		return runBundle(path, args, stdout, stderr)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(stderr, "msrepl: can't open file '%s': %v\n", path, err)
		return 2
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	sink := &scriptSink{out: out, err: stderr, in: bufio.NewReader(stdin)}

	s := interp.NewSession()
	s.Argv = append([]string{path}, args...)
	s.Globals().Set("__file__", interp.Str(path))
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	err = s.ExecuteWith(ctx, string(src), sink, interp.ExecOptions{Filename: path, NoResult: true})
	var exit *interp.ExitRequest
	switch {
	case errors.As(err, &exit):
		return exit.Code
	case err != nil:
		return 1
	}
	return 0
}

// scriptSink writes a script's output to the process's streams. stdout is
// buffered for speed and flushed before anything goes to stderr, so the two
// interleave as the program wrote them.
type scriptSink struct {
	out *bufio.Writer
	err io.Writer
	in  *bufio.Reader
}

func (s *scriptSink) Stdout(text string) { s.out.WriteString(text) }

func (s *scriptSink) Stderr(text string) {
	s.out.Flush()
	io.WriteString(s.err, text)
}

func (s *scriptSink) Result(count int, b interp.Bundle) {}

func (s *scriptSink) Display(b interp.Bundle) {
	if text, ok := b.Data["text/plain"].(string); ok {
		s.Stdout(text + "\n")
	}
}

func (s *scriptSink) Error(r *interp.ErrorReport) { s.Stderr(r.Text()) }

func (s *scriptSink) Input(prompt string, password bool) (string, error) {
	s.Stdout(prompt)
	s.out.Flush()
	line, err := s.in.ReadString('\n')
	if err != nil && line == "" {
		return "", interp.Errorf(interp.EOFErrorClass, "EOF when reading a line")
	}
	return trimNewline(line), nil
}

func trimNewline(s string) string {
	if len(s) > 0 && s[len(s)-1] == '\n' {
		s = s[:len(s)-1]
	}
	if len(s) > 0 && s[len(s)-1] == '\r' {
		s = s[:len(s)-1]
	}
	return s
}

// runBundle is msrepl run BUNDLE [--fn NAME] [--input X.npy]... [-o DIR]:
// a graph from mindspore.export run on .npy arrays, its outputs written
// as .npy files.
func runBundle(path string, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("msrepl run BUNDLE", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fn := fs.String("fn", "", "the graph to run, when the bundle holds several")
	var inputs []string
	fs.Func("input", "an .npy file for the next input (repeat it for each input)", func(s string) error {
		inputs = append(inputs, s)
		return nil
	})
	outDir := fs.String("o", ".", "the folder the outputs are written to")
	check := fs.Bool("check", false, "run each graph on the example msrepl export recorded, and compare")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *check {
		if err := interp.CheckBundle(path, stdout); err != nil {
			fmt.Fprintf(stderr, "msrepl run %s --check: %v\n", path, err)
			return 1
		}
		return 0
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "msrepl run %s: unexpected %s\n", path, fs.Arg(0))
		return 2
	}
	wrote, err := interp.RunBundle(path, *fn, inputs, *outDir)
	for _, w := range wrote {
		fmt.Fprintln(stdout, w)
	}
	if err != nil {
		fmt.Fprintf(stderr, "msrepl run %s: %v\n", path, err)
		return 1
	}
	return 0
}
