import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import Foundation
import SimulationKernel
@testable import SimulationReports
import Testing

/// Reading a trace file back: every value as written, the same fingerprint, errors with a line.
@Suite struct TraceFileTests {
    private func text(of result: SimulationResult) -> String {
        result.events.map { $0.jsonLine + "\n" }.joined()
    }

    @Test(arguments: Runs.names)
    func aTraceReadsBackToTheSameEventsAndFingerprint(name: String) throws {
        let (result, _) = try Runs.result(name)
        let trace = try TraceFile.parse(Data(text(of: result).utf8), path: "t.jsonl")
        #expect(trace.events == result.events)
        #expect(trace.events.map(\.jsonLine) == result.events.map(\.jsonLine))
        #expect(trace.fingerprint == result.fingerprint)
        // The lanes drawn from the file are the lanes drawn from the run.
        #expect(Timeline(events: trace.events).lanes == Timeline(events: result.events).lanes)
    }

    /// A real first line: the reader insists on a complete `run.start`.
    private func header() throws -> String {
        try Runs.result(Runs.names[0]).0.events[0].jsonLine + "\n"
    }

    @Test func valuesKeepTheirTypes() throws {
        let lines = [
            #"{"checkpoint":"c","kind":"app.save","process":1,"seq":1,"t":12,"work":9223372036854775807}"#,
            #"{"kind":"app.log","lane":"main","message":"a\"\\\/\n\u00e9\ud83d\ude00","process":1,"seq":2,"t":12}"#,
            #"{"held":true,"kind":"app.lock","lock":"db","process":1,"seq":3,"t":13}"#,
        ]
        let events = try TraceFile.parse(Data((try header() + lines.joined(separator: "\n")).utf8), path: "t").events
        #expect(events.count == 4)
        guard case .app(.save(let save)) = events[1].record, case .app(.log(let log)) = events[2].record,
              case .app(.lock(let lock)) = events[3].record else {
            Issue.record("wrong records: \(events.map(\.kind))")
            return
        }
        #expect(save.work == .max)
        #expect(log.message == "a\"\\/\né😀")
        #expect(lock.held)
        #expect(events[3].time == VirtualInstant(nanoseconds: 13))
    }

    @Test(arguments: [
        (#"{"kind":"x","seq":1,"t":1.5}"#, "line 2: column 26: the value of \"t\" is not an integer"),
        (#"{"kind":"x","seq":1}"#, "line 2: column 21: the event has no \"t\""),
        (#"{"kind":"x","seq":1,"t":0,"a":null}"#, "line 2: column 31: the value of \"a\" must be a string, an integer or a boolean"),
        (#"{"kind":"x","seq":1,"t":0,"a":{"b":1}}"#, "line 2: column 31: the value of \"a\" must be a string"),
        (#"{"kind":"x","seq":1,"t":0"#, "line 2: column 26: the object is not closed"),
        ("not json", "line 2: column 1: a trace line is a JSON object"),
        (#"{"kind":"app.lg","seq":1,"t":0}"#, "line 2: unknown kind \"app.lg\" (did you mean \"app.log\"?)"),
        (#"{"kind":"backgroundTime.end","seq":1,"t":0}"#, "line 2: backgroundTime.end: \"process\": missing"),
        (#"{"kind":"backgroundTime.end","process":1,"extra":2,"seq":1,"t":0}"#, "line 2: backgroundTime.end: \"extra\": is not a field"),
        (#"{"kind":"backgroundTime.end","process":-1,"seq":1,"t":0}"#, "line 2: backgroundTime.end: \"process\": must be zero or more"),
        (#"{"kind":"backgroundTime.end","process":1,"seq":2,"t":0}"#, "line 2: \"seq\" is 2 where 1 was expected"),
        (#"{"kind":"backgroundTime.end","process":1,"seq":1,"t":-5}"#, "line 2: \"t\" is -5: virtual time is never negative"),
        (#"{"kind":"backgroundTime.end","process":01,"seq":1,"t":0}"#, "line 2: column 42: the integer of \"process\" has a leading zero"),
        (#"{"kind":"app.state","from":"background","process":1,"seq":1,"t":0,"to":"sleeping"}"#, "line 2: app.state: \"to\": must be one of"),
    ])
    func mistakesNameTheLineAndColumn(line: String, message: String) throws {
        let data = Data((try header() + line + "\n").utf8)
        do {
            _ = try TraceFile.parse(data, path: "t.jsonl")
            Issue.record("no error for \(line)")
        } catch {
            #expect(error.description.hasPrefix("t.jsonl: " + message), "got: \(error)")
        }
    }

    @Test func timeNeverGoesBack() throws {
        let first = try header()
        let later = #"{"kind":"backgroundTime.end","process":1,"seq":1,"t":100}"# + "\n"
        let earlier = #"{"kind":"backgroundTime.end","process":1,"seq":2,"t":99}"# + "\n"
        #expect(throws: TraceFile.ReadError(path: "b", line: 3, reason: "\"t\" goes back from 100 to 99 ns: a trace is in time order")) {
            try TraceFile.parse(Data((first + later + earlier).utf8), path: "b")
        }
    }

    @Test func emptyAndHeadlessFilesAreRefused() {
        #expect(throws: TraceFile.ReadError.self) { try TraceFile.parse(Data(), path: "e") }
        #expect(throws: TraceFile.ReadError(path: "h", line: 1, reason: "a trace starts with a \"run.start\" event, not \"backgroundTime.end\"")) {
            try TraceFile.parse(Data(#"{"kind":"backgroundTime.end","process":1,"seq":0,"t":0}"#.utf8), path: "h")
        }
        #expect(throws: TraceFile.ReadError(path: "/nonexistent/t.jsonl", line: nil, reason: "no such file")) {
            try TraceFile.read(from: "/nonexistent/t.jsonl")
        }
    }
}
