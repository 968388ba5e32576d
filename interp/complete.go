package interp

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"msrepl/lang"
	"msrepl/lang/syntax"
)

// IsComplete tells a front end whether code is ready to run (see
// lang.IsComplete).
func (s *Session) IsComplete(code string) lang.Completeness { return lang.IsComplete(code) }

// Complete returns the completions of the name, dotted name or magic that
// ends at cursor (a byte offset into code), and the byte range they
// replace. Attribute completion evaluates only names and attribute
// lookups, never calls.
func (s *Session) Complete(code string, cursor int) (matches []string, start, end int) {
	cursor = clampCursor(code, cursor)
	start = cursor
	for start > 0 {
		r, size := utf8.DecodeLastRuneInString(code[:start])
		if r != '_' && r != '.' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			break
		}
		start -= size
	}
	word := code[start:cursor]
	lineStart := strings.LastIndexByte(code[:start], '\n') + 1
	if before := code[lineStart:start]; strings.TrimSpace(before) == "%" || strings.TrimSpace(before) == "%%" {
		prefix := strings.TrimSpace(before)
		for _, m := range s.MagicNames() {
			if strings.HasPrefix(m, prefix+word) && strings.HasPrefix(m[len(prefix):], word) && (prefix == "%%") == strings.HasPrefix(m, "%%") {
				matches = append(matches, m[len(prefix):])
			}
		}
		return matches, start, cursor
	}
	if fields := strings.Fields(code[lineStart:start]); len(fields) == 1 && (fields[0] == "import" || fields[0] == "from") {
		// One dotted level at a time, as IPython completes imports:
		// "import mindsp" offers mindspore, "import mindspore.o" its ops.
		depth := strings.Count(word, ".")
		seen := map[string]bool{}
		for _, m := range RegisteredModules() {
			if !strings.HasPrefix(m, word) || strings.HasPrefix(m, "_") {
				continue
			}
			parts := strings.Split(m, ".")
			m = strings.Join(parts[:depth+1], ".")
			if !seen[m] {
				seen[m] = true
				matches = append(matches, m)
			}
		}
		return matches, start, cursor
	}
	if i := strings.LastIndexByte(word, '.'); i >= 0 {
		obj, ok := s.evalDotted(word[:i])
		if !ok {
			return nil, cursor, cursor
		}
		attr := word[i+1:]
		for _, n := range s.th.attrNames(obj) {
			if strings.HasPrefix(n, attr) && (strings.HasPrefix(attr, "_") || !strings.HasPrefix(n, "_")) {
				matches = append(matches, n)
			}
		}
		return matches, start + i + 1, cursor
	}
	seen := map[string]bool{}
	add := func(n string) {
		if strings.HasPrefix(n, word) && !seen[n] && (strings.HasPrefix(word, "_") || !strings.HasPrefix(n, "_")) {
			seen[n] = true
			matches = append(matches, n)
		}
	}
	for _, n := range s.globals.Names() {
		add(n)
	}
	for _, n := range s.builtins.Keys() {
		add(n)
	}
	for k := range syntax.Keywords {
		add(k)
	}
	sort.Strings(matches)
	return matches, start, cursor
}

func clampCursor(code string, cursor int) int {
	if cursor < 0 || cursor > len(code) {
		return len(code)
	}
	for cursor > 0 && !utf8.RuneStart(code[cursor-1]) && cursor < len(code) && !utf8.RuneStart(code[cursor]) {
		cursor--
	}
	return cursor
}

// evalDotted looks up a dotted name (a.b.c) in the session without calling
// anything.
func (s *Session) evalDotted(expr string) (Value, bool) {
	parts := strings.Split(expr, ".")
	for _, p := range parts {
		if p == "" {
			return nil, false
		}
	}
	v, ok := s.globals.Get(parts[0])
	if !ok {
		if v, ok = s.builtins.Get(parts[0]); !ok {
			return nil, false
		}
	}
	for _, p := range parts[1:] {
		var err error
		if v, err = s.th.GetAttr(v, p); err != nil {
			return nil, false
		}
	}
	return v, true
}

// Inspect returns help for the name or dotted name at (or just before)
// cursor: its signature, docstring and type; detail 1 adds a function's
// source, as name?? does.
func (s *Session) Inspect(code string, cursor, detail int) (text string, found bool) {
	cursor = clampCursor(code, cursor)
	isName := func(r rune) bool { return r == '_' || r == '.' || unicode.IsLetter(r) || unicode.IsDigit(r) }
	end := cursor
	for end < len(code) {
		r, size := utf8.DecodeRuneInString(code[end:])
		if !isName(r) || r == '.' {
			break
		}
		end += size
	}
	start := cursor
	for start > 0 {
		r, size := utf8.DecodeLastRuneInString(code[:start])
		if !isName(r) {
			break
		}
		start -= size
	}
	expr := strings.Trim(code[start:end], ".")
	if expr == "" {
		// Inside a call's parentheses: describe the callee.
		depth := 0
		for i := cursor - 1; i >= 0; i-- {
			switch code[i] {
			case ')':
				depth++
			case '(':
				if depth == 0 {
					return s.Inspect(code[:i], i, detail)
				}
				depth--
			}
		}
		return "", false
	}
	v, ok := s.evalDotted(expr)
	if !ok {
		return "", false
	}
	text, err := s.th.describe(v, detail > 0)
	if err != nil {
		return "", false
	}
	return text, true
}
