import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import Foundation
import SimulationKernel
import Testing

/// Continued processing (iOS 26): each rule and each end made to happen, and the correct app kept clean.
@Suite struct ContinuedProcessingTests {
    static let bundle = "com.example.video"
    static let pattern = "com.example.video.export.*"
    static let second: VirtualDuration = .seconds(1)

    /// `BGContinuedProcessingTaskRequest` as a step; `{n}` becomes the run's next job number.
    static func request(
        _ identifier: String = "com.example.video.export.{n}", strategy: SubmissionStrategy = .queue, gpu: Bool = false,
        earliestBegin: VirtualDuration? = nil
    ) -> Step {
        .submit(TaskRequest(
            identifier: identifier, kind: .continuedProcessing, title: "Exporting video",
            subtitle: "Holiday.mov", strategy: strategy, requiresGPU: gpu), earliestBegin: earliestBegin)
    }

    /// The correct expiration handler: stop the work, remove the partial file, report failure.
    static func cleanUp(_ output: String) -> ExpirationBehavior {
        .steps([.cancelWork, .removePartialOutput(output: output), .setTaskCompleted(success: false)])
    }

    /// A launch handler: expiration handler, `units` units of work written to `output`, then complete.
    static func job(
        _ output: String = "export.mov", units: Int = 20, unit: VirtualDuration = 3 * second, progress: UnitWork.Reporting = .every(1),
        onExpiration: ExpirationBehavior? = nil, checksCancellation: Bool = true
    ) -> [Step] {
        [
            .setTaskExpirationHandler(onExpiration ?? cleanUp(output)),
            .processUnits(UnitWork(count: units, duration: unit, progress: progress, output: output, checksCancellation: checksCancellation)),
            .setTaskCompleted(success: true),
        ]
    }

    /// A video app: the person's tap on Export registers the job's identifier and submits it, as Apple's article and
    /// WWDC25 sample do (`registersJobs`: every submit in the app's actions is preceded by the registration of its
    /// identifier). `registerExport` registers the wildcard entry itself, for the tests of that reading.
    static func app(
        job: [Step] = job(), export: [Step] = [request()], permitted: [String] = [pattern], entitlements: [String] = [],
        handlers: [(AppDefinition.Callback, String)] = [], extra: [String: [Step]] = [:], registersJobs: Bool = true
    ) -> AppDefinition {
        var actions: [String: [Step]] = [
            "registerExport": [.register(identifier: pattern, launchHandler: "runExport", onMainQueue: false, asyncHandler: false)],
            "export": export,
        ]
        actions.merge(extra) { $1 }
        if registersJobs { actions = actions.mapValues(registeringJobs) }
        actions["runExport"] = job
        return AppDefinition(
            bundleIdentifier: bundle, permittedIdentifiers: permitted, entitlements: entitlements,
            handlers: handlers.map { (callback: $0.0, action: $0.1) }, actions: actions)
    }

    /// `steps` with the registration of each submitted identifier just before its submit (`{n}` keeps its number).
    static func registeringJobs(_ steps: [Step]) -> [Step] {
        steps.flatMap { step -> [Step] in
            switch step {
            case .task(.submit(let request, _)):
                [.register(identifier: request.identifier, launchHandler: "runExport", onMainQueue: false, asyncHandler: false), step]
            case .async(let nested): [.async(registeringJobs(nested))]
            case .dispatchMain(let delay, let nested): [.dispatchMain(delay: delay, steps: registeringJobs(nested))]
            default: [step]
            }
        }
    }

    static func run(
        _ app: AppDefinition, _ timeline: [TimelineEntry] = exportThenHome, stopAt: Duration = .seconds(600),
        profile: PlatformProfile = PlatformProfile(.iOS26), device: DeviceConditions = DeviceConditions()
    ) -> SimulationResult {
        Simulation(scenario: Scenario(
            name: "continued", profile: profile, stopAt: stopAt, app: app, device: device, timeline: timeline)).run()
    }

    /// The person taps Export at 5 s and goes home at 20 s.
    static let exportThenHome = [at(0, .launch), at(5, .tap(action: "export")), at(20, .goHome)]

    static func rules(_ result: SimulationResult) -> [String] {
        Array(Set(result.ruleIDs)).sorted()
    }

    // MARK: The catalog

    @Test func theContinuedRulesFollowTheCatalog() {
        let continued = Rules.all.filter { ("BGS020"..."BGS028").contains($0.id) }
        #expect(continued.map(\.name) == [
            "continuedProcessingUnavailable", "continuedSubmittedInBackground", "continuedNotFromPersonAction",
            "continuedEarliestBeginIgnored", "continuedRunIneligible", "backgroundGPUNotSupported",
            "backgroundGPUEntitlementMissing", "continuedProgressStalled", "partialOutputLeftBehind",
        ])
        #expect(continued.map(\.severity) == [.error, .error, .warning, .info, .info, .error, .error, .warning, .warning])
        #expect(continued.filter { $0.category == .systemNotice }.map(\.id) == ["BGS024"])
        #expect(continued.allSatisfy { $0.source.hasPrefix("Apple") })
    }

    @Test func foundationsProgressBehavesAsTheModelNeeds() {
        // docs/architecture.md: the look-alike uses Foundation's Progress because on Linux it does this.
        let progress = Progress(parent: nil, userInfo: nil)
        #expect(progress.totalUnitCount == 0 && progress.fractionCompleted == 0 && !progress.isFinished)
        progress.totalUnitCount = 8
        progress.completedUnitCount = 2
        #expect(progress.fractionCompleted == 0.25 && !progress.isFinished)
        progress.completedUnitCount = 8
        #expect(progress.fractionCompleted == 1 && progress.isFinished)
        let parent = Progress(totalUnitCount: 2)
        let child = Progress(totalUnitCount: 4, parent: parent, pendingUnitCount: 1)
        child.completedUnitCount = 2
        #expect(parent.fractionCompleted == 0.25 && parent.completedUnitCount == 0)
    }

    // MARK: The correct app

    @Test func aCorrectExportGoesOnInTheBackgroundAndCompletes() throws {
        let result = Self.run(Self.app())
        #expect(result.diagnostics.isEmpty)
        let start = try #require(result.events(.task(.start)).first)
        #expect(start.time == seconds(5))
        #expect(start["type"] == "continuedProcessing")
        #expect(start["identifier"] == "com.example.video.export.1")
        #expect(start["deadline"] == -1)
        let end = try #require(result.events(.task(.end)).first)
        #expect(end.time == seconds(65))
        #expect(end["how"] == "completed" && end["success"] == true && end["output"] == "complete")
        // Not suspended while the task runs in the background; suspended the moment it completes.
        #expect(result.time(enteringState: "background") == seconds(20))
        #expect(result.time(enteringState: "suspended") == seconds(65))
        #expect(result.saved.output(named: "export.mov")?.state == .complete)
        #expect(result.saved.output(named: "export.mov")?.units == 20)
        // The Live Activity: the request's words, then a fraction that only rises, to 100%.
        let updates = result.events(.liveActivity(.update))
        #expect(updates.first?["cause"] == "start")
        #expect(updates.first?["title"] == "Exporting video" && updates.first?["subtitle"] == "Holiday.mov")
        let fractions = updates.compactMap { $0["permille"]?.int }
        #expect(fractions == fractions.sorted())
        #expect(fractions.last == 1000)
        #expect(result.events(.liveActivity(.prompt)).isEmpty)
        let submit = try #require(result.events(.task(.submit)).first)
        #expect(submit["personAction"] == "export" && submit["queued"] == false && submit["strategy"] == "queue")
    }

    @Test func progressIsSampledOnTheSystemsClock() {
        let result = Self.run(Self.app())
        // Every update after the first falls on a whole sample after the start (1 s apart), or is the final read.
        for update in result.events(.liveActivity(.update)) where update["cause"] == "progress" {
            #expect((update.time - seconds(5)) % seconds(1) == .zero)
        }
        #expect(result.events(.liveActivity(.update)).last?["cause"] == "end")
    }

    @Test func theTitleCanChangeAsTheWorkGoes() {
        let job: [Step] = [
            .setTaskExpirationHandler(Self.cleanUp("export.mov")),
            .processUnits(UnitWork(count: 5, duration: Self.second, output: "part1.mov")),
            .updateTitle(title: "Exporting video", subtitle: "Part 2 of 2"),
            .processUnits(UnitWork(count: 5, duration: Self.second, output: "part2.mov")),
            .setTaskCompleted(success: true),
        ]
        let result = Self.run(Self.app(job: job))
        let titled = result.events(.liveActivity(.update)).filter { $0["cause"] == "title" }
        #expect(titled.map(\.time) == [seconds(10)])
        #expect(titled.first?["subtitle"] == "Part 2 of 2")
        #expect(result.diagnostics.isEmpty)
        #expect(result.events(.task(.end)).first?["output"] == "complete")
    }

    // MARK: Identifiers and registration

    @Test func anyIdentifierUnderTheWildcardIsPermitted() {
        let export: [Step] = [Self.request("com.example.video.export.7"), Self.request("com.example.video.export.clip-b")]
        let result = Self.run(Self.app(job: Self.job(units: 2), export: export))
        #expect(result.diagnostics.isEmpty)
        #expect(result.events(.task(.start)).map { $0["identifier"]?.string ?? "" }
            == ["com.example.video.export.7", "com.example.video.export.clip-b"])
    }

    @Test func identifiersOutsideTheWildcardAreNotPermitted() throws {
        let other = Self.run(Self.app(export: [Self.request("com.example.video.import.1")]))
        #expect(Self.rules(other) == ["BGS010"])
        let failed = try #require(other.events(.task(.submitFailed)).first)
        #expect(failed["error"] == "notPermitted")
        #expect(failed["why"] == "no wildcard entry com.example.video.<context>.* of BGTaskSchedulerPermittedIdentifiers matches com.example.video.import.1")
        // A wildcard that does not start with the app's bundle identifier does not count.
        let foreign = Self.run(Self.app(permitted: ["com.other.export.*"]))
        #expect(Self.rules(foreign) == ["BGS010"])
        #expect(foreign.events(.task(.submitFailed)).first?["why"]?.string?.contains("does not start with the bundle identifier") == true)
        #expect(foreign.events(.task(.register)).first?["registered"] == false)
        // The wildcard entry itself is not an identifier to submit.
        let itself = Self.run(Self.app(export: [Self.request(Self.pattern)], registersJobs: false))
        #expect(Self.rules(itself) == ["BGS010"])
        #expect(itself.events(.task(.submitFailed)).first?["why"]?.string?.hasPrefix("com.example.video.export.* is the wildcard entry itself") == true)
        #expect(itself.consoleMessages == ["com.example.video.export.* is not advertised in the application's Info.plist"])
    }

    @Test func aContinuedIdentifierListedExactlyIsPermitted() {
        // Apple's WWDC25 sample registers and submits the static "com.colorfeed.wwdc25.userTask" (iOS 26.1 permits an
        // exact entry as a fully composed identifier).
        let exact = Self.run(Self.app(export: [Self.request("com.example.video.userTask")], permitted: ["com.example.video.userTask"]))
        #expect(exact.diagnostics.isEmpty)
        #expect(exact.events(.task(.end)).first?["how"] == "completed")
    }

    @Test func continuedHandlersMayBeRegisteredWhenThePersonAsks() throws {
        // Registered in the tap, long after launch, with the job's own identifier: the article's pattern.
        let result = Self.run(Self.app())
        #expect(result.diagnostics.isEmpty)
        #expect(result.events(.task(.register)).first?.time == seconds(5))
        #expect(result.events(.task(.end)).first?["how"] == "completed")
        // Registering the same identifier again on the next tap is registering twice (CommonsFinder PR #53).
        let sameID: [Step] = [
            .register(identifier: "com.example.video.export.a", launchHandler: "runExport", onMainQueue: false, asyncHandler: false),
            Self.request("com.example.video.export.a"),
        ]
        let twice = Self.run(Self.app(export: sameID, registersJobs: false),
                             [at(0, .launch), at(5, .tap(action: "export")), at(100, .tap(action: "export"))])
        #expect(Self.rules(twice) == ["BGS012"])
        #expect(twice.terminations == [.crash])
        #expect(twice.consoleMessages.last == "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', "
            + "reason: 'Launch handler for task with identifier com.example.video.export.a has already been registered'")
    }

    @Test func registeringTheWildcardItselfFollowsTheProfile() throws {
        let tapRegistersWildcard: [Step] = [
            .register(identifier: Self.pattern, launchHandler: "runExport", onMainQueue: false, asyncHandler: false), Self.request(),
        ]
        let app = Self.app(export: tapRegistersWildcard, registersJobs: false)
        // iOS 26.1 (the default): register returns false, then the submission finds no handler and raises.
        let rejected = Self.run(app)
        #expect(Self.rules(rejected) == ["BGS010", "BGS013"])
        #expect(rejected.events(.task(.register)).first?["registered"] == false)
        #expect(rejected.consoleMessages.first == "Registration rejected; com.example.video.export.* is not advertised in the application's Info.plist")
        #expect(rejected.diagnostics("BGS010").first?.fix.hasPrefix("Register the job's own identifier, com.example.video.export.<n>, on the person's action just before submitting it") == true)
        #expect(rejected.terminations == [.crash])
        #expect(rejected.terminationEvents.first?.time == seconds(5))
        // iOS 26.0 beta 7 (forums thread 799126): register returns true, and the submission still raises.
        var beta = PlatformProfile(.iOS26)
        beta.setChoice(.continuedWildcardRegistration, to: "acceptedUnmatched")
        let unmatched = Self.run(app, profile: beta)
        #expect(Self.rules(unmatched) == ["BGS013"])
        #expect(unmatched.events(.task(.register)).first?["registered"] == true)
        #expect(unmatched.terminations == [.crash])
        // bgsim's earlier reading: the wildcard registration handles every job.
        var composed = PlatformProfile(.iOS26)
        composed.setChoice(.continuedWildcardRegistration, to: "matchesComposed")
        let matched = Self.run(app, profile: composed)
        #expect(matched.diagnostics.isEmpty)
        #expect(matched.events(.task(.end)).first?["how"] == "completed")
    }

    @Test func submittingWithoutAHandlerCrashesAtOnce() throws {
        let result = Self.run(Self.app(registersJobs: false))
        #expect(Self.rules(result) == ["BGS013"])
        #expect(result.diagnostics.first?.message == "No launch handler registered for task with identifier com.example.video.export.1: "
            + "it falls under the wildcard entry com.example.video.export.*, which permits such identifiers but registers none")
        #expect(result.diagnostics.first?.fix.hasPrefix("com.example.video.export.1 was submitted without a handler: register that "
            + "identifier in the same action, before submit") == true)
        #expect(result.terminations == [.crash])
        #expect(result.terminationEvents.first?.time == seconds(5))
        #expect(result.events(.task(.start)).isEmpty)
    }

    // MARK: BGS020 continuedProcessingUnavailable

    @Test func bgs020BeforeIOS26ContinuedProcessingIsRefused() throws {
        // Registered at launch: iOS 17 has no exemption for a late registration (and reads no wildcard).
        let app = Self.app(handlers: [(.didFinishLaunching, "registerExport")], registersJobs: false)
        let result = Self.run(app, profile: PlatformProfile(.iOS17))
        #expect(Self.rules(result) == ["BGS020"])
        let failed = try #require(result.events(.task(.submitFailed)).first)
        #expect(failed["error"] == "unavailable")
        #expect(result.events(.task(.start)).isEmpty)
        #expect(result.diagnostics.first?.severity == .error)
    }

    @Test func bgs020QuietOnIOS26() {
        #expect(!Self.rules(Self.run(Self.app())).contains("BGS020"))
    }

    // MARK: BGS021 continuedSubmittedInBackground

    @Test func bgs021SubmittingFromTheBackgroundIsRefused() throws {
        let result = Self.run(Self.app(handlers: [(.didEnterBackground, "export")]),
                              [at(0, .launch), at(20, .goHome)])
        #expect(Self.rules(result) == ["BGS021"])
        let failed = try #require(result.events(.task(.submitFailed)).first)
        #expect(failed["error"] == "notPermitted")
        #expect(failed["why"] == "the app is not in the foreground (background)")
        #expect(result.events(.task(.start)).isEmpty)
    }

    @Test func bgs021QuietFromAForegroundTap() {
        #expect(Self.run(Self.app()).diagnostics.isEmpty)
    }

    // MARK: BGS022 continuedNotFromPersonAction

    @Test func bgs022SubmittingWithoutThePersonAskingIsFlaggedButRuns() throws {
        let result = Self.run(Self.app(handlers: [(.didBecomeActive, "export")]),
                              [at(0, .launch), at(20, .goHome)])
        #expect(Self.rules(result) == ["BGS022"])
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(result.events(.task(.submit)).first?["personAction"] == "")
        #expect(result.events(.task(.end)).first?["how"] == "completed")
    }

    @Test func bgs022QuietForWorkTheTapStarted() {
        // On a background queue, or dispatched back to the main queue later: still the person's action.
        for export in [[Step.async([Self.request()])], [Step.dispatchMain(delay: Self.second, steps: [Self.request()])]] {
            let result = Self.run(Self.app(export: export))
            #expect(result.diagnostics.isEmpty, "\(export)")
            #expect(result.events(.task(.submit)).first?["personAction"] == "export")
        }
    }

    @Test func bgs022ThePersonsActionDoesNotLeakIntoLaterCallbacks() {
        // The tap's work dispatches a block; didEnterBackground runs after it on the main lane but serves no tap.
        let app = Self.app(
            export: [.dispatchMain(delay: .zero, steps: [.log("after the tap")])],
            handlers: [(.willResignActive, "late")],
            extra: ["late": [Self.request()]])
        let result = Self.run(app, [at(0, .launch), at(5, .tap(action: "export")), at(5, .openControlCenter)])
        #expect(Self.rules(result) == ["BGS022"])
    }

    // MARK: BGS023 continuedEarliestBeginIgnored

    @Test func bgs023EarliestBeginIsIgnored() throws {
        let result = Self.run(Self.app(export: [Self.request(earliestBegin: 60 * Self.second)]))
        #expect(Self.rules(result) == ["BGS023"])
        #expect(result.events(.task(.start)).first?.time == seconds(5))
        #expect(result.diagnostics.first?.message
            == "com.example.video.export.1 asked to begin 1m from now; the system ignores earliestBeginDate for continued processing")
    }

    @Test func bgs023QuietWithoutEarliestBegin() {
        #expect(Self.run(Self.app()).diagnostics.isEmpty)
    }

    // MARK: BGS024 continuedRunIneligible, and the concurrency limit

    @Test func bgs024AFailRequestBeyondTheLimitIsRefused() throws {
        let export = Array(repeating: Self.request(strategy: .fail), count: 3)
        let result = Self.run(Self.app(export: export))
        #expect(Self.rules(result) == ["BGS024"])
        #expect(result.diagnostics.first?.severity == .info)
        let failed = try #require(result.events(.task(.submitFailed)).first)
        #expect(failed["identifier"] == "com.example.video.export.3")
        #expect(failed["error"] == "immediateRunIneligible")
        #expect(failed["why"] == "2 already running or about to start; at most 2 run at once")
        #expect(result.events(.task(.start)).count == 2)
    }

    @Test func bgs024QuietWhenQueuedJobsWaitForASlot() throws {
        let export = Array(repeating: Self.request(), count: 3)
        let result = Self.run(Self.app(export: export))
        #expect(result.diagnostics.isEmpty)
        #expect(result.events(.task(.submit)).map { $0["queued"] } == [false, false, true])
        // The third starts when the first ends (the three jobs write the same file, so only the last is complete).
        let starts = result.events(.task(.start)).map(\.time)
        #expect(starts == [seconds(5), seconds(5), seconds(65)])
        #expect(result.events(.task(.end)).map(\.time) == [seconds(65), seconds(65), seconds(125)])
    }

    @Test func theLimitIsAProfileParameter() {
        let export = Array(repeating: Self.request(strategy: .fail), count: 3)
        let wide = profile(.iOS26, counts: [.continuedProcessingConcurrency: 3])
        #expect(Self.run(Self.app(export: export), profile: wide).events(.task(.start)).count == 3)
        let none = profile(.iOS26, counts: [.continuedProcessingConcurrency: 0])
        #expect(Self.run(Self.app(export: [Self.request(strategy: .fail)]), profile: none).events(.task(.start)).isEmpty)
    }

    // MARK: BGS025 backgroundGPUNotSupported, BGS026 backgroundGPUEntitlementMissing

    @Test func bgs025AGPURequestOnADeviceWithoutSupportIsRejected() throws {
        let result = Self.run(Self.app(export: [Self.request(gpu: true)], entitlements: [AppDefinition.gpuEntitlement]))
        #expect(Self.rules(result) == ["BGS025"])
        let failed = try #require(result.events(.task(.submitFailed)).first)
        #expect(failed["error"] == "unavailable")
        #expect(failed["requiredResources"] == "gpu")
        #expect(result.events(.task(.start)).isEmpty)
    }

    @Test func bgs026AGPURequestWithoutTheEntitlementIsRejected() throws {
        var gpuDevice = DeviceConditions()
        gpuDevice.supportsBackgroundGPU = true
        let result = Self.run(Self.app(export: [Self.request(gpu: true)]), device: gpuDevice)
        #expect(Self.rules(result) == ["BGS026"])
        #expect(result.events(.task(.submitFailed)).first?["error"] == "notPermitted")
    }

    @Test func bgs025AndBgs026QuietWithSupportAndTheEntitlement() throws {
        var gpuDevice = DeviceConditions()
        gpuDevice.supportsBackgroundGPU = true
        let result = Self.run(
            Self.app(export: [Self.request(gpu: true)], entitlements: [AppDefinition.gpuEntitlement]), device: gpuDevice)
        #expect(result.diagnostics.isEmpty)
        #expect(result.events(.task(.submit)).first?["requiredResources"] == "gpu")
        #expect(result.events(.run(.start)).first?["supportsBackgroundGPU"] == true)
        #expect(result.events(.task(.end)).first?["how"] == "completed")
    }

    // MARK: Swift API

    @Test func theLookAlikeAPIDrivesTheSameModel() throws {
        let app = SwiftExportApp()
        var gpuDevice = DeviceConditions()
        gpuDevice.supportsBackgroundGPU = true
        let scenario = Scenario(
            name: "swift-continued", stopAt: .seconds(600),
            app: AppDefinition(bundleIdentifier: Self.bundle, permittedIdentifiers: [Self.pattern], entitlements: [AppDefinition.gpuEntitlement]),
            device: gpuDevice,
            timeline: [at(0, .launch), at(5, .tap(action: "export")), at(6, .tap(action: "export")), at(7, .tap(action: "export")), at(20, .goHome)])
        let result = Simulation(scenario: scenario, app: { app }).run()
        #expect(result.diagnostics.map(\.rule.id) == ["BGS024"])
        #expect(app.notes.all == [
            "supported gpu true", "submitted 1", "started com.example.video.export.1 Exporting video Clip 1",
            "supported gpu true", "submitted 2", "started com.example.video.export.2 Exporting video Clip 2",
            "supported gpu true", "failed immediateRunIneligible",
            "pending 0",
        ])
        let ends = result.events(.task(.end))
        #expect(ends.count == 2)
        #expect(ends.allSatisfy { $0["how"] == "completed" && $0["success"] == true })
        #expect(result.events(.liveActivity(.update)).contains { $0["subtitle"] == "Clip 1, nearly done" })
        #expect(result.events(.task(.submit)).allSatisfy { $0["personAction"] == "export" && $0["requiredResources"] == "gpu" })
    }
}

/// An export written in Swift: registers each job's identifier when the person asks (as Apple's article does), reports
/// progress with Foundation's `Progress`.
nonisolated final class SwiftExportApp: SimulatedApplicationDelegate, @unchecked Sendable {
    let notes = Log<String>()
    private let jobs = Log<Int>()

    func application(_ application: UIApplication, performUserAction name: String) async {
        let notes = self.notes
        jobs.append(jobs.all.count + 1)
        let number = jobs.all.count
        do {
            BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.video.export.\(number)", using: nil) { task in
                guard let task = task as? BGContinuedProcessingTask, let context = TaskContext.current else { return }
                notes.append("started \(task.identifier) \(task.title) \(task.subtitle)")
                task.expirationHandler = { task.setTaskCompleted(success: false) }
                task.progress.totalUnitCount = 4
                context.kernel.spawn("export \(task.identifier)", gate: context.gate) {
                    for unit in 1...4 {
                        do {
                            try await UIApplication.shared.simulateWork(for: .seconds(2))
                        } catch {
                            return
                        }
                        task.progress.completedUnitCount = Int64(unit)
                        if unit == 3 { task.updateTitle(task.title, subtitle: task.subtitle + ", nearly done") }
                    }
                    task.setTaskCompleted(success: task.progress.isFinished)
                }
            }
        }
        let request = BGContinuedProcessingTaskRequest(
            identifier: "com.example.video.export.\(number)", title: "Exporting video", subtitle: "Clip \(number)")
        request.strategy = .fail
        let gpu = BGTaskScheduler.supportedResources.contains(.gpu)
        notes.append("supported gpu \(gpu)")
        if gpu { request.requiredResources = .gpu }
        do {
            try BGTaskScheduler.shared.submit(request)
            notes.append("submitted \(number)")
        } catch let error as BGTaskScheduler.Error {
            notes.append("failed \(error.code == .immediateRunIneligible ? "immediateRunIneligible" : "\(error.code)")")
            let pending = await BGTaskScheduler.shared.pendingTaskRequests()
            notes.append("pending \(pending.count)")
        } catch {
            notes.append("failed \(error)")
        }
    }
}
