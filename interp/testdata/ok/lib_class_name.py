class Node:
    def kind(self):
        return self.__class__.__name__

class Leaf(Node):
    pass

n, l = Node(), Leaf()
print(n.kind(), l.kind())
print(type(l).__name__, l.__class__ is Leaf, Leaf.__name__)
print(type(3).__name__, type("s").__name__, type(None).__name__, type([]).__name__)
print((1).__class__.__name__, "x".__class__.__name__, type(type(3)).__name__)
print(type(l))
print(type(3), type(3.5), type(True), type({}), type(()))
print(repr(Node), str(Leaf))

def helper():
    pass
print(helper.__name__, (lambda: 0).__name__, len.__name__)
print(Node.kind.__name__)
