package syntax

import (
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/unicode/runenames"
)

var (
	runeNamesOnce sync.Once
	runesByName   map[string]rune
)

// runeNamed looks up a character by its Unicode name, for \N{...} escapes.
// As in Python, case does not matter. The table is built on first use:
// most programs never need it.
func runeNamed(name string) (rune, bool) {
	runeNamesOnce.Do(func() {
		runesByName = make(map[string]rune, 1<<17)
		add := func(lo, hi rune) {
			for r := lo; r <= hi; r++ {
				if n := runenames.Name(r); n != "" && !strings.HasPrefix(n, "<") {
					runesByName[n] = r
				}
			}
		}
		// Named characters live in planes 0-3 and in plane 14.
		add(0, 0x3ffff)
		add(0xe0000, unicode.MaxRune)
	})
	r, ok := runesByName[strings.ToUpper(name)]
	return r, ok
}
