/// A request the protocol could not carry out; sent back as `{"error":{"code":…,"message":…}}`.
public struct ProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable, machine-readable code (`invalid-json`, `unknown-key`, …).
    public var code: String
    /// One line a person can act on.
    public var message: String

    public init(_ code: String, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }

    public static func invalidJSON(_ failure: JSONParser.Failure) -> ProtocolError {
        ProtocolError("invalid-json", failure.description)
    }
    public static func invalidRequest(_ message: String) -> ProtocolError { ProtocolError("invalid-request", message) }
}
