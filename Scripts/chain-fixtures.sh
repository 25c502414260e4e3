#!/usr/bin/env bash
# Writes (or, with --check, compares) the generated code of the real model-version chains that
# Tests/MigrationChainTests migrates: objc.io's Moody (versions Moody to Moody 6, with the custom steps of its
# mapping models declared) and Simplenote (versions 2 to 7).
#
# The chains are read from MODELGEN_MIGRATIONS (moody/Moody.xcdatamodeld, simplenote/Simplenote.xcdatamodeld).
# Simplenote's saved .xccurrentversion names Simplenote 6 (it was saved from the commit that added version 6);
# the app's later revisions name Simplenote 7, so the bundle is read from a temporary copy whose
# .xccurrentversion names Simplenote 7.
#
# Usage: MODELGEN_MIGRATIONS=/path/to/chains Scripts/chain-fixtures.sh [--check]
set -euo pipefail
cd "$(dirname "$0")/.."

chains="${MODELGEN_MIGRATIONS:?set MODELGEN_MIGRATIONS to the folder of model-version chains}"
check=()
if [ "${1:-}" = "--check" ]; then check=(--check); fi
modelgen="$(swift build --show-bin-path)/modelgen"
[ -x "$modelgen" ] || swift build --product modelgen >/dev/null
fixtures=Tests/MigrationChainTests/Generated

"$modelgen" generate "$chains/moody/Moody.xcdatamodeld" --output "$fixtures/Moody" --access-level internal "${check[@]}" \
    --custom-step "Moody 2->Moody 3" --custom-step "Moody 4->Moody 5" --custom-step "Moody 5->Moody 6"

copy="$(mktemp -d)"
trap 'rm -rf "$copy"' EXIT
cp -R "$chains/simplenote/Simplenote.xcdatamodeld" "$copy/"
chmod -R u+w "$copy"
sed 's/Simplenote 6\.xcdatamodel/Simplenote 7.xcdatamodel/' "$chains/simplenote/Simplenote.xcdatamodeld/.xccurrentversion" \
    >"$copy/Simplenote.xcdatamodeld/.xccurrentversion"
"$modelgen" generate "$copy/Simplenote.xcdatamodeld" --output "$fixtures/Simplenote" --access-level internal "${check[@]}"
