#!/usr/bin/python3
"""Drives the Fcitx5 input method "kbd" over D-Bus (org.fcitx.Fcitx5, InputContext1) like a
text field: the client keeps its own document, applies CommitString, DeleteSurroundingText and
forwarded keys, and reports its text with SetSurroundingText after every change. Run by
tools/test-frontends inside a headless fcitx5. Exit status 0 when every check passes."""
import os, subprocess, sys, time
from gi.repository import Gio, GLib

bus = Gio.bus_get_sync(Gio.BusType.SESSION)
ctx = GLib.MainContext.default()
GLib.timeout_add(10, lambda: True)
SVC = 'org.fcitx.Fcitx5'
IC = 'org.fcitx.Fcitx.InputContext1'
failures = []


def check(cond, what):
    print(('ok   ' if cond else 'FAIL ') + what, flush=True)
    if not cond:
        failures.append(what)


def call(path, iface, method, args=None, ret=None):
    return bus.call_sync(SVC, path, iface, method, args, GLib.VariantType(ret) if ret else None,
                         Gio.DBusCallFlags.NONE, 5000, None)


def pump_until(pred, timeout=10.0):
    end = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > end:
            raise TimeoutError('timeout')
        ctx.iteration(True)


def has_owner():
    return bus.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus', 'NameHasOwner',
                         GLib.Variant('(s)', (SVC,)), None, Gio.DBusCallFlags.NONE, -1, None)[0]


class Field:
    def __init__(self, path):
        self.path, self.text, self.cursor, self.table, self.preedit, self.events, self.im = path, '', 0, [], '', 0, None
        bus.signal_subscribe(None, IC, None, path, None, Gio.DBusSignalFlags.NONE, self.on_signal)

    def on_signal(self, conn, sender, obj, iface, name, params):
        p = params.unpack()
        if name == 'CommitString':
            self.text = self.text[:self.cursor] + p[0] + self.text[self.cursor:]
            self.cursor += len(p[0])
        elif name == 'DeleteSurroundingText':
            start = max(0, self.cursor + p[0])
            self.text = self.text[:start] + self.text[start + p[1]:]
            self.cursor = start
        elif name == 'ForwardKey':
            sym, state, release = p
            if not release:
                if sym == 0xff08 and self.cursor > 0:
                    self.text = self.text[:self.cursor - 1] + self.text[self.cursor:]
                    self.cursor -= 1
                elif sym == 0xff51:
                    self.cursor = max(0, self.cursor - 1)
                elif sym == 0xff53:
                    self.cursor = min(len(self.text), self.cursor + 1)
        elif name == 'UpdateFormattedPreedit':
            self.preedit = ''.join(s for s, _ in p[0])
        elif name == 'UpdateClientSideUI':
            self.table = [t for _, t in p[4]]
        elif name == 'CurrentIM':
            self.im = p[1]
        self.events += 1

    def settle(self):
        quiet_since, last = time.monotonic(), self.events
        end = time.monotonic() + 5
        while time.monotonic() - quiet_since < 0.08 and time.monotonic() < end:
            ctx.iteration(False)
            time.sleep(0.002)
            if self.events != last:
                last, quiet_since = self.events, time.monotonic()
        call(self.path, IC, 'SetSurroundingText', GLib.Variant('(suu)', (self.text, self.cursor, self.cursor)))

    def key(self, sym, state=0):
        handled = call(self.path, IC, 'ProcessKeyEvent', GLib.Variant('(uuubu)', (sym, 0, state, False, 0)), '(b)')[0]
        call(self.path, IC, 'ProcessKeyEvent', GLib.Variant('(uuubu)', (sym, 0, state, True, 0)), '(b)')
        if not handled and not state:
            if sym == 0xff08 and self.cursor > 0:
                self.text = self.text[:self.cursor - 1] + self.text[self.cursor:]
                self.cursor -= 1
            elif sym < 0x100 or sym & 0x01000000:
                ch = chr(sym & 0xFFFFFF)
                self.text = self.text[:self.cursor] + ch + self.text[self.cursor:]
                self.cursor += 1
        self.settle()
        return handled

    def type(self, s):
        for ch in s:
            self.key(0x20 if ch == ' ' else (ord(ch) if ord(ch) < 0x100 else 0x01000000 + ord(ch)))

    def reset_text(self, text=''):
        self.text, self.cursor = text, len(text)
        self.settle()


def main():
    pump_until(has_owner, 15)
    path, _ = call('/org/freedesktop/portal/inputmethod', 'org.fcitx.Fcitx.InputMethod1', 'CreateInputContext',
                   GLib.Variant('(a(ss))', ([('program', 'kbd-test')],)), '(oay)').unpack()
    field = Field(path)
    PREEDIT, FORMATTED, SURROUNDING, PASSWORD, CLIENT_PANEL = 1 << 1, 1 << 4, 1 << 6, 1 << 3, 1 << 39
    caps = PREEDIT | FORMATTED | SURROUNDING | CLIENT_PANEL
    call(path, IC, 'SetCapability', GLib.Variant('(t)', (caps,)))
    call(path, IC, 'FocusIn')
    call('/controller', 'org.fcitx.Fcitx.Controller1', 'SetCurrentIM', GLib.Variant('(s)', ('kbd',)))
    pump_until(lambda: field.im == 'kbd', 15)
    field.reset_text('')

    field.type('helo ')
    check(field.text in ('hello ', 'Hello '), f'"helo" then space leaves "hello " (got {field.text!r})')
    field.key(0xff08)
    check(field.text in ('helo', 'Helo', 'helo ', 'Helo '), f'BackSpace undoes the autocorrection (got {field.text!r})')

    field.reset_text('')
    field.type('the hou')
    table = list(field.table)
    check(len(table) >= 2, f'suggestions while typing "hou": {table}')
    if len(table) >= 2:
        check(field.key(ord('2')), 'the number key 2 is taken')
        check(field.text in ('the ' + table[1] + ' ', 'The ' + table[1] + ' '), f'suggestion 2 ({table[1]!r}) committed: {field.text!r}')

    field.reset_text('I would like to ')
    field.key(ord('x')); field.key(0xff08)  # the engine reads surrounding text at each key
    first = list(field.table)
    field.reset_text('The cat sat on the ')
    field.key(ord('x')); field.key(0xff08)
    second = list(field.table)
    check(bool(first) and bool(second) and first != second,
          f'context steers prediction: {first} after "I would like to", {second} after "The cat sat on the"')

    call(path, IC, 'SetCapability', GLib.Variant('(t)', (caps | PASSWORD,)))
    field.reset_text('')
    shown = []
    for ch in 'zqxwvbn hunt':
        field.type(ch)
        shown += field.table
    check(shown == [], f'no candidates in a password field (saw {shown})')
    check(field.text == 'zqxwvbn hunt', f'password typed as is: {field.text!r}')
    call(path, IC, 'SetCapability', GLib.Variant('(t)', (caps,)))
    field.reset_text('')
    field.type('zqxw')
    check(not any(c.lower() == 'zqxwvbn' for c in field.table), f'the password is not offered: {field.table}')

    kbd_dict = os.environ.get('KBD_DICT')
    if kbd_dict:
        subprocess.run([kbd_dict, 'add', 'kbdtestword'], check=True)
        field.reset_text('')
        field.type('kbdtest')
        check(any(c.lower() == 'kbdtestword' for c in field.table), f'a word added by kbd-dict is offered: {field.table}')
    else:
        print('skip a word added by kbd-dict is offered (KBD_DICT not set)')

    field.reset_text('')
    field.type('hel')
    call(path, IC, 'FocusOut')
    field.settle()
    call(path, IC, 'FocusIn')
    field.settle()
    check(field.text in ('hel', 'Hel') and field.preedit == '', f'focus out leaves "hel" and no preedit (got {field.text!r}, {field.preedit!r})')
    call(path, IC, 'Reset')
    field.settle()
    check(field.text in ('hel', 'Hel'), f'reset leaves the text alone (got {field.text!r})')

    check(not field.key(ord('c'), 1 << 2), 'Control+c goes to the application')

    if failures:
        print(f'{len(failures)} check(s) failed', file=sys.stderr)
        sys.exit(1)
    print('Fcitx5: all checks passed')


main()
