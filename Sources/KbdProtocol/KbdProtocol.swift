// KbdProtocol
