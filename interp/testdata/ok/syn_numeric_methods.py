# methods of int and float
print((7).bit_length(), (255).bit_length(), (-1).bit_length(), (0).bit_length(), (2 ** 100).bit_length())
print(1.5.is_integer(), 2.0.is_integer(), (-0.0).is_integer())
print((1.5).as_integer_ratio(), (0.1).as_integer_ratio(), (-2.0).as_integer_ratio())
print((5).real, (5).imag, (3).conjugate(), (2.5).real, (5).numerator, (5).denominator)
n = 2 ** 64 + 5
print(n.bit_length(), n.real == n, (-n).bit_length())
