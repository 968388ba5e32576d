def withdraw(balance, amount):
    assert amount <= balance, f"cannot withdraw {amount} from {balance}"
    return balance - amount
print(withdraw(10, 3))
print(withdraw(10, 30))
