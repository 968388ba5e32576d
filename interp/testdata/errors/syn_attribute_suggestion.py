class Account:
    def __init__(self):
        self.balance = 10
acct = Account()
print(acct.balance)
print(acct.balanse)
