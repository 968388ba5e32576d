class Task:
    def __init__(self, prio):
        self.prio = prio

    def __eq__(self, other):
        return self.prio == other.prio

print(Task(1) == Task(1), Task(1) != Task(2))
tasks = [Task(3), Task(1)]
tasks.sort()
