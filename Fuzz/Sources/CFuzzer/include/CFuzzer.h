#ifndef CFUZZER_H
#define CFUZZER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (linked with -sanitize=fuzzer): parses the command line and fuzzes `callback`.
/// SwiftPM gives every executable target a `main`, which would hide libFuzzer's own; each target's
/// main.swift calls this instead.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
