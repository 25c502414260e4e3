#!/usr/bin/env python3
"""Splits a `perf record` of modelgen-benchmarks into its stages, using the uprobes of stage-probes.sh.

    perf record -F 5000 -e cpu-clock -e 'GROUP:*' -g -k mono -o P.data BINARY --rows 20000 --runs 5 --only ours
    perf script -F tid,time,event,ip,sym,dso -i P.data > P.txt
    stage_profile.py causes GROUP RUNS < P.txt                   # CPU ms per stage and run, and its causes
    stage_profile.py functions GROUP STAGE [CALLGRIND] < P.txt   # time share against instruction share
    stage_profile.py count GROUP RUNS < P.txt                    # events (page faults, switches) per stage

STAGE is (a), (b), (c), (d), (a'b') or (a"). CALLGRIND is the callgrind part of the same stage
(Benchmarks/README.md, "Profiling on this machine"); the functions whose time share is far above their
instruction share are where instructions per cycle are low. `count` takes a recording of a counted
event (`-e page-faults -c 1` or `-e context-switches -c 1`) and names the first frame of our code.
"""
import collections
import re
import subprocess
import sys

STAGES = {'a': '(a)', 'b': '(b)', 'c': '(c)', 'd': '(d)', 'so': "(a'b')", 'bi': '(a")'}
HEADER = re.compile(r'^\s*(\d+)\s+([\d.]+):\s+(\S+):\s*(.*)$')


def read(group):
    """Probe events (time, name) and samples [tid, time, frames] from `perf script` on stdin."""
    events, samples, current = [], [], None
    for line in sys.stdin:
        match = HEADER.match(line)
        if match:
            tid, time, event = int(match.group(1)), float(match.group(2)), match.group(3)
            if event.startswith(group + ':'):
                events.append((time, event.split(':')[1].split('_', 1)[-1]))
                current = None
            else:
                current = [tid, time, [match.group(4).strip()] if match.group(4).strip() else []]
                samples.append(current)
        elif line.strip() and current is not None:
            current[2].append(line.strip())
    return sorted(events), samples


def split(group):
    """Samples per stage, and the wall seconds of each stage summed over the runs."""
    events, samples = read(group)
    intervals = [(time, events[i + 1][0] if i + 1 < len(events) else float('inf'), STAGES[name])
                 for i, (time, name) in enumerate(events) if name in STAGES]
    walls, per = collections.Counter(), collections.defaultdict(list)
    for start, end, name in intervals:
        if end != float('inf'):
            walls[name] += end - start
    for sample in samples:
        for start, end, name in intervals:
            if start <= sample[1] < end:
                per[name].append(sample)
                break
    return per, walls


def symbol(frame):
    """`name [library]` of a perf script frame."""
    parts = frame.split(None, 1)
    text = parts[1] if len(parts) > 1 else parts[0]
    text = re.sub(r'\+0x[0-9a-f]+', '', text)
    return re.sub(r'\s*\(([^)]*)\)\s*$', lambda m: ' [' + m.group(1).split('/')[-1] + ']', text)


CAUSES = [
    ('page faults (first touch of fresh memory)', lambda stack, leaf: any('exc_page_fault' in f for f in stack)),
    ('pwrite, fsync (SQLite writing)', lambda stack, leaf: any(re.search(r'pwrite|fsync|fdatasync', f) for f in stack)),
    ('mprotect, madvise, mmap, munmap (malloc heaps growing and shrinking)',
     lambda stack, leaf: any(re.search(r'__mprotect|__madvise|__munmap|__mmap', f) for f in stack)),
    ('other kernel (scheduler, futex, interrupts)', lambda stack, leaf: 'kernel' in leaf),
    ('deallocation (inside _swift_release_dealloc)', lambda stack, leaf: any('_swift_release_dealloc' in f for f in stack)),
    ('retain, release', lambda stack, leaf: re.search(r'swift_retain|swift_release|RefCounts|swift_bridgeObjectRe', leaf)),
    ('malloc, free', lambda stack, leaf: re.search(r'malloc|free|_int_|unlink_chunk|tcache|heap_trim', leaf)),
    ('SQLite', lambda stack, leaf: 'sqlite' in leaf),
    ('Swift runtime, dispatch, Foundation', lambda stack, leaf: re.search(r'libswiftCore|libswift_Concurrency|libdispatch|libFoundation', leaf)),
    ('other libc (memmove, mutexes)', lambda stack, leaf: 'libc.so' in leaf),
    ('our code and specialized standard library', lambda stack, leaf: True),
]


def causes(group, runs):
    per, walls = split(group)
    for name in STAGES.values():
        samples = per.get(name, [])
        if not samples:
            continue
        counts = collections.Counter()
        for _, _, stack in samples:
            leaf = stack[0] if stack else ''
            counts[next(cause for cause, rule in CAUSES if rule(stack, leaf))] += 1
        print(f'{name}: {len(samples)} samples, {len(samples) * 0.2 / runs:.1f} ms CPU per run (at 5 kHz), '
              f'{walls[name] * 1000 / runs:.1f} ms wall per run')
        for cause, _ in CAUSES:
            print(f'  {counts[cause] * 100 / len(samples):5.1f}%  {cause}')


def instructions(path):
    """Self instructions per (function, library) of a callgrind file, and the total."""
    out = subprocess.run(['callgrind_annotate', '--inclusive=no', '--threshold=100', path],
                         capture_output=True, text=True).stdout
    counts, total = collections.Counter(), 0
    for line in out.splitlines():
        match = re.match(r'^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*)$', line)
        if not match:
            continue
        value, rest = int(match.group(1).replace(',', '')), match.group(2)
        if 'PROGRAM TOTALS' in rest:
            total = value
        elif (function := re.match(r'^\S*?:(\S+) \[(.*)\]$', rest)):
            name = '[unknown]' if function.group(1).startswith('0x') else function.group(1)
            counts[(name, function.group(2).split('/')[-1])] += value
    return counts, total


def functions(group, stage, callgrind):
    per, _ = split(group)
    samples = per.get(stage, [])
    times, kernel = collections.Counter(), 0
    for _, _, stack in samples:
        if not stack:
            continue
        match = re.match(r'^(.*?) \[(.*)\]$', symbol(stack[0]))
        key = (match.group(1), match.group(2)) if match else (symbol(stack[0]), '?')
        if 'kernel' in key[1]:
            kernel += 1
        else:
            times[key] += 1
    user = max(1, sum(times.values()))
    counts, total = instructions(callgrind) if callgrind else (collections.Counter(), 0)
    # The profiled binary's name differs between perf and callgrind: match our functions by name alone.
    by_name = collections.Counter()
    for (name, _), value in counts.items():
        by_name[name] += value
    print(f'{stage}: {len(samples)} samples, {kernel * 100 / max(1, len(samples)):.1f}% in the kernel; '
          f'shares of the user-space samples' + (f' and of {total:,} instructions' if total else ''))
    print(f'{"time %":>7} {"instr %":>7} {"ratio":>6}  function')
    for key, count in times.most_common(40):
        share = count * 100 / user
        instr = by_name[key[0]] * 100 / total if total else 0
        ratio = f'{share / instr:6.2f}' if instr else '     -'
        print(f'{share:7.2f} {instr:7.2f} {ratio}  {key[0][:150]} [{key[1]}]')


def count(group, runs):
    per, _ = split(group)
    ours = re.compile(r'libc.so|kernel|\[unknown\]|libswiftCore|_ContiguousArrayBuffer|Array\.|SlicePacker|sqlite3Malloc')
    for name in STAGES.values():
        samples = per.get(name, [])
        if not samples:
            continue
        where = collections.Counter()
        for _, _, stack in samples:
            frames = [symbol(frame) for frame in stack]
            where[next((f for f in frames if not ours.search(f)), frames[0] if frames else '?')] += 1
        print(f'{name}: {len(samples) / runs:.0f} per run')
        for function, number in where.most_common(12):
            print(f'  {number / runs:8.0f}  {function[:150]}')


if __name__ == '__main__':
    mode, group = sys.argv[1], sys.argv[2]
    if mode == 'causes':
        causes(group, int(sys.argv[3]))
    elif mode == 'functions':
        functions(group, sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else None)
    elif mode == 'count':
        count(group, int(sys.argv[3]))
    else:
        sys.exit(__doc__)
