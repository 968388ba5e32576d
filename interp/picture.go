package interp

import (
	"fmt"
	"os"
	"path/filepath"

	"msrepl/internal/atomicfile"
)

// ImageSink is a Sink whose front end shows images inline: a notebook.
// Other front ends (the terminal REPL, msrepl run) cannot, so pictures
// (%viz, plt.show()) are written to files there and their paths printed.
type ImageSink interface {
	ShowsImages() bool
}

// A picture is a value a cell's result shows as a picture: inline where
// the front end can, else saved to a file whose path is printed
// (showPicture).
type picture interface {
	Value
	show(th *Thread) error
}

// showsImages reports whether the session's front end shows images inline.
func (th *Thread) showsImages() bool {
	if th.session == nil {
		return false
	}
	s, ok := th.session.sink.(ImageSink)
	return ok && s.ShowsImages()
}

// showPicture shows v inline where the front end can; elsewhere it writes
// the picture render gives to path, creating its folder, and prints
// where it went, as "what: path".
func (th *Thread) showPicture(v Value, what, path string, render func() ([]byte, error)) error {
	if th.showsImages() {
		return th.show(v, "", false, nil)
	}
	data, err := render()
	if err != nil {
		return err
	}
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return osError(err, dir)
		}
	}
	if err := atomicfile.Write(path, data); err != nil {
		return osError(err, path)
	}
	fmt.Fprintf(th.stdout, "%s: %s\n", what, path)
	return nil
}
