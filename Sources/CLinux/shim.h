// Linux calls the Glibc module does not bring: extended attributes (ACLs live there).
#include <sys/xattr.h>

// Standard output written line by line, as to a terminal, whatever it now is (Swift cannot
// name the C library's `stdout` under strict concurrency).
#include <stdio.h>
static inline void ring_line_buffer_standard_output(void) { setvbuf(stdout, NULL, _IOLBF, 0); }

// glibc 2.34's close-from action for posix_spawn, declared only under _GNU_SOURCE-style
// feature macros the Glibc module is not built with.
#include <spawn.h>
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *, int);

// A pseudo-terminal pair (glibc 2.34 has openpty in the C library itself), for the tests of
// what reaches a terminal.
#include <pty.h>
