print(int("12"))
print(int("1.5"))
