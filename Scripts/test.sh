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
swift test "$@"
if [ $# -eq 0 ]; then Scripts/test-postgres.sh; fi
