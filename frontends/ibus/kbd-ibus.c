/* kbd-ibus: the IBus engine "kbd", a thin layer over the C ABI (include/kbd.h).
 *
 * IBus calls become kbd session calls; kbd's edits become commit_text, delete_surrounding_text
 * (or forwarded BackSpace keys when the client cannot delete around the cursor), forwarded
 * Left/Right keys for cursor moves, and update_preedit_text for marked text; the suggestion
 * bar becomes the lookup table. Text is edited in the application directly (no preedit), so an
 * autocorrection on space reaches the application as a deletion and a commit, and BackSpace
 * right after it restores what was typed.
 *
 * Run by ibus-daemon from share/ibus/component/kbd.xml as `kbd-ibus --ibus`; run by hand
 * (`kbd-ibus`) it registers its component itself. KBD_OPTIONS (a JSON object, see kbd.h) sets
 * the engine's options; by default the shared app-group store is used, as by kbd-dict. */
#include <ibus.h>
#include <kbd.h>
#include <string.h>
#include <stdlib.h>

#define PAGE_SIZE 3

static kbd_engine *shared_engine = NULL;

typedef struct {
    IBusEngine parent;
    kbd_session *session;
    IBusLookupTable *table;
    gboolean composing;   /* the bar holds completions/corrections of a word being typed */
    guint table_size;
} KbdIBusEngine;

typedef struct { IBusEngineClass parent; } KbdIBusEngineClass;

G_DEFINE_TYPE(KbdIBusEngine, kbd_ibus_engine, IBUS_TYPE_ENGINE)

static void report(KbdIBusEngine *self, int status, const char *call) {
    if (status != KBD_OK) g_warning("kbd: %s: %s", call, kbd_session_last_error(self->session));
}

static void forward_keys(IBusEngine *engine, guint keyval, guint keycode, int times) {
    for (int i = 0; i < times; i++) {
        ibus_engine_forward_key_event(engine, keyval, keycode, 0);
        ibus_engine_forward_key_event(engine, keyval, keycode, IBUS_RELEASE_MASK);
    }
}

/* Fetches kbd's output and hands it to the client: edits in order, then the lookup table. */
static void flush(KbdIBusEngine *self) {
    IBusEngine *engine = (IBusEngine *)self;
    kbd_output out;
    memset(&out, 0, sizeof out);
    out.struct_size = sizeof out;
    int st = kbd_session_get_output(self->session, &out);
    if (st != KBD_OK) { report(self, st, "get_output"); return; }
    gboolean surrounding = (engine->client_capabilities & IBUS_CAP_SURROUNDING_TEXT) != 0;
    for (int i = 0; i < out.edit_count; i++) {
        const kbd_edit *e = &out.edits[i];
        switch (e->kind) {
        case KBD_EDIT_INSERT_TEXT:
            ibus_engine_commit_text(engine, ibus_text_new_from_string(e->text));
            break;
        case KBD_EDIT_DELETE_BACKWARD:
            if (surrounding) ibus_engine_delete_surrounding_text(engine, -e->count, (guint)e->count);
            else forward_keys(engine, IBUS_KEY_BackSpace, 14, e->cluster_count);
            break;
        case KBD_EDIT_ADJUST_TEXT_POSITION:
            if (e->cluster_count < 0) forward_keys(engine, IBUS_KEY_Left, 105, -e->cluster_count);
            else forward_keys(engine, IBUS_KEY_Right, 106, e->cluster_count);
            break;
        case KBD_EDIT_SET_MARKED_TEXT:
            ibus_engine_update_preedit_text_with_mode(engine, ibus_text_new_from_string(e->text), (guint)e->cursor,
                                                      TRUE, IBUS_ENGINE_PREEDIT_COMMIT);
            break;
        case KBD_EDIT_UNMARK_TEXT:
            ibus_engine_hide_preedit_text(engine);
            break;
        }
    }
    ibus_lookup_table_clear(self->table);
    self->composing = FALSE;
    for (int i = 0; i < out.suggestion_count; i++) {
        ibus_lookup_table_append_candidate(self->table, ibus_text_new_from_string(out.suggestions[i].text));
        if (strcmp(out.suggestions[i].kind, "prediction") != 0) self->composing = TRUE;
    }
    self->table_size = (guint)out.suggestion_count;
    kbd_output_free(&out);
    if (self->table_size > 0) ibus_engine_update_lookup_table(engine, self->table, TRUE);
    else ibus_engine_hide_lookup_table(engine);
}

static void select_candidate(KbdIBusEngine *self, guint index) {
    if (index >= self->table_size) return;
    int st = kbd_session_select_suggestion(self->session, (int32_t)index);
    report(self, st, "select_suggestion");
    flush(self);
}

static gboolean is_modifier_key(guint keyval) {
    return (keyval >= IBUS_KEY_Shift_L && keyval <= IBUS_KEY_Hyper_R) ||
           keyval == IBUS_KEY_ISO_Level3_Shift || keyval == IBUS_KEY_ISO_Level5_Shift ||
           keyval == IBUS_KEY_Mode_switch || keyval == IBUS_KEY_Num_Lock;
}

static gboolean kbd_ibus_process_key_event(IBusEngine *engine, guint keyval, guint keycode, guint state) {
    KbdIBusEngine *self = (KbdIBusEngine *)engine;
    (void)keycode;
    if (state & IBUS_RELEASE_MASK) return FALSE;
    /* Desktop modifiers are held, not tapped: they never reach kbd's one-shot shift. */
    if (is_modifier_key(keyval)) return FALSE;
    /* 1-9 pick a suggestion of the page shown while a word is being typed. */
    guint mods = state & (IBUS_SHIFT_MASK | IBUS_CONTROL_MASK | IBUS_MOD1_MASK | IBUS_SUPER_MASK | IBUS_MOD4_MASK);
    if (mods == 0 && self->composing && keyval >= IBUS_KEY_1 && keyval <= IBUS_KEY_9) {
        guint index = ibus_lookup_table_get_page_size(self->table) *
                      (ibus_lookup_table_get_cursor_pos(self->table) / ibus_lookup_table_get_page_size(self->table)) +
                      (keyval - IBUS_KEY_1);
        if (index < self->table_size && keyval - IBUS_KEY_1 < ibus_lookup_table_get_page_size(self->table)) {
            select_candidate(self, index);
            return TRUE;
        }
    }
    if (self->table_size > PAGE_SIZE && (keyval == IBUS_KEY_Page_Up || keyval == IBUS_KEY_Page_Down) && mods == 0) {
        if (keyval == IBUS_KEY_Page_Up) ibus_lookup_table_page_up(self->table);
        else ibus_lookup_table_page_down(self->table);
        ibus_engine_update_lookup_table(engine, self->table, TRUE);
        return TRUE;
    }
    int handled = 0;
    int st = kbd_session_process_key(self->session, keyval, state, &handled);
    report(self, st, "process_key");
    flush(self);
    return handled ? TRUE : FALSE;
}

static void kbd_ibus_focus_in(IBusEngine *engine) {
    KbdIBusEngine *self = (KbdIBusEngine *)engine;
    report(self, kbd_session_focus_in(self->session), "focus_in");
    /* Clients send surrounding text only once the engine has asked for it. */
    if (engine->client_capabilities & IBUS_CAP_SURROUNDING_TEXT) {
        IBusText *text = NULL; guint cursor = 0, anchor = 0;
        ibus_engine_get_surrounding_text(engine, &text, &cursor, &anchor);
    }
    flush(self);
}

static void kbd_ibus_focus_out(IBusEngine *engine) {
    KbdIBusEngine *self = (KbdIBusEngine *)engine;
    report(self, kbd_session_focus_out(self->session), "focus_out");
    flush(self);
    ibus_engine_hide_lookup_table(engine);
}

static void kbd_ibus_reset(IBusEngine *engine) {
    KbdIBusEngine *self = (KbdIBusEngine *)engine;
    report(self, kbd_session_reset(self->session), "reset");
    flush(self);
}

static void kbd_ibus_enable(IBusEngine *engine) {
    IBusText *text = NULL; guint cursor = 0, anchor = 0;
    ibus_engine_get_surrounding_text(engine, &text, &cursor, &anchor);
}

static void kbd_ibus_disable(IBusEngine *engine) { kbd_ibus_focus_out(engine); }

static void kbd_ibus_set_surrounding_text(IBusEngine *engine, IBusText *text, guint cursor, guint anchor) {
    KbdIBusEngine *self = (KbdIBusEngine *)engine;
    IBUS_ENGINE_CLASS(kbd_ibus_engine_parent_class)->set_surrounding_text(engine, text, cursor, anchor);
    const char *utf8 = text ? ibus_text_get_text(text) : "";
    int st = kbd_session_set_surrounding_text(self->session, utf8 ? utf8 : "", (int32_t)cursor, (int32_t)anchor);
    report(self, st, "set_surrounding_text");
    flush(self);
}

static void kbd_ibus_set_content_type(IBusEngine *engine, guint purpose, guint hints) {
    KbdIBusEngine *self = (KbdIBusEngine *)engine;
    report(self, kbd_session_set_content_type(self->session, purpose, hints), "set_content_type");
    flush(self);
}

static void kbd_ibus_candidate_clicked(IBusEngine *engine, guint index, guint button, guint state) {
    KbdIBusEngine *self = (KbdIBusEngine *)engine;
    (void)button; (void)state;
    guint page = ibus_lookup_table_get_page_size(self->table);
    guint start = page * (ibus_lookup_table_get_cursor_pos(self->table) / page);
    select_candidate(self, start + index);
}

static void kbd_ibus_page_up(IBusEngine *engine) {
    KbdIBusEngine *self = (KbdIBusEngine *)engine;
    if (ibus_lookup_table_page_up(self->table)) ibus_engine_update_lookup_table(engine, self->table, TRUE);
}

static void kbd_ibus_page_down(IBusEngine *engine) {
    KbdIBusEngine *self = (KbdIBusEngine *)engine;
    if (ibus_lookup_table_page_down(self->table)) ibus_engine_update_lookup_table(engine, self->table, TRUE);
}

static void kbd_ibus_destroy(IBusObject *object) {
    KbdIBusEngine *self = (KbdIBusEngine *)object;
    if (self->session) { kbd_session_free(self->session); self->session = NULL; }
    if (self->table) { g_object_unref(self->table); self->table = NULL; }
    IBUS_OBJECT_CLASS(kbd_ibus_engine_parent_class)->destroy(object);
}

static void kbd_ibus_engine_init(KbdIBusEngine *self) {
    if (kbd_session_new(shared_engine, &self->session) != KBD_OK)
        g_error("kbd: cannot start a session: %s", kbd_last_error());
    self->table = ibus_lookup_table_new(PAGE_SIZE, 0, TRUE, FALSE);
    g_object_ref_sink(self->table);
    ibus_lookup_table_set_orientation(self->table, IBUS_ORIENTATION_HORIZONTAL);
}

static void kbd_ibus_engine_class_init(KbdIBusEngineClass *klass) {
    IBusEngineClass *e = IBUS_ENGINE_CLASS(klass);
    IBUS_OBJECT_CLASS(klass)->destroy = kbd_ibus_destroy;
    e->process_key_event = kbd_ibus_process_key_event;
    e->focus_in = kbd_ibus_focus_in;
    e->focus_out = kbd_ibus_focus_out;
    e->reset = kbd_ibus_reset;
    e->enable = kbd_ibus_enable;
    e->disable = kbd_ibus_disable;
    e->set_surrounding_text = kbd_ibus_set_surrounding_text;
    e->set_content_type = kbd_ibus_set_content_type;
    e->candidate_clicked = kbd_ibus_candidate_clicked;
    e->page_up = kbd_ibus_page_up;
    e->page_down = kbd_ibus_page_down;
}

static void on_disconnected(IBusBus *bus, gpointer data) { (void)bus; (void)data; ibus_quit(); }

int main(int argc, char **argv) {
    gboolean by_daemon = argc > 1 && strcmp(argv[1], "--ibus") == 0;
    const char *options = getenv("KBD_OPTIONS");
    if (!options || !*options) options = "{\"suggestions\":6}";
    if (kbd_engine_open(options, &shared_engine) != KBD_OK) {
        g_printerr("kbd-ibus: %s\n", kbd_last_error());
        return 1;
    }
    ibus_init();
    IBusBus *bus = ibus_bus_new();
    if (!ibus_bus_is_connected(bus)) { g_printerr("kbd-ibus: cannot connect to ibus-daemon\n"); return 1; }
    g_signal_connect(bus, "disconnected", G_CALLBACK(on_disconnected), NULL);
    IBusFactory *factory = ibus_factory_new(ibus_bus_get_connection(bus));
    ibus_factory_add_engine(factory, "kbd", kbd_ibus_engine_get_type());
    if (by_daemon) {
        ibus_bus_request_name(bus, "org.freedesktop.IBus.Kbd", 0);
    } else {
        IBusComponent *component = ibus_component_new("org.freedesktop.IBus.Kbd", "kbd keyboard engine", "0.1",
                                                      "", "kbd", "", "", "kbd");
        ibus_component_add_engine(component, ibus_engine_desc_new("kbd", "kbd", "kbd: completion, prediction, autocorrection",
                                                                  "en", "", "kbd", "", "us"));
        ibus_bus_register_component(bus, component);
    }
    ibus_main();
    kbd_engine_close(shared_engine);
    return 0;
}
