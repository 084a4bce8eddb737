// Linux calls the Glibc module does not bring: extended attributes (ACLs live there).
#include <sys/xattr.h>
