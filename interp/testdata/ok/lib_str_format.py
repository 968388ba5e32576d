print("{} and {}".format("a", "b"), "{1} {0} {1}".format("x", "y"), "{name}={val}".format(name="k", val=3))
print("{0[1]} {1[k]} {2.real}".format([5, 6], {"k": "v"}, 7))
print("{:>5}|{:<5}|{:^5}|{:*^7}|{:05}".format("r", "l", "c", "s", 42))
print("{:.3f} {:8.2f} {:+d} {: d} {:e} {:.2%} {:,}".format(3.14159, 2.5, 5, 5, 1234.5, 0.256, 1234567))
print("{:x} {:#X} {:b} {:o} {:#b} {:c}".format(255, 255, 10, 8, 3, 97))
print("{{literal}} {}".format(1), "{!r} {!s}".format("q", "q"), "{0!r:>6}".format("a"))
w, p = 10, 3
print("{:{}.{}f}|".format(3.14159, w, p), f"{3.14159:{w}.{p}f}|", f"{'x':>{w}}|")
print("{:g} {:g} {:g}".format(1.0, 0.00001, 1e20), "{}".format(1e20), "{}".format(None))
x, items = 7, [1, 2]
print(f"{x} {x*2} {x!r} {items} {items[0]} {len(items)} {x:03d} {x:>4} {'s'!r}")
print(f"{x=}", f"{x + 1 = }", f"{{x}}", f"{3.0:.0f} {2.5:.0f} {1e3:,.1f} {-0.0}")
print("%d %s %r %5.2f %-4d| %x %o %e %%" % (3, "s", "s", 3.14159, 7, 255, 8, 12345.678))
print("%(a)s-%(b)d" % {"a": "A", "b": 2}, "%s" % (1,), "%s" % [1, 2], "%3s|%-3s|" % ("a", "b"))
