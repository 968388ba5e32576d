count = 3
label = "items"
print(count, label)
text = count + label
