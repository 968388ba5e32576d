config = {"host": "localhost", "port": 8080}
print(config["host"])
print(config["user"])
