class HTTPError(Exception):
    def __init__(self, code):
        super().__init__(code)
        self.code = code

    def __str__(self):
        return "HTTP status %d" % self.code

def fetch(url):
    raise HTTPError(404)

fetch("/missing")
