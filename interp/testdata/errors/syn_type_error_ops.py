count = 3
label = "items: "
print(label + str(count))
print(label + count)
