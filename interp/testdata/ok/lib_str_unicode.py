s = "héllo"
print(len(s), s[1], s[-1], s[1:3], s[::-1], s.upper(), s.find("l"), s.index("é"))
for ch in "añb":
    print(ch, ord(ch))
w = "日本語テキスト"
print(len(w), w[0], w[2:4], w[-1], list(w[:3]), w.find("テ"))
mixed = "a€b😀c"
print(len(mixed), mixed[1], mixed[3], mixed[4], [ord(c) for c in mixed])
print("é" == "\u00e9", "\u00e9", "\U0001F600" == "😀", "\x41")
print("café".replace("é", "e"), "naïve".split("ï"))
print(sorted("bäa"), max("aé"), "é" > "z", "Ω".lower(), "ω".upper())
print(repr("tab\there"), "é".center(5, "*"), "ñ" * 3, "x".join("äö"))
