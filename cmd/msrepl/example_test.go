package main

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestDigitsExample runs examples/digits_train.py shortened to three
// epochs: the loss must fall every epoch and the held-out accuracy pass
// 90% (ten epochs reach about 97%).
func TestDigitsExample(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"run", "../../examples/digits_train.py", "--epochs", "3"}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("exit code %d\n%s%s", code, out.String(), errOut.String())
	}
	text := out.String()
	var losses []float64
	for _, m := range regexp.MustCompile(`epoch \d+: loss ([0-9.]+)`).FindAllStringSubmatch(text, -1) {
		v, _ := strconv.ParseFloat(m[1], 64)
		losses = append(losses, v)
	}
	if len(losses) != 3 {
		t.Fatalf("want 3 epoch losses, got:\n%s", text)
	}
	for i := 1; i < len(losses); i++ {
		if losses[i] >= losses[i-1] {
			t.Errorf("loss rose from epoch %d to %d: %v", i, i+1, losses)
		}
	}
	m := regexp.MustCompile(`test accuracy: ([0-9.]+)%`).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no accuracy line:\n%s", text)
	}
	if acc, _ := strconv.ParseFloat(m[1], 64); acc < 90 {
		t.Errorf("test accuracy %.2f%%, want at least 90%%\n%s", acc, text)
	}
}
