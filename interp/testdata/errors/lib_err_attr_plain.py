class Empty:
    pass

def use(obj):
    return obj.value * 2

e = Empty()
e.other = 1
print("calling")
use(e)
