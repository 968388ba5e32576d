package devices

import "testing"

func TestView(t *testing.T) {
	b := NewBuffer(12)
	f := View[float32](b)
	if len(f) != 3 {
		t.Fatalf("len(View[float32]) = %d, want 3", len(f))
	}
	f[2] = 1.5
	if d := View[float64](b); len(d) != 1 {
		t.Fatalf("len(View[float64]) = %d, want 1", len(d))
	}
	if got := View[float32](b)[2]; got != 1.5 {
		t.Fatalf("views do not alias: %v", got)
	}
	if View[float64](NewBuffer(0)) != nil {
		t.Fatal("empty buffer gives a non-nil view")
	}
}

func TestFormatBytes(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want string
	}{{0, "0 B"}, {1023, "1023 B"}, {1024, "1.0 KiB"}, {3 << 29, "1.5 GiB"}} {
		if got := FormatBytes(c.n); got != c.want {
			t.Errorf("FormatBytes(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
