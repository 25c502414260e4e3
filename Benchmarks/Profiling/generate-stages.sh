#!/usr/bin/env bash
# Instructions per stage of one GenerateBenchmark run, counted by valgrind's callgrind over every thread:
# a profile part is dumped when each stage starts (ModelLoader.load, ViewModelBuilder.build,
# CodeRenderer.render, OutputDirectory.write, then the benchmark's own line count), so each part holds one
# stage, the parallel work of its entities included (every stage waits for its workers before the next).
#
# Usage (from the repository root, after `swift build -c release --package-path Benchmarks`):
#   Benchmarks/Profiling/generate-stages.sh OUT synthetic 1000 --runs 1 [--templates DIR]
# prints the instructions of each stage and leaves the parts (OUT.1, OUT.2, …) for callgrind_annotate.
set -euo pipefail
out=${1:?usage: generate-stages.sh OUT GenerateBenchmark-arguments...}
shift
cd "$(dirname "$0")/../.."

gcc -shared -fPIC -O2 -o /tmp/sigsuspend-copy.so Benchmarks/Profiling/sigsuspend-copy.c -ldl
objcopy --strip-debug Benchmarks/.build/release/GenerateBenchmark /tmp/GenerateBenchmark-stripped

load='$s9DataModel0B6LoaderV4load4pathAA06LoadedB0VSS_tF'
build='$s14ModelGenerator04ViewA7BuilderV5build_9modelName0f4FileG04path8contentsAA0A7ContextV7context_Say04DataA010DiagnosticVG11diagnosticstAL0A0V_S4SSgtF'
render='$s14ModelGenerator12CodeRendererV6render_6layoutSayAA13GeneratedFileVGAA0A7ContextV_AA0H6LayoutOtAA13TemplateErrorOYKF'
write='$s14ModelGenerator15OutputDirectoryV5writeySayAC10DifferenceOGSayAA13GeneratedFileVGKF'
count='$s17GenerateBenchmark9lineCount2ofSiSay14ModelGenerator13GeneratedFileVG_tF'

rm -f "$out" "$out".*
# `load` twice: the benchmark may call its specialized copy.
LD_PRELOAD=/tmp/sigsuspend-copy.so valgrind --tool=callgrind --callgrind-out-file="$out" \
    --dump-before="$load" --dump-before="${load}Tf4nd_n" --dump-before="$build" --dump-before="$render" \
    --dump-before="$write" --dump-before="$count" \
    /tmp/GenerateBenchmark-stripped "$@" >"$out.log" 2>&1

# Each part ends where a stage starts, so the part ending at `build` is the read, and so on.
stage() {
    local part
    for part in "$out".[0-9]*; do
        if grep -qxF "desc: Trigger: --dump-before=$1" "$part"; then grep -m1 '^summary:' "$part" | awk '{print $2}'; fi
    done
}
printf '%-16s %15s\n' "read + validate" "$(stage "$build")" "view model" "$(stage "$render")" \
    "render" "$(stage "$write")" "write" "$(stage "$count")"
