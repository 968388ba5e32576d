# left-to-right evaluation order
log = []
def t(label, value=None):
    log.append(label)
    return label if value is None else value
def show():
    print(" ".join(log))
    log.clear()
t("f", lambda *a, **k: None)(t("a1"), t("a2"), k=t("k1"))
show()
{t("k1"): t("v1"), t("k2"): t("v2")}
show()
[t("x"), t("y")][t("i", 0)]
show()
d = {}
d[t("key")] = t("value")
show()
t("obj", d)[t("sub", "n")] = t("rhs", 1)
t("obj", d)[t("sub", "n")] += t("inc", 1)
show()
print(d)
a = t("L", 1) + t("R", 2) * t("R2", 3)
show()
x, y = t("first"), t("second")
show()
t("c1", 1) < t("c2", 2) < t("c3", 0) < t("c4", 5)
show()
t("cond", False) and t("never")
t("or1", 0) or t("or2", 1)
show()
t("then") if t("test", True) else t("else")
show()
