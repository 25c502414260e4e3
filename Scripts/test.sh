#!/usr/bin/env bash
# The test command, from a fresh clone: installs what is missing and runs every test suite.
# Optional inputs, each skipped with a message when its variable is unset:
#   MODELGEN_CORPUS      a folder of real .xcdatamodeld bundles, one per subfolder (see README, "Tests")
#   MODELGEN_MIGRATIONS  a folder of model-version chains (moody/, simplenote/) for the migration-plan tests
# Extra arguments go to `swift test` (e.g. `Scripts/test.sh --filter SQLite`).
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-dependencies.sh
swift test "$@"
