import Foundation

/// Where the tool writes: standard output and standard error, or buffers in tests.
package struct Console: Sendable {
    /// Writes text to standard output (the text includes its newlines).
    var out: @Sendable (String) -> Void
    /// Writes text to standard error.
    package var error: @Sendable (String) -> Void
    /// Reads standard input to its end, at most `limit` bytes plus one (so that a caller can tell it was longer); for `-` as an input.
    var input: @Sendable (_ limit: Int) -> [UInt8]

    /// Creates a console writing through the given functions; without `input`, standard input is read.
    package init(
        out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void,
        input: @escaping @Sendable (_ limit: Int) -> [UInt8] = Console.standardInput
    ) {
        self.out = out
        self.error = error
        self.input = input
    }

    /// Reads this process's standard input, at most `limit + 1` bytes.
    static let standardInput: @Sendable (Int) -> [UInt8] = { limit in
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while bytes.count <= limit {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += buffer[0..<min(count, limit + 1 - bytes.count)]
        }
        return bytes
    }

    /// This console with its standard output sent to standard error: when `-` makes an output file standard output, the usual text goes there instead.
    var outputToError: Console {
        Console(out: error, error: error, input: input)
    }
}
