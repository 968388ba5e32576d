def work():
    try:
        print("working")
        return [][0]
    finally:
        print("cleanup")
work()
