import Foundation
import Testing

/// Reports of traces with extreme numbers, and standard output that fails: found by mutation fuzzing, kept as regressions.
@Suite struct ReportInputTests {
    /// A trace of a sample with some numbers replaced.
    func trace(in folder: URL, _ change: (Int, inout [String: Any]) -> Void) throws -> String {
        let path = folder.appendingPathComponent("source.jsonl").path
        #expect(runTool(["run", "Scenarios/save-on-background.json", "--trace", path]).status == 0)
        var lines: [String] = []
        let source = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        for (index, line) in source.enumerated() {
            var object = try jsonObject(String(line))
            change(index, &object)
            lines.append(String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self))
        }
        let changed = folder.appendingPathComponent("changed.jsonl").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: changed, atomically: true, encoding: .utf8)
        return changed
    }

    @Test func overflowingTimesAreRefusedWithTheirLine() throws {
        let folder = try temporaryFolder()
        let cases: [(Int, inout [String: Any]) -> Void] = [
            { index, object in if index >= 27 { object["t"] = Int64.max } },
            { _, object in if object["budget"] != nil { object["budget"] = Int64.max } },
            { index, object in if index == 0 { object["stopAt"] = Int64.max } },
        ]
        for change in cases {
            let path = try trace(in: folder, change)
            let html = folder.appendingPathComponent("r.html").path
            let run = runTool(["report", path, "-o", html, "--markdown", "-", "--perfetto", folder.appendingPathComponent("p.json").path])
            #expect(run.status == 65)
            #expect(run.error.contains("a hundred years of virtual time"))
            #expect(run.error.contains(": line "))
            #expect(!FileManager.default.fileExists(atPath: html))
        }
    }

    @Test func timesAtTheLimitAreDrawn() throws {
        let folder = try temporaryFolder()
        let limit: Int64 = 100 * 365 * 86_400 * 1_000_000_000
        let path = try trace(in: folder) { index, object in
            if index == 0 { object["stopAt"] = limit }
            if index >= 27 { object["t"] = limit }
            if object["deadline"] != nil { object["deadline"] = limit }
        }
        let run = runTool(["report", path, "-o", folder.appendingPathComponent("r.html").path, "--markdown", "-",
                           "--perfetto", folder.appendingPathComponent("p.json").path])
        #expect(run.status == 0, "\(run.error)")
    }

    /// Every number field of two sample traces, one at a time, at plus and minus the limit: drawn or refused, never a trap.
    @Test(arguments: ["continued-photo-batch-stalled", "leaked-assertion-watchdog"])
    func everyNumberAtTheLimitIsDrawnOrRefused(_ sample: String) throws {
        let folder = try temporaryFolder()
        let source = folder.appendingPathComponent("source.jsonl").path
        #expect(runTool(["run", "Scenarios/\(sample).json", "--trace", source]).status == 0)
        let lines = try String(contentsOfFile: source, encoding: .utf8).split(separator: "\n").map(String.init)
        let limit: Int64 = 100 * 365 * 86_400 * 1_000_000_000
        var seen: Set<String> = []
        var drawn = 0
        for (index, line) in lines.enumerated() {
            let object = try jsonObject(line)
            for (key, value) in object.sorted(by: { $0.key < $1.key }) where key != "seq" && key != "t" && value is Int && !(value is Bool) {
                guard seen.insert("\(object["kind"] ?? "")/\(key)").inserted else { continue }
                for extreme in [limit, -limit] {
                    var changed = object
                    changed[key] = extreme
                    var all = lines
                    all[index] = String(decoding: try JSONSerialization.data(withJSONObject: changed, options: [.sortedKeys]), as: UTF8.self)
                    let path = folder.appendingPathComponent("changed.jsonl").path
                    try (all.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
                    let run = runTool(["report", path, "-o", folder.appendingPathComponent("r.html").path,
                                       "--perfetto", folder.appendingPathComponent("p.json").path, "--markdown", "-"])
                    #expect(run.status == 0 || run.status == 65, "\(key) = \(extreme) on line \(index + 1): \(run.error)")
                    if run.status == 0 { drawn += 1 }
                }
            }
        }
        #expect(drawn > 10)
    }

    @Test func negativeTimesAreRefusedWithTheirLine() throws {
        let folder = try temporaryFolder()
        let path = try trace(in: folder) { index, object in if index == 5 { object["t"] = -1 } }
        let run = runTool(["report", path, "--markdown", "-"])
        #expect(run.status == 65)
        #expect(run.error.contains("line 6"))
    }

    @Test func aFullStandardOutputExits74AndAClosedPipeQuietly() throws {
        let tool = try #require(builtToolURL())
        let full = try runShell(tool, "\"$BGSIM\" run Scenarios/feed-refresh-week.json > /dev/full")
        #expect(full.status == 74)
        #expect(full.error == "bgsim: error: cannot write to standard output (No space left on device)\n")
        // `head` closes the pipe after one line; the trace is megabytes, so bgsim writes into a closed pipe.
        let closed = try runShell(tool, "\"$BGSIM\" run Scenarios/feed-refresh-week.json --trace - 2>/dev/null | head -1; echo \"status ${PIPESTATUS:-}\"")
        #expect(closed.out.hasPrefix("{\"bundleIdentifier\""))
        #expect(closed.error.isEmpty, "\(closed.error)")
    }
}
