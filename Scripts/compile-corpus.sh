#!/usr/bin/env bash
# Generates code for every XML model of the corpus (MODELGEN_CORPUS) into a temporary package that depends
# on this one by path, and builds it in Swift 6 and then Swift 5 language mode in one scratch directory.
# Fails when generation reports an error, or when the build fails or prints a warning in generated code.
# Usage: MODELGEN_CORPUS=/path/to/models Scripts/compile-corpus.sh
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
corpus=$(cd "${MODELGEN_CORPUS:?set MODELGEN_CORPUS to the corpus folder}" && pwd)
work="${MODELGEN_CORPUS_PACKAGE:-$repo/.build/corpus-package}"
start=$SECONDS

swift build --package-path "$repo" --product modelgen >/dev/null
modelgen="$(swift build --package-path "$repo" --show-bin-path)/modelgen"

rm -rf "$work/Sources"
mkdir -p "$work/Sources"
targets=()
for dir in "$corpus"/*/; do
    model=$(find "$dir" -name '*.xcdatamodeld' | sort | head -n 1)
    [ -n "$model" ] || model=$(find "$dir" -name '*.xcdatamodel' | sort | head -n 1)
    [ -n "$model" ] || continue
    [ -n "$(find "$model" -name contents)" ] || { echo "skip (no XML contents): $model"; continue; }
    target="Corpus_$(basename "$dir" | tr -c 'A-Za-z0-9\n' '_')"
    if ! "$modelgen" generate "$model" --output "$work/Sources/$target" 2>"$work/$target.log"; then
        cat "$work/$target.log" >&2
        echo "error: modelgen failed on $model" >&2
        exit 1
    fi
    targets+=("$target")
done
echo "generated ${#targets[@]} corpus models in $((SECONDS - start)) s"

for mode in 6 5; do
    {
        echo "// swift-tools-version: 6.2"
        echo "import PackageDescription"
        echo "let package = Package("
        echo "    name: \"CorpusCompile\", platforms: [.macOS(.v15)],"
        echo "    dependencies: [.package(path: \"$repo\")],"
        echo "    targets: ["
        for target in "${targets[@]}"; do
            echo "        .target(name: \"$target\", dependencies: [.product(name: \"ObjectGraph\", package: \"$(basename "$repo")\")]),"
        done
        echo "    ],"
        echo "    swiftLanguageModes: [.v$mode]"
        echo ")"
    } >"$work/Package.swift"
    phase=$SECONDS
    if ! swift build --package-path "$work" 2>&1 | tee "$work/build-swift$mode.log" | grep -E "error:|warning:" | grep -F "$work/Sources" | sort -u >"$work/problems-swift$mode.log"; then :; fi
    if ! grep -q "Build complete" "$work/build-swift$mode.log" || [ -s "$work/problems-swift$mode.log" ]; then
        head -n 60 "$work/problems-swift$mode.log" >&2
        grep -E "error:" "$work/build-swift$mode.log" | head -n 20 >&2
        echo "error: generated corpus code does not build cleanly in Swift $mode mode" >&2
        exit 1
    fi
    echo "Swift $mode mode: ${#targets[@]} targets built without warnings in $((SECONDS - phase)) s"
done
echo "corpus compile: $((SECONDS - start)) s in total"
