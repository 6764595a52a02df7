import SimulationKernel
@testable import SimulationModel
import Testing

/// Every kind of record goes through the canonical writer and the strict reader unchanged.
@Suite struct TraceRecordTests {
    static let request = TaskRequest(identifier: "com.example.refresh", kind: .appRefresh, earliestBegin: VirtualInstant(nanoseconds: 900))
    static let continued = TaskRequest(
        identifier: "com.example.export.1", kind: .continuedProcessing, title: "Export", subtitle: "clip", strategy: .fail,
        requiresGPU: true)

    /// One record of every kind, with optional fields both present and absent somewhere.
    static let records: [TraceRecord] = [
        .run(.start(.init(
            scenario: "s", seed: .max, profile: PlatformProfile(.iOS17), version: "1", stopAt: VirtualInstant(nanoseconds: 5), bundleIdentifier: "b",
            policy: .realistic, supportsBackgroundGPU: true))),
        .run(.start(.init(
            scenario: "s", seed: 1, profile: PlatformProfile(.iOS26), version: "1", stopAt: VirtualInstant(nanoseconds: 5), bundleIdentifier: "b",
            policy: .deterministic, supportsBackgroundGPU: false, features: [.push]))),
        .run(.start(.init(
            scenario: "s", seed: 1, profile: PlatformProfile(.iOS26), version: "1", stopAt: VirtualInstant(nanoseconds: 5), bundleIdentifier: "b",
            policy: .deterministic, supportsBackgroundGPU: false, features: [.push, .urlSession]))),
        .run(.end(.init(ending: .stalled, state: .suspended, diagnostics: 3))),
        .run(.limitExceeded(.init(message: "m"))),
        .device(.state(.init(DeviceConditions()))),
        .person(.action(.init(.answerPrompt(identifier: nil, answer: .stop), note: "n"))),
        .person(.action(.init(.tap(action: "save"), note: nil))),
        .person(.action(.init(.updateApp(build: "2.0"), note: nil))),
        .person(.actionIgnored(.init(why: "w"))),
        .app(.state(.init(process: 1, from: .background, to: .suspended, cause: nil))),
        .app(.state(.init(process: 1, from: .suspended, to: .background, cause: StateChangeCause.bgTask("com.example.refresh")))),
        .app(.state(.init(process: 2, from: .background, termination: .init(reason: .watchdog, message: "m")))),
        .app(.callback(.init(process: 1, callback: "userAction:x", phase: .returned))),
        .app(.work(.init(process: 1, duration: .nanoseconds(7), lane: .main))),
        .app(.wait(.init(process: 1, duration: .zero, lane: .background))),
        .app(.save(.init(process: 1, checkpoint: "c", work: .nanoseconds(9)))),
        .app(.lock(.init(process: 1, lock: "db", held: false))),
        .app(.log(.init(process: 1, message: "a \"quoted\"\nline", lane: .queue("db")))),
        .app(.userActionIgnored(.init(process: 1, userAction: "u", state: .suspended))),
        .app(.output(.init(process: 1, output: "o", change: .remove, units: 0, total: 0, state: nil, identifier: nil))),
        .app(.output(.init(process: 1, output: "o", change: .write, units: 1, total: 2, state: .partial, identifier: "i"))),
        .app(.updateUI(.init(process: 1, lane: .main))),
        .app(.stepIgnored(.init(process: 1, step: "s", why: "w"))),
        .backgroundTime(.start(.init(process: 1, budget: .nanoseconds(30), deadline: VirtualInstant(nanoseconds: 40)))),
        .backgroundTime(.expiring(.init(process: 1, openTasks: 2))),
        .backgroundTime(.end(.init(process: 1))),
        .backgroundTime(.taskBegin(.init(process: 1, identifier: 1, name: "n", remaining: nil))),
        .backgroundTime(.taskBegin(.init(process: 1, identifier: 2, name: "", remaining: .nanoseconds(25)))),
        .backgroundTime(.taskEnd(.init(process: 1, identifier: 1, name: "n", age: .nanoseconds(3)))),
        .backgroundTime(.taskInvalid(.init(process: 1, name: "n", state: .suspended))),
        .backgroundTime(.taskExpirationHandler(.init(process: 1, identifier: 1, phase: .started))),
        .task(.register(.init(process: 1, identifier: "r", registered: false, queue: nil))),
        .task(.register(.init(process: 1, identifier: "r", registered: true, queue: .main))),
        .task(.submit(.init(process: 1, request: request, personAction: nil, replaced: true, queued: false))),
        .task(.submit(.init(process: 1, request: continued, personAction: "tap", replaced: false, queued: true))),
        .task(.submitFailed(.init(process: 1, request: continued, personAction: nil, error: .immediateRunIneligible, why: "w"))),
        .task(.dropped(.init(identifier: "x", type: .continuedProcessing, reason: "r"))),
        .task(.cancel(.init(process: 1, identifier: "x", found: true))),
        .task(.cancelAll(.init(process: 1, count: 4))),
        .task(.waiting(.init(identifier: "x", type: .appRefresh, reason: .ready(at: VirtualInstant(nanoseconds: 90))))),
        .task(.waiting(.init(identifier: "x", type: .processing, reason: .blocked(.thermalState(.critical))))),
        .task(.launchRequest(.init(identifier: "x", type: .processing, cause: .simulateLaunch))),
        .task(.start(.init(process: 1, identifier: "x", type: .continuedProcessing, deadline: nil, queue: .background))),
        .task(.start(.init(process: 1, identifier: "x", type: .appRefresh, deadline: VirtualInstant(nanoseconds: 30), queue: .main))),
        .task(.expire(.init(process: 1, identifier: "x", reason: "r"))),
        .task(.workCancelled(.init(process: 1, identifier: "x"))),
        .task(.end(.init(process: 1, identifier: "x", how: .processEnded, success: false, output: .partial))),
        .task(.end(.init(process: 1, identifier: "x", how: .completed, success: true, output: nil))),
        .liveActivity(.update(.init(
            process: 1, identifier: "x", title: "t", subtitle: "s", completed: 1, total: 3, permille: 333, cause: .progress,
            advanced: true))),
        .liveActivity(.prompt(.init(process: 1, identifier: "x", phase: .shown(stalledFor: .nanoseconds(15))))),
        .liveActivity(.prompt(.init(process: 1, identifier: "x", phase: .answered(.continue)))),
        .liveActivity(.prompt(.init(process: 1, identifier: "x", phase: .withdrawn(why: "w")))),
        .push(.received(.init(push: 1, notification: RemoteNotification(contentAvailable: true, pushType: .alert, priority: 10)))),
        .push(.outcome(.init(push: 1, outcome: .held, why: .rateLimited(lastHour: 3, limit: 3)))),
        .push(.outcome(.init(push: 1, outcome: .held, why: .lateOnTheWay(.minutes(15))))),
        .push(.outcome(.init(push: 2, outcome: .delivered, process: 3, wake: .launched))),
        .push(.completion(.init(push: 1, process: 2, phase: .called, result: .noData))),
        .push(.completion(.init(push: 1, process: 2, phase: .timedOut))),
        .transfer(.state(.init(transfer: 1, session: "s", phase: .waiting, bytes: 5, total: 9, why: .noNetwork))),
        .transfer(.state(.init(transfer: 2, session: "s", phase: .failed, bytes: 0, total: 9, why: .error("NSURLErrorCannotConnectToHost")))),
        .transfer(.state(.init(transfer: 1, session: "s", phase: .finished, bytes: 9, total: 9))),
        .transfer(.session(.init(session: "s", phase: .eventsReady, process: 2, wake: .launched))),
        .transfer(.session(.init(session: "s", phase: .timedOut, process: 2, why: .completionHandlerNotCalled))),
        .console(.init(process: 1, message: "m")),
        .diagnostic(.init(Diagnostic(rule: Rules.backgroundTaskLeaked, time: VirtualInstant(nanoseconds: 1), process: nil, subject: "s", message: "m"))),
        .model(.illegalTransition(.init(process: 1, from: .suspended, to: .foregroundActive))),
        .model(.illegalTaskTransition(.init(process: 1, identifier: "x", from: .completed, to: .expired))),
        .model(.illegalTransferTransition(.init(transfer: 2, from: .fileDeleted, to: .running))),
    ]

    @Test func everyKindHasARecordHere() {
        let kinds = Set(Self.records.map(\.kind))
        #expect(TraceKind.allCases.filter { !kinds.contains($0) } == [])
    }

    /// The spellings of trace lines since before the trace was organised by feature, in the order docs/trace-format.md lists them
    /// (the model's records about itself last; the task and transfer phases' came with the process's components).
    static let spellings = [
        "run.start", "run.end", "run.limitExceeded", "device.state", "user.action", "user.actionIgnored", "app.state",
        "app.callback", "app.work", "app.wait", "app.save", "app.lock", "app.log", "app.userActionIgnored", "app.output",
        "app.updateUI", "app.stepIgnored", "backgroundTime.start", "backgroundTime.expiring", "backgroundTime.end",
        "backgroundTask.begin", "backgroundTask.end", "backgroundTask.invalid", "backgroundTask.expirationHandler",
        "bgTask.register", "bgTask.submit", "bgTask.submitFailed", "bgTask.dropped", "bgTask.cancel", "bgTask.cancelAll",
        "bgTask.waiting", "bgTask.launchRequest", "bgTask.start", "bgTask.expire", "bgTask.workCancelled", "bgTask.end",
        "liveActivity.update", "liveActivity.prompt", "push.received", "push.outcome", "push.completion", "transfer.state",
        "transfer.session", "console", "diagnostic", "model.illegalTransition", "model.illegalTaskTransition",
        "model.illegalTransferTransition",
    ]

    @Test func theFeaturesSpellEveryKindAsBeforeInTheSameOrder() {
        #expect(TraceKind.allCases.map(\.rawValue) == Self.spellings)
    }

    @Test func everySpellingReadsBackAsItsKind() {
        for kind in TraceKind.allCases {
            #expect(TraceKind(rawValue: kind.rawValue) == kind)
        }
        #expect(TraceKind(rawValue: "push") == nil)
        #expect(TraceKind(rawValue: "Push.received") == nil)
        #expect(TraceKind(rawValue: "") == nil)
    }

    @Test func aFeaturesKindsShareItsPrefix() {
        let prefixes: [String: Set<String>] = Dictionary(grouping: TraceKind.allCases, by: { Self.feature(of: $0) })
            .mapValues { Set($0.map { String($0.rawValue.split(separator: ".").first ?? "") }) }
        #expect(prefixes["run"] == ["run"])
        #expect(prefixes["person"] == ["user"])
        #expect(prefixes["backgroundTime"] == ["backgroundTime", "backgroundTask"])
        #expect(prefixes["task"] == ["bgTask"])
        #expect(prefixes["push"] == ["push"])
        #expect(prefixes["transfer"] == ["transfer"])
    }

    /// The name of a kind's feature: its case in ``TraceKind``.
    static func feature(of kind: TraceKind) -> String {
        String(String(describing: kind).prefix { $0 != "(" })
    }

    @Test func everyRecordReadsBackAsWritten() throws {
        let events = Self.records.enumerated().map { TraceEvent(time: VirtualInstant(nanoseconds: Int64($0.offset)), sequence: $0.offset, record: $0.element) }
        let text = events.map { $0.jsonLine + "\n" }.joined()
        let trace = try TraceReader.read(Array(text.utf8))
        #expect(trace.events.count == events.count)
        for (read, written) in zip(trace.events, events) {
            #expect(read == written, "\(written.jsonLine)")
        }
    }

    @Test func fieldsAreWrittenSortedWithTheEventsOwnKeysMergedIn() {
        let event = TraceEvent(time: VirtualInstant(nanoseconds: 12), sequence: 3, record: .app(.lock(.init(process: 1, lock: "db", held: true))))
        #expect(event.jsonLine == #"{"held":true,"kind":"app.lock","lock":"db","process":1,"seq":3,"t":12}"#)
    }
}
