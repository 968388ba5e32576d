# str.center puts the odd pad character where CPython does; format ^ differs
for s in ("x", "ab", "abc"):
    for w in range(len(s), len(s) + 5):
        print(repr(s.center(w, "-")), repr(f"{s:-^{w}}"), repr("{:^{}}".format(s, w)))
print("[" + "odd".center(8) + "]", "[" + "even".center(7, "*") + "]", "[" + "".center(3, ".") + "]")
