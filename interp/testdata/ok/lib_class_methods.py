class Account:
    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance

    def deposit(self, amount):
        self.balance += amount
        return self

    def withdraw(self, amount):
        if amount > self.balance:
            return False
        self.balance -= amount
        return True

    def report(self):
        return self.owner + ": " + str(self.balance)

acct = Account("ann", 10)
acct.deposit(5).deposit(20)
print(acct.report())
print(acct.withdraw(100), acct.withdraw(30), acct.report())
dep = acct.deposit          # a bound method remembers its instance
dep(7)
dep(3)
print(acct.balance)
other = Account("bob")
ops = [other.deposit, acct.deposit, other.deposit]
for op in ops:
    op(1)
print(other.report(), acct.report())
print(Account.report(other))   # calling through the class with an explicit self
f = Account.withdraw
print(f(other, 1), other.balance)
reports = list(map(Account.report, [acct, other]))
print(reports)
print(dep.__self__ is acct, dep.__func__ is Account.deposit)
