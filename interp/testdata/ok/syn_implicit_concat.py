# adjacent string literals are concatenated at compile time
s = "abc" 'def' """ghi"""
print(s)
t = ("first part, "
     "second part, "
     'third part')
print(t)
name = "world"
print("hello " f"{name}" "!")
print(f"{1+1}" "{not a field}")
print(r"\n" "\n" r"\t", end="|\n")
print(len("a" "b" "c"), "x" "y" == "xy")
items = ["a" "b", "c"]
print(items)
