/* ICU behind plain C types. See include/kbd_icu.h. */
#include "kbd_icu.h"

#include <stdlib.h>
#include <string.h>

#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/ucasemap.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utext.h>
#include <unicode/uversion.h>

struct kbd_breaker {
    UBreakIterator *iter;
    UText *utext;
    char *buffer;
    int32_t capacity;
};

static const char empty_text[1] = {0};

kbd_breaker *kbd_breaker_open(kbd_break_kind kind, const char *locale, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UBreakIteratorType type;
    switch (kind) {
    case KBD_BREAK_GRAPHEME: type = UBRK_CHARACTER; break;
    case KBD_BREAK_WORD: type = UBRK_WORD; break;
    case KBD_BREAK_SENTENCE: type = UBRK_SENTENCE; break;
    case KBD_BREAK_LINE: type = UBRK_LINE; break;
    default:
        if (status) *status = U_ILLEGAL_ARGUMENT_ERROR;
        return NULL;
    }
    kbd_breaker *b = calloc(1, sizeof *b);
    if (!b) {
        if (status) *status = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    b->iter = ubrk_open(type, locale, NULL, 0, &err);
    if (U_SUCCESS(err)) b->utext = utext_openUTF8(NULL, empty_text, 0, &err);
    if (U_SUCCESS(err)) ubrk_setUText(b->iter, b->utext, &err);
    if (U_FAILURE(err)) {
        kbd_breaker_close(b);
        if (status) *status = err;
        return NULL;
    }
    if (status) *status = err;
    return b;
}

void kbd_breaker_close(kbd_breaker *b) {
    if (!b) return;
    if (b->iter) ubrk_close(b->iter);
    if (b->utext) utext_close(b->utext);
    free(b->buffer);
    free(b);
}

int32_t kbd_breaker_set_text(kbd_breaker *b, const char *text, int32_t length) {
    UErrorCode err = U_ZERO_ERROR;
    if (!b || length < 0 || (length > 0 && !text)) return U_ILLEGAL_ARGUMENT_ERROR;
    const char *source = empty_text;
    if (length > 0) {
        if (length > b->capacity) {
            int32_t capacity = b->capacity ? b->capacity : 256;
            while (capacity < length) capacity = capacity > INT32_MAX / 2 ? length : capacity * 2;
            char *grown = realloc(b->buffer, (size_t)capacity);
            if (!grown) return U_MEMORY_ALLOCATION_ERROR;
            b->buffer = grown;
            b->capacity = capacity;
        }
        memcpy(b->buffer, text, (size_t)length);
        source = b->buffer;
    }
    b->utext = utext_openUTF8(b->utext, source, length, &err);
    if (U_FAILURE(err)) return err;
    ubrk_setUText(b->iter, b->utext, &err);
    return err;
}

int32_t kbd_breaker_first(kbd_breaker *b) { return b ? ubrk_first(b->iter) : KBD_BREAK_DONE; }
int32_t kbd_breaker_last(kbd_breaker *b) { return b ? ubrk_last(b->iter) : KBD_BREAK_DONE; }
int32_t kbd_breaker_next(kbd_breaker *b) { return b ? ubrk_next(b->iter) : KBD_BREAK_DONE; }
int32_t kbd_breaker_previous(kbd_breaker *b) { return b ? ubrk_previous(b->iter) : KBD_BREAK_DONE; }
int32_t kbd_breaker_following(kbd_breaker *b, int32_t offset) {
    return b ? ubrk_following(b->iter, offset) : KBD_BREAK_DONE;
}
int32_t kbd_breaker_preceding(kbd_breaker *b, int32_t offset) {
    return b ? ubrk_preceding(b->iter, offset) : KBD_BREAK_DONE;
}
int32_t kbd_breaker_is_boundary(kbd_breaker *b, int32_t offset) {
    return b ? (ubrk_isBoundary(b->iter, offset) ? 1 : 0) : 0;
}
int32_t kbd_breaker_rule_status(kbd_breaker *b) { return b ? ubrk_getRuleStatus(b->iter) : 0; }

/* One UCaseMap per thread, reopened only when the locale changes. */
static _Thread_local UCaseMap *cached_case_map;
static _Thread_local char cached_case_locale[64];

static UCaseMap *case_map_for(const char *locale, UErrorCode *err) {
    const char *loc = locale ? locale : "";
    if (cached_case_map && strncmp(cached_case_locale, loc, sizeof cached_case_locale) == 0)
        return cached_case_map;
    if (cached_case_map) ucasemap_close(cached_case_map);
    cached_case_map = ucasemap_open(loc, 0, err);
    if (U_FAILURE(*err)) {
        cached_case_map = NULL;
        return NULL;
    }
    strncpy(cached_case_locale, loc, sizeof cached_case_locale - 1);
    cached_case_locale[sizeof cached_case_locale - 1] = 0;
    return cached_case_map;
}

int32_t kbd_case_map(kbd_case_op op, const char *locale, const char *src, int32_t src_length,
                     char *dest, int32_t dest_capacity, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    if (src_length < 0 || (src_length > 0 && !src) || dest_capacity < 0) {
        if (status) *status = U_ILLEGAL_ARGUMENT_ERROR;
        return -1;
    }
    UCaseMap *map = case_map_for(locale, &err);
    int32_t n = -1;
    if (map) {
        const char *s = src_length > 0 ? src : empty_text;
        switch (op) {
        case KBD_CASE_LOWER: n = ucasemap_utf8ToLower(map, dest, dest_capacity, s, src_length, &err); break;
        case KBD_CASE_UPPER: n = ucasemap_utf8ToUpper(map, dest, dest_capacity, s, src_length, &err); break;
        case KBD_CASE_TITLE: n = ucasemap_utf8ToTitle(map, dest, dest_capacity, s, src_length, &err); break;
        case KBD_CASE_FOLD: n = ucasemap_utf8FoldCase(map, dest, dest_capacity, s, src_length, &err); break;
        default: err = U_ILLEGAL_ARGUMENT_ERROR;
        }
    }
    if (err == U_BUFFER_OVERFLOW_ERROR || err == U_STRING_NOT_TERMINATED_WARNING) err = U_ZERO_ERROR;
    if (status) *status = err;
    return U_FAILURE(err) ? -1 : n;
}

/* UTF-16 scratch buffers: on the stack for short text, on the heap beyond. */
typedef struct {
    UChar *chars;
    int32_t capacity;
    UChar stack[256];
} scratch16;

static void scratch_init(scratch16 *s) {
    s->chars = s->stack;
    s->capacity = (int32_t)(sizeof s->stack / sizeof s->stack[0]);
}

static int scratch_reserve(scratch16 *s, int32_t capacity) {
    if (capacity <= s->capacity) return 1;
    UChar *grown = malloc((size_t)capacity * sizeof(UChar));
    if (!grown) return 0;
    if (s->chars != s->stack) free(s->chars);
    s->chars = grown;
    s->capacity = capacity;
    return 1;
}

static void scratch_free(scratch16 *s) {
    if (s->chars != s->stack) free(s->chars);
}

static int32_t to_utf16(scratch16 *out, const char *src, int32_t src_length, UErrorCode *err) {
    int32_t needed = 0;
    if (!scratch_reserve(out, src_length + 1)) {
        *err = U_MEMORY_ALLOCATION_ERROR;
        return 0;
    }
    u_strFromUTF8WithSub(out->chars, out->capacity, &needed, src_length > 0 ? src : empty_text,
                         src_length, 0xFFFD, NULL, err);
    return needed;
}

static int32_t normalize16(const UNormalizer2 *norm, scratch16 *in, int32_t length, scratch16 *out,
                           UErrorCode *err) {
    int32_t needed = unorm2_normalize(norm, in->chars, length, out->chars, out->capacity, err);
    if (*err == U_BUFFER_OVERFLOW_ERROR) {
        *err = U_ZERO_ERROR;
        if (!scratch_reserve(out, needed + 1)) {
            *err = U_MEMORY_ALLOCATION_ERROR;
            return 0;
        }
        needed = unorm2_normalize(norm, in->chars, length, out->chars, out->capacity, err);
    }
    return needed;
}

int32_t kbd_normalize(kbd_norm_form form, const char *src, int32_t src_length, char *dest,
                      int32_t dest_capacity, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    int32_t result = -1;
    if (src_length < 0 || (src_length > 0 && !src) || dest_capacity < 0) {
        if (status) *status = U_ILLEGAL_ARGUMENT_ERROR;
        return -1;
    }
    scratch16 a, b;
    scratch_init(&a);
    scratch_init(&b);
    int32_t length = to_utf16(&a, src, src_length, &err);
    const UNormalizer2 *nfc = unorm2_getNFCInstance(&err);
    const UNormalizer2 *nfd = unorm2_getNFDInstance(&err);
    if (U_FAILURE(err)) goto done;

    scratch16 *final = &b;
    if (form == KBD_NORM_NFC) {
        length = normalize16(nfc, &a, length, &b, &err);
    } else if (form == KBD_NORM_NFD) {
        length = normalize16(nfd, &a, length, &b, &err);
    } else if (form == KBD_NORM_SEARCH_KEY) {
        length = normalize16(nfd, &a, length, &b, &err);
        if (U_FAILURE(err)) goto done;
        /* Drop non-spacing marks in place. */
        int32_t kept = 0;
        for (int32_t i = 0; i < length;) {
            UChar32 c;
            int32_t start = i;
            U16_NEXT(b.chars, i, length, c);
            if (u_charType(c) == U_NON_SPACING_MARK) continue;
            while (start < i) b.chars[kept++] = b.chars[start++];
        }
        /* Fold case into a. */
        if (!scratch_reserve(&a, kept * 3 + 1)) {
            err = U_MEMORY_ALLOCATION_ERROR;
            goto done;
        }
        length = u_strFoldCase(a.chars, a.capacity, b.chars, kept, U_FOLD_CASE_DEFAULT, &err);
        if (U_FAILURE(err)) goto done;
        length = normalize16(nfc, &a, length, &b, &err);
    } else {
        err = U_ILLEGAL_ARGUMENT_ERROR;
    }
    if (U_FAILURE(err)) goto done;
    u_strToUTF8(dest, dest_capacity, &result, final->chars, length, &err);
    if (err == U_BUFFER_OVERFLOW_ERROR || err == U_STRING_NOT_TERMINATED_WARNING) err = U_ZERO_ERROR;
done:
    scratch_free(&a);
    scratch_free(&b);
    if (status) *status = err;
    return U_FAILURE(err) ? -1 : result;
}

int32_t kbd_is_nfc(const char *src, int32_t src_length, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    scratch16 a;
    scratch_init(&a);
    int32_t length = to_utf16(&a, src, src_length, &err);
    const UNormalizer2 *nfc = unorm2_getNFCInstance(&err);
    UBool result = 0;
    if (U_SUCCESS(err)) result = unorm2_isNormalized(nfc, a.chars, length, &err);
    scratch_free(&a);
    if (status) *status = err;
    return result ? 1 : 0;
}

const char *kbd_icu_version(void) {
    static char text[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo info;
    u_getVersion(info);
    u_versionToString(info, text);
    return text;
}
