def reader(items):
    for item in items:
        if item < 0:
            raise ValueError("negative item: " + str(item))
        yield item * 10
for value in reader([1, 2, -3, 4]):
    print(value)
