package interp

import (
	"reflect"
	"testing"
)

// samplePlan is a plan as saveCompiled makes one: reads under self and a
// global, weights, and a nested result.
func samplePlan() diskPlan {
	var p diskPlan
	steps := map[pathStep]int{}
	read := func(what, print string, path ...string) {
		p.Reads = append(p.Reads, diskRead{What: what, Step: p.step(path, steps), Print: print})
	}
	read("global 'ops'", "\x01ops print", "g:ops")
	read("attribute 'Outer.inner'", "\x02inner print", "self", "a:inner")
	read("attribute 'Inner.k'", "\x03k print", "self", "a:inner", "a:k")
	read("attribute 'Outer.cycle'", "\x04cycle print", "self", "a:cycle")
	read("attribute 'Node.next'", "\x05next print", "self", "a:cycle", "a:next")
	p.Weights = []diskWeight{{Name: "inner.w", Param: "inner.w", Step: p.step(hostPath{"self", "a:inner", "a:w"}, steps)}}
	p.Updates = []string{"inner.w"}
	p.Template = &diskValue{Kind: "tuple", Items: []diskValue{
		{Kind: "tensor"},
		{Kind: "dict", Keys: []string{"n"}, Items: []diskValue{{Kind: "int", Value: "3"}}},
	}}
	return p
}

func TestDiskPlanRoundTrip(t *testing.T) {
	p := samplePlan()
	if got := p.path(p.Reads[2].Step); !reflect.DeepEqual(got, hostPath{"self", "a:inner", "a:k"}) {
		t.Errorf("the path of Inner.k is %q", got)
	}
	if len(p.Steps) != 7 {
		t.Errorf("%d steps, want 7: shared prefixes are kept once", len(p.Steps))
	}
	back, ok := decodePlan(p.encode())
	if !ok || !reflect.DeepEqual(back, p) {
		t.Errorf("the plan read back as %+v (ok %v), want %+v", back, ok, p)
	}
	if !back.sameReads(&p) {
		t.Errorf("a plan and its copy do not read the same")
	}
}

// A read under a read whose fingerprint met no cycle drops its own; one
// under a cyclic read keeps it.
func TestDiskPlanCover(t *testing.T) {
	p := samplePlan()
	p.cover([]bool{true, true, true, false, true})
	var prints []string
	for _, r := range p.Reads {
		prints = append(prints, r.Print)
	}
	want := []string{"\x01ops print", "\x02inner print", "", "\x04cycle print", "\x05next print"}
	if !reflect.DeepEqual(prints, want) {
		t.Errorf("prints after cover: %q, want %q", prints, want)
	}
}

// A damaged plan does not read, and never panics.
func TestDiskPlanDamaged(t *testing.T) {
	p := samplePlan()
	raw := p.encode()
	for n := range len(raw) {
		if _, ok := decodePlan(raw[:n]); ok {
			t.Errorf("the plan cut to %d of %d bytes reads", n, len(raw))
		}
	}
	other := append([]byte{planFormat + 1}, raw[1:]...)
	if _, ok := decodePlan(other); ok {
		t.Errorf("a plan of format %d reads", planFormat+1)
	}
	if _, ok := decodePlan(append(raw, 0)); ok {
		t.Errorf("a plan with a byte after it reads")
	}
}

func FuzzDecodePlan(f *testing.F) {
	p := samplePlan()
	f.Add(p.encode())
	f.Fuzz(func(t *testing.T, b []byte) {
		decodePlan(b)
	})
}
