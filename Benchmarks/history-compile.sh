#!/usr/bin/env bash
# Size and debug compile time of the code modelgen generates for a long version history: a synthetic
# 75-version history of a real model (Benchmarks/synthetic-history.py, C changes per version). Prints the
# model file's size, the CPU time of the compiler job that compiles it in debug mode (the way SwiftPM
# does: that file as the primary file, the other generated files beside it), and the expressions that
# took over 200 ms to type-check; then the CPU time of compiling every generated file, with the history
# and with the current version alone.
#
# Usage: Benchmarks/history-compile.sh MODEL.xcdatamodeld [CHANGES PER VERSION=1]
#   e.g. Benchmarks/history-compile.sh "$MODELGEN_CORPUS/16-olvid-messenger-75/ObvMessenger.xcdatamodeld"
set -euo pipefail
cd "$(dirname "$0")/.."
model=$1
changes=${2:-1}
work=.build/history-compile
rm -rf "$work" && mkdir -p "$work/objects"
swift build --product modelgen >/dev/null
swift build --target ObjectGraph >/dev/null
bin="$(swift build --show-bin-path)"
python3 Benchmarks/synthetic-history.py "$model" "$work/History.xcdatamodeld" 75 "$changes"
"$bin/modelgen" generate "$work/History.xcdatamodeld" --output "$work/WithHistory"
"$bin/modelgen" generate "$work/History.xcdatamodeld/History 75.xcdatamodel" --output "$work/CurrentOnly"
flags=(-c -Onone -g -I "$bin/Modules" -module-name History -swift-version 6 -parse-as-library)
echo "HistoryModel.swift: $(wc -c <"$work/WithHistory/HistoryModel.swift") bytes; every generated file: $(du -sk "$work/WithHistory" | cut -f1) KB with the history, $(du -sk "$work/CurrentOnly" | cut -f1) KB without"
# The frontend job of the model file, as the driver would run it.
job=$(cd "$work/objects" && swiftc -### "${flags[@]}" ../WithHistory/*.swift -j1 2>&1 | grep -- "-primary-file ../WithHistory/HistoryModel.swift ")
(cd "$work/objects" && /usr/bin/time -f "HistoryModel.swift alone: %U s user, %e s wall" \
    sh -c "$job -warn-long-expression-type-checking=200" 2>&1 | grep -E "HistoryModel.swift alone|warning: expression took" | grep -v "^ *|")
for target in WithHistory CurrentOnly; do
    (cd "$work/objects" && rm -f ./*.o && /usr/bin/time -f "every file, $target: %U s user, %e s wall" swiftc "${flags[@]}" ../$target/*.swift -j2 2>&1 | grep "every file")
done
