@testable import BGSimCLI
import Foundation
import Synchronization

/// The package's root folder, found from this file's path.
let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Every sample scenario, by path relative to the package root, sorted.
let sampleScenarioPaths: [String] = {
    let folder = packageRoot.appendingPathComponent("Scenarios")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { "Scenarios/\($0)" }
}()

/// What a run of the tool printed and returned.
struct ToolRun {
    var status: Int32
    var out: String
    var error: String
}

/// Runs `bgsim` in this process, with the package root as the current folder.
func runTool(_ arguments: [String]) -> ToolRun {
    let out = Mutex("")
    let error = Mutex("")
    let console = Console(out: { text in out.withLock { $0 += text } }, error: { text in error.withLock { $0 += text } })
    let previous = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(packageRoot.path)
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    let status = BGSimTool.main(arguments, console: console)
    return ToolRun(status: status, out: out.withLock { $0 }, error: error.withLock { $0 })
}

/// The built `bgsim` executable beside the test bundle.
func builtToolURL() -> URL? {
    if let override = ProcessInfo.processInfo.environment["BGSIM_BINARY"] {
        return URL(fileURLWithPath: override)
    }
    var candidates: [URL] = []
    if let executable = Bundle.main.executableURL { candidates.append(executable) }
    candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]))
    for candidate in candidates {
        var folder = candidate.deletingLastPathComponent()
        for _ in 0..<4 {
            let tool = folder.appendingPathComponent("bgsim")
            if FileManager.default.isExecutableFile(atPath: tool.path) { return tool }
            folder = folder.deletingLastPathComponent()
        }
    }
    return nil
}

/// Runs the built `bgsim` as a separate process.
func runProcess(_ tool: URL, _ arguments: [String]) throws -> ToolRun {
    let process = Process()
    process.executableURL = tool
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
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

/// A fresh temporary folder.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bgsim-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
