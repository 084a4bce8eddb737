// Declarations only: see include/CFuzzer.h.
#include "CFuzzer.h"
