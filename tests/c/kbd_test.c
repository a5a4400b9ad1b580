/* The C ABI's test: a small host that keeps its own copy of the text, applies kbd's edits to it
 * (counts in code points) and checks it against the session's mirror after every step.
 * Build: cc -o kbd_test kbd_test.c $(pkg-config --cflags --libs kbd)
 * Exit status 0 when every check passes. */
#include <kbd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
#define CHECK(cond, ...) do { if (!(cond)) { failures++; fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
    fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)
#define OK(call) do { int st_ = (call); CHECK(st_ == KBD_OK, "status %d: %s", st_, kbd_last_error()); } while (0)

/* ---- The host's text: UTF-8 with a cursor (byte offset). ---- */
typedef struct { char buf[4096]; size_t len, cursor; } host_doc;

static int is_cont(unsigned char c) { return (c & 0xC0) == 0x80; }

static void doc_set(host_doc *d, const char *text, size_t cursor_bytes) {
    d->len = strlen(text); memcpy(d->buf, text, d->len + 1); d->cursor = cursor_bytes;
}
static void doc_insert(host_doc *d, const char *s) {
    size_t n = strlen(s);
    memmove(d->buf + d->cursor + n, d->buf + d->cursor, d->len - d->cursor + 1);
    memcpy(d->buf + d->cursor, s, n); d->len += n; d->cursor += n;
}
static void doc_delete_back(host_doc *d, int code_points) {
    size_t start = d->cursor;
    while (code_points-- > 0 && start > 0) { start--; while (start > 0 && is_cont((unsigned char)d->buf[start])) start--; }
    memmove(d->buf + start, d->buf + d->cursor, d->len - d->cursor + 1);
    d->len -= d->cursor - start; d->cursor = start;
}
static void doc_move(host_doc *d, int code_points) {
    for (; code_points < 0 && d->cursor > 0; code_points++) { d->cursor--; while (d->cursor > 0 && is_cont((unsigned char)d->buf[d->cursor])) d->cursor--; }
    for (; code_points > 0 && d->cursor < d->len; code_points--) { d->cursor++; while (d->cursor < d->len && is_cont((unsigned char)d->buf[d->cursor])) d->cursor++; }
}

/* ---- Driving a session. ---- */
typedef struct { char texts[10][64]; char kinds[10][16]; int count; } bar;

/* Fetches the output, applies its edits to the host doc, copies the bar; returns the edit count. */
static int pull(kbd_session *s, host_doc *d, bar *b) {
    kbd_output out; memset(&out, 0, sizeof out); out.struct_size = sizeof out;
    OK(kbd_session_get_output(s, &out));
    for (int i = 0; i < out.edit_count; i++) {
        const kbd_edit *e = &out.edits[i];
        switch (e->kind) {
        case KBD_EDIT_INSERT_TEXT: doc_insert(d, e->text); break;
        case KBD_EDIT_DELETE_BACKWARD: doc_delete_back(d, e->count); break;
        case KBD_EDIT_ADJUST_TEXT_POSITION: doc_move(d, e->count); break;
        case KBD_EDIT_SET_MARKED_TEXT: case KBD_EDIT_UNMARK_TEXT: break;
        default: CHECK(0, "unknown edit kind %d", e->kind);
        }
    }
    if (b) {
        b->count = 0;
        for (int i = 0; i < out.suggestion_count && i < 10; i++) {
            snprintf(b->texts[i], sizeof b->texts[i], "%s", out.suggestions[i].text);
            snprintf(b->kinds[i], sizeof b->kinds[i], "%s", out.suggestions[i].kind);
            b->count++;
        }
    }
    int n = out.edit_count;
    kbd_output_free(&out);
    CHECK(out.edits == NULL && out.edit_count == 0 && out.suggestions == NULL, "kbd_output_free leaves the struct empty");
    return n;
}

/* The host's text must equal the session's mirror. */
static void check_mirror(kbd_session *s, host_doc *d, const char *where) {
    char *before = NULL, *after = NULL;
    OK(kbd_session_get_text(s, &before, &after));
    if (!before || !after) return;
    CHECK(strlen(before) == d->cursor && strncmp(before, d->buf, d->cursor) == 0 && strcmp(after, d->buf + d->cursor) == 0,
          "%s: host has \"%.*s|%s\", mirror \"%s|%s\"", where, (int)d->cursor, d->buf, d->buf + d->cursor, before, after);
    kbd_string_free(before); kbd_string_free(after);
}

static uint32_t keysym_of_char(const char **p) {
    const unsigned char *u = (const unsigned char *)*p; uint32_t cp; int n;
    if (u[0] < 0x80) { cp = u[0]; n = 1; }
    else if ((u[0] & 0xE0) == 0xC0) { cp = ((u[0] & 0x1F) << 6) | (u[1] & 0x3F); n = 2; }
    else if ((u[0] & 0xF0) == 0xE0) { cp = ((u[0] & 0x0F) << 12) | ((u[1] & 0x3F) << 6) | (u[2] & 0x3F); n = 3; }
    else { cp = ((u[0] & 0x07) << 18) | ((u[1] & 0x3F) << 12) | ((u[2] & 0x3F) << 6) | (u[3] & 0x3F); n = 4; }
    *p += n;
    if (cp == ' ') return 0x20;
    return (cp >= 0x20 && cp < 0x7F) || (cp >= 0xA0 && cp <= 0xFF) ? cp : 0x01000000u + cp;
}

/* Types UTF-8 text key by key (press and release), pulling the output after each key. */
static void type(kbd_session *s, host_doc *d, bar *b, const char *text) {
    for (const char *p = text; *p;) {
        uint32_t sym = keysym_of_char(&p);
        int handled = -1;
        OK(kbd_session_process_key(s, sym, 0, &handled));
        CHECK(handled == 1, "key 0x%x handled", sym);
        OK(kbd_session_process_key(s, sym, KBD_RELEASE_MASK, &handled));
        CHECK(handled == 0, "a release is the host's");
        pull(s, d, b);
    }
}

static int bar_has(const bar *b, const char *word) {
    for (int i = 0; i < b->count; i++) if (strcmp(b->texts[i], word) == 0) return 1;
    return 0;
}

static void print_bar(const char *label, const bar *b) {
    printf("%s:", label);
    for (int i = 0; i < b->count; i++) printf(" [%s %s]", b->texts[i], b->kinds[i]);
    printf("\n");
}

/* One round of every check; main runs KBD_TEST_ROUNDS rounds (default 1), so memory that a
   round leaks would grow with the rounds under valgrind. */
static void run_round(void) {
    kbd_engine *engine = NULL;
    kbd_session *s = NULL;
    host_doc doc; bar b;

    /* ---- Bad calls: error status and a message, never a crash. ---- */
    CHECK(kbd_engine_open("{\"locale\":", &engine) == KBD_ERROR_OPTIONS && engine == NULL, "malformed options");
    CHECK(strlen(kbd_last_error()) > 0, "a message for malformed options");
    CHECK(kbd_engine_open("{\"frobnicate\":true}", &engine) == KBD_ERROR_OPTIONS, "unknown option");
    CHECK(strstr(kbd_last_error(), "frobnicate") != NULL, "the message names the option: %s", kbd_last_error());
    CHECK(kbd_engine_open("{\"locale\":\"\xff\"}", &engine) == KBD_ERROR_INVALID_UTF8, "invalid UTF-8 options");
    CHECK(kbd_engine_open(NULL, NULL) == KBD_ERROR_INVALID_ARGUMENT, "NULL out");
    CHECK(kbd_session_new(NULL, &s) == KBD_ERROR_INVALID_HANDLE && s == NULL, "NULL engine");
    CHECK(kbd_session_process_key(NULL, 'a', 0, NULL) == KBD_ERROR_INVALID_HANDLE, "NULL session");
    CHECK(strlen(kbd_session_last_error(NULL)) > 0, "a message for a NULL session");
    CHECK(kbd_session_get_output(NULL, NULL) == KBD_ERROR_INVALID_HANDLE, "NULL session, NULL out");
    CHECK(kbd_session_select_suggestion((kbd_session *)(uintptr_t)0xdeadbeef, 0) == KBD_ERROR_INVALID_HANDLE, "a foreign pointer");
    kbd_output_free(NULL); kbd_session_free(NULL); kbd_engine_close(NULL);
    CHECK(kbd_keysym_from_name("BackSpace") == 0xff08 && kbd_keysym_from_name("Frob") == 0 && kbd_keysym_from_name(NULL) == 0, "keysym names");

    /* ---- A session in an ordinary field. ---- */
    const char *options = getenv("KBD_TEST_OPTIONS"); /* NULL: defaults */
    OK(kbd_engine_open(options, &engine));
    if (!engine) { fprintf(stderr, "no engine: %s\n", kbd_last_error()); exit(1); }
    OK(kbd_session_new(engine, &s));
    OK(kbd_session_focus_in(s));
    OK(kbd_session_set_content_type(s, KBD_PURPOSE_FREE_FORM, 0));
    doc_set(&doc, "", 0);
    pull(s, &doc, &b);

    /* Typing: each key's edits applied by the host give the mirror's text. */
    type(s, &doc, &b, "the");
    check_mirror(s, &doc, "after typing");
    CHECK(strcmp(doc.buf, "the") == 0 || strcmp(doc.buf, "The") == 0, "typed text: \"%s\"", doc.buf);
    print_bar("bar after 'the'", &b);
    type(s, &doc, &b, " ");
    check_mirror(s, &doc, "after space");
    print_bar("bar after 'the '", &b);
    type(s, &doc, &b, "hou");
    print_bar("bar after 'the hou'", &b);
    check_mirror(s, &doc, "after 'hou'");

    /* Selecting a suggestion: its edits replace the word; an index past the bar is an error. */
    CHECK(kbd_session_select_suggestion(s, 99) == KBD_ERROR_OUT_OF_RANGE, "index 99");
    CHECK(strstr(kbd_session_last_error(s), "99") != NULL, "the message names the index: %s", kbd_session_last_error(s));
    CHECK(kbd_session_select_suggestion(s, -1) == KBD_ERROR_OUT_OF_RANGE, "index -1");
    int pick = -1;
    for (int i = 0; i < b.count && pick < 0; i++) if (strcmp(b.kinds[i], "completion") == 0) pick = i;
    if (pick >= 0) {
        char chosen[80]; snprintf(chosen, sizeof chosen, "%s ", b.texts[pick]);
        OK(kbd_session_select_suggestion(s, pick));
        CHECK(strlen(kbd_session_last_error(s)) == 0, "no message after success");
        CHECK(pull(s, &doc, &b) > 0, "selecting edits the text");
        check_mirror(s, &doc, "after selecting");
        size_t n = strlen(chosen);
        CHECK(doc.len >= n && strcmp(doc.buf + doc.len - n, chosen) == 0, "\"%s\" ends with \"%s\"", doc.buf, chosen);
        printf("selected: \"%s\"\n", doc.buf);
    } else {
        CHECK(0, "no completion offered for 'the hou' (is the model installed?)");
    }

    /* BackSpace, non-ASCII and emoji: counts are code points, so the host's copy stays in step. */
    type(s, &doc, &b, "caf\xc3\xa9 \xf0\x9f\x98\x80 na\xc3\xafve");
    check_mirror(s, &doc, "after non-ASCII");
    for (int i = 0; i < 8; i++) {
        int handled = 0;
        OK(kbd_session_process_key(s, 0xff08, 0, &handled));
        pull(s, &doc, &b);
        check_mirror(s, &doc, "after BackSpace");
    }

    /* Shortcuts and unknown keys belong to the host. */
    int handled = -1;
    OK(kbd_session_process_key(s, 'c', KBD_CONTROL_MASK, &handled));
    CHECK(handled == 0, "Control+c is the application's");
    OK(kbd_session_process_key(s, 0xffbe /* F1 */, 0, &handled));
    CHECK(handled == 0, "F1 is the application's");
    pull(s, &doc, &b);

    /* Surrounding text: cursor and anchor are code points; the mirror follows the host. */
    doc_set(&doc, "na\xc3\xafve caf\xc3\xa9 ol\xc3\xa9", 7); /* "naïve |café olé": cursor at 6 code points, 7 bytes */
    OK(kbd_session_set_surrounding_text(s, doc.buf, 6, 6));
    pull(s, &doc, &b);
    check_mirror(s, &doc, "after set_surrounding_text");
    /* A selection (anchor before cursor) is replaced by the next key. */
    OK(kbd_session_set_surrounding_text(s, "abc def", 7, 4));
    type(s, &doc, &b, "x");
    { char *before = NULL, *after = NULL; OK(kbd_session_get_text(s, &before, &after));
      CHECK(before && after && strcmp(before, "abc x") == 0 && strcmp(after, "") == 0, "selection replaced: \"%s|%s\"", before, after);
      kbd_string_free(before); kbd_string_free(after); }
    /* Context steers the bar: after "I would like to " the bar predicts a next word. */
    doc_set(&doc, "I would like to ", strlen("I would like to "));
    OK(kbd_session_set_surrounding_text(s, doc.buf, 16, 16));
    pull(s, &doc, &b);
    print_bar("bar after 'I would like to '", &b);
    check_mirror(s, &doc, "after context");
    /* Bad surrounding text: out-of-range offsets, invalid UTF-8, NULL. Nothing changes. */
    CHECK(kbd_session_set_surrounding_text(s, "abc", 4, 4) == KBD_ERROR_OUT_OF_RANGE, "cursor 4 of 3");
    CHECK(kbd_session_set_surrounding_text(s, "abc", -1, 0) == KBD_ERROR_OUT_OF_RANGE, "cursor -1");
    CHECK(kbd_session_set_surrounding_text(s, "ab\xff\xfe", 1, 1) == KBD_ERROR_INVALID_UTF8, "invalid UTF-8");
    CHECK(strstr(kbd_session_last_error(s), "UTF-8") != NULL, "message: %s", kbd_session_last_error(s));
    CHECK(kbd_session_set_surrounding_text(s, NULL, 0, 0) == KBD_ERROR_INVALID_ARGUMENT, "NULL text");
    check_mirror(s, &doc, "after bad calls");
    { kbd_output small; memset(&small, 0, sizeof small); small.struct_size = 4;
      CHECK(kbd_session_get_output(s, &small) == KBD_ERROR_INVALID_ARGUMENT, "struct_size too small"); }
    CHECK(kbd_session_get_output(s, NULL) == KBD_ERROR_INVALID_ARGUMENT, "NULL output");

    /* Reset and focus out/in: no stray edits. */
    OK(kbd_session_reset(s));
    OK(kbd_session_focus_out(s));
    CHECK(pull(s, &doc, &b) == 0, "reset and focus out edit nothing");
    OK(kbd_session_focus_in(s));
    doc_set(&doc, "", 0);
    pull(s, &doc, &b);
    check_mirror(s, &doc, "after focus in");

    /* ---- A password field: no suggestions, nothing learned. ---- */
    OK(kbd_session_set_content_type(s, KBD_PURPOSE_PASSWORD, 0));
    int offered = 0;
    for (const char *p = "zqxwvut hunter "; *p; p++) {
        char one[2] = { *p, 0 };
        type(s, &doc, &b, one);
        offered += b.count;
    }
    CHECK(offered == 0, "%d suggestions offered in a password field", offered);
    CHECK(strcmp(doc.buf, "zqxwvut hunter ") == 0, "typed verbatim in a password field: \"%s\"", doc.buf);
    CHECK(kbd_session_select_suggestion(s, 0) == KBD_ERROR_OUT_OF_RANGE, "nothing to select in a password field");
    OK(kbd_session_set_content_type(s, KBD_PURPOSE_PIN, 0));
    type(s, &doc, &b, "12");
    CHECK(b.count == 0, "no suggestions in a PIN field");
    /* Back in an ordinary field, the secret word is not offered. */
    kbd_session *t = NULL;
    OK(kbd_session_new(engine, &t));
    host_doc doc2; doc_set(&doc2, "", 0);
    type(t, &doc2, &b, "zqxw");
    print_bar("bar after 'zqxw' in a new session", &b);
    CHECK(!bar_has(&b, "zqxwvut"), "the password was learned");

    /* ---- Freed sessions and closed engines are detected. ---- */
    kbd_session_free(s);
    CHECK(kbd_session_process_key(s, 'a', 0, &handled) == KBD_ERROR_INVALID_HANDLE, "a freed session");
    CHECK(strstr(kbd_session_last_error(s), "not a live session") != NULL, "message: %s", kbd_session_last_error(s));
    CHECK(kbd_session_get_output(s, NULL) == KBD_ERROR_INVALID_HANDLE, "get_output on a freed session");
    kbd_session_free(s); /* twice: nothing happens */
    kbd_engine_close(engine); /* frees t too */
    CHECK(kbd_session_reset(t) == KBD_ERROR_INVALID_HANDLE, "a session of a closed engine");
    CHECK(kbd_session_new(engine, &s) == KBD_ERROR_INVALID_HANDLE, "a closed engine");
    kbd_session_free(t);
    kbd_engine_close(engine);
}

int main(void) {
    const char *r = getenv("KBD_TEST_ROUNDS");
    int rounds = r ? atoi(r) : 1;
    for (int i = 0; i < rounds; i++) run_round();
    if (failures) { fprintf(stderr, "%d check(s) failed\n", failures); return 1; }
    printf("kbd C ABI: all checks passed\n");
    return 0;
}
