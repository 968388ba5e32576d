total = 10
values = [1, 2, 3]
result = total(values)
