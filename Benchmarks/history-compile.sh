#!/usr/bin/env bash
# Size and debug compile time of the code modelgen generates for a long version history: a synthetic
# 75-version history of a real model (Benchmarks/synthetic-history.py; C changes per version), against the
# same model's current version alone. Each generated target is built alone in a scratch package whose
# ObjectGraph is already built, twice; the time is `swift build --target` wall time.
#
# Usage: Benchmarks/history-compile.sh MODEL.xcdatamodeld [CHANGES PER VERSION=1]
#   e.g. Benchmarks/history-compile.sh "$MODELGEN_CORPUS/16-olvid-messenger-75/ObvMessenger.xcdatamodeld"
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
model=$1
changes=${2:-1}
work=.build/history-compile
rm -rf "$work/Sources" "$work/History.xcdatamodeld"
mkdir -p "$work/Sources"
swift build --product modelgen >/dev/null
modelgen="$(swift build --show-bin-path)/modelgen"
python3 Benchmarks/synthetic-history.py "$model" "$work/History.xcdatamodeld" 75 "$changes"
"$modelgen" generate "$work/History.xcdatamodeld" --output "$work/Sources/WithHistory"
"$modelgen" generate "$work/History.xcdatamodeld/History 75.xcdatamodel" --output "$work/Sources/CurrentOnly"
cat >"$work/Package.swift" <<PACKAGE
// swift-tools-version: 6.2
import PackageDescription
let package = Package(
    name: "HistoryCompile", platforms: [.macOS(.v15)],
    dependencies: [.package(path: "$repo")],
    targets: ["WithHistory", "CurrentOnly"].map {
        .target(name: \$0, dependencies: [.product(name: "ObjectGraph", package: "$(basename "$repo")")])
    }
)
PACKAGE
echo "generated: $(du -sk "$work/Sources/WithHistory" | cut -f1) KB with the history ($(wc -c <"$work/Sources/WithHistory/HistoryModel.swift") bytes in HistoryModel.swift), $(du -sk "$work/Sources/CurrentOnly" | cut -f1) KB without"
swift build --package-path "$work" --target CurrentOnly >/dev/null
for round in 1 2; do
    for target in CurrentOnly WithHistory; do
        find "$work/Sources/$target" -name '*.swift' -exec touch {} +
        start=$(date +%s.%N)
        swift build --package-path "$work" --target "$target" >/dev/null
        echo "$target, round $round: $(printf '%.1f' "$(echo "$(date +%s.%N) - $start" | bc)") s"
    done
done
