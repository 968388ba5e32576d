def mean(xs):
    assert len(xs) > 0, "mean of an empty list"
    return sum(xs) / len(xs)

print(mean([1, 2, 3]))
print(mean([]))
