#!/bin/bash
# Adds uprobes at the stage boundaries of a modelgen-benchmarks binary, so `perf record` can tell the
# stages apart (see Benchmarks/README.md, "Wall clock against instructions").
#
#   Benchmarks/Profiling/stage-probes.sh BINARY GROUP [CONTENDER]
#
# CONTENDER is the mangled prefix of a contender's witnesses (default ours:
# 13OursContenderCAA0D0A2aDP; raw C: 12RawContenderCAA0D0A2aDP). The events are GROUP:GROUP_a (entry
# of (a)), _chk (the DatabaseCheck after (a) and (d)), _b, _c, _prep (the untimed load before (d)), _d,
# _so (ours' store-only (a') and (b')), _bi and _bu (raw C's (a'') and (d'')). Remove them with
# `perf probe -d 'GROUP:*'`.
set -u
binary=$1 group=$2
prefix="\$s19modelgen_benchmarks${3:-13OursContenderCAA0D0A2aDP}"
add() { perf probe -q -x "$binary" -a "$group:${group}_$1=$2" 2>/dev/null || echo "no probe $1 (the contender has no such stage)"; }
add a "${prefix}6insert_6ownersySayAA10ItemValuesVG_SitYaKFTW"
add chk "$(nm "$binary" | grep -o '\$s19modelgen_benchmarks13DatabaseCheckV4pathACSS_tKcfC.*' | head -1)"
add b "${prefix}11fetchActiveSiyYaKFTW"
add c "${prefix}20fetchOwnersWithItemsSiyYaKFTW"
add prep "${prefix}13prepareUpdateyyYaKFTW"
add d "${prefix}12updatePricesSiyYaKFTW"
add so "${prefix}9storeOnly_6ownersSd6insert_Sd5fetchtSgSayAA10ItemValuesVG_SitYaKFTW"
add bi "${prefix}13batchedInsert_6ownersSdSgSayAA10ItemValuesVG_SitYaKFTW"
add bu "${prefix}13batchedUpdate6owners5items8priceSumSdSgSi_SiSdtYaKFTW"
