# f-string width, fill and alignment
x = 42
s = "hi"
print(f"[{x:5}]", f"[{x:<5}]", f"[{x:^5}]", f"[{x:>5}]")
print(f"[{s:5}]", f"[{s:<5}]", f"[{s:^5}]", f"[{s:>5}]", f"[{s:^6}]")
print(f"[{x:*^9}]", f"[{s:-<6}]", f"[{s:#>6}]", f"[{x:0>6}]")
print(f"[{x:05}]", f"[{-x:05}]", f"[{x:=+7}]", f"[{-x:=7}]", f"[{-x:x=8}]")
print(f"[{3.5:8}]", f"[{3.5:<8}]", f"[{'abc':1}]", f"[{x:1}]")
print(f"[{True:>6}]", f"[{None!s:>6}]", f"[{[1, 2]!s:>8}]")
w = 7
print(f"[{s:>{w}}]", f"[{x:{'*'}^{w}}]")
print(f"[{'':3}]", f"[{'abcdef':.3}]", f"[{'abcdef':>8.2}]")
print(f"{x}{x}", f"{{literal}} {x}", f"{{{x}}}")
