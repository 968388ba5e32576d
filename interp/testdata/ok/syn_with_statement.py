# with and a user context manager
class Resource:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        print("enter", self.name)
        return self.name.upper()
    def __exit__(self, exc_type, exc, tb):
        print("exit", self.name, exc_type is None)
        return False
with Resource("a") as r:
    print("inside with", r)
print("after with")
with Resource("x") as x, Resource("y") as y:
    print("both", x, y)
with Resource("noas"):
    print("body without as")
def early():
    with Resource("ret"):
        return "returned from inside"
print(early())
for i in range(2):
    with Resource("loop" + str(i)):
        if i == 0:
            continue
        print("second iteration body")
try:
    with Resource("err"):
        raise ValueError("boom")
except ValueError as e:
    print("caught", e)
