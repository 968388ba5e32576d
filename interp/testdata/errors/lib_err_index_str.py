def last_char(s):
    return s[len(s)]

word = "hello"
print(word[4], word[-5])
print(last_char(word))
