def add(*nums):
    return sum(nums)
print(add(*[1, 2, 3]))
values = None
print(add(*values))
