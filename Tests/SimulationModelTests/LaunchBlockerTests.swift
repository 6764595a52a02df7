import SimulationKernel
@testable import SimulationModel
import Testing

/// Each reason a request waits has a stable name, and `bgTask.waiting` reads back exactly as written.
@Suite struct LaunchBlockerTests {
    /// One blocker of each case, with its associated values.
    static let everyBlocker: [LaunchBlocker] = [
        .closedInAppSwitcher, .appInForeground, .alreadyRunning, .lowPowerMode, .backgroundAppRefresh(.restricted), .lowBattery,
        .thermalState(.serious), .deviceInUse, .needsExternalPower, .needsNetwork, .appNotUsedRecently, .appNotRunning,
        .concurrencyLimit(running: 2),
    ]

    @Test func namesAreTheCasesOwnAndAllListed() {
        #expect(Self.everyBlocker.map(\.name) == LaunchBlocker.names)
        #expect(Set(LaunchBlocker.names).count == LaunchBlocker.names.count)
        #expect(LaunchBlocker.concurrencyLimit(running: 3).name == "concurrencyLimit")
        #expect(LaunchBlocker.backgroundAppRefresh(.denied).description == "Background App Refresh is denied")
    }

    @Test(arguments: everyBlocker)
    func aWaitingRecordReadsBackAsWritten(blocker: LaunchBlocker) throws {
        let start = TraceEvent(time: VirtualInstant(nanoseconds: 0), sequence: 0, record: .run(.start(.init(
            scenario: "s", seed: 1, profile: PlatformProfile(.iOS26), version: "1", stopAt: VirtualInstant(nanoseconds: 9), bundleIdentifier: "b",
            policy: .deterministic, supportsBackgroundGPU: false))))
        let event = TraceEvent(
            time: VirtualInstant(nanoseconds: 5), sequence: 1, record: .task(.waiting(.init(identifier: "com.example.r", type: .processing, reason: .blocked(blocker)))))
        #expect(event.jsonLine.contains("\"reason\":\"\(blocker.name)\""))
        let trace = try TraceReader.read(Array((start.jsonLine + "\n" + event.jsonLine + "\n").utf8))
        #expect(trace.events == [start, event])
    }

    @Test func theAssociatedValuesAreFieldsOfTheirOwn() {
        func line(_ reason: TaskRecord.Waiting.Reason) -> String {
            TraceEvent(time: VirtualInstant(nanoseconds: 1), sequence: 2, record: .task(.waiting(.init(identifier: "r", type: .appRefresh, reason: reason)))).jsonLine
        }
        #expect(line(.ready(at: VirtualInstant(nanoseconds: 900))) == #"{"identifier":"r","kind":"bgTask.waiting","readyAt":900,"reason":"ready","seq":2,"t":1,"type":"appRefresh"}"#)
        #expect(line(.blocked(.backgroundAppRefresh(.denied))).hasPrefix(#"{"backgroundAppRefresh":"denied","identifier":"r","#))
        #expect(line(.blocked(.concurrencyLimit(running: 2))).contains(#""reason":"concurrencyLimit","running":2,"#))
        #expect(line(.blocked(.thermalState(.critical))).contains(#""thermalState":"critical","#))
    }

    @Test func anUnknownReasonOrAMissingValueIsRefusedByName() {
        let unknown = #"{"identifier":"r","kind":"bgTask.waiting","reason":"tired","seq":0,"t":0,"type":"appRefresh"}"# + "\n"
        #expect(throws: TraceReader.Failure.self) { try TraceReader.read(Array(unknown.utf8)) }
        let missing = #"{"identifier":"r","kind":"bgTask.waiting","reason":"concurrencyLimit","seq":0,"t":0,"type":"appRefresh"}"# + "\n"
        do {
            _ = try TraceReader.read(Array(missing.utf8))
            Issue.record("a concurrency limit without its count was read")
        } catch {
            #expect(error.reason.contains("running"))
        }
        let stray = #"{"identifier":"r","kind":"bgTask.waiting","readyAt":5,"reason":"lowPowerMode","seq":0,"t":0,"type":"appRefresh"}"# + "\n"
        #expect(throws: TraceReader.Failure.self) { try TraceReader.read(Array(stray.utf8)) }
    }
}
