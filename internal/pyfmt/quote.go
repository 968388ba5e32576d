package pyfmt

import (
	"strings"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// QuoteString returns repr(s): s in single quotes, or in double quotes
// when it contains a single quote and no double quote; backslash, the
// chosen quote, \t, \n and \r escaped; other non-printable characters as
// \xhh, \uhhhh or \Uhhhhhhhh; printable non-ASCII characters kept.
func QuoteString(s string) string {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	b := make([]byte, 0, len(s)+2)
	b = append(b, quote)
	for _, r := range s {
		switch {
		case r == rune(quote) || r == '\\':
			b = append(b, '\\', byte(r))
		case r == '\t':
			b = append(b, `\t`...)
		case r == '\n':
			b = append(b, `\n`...)
		case r == '\r':
			b = append(b, `\r`...)
		case isPrintable(r):
			b = utf8.AppendRune(b, r)
		case r <= 0xff:
			b = append(b, '\\', 'x', hexDigits[r>>4], hexDigits[r&0xf])
		case r <= 0xffff:
			b = append(b, '\\', 'u')
			b = appendHex(b, r, 4)
		default:
			b = append(b, '\\', 'U')
			b = appendHex(b, r, 8)
		}
	}
	return string(append(b, quote))
}

func appendHex(b []byte, r rune, n int) []byte {
	for shift := 4 * (n - 1); shift >= 0; shift -= 4 {
		b = append(b, hexDigits[(r>>shift)&0xf])
	}
	return b
}

// reprTruncated is %.200R: the repr cut to 200 code points, which drops
// the closing quote of long strings.
func reprTruncated(s string) string {
	q := QuoteString(s)
	n := 0
	for i := range q {
		if n == 200 {
			return q[:i]
		}
		n++
	}
	return q
}

// EscapeNonASCII escapes the non-ASCII characters of s as \xhh, \uhhhh
// or \Uhhhhhhhh, the way ascii(x) turns repr(x) into ASCII: ascii(x) is
// EscapeNonASCII(repr(x)), and ascii(s) for a str s is
// EscapeNonASCII(QuoteString(s)).
func EscapeNonASCII(s string) string {
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	if i == len(s) {
		return s
	}
	b := []byte(s[:i])
	for _, r := range s[i:] {
		switch {
		case r < utf8.RuneSelf:
			b = append(b, byte(r))
		case r <= 0xff:
			b = append(b, '\\', 'x', hexDigits[r>>4], hexDigits[r&0xf])
		case r <= 0xffff:
			b = append(b, '\\', 'u')
			b = appendHex(b, r, 4)
		default:
			b = append(b, '\\', 'U')
			b = appendHex(b, r, 8)
		}
	}
	return string(b)
}
