// Package compilecache owns the compile cache on disk: the folder its
// files live in, the file a compiled function's key names, and whether a
// file is current (this build wrote it, for this key) or stale. An entry
// is a bundle whose weights are external, so a cache file is also a
// bundle `msrepl inspect` reads.
//
// It stores and returns what it is given: it must not capture, compile or
// run graphs, and it does not judge guards, which belong to whoever made
// the key (the interpreter).
package compilecache

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode"

	"msrepl/devices"
	"msrepl/graphmode/bundle"
)

// Folder is where, under the cache path, the files go, as MindSpore keeps
// its front-end cache in a folder of the path it is given.
const Folder = "graph_cache"

// A Store is a compile cache folder, written and read by one build.
type Store struct {
	dir string
	// build names the program and build that writes the entries; an entry
	// another build wrote is stale, as its passes and kernels may differ.
	build string
}

// Open returns the store under path (Folder is added), for build. The
// folder is made on the first Save.
func Open(path, build string) *Store {
	return &Store{dir: filepath.Join(path, Folder), build: build}
}

// Dir is the folder the entries live in.
func (s *Store) Dir() string { return s.dir }

// A StaleError is an entry that exists and cannot be used: written by
// another build, corrupt, or made for another key. The caller compiles
// anew and saves over it.
type StaleError struct {
	Path string
	Why  string
}

func (e *StaleError) Error() string { return fmt.Sprintf("%s: %s", e.Path, e.Why) }

// Path is the file of name's entry for key: the name, for a person
// reading the folder, and a hash of the key.
func (s *Store) Path(name, key string) string {
	sum := sha256.Sum256([]byte(key))
	return filepath.Join(s.dir, fileName(name)+"-"+hex.EncodeToString(sum[:8])+".mindir")
}

// fileName keeps the letters, digits and '_' of a function's name.
func fileName(name string) string {
	clean := strings.Map(func(r rune) rune {
		if r == '_' || r == '.' || r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return r
		}
		return '_'
	}, name)
	return strings.Trim(clean, ".")
}

// Load returns the variants kept for key, oldest first, or none. A file
// that cannot serve is a *StaleError.
func (s *Store) Load(name, key string, dev devices.Device) ([]*bundle.Entry, error) {
	path := s.Path(name, key)
	b, err := bundle.ReadOwn(path, dev)
	var fe *bundle.FormatError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case errors.As(err, &fe):
		return nil, &StaleError{Path: path, Why: "the entry is corrupt: " + fe.Msg}
	case err != nil:
		return nil, err
	case b.Producer != s.build:
		return nil, &StaleError{Path: path, Why: fmt.Sprintf("the entry was compiled by %s, and this is %s", b.Producer, s.build)}
	}
	for _, e := range b.Entries {
		if e.Name != name || e.Key != key || e.Weights != nil {
			return nil, &StaleError{Path: path, Why: "the entry was made for another function"}
		}
	}
	return b.Entries, nil
}

// Save writes variants, the graphs one function compiled for key under
// different host values, as name's entry, atomically: a reader sees the
// old file or the new. The key is kept in each, so that a file whose name
// another key's hash collides with is told apart.
func (s *Store) Save(name, key string, variants []*bundle.Entry) error {
	b := &bundle.Bundle{Producer: s.build, Created: time.Now()}
	for _, e := range variants {
		if e.Weights != nil {
			return fmt.Errorf("compile cache entry %s holds its weights' data; the cache binds weights when it loads", name)
		}
		saved := *e
		saved.Name, saved.Key = name, key
		b.Entries = append(b.Entries, &saved)
	}
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		return err
	}
	return bundle.Write(s.Path(name, key), b)
}
