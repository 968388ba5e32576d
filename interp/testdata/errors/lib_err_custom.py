class ValidationError(Exception):
    pass

def validate(age):
    if age < 0:
        raise ValidationError("age must be >= 0, got %d" % age)
    return age

print(validate(30))
validate(-1)
