class Managed:
    def __enter__(self):
        print("enter")
        return self
    def __exit__(self, exc_type, exc, tb):
        print("exit with", exc_type.__name__)
        return False
with Managed():
    print("body")
    int("not a number")
