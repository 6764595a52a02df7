import Foundation
import Testing

/// Campaigns and replays across processes: Swift seeds its hasher per process, so only separate processes show
/// that nothing in a result depends on one.
@Suite(.serialized) struct FuzzCrossProcessTests {
    static let refresh = "Scenarios/refresh-expires-while-saving.json"

    @Test func campaignsInSeparateProcessesAgreeForAnyJobsAndDrawNoProgressIntoAPipe() throws {
        let tool = try #require(builtToolURL(), "the bgsim executable was not found beside the tests")
        let one = try runProcess(tool, ["fuzz", Self.refresh, "--runs", "150", "--jobs", "1", "--format", "json"])
        let two = try runProcess(tool, ["fuzz", Self.refresh, "--runs", "150", "--jobs", "2", "--format", "json"])
        #expect(one.status == 1)
        #expect(one.out == two.out)
        #expect(one.error.isEmpty && two.error.isEmpty, "no progress bar when standard error is not a terminal")
        #expect(runTool(["fuzz", Self.refresh, "--runs", "150", "--format", "json"]).out == one.out)
    }

    @Test func aReplayedPlanWritesTheSameTraceInAnyProcess() throws {
        let tool = try #require(builtToolURL(), "the bgsim executable was not found beside the tests")
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let artifacts = folder.appendingPathComponent("failures").path
        let campaign = try runProcess(tool, ["fuzz", Self.refresh, "--runs", "200", "--format", "json", "--artifacts", artifacts])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(campaign.out.utf8)) as? [String: Any])
        let failures = try #require((document["campaigns"] as? [[String: Any]])?.first?["failures"] as? [[String: Any]])
        #expect(!failures.isEmpty)
        for failure in failures {
            let signature = try #require(failure["signature"] as? String)
            let fingerprint = try #require((failure["shrunk"] as? [String: Any])?["fingerprint"] as? String)
            let slug = signature.replacingOccurrences(of: " ", with: "-")
            let plan = "\(artifacts)/refresh-expires-while-saving.\(slug).plan.json"
            var traces: [Data] = []
            for index in 0..<2 {
                let trace = folder.appendingPathComponent("\(slug)-\(index).jsonl").path
                let replay = try runProcess(tool, ["run", Self.refresh, "--faults", plan, "--trace", trace, "--format", "json"])
                let summary = try #require(try JSONSerialization.jsonObject(with: Data(replay.out.utf8)) as? [String: Any])
                #expect(summary["fingerprint"] as? String == fingerprint, "\(signature): the replay is the shrunk run")
                traces.append(try Data(contentsOf: URL(fileURLWithPath: trace)))
            }
            #expect(traces[0] == traces[1])
            #expect(!traces[0].isEmpty)
        }
    }

    /// A swipe on a locked phone unlocks it first (the person's own `unlock`), in any process, the same bytes.
    @Test func aFaultThatUnlocksThePhoneReplaysTheSameInAnyProcess() throws {
        let tool = try #require(builtToolURL(), "the bgsim executable was not found beside the tests")
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = "Scenarios/correct/dictation-processing-main-queue.json"
        let plan = #"{"faults":[{"at":"23h0.001s","fault":"swipeAway"}],"format":1,"scenario":"dictation-processing-main-queue"}"#
        var traces: [String] = []
        for index in 0..<2 {
            let trace = folder.appendingPathComponent("\(index).jsonl").path
            _ = try runProcess(tool, ["run", scenario, "--faults", plan, "--trace", trace])
            traces.append(try String(contentsOf: URL(fileURLWithPath: trace), encoding: .utf8))
        }
        #expect(traces[0] == traces[1])
        let actions = traces[0].split(separator: "\n").filter { $0.contains(#""kind":"user.action""#) }
        let unlock = try #require(actions.firstIndex { $0.contains(#""action":"unlock""#) && $0.contains("unlocks it first") }, "\(actions)")
        #expect(actions[unlock + 1].contains(#""action":"swipeAway","kind":"user.action","note":"fault: swipeAway""#), "\(actions)")
    }
}
