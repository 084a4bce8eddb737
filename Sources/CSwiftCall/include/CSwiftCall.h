#ifndef RAINBOW_RING_C_SWIFT_CALL_H
#define RAINBOW_RING_C_SWIFT_CALL_H

/// Calls a class's allocating initialiser found in its method table, `entry`, as Swift calls
/// one: the class object `type` in the context register (`swiftself`), an argument passed
/// indirectly and taken over (`@in`) before it. Returns the new object, retained.
void *_Nonnull rr_call_allocating_initializer(const void *_Nonnull entry,
                                              const void *_Nonnull type);
void *_Nonnull rr_call_allocating_initializer_taking(const void *_Nonnull entry,
                                                     void *_Nonnull argument,
                                                     const void *_Nonnull type);

#endif
