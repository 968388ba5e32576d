from sys import maxsize
print(maxsize > 0)
from sys import nosuch
