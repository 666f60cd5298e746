/* file.h - reading a file a command names (loadsgf, ap_loadrecord).
 * Only a regular file of at most max bytes: a FIFO or a device would block
 * or never end. Opened without blocking, then checked on the descriptor
 * (not the path, which could change in between). */
#ifndef MORPHOS_FILE_H
#define MORPHOS_FILE_H

#include <stddef.h>

/* The whole file, NUL-terminated (free() it), its length in *len; NULL
 * with the reason in err. */
char *read_regular_file(const char *path, size_t max, size_t *len, char *err, size_t errlen);

#endif
