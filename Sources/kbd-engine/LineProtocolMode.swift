import KbdEngine
import KbdProtocol

/// The JSON-lines protocol on standard input and output: one reply line per request line.
/// Replies are flushed once all the requests read so far are answered, before the next read
/// (a host that waits for each reply gets it at once; a host that streams requests gets its
/// replies in a few large writes instead of one system call each). A line longer than
/// `maximumLineBytes` is answered with an error and skipped without being held in memory.
struct LineProtocolMode {
    let engine: EngineSetup
    static let maximumLineBytes = 1 << 20

    func run() throws {
        let protocolSession = try ProtocolSession { try engine.makeSession(document: $0) }
        var line: [UInt8] = []
        line.reserveCapacity(256)
        var discarding = false
        var reader = ChunkReader(fd: 0)

        func answer() {
            var end = line.count
            if end > 0, line[end - 1] == 0x0D { end -= 1 }
            let body = line[0..<end]
            if body.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return } // blank lines are ignored
            Output.write(protocolSession.reply(toBytes: body))
            Output.write("\n")
        }

        reader.forEachChunk { chunk in
            defer { Output.flush() }  // everything read so far is answered: before the next read
            var start = 0
            while start < chunk.count {
                guard let newline = chunk[start...].firstIndex(of: 0x0A) else {
                    if !discarding { append(chunk[start...], to: &line, discarding: &discarding) }
                    return
                }
                if !discarding { append(chunk[start..<newline], to: &line, discarding: &discarding) }
                if discarding {
                    Output.write(ProtocolSession.errorLine(ProtocolError("line-too-long", "request line longer than \(Self.maximumLineBytes) bytes, skipped")))
                    Output.write("\n")
                    discarding = false
                } else {
                    answer()
                }
                line.removeAll(keepingCapacity: line.count < 65536)
                start = newline + 1
            }
        }
        if discarding {
            Output.write(ProtocolSession.errorLine(ProtocolError("line-too-long", "request line longer than \(Self.maximumLineBytes) bytes, skipped")))
            Output.write("\n")
        } else if !line.isEmpty {
            answer()
        }
        Output.flush()
    }

    private func append(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, to line: inout [UInt8], discarding: inout Bool) {
        if line.count + bytes.count > Self.maximumLineBytes {
            discarding = true
            line.removeAll()
        } else {
            line.append(contentsOf: bytes)
        }
    }
}
