#ifndef C_ALLOCATION_COUNTER_H
#define C_ALLOCATION_COUNTER_H
/// Heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) made
/// by the whole process since it started.
unsigned long rr_allocation_count(void);
#endif
