class Temperature:
    def __init__(self, celsius):
        self._c = celsius

    @property
    def celsius(self):
        return self._c

    @celsius.setter
    def celsius(self, value):
        if value < -273.15:
            raise ValueError("below absolute zero")
        self._c = value

    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32

t = Temperature(100)
print(t.celsius, t.fahrenheit)
t.celsius = 0
print(t.celsius, t.fahrenheit)
try:
    t.celsius = -300
except ValueError as e:
    print("rejected:", e)
print(t.celsius)
try:
    t.fahrenheit = 1
except AttributeError:
    print("fahrenheit is read-only")

class Lazy:
    def __init__(self):
        self.calls = 0

    @property
    def value(self):
        self.calls += 1
        return self.calls * 10

z = Lazy()
print(z.value, z.value, z.calls)
print(isinstance(Temperature.celsius, property))
