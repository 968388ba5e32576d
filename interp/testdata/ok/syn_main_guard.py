"""Module docstring for the main program."""
def main():
    print("main ran")
    return 0
print(__name__)
print(__doc__)
if __name__ == "__main__":
    main()
else:
    print("imported")
print(type(__name__).__name__, __name__ == "__main__")
