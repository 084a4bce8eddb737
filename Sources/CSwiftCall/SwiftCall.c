#include "CSwiftCall.h"

#define CONTEXT __attribute__((swift_context))

typedef void *_Nonnull (*Initializer)(const void *_Nonnull CONTEXT type)
    __attribute__((swiftcall));
typedef void *_Nonnull (*InitializerTaking)(void *_Nonnull argument,
                                            const void *_Nonnull CONTEXT type)
    __attribute__((swiftcall));

void *rr_call_allocating_initializer(const void *entry, const void *type) {
  return ((Initializer)entry)(type);
}

void *rr_call_allocating_initializer_taking(const void *entry, void *argument,
                                            const void *type) {
  return ((InitializerTaking)entry)(argument, type);
}
