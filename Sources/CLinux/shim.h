// Linux calls the Glibc module does not bring: extended attributes (ACLs live there).
#include <sys/xattr.h>

// Standard output written line by line, as to a terminal, whatever it now is (Swift cannot
// name the C library's `stdout` under strict concurrency).
#include <stdio.h>
static inline void ring_line_buffer_standard_output(void) { setvbuf(stdout, NULL, _IOLBF, 0); }
