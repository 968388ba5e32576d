s = "  a  b\tc\nd  "
print(s.split(), s.split(" "), "".split(), "".split(","), "   ".split())
print("a,b,,c".split(","), "a,b,,c".split(",", 1), "a,b,,c".split(",", maxsplit=2), "a,b,c".split(",", 0))
print("a,b,c".rsplit(",", 1), "a b c".rsplit(None, 1), "  x  y  ".rsplit(maxsplit=1), "a--b--c".split("--"))
print("a b c d".split(None, 2), " a b ".split(None, 1), " a b ".rsplit(None, 1), "  lead".split(" "), "x".split("x"), "xx".split("x"), "abc".split("abc"))
print(",".join(["a", "b", "c"]), "".join("xyz"), " - ".join(("1", "2")), ",".join([]), "|".join({"k": 1, "j": 2}))
print(", ".join(str(n) for n in range(4)), "\n".join(["l1", "l2"]))
print("1 2 3".split(" ") == ["1", "2", "3"], "-".join("a,b".split(",")), "a\tb".split("\t"))
try:
    ",".join([1, 2])
except TypeError as e:
    print("TypeError:", e)
try:
    "a".split("")
except ValueError as e:
    print("ValueError:", e)
