package interp

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The language testdata: each testdata/ok/NAME.py prints NAME.out, and
// each testdata/errors/NAME.py prints NAME.out, the program's output
// followed by the traceback it dies with. Both streams go to one buffer,
// in order, as a terminal shows them.

// recordingSink collects a run's output as a terminal would show it.
type recordingSink struct {
	buf    bytes.Buffer
	input  []string
	errors []*ErrorReport
}

func (r *recordingSink) Stdout(text string) { r.buf.WriteString(text) }
func (r *recordingSink) Stderr(text string) { r.buf.WriteString(text) }
func (r *recordingSink) Result(count int, b Bundle) {
	r.buf.WriteString(b.Data["text/plain"].(string) + "\n")
}
func (r *recordingSink) Display(b Bundle) { r.Result(0, b) }
func (r *recordingSink) Error(e *ErrorReport) {
	r.errors = append(r.errors, e)
	r.buf.WriteString(e.Text())
}
func (r *recordingSink) Input(prompt string, password bool) (string, error) {
	r.buf.WriteString(prompt)
	if len(r.input) == 0 {
		return "", Errorf(EOFErrorClass, "EOF when reading a line")
	}
	line := r.input[0]
	r.input = r.input[1:]
	return line, nil
}

// runProgram runs a file as msrepl run does and returns what it printed.
func runProgram(t *testing.T, path string) (string, error) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSession()
	s.Thread().Budget = 50_000_000
	sink := &recordingSink{}
	err = s.ExecuteWith(context.Background(), string(src), sink, ExecOptions{Filename: filepath.Base(path), NoResult: true})
	return sink.buf.String(), err
}

func programs(t *testing.T, dir string) []string {
	files, err := filepath.Glob(filepath.Join("testdata", dir, "*.py"))
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestPrograms(t *testing.T) {
	// Programs in ok_full succeed, as those in ok do, but their output
	// has warnings or their file's name, which check.py (stdout of
	// 'msrepl run PATH') cannot compare.
	for _, dir := range []string{"ok", "ok_full", "errors"} {
		for _, path := range programs(t, dir) {
			t.Run(dir+"/"+strings.TrimSuffix(filepath.Base(path), ".py"), func(t *testing.T) {
				want, err := os.ReadFile(strings.TrimSuffix(path, ".py") + ".out")
				if err != nil {
					t.Fatal(err)
				}
				got, runErr := runProgram(t, path)
				if (runErr != nil) != (dir == "errors") {
					t.Errorf("error = %v; programs in testdata/%s should %s", runErr, dir, map[bool]string{true: "fail", false: "succeed"}[dir == "errors"])
				}
				if got != string(want) {
					t.Errorf("output differs.\n--- got ---\n%s\n--- want ---\n%s", got, want)
				}
			})
		}
	}
}

// TestProgramsAgainstCPython checks the expected outputs themselves: every
// program in testdata/ok prints the same under CPython, and every program
// in testdata/errors fails at the same lines with the same exception and
// message. It needs python3 (3.11); it is skipped where there is none.
func TestProgramsAgainstCPython(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found")
	}
	if out, err := exec.Command(python, "-c", "import sys; print(sys.version_info[:2] == (3, 11))").Output(); err != nil || strings.TrimSpace(string(out)) != "True" {
		t.Skip("python3 is not CPython 3.11")
	}
	lineRE := regexp.MustCompile(`(?m)^  File "[^"]*", line (\d+)`)
	for _, dir := range []string{"ok", "errors"} {
		for _, path := range programs(t, dir) {
			t.Run(dir+"/"+strings.TrimSuffix(filepath.Base(path), ".py"), func(t *testing.T) {
				if src, _ := os.ReadFile(path); bytes.Contains(src, []byte("# not-cpython")) {
					t.Skip("uses msrepl-only syntax")
				}
				want, err := os.ReadFile(strings.TrimSuffix(path, ".py") + ".out")
				if err != nil {
					t.Fatal(err)
				}
				cmd := exec.Command(python, filepath.Base(path))
				cmd.Dir = filepath.Dir(path)
				cmd.Stdin = strings.NewReader("")
				var stdout, stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				runErr := cmd.Run()
				if dir == "ok" {
					if runErr != nil {
						t.Fatalf("CPython failed: %v\n%s", runErr, stderr.String())
					}
					if stdout.String() != string(want) {
						t.Errorf("CPython prints differently.\n--- CPython ---\n%s\n--- .out ---\n%s", stdout.String(), want)
					}
					return
				}
				if runErr == nil {
					t.Fatalf("CPython ran %s without an error", path)
				}
				lastLine := func(s string) string {
					lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
					return lines[len(lines)-1]
				}
				if got, exp := lastLine(stderr.String()), lastLine(string(want)); got != exp {
					t.Errorf("exception differs: CPython %q, .out %q", got, exp)
				}
				cpyLines := lineRE.FindAllStringSubmatch(stderr.String(), -1)
				ourLines := lineRE.FindAllStringSubmatch(string(want), -1)
				if len(cpyLines) != len(ourLines) {
					t.Errorf("traceback depth differs: CPython %d entries, .out %d\n%s", len(cpyLines), len(ourLines), stderr.String())
					return
				}
				for i := range cpyLines {
					if cpyLines[i][1] != ourLines[i][1] {
						t.Errorf("traceback entry %d: CPython line %s, .out line %s", i, cpyLines[i][1], ourLines[i][1])
					}
				}
			})
		}
	}
}
