package compilecache

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"msrepl/devices/cpu"
	"msrepl/graphmode/bundle"
	"msrepl/graphmode/ir"
	"msrepl/ops"
	"msrepl/tensor"
)

var dev = cpu.New(0)

// entry is a small compiled function: sin(x) * w, w a weight.
func entry(t *testing.T) *bundle.Entry {
	t.Helper()
	f32 := ir.TensorAbs{Meta: tensor.Meta{DType: tensor.Float32, Shape: tensor.Shape{2, 3}}}
	g := ir.NewGraph("f", ir.Span{})
	x := g.AddParam("x", f32, ir.Span{})
	w := g.AddWeight("net.w", f32)
	b := &ir.Builder{G: g}
	s, err := b.Apply(ops.Sin, nil, x)
	if err != nil {
		t.Fatal(err)
	}
	y, err := b.Apply(ops.Mul, nil, s[0], w)
	if err != nil {
		t.Fatal(err)
	}
	g.SetOutput(y[0].(*ir.Node))
	return &bundle.Entry{Name: "f", Graph: g, Annex: []byte("the caller's plan")}
}

func TestSaveAndLoad(t *testing.T) {
	s := Open(t.TempDir(), "msrepl test+abc")
	e := entry(t)
	if got, err := s.Load("f", "key 1", dev); got != nil || err != nil {
		t.Fatalf("an empty cache gave %v, %v", got, err)
	}
	other := entry(t)
	other.Annex = []byte("another plan")
	if err := s.Save("f", "key 1", []*bundle.Entry{other, e}); err != nil {
		t.Fatal(err)
	}
	variants, err := s.Load("f", "key 1", dev)
	if err != nil || len(variants) != 2 {
		t.Fatalf("loaded %d variants, %v", len(variants), err)
	}
	got := variants[1]
	if ir.Key(got.Graph) != ir.Key(e.Graph) || !bytes.Equal(got.Annex, e.Annex) || got.Weights != nil {
		t.Errorf("loaded %s with annex %s and weights %v", got.Graph.Name, got.Annex, got.Weights)
	}
	if other, err := s.Load("f", "key 2", dev); other != nil || err != nil {
		t.Errorf("another key found %v, %v", other, err)
	}
	if filepath.Dir(s.Path("f", "key 1")) != filepath.Join(filepath.Dir(s.Dir()), Folder) {
		t.Errorf("entries live in %s", s.Dir())
	}
}

func TestStale(t *testing.T) {
	dir := t.TempDir()
	s := Open(dir, "msrepl test+abc")
	if err := s.Save("f", "key", []*bundle.Entry{entry(t)}); err != nil {
		t.Fatal(err)
	}
	path := s.Path("f", "key")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		setup func(t *testing.T) *Store
		key   string
		why   string
	}{
		{"another build", func(*testing.T) *Store { return Open(dir, "msrepl test+def") }, "key",
			"compiled by msrepl test+abc, and this is msrepl test+def"},
		{"a flipped byte", func(t *testing.T) *Store {
			bad := append([]byte(nil), raw...)
			bad[len(bad)-3] ^= 0x40
			write(t, path, bad)
			return s
		}, "key", "the entry is corrupt"},
		{"truncated", func(t *testing.T) *Store {
			write(t, path, raw[:len(raw)/2])
			return s
		}, "key", "the entry is corrupt"},
		{"another key's file", func(t *testing.T) *Store {
			// The entry saved for "key" copied where "key 2" would be:
			// as if the two keys' hashes collided.
			write(t, s.Path("f", "key 2"), raw)
			return s
		}, "key 2", "made for another function"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			write(t, path, raw)
			got, err := tt.setup(t).Load("f", tt.key, dev)
			var stale *StaleError
			if got != nil || !errors.As(err, &stale) || !strings.Contains(stale.Why, tt.why) {
				t.Errorf("Load gave %v, %v; want a StaleError saying %q", got, err, tt.why)
			}
		})
	}
}

func TestWeightsStayOut(t *testing.T) {
	e := entry(t)
	e.Weights = map[string]*tensor.Tensor{}
	if err := Open(t.TempDir(), "b").Save("f", "k", []*bundle.Entry{e}); err == nil {
		t.Error("an entry holding its weights' data was saved")
	}
}

func TestFileNames(t *testing.T) {
	s := Open("/c", "b")
	for name, want := range map[string]string{"Net.construct": "Net.construct-", "∇f": "_f-", "../x": "_x-", "a b": "a_b-"} {
		if got := filepath.Base(s.Path(name, "k")); !strings.HasPrefix(got, want) || !strings.HasSuffix(got, ".mindir") {
			t.Errorf("%q is saved as %q", name, got)
		}
	}
}

func write(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
