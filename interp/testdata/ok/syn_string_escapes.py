# every escape sequence
s = "a\tb\nc\\d\'e\"f"
print(s)
print(repr(s))
print(len("\n"), len("\\n"), len("\x41"), len("\101"), len("\u00e9"), len("\U0001F600"))
print("\x41\x42\x43", "\101\102\103", "\u0041\u00e9")
print(repr("\0"), repr("\a\b\f\v\r"), repr("\x7f"), repr("\x00\x1f"))
print("line1\
line2")
print('it\'s', "say \"hi\"", 'mixed "quotes"', "mixed 'quotes'")
print(repr('single \' and "double"'))
print(repr("tab\there"), repr("é"), repr("\u2603"))
print(ord("\n"), ord("\t"), ord("\\"), chr(65), chr(0x263A), ord("€"))
print("\x4a\x4B", "\7" == "\a", "\0" == "\x00")
