package interp

import (
	"sort"
	"strings"
	"sync"
)

// A Module is an imported module.
type Module struct {
	Name    string
	Doc     string
	Members *Attrs
	// getattr, if set, provides attributes computed on demand.
	getattr func(th *Thread, name string) (Value, bool, error)
}

// NewModule returns an empty module.
func NewModule(name, doc string) *Module {
	return &Module{Name: name, Doc: doc, Members: NewAttrs()}
}

func (*Module) Type() *Class { return ModuleClass }

func (m *Module) Repr(th *Thread) (string, error) {
	return "<module '" + m.Name + "' (built-in)>", nil
}

// AddFunc adds a builtin function to the module.
func (m *Module) AddFunc(name, sig, doc string, fn BuiltinFunc) {
	m.Members.Set(name, &Builtin{Name: name, Fn: fn, Sig: sig, Doc: doc})
}

// AttrNames lists the module's members.
func (m *Module) AttrNames() []string { return m.Members.Keys() }

// A ModuleLoader builds a built-in module for a session.
type ModuleLoader func(s *Session) (*Module, error)

var (
	registryMu sync.Mutex
	registry   = make(map[string]ModuleLoader)
)

// RegisterModule makes a built-in module importable by name. A submodule
// is registered under its dotted name ("mindspore.nn"); importing it
// imports its parents first.
func RegisterModule(name string, load ModuleLoader) {
	registryMu.Lock()
	defer registryMu.Unlock()
	registry[name] = load
}

// RegisteredModules lists the importable modules, sorted.
func RegisteredModules() []string {
	registryMu.Lock()
	defer registryMu.Unlock()
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func lookupModule(name string) (ModuleLoader, bool) {
	registryMu.Lock()
	defer registryMu.Unlock()
	l, ok := registry[name]
	return l, ok
}

// importModule is the IMPORT_NAME instruction: it returns the module, or
// with top its top-level package (import a.b binds a).
func (th *Thread) importModule(name string, top bool) (Value, error) {
	if th.session == nil {
		return nil, Errorf(ImportErrorClass, "no session to import %s into", name)
	}
	m, err := th.session.importModule(name)
	if err != nil {
		return nil, err
	}
	if top {
		if i := strings.IndexByte(name, '.'); i >= 0 {
			return th.session.modules[name[:i]], nil
		}
	}
	return m, nil
}

func (s *Session) importModule(name string) (*Module, error) {
	if m, ok := s.modules[name]; ok {
		return m, nil
	}
	var parent *Module
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		p, err := s.importModule(name[:i])
		if err != nil {
			return nil, err
		}
		parent = p
	}
	load, ok := lookupModule(name)
	if !ok {
		e := Errorf(ModuleNotFoundErrorClass, "No module named '%s'", name)
		e.instanceDict().SetStr("name", Str(name))
		return nil, e
	}
	m, err := load(s)
	if err != nil {
		return nil, err
	}
	s.modules[name] = m
	if parent != nil {
		parent.Members.Set(name[strings.LastIndexByte(name, '.')+1:], m)
	}
	return m, nil
}

// importFrom is IMPORT_FROM: an attribute of the module, or a submodule.
func (th *Thread) importFrom(mod Value, name string) (Value, error) {
	m, ok := mod.(*Module)
	if !ok {
		return th.GetAttr(mod, name)
	}
	if v, ok := m.Members.Get(name); ok {
		return v, nil
	}
	if m.getattr != nil {
		if v, found, err := m.getattr(th, name); err != nil || found {
			return v, err
		}
	}
	if _, ok := lookupModule(m.Name + "." + name); ok {
		return th.session.importModule(m.Name + "." + name)
	}
	e := Errorf(ImportErrorClass, "cannot import name '%s' from '%s' (unknown location)", name, m.Name)
	e.instanceDict().SetStr("name", Str(m.Name))
	return nil, e
}

// importStar binds a module's public names (or its __all__) as globals.
func (th *Thread) importStar(mod Value, globals *Globals) error {
	m, ok := mod.(*Module)
	if !ok {
		return TypeErrorf("import * requires a module")
	}
	names := m.Members.Keys()
	if all, ok := m.Members.Get("__all__"); ok {
		items, err := th.iterateAll(all)
		if err != nil {
			return err
		}
		names = nil
		for _, it := range items {
			s, ok := it.(Str)
			if !ok {
				return TypeErrorf("Item in %s.__all__ must be str, not %s", m.Name, TypeName(it))
			}
			names = append(names, string(s))
		}
	}
	for _, n := range names {
		if strings.HasPrefix(n, "_") && m.Members.Len() > 0 {
			if _, explicit := m.Members.Get("__all__"); !explicit {
				continue
			}
		}
		v, err := th.importFrom(m, n)
		if err != nil {
			return err
		}
		globals.Set(n, v)
	}
	return nil
}
