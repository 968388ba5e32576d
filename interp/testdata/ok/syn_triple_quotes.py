# triple-quoted strings
a = """first
second
  third"""
print(a)
print(repr(a))
b = '''it's "fine" here'''
print(b)
c = """\
no leading newline
"""
print(repr(c))
d = """a ""quoted"" word"""
print(d)
e = '''line with \t escape
and ''' + "tail"
print(e)
print(len("""
"""))
print("""x""" """y""")
