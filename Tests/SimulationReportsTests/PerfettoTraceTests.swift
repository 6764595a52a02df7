import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import Foundation
@testable import SimulationReports
import Testing

/// The Perfetto / Chrome trace event JSON.
@Suite struct PerfettoTraceTests {
    /// Checks one event against the Trace Event Format for the phases written: M, X, i and C.
    private func checkSchema(_ event: [String: Any]) {
        let phase = event["ph"] as? String
        #expect(["M", "X", "i", "C"].contains(phase ?? ""), "unknown phase in \(event)")
        #expect(event["name"] is String, "no name in \(event)")
        #expect(event["pid"] is Int && event["tid"] is Int, "no integer pid and tid in \(event)")
        switch phase {
        case "M":
            let args = event["args"] as? [String: Any]
            switch event["name"] as? String {
            case "process_name", "thread_name": #expect(args?["name"] is String)
            case "process_sort_index", "thread_sort_index": #expect(args?["sort_index"] is Int)
            default: Issue.record("unknown metadata event \(event)")
            }
        case "X":
            #expect(((event["ts"] as? NSNumber)?.doubleValue ?? -1) >= 0)
            #expect(((event["dur"] as? NSNumber)?.doubleValue ?? -1) >= 0)
        case "i":
            #expect(((event["ts"] as? NSNumber)?.doubleValue ?? -1) >= 0)
            #expect(["g", "p", "t"].contains(event["s"] as? String ?? ""))
        case "C":
            #expect(((event["ts"] as? NSNumber)?.doubleValue ?? -1) >= 0)
            let args = event["args"] as? [String: Any]
            #expect(args?.count == 1 && args?.values.allSatisfy { $0 is NSNumber } == true, "a counter needs one number: \(event)")
        default:
            break
        }
    }

    @Test(arguments: Runs.names)
    func matchesTheTraceEventSchemaWithATrackPerLane(name: String) throws {
        let report = try Runs.report(name)
        let json = PerfettoTrace().render(report)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(document["displayTimeUnit"] as? String == "ms")
        let events = try #require(document["traceEvents"] as? [[String: Any]])
        for event in events { checkSchema(event) }
        let threads = events.filter { $0["name"] as? String == "thread_name" }.compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
        for lane in report.timeline.lanes {
            #expect(threads.contains(lane.title), "no track for \(lane.title)")
        }
        // Segments and lane marks are slices (marks with no duration, so that flows can end on them).
        let slices = report.timeline.lanes.reduce(0) { $0 + $1.segments.count + $1.marks.count }
        #expect(events.filter { $0["ph"] as? String == "X" }.count == slices)
        let diagnostics = events.filter { $0["cat"] as? String == "diagnostic" }
        #expect(diagnostics.count == report.timeline.markers.count)
        #expect(events.contains { $0["cat"] as? String == "story" && ($0["name"] as? String)?.hasPrefix("goHome") == true })
        let other = try #require(document["otherData"] as? [String: Any])
        #expect(other["fingerprint"] as? String == report.fingerprint)
    }

    static func events(_ name: String) throws -> [[String: Any]] {
        let json = PerfettoTrace().render(try Runs.report(name))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try #require(document["traceEvents"] as? [[String: Any]])
    }

    @Test(arguments: Runs.allNames)
    func threadIdsNeverRepeatAcrossProcessesNorEqualAProcessId(name: String) throws {
        let events = try Self.events(name)
        var processOfThread: [Int: Int] = [:]
        let pids = Set(events.compactMap { $0["pid"] as? Int })
        for event in events {
            guard let pid = event["pid"] as? Int, let tid = event["tid"] as? Int else { continue }
            #expect(processOfThread[tid, default: pid] == pid, "thread \(tid) in processes \(pid) and \(processOfThread[tid]!)")
            processOfThread[tid] = pid
            // A process's own events (names, counters) use its id as thread id, as a main thread does; no other thread does.
            #expect(tid == pid || !pids.contains(tid), "thread \(tid) has a process's id")
        }
        #expect(!pids.contains(0))
    }

    @Test func batteryAndLiveActivityProgressAreCounters() throws {
        let week = try Self.events("feed-refresh-week")
        let battery = week.filter { $0["ph"] as? String == "C" && $0["name"] as? String == "battery" }
        #expect(battery.count == 1)
        #expect((battery.first?["args"] as? [String: Any])?["%"] as? Int == 90)
        let export = try Self.events("continued-video-export")
        let progress = export.filter { $0["ph"] as? String == "C" && ($0["name"] as? String)?.hasSuffix(" progress") == true }
        let values = progress.compactMap { (($0["args"] as? [String: Any])?["%"] as? NSNumber)?.doubleValue }
        #expect(values.count >= 5, "\(values)")
        #expect(values.first == 0 && values.last == 100)
        #expect(values == values.sorted())
        // Thousandths become exact percentages.
        #expect(PerfettoTrace.decimal(125, divisor: 10) == "12.5")
        #expect(PerfettoTrace.decimal(1000, divisor: 10) == "100")
        #expect(PerfettoTrace.decimal(7, divisor: 1000) == "0.007")
    }

    @Test(arguments: ["feed-refresh-week", "continued-app-switcher-close", "database-cleanup-processing", "mistake-refresh-every-minute"])
    func flowsRunFromSubmissionThroughLaunchToTheEnd(name: String) throws {
        let events = try Self.events(name)
        var chains: [Int: [[String: Any]]] = [:]
        for event in events { if let id = event["bind_id"] as? Int { chains[id, default: []].append(event) } }
        #expect(!chains.isEmpty)
        for (id, chain) in chains {
            let slices = chain.sorted { ($0["ts"] as! NSNumber).doubleValue < ($1["ts"] as! NSNumber).doubleValue }
            let into = slices.map { $0["flow_in"] as? Bool == true }
            let out = slices.map { $0["flow_out"] as? Bool == true }
            #expect(slices.count >= 2, "flow \(id) has one slice")
            #expect(!into[0] && out[0], "flow \(id) does not start at its first stretch")
            #expect(into[into.count - 1] && !out[out.count - 1], "flow \(id) does not end at its last")
            #expect(into.dropFirst().allSatisfy { $0 } && out.dropLast().allSatisfy { $0 })
            // On one thread, each stretch where the one before it ended.
            #expect(Set(slices.map { $0["tid"] as! Int }).count == 1)
            for (a, b) in zip(slices, slices.dropFirst()) {
                let end = (a["ts"] as! NSNumber).doubleValue + ((a["dur"] as? NSNumber)?.doubleValue ?? 0)
                #expect(abs(end - (b["ts"] as! NSNumber).doubleValue) < 1e-3, "flow \(id) has a gap")
            }
        }
        if name == "feed-refresh-week" {
            // Each refresh: pending from its submission, running from its launch, ended.
            let first = try #require(chains[1]).map { $0["name"] as? String ?? "" }
            #expect(first == ["pending", "running", "ended"])
            let ended = events.filter { $0["name"] as? String == "ended" && $0["cat"] as? String == "scheduledTasks" }
            #expect(ended.allSatisfy { $0["bind_id"] != nil })
        }
    }

    @Test func timesAreExactMicroseconds() {
        let trace = PerfettoTrace()
        #expect(trace.microseconds(0) == "0")
        #expect(trace.microseconds(1_500_000) == "1500")
        #expect(trace.microseconds(1_500_250) == "1500.25")
        #expect(trace.microseconds(480_230_593) == "480230.593")
        #expect(trace.microseconds(7) == "0.007")
        #expect(trace.microseconds(604_800_000_000_001) == "604800000000.001")
    }

    @Test func sameBytesTwice() throws {
        #expect(PerfettoTrace().render(try Runs.report("leaked-assertion-watchdog"))
            == PerfettoTrace().render(try Runs.report("leaked-assertion-watchdog")))
    }
}
