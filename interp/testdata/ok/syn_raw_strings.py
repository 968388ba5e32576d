# raw strings keep backslashes
print(r"a\nb", R"c\td", r'\\', r"\"")
print(len(r"\n"), len(r"\\"), len(r"\x41"))
print(repr(r"C:\path\to\file"))
print(r"\d+\.\d*" == "\\d+\\.\\d*")
print(r"raw", r'''tri\ple''', r"""also\n""")
p = r"\section{%s}" % "intro"
print(p)
print(r"\u0041", "\u0041")
