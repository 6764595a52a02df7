@testable import BGSimCLI
import Foundation
import Testing

/// `bgsim bench`: the quick smoke run prints every figure. Timing is never asserted: only that each
/// figure is there, positive, and consistent with the work the bench says it did.
@Suite(.serialized) struct BenchTests {
    /// The quick bench's JSON, run once for all the tests below (it takes a few seconds in a debug build).
    static let quickRun: ToolRun = runTool(["bench", "--quick", "--format", "json"])

    private func document() throws -> [String: Any] {
        let run = Self.quickRun
        #expect(run.status == 0, "bench failed: \(run.error)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    }

    private func rows(_ key: String) throws -> [[String: Any]] {
        let rows = try #require(try document()[key] as? [[String: Any]], "no \(key) in the bench output")
        #expect(!rows.isEmpty, "\(key) is empty")
        return rows
    }

    private func positive(_ row: [String: Any], _ keys: String..., in section: String) {
        for key in keys {
            let value = (row[key] as? NSNumber)?.int64Value
            #expect((value ?? 0) > 0, "\(section): \(key) is \(value.map(String.init) ?? "missing") in \(row)")
        }
    }

    @Test func headerSaysWhatWasMeasuredWhere() throws {
        let document = try document()
        #expect(document["mode"] as? String == "quick")
        #expect(["debug", "release"].contains(document["build"] as? String))
        #expect(document["targetsJudged"] as? Bool == false, "a quick run must not judge targets")
        let machine = try #require(document["machine"] as? [String: Any])
        #expect((machine["cores"] as? Int ?? 0) >= 1)
        #expect(!(machine["cpu"] as? String ?? "").isEmpty)
        #expect((document["date"] as? String)?.count == 10)
    }

    @Test func holdModelAtThreeSizesForQueueAndKernel() throws {
        let rows = try rows("holdModel")
        for variant in ["EventQueue", "Kernel"] {
            let pending = rows.filter { $0["variant"] as? String == variant }.compactMap { $0["pending"] as? Int }
            #expect(pending == [10, 1_000, 100_000], "\(variant) sizes: \(pending)")
        }
        for row in rows { positive(row, "events", "nanoseconds", "eventsPerSecond", in: "holdModel") }
    }

    @Test func executorAtThreeTaskCounts() throws {
        let rows = try rows("executor")
        #expect(rows.count >= 3)
        for row in rows { positive(row, "tasks", "pairs", "nanoseconds", "pairsPerSecond", in: "executor") }
    }

    @Test func everySampleScenarioWithTraceKeptAndDiscarded() throws {
        let rows = try rows("scenarios")
        #expect(try document()["skippedScenarios"] as? [Any] != nil)
        for path in sampleScenarioPaths {
            let retentions = rows.filter { $0["file"] as? String == path }.compactMap { $0["retention"] as? String }
            #expect(retentions == ["keep", "discard"], "\(path): \(retentions)")
        }
        for row in rows {
            positive(row, "runs", "nanoseconds", "runsPerSecond", "traceEventsPerRun", "traceEventsPerSecond",
                     "kernelEventsPerRun", "kernelEventsPerSecond", in: "scenarios")
            #expect(row["deterministic"] as? Bool == true, "runs of \(row["file"] ?? "?") gave different fingerprints")
            #expect((row["fingerprint"] as? String)?.count == 16)
        }
    }

    @Test func scenarioFingerprintsMatchBgsimRun() throws {
        let rows = try rows("scenarios")
        for path in sampleScenarioPaths.prefix(2) {
            let run = runTool(["run", path, "--format", "json"])
            let summary = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
            let benched = rows.filter { $0["file"] as? String == path }.compactMap { $0["fingerprint"] as? String }
            #expect(benched.allSatisfy { $0 == summary["fingerprint"] as? String }, "\(path): \(benched)")
        }
    }

    @Test func openTasksGrowInThreeSizesAtLeast() throws {
        let rows = try rows("openTasks")
        #expect(rows.count >= 3)
        for row in rows {
            positive(row, "openTasks", "runs", "nanosecondsPerRun", "nanosecondsPerTask", "traceEventsPerRun", in: "openTasks")
        }
    }

    @Test func timeAccelerationOfTheLifeOfAnApp() throws {
        let rows = try rows("timeAcceleration")
        let life = rows.filter { ($0["scenario"] as? String)?.hasPrefix("life-of-an-app") == true }
        #expect(life.count >= 2)
        for row in life {
            positive(row, "days", "simulatedSeconds", "nanoseconds", "simulatedSecondsPerWallSecond", "traceEvents",
                     in: "timeAcceleration")
            #expect(row["ending"] as? String == "completed")
            #expect(row["diagnostics"] as? Int == 0, "the life of a correct app has no diagnostics: \(row)")
        }
    }

    @Test func peakMemoryOfEachTraceHandlingInItsOwnProcess() throws {
        let rows = try rows("memory")
        let cases = Set(rows.compactMap { $0["trace"] as? String })
        #expect(cases == ["streamed", "discarded", "kept"])
        for row in rows {
            #expect(row["failure"] == nil, "memory case failed: \(row["failure"] ?? "")")
            positive(row, "peakKiB", "traceEvents", "kernelEvents", "wallNanoseconds", in: "memory")
            if row["trace"] as? String == "streamed" { positive(row, "traceBytes", in: "memory") }
        }
        // Same workload, same length: the trace's handling must not change the run.
        for events in Set(rows.compactMap { $0["events"] as? Int }) {
            let prints = Set(rows.filter { $0["events"] as? Int == events }.compactMap { $0["fingerprint"] as? String })
            #expect(prints.count == 1, "\(events) events: fingerprints \(prints)")
        }
    }

    @Test func everyTargetIsListed() throws {
        let rows = try rows("targets")
        let names = rows.compactMap { $0["name"] as? String }
        #expect(names.contains { $0.hasPrefix("hold model") })
        #expect(names.contains { $0.hasPrefix("executor") })
        #expect(names.contains { $0.hasPrefix("peak memory, trace streamed") })
        #expect(names.contains { $0.hasPrefix("peak memory, trace discarded") })
        for row in rows { #expect(row["met"] is Bool) }
    }

    @Test func textFormatPrintsEverySection() {
        // The text form of the same figures: every section heading, and no verdicts in a quick run.
        let run = runTool(["bench", "--quick"])
        #expect(run.status == 0)
        for heading in ["(a) Kernel", "(b) Executor", "(c) Whole model", "(d) Time acceleration", "(e) Peak memory", "Targets"] {
            #expect(run.out.contains(heading), "missing \(heading)")
        }
        #expect(!run.out.contains("MISSED"))
    }

    @Test func theMemoryChildRefusesBadArguments() {
        let run = runTool(["__bench-memory", "sideways", "10"])
        #expect(run.status == 64)
        #expect(run.error.contains("usage"))
    }
}
