def handler_fails():
    try:
        [].pop()
    except IndexError:
        return {}["missing"]

try:
    handler_fails()
except KeyError as e:
    print("got", repr(e))
    print("context", type(e.__context__).__name__, e.__context__)
    print("cause", e.__cause__)

try:
    try:
        raise ValueError("first")
    finally:
        print("finally sees the exception pass")
except ValueError as e:
    print("context of first", e.__context__)

def three_levels():
    try:
        raise TypeError("a")
    except TypeError:
        try:
            raise ValueError("b")
        except ValueError:
            raise KeyError("c")

try:
    three_levels()
except KeyError as e:
    chain = []
    cur = e
    while cur is not None:
        chain.append(type(cur).__name__ + ":" + str(cur))
        cur = cur.__context__
    print(chain)
