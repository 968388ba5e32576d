# and / or return one of their operands
print(1 and 2, 0 and 2, 1 or 2, 0 or 2, None or "x", "" or [], [] and 1)
print("a" and "b" and "c", "a" and "" and "c", 0 or "" or None, 0 or "" or "last")
print(1 and 0 or 3, 0 or 1 and 2, None and undefined_name if False else "skipped")
def loud(x):
    print("eval", x)
    return x
r = loud(0) and loud(1)
print("r =", r)
r = loud(1) or loud(2)
print("r =", r)
r = loud(0) or loud("") or loud("third")
print("r =", r)
d = {}
name = d.get("name") or "default"
print(name)
items = [] or [0]
print(items, bool([] or 0), not (1 and 0))
print(True and 5, False or 0.0, 3.5 and None)
