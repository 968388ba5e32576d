class ValidationError(Exception):
    def __init__(self, field):
        super().__init__("invalid field: " + field)
        self.field = field
def validate(record):
    for key in record:
        if not record[key]:
            raise ValidationError(key)
validate({"a": 1})
print("first ok")
validate({"a": 1, "b": 0})
