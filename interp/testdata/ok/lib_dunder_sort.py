class Card:
    order = "23456789TJQKA"
    def __init__(self, face, suit):
        self.face = face
        self.suit = suit
    def __lt__(self, other):
        return Card.order.index(self.face) < Card.order.index(other.face)
    def __repr__(self):
        return self.face + self.suit

hand = [Card("K", "h"), Card("2", "s"), Card("A", "d"), Card("2", "c"), Card("T", "h")]
print(sorted(hand))                    # stable: 2s before 2c
print(sorted(hand, reverse=True))      # stable even when reversed
print(max(hand), min(hand))
hand.sort()
print(hand)
print(sorted(hand, key=lambda c: c.suit))
print(sorted(hand, key=lambda c: (c.suit, c.face)))

class OnlyGt:
    def __init__(self, n):
        self.n = n
    def __gt__(self, other):
        return self.n > other.n
    def __repr__(self):
        return "G%d" % self.n

print(sorted([OnlyGt(3), OnlyGt(1), OnlyGt(2)]))   # sort uses <, reflected to __gt__
