package interp

import (
	"context"
	"fmt"
	"os"
	"testing"
)

func TestNNScratch(t *testing.T) {
	path := os.Getenv("NNFILE")
	if path == "" {
		t.Skip()
	}
	debugPanics = true
	src, _ := os.ReadFile(path)
	s := NewSession()
	sink := &recordingSink{}
	_ = s.ExecuteWith(context.Background(), string(src), sink, ExecOptions{Filename: "x.py", NoResult: true})
	fmt.Print(sink.buf.String())
	for _, e := range sink.errors {
		st, _ := e.Exception.dict.GetStr("__go_stack__")
		fmt.Println(st)
	}
}
