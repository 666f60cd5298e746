/* ctype.h - glibc's, with the tests the sources use in the form of the
 * WebAssembly libc's macros (include/assert.h says why): isdigit a
 * conditional expression, isspace, tolower and toupper calls. */
#include_next <ctype.h>
#undef isdigit
#undef isspace
#undef tolower
#undef toupper
#define isdigit(a) (0 ? isdigit(a) : ((unsigned)(a) - '0') < 10)
