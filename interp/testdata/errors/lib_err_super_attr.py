class Base:
    def greet(self):
        return "hello"

class Child(Base):
    def greet(self):
        return super().greet() + "!"

    def farewell(self):
        return super().farewell()

c = Child()
print(c.greet())
c.farewell()
