#!/usr/bin/env bash
# The test command, from a fresh clone: installs what is missing and runs every test suite, the
# PostgreSQL ones against a throwaway cluster it starts and stops (Scripts/test-postgres.sh).
# Optional inputs, each skipped with a message when its variable is unset:
#   MODELGEN_CORPUS      a folder of real .xcdatamodeld bundles, one per subfolder (see README, "Tests")
#   MODELGEN_MIGRATIONS  a folder of model-version chains (moody/, simplenote/) for the migration-plan tests
# Extra arguments go to `swift test` (e.g. `Scripts/test.sh --filter SQLite`), and then only that run is made.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-dependencies.sh
if [ $# -gt 0 ]; then
    swift test "$@"
    exit
fi
# The whole run takes a few minutes; one that outlasts 20 hangs (a deadlock, or Dispatch's 255 worker threads
# used up: see README, "Tests"), and fails here rather than at CI's time limit. A hung test bundle ignores
# SIGTERM and would outlive `swift test`: this checkout's is ended by the absolute path it runs from.
status=0
timeout -k 10 1200 swift test || status=$?
if [ "$status" = 124 ] || [ "$status" = 137 ]; then
    pkill -9 -f "$(Scripts/checkout-path-pattern.sh)/\.build/.*/modelgenPackageTests\.xctest( |$)" || true
    echo "error: swift test did not finish in 20 minutes: a test hangs" >&2
fi
[ "$status" = 0 ]
Scripts/test-postgres.sh
