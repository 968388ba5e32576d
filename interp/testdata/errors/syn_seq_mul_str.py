line = "-" * 5
print(line)
width = "5"
print("=" * width)
