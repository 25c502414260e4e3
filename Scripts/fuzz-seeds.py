#!/usr/bin/env python3
"""Writes the seed inputs of one fuzz target into a folder (one file per input).

Usage: Scripts/fuzz-seeds.py TARGET OUTPUT_DIR [MODEL_ROOT...]
Seeds come from the repository's models and fixtures, the committed seeds and regression inputs under
Tests/Fuzz, and any extra folders given (such as the corpus named by MODELGEN_CORPUS), searched for
`contents` files of data models.
"""
import hashlib
import os
import re
import sys

repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
target, output = sys.argv[1], sys.argv[2]
roots = [os.path.join(repo, d) for d in ("Models", "Tests", "Examples")] + sys.argv[3:]


def model_contents():
    for root in roots:
        for folder, _, files in os.walk(root):
            if "contents" in files and folder.endswith(".xcdatamodel"):
                with open(os.path.join(folder, "contents"), "rb") as handle:
                    yield handle.read()


def unescape(text):
    for entity, char in (("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&apos;", "'"), ("&amp;", "&")):
        text = text.replace(entity, char)
    return text


def attribute_values(pattern):
    for data in model_contents():
        for match in re.finditer(pattern, data.decode("utf-8", "replace")):
            yield unescape(match.group(1)).encode()


def swift_string_literals(path):
    with open(path, encoding="utf-8") as handle:
        for match in re.finditer(r'"((?:[^"\\\n]|\\.)+)"', handle.read()):
            yield match.group(1).encode().decode("unicode_escape").encode("utf-8", "replace")


def seeds():
    if target == "model-reader":
        yield from model_contents()
    elif target == "predicate-format":
        yield from attribute_values(r'predicateString="([^"]*)"')
        cases = os.path.join(repo, "Tests/ModelGeneratorTests/PredicateFormatCases.swift")
        if os.path.exists(cases):
            yield from swift_string_literals(cases)
    elif target == "url-template":
        yield from attribute_values(r'key="rest\.(?:path|objectPath)" value="([^"]*)"')
    committed = os.path.join(repo, "Tests/Fuzz/Seeds", target)
    regressions = os.path.join(repo, "Tests/Fuzz/Regressions", target)
    for folder in (committed, regressions):
        if os.path.isdir(folder):
            for name in sorted(os.listdir(folder)):
                with open(os.path.join(folder, name), "rb") as handle:
                    yield handle.read()


os.makedirs(output, exist_ok=True)
count = 0
for seed in seeds():
    with open(os.path.join(output, hashlib.sha1(seed).hexdigest()), "wb") as handle:
        handle.write(seed)
    count += 1
print(f"{count} seeds for {target} in {output}")
