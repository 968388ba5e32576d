# docstrings
def documented():
    """Return nothing, but say so."""
    return None
def multi():
    """First line.

    More detail here.
    """
def plain():
    return 1
def not_doc():
    x = 1
    "this string is not a docstring"
    return x
print(documented.__doc__)
print(repr(multi.__doc__))
print(plain.__doc__, not_doc.__doc__)
class K:
    """Class doc."""
    def method(self):
        'single-quoted doc'
print(K.__doc__, K.method.__doc__, K().method.__doc__)
g = lambda: 0
print(g.__doc__)
def raw():
    r"""Raw \n doc"""
print(raw.__doc__)
print(documented.__name__, K.__name__)
