class Key:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "Key(%r)" % self.name

table = {"a": 1}
print(table.get(Key("b"), "missing"))
table[Key("c")]
