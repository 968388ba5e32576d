// Package atomicfile writes files so that a reader sees the old contents
// or the new, never a part: the data go to a temporary file in the same
// folder, are synced, and the file is renamed over the old one. It owns
// that one operation and nothing else.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write replaces path's contents with data, as an ordinary 0644 file.
// An interrupted write leaves path as it was (and, at worst, a stray
// temporary file beside it).
func Write(path string, data []byte) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	// CreateTemp makes the file private; what is saved is an ordinary file.
	err = f.Chmod(0o644)
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
