/* Helpers the Swift side of the C ABI needs from C; not part of the installed header. */
#ifndef KBD_INTERNAL_H
#define KBD_INTERNAL_H
#include <stddef.h>

/* Copies the path of the file holding libkbd (the shared library itself) into buf;
   returns 0 on success, -1 when it cannot be told or does not fit. */
int kbd_internal_library_path(char *buf, size_t size);

#endif
