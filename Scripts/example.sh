#!/usr/bin/env bash
# The main job, from a fresh clone: installs what is missing, generates the classes of
# Models/Bandcamp.xcdatamodeld through the build tool plugin, and runs BandcampExample against a SQLite file.
# Usage: Scripts/example.sh
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-dependencies.sh
swift run BandcampExample
