#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many columns the text timeline may use: the terminal's width, for `bgsim run` to pass to ``TerminalTimeline``.
///
/// The command line decides, as it decides colour: the width of the
/// terminal on standard output when there is one, else `COLUMNS` when it is
/// a number (so `COLUMNS=120 bgsim run x | less` works), else 80. Kept
/// within 60 and 240 columns: narrower leaves no room for the lanes, wider
/// lines are hard to follow. Reports written to files (Markdown) keep 80.
package enum TerminalWidth {
    /// The narrowest and widest widths used.
    package static let range = 60...240
    /// The width when nothing says otherwise.
    package static let standard = 80

    /// The width for output to standard output in this process.
    package static func current(environment: [String: String]) -> Int {
        decide(terminalColumns: standardOutputColumns(), environment: environment)
    }

    /// The decision, from its inputs: the terminal's columns (nil when standard output is not a terminal) and the environment.
    static func decide(terminalColumns: Int?, environment: [String: String]) -> Int {
        let wanted = terminalColumns.flatMap { $0 > 0 ? $0 : nil }
            ?? environment["COLUMNS"].flatMap { Int($0.trimmingCharacters(in: " ")) }.flatMap { $0 > 0 ? $0 : nil }
            ?? standard
        return min(range.upperBound, max(range.lowerBound, wanted))
    }

    /// The columns of the terminal on standard output, or nil when it is not a terminal.
    static func standardOutputColumns() -> Int? {
        #if canImport(Glibc) || canImport(Darwin)
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
        #else
        return nil
        #endif
    }
}

extension String {
    /// The string without leading and trailing `character`s.
    fileprivate func trimmingCharacters(in character: Character) -> Substring {
        var text = Substring(self)
        while text.first == character { text = text.dropFirst() }
        while text.last == character { text = text.dropLast() }
        return text
    }
}
