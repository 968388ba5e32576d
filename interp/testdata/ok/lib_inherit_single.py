class Animal:
    sound = "..."

    def __init__(self, name):
        self.name = name

    def speak(self):
        return self.name + " says " + self.sound

    def describe(self):
        return "I am " + self.name + "; " + self.speak()

class Dog(Animal):
    sound = "woof"

class Puppy(Dog):
    def speak(self):
        return Dog.speak(self) + "!"

class Cat(Animal):
    sound = "meow"

    def __init__(self, name, lives=9):
        Animal.__init__(self, name)
        self.lives = lives

for a in [Animal("x"), Dog("rex"), Puppy("bit"), Cat("tom")]:
    print(a.describe())
c = Cat("kit", 3)
print(c.name, c.lives)
print(Puppy.sound, Puppy.__bases__[0].__name__, Dog.__bases__[0].__name__)
print([k.__name__ for k in Puppy.__mro__])
print(Animal.__bases__[0].__name__, object.__bases__)
Dog.sound = "WOOF"    # a subclass of Dog sees the change
print(Puppy("p").speak())
