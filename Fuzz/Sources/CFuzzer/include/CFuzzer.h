#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, for a program that has its own `main` (SwiftPM links every
/// executable's entry point as `main`, so libFuzzer's own `main` cannot be used).
int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));
