# nested replacement fields in format specs
x = 3.14159265
for w in (6, 8, 10):
    for p in (1, 3):
        print(f"[{x:{w}.{p}f}]")
fill, align, width = "*", "^", 11
print(f"[{'mid':{fill}{align}{width}}]")
spec = ">8.2f"
print(f"[{x:{spec}}]")
t = "e"
print(f"{x:.{2}{t}}")
print(f"{'nested ' + f'{1 + 1}'}")
rows = [("apple", 1.5), ("kiwi", 12.25)]
width = max(len(n) for n, _ in rows)
for name, price in rows:
    print(f"{name:<{width}} | {price:>{width}.2f}")
