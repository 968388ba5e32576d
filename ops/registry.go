package ops

import "sort"

var registry = map[string]*Primitive{}

// define registers a primitive under its name and returns it, so that each
// primitive is declared once as a package variable. A primitive given
// Unary or Binary rules gets its Infer and Eval from them.
func define(p *Primitive) *Primitive {
	if _, dup := registry[p.Name]; dup {
		panic("ops: primitive " + p.Name + " defined twice")
	}
	registry[p.Name] = p
	p.sliceRules()
	return p
}

// Lookup finds a primitive by name.
func Lookup(name string) (*Primitive, bool) {
	p, ok := registry[name]
	return p, ok
}

// Names lists every primitive's name, sorted.
func Names() []string {
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
