import Foundation

/// Whether `bgsim`'s text output should be coloured.
///
/// Colour is for people at a terminal: it is off when standard output is a
/// file or a pipe, when `NO_COLOR` is set to anything but the empty string
/// (https://no-color.org), and when `TERM` is `dumb`.
package enum TerminalColour {
    /// Whether to colour output written to standard output.
    package static func isWanted() -> Bool {
        isWanted(environment: ProcessInfo.processInfo.environment, standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1)
    }

    /// The decision, from its inputs.
    static func isWanted(environment: [String: String], standardOutputIsTerminal: Bool) -> Bool {
        guard standardOutputIsTerminal else { return false }
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }
}
