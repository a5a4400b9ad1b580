// kbd.so: the Fcitx5 input method "kbd", a thin layer over the C ABI (include/kbd.h).
//
// One kbd session per input context. Fcitx5 calls become session calls; kbd's edits become
// commitString, deleteSurroundingText (or forwarded BackSpace keys when the client has no
// surrounding text), forwarded Left/Right keys for cursor moves, and the client preedit for
// marked text; the suggestion bar becomes the candidate list (number keys 1-9 and clicks pick).
// Capability flags for password and sensitive fields become kbd's password content type:
// nothing suggested, nothing learned. KBD_OPTIONS (JSON, see kbd.h) sets the engine's options;
// by default the shared app-group store is used, as by kbd-dict.
#include <fcitx/addonfactory.h>
#include <fcitx/addonmanager.h>
#include <fcitx/candidatelist.h>
#include <fcitx/inputcontext.h>
#include <fcitx/inputcontextmanager.h>
#include <fcitx/inputcontextproperty.h>
#include <fcitx/inputmethodengine.h>
#include <fcitx/inputpanel.h>
#include <fcitx/instance.h>
#include <fcitx/text.h>
#include <fcitx-utils/capabilityflags.h>
#include <fcitx-utils/key.h>
#include <fcitx-utils/log.h>
#include <kbd.h>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

using namespace fcitx;

namespace {

// IBus/GTK content purposes and hints, as kbd_session_set_content_type takes them.
struct ContentType { uint32_t purpose = KBD_PURPOSE_FREE_FORM, hints = 0; bool operator!=(const ContentType &o) const { return purpose != o.purpose || hints != o.hints; } };

ContentType contentType(CapabilityFlags f) {
    ContentType t;
    if (f.test(CapabilityFlag::Password)) t.purpose = KBD_PURPOSE_PASSWORD;
    else if (f.test(CapabilityFlag::Email)) t.purpose = KBD_PURPOSE_EMAIL;
    else if (f.test(CapabilityFlag::Url)) t.purpose = KBD_PURPOSE_URL;
    else if (f.test(CapabilityFlag::Dialable)) t.purpose = KBD_PURPOSE_PHONE;
    else if (f.test(CapabilityFlag::Digit)) t.purpose = KBD_PURPOSE_DIGITS;
    else if (f.test(CapabilityFlag::Number)) t.purpose = KBD_PURPOSE_NUMBER;
    else if (f.test(CapabilityFlag::Name)) t.purpose = KBD_PURPOSE_NAME;
    else if (f.test(CapabilityFlag::Terminal)) t.purpose = KBD_PURPOSE_TERMINAL;
    else if (f.test(CapabilityFlag::Alpha)) t.purpose = KBD_PURPOSE_ALPHA;
    if (f.test(CapabilityFlag::Sensitive)) t.purpose = KBD_PURPOSE_PASSWORD;
    if (f.test(CapabilityFlag::SpellCheck)) t.hints |= KBD_HINT_SPELLCHECK;
    if (f.test(CapabilityFlag::NoSpellCheck)) t.hints |= KBD_HINT_NO_SPELLCHECK;
    if (f.test(CapabilityFlag::WordCompletion)) t.hints |= KBD_HINT_WORD_COMPLETION;
    if (f.test(CapabilityFlag::Lowercase) || f.test(CapabilityFlag::NoAutoUpperCase)) t.hints |= KBD_HINT_LOWERCASE;
    if (f.test(CapabilityFlag::Uppercase)) t.hints |= KBD_HINT_UPPERCASE_CHARS;
    if (f.test(CapabilityFlag::UppercaseWords)) t.hints |= KBD_HINT_UPPERCASE_WORDS;
    if (f.test(CapabilityFlag::UppwercaseSentences)) t.hints |= KBD_HINT_UPPERCASE_SENTENCES;
    return t;
}

bool isModifierKey(KeySym sym) {
    return (sym >= FcitxKey_Shift_L && sym <= FcitxKey_Hyper_R) || sym == FcitxKey_ISO_Level3_Shift ||
           sym == FcitxKey_ISO_Level5_Shift || sym == FcitxKey_Mode_switch || sym == FcitxKey_Num_Lock;
}

class KbdEngine;

// One input context's kbd session.
class KbdState : public InputContextProperty {
public:
    explicit KbdState(kbd_engine *engine) {
        if (kbd_session_new(engine, &session_) != KBD_OK) FCITX_ERROR() << "kbd: " << kbd_last_error();
    }
    ~KbdState() override { kbd_session_free(session_); }
    kbd_session *session() const { return session_; }
    ContentType type;
    bool composing = false;   // the bar holds completions/corrections of a word being typed
    int barSize = 0;

private:
    kbd_session *session_ = nullptr;
};

class KbdCandidate : public CandidateWord {
public:
    KbdCandidate(KbdEngine *engine, int index, const std::string &text)
        : CandidateWord(Text(text)), engine_(engine), index_(index) {}
    void select(InputContext *ic) const override;

private:
    KbdEngine *engine_;
    int index_;
};

class KbdEngine : public InputMethodEngineV2 {
public:
    explicit KbdEngine(Instance *instance)
        : instance_(instance), factory_([this](InputContext &) { return new KbdState(engine_); }) {
        const char *options = std::getenv("KBD_OPTIONS");
        if (kbd_engine_open(options && *options ? options : nullptr, &engine_) != KBD_OK)
            FCITX_ERROR() << "kbd: cannot open the engine: " << kbd_last_error();
        instance_->inputContextManager().registerProperty("kbdState", &factory_);
    }
    ~KbdEngine() override {
        factory_.unregister();
        kbd_engine_close(engine_);
    }

    void keyEvent(const InputMethodEntry &, KeyEvent &ev) override {
        if (ev.isRelease()) return;
        auto *ic = ev.inputContext();
        auto *state = ic->propertyFor(&factory_);
        KeySym sym = ev.key().sym();
        if (isModifierKey(sym)) return;
        sync(ic, state);
        auto mods = ev.key().states() & KeyStates{KeyState::Shift, KeyState::Ctrl, KeyState::Alt, KeyState::Super};
        if (!mods && state->composing && sym >= FcitxKey_1 && sym <= FcitxKey_9) {
            int index = sym - FcitxKey_1;
            if (index < state->barSize) {
                select(ic, index);
                return ev.filterAndAccept();
            }
        }
        int handled = 0;
        kbd_session_process_key(state->session(), sym, static_cast<uint32_t>(ev.rawKey().states()), &handled);
        flush(ic, state);
        if (handled) ev.filterAndAccept();
    }

    void select(InputContext *ic, int index) {
        auto *state = ic->propertyFor(&factory_);
        if (kbd_session_select_suggestion(state->session(), index) != KBD_OK)
            FCITX_WARN() << "kbd: " << kbd_session_last_error(state->session());
        flush(ic, state);
    }

    void activate(const InputMethodEntry &, InputContextEvent &ev) override {
        auto *ic = ev.inputContext();
        auto *state = ic->propertyFor(&factory_);
        kbd_session_focus_in(state->session());
        state->type = ContentType{~0u, ~0u};
        sync(ic, state);
        flush(ic, state);
    }

    void deactivate(const InputMethodEntry &entry, InputContextEvent &ev) override {
        auto *ic = ev.inputContext();
        auto *state = ic->propertyFor(&factory_);
        kbd_session_focus_out(state->session());
        flush(ic, state);
        reset(entry, ev);
    }

    void reset(const InputMethodEntry &, InputContextEvent &ev) override {
        auto *ic = ev.inputContext();
        auto *state = ic->propertyFor(&factory_);
        kbd_session_reset(state->session());
        flush(ic, state);
        ic->inputPanel().reset();
        ic->updatePreedit();
        ic->updateUserInterface(UserInterfaceComponent::InputPanel);
    }

private:
    // Brings the session up to date with the client: content type and surrounding text.
    void sync(InputContext *ic, KbdState *state) {
        ContentType t = contentType(ic->capabilityFlags());
        if (t != state->type) {
            state->type = t;
            kbd_session_set_content_type(state->session(), t.purpose, t.hints);
        }
        if (ic->capabilityFlags().test(CapabilityFlag::SurroundingText) && ic->surroundingText().isValid()) {
            const auto &st = ic->surroundingText();
            if (kbd_session_set_surrounding_text(state->session(), st.text().c_str(), static_cast<int32_t>(st.cursor()),
                                                 static_cast<int32_t>(st.anchor())) != KBD_OK)
                FCITX_WARN() << "kbd: " << kbd_session_last_error(state->session());
        }
    }

    static void forwardKeys(InputContext *ic, KeySym sym, int times) {
        for (int i = 0; i < times; i++) {
            ic->forwardKey(Key(sym), false);
            ic->forwardKey(Key(sym), true);
        }
    }

    // Hands kbd's output to the client: edits in order, then the candidate list.
    void flush(InputContext *ic, KbdState *state) {
        kbd_output out;
        std::memset(&out, 0, sizeof out);
        out.struct_size = sizeof out;
        if (kbd_session_get_output(state->session(), &out) != KBD_OK) return;
        bool surrounding = ic->capabilityFlags().test(CapabilityFlag::SurroundingText);
        auto &panel = ic->inputPanel();
        for (int i = 0; i < out.edit_count; i++) {
            const kbd_edit &e = out.edits[i];
            switch (e.kind) {
            case KBD_EDIT_INSERT_TEXT: ic->commitString(e.text); break;
            case KBD_EDIT_DELETE_BACKWARD:
                if (surrounding) ic->deleteSurroundingText(-e.count, static_cast<unsigned>(e.count));
                else forwardKeys(ic, FcitxKey_BackSpace, e.cluster_count);
                break;
            case KBD_EDIT_ADJUST_TEXT_POSITION:
                forwardKeys(ic, e.cluster_count < 0 ? FcitxKey_Left : FcitxKey_Right, std::abs(e.cluster_count));
                break;
            case KBD_EDIT_SET_MARKED_TEXT: {
                Text pre;
                pre.append(e.text, TextFormatFlag::Underline);
                pre.setCursor(static_cast<int>(std::strlen(e.text)));
                panel.setClientPreedit(pre);
                ic->updatePreedit();
                break;
            }
            case KBD_EDIT_UNMARK_TEXT:
                panel.setClientPreedit(Text());
                ic->updatePreedit();
                break;
            }
        }
        state->composing = false;
        state->barSize = out.suggestion_count;
        if (out.suggestion_count > 0) {
            auto list = std::make_unique<CommonCandidateList>();
            list->setPageSize(out.suggestion_count < 9 ? out.suggestion_count : 9);
            list->setLayoutHint(CandidateLayoutHint::Horizontal);
            std::vector<std::string> labels;
            for (int i = 0; i < out.suggestion_count; i++) {
                list->append<KbdCandidate>(this, i, out.suggestions[i].text);
                labels.push_back(std::to_string(i + 1) + ".");
                if (std::strcmp(out.suggestions[i].kind, "prediction") != 0) state->composing = true;
            }
            list->setLabels(labels);
            panel.setCandidateList(std::move(list));
        } else {
            panel.setCandidateList(nullptr);
        }
        kbd_output_free(&out);
        ic->updateUserInterface(UserInterfaceComponent::InputPanel);
    }

    Instance *instance_;
    kbd_engine *engine_ = nullptr;
    FactoryFor<KbdState> factory_;
};

void KbdCandidate::select(InputContext *ic) const { engine_->select(ic, index_); }

class KbdFactory : public AddonFactory {
    AddonInstance *create(AddonManager *manager) override { return new KbdEngine(manager->instance()); }
};

} // namespace

FCITX_ADDON_FACTORY(KbdFactory);
