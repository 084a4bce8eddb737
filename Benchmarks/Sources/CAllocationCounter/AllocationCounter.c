// Counts heap allocations by interposing the allocator entry points of the executable and
// forwarding to glibc's own implementations.
#include <stdatomic.h>
#include <stddef.h>
#include <errno.h>
#include "CAllocationCounter.h"

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static _Atomic unsigned long allocations;

static inline void count(void) { atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed); }

void *malloc(size_t n) { count(); return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { count(); return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { count(); return __libc_realloc(p, n); }
void *memalign(size_t alignment, size_t n) { count(); return __libc_memalign(alignment, n); }
void *aligned_alloc(size_t alignment, size_t n) { count(); return __libc_memalign(alignment, n); }
int posix_memalign(void **out, size_t alignment, size_t n) {
  count();
  void *p = __libc_memalign(alignment, n);
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}

unsigned long rr_allocation_count(void) {
  return atomic_load_explicit(&allocations, memory_order_relaxed);
}
