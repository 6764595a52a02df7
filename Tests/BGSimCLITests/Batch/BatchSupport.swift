@testable import BGSimCLI
import Testing
import Foundation
import Synchronization

/// Runs `bgsim` in this process with a given standard input, environment and width.
func runToolWith(_ arguments: [String], input: String = "", environment: [String: String] = [:], width: Int = 80) -> ToolRun {
    let out = Mutex("")
    let error = Mutex("")
    let bytes = Array(input.utf8)
    let console = Console(
        out: { text in out.withLock { $0 += text } }, error: { text in error.withLock { $0 += text } },
        input: { limit in Array(bytes.prefix(limit + 1)) })
    let previous = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(packageRoot.path)
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    let status = BGSimTool.main(arguments, console: console, width: width, environment: environment)
    return ToolRun(status: status, out: out.withLock { $0 }, error: error.withLock { $0 })
}

/// Runs a shell command line with `$BGSIM` set to the built tool, in the package root.
func runShell(_ tool: URL, _ command: String, environment extra: [String: String] = [:]) throws -> ToolRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.currentDirectoryURL = packageRoot
    var environment = ProcessInfo.processInfo.environment
    environment["BGSIM"] = tool.path
    for (key, value) in extra { environment[key] = value }
    process.environment = environment
    let outPipe = Pipe()
    let errorPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errorPipe
    try process.run()
    let outData = outPipe.fileHandleForReading.readDataToEndOfFile()
    let errorData = errorPipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ToolRun(
        status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
        error: String(decoding: errorData, as: UTF8.self))
}

/// A sample scenario with its `expect` removed, written to `folder`.
func scenarioWithoutExpect(_ sample: String, in folder: URL) throws -> String {
    let data = try Data(contentsOf: packageRoot.appendingPathComponent("Scenarios/\(sample).json"))
    var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    object["expect"] = nil
    let path = folder.appendingPathComponent("\(sample)-no-expect.json").path
    try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: path))
    return path
}

/// The JSON object a tool printed.
func jsonObject(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}
