//go:build !unix

package main

import "os"

// terminationSignals end the kernel gracefully.
var terminationSignals = []os.Signal{os.Kill}
