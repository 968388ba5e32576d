# Arity errors of builtins and methods, with CPython's wording
def t(f):
    try:
        f()
    except TypeError as e:
        print(e)
t(lambda: [].append())
t(lambda: {}.get())
t(lambda: set().add())
t(lambda: [].pop(1, 2))
t(lambda: ''.upper(1))
t(lambda: ''.join())
t(lambda: {}.pop())
t(lambda: len())
t(lambda: len(1, 2))
t(lambda: abs())
t(lambda: divmod(1))
t(lambda: isinstance(1))
t(lambda: [].index())
t(lambda: range())
t(lambda: range(1, 2, 3, 4))
t(lambda: [].insert(1))
t(lambda: ''.center())
