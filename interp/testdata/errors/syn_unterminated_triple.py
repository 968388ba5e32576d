print("start")
doc = """this string
never ends
print(doc)
