import math
print(math.floor(1.5))
import nosuchmodule
