class Shape: pass
class Square(Shape): pass
class Cube(Square): pass
class Other: pass

s, q, c = Shape(), Square(), Cube()
print(isinstance(c, Cube), isinstance(c, Square), isinstance(c, Shape), isinstance(c, object))
print(isinstance(s, Square), isinstance(q, (Other, Shape)), isinstance(q, (Other, int)))
print(issubclass(Cube, Shape), issubclass(Shape, Cube), issubclass(Cube, Cube))
print(issubclass(Cube, (Other, Square)), issubclass(Other, object))
print(isinstance(True, int), isinstance(1, bool), issubclass(bool, int))
print(isinstance(1, float), isinstance(1.0, float), isinstance("a", str))
print(isinstance([], (list, tuple)), isinstance((), list), isinstance({}, dict))
print(isinstance(None, object), isinstance(int, type), isinstance(Shape, type))
print(type(c) is Cube, type(c) == Square, type(True) is bool)
print(issubclass(KeyError, LookupError), issubclass(ZeroDivisionError, ArithmeticError))
print(issubclass(KeyError, Exception), issubclass(Exception, BaseException))
print(isinstance(KeyError("k"), LookupError), isinstance(ValueError(), KeyError))
