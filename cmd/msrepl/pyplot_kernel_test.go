package main

import (
	"bytes"
	"encoding/base64"
	"image/png"
	"testing"
)

// TestKernelPyplotInline checks matplotlib's inline backend end to end:
// a figure a cell leaves open is published as display_data with a PNG
// after the cell's output, and once only.
func TestKernelPyplotInline(t *testing.T) {
	c := startKernel(t)
	_, out, err := c.Execute("import matplotlib.pyplot as plt\nplt.plot([1, 4, 9])\nprint('drawn')", kernelTimeout)
	if err != nil {
		t.Fatal(err)
	}
	var images []map[string]any
	sawPrint := false
	for _, m := range out {
		switch m.Header.MsgType {
		case "stream":
			sawPrint = true
		case "display_data":
			if !sawPrint {
				t.Error("the figure was published before the cell's output")
			}
			images = append(images, decode(t, m)["data"].(map[string]any))
		}
	}
	if len(images) != 1 {
		t.Fatalf("published %d displays, want 1", len(images))
	}
	if text := images[0]["text/plain"]; text != "<Figure size 640x480 with 1 Axes>" {
		t.Errorf("text/plain %v", text)
	}
	encoded, _ := images[0]["image/png"].(string)
	data, err := base64.StdEncoding.DecodeString(encoded)
	if err != nil {
		t.Fatalf("image/png is not base64: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("image/png is not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() != 640 || b.Dy() != 480 {
		t.Errorf("the PNG is %dx%d, want 640x480", b.Dx(), b.Dy())
	}
	_, out, err = c.Execute("x = 1", kernelTimeout)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range out {
		if m.Header.MsgType == "display_data" {
			t.Error("the next cell showed the closed figure again")
		}
	}
}
