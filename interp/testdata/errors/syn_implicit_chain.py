def risky():
    return 1 / 0
try:
    risky()
except ZeroDivisionError:
    print("handling")
    undefined_handler()
