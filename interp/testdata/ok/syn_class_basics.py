# classes: attributes, methods, inheritance, super
class Animal:
    kind = "animal"
    count = 0
    def __init__(self, name):
        self.name = name
        Animal.count += 1
    def speak(self):
        return self.name + " makes a sound"
    def describe(self):
        return self.kind + ":" + self.speak()
class Dog(Animal):
    kind = "dog"
    def __init__(self, name, breed):
        super().__init__(name)
        self.breed = breed
    def speak(self):
        return self.name + " barks"
class Puppy(Dog):
    def speak(self):
        return super().speak() + " softly"
a = Animal("generic")
d = Dog("Rex", "lab")
p = Puppy("Bit", "pug")
for x in (a, d, p):
    print(x.describe())
print(Animal.count, d.count, p.breed, p.kind, Animal.kind)
print(isinstance(p, Animal), isinstance(a, Dog), issubclass(Puppy, Dog), issubclass(Dog, Puppy))
print(type(p).__name__, Puppy.__bases__[0].__name__)
d.kind = "instance attr"
print(d.kind, Dog.kind)
m = d.speak
print(m(), Dog.speak(p))
class Point:
    def __init__(self, x=0, y=0):
        self.x = x
        self.y = y
    def __repr__(self):
        return f"Point({self.x}, {self.y})"
print(Point(), Point(1), Point(y=5), [Point(i, i) for i in range(2)])
