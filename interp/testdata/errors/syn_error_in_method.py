class Stack:
    def __init__(self):
        self.items = []
    def pop(self):
        return self.items.pop()
    def peek(self):
        return self.items[-1]
s = Stack()
s.items.append(1)
print(s.peek(), s.pop())
s.peek()
