import BackgroundSimulation
import Foundation
import SimulationReports
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

    @Test func valuesKeepTheirTypes() throws {
        let line = #"{"big":9223372036854775807,"flag":true,"kind":"x","n":-5,"one":1,"s":"a\"\\\/\n\u00e9\ud83d\ude00","seq":0,"t":12}"#
        let event = try #require(try TraceFile.parse(Data(("{\"kind\":\"run.start\",\"seq\":0,\"t\":0}\n" + line).utf8), path: "t").events.last)
        #expect(event["big"] == .int(Int64.max))
        #expect(event["flag"] == .bool(true))
        #expect(event["one"] == .int(1))
        #expect(event["n"] == .int(-5))
        #expect(event["s"] == .string("a\"\\/\né😀"))
        #expect(event.time == 12)
    }

    @Test(arguments: [
        (#"{"kind":"x","seq":0,"t":1.5}"#, "line 2: column 26: the value of \"t\" is not an integer"),
        (#"{"kind":"x","seq":0}"#, "line 2: column 21: the event has no \"t\""),
        (#"{"kind":"x","seq":0,"t":0,"a":null}"#, "line 2: column 31: the value of \"a\" must be a string, an integer or a boolean"),
        (#"{"kind":"x","seq":0,"t":0,"a":{"b":1}}"#, "line 2: column 31: the value of \"a\" must be a string"),
        (#"{"kind":"x","seq":0,"t":0"#, "line 2: column 26: the object is not closed"),
        ("not json", "line 2: column 1: a trace line is a JSON object"),
    ])
    func mistakesNameTheLineAndColumn(line: String, message: String) {
        let data = Data(("{\"kind\":\"run.start\",\"seq\":0,\"t\":0}\n" + line + "\n").utf8)
        do {
            _ = try TraceFile.parse(data, path: "t.jsonl")
            Issue.record("no error for \(line)")
        } catch {
            #expect(error.description.hasPrefix("t.jsonl: " + message), "got: \(error)")
        }
    }

    @Test func emptyAndHeadlessFilesAreRefused() {
        #expect(throws: TraceFile.ReadError.self) { try TraceFile.parse(Data(), path: "e") }
        #expect(throws: TraceFile.ReadError(path: "h", line: 1, reason: "a trace starts with a \"run.start\" event, not \"x\"")) {
            try TraceFile.parse(Data(#"{"kind":"x","seq":0,"t":0}"#.utf8), path: "h")
        }
        #expect(throws: TraceFile.ReadError(path: "/nonexistent/t.jsonl", line: nil, reason: "no such file")) {
            try TraceFile.read(from: "/nonexistent/t.jsonl")
        }
    }
}
