// Command msrepl is the msrepl tool: an interactive REPL for the msrepl
// language (the default), a script runner, and the Jupyter kernel. It is a thin face over
// interp.Session; it owns the terminal, flags and exit codes, and nothing
// about the language.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"msrepl/interp"
)

const usage = `msrepl — MindSpore's dynamic and static graphs, interactively.

Usage:
  msrepl                 start the interactive REPL
  msrepl run FILE [ARG…] run a program; an uncaught exception exits with status 1
  msrepl kernel -f FILE  serve Jupyter (see 'msrepl kernel install --help')
  msrepl kernel install  register msrepl as a Jupyter kernel (--user for this user only)
  msrepl run BUNDLE [--fn NAME] [--input X.npy]… [-o DIR]
                         run a graph from mindspore.export on .npy inputs;
                         its outputs are written to DIR as NAME_outI.npy
  msrepl run BUNDLE --check
                         rerun the examples msrepl export recorded, and compare
  msrepl inspect BUNDLE  print what a bundle from mindspore.export holds, and its MindIR
  msrepl export NOTEBOOK.ipynb [-o FILE] [--functions f,g]
                         run a notebook headless and save the graphs it compiled
  msrepl bench [-count N] [-run REGEXP] [-recorded]
                         time the performance anchors' workloads, and compare
                         with PyTorch and numpy (measured now when torch is
                         installed, else as recorded)
  msrepl --version       print the version
  msrepl help            print this help

In the REPL, type code as in Python. A line ending in ':' or inside brackets
continues on the next line; an empty line ends a block. Tab completes names,
attributes and magics; name? shows help; Ctrl-C interrupts running code and
keeps the session; Ctrl-D exits. Magics: %who %reset %time %timeit %load %save.
`

func main() {
	debug.SetGCPercent(interp.GCPercent)
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return repl(stdout, stderr)
	}
	switch args[0] {
	case "run":
		if len(args) < 2 {
			io.WriteString(stderr, "msrepl run: missing FILE\n\n"+usage)
			return 2
		}
		return runFile(args[1], args[2:], stdin, stdout, stderr)
	case "kernel":
		return kernelCommand(args[1:], stdout, stderr)
	case "export":
		return exportCommand(args[1:], stdout, stderr)
	case "bench":
		return benchCommand(args[1:], stdout, stderr)
	case "inspect":
		if len(args) != 2 {
			io.WriteString(stderr, "msrepl inspect: give one BUNDLE\n\n"+usage)
			return 2
		}
		if err := interp.InspectBundle(stdout, args[1]); err != nil {
			fmt.Fprintf(stderr, "msrepl inspect: %v\n", err)
			return 1
		}
		return 0
	case "--version", "-V", "version":
		fmt.Fprintln(stdout, "msrepl", interpVersion())
		return 0
	case "help", "-h", "--help":
		io.WriteString(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "msrepl: unknown command %q\n\n", args[0])
	io.WriteString(stderr, usage)
	return 2
}
