def area(width, height):
    return width * height
print(area(2, 3))
print(area(2))
