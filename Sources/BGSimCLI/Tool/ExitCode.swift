/// The exit codes of `bgsim`, following sysexits(3) where one fits.
package enum ExitCode {
    /// Every expectation held.
    static let success: Int32 = 0
    /// The run finished, but an expectation did not hold (or the run stalled or hit a limit).
    static let expectationsFailed: Int32 = 1
    /// The command line was wrong (`EX_USAGE`).
    static let usage: Int32 = 64
    /// The scenario file is invalid (`EX_DATAERR`).
    static let invalidScenario: Int32 = 65
    /// An output file could not be written (`EX_CANTCREAT`).
    static let cannotWrite: Int32 = 73
    /// Standard output could not be written: a full disk, `> /dev/full` (`EX_IOERR`). A closed pipe ends bgsim by SIGPIPE instead.
    package static let standardOutputFailed: Int32 = 74
}
