# case mapping that changes length, and final sigma
print("ß".upper(), "straße".upper(), len("ß".upper()))
print("ﬁne".upper(), "ŉ".upper())
print("ΣΑΣ".lower(), "ΟΔΟΣ ΟΔΟΣ".lower(), "Σ".lower())
print("ǆ".title(), "ǅ".lower(), "ǅ".upper())
print("straße".casefold() if False else "ẞ".lower(), "İ".lower() == "i\u0307")
print("Hello".swapcase(), "ß".swapcase(), "ΑΣ".swapcase())
