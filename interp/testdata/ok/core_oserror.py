# OSError(errno, strerror, filename) prints and unpacks as in CPython
e = OSError(2, "No such file")
print(e, e.errno, e.strerror, e.filename, e.args)
f = FileNotFoundError(2, "No such file or directory", "x.txt")
print(f, repr(f), f.filename)
g = OSError("plain message")
print(g, g.errno)
try:
    raise PermissionError(13, "Permission denied", "/root/x")
except OSError as err:
    print(type(err).__name__, err)
