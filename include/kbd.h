/*
 * kbd.h — the C interface of kbd, a keyboard / input-method engine.
 *
 * The model is the iOS keyboard extension's, as in the JSON-lines protocol (docs/PROTOCOL.md):
 * the host (an IBus engine, a Fcitx5 addon, any program) owns the text; a session keeps a
 * mirror of the text around the cursor, and answers each key with *edits* to apply to the
 * host's text, in order, and a *suggestion bar* to show. The calls follow what front ends do
 * (IBus `process_key_event`, `focus_in/out`, `reset`, `set_surrounding_text`,
 * `set_content_type`, `candidate_clicked`); the output is pulled, as in librime's API:
 * make calls, then fetch the output with kbd_session_get_output() and free it with
 * kbd_output_free().
 *
 * Units
 *   - All text is UTF-8, NUL-terminated.
 *   - Surrounding-text cursor and anchor, and kbd_edit.count: Unicode code points (scalar
 *     values), as IBus and Fcitx5 count surrounding text and as delete_surrounding_text takes.
 *   - kbd_edit.cluster_count: the same quantity in grapheme clusters (user-perceived
 *     characters), the unit of the JSON-lines protocol; e.g. the number of Left/Right key
 *     presses a host forwards to move the cursor.
 *
 * Status
 *   Every call that can fail returns a kbd_status: KBD_OK (0) on success, else an error code,
 *   and sets a message that kbd_session_last_error() (for calls on a session) and
 *   kbd_last_error() (the calling thread's last error, for every call) return. Bad calls
 *   (NULL pointers, freed handles, out-of-range indices, invalid UTF-8, a too-small
 *   struct_size) return an error; they never crash.
 *
 * Handles
 *   kbd_engine and kbd_session pointers are opaque handles, not addresses: each is an entry
 *   in a registry, numbered once and never reused. A closed engine or a freed session is no
 *   longer in the registry, so a call with it returns KBD_ERROR_INVALID_HANDLE (and freeing
 *   it again does nothing). Closing an engine frees its sessions.
 *
 * Threads
 *   An engine may be used from several threads at once (opening sessions, closing). A session
 *   belongs to one thread at a time: calls on one session must not overlap. Different
 *   sessions may be used from different threads at the same time. Strings returned by
 *   kbd_session_last_error() stay valid until the next call on that session; strings returned
 *   by kbd_last_error() until the calling thread's next kbd call.
 *
 * Memory
 *   Everything kbd_session_get_output() fills in belongs to the caller until it passes the
 *   struct to kbd_output_free(), which frees it all (and leaves the struct empty).
 */
#ifndef KBD_H
#define KBD_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KBD_ABI_VERSION 1

/* Status codes. */
typedef enum {
    KBD_OK = 0,
    KBD_ERROR_INVALID_ARGUMENT = 1, /* a NULL pointer, a too-small struct_size, a bad value */
    KBD_ERROR_INVALID_HANDLE = 2,   /* a NULL, closed, freed or foreign engine or session */
    KBD_ERROR_INVALID_UTF8 = 3,     /* text that is not valid UTF-8 */
    KBD_ERROR_OUT_OF_RANGE = 4,     /* an index, cursor or anchor outside what exists */
    KBD_ERROR_OPTIONS = 5,          /* options JSON that is malformed or names unknown options */
    KBD_ERROR_OPEN = 6,             /* the model or the shared store could not be opened */
    KBD_ERROR_INTERNAL = 7
} kbd_status;

typedef struct kbd_engine kbd_engine;
typedef struct kbd_session kbd_session;

/* One edit to apply to the host's text, in order. */
typedef enum {
    KBD_EDIT_INSERT_TEXT = 1,       /* insert `text` at the cursor, replacing the selection (commit_text) */
    KBD_EDIT_DELETE_BACKWARD,       /* delete the selection if any, else `count` code points before the
                                       cursor (delete_surrounding_text(-count, count)) */
    KBD_EDIT_ADJUST_TEXT_POSITION,  /* move the cursor by `count` code points (negative: backwards) */
    KBD_EDIT_SET_MARKED_TEXT,       /* show `text` as preedit (replacing any), cursor at `cursor` */
    KBD_EDIT_UNMARK_TEXT            /* commit the preedit as ordinary text */
} kbd_edit_kind;

typedef struct {
    kbd_edit_kind kind;
    const char *text;       /* INSERT_TEXT, SET_MARKED_TEXT: the text; otherwise NULL */
    int32_t count;          /* DELETE_BACKWARD, ADJUST_TEXT_POSITION: code points; otherwise 0 */
    int32_t cluster_count;  /* the same as `count`, in grapheme clusters */
    int32_t cursor;         /* SET_MARKED_TEXT: the cursor in `text`, in code points; otherwise 0 */
} kbd_edit;

/* One entry of the suggestion bar, best first. */
typedef struct {
    const char *text;
    const char *kind;       /* "completion", "prediction", "correction", "verbatim", "shortcut", … */
} kbd_suggestion;

/* What a session has for the host: set struct_size = sizeof(kbd_output) before the call.
   Fields may be added at the end in later versions; a caller compiled against an older
   header passes a smaller struct_size and gets the fields it knows. */
typedef struct {
    uint32_t struct_size;
    int32_t edit_count;
    const kbd_edit *edits;          /* the edits made since the previous get_output, in order */
    int32_t suggestion_count;
    const kbd_suggestion *suggestions; /* the current bar */
} kbd_output;

/* Modifier mask bits (X11's state mask; bit 30 is IBus's release flag). */
#define KBD_SHIFT_MASK   (1u << 0)
#define KBD_LOCK_MASK    (1u << 1)
#define KBD_CONTROL_MASK (1u << 2)
#define KBD_MOD1_MASK    (1u << 3)  /* Alt */
#define KBD_MOD4_MASK    (1u << 6)  /* Super */
#define KBD_RELEASE_MASK (1u << 30)

/* Content purposes (IBus's IBusInputPurpose = GTK's GtkInputPurpose). */
enum {
    KBD_PURPOSE_FREE_FORM = 0, KBD_PURPOSE_ALPHA = 1, KBD_PURPOSE_DIGITS = 2,
    KBD_PURPOSE_NUMBER = 3, KBD_PURPOSE_PHONE = 4, KBD_PURPOSE_URL = 5, KBD_PURPOSE_EMAIL = 6,
    KBD_PURPOSE_NAME = 7, KBD_PURPOSE_PASSWORD = 8, KBD_PURPOSE_PIN = 9, KBD_PURPOSE_TERMINAL = 10
};
/* Content hints (IBus's IBusInputHints = GTK's GtkInputHints). */
enum {
    KBD_HINT_SPELLCHECK = 1u << 0, KBD_HINT_NO_SPELLCHECK = 1u << 1,
    KBD_HINT_WORD_COMPLETION = 1u << 2, KBD_HINT_LOWERCASE = 1u << 3,
    KBD_HINT_UPPERCASE_CHARS = 1u << 4, KBD_HINT_UPPERCASE_WORDS = 1u << 5,
    KBD_HINT_UPPERCASE_SENTENCES = 1u << 6, KBD_HINT_INHIBIT_OSK = 1u << 7,
    KBD_HINT_VERTICAL_WRITING = 1u << 8, KBD_HINT_EMOJI = 1u << 9, KBD_HINT_NO_EMOJI = 1u << 10,
    KBD_HINT_PRIVATE = 1u << 11
};

/* ---- Engines: the model and the shared store, shared by sessions ---------------------------- */

/* Opens an engine. options_json is NULL (defaults) or a JSON object with any of:
     "locale": "en_US"          "suggestions": 3 (0-10)       "autocorrect": true|false|"off"|"modest"|"aggressive"
     "autocap": true            "incognito": false            "app_group": "group.kbd.default"
     "store": "/path/kbd.sqlite"   "no_store": false          "model": "/path/model"   "no_model": false
     "traits": { UITextInputTraits names, as in the JSON-lines protocol }
   the same options as kbd-engine's command line. Unknown names are an error (KBD_ERROR_OPTIONS). */
int kbd_engine_open(const char *options_json, kbd_engine **out);
/* Closes an engine and frees its sessions; NULL or a closed engine: nothing happens. */
void kbd_engine_close(kbd_engine *engine);

/* ---- Sessions: one per text field (or per input context) -------------------------------------- */

int kbd_session_new(kbd_engine *engine, kbd_session **out);
/* Frees a session; NULL or a freed session: nothing happens. */
void kbd_session_free(kbd_session *session);

/* A key event: an X11 keysym (a character is its Unicode keysym, 0x01000000 + code point, or its
   Latin-1 keysym) and X11 modifier bits. *handled (may be NULL) is 1 when kbd took the key, 0 when
   the host should do its default with it (releases, Control/Alt/Super shortcuts, keys kbd does
   not know, BackSpace in an empty field). */
int kbd_session_process_key(kbd_session *session, uint32_t keysym, uint32_t modifiers, int *handled);

/* The host's text around the cursor changed: utf8 is the text (or a window of it), cursor and
   anchor are code-point offsets into it (the selection lies between them). When the text and
   cursor agree with the session's mirror (e.g. the host reports the effect of kbd's own edits),
   as a whole or as the current paragraph of it, nothing changes, so a pending autocorrection can
   still be undone with BackSpace; other text replaces the mirror. */
int kbd_session_set_surrounding_text(kbd_session *session, const char *utf8, int32_t cursor, int32_t anchor);

/* The focused field's content purpose and hints (KBD_PURPOSE_*, KBD_HINT_*). Password and PIN:
   nothing suggested, nothing learned; KBD_HINT_PRIVATE: nothing learned. */
int kbd_session_set_content_type(kbd_session *session, uint32_t purpose, uint32_t hints);

/* Takes suggestion `index` of the bar last returned by kbd_session_get_output() (or of the current
   bar, if none was fetched yet): it replaces the word at the cursor and a space follows. */
int kbd_session_select_suggestion(kbd_session *session, int32_t index);

/* Focus came to a (possibly different) field: the mirror is emptied until the host sets the
   surrounding text; composition state is dropped. */
int kbd_session_focus_in(kbd_session *session);
/* Focus left: marked text is committed (an UNMARK_TEXT edit) and composition state dropped. */
int kbd_session_focus_out(kbd_session *session);
/* The host reset the field: marked text is committed, composition state (shift, pending undo)
   is dropped. */
int kbd_session_reset(kbd_session *session);

/* Fills *out (set out->struct_size = sizeof *out first) with the edits made since the previous
   call, which are then forgotten, and the current suggestion bar. Free with kbd_output_free(). */
int kbd_session_get_output(kbd_session *session, kbd_output *out);
/* Frees what kbd_session_get_output() put in *out and zeroes its fields; NULL: nothing happens. */
void kbd_output_free(kbd_output *out);

/* The message of the last failed call on this session ("" when it succeeded); for a NULL or
   freed session, the calling thread's last error. Never NULL. */
const char *kbd_session_last_error(kbd_session *session);
/* The message of the calling thread's last kbd call if it failed, "" if it succeeded. Never NULL. */
const char *kbd_last_error(void);

/* The text in the session's mirror before and after the cursor (for tests and debugging);
   free with kbd_string_free(). */
int kbd_session_get_text(kbd_session *session, char **before, char **after);
void kbd_string_free(char *s);

/* A keysym's number for a name ("BackSpace", "space", "a"), or 0 when unknown. */
uint32_t kbd_keysym_from_name(const char *name);

#ifdef __cplusplus
}
#endif

#endif /* KBD_H */
