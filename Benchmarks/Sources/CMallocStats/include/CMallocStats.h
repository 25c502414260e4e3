#ifndef CMALLOCSTATS_H
#define CMALLOCSTATS_H

#include <stddef.h>

/// The bytes the process holds in malloc'd blocks right now, over all arenas and mmap'd blocks
/// (glibc's `mallinfo2`: `uordblks + hblkhd`).
size_t malloc_stats_live_bytes(void);

#endif
