// Lets valgrind 3.19 run the benchmarks: its `rt_sigsuspend` wrapper writes into the signal mask it is
// given, and libdispatch (which runs Swift's async `main`) passes a mask in read-only memory, so every
// tool, even `--tool=none`, stops with SIGSEGV before `main` runs. This preload hands `sigsuspend` a
// writable copy of the mask; nothing else changes. Build and use it as Benchmarks/README.md shows.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>

int sigsuspend(const sigset_t *mask) {
    sigset_t copy = *mask;
    int (*original)(const sigset_t *) = (int (*)(const sigset_t *))dlsym(RTLD_NEXT, "sigsuspend");
    return original(&copy);
}
