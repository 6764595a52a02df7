import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import Foundation
import SimulationKernel
import Testing

/// BGTaskScheduler: each rule made to happen, and the correct app kept clean.
@Suite struct TaskSchedulerTests {
    static let refreshID = "com.example.app.refresh"
    static let cleanupID = "com.example.app.cleanup"
    static let minute: VirtualDuration = .minutes(1)
    static let second: VirtualDuration = .seconds(1)

    /// A correct refresh handler: expiration handler, reschedule, short fetch, complete.
    static let goodRefresh: [Step] = [
        .setTaskExpirationHandler(.steps([.cancelWork, .setTaskCompleted(success: false)])),
        .wait(duration: 3 * second), .save(checkpoint: "feed", duration: .zero), .setTaskCompleted(success: true),
    ]

    static func app(
        modes: [BackgroundMode] = [.fetch, .processing], permitted: [String] = [refreshID, cleanupID],
        actions: [String: [Step]], handlers: [(AppDefinition.Callback, String)]
    ) -> AppDefinition {
        AppDefinition(
            bundleIdentifier: "com.example.app", backgroundModes: modes, permittedIdentifiers: permitted,
            handlers: handlers.map { (callback: $0.0, action: $0.1) }, actions: actions)
    }

    /// Registers `handler` for the refresh identifier at launch and submits a refresh on entering the background.
    static func refreshApp(
        handler: [Step], earliestBegin: VirtualDuration = 20 * minute, queueMain: Bool = false, asyncHandler: Bool = false,
        permitted: [String] = [refreshID], modes: [BackgroundMode] = [.fetch]
    ) -> AppDefinition {
        app(modes: modes, permitted: permitted, actions: [
            "registerTasks": [.register(identifier: refreshID, launchHandler: "refresh", onMainQueue: queueMain, asyncHandler: asyncHandler)],
            "schedule": [.submit(TaskRequest(identifier: refreshID, kind: .appRefresh), earliestBegin: earliestBegin)],
            "refresh": handler,
        ], handlers: [(.didFinishLaunching, "registerTasks"), (.didEnterBackground, "schedule")])
    }

    static func run(
        _ app: AppDefinition, _ timeline: [TimelineEntry], stopAt: Duration = .seconds(180 * 60), policy: SchedulingPolicy = .deterministic,
        device: DeviceConditions = DeviceConditions(), seed: UInt64 = 1, profile: PlatformProfile = PlatformProfile(.iOS26)
    ) -> SimulationResult {
        Simulation(scenario: Scenario(
            name: "scheduler", seed: seed, profile: profile, stopAt: stopAt, app: app, device: device, policy: policy, timeline: timeline)).run()
    }

    static let leaveAtOneMinute = [
        TimelineEntry(at: .zero, action: .launch), TimelineEntry(at: minute.duration, action: .goHome),
        TimelineEntry(at: (minute + 5 * second).duration, action: .lock),
    ]

    static func rules(_ result: SimulationResult) -> [String] {
        Array(Set(result.diagnostics.map(\.rule.id))).sorted()
    }

    static func events(_ result: SimulationResult, _ kind: TraceKind) -> [TraceEvent] {
        result.events.filter { $0.kind == kind }
    }

    // MARK: The correct app

    @Test func aCorrectRefreshRunsAtItsEarliestBeginAndStaysClean() throws {
        let result = Self.run(Self.refreshApp(handler: Self.goodRefresh), Self.leaveAtOneMinute)
        #expect(result.diagnostics.isEmpty)
        let start = try #require(Self.events(result, .task(.start)).first)
        // Deterministic policy: exactly earliestBegin after the submission at 1m.
        #expect(start.time == VirtualInstant.zero + 21 * Self.minute)
        let end = try #require(Self.events(result, .task(.end)).first)
        #expect(end["how"] == "completed" && end["success"] == .bool(true))
        #expect(end.time == VirtualInstant.zero + 21 * Self.minute + 3 * Self.second)
        // The app was woken from suspension and suspended again when the task ended.
        let states = Self.events(result, .app(.state)).map { "\(($0.time - .zero) / Self.second):\($0["to"]?.string ?? "")" }
        #expect(states.contains("1260:background"))
        #expect(states.contains("1263:suspended"))
    }

    // MARK: Registration

    @Test func identifierNotPermittedFailsToRegisterAndToSubmit() {
        let result = Self.run(Self.refreshApp(handler: Self.goodRefresh, permitted: ["com.example.app.other"]), Self.leaveAtOneMinute)
        #expect(Self.rules(result) == ["BGS010"])
        #expect(Self.events(result, .task(.register)).first?["registered"] == .bool(false))
        #expect(Self.events(result, .task(.submitFailed)).first?["error"] == "notPermitted")
        #expect(Self.events(result, .task(.start)).isEmpty)
    }

    @Test func missingBackgroundModeMakesSubmitNotPermitted() {
        let result = Self.run(Self.refreshApp(handler: Self.goodRefresh, modes: ["processing"]), Self.leaveAtOneMinute)
        #expect(Self.rules(result) == ["BGS010"])
        #expect(Self.events(result, .task(.submitFailed)).first?["why"] == "UIBackgroundModes lacks fetch")
    }

    @Test func registeringAfterLaunchFollowsTheProfile() {
        var app = Self.refreshApp(handler: Self.goodRefresh)
        app.handlers = [(callback: .didBecomeActive, action: "registerTasks"), (callback: .didEnterBackground, action: "schedule")]
        // iOS 17 (iOS 18.2's framework): raises at the registration.
        let raises = Self.run(app, Self.leaveAtOneMinute, profile: PlatformProfile(.iOS17))
        #expect(Self.rules(raises) == ["BGS011"])
        #expect(raises.terminations == [.crash])
        #expect(raises.diagnostics.first?.message == "All launch handlers must be registered before application finishes launching")
        #expect(raises.consoleMessages == ["*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', "
            + "reason: 'All launch handlers must be registered before application finishes launching'"])
        // The iOS 26 header's reading: a refresh identifier is not exempt.
        var header = PlatformProfile(.iOS26)
        header.setChoice(.registrationAfterLaunch, to: "continuedExempt")
        #expect(Self.rules(Self.run(app, Self.leaveAtOneMinute, profile: header)) == ["BGS011"])
        // iOS 26 (26.1's framework, the default): accepted; the submission is flagged, and the task runs (the process
        // that registered is the one the system wakes).
        let accepted = Self.run(app, Self.leaveAtOneMinute)
        #expect(Self.rules(accepted) == ["BGS033"])
        #expect(accepted.diagnostics.first?.time == VirtualInstant.zero + Self.minute)
        #expect(accepted.terminations.isEmpty)
        #expect(Self.events(accepted, .task(.end)).first?["how"] == "completed")
    }

    @Test func bgs033QuietWhenRegisteredAtLaunch() {
        #expect(Self.run(Self.refreshApp(handler: Self.goodRefresh), Self.leaveAtOneMinute).diagnostics.isEmpty)
    }

    @Test func submittingWithoutRegisteringCrashesAtTheSubmit() {
        // firefox-ios #19031: the feature flag turned on after launch, so setUp (the registration) never ran.
        for kind in [TaskKind.appRefresh, .processing] {
            let identifier = kind == .appRefresh ? Self.refreshID : Self.cleanupID
            let app = Self.app(actions: [
                "schedule": [.submit(TaskRequest(identifier: identifier, kind: kind), earliestBegin: 20 * Self.minute)],
            ], handlers: [(.didEnterBackground, "schedule")])
            let result = Self.run(app, Self.leaveAtOneMinute)
            #expect(Self.rules(result) == ["BGS013"])
            #expect(result.terminations == [.crash])
            #expect(result.terminationEvents.first?.time == VirtualInstant.zero + Self.minute)
            #expect(result.consoleMessages == ["*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', "
                + "reason: 'No launch handler registered for task with identifier \(identifier)'"])
            #expect(Self.events(result, .task(.submit)).isEmpty)
            // The registration sat behind something that did not hold at launch: register at launch, let it decide the submit.
            #expect(result.diagnostics.first?.message == "No launch handler registered for task with identifier \(identifier): "
                + "this process registered no handler for it before submitting it")
            #expect(result.diagnostics.first?.fix == "Register \(identifier) at launch unconditionally (in "
                + "application(_:didFinishLaunchingWithOptions:)); let the flag or setting decide only whether to submit.")
        }
        // Not in Info.plist: no exception, only notPermitted (flutter_workmanager #660 shows both cases).
        let notListed = Self.app(permitted: [], actions: [
            "schedule": [.submit(TaskRequest(identifier: Self.refreshID, kind: .appRefresh))],
        ], handlers: [(.didEnterBackground, "schedule")])
        let refused = Self.run(notListed, Self.leaveAtOneMinute)
        #expect(Self.rules(refused) == ["BGS010"])
        #expect(refused.terminations.isEmpty)
        #expect(refused.consoleMessages == ["\(Self.refreshID) is not advertised in the application's Info.plist"])
    }

    @Test func registeringTwiceCrashes() {
        var app = Self.refreshApp(handler: Self.goodRefresh)
        app.actions["registerTasks"] = app.actions["registerTasks"]! + app.actions["registerTasks"]!
        let result = Self.run(app, Self.leaveAtOneMinute)
        #expect(Self.rules(result) == ["BGS012"])
        #expect(result.diagnostics.first?.message == "Launch handler for task with identifier \(Self.refreshID) has already been registered")
    }

    @Test func aLaunchWithoutTheHandlerCrashes() {
        // The handler is registered only when the person taps (a flag that is not set in a background launch).
        var app = Self.refreshApp(handler: Self.goodRefresh)
        app.handlers = [(callback: .didEnterBackground, action: "schedule")]
        let timeline = [
            TimelineEntry(at: .zero, action: .launch), TimelineEntry(at: (30 * Self.second).duration, action: .tap(action: "registerTasks")),
            TimelineEntry(at: Self.minute.duration, action: .goHome), TimelineEntry(at: (2 * Self.minute).duration, action: .memoryPressure),
        ]
        let result = Self.run(app, timeline)
        #expect(Self.rules(result) == ["BGS013", "BGS033"])
        #expect(result.terminations == [.memoryPressure, .crash])
        #expect(result.diagnostics("BGS013").first?.message == "No launch handler registered for task with identifier \(Self.refreshID): "
            + "app #1 registered it only after its launch had finished (at 30.000s, on the person's action or later), and this "
            + "background launch ran no such code")
        #expect(result.diagnostics("BGS013").first?.fix.hasPrefix(
            "Register \(Self.refreshID) in application(_:didFinishLaunchingWithOptions:), before it returns") == true)
        // The second process, launched in the background for the refresh, never ran the tap that registered.
        #expect(result.diagnostics("BGS013").first?.process == 2)
    }

    // MARK: Submission

    @Test func submitIsUnavailableWithBackgroundAppRefreshOff() {
        var device = DeviceConditions()
        device.backgroundAppRefresh = .denied
        let result = Self.run(Self.refreshApp(handler: Self.goodRefresh), Self.leaveAtOneMinute, device: device)
        #expect(Self.events(result, .task(.submitFailed)).first?["error"] == "unavailable")
        #expect(Self.events(result, .task(.start)).isEmpty)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func lowPowerModeHoldsRequestsBackAndRefusesThemOnlyWhenTheProfileSays() {
        var device = DeviceConditions()
        device.lowPowerMode = true
        // By default (the header does not list Low Power Mode among the causes of unavailable): accepted, held back.
        let held = Self.run(Self.refreshApp(handler: Self.goodRefresh), Self.leaveAtOneMinute, device: device)
        #expect(Self.events(held, .task(.submit)).count == 1)
        #expect(Self.events(held, .task(.submitFailed)).isEmpty)
        #expect(Self.events(held, .task(.start)).isEmpty)
        var refusing = PlatformProfile(.iOS26)
        refusing[.lowPowerModeRefusesSubmit] = 1
        let refused = Self.run(Self.refreshApp(handler: Self.goodRefresh), Self.leaveAtOneMinute, device: device, profile: refusing)
        #expect(Self.events(refused, .task(.submitFailed)).first?["error"] == "unavailable")
        #expect(Self.events(refused, .task(.submitFailed)).first?["why"] == "Low Power Mode is on")
    }

    @Test func tooManyPendingRequestsAndResubmissionReplaces() {
        let processing = (0..<11).map { index in
            Step.submit(TaskRequest(identifier: "com.example.app.p\(index)", kind: .processing))
        }
        let app = Self.app(
            permitted: [Self.refreshID, "com.example.app.refresh2"] + (0..<11).map { "com.example.app.p\($0)" },
            actions: [
                "refresh": [],
                "registerAll": ([Self.refreshID, "com.example.app.refresh2"] + (0..<11).map { "com.example.app.p\($0)" }).map {
                    .register(identifier: $0, launchHandler: "refresh", onMainQueue: false, asyncHandler: false)
                },
                "submitAll": [
                    .submit(TaskRequest(identifier: Self.refreshID, kind: .appRefresh), earliestBegin: 60 * Self.minute),
                    .submit(TaskRequest(identifier: Self.refreshID, kind: .appRefresh), earliestBegin: 90 * Self.minute),
                    .submit(TaskRequest(identifier: "com.example.app.refresh2", kind: .appRefresh), earliestBegin: 60 * Self.minute),
                ] + processing,
            ], handlers: [(.didFinishLaunching, "registerAll"), (.didBecomeActive, "submitAll")])
        let result = Self.run(app, [TimelineEntry(at: .zero, action: .launch)], stopAt: Self.minute.duration)
        let failed = Self.events(result, .task(.submitFailed))
        #expect(failed.map { $0["identifier"]?.string ?? "" } == ["com.example.app.refresh2", "com.example.app.p10"])
        #expect(failed.allSatisfy { $0["error"] == "tooManyPendingTaskRequests" })
        #expect(Self.events(result, .task(.submit)).filter { $0["replaced"] == .bool(true) }.count == 1)
    }

    @Test func cancelledRequestsNeverRun() {
        var app = Self.refreshApp(handler: Self.goodRefresh)
        app.actions["cancel"] = [.cancelTaskRequest(identifier: Self.refreshID)]
        app.actions["cancelAll"] = [.cancelAllTaskRequests]
        for action in ["cancel", "cancelAll"] {
            app.handlers = [(callback: .didFinishLaunching, action: "registerTasks"), (callback: .didEnterBackground, action: "schedule"),
                            (callback: .willEnterForeground, action: action)]
            let timeline = [
                TimelineEntry(at: .zero, action: .launch), TimelineEntry(at: Self.minute.duration, action: .goHome),
                TimelineEntry(at: (2 * Self.minute).duration, action: .returnToApp),
            ]
            let result = Self.run(app, timeline)
            #expect(Self.events(result, .task(.start)).isEmpty, "\(action)")
        }
    }

    @Test func pendingRequestsSurviveTermination() throws {
        let timeline = Self.leaveAtOneMinute + [TimelineEntry(at: (2 * Self.minute).duration, action: .memoryPressure)]
        let result = Self.run(Self.refreshApp(handler: Self.goodRefresh), timeline)
        #expect(result.diagnostics.isEmpty)
        let start = try #require(Self.events(result, .task(.start)).first)
        #expect(start["process"] == .int(2))
        #expect(Self.events(result, .app(.state)).contains { $0["process"] == .int(2) && $0["to"] == "launchingBackground" })
    }

    @Test func aForceQuitHoldsLaunchesUntilThePersonOpensTheApp() throws {
        let timeline = [
            TimelineEntry(at: .zero, action: .launch), TimelineEntry(at: Self.minute.duration, action: .goHome),
            TimelineEntry(at: (2 * Self.minute).duration, action: .swipeAway),
            TimelineEntry(at: (60 * Self.minute).duration, action: .launch), TimelineEntry(at: (61 * Self.minute).duration, action: .goHome),
        ]
        let result = Self.run(Self.refreshApp(handler: Self.goodRefresh), timeline)
        let start = try #require(Self.events(result, .task(.start)).first)
        // Due at 21m but held by the force quit; the reopened app resubmits at 61m (replacing it) for 20 minutes later.
        #expect(start.time == VirtualInstant.zero + 81 * Self.minute)
        #expect(start["process"] == .int(2))
        #expect(Self.events(result, .task(.submit)).last?["replaced"] == .bool(true))
    }

    @Test func refreshRequestedSoonerThanFifteenMinutesIsFlaggedAndThrottled() {
        var handler = Self.goodRefresh
        handler.insert(.submit(TaskRequest(identifier: Self.refreshID, kind: .appRefresh), earliestBegin: Self.minute), at: 1)
        let result = Self.run(Self.refreshApp(handler: handler, earliestBegin: Self.minute), Self.leaveAtOneMinute)
        #expect(Self.rules(result) == ["BGS017"])
        let starts = Self.events(result, .task(.start)).map(\.time)
        #expect(starts.count >= 3)
        for (first, second) in zip(starts, starts.dropFirst()) { #expect(second - first >= 15 * Self.minute) }
    }

    // MARK: Runtime

    @Test func forgettingSetTaskCompletedKeepsTheAppRunningThenKillsIt() throws {
        let handler: [Step] = [.setTaskExpirationHandler(.steps([.cancelWork])), .wait(duration: 2 * Self.second)]
        let result = Self.run(Self.refreshApp(handler: handler), Self.leaveAtOneMinute)
        // Not "the work does not fit" (BGS048): the work ended after 2 s and the task idled.
        #expect(Self.rules(result) == ["BGS014", "BGS031"])
        #expect(result.terminations == [.watchdog])
        let start = try #require(Self.events(result, .task(.start)).first)
        #expect(result.diagnostics("BGS031").first?.message == "the work of app refresh task \(Self.refreshID) ended 2s after launch "
            + "without setTaskCompleted(success:); the task idled for 28s until its time ran out")
        #expect(result.diagnostics("BGS014").first?.message == "app refresh task \(Self.refreshID) had not called "
            + "setTaskCompleted(success:) 5s after its expiration handler was called (its expiration handler returned without completing it)")
        // Not suspended while the task runs, though the handler returned after 2 s.
        #expect(!Self.events(result, .app(.state)).contains { $0.time > start.time && $0.time < start.time + 30 * Self.second && $0["to"] == "suspended" })
        let kill = try #require(result.events.first { $0["to"] == "terminated" })
        #expect(kill.time == start.time + 35 * Self.second)
    }

    @Test func noExpirationHandlerIsMarkedCompleteAndUnsuccessful() throws {
        let result = Self.run(Self.refreshApp(handler: [.wait(duration: 40 * Self.second), .setTaskCompleted(success: true)]), Self.leaveAtOneMinute)
        // The work's setTaskCompleted at 40 s comes after the system's completion at 30 s: BGS015 says it, not BGS016.
        #expect(Self.rules(result) == ["BGS015", "BGS048"])
        let end = try #require(Self.events(result, .task(.end)).first)
        #expect(end["how"] == "expired" && end["success"] == .bool(false))
        #expect(result.terminations.isEmpty)
    }

    @Test func aCompletionAfterTheSystemCompletedATaskWithoutAHandlerIsNotACompletionTwice() throws {
        // No expiration handler: the system completes the task when its time runs out (BGS015). The work's own
        // setTaskCompleted comes when the person opens the app again: the app completed it once, so no BGS016.
        let timeline = Self.leaveAtOneMinute + [
            TimelineEntry(at: (90 * Self.minute).duration, action: .unlock),
            TimelineEntry(at: (91 * Self.minute).duration, action: .returnToApp),
        ]
        let handler: [Step] = [.wait(duration: 40 * Self.second), .setTaskCompleted(success: true), .log("completed")]
        let result = Self.run(Self.refreshApp(handler: handler), timeline)
        // The refresh had its whole documented 30 s with its 40 s of work going: BGS048 (the work does not fit).
        #expect(Self.rules(result) == ["BGS015", "BGS048"])
        #expect(Self.events(result, .task(.end)).count == 1)
        // The work did go on to its setTaskCompleted, after the system's completion.
        let end = try #require(Self.events(result, .task(.end)).first)
        #expect(Self.events(result, .app(.log)).contains { $0.time > end.time && $0["message"] == "completed" })
    }

    @Test func completingTwiceIsFlagged() {
        let result = Self.run(Self.refreshApp(handler: Self.goodRefresh + [.setTaskCompleted(success: true)]), Self.leaveAtOneMinute)
        #expect(Self.rules(result) == ["BGS016"])
    }

    @Test func mainActorCodeOnABackgroundQueueIsFlaggedButNotOnMain() {
        let handler = [Step.updateUI] + Self.goodRefresh
        #expect(Self.rules(Self.run(Self.refreshApp(handler: handler), Self.leaveAtOneMinute)) == ["BGS019"])
        let onMain = Self.run(Self.refreshApp(handler: handler, queueMain: true), Self.leaveAtOneMinute)
        #expect(onMain.diagnostics.isEmpty)
        #expect(Self.events(onMain, .task(.start)).first?["queue"] == "main")
    }

    @Test func anAsyncHandlerCompletesWhenItReturnsAndIsCancelledByExpiration() throws {
        let quick = Self.run(Self.refreshApp(handler: [.wait(duration: 2 * Self.second)], asyncHandler: true), Self.leaveAtOneMinute)
        #expect(quick.diagnostics.isEmpty)
        #expect(Self.events(quick, .task(.end)).first?["how"] == "completed")
        let slow = Self.run(Self.refreshApp(handler: [.wait(duration: 60 * Self.second), .save(checkpoint: "never", duration: .zero)], asyncHandler: true), Self.leaveAtOneMinute)
        #expect(Self.rules(slow) == ["BGS048"])
        let end = try #require(Self.events(slow, .task(.end)).first)
        #expect(end["how"] == "expired" && end["success"] == .bool(false))
        #expect(!slow.saved.contains("never"))
        #expect(slow.terminations.isEmpty)
    }

    @Test func anIncompleteTaskDelaysTheNextOne() throws {
        let handler: [Step] = [
            .setTaskExpirationHandler(.steps([.setTaskCompleted(success: false)])),
            .submit(TaskRequest(identifier: Self.refreshID, kind: .appRefresh), earliestBegin: 20 * Self.minute),
            .wait(duration: 60 * Self.second),
        ]
        let result = Self.run(Self.refreshApp(handler: handler), Self.leaveAtOneMinute, stopAt: (300 * Self.minute).duration)
        let starts = Self.events(result, .task(.start)).map(\.time)
        #expect(starts.count >= 2)
        // Expired at start + 30 s; the next waits the penalty (1 h) rather than its 20 minutes.
        #expect(starts[1] == starts[0] + 30 * Self.second + 60 * Self.minute)
    }

    // MARK: Processing

    static func cleanupApp(power: Bool = true, network: Bool = true, handler: [Step]? = nil) -> AppDefinition {
        app(modes: ["processing"], permitted: [cleanupID], actions: [
            "registerTasks": [.register(identifier: cleanupID, launchHandler: "cleanUp", onMainQueue: false, asyncHandler: false)],
            "schedule": [.submit(TaskRequest(identifier: cleanupID, kind: .processing, requiresNetworkConnectivity: network, requiresExternalPower: power))],
            "cleanUp": handler ?? [
                .setTaskExpirationHandler(.steps([.cancelWork, .setTaskCompleted(success: false)])),
                .repeating(count: 30, steps: [.stopIfCancelled, .work(duration: 10 * second, jitter: .zero, changesState: false)]),
                .setTaskCompleted(success: true),
            ],
        ], handlers: [(.didFinishLaunching, "registerTasks"), (.didEnterBackground, "schedule")])
    }

    @Test func processingWaitsForIdlePowerAndNetworkAndIsExpiredWhenThePersonUnlocks() throws {
        var plug = ConditionChange()
        plug.charging = true
        let timeline = [
            TimelineEntry(at: .zero, action: .launch), TimelineEntry(at: Self.minute.duration, action: .goHome),
            TimelineEntry(at: (2 * Self.minute).duration, action: .lock), TimelineEntry(at: (30 * Self.minute).duration, action: .conditions(plug)),
            TimelineEntry(at: (32 * Self.minute).duration, action: .unlock),
        ]
        let result = Self.run(Self.cleanupApp(), timeline)
        let start = try #require(Self.events(result, .task(.start)).first)
        #expect(start.time == VirtualInstant.zero + 30 * Self.minute)  // locked (idle after 5 min) but waited for power
        let expire = try #require(Self.events(result, .task(.expire)).first)
        #expect(expire.time == VirtualInstant.zero + 32 * Self.minute)
        #expect(expire["reason"] == "the person started using the device")
        #expect(result.diagnostics.isEmpty)
        // Without the network it never runs.
        var offline = DeviceConditions()
        offline.network = .none
        #expect(Self.events(Self.run(Self.cleanupApp(), timeline, device: offline), .task(.start)).isEmpty)
        // Idle means locked for five minutes: with power from the start, it begins 5 min after the lock.
        var charging = DeviceConditions()
        charging.charging = true
        let early = Self.run(Self.cleanupApp(), timeline, device: charging)
        #expect(Self.events(early, .task(.start)).first?.time == VirtualInstant.zero + 7 * Self.minute)
    }

    @Test func lowBatteryHoldsWorkUntilCharging() throws {
        var low = DeviceConditions()
        low.batteryLevel = 10
        var plug = ConditionChange()
        plug.charging = true
        let timeline = Self.leaveAtOneMinute + [TimelineEntry(at: (100 * Self.minute).duration, action: .conditions(plug))]
        let result = Self.run(Self.refreshApp(handler: Self.goodRefresh), timeline, device: low)
        #expect(Self.events(result, .task(.start)).first?.time == VirtualInstant.zero + 100 * Self.minute)
    }

    // MARK: Debug actions

    @Test func simulateLaunchAndExpirationActLikeTheDebuggerCommands() throws {
        let timeline = Self.leaveAtOneMinute + [
            TimelineEntry(at: (2 * Self.minute).duration, action: .simulateLaunch(identifier: Self.refreshID)),
            TimelineEntry(at: (2 * Self.minute + Self.second).duration, action: .simulateExpiration(identifier: Self.refreshID)),
        ]
        let result = Self.run(Self.refreshApp(handler: Self.goodRefresh), timeline)
        #expect(Self.events(result, .task(.start)).first?.time == VirtualInstant.zero + 2 * Self.minute)
        let expire = try #require(Self.events(result, .task(.expire)).first)
        #expect(expire["reason"] == "simulateExpiration")
        #expect(Self.events(result, .task(.end)).first?["success"] == .bool(false))
        // A debug expiration is not the app's fault: no diagnostic.
        #expect(result.diagnostics.isEmpty)
    }

    // MARK: Policies

    @Test func theRealisticPolicyRunsLaterThanTheDeterministicOneAndVariesWithTheSeed() throws {
        let deterministic = Self.run(Self.refreshApp(handler: Self.goodRefresh), Self.leaveAtOneMinute, stopAt: (2 * 1440 * Self.minute).duration)
        let earliest = try #require(Self.events(deterministic, .task(.start)).first?.time)
        var starts: Set<VirtualInstant> = []
        for seed: UInt64 in 1...5 {
            let realistic = Self.run(
                Self.refreshApp(handler: Self.goodRefresh), Self.leaveAtOneMinute, stopAt: (2 * 1440 * Self.minute).duration, policy: .realistic, seed: seed)
            let start = try #require(Self.events(realistic, .task(.start)).first?.time)
            #expect(start >= earliest)
            starts.insert(start)
        }
        #expect(starts.count > 1)
    }

    // MARK: Swift API

    nonisolated final class SwiftRefreshApp: SimulatedApplicationDelegate, @unchecked Sendable {
        var completed = false
        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: sending [UIApplication.LaunchOptionsKey: Any]?) async -> Bool {
            BGTaskScheduler.shared.register(forTaskWithIdentifier: TaskSchedulerTests.refreshID, using: nil) { task in
                task.expirationHandler = { task.setTaskCompleted(success: false) }
                task.setTaskCompleted(success: true)
            }
            return true
        }

        func applicationDidEnterBackground(_ application: UIApplication) async {
            let request = BGAppRefreshTaskRequest(identifier: TaskSchedulerTests.refreshID)
            request.earliestBeginDate = BGTaskScheduler.shared.now.addingTimeInterval(20 * 60)
            try? BGTaskScheduler.shared.submit(request)
            let pending = await BGTaskScheduler.shared.pendingTaskRequests()
            completed = pending.map(\.identifier) == [TaskSchedulerTests.refreshID]
        }
    }

    @Test func theLookAlikeAPIDrivesTheSameModel() throws {
        let delegate = SwiftRefreshApp()
        let app = Self.refreshApp(handler: [])
        let result = Simulation(scenario: Scenario(name: "swift", stopAt: (180 * Self.minute).duration, app: app, timeline: Self.leaveAtOneMinute), app: { delegate }).run()
        #expect(delegate.completed)
        #expect(Self.events(result, .task(.start)).first?.time == VirtualInstant.zero + 21 * Self.minute)
        #expect(Self.events(result, .task(.end)).first?["how"] == "completed")
        #expect(result.diagnostics.isEmpty)
    }
}
