#!/usr/bin/env bash
# Prints an extended regular expression that matches the start of this checkout's absolute path (as
# processes started from it see it: the physical working directory), its metacharacters escaped, for
# `pkill -f` patterns that end this checkout's test processes and leave other checkouts' alone.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "^$(pwd -P | sed 's/[][\.*^$+?(){}|]/\\&/g')"
