// The C side of kbd's C ABI: the hand-written header (include/kbd.h, linked here so Swift can
// import it) and compile-time checks that its layout is what hosts compiled against it expect.
#define _GNU_SOURCE
#include "kbd.h"
#include <stddef.h>

_Static_assert(sizeof(kbd_status) == sizeof(int), "status codes are ints");
_Static_assert(offsetof(kbd_output, struct_size) == 0, "struct_size comes first");
_Static_assert(offsetof(kbd_edit, kind) == 0, "kind comes first");

#include <dlfcn.h>
#include <string.h>
#include "kbd_internal.h"

int kbd_internal_library_path(char *buf, size_t size) {
    Dl_info info;
    if (!dladdr((void *)&kbd_internal_library_path, &info) || !info.dli_fname) return -1;
    size_t n = strlen(info.dli_fname);
    if (n + 1 > size) return -1;
    memcpy(buf, info.dli_fname, n + 1);
    return 0;
}
