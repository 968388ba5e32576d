// Package onnxpb is the Go form of ONNX's protobuf schema, generated from
// onnx.proto as Debian's python3-onnx 1.12 ships it (IR version 8, opsets
// up to 17), unchanged: the package name comes from protoc-gen-go's M
// option rather than an edit of the schema. Regenerate with protoc 3.21.12
// (Debian's protobuf-compiler) and protoc-gen-go v1.36.12.
package onnxpb

//go:generate protoc --go_out=. --go_opt=paths=source_relative --go_opt=Monnx.proto=msrepl/graphmode/onnx/onnxpb onnx.proto
