#!/usr/bin/env python3
"""Writes a synthetic version history of a real model, for measuring the size and compile time of the
history modelgen generates: version k (1 … N) is the model plus optional String attributes `synthetic1`
… `synthetic(C × (k-1))`, the j-th added to the j-th entity in turn, so each version changes C entities
(default 1), as an app's model grows over its releases.

Usage: synthetic-history.py MODEL.xcdatamodeld OUTPUT.xcdatamodeld [VERSIONS=75] [CHANGES PER VERSION=1]
"""
import os
import re
import sys


def main():
    source, output = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 75
    changes = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    versions = sorted(v for v in os.listdir(source) if v.endswith(".xcdatamodel"))
    with open(os.path.join(source, versions[-1], "contents"), encoding="utf-8") as handle:
        contents = handle.read()
    openings = [m for m in re.finditer(r"<entity name=\"([^\"]+)\"[^>]*?(/?)>", contents)]
    entities = [m.group(1) for m in openings if m.group(2) == ""]
    name = os.path.basename(output)[: -len(".xcdatamodeld")]
    os.makedirs(output, exist_ok=True)
    for version in range(1, count + 1):
        added = {}
        for j in range(1, changes * (version - 1) + 1):
            added.setdefault(entities[(j - 1) % len(entities)], []).append(j)

        def insert(match):
            lines = "".join(
                f'\n        <attribute name="synthetic{j}" optional="YES" attributeType="String"/>'
                for j in added.get(match.group(1), []))
            return match.group(0) + lines if match.group(2) == "" else match.group(0)

        folder = os.path.join(output, f"{name} {version}.xcdatamodel" if version > 1 else f"{name}.xcdatamodel")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "contents"), "w", encoding="utf-8") as handle:
            handle.write(re.sub(r"<entity name=\"([^\"]+)\"[^>]*?(/?)>", insert, contents))
    with open(os.path.join(output, ".xccurrentversion"), "w", encoding="utf-8") as handle:
        handle.write('<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>_XCCurrentVersionName</key>'
                     f"<string>{name} {count}.xcdatamodel</string></dict></plist>\n")


main()
