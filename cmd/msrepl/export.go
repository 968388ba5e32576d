package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"msrepl/interp"
)

// exportCommand is msrepl export NOTEBOOK.ipynb [-o FILE] [--functions
// f,g]: the notebook's code cells run headless, in order, in one session
// whose working folder is the notebook's (as Jupyter runs it), and what
// they compiled is saved to one bundle.
func exportCommand(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("msrepl export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "the bundle to write (default: NOTEBOOK's name with .mindir, here)")
	functions := fs.String("functions", "", "save only these compiled graphs, comma-separated")
	notebook := ""
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		notebook, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if notebook == "" && fs.NArg() == 1 {
		notebook = fs.Arg(0)
	} else if notebook == "" || fs.NArg() > 0 {
		io.WriteString(stderr, "msrepl export: give one NOTEBOOK.ipynb\n\n"+usage)
		return 2
	}
	cells, err := codeCells(notebook)
	if err != nil {
		fmt.Fprintf(stderr, "msrepl export: %v\n", err)
		return 1
	}
	path := *out
	if path == "" {
		path = strings.TrimSuffix(filepath.Base(notebook), filepath.Ext(notebook)) + ".mindir"
	}
	if path, err = filepath.Abs(path); err != nil {
		fmt.Fprintf(stderr, "msrepl export: %v\n", err)
		return 1
	}
	// The notebook's relative paths are relative to its folder.
	if err := os.Chdir(filepath.Dir(notebook)); err != nil {
		fmt.Fprintf(stderr, "msrepl export: %v\n", err)
		return 1
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	s := interp.NewSession()
	s.RecordExamples = true
	sink := &exportSink{err: stderr}
	for i, code := range cells {
		if err := s.Execute(ctx, code, sink); err != nil {
			fmt.Fprintf(stderr, "msrepl export: code cell %d of %s failed; nothing was saved\n", i+1, notebook)
			return 1
		}
	}
	var only []string
	if *functions != "" {
		only = strings.Split(*functions, ",")
	}
	if err := s.Export(path, only, stdout); err != nil {
		fmt.Fprintf(stderr, "msrepl export: %v\n", err)
		return 1
	}
	return 0
}

// codeCells reads the source of a notebook's code cells.
func codeCells(path string) ([]string, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var nb struct {
		Cells []struct {
			CellType string          `json:"cell_type"`
			Source   json.RawMessage `json:"source"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(raw, &nb); err != nil {
		return nil, fmt.Errorf("%s is not a notebook: %v", path, err)
	}
	var cells []string
	for i, c := range nb.Cells {
		if c.CellType != "code" {
			continue
		}
		var lines []string
		if err := json.Unmarshal(c.Source, &lines); err != nil {
			var text string
			if err := json.Unmarshal(c.Source, &text); err != nil {
				return nil, fmt.Errorf("%s: cell %d has no readable source", path, i+1)
			}
			lines = []string{text}
		}
		cells = append(cells, strings.Join(lines, ""))
	}
	return cells, nil
}

// exportSink runs a notebook without a front end: output is dropped,
// errors go to stderr, and pictures are not written to files (it says it
// shows images, and shows none).
type exportSink struct{ err io.Writer }

func (s *exportSink) Stdout(string)               {}
func (s *exportSink) Stderr(string)               {}
func (s *exportSink) Result(int, interp.Bundle)   {}
func (s *exportSink) Display(interp.Bundle)       {}
func (s *exportSink) ShowsImages() bool           { return true }
func (s *exportSink) Error(r *interp.ErrorReport) { io.WriteString(s.err, r.Text()) }
