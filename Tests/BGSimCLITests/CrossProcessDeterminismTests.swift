import Foundation
import Testing

/// The determinism promise, checked the only honest way: separate processes.
///
/// Swift seeds its hasher per process, so a bug that lets dictionary order
/// reach the trace passes every in-process test. Here the built `bgsim`
/// runs twice per scenario as separate processes. `.ci/run` repeats this
/// across debug and release builds.
@Suite(.serialized) struct CrossProcessDeterminismTests {
    @Test("two processes write byte-identical traces", arguments: sampleScenarioPaths)
    func twoProcessesAgree(path: String) throws {
        let tool = try #require(builtToolURL(), "the bgsim executable was not found beside the tests")
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var traces: [Data] = []
        var outputs: [String] = []
        for index in 0..<2 {
            let trace = folder.appendingPathComponent("trace\(index).jsonl").path
            let run = try runProcess(tool, ["run", path, "--trace", trace, "--format", "json"])
            #expect(run.status == 0, "\(run.error)")
            traces.append(try Data(contentsOf: URL(fileURLWithPath: trace)))
            outputs.append(run.out)
        }
        #expect(traces[0].count > 0)
        #expect(traces[0] == traces[1])
        #expect(outputs[0] == outputs[1])
    }

    @Test func aSeedThatChangesTimingChangesTheFingerprint() throws {
        let tool = try #require(builtToolURL(), "the bgsim executable was not found beside the tests")
        func fingerprint(seed: Int) throws -> String {
            let run = try runProcess(tool, ["run", "Scenarios/save-on-background.json", "--seed", String(seed), "--format", "json"])
            let object = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any]
            return try #require(object?["fingerprint"] as? String)
        }
        let first = try fingerprint(seed: 1)
        #expect(try fingerprint(seed: 1) == first)
        #expect(try fingerprint(seed: 2) != first)
    }
}
