# f-string numeric format types
v = 1234567.891
n = 255
print(f"{v:f}", f"{v:.2f}", f"{v:.0f}", f"{v:10.1f}", f"{-v:.3f}")
print(f"{v:e}", f"{v:.2e}", f"{v:E}", f"{0.000123:.1e}", f"{n:e}")
print(f"{v:g}", f"{v:.3g}", f"{0.00001234:g}", f"{1e20:g}", f"{100.0:g}", f"{n:g}")
print(f"{0.25:%}", f"{0.25:.1%}", f"{1.5:.0%}", f"{n:%}")
print(f"{n:x}", f"{n:X}", f"{n:#x}", f"{n:#X}", f"{n:o}", f"{n:#o}", f"{n:b}", f"{n:#b}", f"{n:d}")
print(f"{n:08b}", f"{n:#010x}", f"{-n:x}", f"{-n:#b}")
print(f"{n:c}", f"{65:c}", f"{n:n}")
print(f"{v:,}", f"{v:,.2f}", f"{n * 10**6:,}", f"{n * 10**6:_}", f"{n * 10**6:_x}", f"{-1234567:,d}")
print(f"{3:.2f}", f"{2.0:.0e}", f"{0.5:.0f}", f"{1.5:.0f}", f"{2.5:.0f}")
print(f"{1.0}", f"{1e16}", f"{0.1:.20f}")
print(f"{float('inf'):f}", f"{float('-inf'):.2f}", f"{float('nan'):e}", f"{float('inf'):>6}")
print(f"{2**100:,}", f"{2**70:x}", f"{-2**65:e}")
