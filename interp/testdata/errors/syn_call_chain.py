def load(data):
    return parse(data) * 2
def parse(data):
    return convert(data[0])
def convert(token):
    return int(token)
print(load(["21"]))
print(load(["x1"]))
