print("asking")
name = input("name? ")
print("never", name)
