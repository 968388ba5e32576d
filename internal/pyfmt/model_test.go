package pyfmt

import (
	"errors"
	"fmt"
	"math/big"
	"strconv"
)

// The tests drive the package the way the interpreter does, on a toy
// object model: int64, *big.Int, float64, string, []any and map[string]any.

func bigInt(s string) *big.Int {
	x, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic(s)
	}
	return x
}

func fl(s string) float64 {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		panic(err)
	}
	return f
}

func pyTypeName(v any) string {
	switch v.(type) {
	case int64, *big.Int:
		return "int"
	case float64:
		return "float"
	case string:
		return "str"
	case []any:
		return "list"
	}
	return "dict"
}

func toBig(v any) (*big.Int, bool) {
	switch v := v.(type) {
	case int64:
		return big.NewInt(v), true
	case *big.Int:
		return v, true
	}
	return nil, false
}

func pyStr(v any) string {
	switch v := v.(type) {
	case int64, *big.Int:
		return fmt.Sprint(v)
	case float64:
		return FloatRepr(v)
	case string:
		return v
	}
	return fmt.Sprint(v)
}

func pyRepr(v any) string {
	if s, ok := v.(string); ok {
		return QuoteString(s)
	}
	return pyStr(v)
}

// pyASCII is ascii(v).
func pyASCII(v any) string {
	return EscapeNonASCII(pyRepr(v))
}

type pyError struct{ kind, msg string }

func (e *pyError) Error() string { return e.kind + ": " + e.msg }

func errorParts(err error) (kind, msg string) {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind, e.Msg
	}
	var p *pyError
	if errors.As(err, &p) {
		return p.kind, p.msg
	}
	return "?", err.Error()
}
