/*
 * kbd_icu.h — the only door from Swift to ICU.
 *
 * Swift must never import ICU's own headers (Foundation carries its own ICU and the two clash
 * on clean builds), so this header uses plain C types only. All text is UTF-8 and every offset
 * is a byte offset into the UTF-8 text that was set.
 */
#ifndef KBD_ICU_H
#define KBD_ICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** What a break iterator finds. */
typedef enum {
    KBD_BREAK_GRAPHEME = 0,
    KBD_BREAK_WORD = 1,
    KBD_BREAK_SENTENCE = 2,
    KBD_BREAK_LINE = 3
} kbd_break_kind;

/** Returned by the iteration calls when there is no further boundary. */
#define KBD_BREAK_DONE (-1)

/** An ICU break iterator together with its own copy of the text. One thread at a time. */
typedef struct kbd_breaker kbd_breaker;

/** Opens a break iterator for `locale` (an ICU locale ID such as "en" or "en@ss=standard").
 *  Returns NULL and sets *status (an ICU error code, > 0) on failure. */
kbd_breaker *kbd_breaker_open(kbd_break_kind kind, const char *locale, int32_t *status);
void kbd_breaker_close(kbd_breaker *breaker);

/** Copies `length` bytes of UTF-8 `text` and points the iterator at the copy. Returns an ICU
 *  status (0 or negative: success). Invalid UTF-8 is treated as U+FFFD by ICU. */
int32_t kbd_breaker_set_text(kbd_breaker *breaker, const char *text, int32_t length);

int32_t kbd_breaker_first(kbd_breaker *breaker);
int32_t kbd_breaker_last(kbd_breaker *breaker);
int32_t kbd_breaker_next(kbd_breaker *breaker);
int32_t kbd_breaker_previous(kbd_breaker *breaker);
/** The first boundary after `offset`, or KBD_BREAK_DONE. */
int32_t kbd_breaker_following(kbd_breaker *breaker, int32_t offset);
/** The last boundary before `offset`, or KBD_BREAK_DONE. */
int32_t kbd_breaker_preceding(kbd_breaker *breaker, int32_t offset);
/** 1 if `offset` is a boundary. Moves the iterator to `offset` or the boundary after it. */
int32_t kbd_breaker_is_boundary(kbd_breaker *breaker, int32_t offset);
/** The rule status of the boundary the iterator stands on (word kinds: 0 none, 100 number,
 *  200 letter, 300 kana, 400 ideographic). */
int32_t kbd_breaker_rule_status(kbd_breaker *breaker);

/** Case operations on UTF-8 text. */
typedef enum {
    KBD_CASE_LOWER = 0,
    KBD_CASE_UPPER = 1,
    KBD_CASE_TITLE = 2,
    KBD_CASE_FOLD = 3
} kbd_case_op;

/** Maps the case of `src` into `dest` (capacity `dest_capacity` bytes) under `locale`.
 *  Returns the length the result needs in bytes (may exceed the capacity: call again with a
 *  bigger buffer), or -1 with *status set on error. */
int32_t kbd_case_map(kbd_case_op op, const char *locale, const char *src, int32_t src_length,
                     char *dest, int32_t dest_capacity, int32_t *status);

/** Normalisation forms. */
typedef enum {
    KBD_NORM_NFC = 0,
    KBD_NORM_NFD = 1,
    /** NFD, then non-spacing marks removed, then case-folded, then NFC: the search key that
     *  makes "café" and "cafe", "Naïve" and "naive" meet. */
    KBD_NORM_SEARCH_KEY = 2
} kbd_norm_form;

/** Normalises UTF-8 `src` into `dest`; same return convention as kbd_case_map. */
int32_t kbd_normalize(kbd_norm_form form, const char *src, int32_t src_length,
                      char *dest, int32_t dest_capacity, int32_t *status);

/** 1 if `src` is already in NFC (quick check, then a full check when the quick one is unsure). */
int32_t kbd_is_nfc(const char *src, int32_t src_length, int32_t *status);

/** ICU's version, e.g. "72.1". */
const char *kbd_icu_version(void);

#ifdef __cplusplus
}
#endif

#endif
