"""The tally of a Python test script: check() counts one result and prints a
line for each failure; summary() closes with "N passed, N failed" and gives
the exit status (0 when nothing failed)."""
passed = failed = 0


def check(name, cond, msg=""):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("%s: FAILED %s" % (name, msg))


def summary():
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0
