import SimulationModel
import Testing

/// Every kind of record goes through the canonical writer and the strict reader unchanged.
@Suite struct TraceRecordTests {
    static let request = TaskRequest(identifier: "com.example.refresh", kind: .appRefresh, earliestBegin: 900)
    static let continued = TaskRequest(
        identifier: "com.example.export.1", kind: .continuedProcessing, title: "Export", subtitle: "clip", strategy: .fail,
        requiresGPU: true)

    /// One record of every kind, with optional fields both present and absent somewhere.
    static let records: [TraceRecord] = [
        .runStart(.init(
            scenario: "s", seed: .max, profile: PlatformProfile(.iOS17), version: "1", stopAt: 5, bundleIdentifier: "b",
            policy: .realistic, supportsBackgroundGPU: true)),
        .runStart(.init(
            scenario: "s", seed: 1, profile: PlatformProfile(.iOS26), version: "1", stopAt: 5, bundleIdentifier: "b",
            policy: .deterministic, supportsBackgroundGPU: false, features: [.push])),
        .runStart(.init(
            scenario: "s", seed: 1, profile: PlatformProfile(.iOS26), version: "1", stopAt: 5, bundleIdentifier: "b",
            policy: .deterministic, supportsBackgroundGPU: false, features: [.push, .urlSession])),
        .runEnd(.init(ending: .stalled, state: .suspended, diagnostics: 3)),
        .runLimitExceeded(.init(message: "m")),
        .deviceState(.init(DeviceConditions())),
        .userAction(.init(.answerPrompt(identifier: nil, answer: .stop), note: "n")),
        .userAction(.init(.tap(action: "save"), note: nil)),
        .userAction(.init(.updateApp(build: "2.0"), note: nil)),
        .userActionIgnored(.init(why: "w")),
        .appState(.init(process: 1, from: .background, to: .suspended, cause: nil)),
        .appState(.init(process: 2, from: .background, termination: .init(reason: .watchdog, message: "m"))),
        .appCallback(.init(process: 1, callback: "userAction:x", phase: .returned)),
        .appWork(.init(process: 1, duration: 7, lane: "main")),
        .appWait(.init(process: 1, duration: 0, lane: "background")),
        .appSave(.init(process: 1, checkpoint: "c", work: 9)),
        .appLock(.init(process: 1, lock: "db", held: false)),
        .appLog(.init(process: 1, message: "a \"quoted\"\nline", lane: "main")),
        .appUserActionIgnored(.init(process: 1, userAction: "u", state: .suspended)),
        .appOutput(.init(process: 1, output: "o", change: .remove, units: 0, total: 0, state: nil, identifier: nil)),
        .appOutput(.init(process: 1, output: "o", change: .write, units: 1, total: 2, state: .partial, identifier: "i")),
        .appUpdateUI(.init(process: 1, lane: "main")),
        .appStepIgnored(.init(process: 1, step: "s", why: "w")),
        .backgroundTimeStart(.init(process: 1, budget: 30, deadline: 40)),
        .backgroundTimeExpiring(.init(process: 1, openTasks: 2)),
        .backgroundTimeEnd(.init(process: 1)),
        .backgroundTaskBegin(.init(process: 1, identifier: 1, name: "n", remaining: nil)),
        .backgroundTaskBegin(.init(process: 1, identifier: 2, name: "", remaining: 25)),
        .backgroundTaskEnd(.init(process: 1, identifier: 1, name: "n", age: 3)),
        .backgroundTaskInvalid(.init(process: 1, name: "n", state: .suspended)),
        .backgroundTaskExpirationHandler(.init(process: 1, identifier: 1, phase: .started)),
        .taskRegister(.init(process: 1, identifier: "r", registered: false, queue: nil)),
        .taskRegister(.init(process: 1, identifier: "r", registered: true, queue: .main)),
        .taskSubmit(.init(process: 1, request: request, personAction: nil, replaced: true, queued: false)),
        .taskSubmit(.init(process: 1, request: continued, personAction: "tap", replaced: false, queued: true)),
        .taskSubmitFailed(.init(process: 1, request: continued, personAction: nil, error: .immediateRunIneligible, why: "w")),
        .taskDropped(.init(identifier: "x", type: .continuedProcessing, reason: "r")),
        .taskCancel(.init(process: 1, identifier: "x", found: true)),
        .taskCancelAll(.init(process: 1, count: 4)),
        .taskWaiting(.init(identifier: "x", type: .appRefresh, reason: .ready(at: 90))),
        .taskWaiting(.init(identifier: "x", type: .processing, reason: .blocked(.thermalState(.critical)))),
        .taskLaunchRequest(.init(identifier: "x", type: .processing, cause: .simulateLaunch)),
        .taskStart(.init(process: 1, identifier: "x", type: .continuedProcessing, deadline: nil, queue: .background)),
        .taskStart(.init(process: 1, identifier: "x", type: .appRefresh, deadline: 30, queue: .main)),
        .taskExpire(.init(process: 1, identifier: "x", reason: "r")),
        .taskWorkCancelled(.init(process: 1, identifier: "x")),
        .taskEnd(.init(process: 1, identifier: "x", how: .processEnded, success: false, output: .partial)),
        .taskEnd(.init(process: 1, identifier: "x", how: .completed, success: true, output: nil)),
        .liveActivityUpdate(.init(
            process: 1, identifier: "x", title: "t", subtitle: "s", completed: 1, total: 3, permille: 333, cause: .progress,
            advanced: true)),
        .liveActivityPrompt(.init(process: 1, identifier: "x", phase: .shown(stalledFor: 15))),
        .liveActivityPrompt(.init(process: 1, identifier: "x", phase: .answered(.continue))),
        .liveActivityPrompt(.init(process: 1, identifier: "x", phase: .withdrawn(why: "w"))),
        .pushReceived(.init(push: 1, notification: RemoteNotification(contentAvailable: true, pushType: .alert, priority: 10))),
        .pushOutcome(.init(push: 1, outcome: .held, why: "w")),
        .pushOutcome(.init(push: 2, outcome: .delivered, process: 3, wake: .launched)),
        .pushCompletion(.init(push: 1, process: 2, phase: .called, result: .noData)),
        .pushCompletion(.init(push: 1, process: 2, phase: .timedOut)),
        .transferState(.init(transfer: 1, session: "s", phase: .waiting, bytes: 5, total: 9, why: "no network")),
        .transferState(.init(transfer: 1, session: "s", phase: .finished, bytes: 9, total: 9)),
        .transferSession(.init(session: "s", phase: .eventsReady, process: 2, wake: .launched)),
        .transferSession(.init(session: "s", phase: .timedOut, process: 2, why: "w")),
        .console(.init(process: 1, message: "m")),
        .diagnostic(.init(Diagnostic(rule: Rules.backgroundTaskLeaked, time: 1, process: nil, subject: "s", message: "m"))),
        .illegalTransition(.init(process: 1, from: .suspended, to: .foregroundActive)),
    ]

    @Test func everyKindHasARecordHere() {
        let kinds = Set(Self.records.map(\.kind))
        #expect(TraceKind.allCases.filter { !kinds.contains($0) } == [])
    }

    @Test func everyRecordReadsBackAsWritten() throws {
        let events = Self.records.enumerated().map { TraceEvent(time: Int64($0.offset), sequence: $0.offset, record: $0.element) }
        let text = events.map { $0.jsonLine + "\n" }.joined()
        let trace = try TraceReader.read(Array(text.utf8))
        #expect(trace.events.count == events.count)
        for (read, written) in zip(trace.events, events) {
            #expect(read == written, "\(written.jsonLine)")
        }
    }

    @Test func fieldsAreWrittenSortedWithTheEventsOwnKeysMergedIn() {
        let event = TraceEvent(time: 12, sequence: 3, record: .appLock(.init(process: 1, lock: "db", held: true)))
        #expect(event.jsonLine == #"{"held":true,"kind":"app.lock","lock":"db","process":1,"seq":3,"t":12}"#)
    }
}
