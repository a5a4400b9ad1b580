#!/usr/bin/python3
"""Drives the IBus engine "kbd" like a desktop text field: the client keeps its own document,
applies commit-text, delete-surrounding-text and forwarded keys to it, and reports its text
back with set_surrounding_text after every change, as GTK does. Run by tools/test-frontends
inside a headless ibus-daemon. Exit status 0 when every check passes."""
import os, subprocess, sys, time
import gi
gi.require_version('IBus', '1.0')
from gi.repository import GLib, IBus

T = IBus.Text.new_from_string
RELEASE = IBus.ModifierType.RELEASE_MASK
ctx = GLib.MainContext.default()
GLib.timeout_add(10, lambda: True)
failures = []


def check(cond, what):
    print(('ok   ' if cond else 'FAIL ') + what, flush=True)
    if not cond:
        failures.append(what)


class Field:
    """A text field: text, cursor (code points), the lookup table and preedit it was shown."""
    def __init__(self, ic):
        self.ic, self.text, self.cursor, self.table, self.preedit = ic, '', 0, [], ''
        self.events = 0
        ic.connect('commit-text', lambda _, t: self.commit(t.get_text()))
        ic.connect('delete-surrounding-text', lambda _, off, n: self.delete(off, n))
        ic.connect('forward-key-event', lambda _, kv, kc, st: self.forward(kv, st))
        ic.connect('update-lookup-table', lambda _, tb, vis: self.set_table(tb, vis))
        ic.connect('hide-lookup-table', lambda _: self.set_table(None, False))
        ic.connect('update-preedit-text', lambda _, t, cur, vis: self.set_preedit(t.get_text() if vis else ''))
        ic.connect('hide-preedit-text', lambda _: self.set_preedit(''))

    def changed(self):
        self.events += 1

    def commit(self, s):
        self.text = self.text[:self.cursor] + s + self.text[self.cursor:]
        self.cursor += len(s)
        self.changed()

    def delete(self, offset, n):
        start = max(0, self.cursor + offset)
        self.text = self.text[:start] + self.text[start + n:]
        self.cursor = start
        self.changed()

    def forward(self, kv, state):
        if state & RELEASE:
            return
        if kv == IBus.KEY_BackSpace and self.cursor > 0:
            self.delete(-1, 1)
        elif kv == IBus.KEY_Left:
            self.cursor = max(0, self.cursor - 1)
        elif kv == IBus.KEY_Right:
            self.cursor = min(len(self.text), self.cursor + 1)
        self.changed()

    def set_table(self, tb, visible):
        self.table = [tb.get_candidate(i).get_text() for i in range(tb.get_number_of_candidates())] if tb and visible else []
        self.changed()

    def set_preedit(self, s):
        self.preedit = s
        self.changed()

    def settle(self):
        """Pumps the main loop until the engine has been quiet for a moment, then reports the text."""
        quiet_since, last = time.monotonic(), self.events
        end = time.monotonic() + 5
        while time.monotonic() - quiet_since < 0.08 and time.monotonic() < end:
            ctx.iteration(False)
            time.sleep(0.002)
            if self.events != last:
                last, quiet_since = self.events, time.monotonic()
        self.ic.set_surrounding_text(T(self.text), self.cursor, self.cursor)
        for _ in range(20):
            ctx.iteration(False)

    def key(self, kv, state=0):
        handled = self.ic.process_key_event(kv, 0, state)
        self.ic.process_key_event(kv, 0, state | RELEASE)
        if not handled and not state & (IBus.ModifierType.CONTROL_MASK | IBus.ModifierType.MOD1_MASK):
            self.forward(kv, 0) if kv in (IBus.KEY_BackSpace, IBus.KEY_Left, IBus.KEY_Right) else \
                (kv < 0x100 or kv & 0x01000000) and self.commit(chr(kv & 0xFFFFFF))
        self.settle()
        return handled

    def type(self, s):
        for ch in s:
            self.key(IBus.KEY_space if ch == ' ' else (ord(ch) if ord(ch) < 0x100 else 0x01000000 + ord(ch)))

    def reset_text(self, text=''):
        self.text, self.cursor = text, len(text)
        self.ic.set_surrounding_text(T(self.text), self.cursor, self.cursor)
        self.settle()


def main():
    bus = IBus.Bus()
    end = time.monotonic() + 10
    while not bus.is_connected():
        assert time.monotonic() < end, 'no ibus-daemon'
        ctx.iteration(True)
    ic = bus.create_input_context('kbd-test')
    field = Field(ic)
    C = IBus.Capabilite
    ic.set_capabilities(C.PREEDIT_TEXT | C.LOOKUP_TABLE | C.FOCUS | C.SURROUNDING_TEXT)
    ic.focus_in()
    end = time.monotonic() + 15
    while not ((e := ic.get_engine()) and e.get_name() == 'kbd'):
        assert time.monotonic() < end, 'the engine kbd did not start'
        ic.set_engine('kbd')
        time.sleep(0.05)
        ctx.iteration(False)
    end = time.monotonic() + 5
    while not ic.needs_surrounding_text() and time.monotonic() < end:
        ctx.iteration(False)
    check(ic.needs_surrounding_text(), 'the engine asks for surrounding text')
    field.reset_text()

    # Typing, and autocorrection on space seen by the app as delete + commit.
    field.type('helo ')
    check(field.text in ('hello ', 'Hello '), f'"helo" then space leaves "hello " (got {field.text!r})')
    field.key(IBus.KEY_BackSpace)
    check(field.text in ('helo', 'Helo', 'helo ', 'Helo '), f'BackSpace undoes the autocorrection (got {field.text!r})')

    # A suggestion chosen by number key is committed.
    field.reset_text('')
    field.type('the hou')
    table = list(field.table)
    check(len(table) >= 2, f'suggestions while typing "hou": {table}')
    if len(table) >= 2:
        check(field.key(IBus.KEY_2), 'the number key 2 is taken')
        check(field.text == 'the ' + table[1] + ' ' or field.text == 'The ' + table[1] + ' ',
              f'suggestion 2 ({table[1]!r}) committed: {field.text!r}')

    # Surrounding text set by the client steers prediction.
    field.reset_text('I would like to ')
    first = list(field.table)
    field.reset_text('The cat sat on the ')
    second = list(field.table)
    check(bool(first) and bool(second) and first != second,
          f'context steers prediction: {first} after "I would like to", {second} after "The cat sat on the"')

    # A password field gets no candidates (and nothing is learned).
    ic.set_content_type(IBus.InputPurpose.PASSWORD, 0)
    field.reset_text('')
    shown = []
    for ch in 'zqxwvbn hunt':
        field.type(ch)
        shown += field.table
    check(shown == [], f'no candidates in a password field (saw {shown})')
    check(field.text == 'zqxwvbn hunt', f'password typed as is: {field.text!r}')
    ic.set_content_type(IBus.InputPurpose.FREE_FORM, 0)
    field.reset_text('')
    field.type('zqxw')
    check(not any(c.lower() == 'zqxwvbn' for c in field.table), f'the password is not offered: {field.table}')

    # A word added with kbd-dict during the test is offered at the next key.
    kbd_dict = os.environ.get('KBD_DICT')
    if kbd_dict:
        subprocess.run([kbd_dict, 'add', 'kbdtestword'], check=True)
        field.reset_text('')
        field.type('kbdtest')
        check(any(c.lower() == 'kbdtestword' for c in field.table), f'a word added by kbd-dict is offered: {field.table}')
    else:
        print('skip a word added by kbd-dict is offered (KBD_DICT not set)')

    # Focus out with a pending composition leaves no stray text; the preedit is gone.
    field.reset_text('')
    field.type('hel')
    ic.focus_out()
    field.settle()
    ic.focus_in()
    field.settle()
    check(field.text in ('hel', 'Hel') and field.preedit == '', f'focus out leaves "hel" and no preedit (got {field.text!r}, {field.preedit!r})')
    ic.reset()
    field.settle()
    check(field.text in ('hel', 'Hel'), f'reset leaves the text alone (got {field.text!r})')

    # Control shortcuts belong to the application.
    check(not ic.process_key_event(ord('c'), 0, IBus.ModifierType.CONTROL_MASK), 'Control+c goes to the application')

    if failures:
        print(f'{len(failures)} check(s) failed', file=sys.stderr)
        sys.exit(1)
    print('IBus: all checks passed')


main()
