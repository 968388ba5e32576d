# type names of iterator objects
print(type(iter([])), type(iter(())), type(iter(range(3))))
print(type(zip()), type(enumerate([])), type(map(abs, [])), type(filter(None, [])))
print(type(reversed([])), type(iter({})), type(iter({}.values())), type(iter({}.items())))
print(type(iter(set())), type({}.keys()), type({}.values()), type({}.items()))
print(type(x for x in []).__name__, type(iter([])).__name__)
