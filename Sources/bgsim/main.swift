import BGSimCLI
import Foundation

// Standard output is written with write(2) so that a failure is seen (FileHandle.write traps on one). A closed pipe
// (`bgsim run x | head -1`) ends the process quietly by SIGPIPE, as it ends `cat`: the signal is unblocked and
// raised, so AtomicFile's handler removes any temporary file first; where SIGPIPE is ignored, the exit status is
// 141 all the same. Any other failure (a full disk, `> /dev/full`) is said on standard error and ends the process
// with 74 (EX_IOERR).
@Sendable func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR { continue }
            return errno
        }
        bytes = bytes.dropFirst(written)
    }
    return nil
}

let console = Console(
    out: { text in
        if let failure = writeAll(text, to: STDOUT_FILENO) {
            if failure == EPIPE {
                var pipeSignal = sigset_t()
                sigemptyset(&pipeSignal)
                sigaddset(&pipeSignal, SIGPIPE)
                sigprocmask(SIG_UNBLOCK, &pipeSignal, nil)
                raise(SIGPIPE)
                exit(141)
            }
            _ = writeAll("bgsim: error: cannot write to standard output (\(String(cString: strerror(failure))))\n", to: STDERR_FILENO)
            exit(ExitCode.standardOutputFailed)
        }
    },
    error: { text in _ = writeAll(text, to: STDERR_FILENO) })
let environment = ProcessInfo.processInfo.environment
exit(BGSimTool.main(
    Array(CommandLine.arguments.dropFirst()), console: console, colour: TerminalColour.isWanted(),
    width: BGSimTool.terminalWidth(environment: environment), environment: environment))
