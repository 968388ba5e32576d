# generator send
def echo():
    received = None
    while True:
        received = yield received
        if received == "stop":
            return
g = echo()
print(next(g))
print(g.send("hello"))
print(g.send(42))
try:
    g.send("stop")
except StopIteration as e:
    print("stopped", e.value)
def averager():
    total = 0
    n = 0
    avg = None
    while True:
        value = yield avg
        total += value
        n += 1
        avg = total / n
a = averager()
next(a)
print(a.send(10), a.send(20), a.send(60))
def ret():
    yield 1
    return "done"
r = ret()
next(r)
try:
    next(r)
except StopIteration as e:
    print("value:", e.value)
def gen_send_first():
    x = yield "first"
    yield "got " + str(x)
s = gen_send_first()
print(s.send(None), s.send("v"))
