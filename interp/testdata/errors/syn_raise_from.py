class ConfigError(Exception):
    pass
def read(settings, key):
    try:
        return settings[key]
    except KeyError as e:
        raise ConfigError("missing setting: " + key) from e
print(read({"a": 1}, "a"))
read({"a": 1}, "b")
