ok = {(1, 2): "tuple keys are fine"}
print(ok)
bad = {[]: 1}
