#!/usr/bin/env python3
"""Turns benchmark runs into a PNG bar chart of the ratios to raw C.

Usage: python3 Benchmarks/plot_ratios.py OUTPUT.png RUN.json [RUN.json ...]

Each RUN.json is one process's `modelgen-benchmarks --json RUN.json` output. For the timed operations (a)-(d),
each contender's bar is the median over the files of its ratio to raw C (itself a median over the runs of
that process), and its whisker spans the smallest to the largest of them. Where a run has raw C's batched
tier of an operation ((a") with 32-row INSERTs, (d") with 128-row UPDATEs), that tier is the lower bound of
the operation's bars, since it is raw C at its fastest. Installs matplotlib with pip when it is missing.
"""
import json
import statistics
import subprocess
import sys

CONTENDERS = [
    ("ours", "ours (ObjectGraph)", "#1f77b4"),
    ("raw", "raw C", "#7f7f7f"),
    ("grdb-records", "GRDB hand-written records", "#2ca02c"),
    ("grdb-statements", "GRDB statements", "#98df8a"),
    ("grdb-codable", "GRDB Codable records", "#d62728"),
]
OPERATIONS = ["(a)", "(b)", "(c)", "(d)"]
# Raw C's batched tiers, which replace the one-row tier as the lower bound of their operation.
BATCHED = {'(a")': "(a)", '(d")': "(d)"}


def load_matplotlib():
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "matplotlib"], check=True)
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as pyplot
    return pyplot


def ratios(runs):
    """{operation prefix: {contender: [ratio per file]}} and the operations' full titles."""
    found, titles, bounds = {}, {}, {}
    for run in runs:
        prefixes = {operation["operation"].split(" ")[0] for operation in run["operations"]}
        for operation in run["operations"]:
            prefix = operation["operation"].split(" ")[0]
            if prefix in OPERATIONS:
                titles[prefix] = operation["operation"]
            if prefix in BATCHED:
                prefix = BATCHED[prefix]
                bounds[prefix] = operation["operation"].split(", ", 1)[-1]
            elif prefix not in OPERATIONS or any(BATCHED[b] == prefix for b in prefixes & BATCHED.keys()):
                continue
            for name, ratio in operation["ratioToRaw"].items():
                found.setdefault(prefix, {}).setdefault(name, []).append(ratio)
    for prefix, bound in bounds.items():
        titles[prefix] = f"{titles.get(prefix, prefix)}\n(against {bound})"
    return found, titles


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    output, paths = sys.argv[1], sys.argv[2:]
    runs = []
    for path in paths:
        with open(path) as file:
            runs.append(json.load(file))
    found, titles = ratios(runs)
    pyplot = load_matplotlib()
    present = [c for c in CONTENDERS if any(c[0] in found.get(op, {}) for op in OPERATIONS)]
    figure, axes = pyplot.subplots(figsize=(10, 5), dpi=100)
    width = 0.8 / max(1, len(present))
    for index, (name, label, color) in enumerate(present):
        xs, heights, low, high = [], [], [], []
        for position, operation in enumerate(OPERATIONS):
            values = found.get(operation, {}).get(name)
            if not values:
                continue
            middle = statistics.median(values)
            xs.append(position + (index - (len(present) - 1) / 2) * width)
            heights.append(middle)
            low.append(middle - min(values))
            high.append(max(values) - middle)
        bars = axes.bar(xs, heights, width, label=label, color=color, yerr=[low, high], capsize=3)
        axes.bar_label(bars, labels=[f"{h:.2f}" for h in heights], fontsize=7, padding=2)
    axes.axhline(1.0, color="black", linewidth=0.8)
    axes.set_xticks(range(len(OPERATIONS)))
    axes.set_xticklabels([titles.get(op, op) for op in OPERATIONS], fontsize=8)
    axes.set_ylabel("time / raw C time (lower is better)")
    rows = sorted({run["rows"] for run in runs})
    axes.set_title(f"modelgen-benchmarks, N = {', '.join(map(str, rows))}: medians of {len(runs)} process(es), "
                   "whiskers from the fastest to the slowest")
    axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(output)
    print(f"wrote {output}")


if __name__ == "__main__":
    main()
