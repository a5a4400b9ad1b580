// KbdStore
