# not-cpython: help() and magics are msrepl's (IPython's) own
def area(width, height=2):
    """Area of a rectangle."""
    return width * height
help(area)
area?
x = 1
y = "two"
%who
%who str
