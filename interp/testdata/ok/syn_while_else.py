# while loops with else, break and continue
i = 0
while i < 3:
    print("i", i)
    i += 1
else:
    print("while finished normally")
j = 0
while j < 10:
    if j == 2:
        print("breaking")
        break
    j += 1
else:
    print("not printed")
print("j", j)
k = 0
while k < 6:
    k += 1
    if k % 2:
        continue
    print("even", k)
else:
    print("else after continue loop")
while False:
    print("never")
else:
    print("else runs for zero iterations")
n = 27
steps = 0
while n != 1:
    n = n // 2 if n % 2 == 0 else 3 * n + 1
    steps += 1
print("collatz steps", steps)
