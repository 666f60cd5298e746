#!/bin/sh
# The committed generated sources are fresh (tools/generated.sh --check).
# Closes with "N passed, N failed".
. "$(dirname "$0")/lib.sh"
suite generated.sh sh tools/generated.sh --check
summary
