def connect(host, *, port, timeout=10):
    return host, port, timeout
print(connect("h", port=1))
connect("h")
