class Account:
    __count = 0                 # mangled to _Account__count

    def __init__(self, pin):
        self.__pin = pin        # mangled to _Account__pin
        Account.__count += 1

    def check(self, pin):
        return self.__pin == pin

    @classmethod
    def count(cls):
        return cls.__count

class Sub(Account):
    def __init__(self, pin):
        super().__init__(pin)
        self.__pin = "sub"      # a different attribute: _Sub__pin

a = Account(1234)
print(a.check(1234), a.check(1), hasattr(a, "__pin"), a._Account__pin)
s = Sub(42)
print(s.check(42), s._Sub__pin, s._Account__pin, Account.count(), Sub.count())
print(sorted(vars(s)))
print(sorted(k for k in vars(Account) if "count" in k))
try:
    a.__pin
except AttributeError as e:
    print("AttributeError:", e)

class Dunder:
    __special__ = "not mangled"   # names ending in __ are not mangled
    _single = "not mangled either"
print(Dunder.__special__, Dunder._single)
