package interp

import (
	"syscall"
	"time"
)

func init() {
	RegisterModule("time", func(s *Session) (*Module, error) { return newTimeModule(), nil })
}

// processStart anchors perf_counter and monotonic, which only promise
// differences.
var processStart = time.Now()

func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	tv := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return tv(ru.Utime) + tv(ru.Stime)
}

func newTimeModule() *Module {
	m := NewModule("time", "Time access, as in Python's time module.")
	clock := func(name, doc string, f func() Value) {
		m.AddFunc(name, "()", doc, func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity(name, args, kwnames, 0, 0); err != nil {
				return nil, err
			}
			return f(), nil
		})
	}
	clock("time", "Return the current time in seconds since the Epoch.", func() Value {
		return Float(float64(time.Now().UnixNano()) / 1e9)
	})
	clock("time_ns", "Return the current time in nanoseconds since the Epoch.", func() Value {
		return MakeInt(time.Now().UnixNano())
	})
	since := func() time.Duration { return time.Since(processStart) }
	clock("perf_counter", "Performance counter for benchmarking, in seconds.", func() Value { return Float(since().Seconds()) })
	clock("perf_counter_ns", "Performance counter for benchmarking, in nanoseconds.", func() Value { return MakeInt(int64(since())) })
	clock("monotonic", "Monotonic clock, cannot go backward, in seconds.", func() Value { return Float(since().Seconds()) })
	clock("monotonic_ns", "Monotonic clock, cannot go backward, in nanoseconds.", func() Value { return MakeInt(int64(since())) })
	clock("process_time", "Process time for profiling: sum of the kernel and user-space CPU time.", func() Value { return Float(cpuSeconds()) })
	m.AddFunc("sleep", "(seconds, /)", "Delay execution for a given number of seconds. An interrupt stops it.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("sleep", args, kwnames, 1, 1); err != nil {
			return nil, err
		}
		secs, err := realArg(args[0])
		if err != nil {
			return nil, err
		}
		if secs < 0 {
			return nil, ValueErrorf("sleep length must be non-negative")
		}
		t := time.NewTimer(time.Duration(secs * float64(time.Second)))
		defer t.Stop()
		select {
		case <-t.C:
			return None, nil
		case <-th.ctx.Done():
			return nil, NewException(KeyboardInterruptClass)
		}
	})
	return m
}
