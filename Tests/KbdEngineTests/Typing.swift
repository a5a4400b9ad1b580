@testable import KbdEngine

/// Types `script` into a fresh in-memory document and returns the session and the document.
func makeSession(_ text: String = "", settings: SessionSettings = SessionSettings()) -> (KeyboardSession, InMemoryDocument) {
    let document = InMemoryDocument(text: text)
    let session = try! KeyboardSession(document: document, settings: settings)
    return (session, document)
}

/// The text left by typing `script` into an empty document.
func typing(_ script: String, _ configure: (inout SessionSettings) -> Void = { _ in }) -> String {
    var settings = SessionSettings()
    configure(&settings)
    let (session, document) = makeSession(settings: settings)
    session.type(script)
    return document.text
}
