# try / except / else / finally ordering
def run(fail):
    try:
        print("  try")
        if fail:
            raise ValueError("bad")
    except ValueError as e:
        print("  except", e)
    else:
        print("  else")
    finally:
        print("  finally")
    print("  after")
print("no error:")
run(False)
print("error:")
run(True)
def ret():
    try:
        return "from try"
    finally:
        print("finally before return")
print(ret())
def override():
    try:
        return 1
    finally:
        return 2
print(override())
def loop():
    for i in range(3):
        try:
            if i == 1:
                continue
            if i == 2:
                break
            print("body", i)
        finally:
            print("finally", i)
loop()
try:
    try:
        raise KeyError("k")
    finally:
        print("inner finally")
except KeyError as e:
    print("outer caught", e)
