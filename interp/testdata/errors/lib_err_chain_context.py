def cleanup(d):
    try:
        return d["key"]
    except KeyError:
        return 1 / 0

cleanup({})
