class Matrix:
    def __init__(self, rows):
        self.rows = rows
        self.ncols = len(rows[0])
        for r in rows:
            if len(r) != self.ncols:
                raise ValueError("ragged rows")

m = Matrix([[1, 2], [3, 4]])
print(m.ncols)
bad = Matrix([[1, 2], [3]])
