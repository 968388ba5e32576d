package anchors

import "testing"

func TestParseTorch(t *testing.T) {
	got, err := parseTorch([]byte("{\"key\": \"a.torch_eager_[4]\", \"value\": 2.5}\n{\"key\": \"d.torch_mm_512\", \"value\": 101}\n"))
	if err != nil || got["a.torch_eager_[4]"] != 2.5 || got["d.torch_mm_512"] != 101 || len(got) != 2 {
		t.Errorf("parseTorch: %v, %v", got, err)
	}
	if _, err := parseTorch([]byte("Traceback (most recent call last):\n")); err == nil {
		t.Errorf("parseTorch took a traceback")
	}
}

func TestMeasures(t *testing.T) {
	for key, want := range map[string]bool{"c.mlp_train_step_eager": true, "d.torch_mm_1024": true, "f.jit_script_compile_100op": true, "z.nothing": false} {
		if Measures(key) != want {
			t.Errorf("Measures(%q) = %v", key, !want)
		}
	}
}
