print("start")
try:
    x = 1
