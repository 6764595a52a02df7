import Synchronization

/// Lines written to standard output in blocks, for `--trace -`: one write per line would cost a system call each.
final class StandardOutputLines: Sendable {
    /// How much text is kept before it is written.
    static let blockSize = 1 << 16

    private let console: Console
    private let pending = Mutex("")

    init(console: Console) {
        self.console = console
    }

    /// Adds a line (without its newline).
    func writeLine(_ line: String) {
        let block: String? = pending.withLock { text in
            text += line
            text += "\n"
            guard text.utf8.count >= Self.blockSize else { return nil }
            defer { text = "" }
            return text
        }
        if let block { console.out(block) }
    }

    /// Writes what is left.
    func flush() {
        let rest = pending.withLock { text in
            defer { text = "" }
            return text
        }
        if !rest.isEmpty { console.out(rest) }
    }
}
