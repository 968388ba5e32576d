package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
)

// buildBinary builds msrepl into a temporary folder, once per test run.
var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

func binary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "msrepl-test")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "msrepl")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = err
			binPath = string(out)
		}
	})
	if buildErr != nil {
		t.Fatalf("go build: %v\n%s", buildErr, binPath)
	}
	return binPath
}

// term drives the REPL through a pseudo-terminal, as a user would.
type term struct {
	t    *testing.T
	pty  *os.File
	cmd  *exec.Cmd
	mu   sync.Mutex
	out  bytes.Buffer
	seen int // expect searches output after this offset
	done chan struct{}
}

func startREPL(t *testing.T, home string) *term {
	cmd := exec.Command(binary(t))
	cmd.Env = append(os.Environ(), "HOME="+home, "TERM=xterm")
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 120})
	if err != nil {
		t.Fatal(err)
	}
	tm := &term{t: t, pty: f, cmd: cmd, done: make(chan struct{})}
	go func() {
		defer close(tm.done)
		buf := make([]byte, 4096)
		for {
			n, err := f.Read(buf)
			tm.mu.Lock()
			tm.out.Write(buf[:n])
			tm.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		f.Close()
	})
	return tm
}

func (tm *term) send(keys string) {
	tm.t.Helper()
	if _, err := tm.pty.Write([]byte(keys)); err != nil {
		tm.t.Fatal(err)
	}
}

// expect waits for text to appear in the output after what earlier
// expectations consumed.
func (tm *term) expect(text string) {
	tm.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		tm.mu.Lock()
		all := tm.out.String()
		tm.mu.Unlock()
		if i := strings.Index(all[tm.seen:], text); i >= 0 {
			tm.seen += i + len(text)
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	tm.mu.Lock()
	defer tm.mu.Unlock()
	tm.t.Fatalf("timed out waiting for %q; output after the last match:\n%q", text, tm.out.String()[tm.seen:])
}

func TestREPLInTerminal(t *testing.T) {
	home := t.TempDir()
	tm := startREPL(t, home)
	tm.expect(">>> ")

	// A multi-line def: continuation prompts until the empty line.
	tm.send("def add(a, b):\r")
	tm.expect("... ")
	tm.send("    return a + b\r")
	tm.expect("... ")
	tm.send("\r")
	tm.expect(">>> ")
	tm.send("add(20, 22)\r")
	tm.expect("42")
	tm.expect(">>> ")

	// The up arrow recalls the last line; Enter runs it again.
	tm.send("\x1b[A")
	tm.expect("add(20, 22)")
	tm.send("\r")
	tm.expect("42")
	tm.expect(">>> ")

	// input() reads from the terminal.
	tm.send("who = input('name? ')\r")
	tm.expect("name? ")
	tm.send("ada\r")
	tm.expect(">>> ")
	tm.send("who\r")
	tm.expect("'ada'")
	tm.expect(">>> ")

	// Tab completes an attribute of a module.
	tm.send("import math\r")
	tm.expect(">>> ")
	tm.send("math.sqr\t")
	tm.expect("sqrt")
	tm.send("(16)\r")
	tm.expect("4.0")
	tm.expect(">>> ")

	// Ctrl-C interrupts a running loop and keeps the session.
	tm.send("n = 41\r")
	tm.expect(">>> ")
	tm.send("while True: pass\r")
	tm.expect("... ")
	tm.send("\r")
	time.Sleep(300 * time.Millisecond)
	tm.send("\x03")
	tm.expect("KeyboardInterrupt")
	tm.expect(">>> ")
	tm.send("1+1\r")
	tm.expect("2")
	tm.expect(">>> ")
	tm.send("n + 1 == add(40, 2)\r")
	tm.expect("True")
	tm.expect(">>> ")

	// Ctrl-D exits cleanly.
	tm.send("\x04")
	select {
	case <-tm.done:
	case <-time.After(10 * time.Second):
		t.Fatal("the REPL did not exit on Ctrl-D")
	}
	if err := tm.cmd.Wait(); err != nil {
		t.Fatalf("exit: %v", err)
	}

	// The history persists for the next session.
	hist, err := os.ReadFile(filepath.Join(home, ".msrepl_history"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"def add(a, b):", "add(20, 22)", "import math"} {
		if !strings.Contains(string(hist), line+"\n") {
			t.Errorf("history lacks %q:\n%s", line, hist)
		}
	}
	tm = startREPL(t, home)
	tm.expect(">>> ")
	tm.send("\x1b[A")
	tm.expect("n + 1 == add(40, 2)")

	// A bare "exit" leaves, as in IPython.
	tm.send("\x15exit\r")
	select {
	case <-tm.done:
	case <-time.After(10 * time.Second):
		t.Fatal("the REPL did not exit on 'exit'")
	}
	if err := tm.cmd.Wait(); err != nil {
		t.Fatalf("exit: %v", err)
	}
}
