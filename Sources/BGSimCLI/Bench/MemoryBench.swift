import Foundation

/// Peak memory of long runs, each in its own child process so that every peak belongs to one run.
///
/// The trace is streamed to a file, or discarded; both must stay flat as the
/// run grows. A run of the middle length keeps its trace in memory, for
/// contrast: that one grows with the run, as it must.
enum MemoryBench {
    /// What one case measured.
    struct Figure: Sendable {
        /// `streamed`, `discarded` or `kept`.
        var trace: String
        /// Trace events asked for.
        var events: Int
        /// The child's figures; nil when the child failed.
        var sample: MemoryProbe.Sample?
        /// Whether the run had a process to itself (false: measured in this process, after resetting the peak).
        var isolated: Bool
        /// Why the case has no figures, if it has none.
        var failure: String?
    }

    static func run(_ configuration: BenchConfiguration) -> [Figure] {
        let executable = bgsimExecutable()
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("bgsim-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var cases: [(MemoryProbe.TraceMode, Int)] = []
        for events in configuration.memoryEvents {
            cases.append((.streamed, events))
            cases.append((.discarded, events))
            if events == configuration.keptMemoryEvents { cases.append((.kept, events)) }
        }
        return cases.map { mode, events in
            let tracePath = folder.appendingPathComponent("trace-\(mode.rawValue)-\(events).jsonl").path
            defer { try? FileManager.default.removeItem(atPath: tracePath) }
            guard let executable else {
                // No bgsim binary to start (an unusual build layout): measure here, after resetting the peak.
                guard MemoryProbe.resetPeak() else {
                    return Figure(trace: mode.rawValue, events: events, sample: nil, isolated: false,
                                  failure: "no bgsim executable found to start, and the peak cannot be reset")
                }
                do {
                    let sample = try MemoryProbe.measure(mode: mode, events: events, tracePath: tracePath)
                    return Figure(trace: mode.rawValue, events: events, sample: sample, isolated: false, failure: nil)
                } catch {
                    return Figure(trace: mode.rawValue, events: events, sample: nil, isolated: false, failure: "\(error)")
                }
            }
            return child(executable, mode: mode, events: events, tracePath: tracePath)
        }
    }

    private static func child(_ executable: String, mode: MemoryProbe.TraceMode, events: Int, tracePath: String) -> Figure {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [MemoryProbe.commandName, mode.rawValue, String(events), tracePath]
        let outPipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errorPipe
        func failed(_ why: String) -> Figure {
            Figure(trace: mode.rawValue, events: events, sample: nil, isolated: true, failure: why)
        }
        do {
            try process.run()
        } catch {
            return failed("cannot start \(executable): \(error)")
        }
        let out = String(decoding: outPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errorText = String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return failed("\(executable) \(MemoryProbe.commandName) exited with \(process.terminationStatus): "
                + errorText.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard let sample = MemoryProbe.Sample(line: out.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            return failed("unreadable output from the child: \(out)")
        }
        return Figure(trace: mode.rawValue, events: events, sample: sample, isolated: true, failure: nil)
    }

    /// The `bgsim` executable to start: `BGSIM_BINARY`, this process if it is bgsim, or a bgsim beside it
    /// (tests run from a bundle in the same build folder).
    static func bgsimExecutable() -> String? {
        let files = FileManager.default
        if let path = ProcessInfo.processInfo.environment["BGSIM_BINARY"], files.isExecutableFile(atPath: path) {
            return path
        }
        var candidates: [URL] = []
        if let path = try? files.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: path))
        }
        if let url = Bundle.main.executableURL { candidates.append(url) }
        for candidate in candidates {
            if candidate.lastPathComponent == "bgsim", files.isExecutableFile(atPath: candidate.path) {
                return candidate.path
            }
            var folder = candidate.deletingLastPathComponent()
            for _ in 0..<4 {
                let tool = folder.appendingPathComponent("bgsim")
                var isDirectory: ObjCBool = false
                if files.fileExists(atPath: tool.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                   files.isExecutableFile(atPath: tool.path) {
                    return tool.path
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }
}
