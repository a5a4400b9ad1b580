// The C side of kbd's C ABI: the hand-written header (include/kbd.h, linked here so Swift can
// import it) and compile-time checks that its layout is what hosts compiled against it expect.
#include "kbd.h"
#include <stddef.h>

_Static_assert(sizeof(kbd_status) == sizeof(int), "status codes are ints");
_Static_assert(offsetof(kbd_output, struct_size) == 0, "struct_size comes first");
_Static_assert(offsetof(kbd_edit, kind) == 0, "kind comes first");
