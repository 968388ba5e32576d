package jupyter

import (
	"fmt"
	"regexp"
	"strings"
)

// historySession is the number the kernel gives its session in history
// replies. The history is the engine's own, of this session only.
const historySession = 1

// historyRequest is a history_request's content.
type historyRequest struct {
	Output     bool   `json:"output"`
	Raw        bool   `json:"raw"`
	AccessType string `json:"hist_access_type"`
	Session    int    `json:"session"`
	Start      int    `json:"start"`
	Stop       *int   `json:"stop"`
	N          *int   `json:"n"`
	Pattern    string `json:"pattern"`
	Unique     bool   `json:"unique"`
}

// selectHistory picks the entries a history request asks for, oldest
// first, as IPython's history manager does:
//   - tail: the last n cells;
//   - range: cells start ≤ count < stop of a session (0 and 1 are this
//     one; an absent stop runs to the end);
//   - search: cells whose whole input matches a glob (* ? [...]), the
//     last n of them, each input once if unique.
func selectHistory(all []HistoryEntry, c historyRequest) ([]HistoryEntry, error) {
	switch c.AccessType {
	case "tail":
		n := 10
		if c.N != nil {
			n = *c.N
		}
		return lastN(all, n), nil
	case "range":
		if c.Session != 0 && c.Session != historySession {
			return nil, nil
		}
		var out []HistoryEntry
		for _, e := range all {
			if e.Count >= c.Start && (c.Stop == nil || e.Count < *c.Stop) {
				out = append(out, e)
			}
		}
		return out, nil
	case "search":
		re, err := globRegexp(c.Pattern)
		if err != nil {
			return nil, err
		}
		var out []HistoryEntry
		seen := map[string]bool{}
		for i := len(all) - 1; i >= 0; i-- {
			e := all[i]
			if !re.MatchString(e.Input) || (c.Unique && seen[e.Input]) {
				continue
			}
			seen[e.Input] = true
			out = append(out, e)
			if c.N != nil && *c.N > 0 && len(out) == *c.N {
				break
			}
		}
		for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
			out[i], out[j] = out[j], out[i]
		}
		return out, nil
	}
	return nil, fmt.Errorf("hist_access_type %q is none of tail, range and search", c.AccessType)
}

func lastN(all []HistoryEntry, n int) []HistoryEntry {
	if n < 0 {
		n = 0
	}
	if n > len(all) {
		n = len(all)
	}
	return all[len(all)-n:]
}

// globRegexp compiles a glob as SQLite's GLOB reads it, which IPython's
// history search uses: * is any text, ? one character, [...] a class
// ([^...] negated), and the pattern matches the whole input.
func globRegexp(pattern string) (*regexp.Regexp, error) {
	var b strings.Builder
	b.WriteString(`(?s)\A`)
	rs := []rune(pattern)
	for i := 0; i < len(rs); i++ {
		switch r := rs[i]; r {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		case '[':
			j := i + 1
			if j < len(rs) && rs[j] == '^' {
				j++
			}
			if j < len(rs) && rs[j] == ']' {
				j++
			}
			for j < len(rs) && rs[j] != ']' {
				j++
			}
			if j >= len(rs) {
				return nil, fmt.Errorf("the pattern %q has an unclosed [", pattern)
			}
			class := rs[i+1 : j]
			b.WriteByte('[')
			for k, c := range class {
				if c == '^' && k == 0 {
					b.WriteByte('^')
					continue
				}
				if c == '\\' || c == '[' || c == ']' {
					b.WriteByte('\\')
				}
				b.WriteRune(c)
			}
			b.WriteByte(']')
			i = j
		default:
			b.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	b.WriteString(`\z`)
	return regexp.Compile(b.String())
}
