package bundle

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"msrepl/devices/cpu"
	gexec "msrepl/graphmode/exec"
	"msrepl/graphmode/ir"
	"msrepl/lang/syntax"
	"msrepl/ops"
	"msrepl/tensor"
)

var file = "cell[3]"

func span(line int32) ir.Span {
	return ir.Span{Start: syntax.MakePosition(&file, line, 5), End: syntax.MakePosition(&file, line, 20)}
}

var dev = cpu.New(0)

func eager() *ops.Eager {
	return &ops.Eager{Ctx: &ops.Ctx{Dev: dev, Rand: rand.New(rand.NewPCG(1, 2))}}
}

func random(t testing.TB, r *rand.Rand, dt tensor.DType, shape ...int) *tensor.Tensor {
	t.Helper()
	vals := make([]float64, tensor.Shape(shape).Size())
	for i := range vals {
		vals[i] = r.NormFloat64()
	}
	x, err := tensor.FromFloat64s(dev, dt, tensor.Shape(shape), vals)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func apply(t testing.TB, g *ir.FuncGraph, line int32, p *ops.Primitive, attrs ops.Attrs, args ...ops.Value) *ir.Node {
	t.Helper()
	out, err := (&ir.Builder{G: g, Span: span(line)}).Apply(p, attrs, args...)
	if err != nil {
		t.Fatal(err)
	}
	return out[0].(*ir.Node)
}

func abs(x *tensor.Tensor) ir.TensorAbs { return ir.TensorAbs{Meta: x.Meta()} }

// model is an MLP layer followed by control flow: an If on the sum and a
// While that halves until small, with tensor and scalar constants and
// attributes of several types.
func model(t testing.TB) *Entry {
	r := rand.New(rand.NewPCG(7, 7))
	w, bias := random(t, r, tensor.Float32, 3, 5), random(t, r, tensor.Float32, 3)
	g := ir.NewGraph("net", span(1))
	x := g.AddParam("x", ir.TensorAbs{Meta: tensor.Meta{DType: tensor.Float32, Shape: tensor.Shape{4, 5}}}, span(1))
	gw := g.AddWeight("fc.weight", abs(w))
	gb := g.AddWeight("fc.bias", abs(bias))
	h := apply(t, g, 2, ops.MatMul, ops.Attrs{"transpose_b": true}, x, gw)
	h = apply(t, g, 2, ops.BiasAdd, nil, h, gb)
	h = apply(t, g, 3, ops.Tanh, nil, h)
	h.Name = "h"
	s := apply(t, g, 4, ops.Softmax, ops.Attrs{"axis": []int{-1}}, h)
	two := g.Const(random(t, r, tensor.Float32), span(4))
	s = apply(t, g, 4, ops.Mul, nil, s, two)
	total := apply(t, g, 5, ops.ReduceSum, nil, s)
	cond := apply(t, g, 5, ops.Greater, nil, total, g.Const(random(t, r, tensor.Float32), span(5)))

	then := g.NewSubgraph("✓net_1", span(6))
	then.SetOutput(apply(t, then, 6, ops.Sin, nil, then.AddParam("s", abs(random(t, r, tensor.Float32, 4, 3)), span(6))))
	els := g.NewSubgraph("✗net_1", span(8))
	ep := els.AddParam("s", abs(random(t, r, tensor.Float32, 4, 3)), span(8))
	els.SetOutput(apply(t, els, 8, ops.Mul, nil, ep, els.Const(random(t, r, tensor.Float32), span(8))))
	y := g.If(cond, then, els, span(5), s)

	loopCond := g.NewSubgraph("⤾net_2", span(9))
	cv := loopCond.AddParam("v", abs(random(t, r, tensor.Float32, 4, 3)), span(9))
	big := apply(t, loopCond, 9, ops.ReduceMax, nil, apply(t, loopCond, 9, ops.Abs, nil, cv))
	loopCond.SetOutput(apply(t, loopCond, 9, ops.Greater, nil, big, loopCond.Const(random(t, r, tensor.Float32), span(9))))
	body := g.NewSubgraph("⥁net_2", span(10))
	bv := body.AddParam("v", abs(random(t, r, tensor.Float32, 4, 3)), span(10))
	half := body.Const(random(t, r, tensor.Float32), span(10))
	body.SetOutput(body.MakeTuple(span(10), apply(t, body, 10, ops.Mul, nil, bv, half)))
	loop := g.While(loopCond, body, span(9), y)
	g.SetOutput(g.MakeTuple(span(11), g.GetItem(loop, 0, span(11)), total))
	if err := ir.Verify(g); err != nil {
		t.Fatal(err)
	}
	// Constants the loop needs to end: |v| halves until below 0.5.
	loopCond.Consts[0].Value = scalar(t, 0.5)
	half.Value = scalar(t, 0.5)
	return &Entry{Name: "net", Cell: "cell[3]", SourceHash: "ab12", Outputs: []string{"y", "total"}, Graph: g,
		Weights: map[string]*tensor.Tensor{"fc.weight": w, "fc.bias": bias}}
}

func scalar(t testing.TB, v float64) *tensor.Tensor {
	x, err := tensor.FromFloat64s(dev, tensor.Float32, tensor.Shape{}, []float64{v})
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func sample(t testing.TB) *Bundle {
	return &Bundle{Producer: "msrepl test", Created: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC), Entries: []*Entry{model(t)}}
}

func run(t *testing.T, e *Entry, x *tensor.Tensor) []*tensor.Tensor {
	t.Helper()
	r := &gexec.Runner{B: eager(), Weight: func(n *ir.Node) (*tensor.Tensor, error) { return e.Weights[n.Name], nil }}
	out, err := r.Run(e.Graph, []gexec.Value{x})
	if err != nil {
		t.Fatal(err)
	}
	var ts []*tensor.Tensor
	for _, v := range out.(gexec.Tuple) {
		ts = append(ts, v.(*tensor.Tensor))
	}
	return ts
}

func printed(t *testing.T, g *ir.FuncGraph) string {
	t.Helper()
	var b strings.Builder
	if err := ir.Print(&b, g, nil); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestRoundTrip(t *testing.T) {
	b := sample(t)
	raw, err := Encode(b)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(raw, dev)
	if err != nil {
		t.Fatal(err)
	}
	if got.Producer != b.Producer || !got.Created.Equal(b.Created) || len(got.Entries) != 1 {
		t.Fatalf("metadata %q %v %d entries", got.Producer, got.Created, len(got.Entries))
	}
	want, e := b.Entries[0], got.Entries[0]
	if e.Name != want.Name || e.Cell != want.Cell || e.SourceHash != want.SourceHash || !slices.Equal(e.Outputs, want.Outputs) {
		t.Errorf("entry %+v", e)
	}
	if a, b := printed(t, e.Graph), printed(t, want.Graph); a != b {
		t.Errorf("the graph read back prints\n%s\nwant\n%s", a, b)
	}
	for name, w := range want.Weights {
		if !bytes.Equal(tensor.AppendStorage(nil, e.Weights[name]), tensor.AppendStorage(nil, w)) {
			t.Errorf("weight %s is not bit-identical", name)
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 3 {
		x := random(t, r, tensor.Float32, 4, 5)
		a, b := run(t, e, x), run(t, want, x)
		for i := range a {
			if !bytes.Equal(tensor.AppendStorage(nil, a[i]), tensor.AppendStorage(nil, b[i])) {
				t.Errorf("output %d differs after the round trip", i)
			}
		}
	}
	// Encoding is deterministic: the same bundle, the same bytes.
	again, err := Encode(got)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, raw) {
		t.Errorf("re-encoding the bundle read back changes its bytes")
	}
}

func TestExampleRoundTrip(t *testing.T) {
	b := sample(t)
	r := rand.New(rand.NewPCG(4, 4))
	x := random(t, r, tensor.Float32, 4, 5)
	b.Entries[0].Example = &Example{Inputs: []*tensor.Tensor{x}, Outputs: run(t, b.Entries[0], x)}
	raw, err := Encode(b)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(raw, dev)
	if err != nil {
		t.Fatal(err)
	}
	ex := back.Entries[0].Example
	if ex == nil || len(ex.Inputs) != 1 || len(ex.Outputs) != 2 {
		t.Fatalf("example read back as %+v", ex)
	}
	for i, o := range run(t, back.Entries[0], ex.Inputs[0]) {
		if !bytes.Equal(tensor.AppendStorage(nil, o), tensor.AppendStorage(nil, ex.Outputs[i])) {
			t.Errorf("output %d does not reproduce the example", i)
		}
	}
}

func TestDTypesRoundTrip(t *testing.T) {
	for _, dt := range tensor.DTypes {
		g := ir.NewGraph("id", span(1))
		r := rand.New(rand.NewPCG(1, uint64(dt)))
		c := random(t, r, dt, 2, 3)
		x := g.AddParam("x", abs(c), span(1))
		g.SetOutput(g.MakeTuple(span(2), apply(t, g, 2, ops.Identity, nil, x), g.Const(c, span(2)), g.Const(true, span(2)), g.Const(int64(-3), span(2))))
		raw, err := Encode(&Bundle{Entries: []*Entry{{Name: "id", Graph: g}}})
		if err != nil {
			t.Fatalf("%v: %v", dt, err)
		}
		back, err := Decode(raw, dev)
		if err != nil {
			t.Fatalf("%v: %v", dt, err)
		}
		got := back.Entries[0].Graph.Consts[0].Value.(*tensor.Tensor)
		if got.DType() != dt || !bytes.Equal(tensor.AppendStorage(nil, got), tensor.AppendStorage(nil, c)) {
			t.Errorf("%v constant read back as %v %v", dt, got.DType(), got)
		}
	}
}

// TestFaults: every damaged bundle is refused with a clear error.
func TestFaults(t *testing.T) {
	raw, err := Encode(sample(t))
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, data []byte, want string) {
		t.Helper()
		_, err := Decode(data, dev)
		if err == nil {
			t.Errorf("%s: read without error", name)
			return
		}
		if _, ok := err.(*FormatError); !ok || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want a FormatError saying %q", name, err, want)
		}
	}
	r := rand.New(rand.NewPCG(10, 10))
	for range 10 {
		at := r.IntN(len(raw))
		check("truncated", raw[:at], "")
		if at >= headerSize {
			check("truncated", raw[:at], "truncated")
		}
	}
	for _, s := range layout(t, raw) {
		for _, at := range []int{s.start, s.start + s.length/2, s.start + s.length - 1} {
			bad := slices.Clone(raw)
			bad[at] ^= 0x40
			check("flipped byte in "+s.tag, bad, "section "+s.tag+" (offset")
		}
	}
	future := slices.Clone(raw)
	binary.LittleEndian.PutUint32(future[len(Magic):], Version+1)
	check("future version", future, fmt.Sprintf("format version %d, newer than this msrepl reads (%d)", Version+1, Version))
	check("not a bundle", []byte("PK\x03\x04 a zip file"), "not an msrepl bundle")
	check("trailing bytes", append(slices.Clone(raw), 0), "1 bytes follow its last section")

	// A primitive this build lacks: the graph section names Tanh; the
	// same bundle with another name in its place, checksums redone.
	secs, err := sections(raw)
	if err != nil {
		t.Fatal(err)
	}
	graphs := bytes.Replace(secs[tagGraphs], []byte("\x04Tanh"), []byte("\x04Tanx"), 1)
	missing := container([]section{{tagMeta, secs[tagMeta]}, {tagGraphs, graphs}, {tagData, secs[tagData]}})
	check("missing op", missing, "needs the primitive Tanx (node 6, from cell[3] line 3), which this build of msrepl lacks")

	// META damaged behind a valid checksum, as a writer's bug would leave
	// it: cut short, or with something after its last entry.
	withMeta := func(m []byte) []byte {
		return container([]section{{tagMeta, m}, {tagGraphs, secs[tagGraphs]}, {tagData, secs[tagData]}})
	}
	check("short META", withMeta(secs[tagMeta][:len(secs[tagMeta])-3]), "of the META section")

	// An empty table, which the nodes still name: each of the graph
	// section's tables in turn, the ones before it whole.
	d := decoder{b: secs[tagGraphs], section: tagGraphs}
	for range d.count() {
		d.str()
	}
	for _, what := range []string{"abstract value", "primitive", "attribute set"} {
		start := d.at
		for range d.count() {
			d.bytes(d.count())
		}
		emptied := slices.Concat(secs[tagGraphs][:start], []byte{0}, secs[tagGraphs][d.at:])
		check("an empty table of "+what+"s", container([]section{{tagMeta, secs[tagMeta]}, {tagGraphs, emptied}, {tagData, secs[tagData]}}), what+" 0 of a table of 0")
	}
	check("long META", withMeta(append(slices.Clone(secs[tagMeta]), 7)), "1 bytes follow its last entry")
}

// TestVersion1 reads a bundle version 1 wrote (testdata/version1.mindir:
// the sample, written by msrepl at af29822), whose META is JSON and
// whose attributes have no length.
func TestVersion1(t *testing.T) {
	v1, err := os.ReadFile(filepath.Join("testdata", "version1.mindir"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(v1, dev)
	if err != nil {
		t.Fatal(err)
	}
	if got.Format != 1 {
		t.Errorf("a version 1 bundle reads as format %d", got.Format)
	}
	again, err := Encode(got)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Encode(sample(t))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, want) {
		t.Errorf("the version 1 sample, read and written again, differs from the sample written now")
	}
	secs, err := sections(want)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Decode(container([]section{{tagMeta, []byte("{")}, {tagGraphs, secs[tagGraphs]}, {tagData, secs[tagData]}}), dev); err == nil {
		t.Errorf("a version 2 bundle whose META is JSON read without error")
	}
}

type span2 struct {
	tag           string
	start, length int
}

// layout lists where each section's payload lies in a bundle.
func layout(t *testing.T, raw []byte) []span2 {
	var out []span2
	at := headerSize
	for at < len(raw) {
		n := int(binary.LittleEndian.Uint64(raw[at+4:]))
		out = append(out, span2{string(raw[at : at+4]), at + 16, n})
		at += 16 + n
	}
	if len(out) != 3 {
		t.Fatalf("%d sections", len(out))
	}
	return out
}

func TestHostCodeIsNotExported(t *testing.T) {
	g := ir.NewGraph("f", span(1))
	x := g.AddParam("x", ir.TensorAbs{Meta: tensor.Meta{DType: tensor.Float32, Shape: tensor.Shape{}}}, span(1))
	fallback := &ops.Primitive{Name: "PyExecute", Stateful: true,
		Infer: func(_ ops.Attrs, in []tensor.Meta) ([]tensor.Meta, error) { return in[:1], nil }}
	g.SetOutput(apply(t, g, 2, fallback, ops.Attrs{"script": "float(x.asnumpy())"}, x))
	_, err := Encode(&Bundle{Entries: []*Entry{{Name: "f", Graph: g}}})
	want := `f: the graph cannot be exported: it runs Python code when it runs (PyExecute, a JIT Fallback), and a bundle holds none (node 2, cell[3] line 2: float(x.asnumpy()))`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

func TestWriteAndRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "net.mindir")
	if err := Write(path, sample(t)); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(path, dev); err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(path)
	if err := os.WriteFile(path, raw[:len(raw)-3], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(path, dev); err == nil || !strings.HasPrefix(err.Error(), path+": the bundle is truncated") {
		t.Errorf("reading a truncated file: %v", err)
	}
}

// TestInterruptedWrite kills a process while it writes a big bundle over
// an existing one: the existing one is still whole.
func TestInterruptedWrite(t *testing.T) {
	if path := os.Getenv("MSREPL_BUNDLE_WRITE_FOREVER"); path != "" {
		big := sample(t)
		w := random(t, rand.New(rand.NewPCG(1, 1)), tensor.Float32, 1<<22)
		g := big.Entries[0].Graph
		g.AddWeight("big", abs(w))
		big.Entries[0].Weights["big"] = w
		for {
			if err := Write(path, big); err != nil {
				t.Fatal(err)
			}
		}
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "net.mindir")
	if err := Write(path, sample(t)); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	cmd := exec.Command(os.Args[0], "-test.run=^TestInterruptedWrite$")
	cmd.Env = append(os.Environ(), "MSREPL_BUNDLE_WRITE_FOREVER="+path)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Kill it once a temporary file has started to fill.
	writing := false
	for deadline := time.Now().Add(20 * time.Second); !writing && time.Now().Before(deadline); {
		if tmps, _ := filepath.Glob(filepath.Join(dir, ".net.mindir.tmp*")); len(tmps) > 0 {
			st, err := os.Stat(tmps[0])
			writing = err == nil && st.Size() > 0
		}
		time.Sleep(time.Millisecond)
	}
	cmd.Process.Kill()
	cmd.Wait()
	if !writing {
		t.Fatal("the writer never started writing")
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Decode(after, dev); err != nil {
		t.Errorf("the bundle after an interrupted write does not read: %v", err)
	}
	// Either the old bundle, or a whole new one if a write had finished.
	if !bytes.Equal(after, before) && len(after) < 1<<24 {
		t.Errorf("the bundle changed to %d bytes, neither the old one nor a whole new one", len(after))
	}
}

// FuzzDecode: no input makes Decode panic; whatever it accepts encodes
// again.
func FuzzDecode(f *testing.F) {
	raw, err := Encode(sample(f))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(raw)
	secs, _ := sections(raw)
	f.Add(container([]section{{tagMeta, secs[tagMeta]}, {tagGraphs, secs[tagGraphs][:len(secs[tagGraphs])/2]}, {tagData, secs[tagData]}}))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Decode(data, dev)
		if err != nil {
			if _, ok := err.(*FormatError); !ok {
				t.Fatalf("%T: %v", err, err)
			}
			return
		}
		if _, err := Encode(b); err != nil {
			t.Fatalf("a bundle that reads does not encode: %v", err)
		}
	})
}

// FuzzDecodeGraphs and FuzzDecodeMeta fuzz one section behind valid
// checksums, which FuzzDecode's mutations rarely get past.
func FuzzDecodeGraphs(f *testing.F) { fuzzSection(f, tagGraphs) }

func FuzzDecodeMeta(f *testing.F) { fuzzSection(f, tagMeta) }

func fuzzSection(f *testing.F, tag string) {
	raw, err := Encode(sample(f))
	if err != nil {
		f.Fatal(err)
	}
	secs, _ := sections(raw)
	f.Add(secs[tag])
	f.Fuzz(func(t *testing.T, payload []byte) {
		parts := []section{{tagMeta, secs[tagMeta]}, {tagGraphs, secs[tagGraphs]}, {tagData, secs[tagData]}}
		for i := range parts {
			if parts[i].tag == tag {
				parts[i].payload = payload
			}
		}
		if _, err := Decode(container(parts), dev); err != nil {
			if _, ok := err.(*FormatError); !ok {
				t.Fatalf("%T: %v", err, err)
			}
		}
	})
}
