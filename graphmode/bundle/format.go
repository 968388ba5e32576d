// Package bundle owns msrepl's file format for compiled graphs: optimized
// graphs with their input signatures, weights and metadata, written so
// that another process can run them without the source that made them.
//
// A bundle is a header and checksummed sections. Reading refuses, with a
// *FormatError that says why, a file that is truncated, corrupt, of a
// future version, or that needs a primitive this build lacks; writing is
// atomic. bundle never runs a graph and never holds host code: a graph
// that needs the interpreter when it runs (JIT Fallback) cannot be
// written.
package bundle

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
)

// The file starts with Magic, the format version (uint32) and the number
// of sections (uint32), little-endian. Each section is a four-letter tag,
// its payload's length (uint64), the payload's CRC-32C (uint32) and the
// payload. A reader that knows a version refuses anything newer.
// Version 2 made META binary; version 1 files still read.
const (
	Magic   = "MSRBNDL\x00"
	Version = 2
)

const headerSize = len(Magic) + 4 + 4

// Section tags.
const (
	tagMeta   = "META" // who wrote the bundle, and its entries (JSON in version 1)
	tagGraphs = "GRPH" // the entries' graph families
	tagData   = "DATA" // tensor contents: weights and constants
	// Optional: readers that do not know a section pass over it.
	tagAnnex = "ANNX" // the entries' annexes, which their writers read
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// A FormatError is a bundle that cannot be read, or a graph that cannot
// be written to one.
type FormatError struct {
	Path string
	Msg  string
}

func (e *FormatError) Error() string {
	if e.Path == "" {
		return e.Msg
	}
	return fmt.Sprintf("%s: %s", e.Path, e.Msg)
}

func formatErrorf(format string, args ...any) *FormatError {
	return &FormatError{Msg: fmt.Sprintf(format, args...)}
}

type section struct {
	tag     string
	payload []byte
}

// container lays sections out after the header.
func container(sections []section) []byte {
	out := []byte(Magic)
	out = binary.LittleEndian.AppendUint32(out, Version)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(sections)))
	for _, s := range sections {
		out = append(out, s.tag...)
		out = binary.LittleEndian.AppendUint64(out, uint64(len(s.payload)))
		out = binary.LittleEndian.AppendUint32(out, crc32.Checksum(s.payload, castagnoli))
		out = append(out, s.payload...)
	}
	return out
}

// sections reads the container: every section present, whole and with
// its checksum.
func sections(data []byte) (map[string][]byte, error) {
	if len(data) < len(Magic) || string(data[:len(Magic)]) != Magic {
		return nil, formatErrorf("not an msrepl bundle (it does not start with %q)", Magic[:len(Magic)-1])
	}
	if len(data) < headerSize {
		return nil, formatErrorf("the bundle is truncated: %d bytes, not even its %d-byte header", len(data), headerSize)
	}
	version := binary.LittleEndian.Uint32(data[len(Magic):])
	if version > Version {
		return nil, formatErrorf("the bundle has format version %d, newer than this msrepl reads (%d): use a newer msrepl", version, Version)
	}
	if version == 0 {
		return nil, formatErrorf("the bundle is corrupt: format version 0")
	}
	count := binary.LittleEndian.Uint32(data[len(Magic)+4:])
	out := map[string][]byte{}
	at := headerSize
	for i := range count {
		if len(data)-at < 16 {
			return nil, formatErrorf("the bundle is truncated: it ends at byte %d, in the header of section %d of %d", len(data), i+1, count)
		}
		tag := string(data[at : at+4])
		n := binary.LittleEndian.Uint64(data[at+4:])
		sum := binary.LittleEndian.Uint32(data[at+12:])
		at += 16
		if n > uint64(len(data)-at) {
			return nil, formatErrorf("the bundle is truncated: section %s needs %d bytes at offset %d, and the file ends at %d", tag, n, at, len(data))
		}
		payload := data[at : at+int(n)]
		if crc32.Checksum(payload, castagnoli) != sum {
			return nil, formatErrorf("the bundle is corrupt: section %s (offset %d, %d bytes) fails its checksum", printable(tag), at, n)
		}
		if _, dup := out[tag]; dup {
			return nil, formatErrorf("the bundle is corrupt: section %s appears twice", tag)
		}
		out[tag] = payload
		at += int(n)
	}
	if at != len(data) {
		return nil, formatErrorf("the bundle is corrupt: %d bytes follow its last section", len(data)-at)
	}
	for _, tag := range []string{tagMeta, tagGraphs, tagData} {
		if _, ok := out[tag]; !ok {
			return nil, formatErrorf("the bundle is corrupt: it has no %s section", tag)
		}
	}
	return out, nil
}

// printable keeps a damaged tag legible in a message.
func printable(tag string) string {
	b := []byte(tag)
	for i, c := range b {
		if c < ' ' || c > '~' {
			b[i] = '?'
		}
	}
	return string(b)
}
