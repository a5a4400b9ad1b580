/// What went wrong in the text layer: an ICU service could not be opened or run.
public struct TextError: Error, Sendable, CustomStringConvertible {
    /// The ICU error code (`UErrorCode`, > 0 for failures).
    public let icuStatus: Int32
    /// What was being done, e.g. `open word break iterator for "th"`.
    public let operation: String

    public init(icuStatus: Int32, operation: String) {
        self.icuStatus = icuStatus
        self.operation = operation
    }

    public var description: String { "text services: \(operation) failed (ICU status \(icuStatus))" }
}
