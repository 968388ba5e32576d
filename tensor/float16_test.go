package tensor

import (
	"math"
	"testing"
)

// Every float16 value converts to float32 and back to the same bits, and
// every float32 value between two neighbours rounds to the nearer one, ties
// to even.
func TestFloat16RoundTrip(t *testing.T) {
	for h := 0; h < 1<<16; h++ {
		f := Float16FromBits(uint16(h))
		if math.IsNaN(float64(f)) {
			if got := Float16Bits(float64(f)); got&0x7c00 != 0x7c00 || got&0x3ff == 0 {
				t.Fatalf("NaN %#04x -> %#04x", h, got)
			}
			continue
		}
		if got := Float16Bits(float64(f)); got != uint16(h) {
			t.Fatalf("%#04x -> %v -> %#04x", h, f, got)
		}
	}
}

func TestFloat16Rounding(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want float32
	}{
		{0.1, 0.0999755859375},
		{1 + 1.0/2048, 1},                    // tie between 1 and 1+2^-10: even is 1
		{1 + 3.0/2048, 1 + 2.0/1024},         // tie: even is 1+2^-9
		{1 + 1.0/2048 + 1e-12, 1 + 1.0/1024}, // just past the tie
		{65504, 65504},
		{65520, float32(math.Inf(1))}, // rounds up to infinity
		{65519.99, 65504},
		{-1e6, float32(math.Inf(-1))},
		{5.960464477539063e-08, 5.960464477539063e-08}, // smallest subnormal
		{2.98e-08, 0},                                  // below half of it
		{2.99e-08, 5.960464477539063e-08},
		{6.097555160522461e-05, 6.097555160522461e-05}, // largest subnormal
		{6.103515625e-05, 6.103515625e-05},             // smallest normal
		{math.Copysign(0, -1), 0},
	} {
		got := RoundFloat16(c.x)
		if got != c.want || math.Signbit(float64(got)) != math.Signbit(c.x) {
			t.Errorf("RoundFloat16(%v) = %v, want %v", c.x, got, c.want)
		}
	}
}
