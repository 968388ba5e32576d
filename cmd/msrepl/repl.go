package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"

	"github.com/chzyer/readline"

	"msrepl/interp"
	"msrepl/lang"
)

const (
	prompt         = ">>> "
	continuePrompt = "... "
)

// repl runs the interactive loop on the terminal: readline with persistent
// history and completion, a continuation prompt while lang.IsComplete says
// the input is incomplete, and Ctrl-C that interrupts running code without
// losing the session.
func repl(stdout, stderr io.Writer) int {
	t := &terminal{s: interp.NewSession(), out: stdout, errOut: stderr}
	cfg := &readline.Config{
		Prompt:            prompt,
		HistoryFile:       historyPath(),
		HistoryLimit:      10000,
		AutoComplete:      &completer{t: t},
		InterruptPrompt:   "^C",
		EOFPrompt:         "",
		HistorySearchFold: true,
		Stdout:            stdout,
		Stderr:            stderr,
	}
	rl, err := readline.NewEx(cfg)
	if err != nil {
		fmt.Fprintln(stderr, "msrepl:", err)
		return 1
	}
	defer rl.Close()
	t.rl = rl

	interrupts := make(chan os.Signal, 1)
	signal.Notify(interrupts, os.Interrupt)
	defer signal.Stop(interrupts)
	go func() {
		for range interrupts {
			t.interrupt()
		}
	}()

	fmt.Fprintf(stdout, "msrepl %s — MindSpore's dynamic and static graphs, interactively.\nType help for help, Ctrl-D to exit.\n", interp.Version)
	return t.loop()
}

func historyPath() string {
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return ""
	}
	return filepath.Join(home, ".msrepl_history")
}

// terminal is the REPL's state: the lines typed so far for an incomplete
// input, and the cancel function of the running cell.
type terminal struct {
	s      *interp.Session
	rl     *readline.Instance
	out    io.Writer
	errOut io.Writer
	buffer string

	mu     sync.Mutex
	cancel context.CancelFunc
}

func (t *terminal) loop() int {
	for {
		if t.buffer == "" {
			t.rl.SetPrompt(prompt)
		} else {
			t.rl.SetPrompt(continuePrompt)
		}
		line, err := t.rl.Readline()
		switch {
		case errors.Is(err, readline.ErrInterrupt):
			t.buffer = ""
			fmt.Fprintln(t.out, "KeyboardInterrupt")
			continue
		case errors.Is(err, io.EOF):
			fmt.Fprintln(t.out)
			return 0
		case err != nil:
			fmt.Fprintln(t.errOut, "msrepl:", err)
			return 1
		}
		if t.buffer == "" {
			// Bare words a REPL user types, as IPython understands them.
			switch strings.TrimSpace(line) {
			case "help":
				io.WriteString(t.out, usage)
				continue
			case "exit", "quit":
				return 0
			}
		}
		t.buffer += line + "\n"
		if t.s.IsComplete(t.buffer) == lang.Incomplete {
			continue
		}
		code := t.buffer
		t.buffer = ""
		if strings.TrimSpace(code) == "" {
			continue
		}
		if code, err := t.execute(code); err != nil {
			return code
		}
	}
}

// execute runs one input; a non-nil error means the REPL must exit with
// the returned code.
func (t *terminal) execute(code string) (int, error) {
	ctx, cancel := context.WithCancel(context.Background())
	t.mu.Lock()
	t.cancel = cancel
	t.mu.Unlock()
	defer func() {
		t.mu.Lock()
		t.cancel = nil
		t.mu.Unlock()
		cancel()
	}()
	err := t.s.Execute(ctx, code, &terminalSink{t: t})
	var exit *interp.ExitRequest
	if errors.As(err, &exit) {
		return exit.Code, err
	}
	return 0, nil
}

// interrupt cancels the running cell, if any. At the prompt, readline
// itself reports Ctrl-C.
func (t *terminal) interrupt() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.cancel != nil {
		t.cancel()
	}
}

// terminalSink prints a cell's output to the terminal.
type terminalSink struct{ t *terminal }

func (k *terminalSink) Stdout(text string) { io.WriteString(k.t.out, text) }
func (k *terminalSink) Stderr(text string) { io.WriteString(k.t.errOut, text) }

func (k *terminalSink) Result(count int, b interp.Bundle) {
	if text, ok := b.Data["text/plain"].(string); ok {
		io.WriteString(k.t.out, text+"\n")
	}
}

func (k *terminalSink) Display(b interp.Bundle) { k.Result(0, b) }

func (k *terminalSink) Error(r *interp.ErrorReport) { io.WriteString(k.t.errOut, r.Text()) }

// Input reads a line for input() with readline, without recording it in
// the history.
func (k *terminalSink) Input(promptText string, password bool) (string, error) {
	rl := k.t.rl
	rl.SetPrompt(promptText)
	defer rl.SetPrompt(prompt)
	rl.HistoryDisable()
	defer rl.HistoryEnable()
	var line string
	var err error
	if password {
		var b []byte
		b, err = rl.ReadPassword(promptText)
		line = string(b)
	} else {
		line, err = rl.Readline()
	}
	switch {
	case errors.Is(err, readline.ErrInterrupt):
		return "", interp.NewException(interp.KeyboardInterruptClass)
	case err != nil:
		return "", interp.Errorf(interp.EOFErrorClass, "EOF when reading a line")
	}
	return line, nil
}

// completer adapts Session.Complete to readline, completing over the lines
// of an incomplete input as well as the current one. readline calls it
// while the loop waits in Readline, so reading the buffer is safe.
type completer struct{ t *terminal }

func (c *completer) Do(line []rune, pos int) ([][]rune, int) {
	code := c.t.buffer + string(line[:pos])
	matches, start, end := c.t.s.Complete(code, len(code))
	typed := code[start:end]
	var out [][]rune
	for _, m := range matches {
		if strings.HasPrefix(m, typed) {
			out = append(out, []rune(m[len(typed):]))
		}
	}
	return out, len([]rune(typed))
}
