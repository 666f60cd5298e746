/* assert.h - assert for the build that makes the web build's profile
 * (make web-profile, web/web.mk): a test of (x) || (...), the form of the
 * WebAssembly libc's assert. clang's profile keys each function by a hash
 * of its branches, so with glibc's form (x) ? ... : ... every function
 * holding an assert would not match the web build's and go unoptimised. */
#undef assert
#ifdef NDEBUG
#define assert(x) ((void)0)
#else
void __assert_fail(const char *expr, const char *file, unsigned int line, const char *func) __attribute__((noreturn));
#define assert(x) ((void)((x) || (__assert_fail(#x, __FILE__, __LINE__, __func__), 0)))
#endif
