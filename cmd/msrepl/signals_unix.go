//go:build unix

package main

import (
	"os"
	"syscall"
)

// terminationSignals end the kernel gracefully.
var terminationSignals = []os.Signal{syscall.SIGTERM, syscall.SIGHUP}
