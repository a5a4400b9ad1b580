/// A failed C call: the status it returns and the message `kbd_session_last_error` gives.
struct CError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `kbd_status` values of include/kbd.h.
    enum Status: Int32, Sendable {
        case ok = 0, invalidArgument, invalidHandle, invalidUTF8, outOfRange, options, open, `internal`
    }

    var status: Status
    var message: String

    init(_ status: Status, _ message: String) {
        self.status = status
        self.message = message
    }

    var description: String { message }

    static func null(_ what: String, in call: String) -> CError {
        CError(.invalidArgument, "\(call): \(what) is NULL")
    }
}
