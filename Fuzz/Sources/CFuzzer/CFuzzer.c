// Only the header matters: LLVMFuzzerRunDriver comes from libFuzzer.
#include "CFuzzer.h"
