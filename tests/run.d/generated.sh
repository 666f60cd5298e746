#!/bin/sh
# The committed generated sources are fresh (tools/generated.sh --check).
# Closes with "N passed, N failed".
cd "$(dirname "$0")/../.." || exit 1
sh tools/generated.sh --check
