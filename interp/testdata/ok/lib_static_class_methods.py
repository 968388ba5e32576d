class Date:
    def __init__(self, y, m, d):
        self.y, self.m, self.d = y, m, d

    @classmethod
    def from_string(cls, s):
        y, m, d = s.split("-")
        return cls(int(y), int(m), int(d))

    @classmethod
    def today_ish(cls):
        return cls(2000, 1, 1)

    @staticmethod
    def is_leap(y):
        return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)

    def show(self):
        return "%04d/%02d/%02d" % (self.y, self.m, self.d)

class MyDate(Date):
    def show(self):
        return "MyDate " + Date.show(self)

d = Date.from_string("2024-02-29")
print(d.show(), type(d).__name__)
m = MyDate.from_string("1999-12-31")
print(m.show(), type(m).__name__)
print(MyDate.today_ish().show())
print(Date.is_leap(1900), Date.is_leap(2000), d.is_leap(2024), m.is_leap(2023))
f = Date.is_leap
print(f(1600))
g = MyDate.from_string
print(g("0001-02-03").show())
print(d.from_string("2020-5-6").show())
