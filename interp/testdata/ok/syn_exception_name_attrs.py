# NameError.name, AttributeError.name and .obj
try:
    missing_name
except NameError as e:
    print(e.name)
class P:
    pass
p = P()
try:
    p.nothing
except AttributeError as e:
    print(e.name, e.obj is p)
try:
    (5).nope
except AttributeError as e:
    print(e.name, e.obj)
