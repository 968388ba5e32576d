# Set displays of constants iterate in the order CPython gives them
print({1, 9, 17, 25}, {1, 9, 17}, {3, 1, 2}, {"a"} == {"a"}, {(1, 2), (3, 4), 5} == {5, (3, 4), (1, 2)})
x = 9
print({1, x, 17, 25}, {0, 8, 16, 24, 32, 40})
print({(1, 2), (1, 2), 3}, {1, 1.0, True, 2})
