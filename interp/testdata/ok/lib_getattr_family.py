class Config:
    debug = False
    def __init__(self):
        self.level = 3
    def greet(self, who):
        return "hi " + who

c = Config()
print(getattr(c, "level"), getattr(c, "debug"), getattr(c, "missing", "dflt"))
print(getattr(c, "greet")("bob"))
setattr(c, "level", 5)
setattr(c, "color", "red")
print(c.level, c.color)
print(hasattr(c, "color"), hasattr(c, "size"), hasattr(Config, "greet"), hasattr(Config, "level"))
delattr(c, "color")
print(hasattr(c, "color"))
for name in ["level", "debug", "nothing"]:
    print(name, getattr(c, name, None))
setattr(Config, "debug", True)
print(c.debug, getattr(Config, "debug"))
delattr(Config, "debug")
print(hasattr(c, "debug"))
try:
    getattr(c, "nope")
except AttributeError as e:
    print("AttributeError:", e)
try:
    delattr(c, "nope")
except AttributeError:
    print("cannot delete a missing attribute")
print(getattr(3, "real"), getattr("abc", "upper")())
