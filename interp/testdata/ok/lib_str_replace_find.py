s = "the cat sat on the mat"
print(s.replace("the", "a"), s.replace("at", "og", 2), s.replace("x", "y"), s.replace("the", "a", 0))
print("aaa".replace("a", "b", 1), "aaa".replace("aa", "b"), "abc".replace("", "-"), "".replace("", "x"))
print(s.find("at"), s.find("at", 6), s.find("at", 6, 9), s.find("zz"), s.rfind("at"), s.rfind("at", 0, 10), s.find(""))
print(s.index("cat"), s.rindex("the"), s.count("at"), s.count("at", 10), s.count(""), "aaaa".count("aa"))
print(s.startswith("the"), s.startswith("cat", 4), s.startswith(("a", "t")), s.startswith("the", 1), s.startswith(""))
print(s.endswith("mat"), s.endswith(("dog", "mat")), s.endswith("cat", 0, 7), s.endswith("sat", 0, 10), "".endswith(""))
print(s.startswith(("x", "y")), "abc".startswith("abcd"), "abc".endswith("c", -1), "abc".startswith("b", -2))
try:
    s.index("dog")
except ValueError as e:
    print("ValueError:", e)
print("a.b.c".replace(".", ""), "Hello".replace("l", "L"), "x" in s, "cat" in s)
