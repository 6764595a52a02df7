import BGSimCLI
import Foundation

// Standard output is buffered by the C library; errors go out at once.
let console = Console(
    out: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
    error: { text in FileHandle.standardError.write(Data(text.utf8)) })
exit(BGSimTool.main(Array(CommandLine.arguments.dropFirst()), console: console, colour: TerminalColour.isWanted()))
