#!/usr/bin/env bash
# Builds one libFuzzer target of the Fuzz/ package (release, with the address sanitizer) and runs it.
# Usage: Scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]
#   TARGET: model-reader | predicate-format | rest-decoder | url-template | all (each for SECONDS, in turn)
# Seeds: the repository's models and fixtures, Tests/Fuzz/Seeds/TARGET, Tests/Fuzz/Regressions/TARGET and,
# when MODELGEN_CORPUS names a folder, the models in it. The working corpus and any crash, timeout (over 1 s
# per input) or leak input go to .build/fuzz/TARGET/ (not committed); the script exits 1 on a finding.
# A finding becomes a regression test: copy the input to Tests/Fuzz/Regressions/TARGET/ and fix the code
# (FuzzRegressionTests in the target's test module replays every file there).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
target=${1:?usage: Scripts/fuzz.sh TARGET SECONDS}
seconds=${2:?usage: Scripts/fuzz.sh TARGET SECONDS}
shift 2

if [ "$target" = all ]; then
    for each in model-reader predicate-format rest-decoder url-template; do
        "$0" "$each" "$seconds" "$@"
    done
    exit 0
fi

case "$target" in
    model-reader) product=FuzzModelReader ;;
    predicate-format) product=FuzzPredicateFormat ;;
    rest-decoder) product=FuzzRESTDecoder ;;
    url-template) product=FuzzURLTemplate ;;
    *) echo "error: unknown fuzz target '$target' (model-reader, predicate-format, rest-decoder, url-template, all)" >&2; exit 2 ;;
esac

build_flags=(--package-path "$repo/Fuzz" -c release -Xswiftc -sanitize=fuzzer,address)
# The linker warns about every exported __asan symbol; only real errors matter here.
# Every target at once: one build description, so running the next target rebuilds nothing.
swift build "${build_flags[@]}" 2>&1 | grep -v "Cannot export local symbol" | grep -E "error|warning: .*\.swift" || true
binary="$(swift build "${build_flags[@]}" --show-bin-path)/$product"
[ -x "$binary" ] || { echo "error: $product did not build" >&2; exit 1; }

work="$repo/.build/fuzz/$target"
mkdir -p "$work/corpus" "$work/artifacts"
extra=()
if [ -n "${MODELGEN_CORPUS:-}" ] && [ -d "$MODELGEN_CORPUS" ]; then extra+=("$MODELGEN_CORPUS"); fi
rm -rf "$work/seeds"
python3 "$repo/Scripts/fuzz-seeds.py" "$target" "$work/seeds" "${extra[@]}"

# SWIFT_BACKTRACE=enable=no: after a crash the Swift backtracer can hang instead of letting libFuzzer
# write the input and exit.
set +e
SWIFT_BACKTRACE=enable=no "$binary" "$work/corpus" "$work/seeds" \
    -max_total_time="$seconds" -timeout=1 -rss_limit_mb=2048 -max_len=65536 \
    -artifact_prefix="$work/artifacts/" -print_final_stats=1 "$@" 2>"$work/log.txt"
status=$?
set -e
grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE)|ERROR|SUMMARY|Test unit written" "$work/log.txt" || true
if [ "$status" -ne 0 ]; then
    echo "error: $target found a problem (exit $status); see $work/log.txt and $work/artifacts/" >&2
    exit 1
fi
echo "$target: no finding in $seconds s (log: $work/log.txt)"
