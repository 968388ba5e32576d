# pass and ... as placeholders
def nothing():
    pass
class Empty:
    pass
def stub():
    ...
print(nothing(), stub(), Empty.__name__)
for _ in range(3):
    pass
if True:
    pass
else:
    pass
while False:
    pass
print(..., type(...), ... is Ellipsis)
try:
    pass
except Exception:
    pass
finally:
    print("done")
