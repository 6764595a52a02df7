import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import Foundation
@testable import SimulationReports
import Testing

/// The Perfetto / Chrome trace event JSON.
@Suite struct PerfettoTraceTests {
    /// Checks one event against the Trace Event Format for the phases written: M, X and i.
    private func checkSchema(_ event: [String: Any]) {
        let phase = event["ph"] as? String
        #expect(["M", "X", "i"].contains(phase ?? ""), "unknown phase in \(event)")
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
        let segments = report.timeline.lanes.reduce(0) { $0 + $1.segments.count }
        #expect(events.filter { $0["ph"] as? String == "X" }.count == segments)
        let diagnostics = events.filter { $0["cat"] as? String == "diagnostic" }
        #expect(diagnostics.count == report.timeline.markers.count)
        #expect(events.contains { $0["cat"] as? String == "story" && ($0["name"] as? String)?.hasPrefix("goHome") == true })
        let other = try #require(document["otherData"] as? [String: Any])
        #expect(other["fingerprint"] as? String == report.fingerprint)
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
