// KbdEngine
