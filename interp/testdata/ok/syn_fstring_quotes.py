# quoting inside f-strings
d = {"key": "value", 'k2': 2}
print(f"{d['key']}", f'{d["k2"]}')
print(f"""{d["key"]} and {d['k2']}""")
print(f'''{"triple" + 'x'}''')
print(f"{'a' 'b'}", f"{'{'}", f"{'}'}")
print(f"{chr(34)}", f"{chr(39)}", f"{'' or 'empty'}")
name = "x"
print(f"it's {name}", f'say "{name}"')
print(F"upper {name}", rf"raw\n{name}", fr"{name}\t")
print(f"{name!r}", f"{'ok' if name else 'no'}")
print(f"{ {'a': 1}['a'] }", f"{ (1, 2) }", f"{ [x for x in 'ab'] }")
print(f"{3 if True else 4}", f"{(lambda v: v * 2)(4)}")
