word = "abc"
print(word[2])
print(word[len(word)])
