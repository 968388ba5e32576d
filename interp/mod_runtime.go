package interp

import "msrepl/devices"

func init() { RegisterModule("mindspore.runtime", newRuntimeModule) }

// newRuntimeModule is mindspore.runtime's memory statistics: the device
// accounting (devices.Stats), in bytes, as MindSpore reports its memory
// pool's.
func newRuntimeModule(s *Session) (*Module, error) {
	m := NewModule("mindspore.runtime", "Runtime state: the device's memory statistics.")
	stat := func(name, doc string, f func(devices.Stats) int64) {
		m.AddFunc(name, name+"(device_target=None)", doc, func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := deviceTargetArg(name, args, kwnames); err != nil {
				return nil, err
			}
			return MakeInt(f(th.ms().dev.Stats())), nil
		})
	}
	stat("memory_allocated", "The bytes Tensors hold now.", func(s devices.Stats) int64 { return s.InUse })
	stat("max_memory_allocated", "The most bytes Tensors held at once since the last reset_peak_memory_stats().",
		func(s devices.Stats) int64 { return s.Peak })
	stat("memory_reserved", "The bytes the memory pool holds: Tensors' and those kept for reuse.",
		func(s devices.Stats) int64 { return s.InUse + s.Cached })
	m.AddFunc("reset_peak_memory_stats", "reset_peak_memory_stats(device_target=None)",
		"Starts a new peak measurement from the bytes Tensors hold now.",
		func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := deviceTargetArg("reset_peak_memory_stats", args, kwnames); err != nil {
				return nil, err
			}
			th.ms().dev.ResetPeak()
			return None, nil
		})
	m.AddFunc("memory_stats", "memory_stats(device_target=None)", "The memory statistics as a dict.",
		func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := deviceTargetArg("memory_stats", args, kwnames); err != nil {
				return nil, err
			}
			s := th.ms().dev.Stats()
			d := NewDict(5)
			d.SetStr("total_allocated_memory", MakeInt(s.InUse))
			d.SetStr("max_allocated_memory", MakeInt(s.Peak))
			d.SetStr("total_reserved_memory", MakeInt(s.InUse+s.Cached))
			d.SetStr("total_idle_memory", MakeInt(s.Cached))
			d.SetStr("memory_limit", MakeInt(s.Limit))
			return d, nil
		})
	return m, nil
}

// deviceTargetArg checks the device_target argument of the memory
// statistics: None or the one device there is.
func deviceTargetArg(name string, args []Value, kwnames []string) error {
	var target Value = None
	if err := UnpackArgs(name, args, kwnames, "device_target?", &target); err != nil {
		return err
	}
	switch s, ok := target.(Str); {
	case target == None || s == "CPU":
	case ok:
		return ValueErrorf("For '%s', device_target must be None or 'CPU', but got '%s'.", name, s)
	default:
		return TypeErrorf("For '%s', device_target must be None or a str, but got %s.", name, TypeName(target))
	}
	return nil
}
