// KbdLexicon
