# if / elif / else
def classify(n):
    if n < 0:
        return "negative"
    elif n == 0:
        return "zero"
    elif n < 10:
        return "small"
    elif n < 100:
        return "medium"
    else:
        return "large"
for n in (-5, 0, 7, 42, 1000):
    print(n, classify(n))
x = 3
if x:
    print("truthy")
if not []:
    print("empty list is falsy")
if 0:
    print("never")
elif None:
    print("never")
else:
    print("else branch")
if x > 1:
    if x > 2:
        print("nested > 2")
    else:
        print("nested <= 2")
if x == 3: print("one-liner")
if "": pass
else: print("empty string falsy")
