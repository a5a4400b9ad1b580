/// What went wrong in the lexicon layer: a model file that cannot be used, or bad source data.
///
/// The message names the file and the problem, e.g.
/// `language model Data/en/en.kbdlm: truncated (4096 of 3811204 bytes)`.
public struct LexiconError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The file does not exist or cannot be opened or read.
        case unreadable
        /// Shorter than its header says.
        case truncated
        /// Not a kbd language model (wrong magic bytes).
        case notAModel
        /// A model of another format version.
        case wrongVersion
        /// The checksum or a section table entry does not match the contents.
        case corrupt
        /// A source TSV line that cannot be parsed.
        case badSource
        /// Writing the model failed.
        case unwritable
    }

    public let kind: Kind
    /// The file concerned, as the caller named it.
    public let path: String
    /// Why, with context (sizes, versions, line numbers).
    public let detail: String

    public init(_ kind: Kind, path: String, _ detail: String) {
        self.kind = kind
        self.path = path
        self.detail = detail
    }

    public var description: String {
        let what: String
        switch kind {
        case .unreadable: what = "cannot read"
        case .truncated: what = "truncated"
        case .notAModel: what = "not a kbd language model"
        case .wrongVersion: what = "unsupported version"
        case .corrupt: what = "corrupt"
        case .badSource: what = "bad source data"
        case .unwritable: what = "cannot write"
        }
        return "language model \(path): \(what) (\(detail))"
    }
}
