import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import Foundation
import SimulationKernel
import Testing

/// Continued processing's Live Activity: the stall question, the person's cancel, the app switcher, resource pressure.
extension ContinuedProcessingTests {
    // MARK: BGS027 continuedProgressStalled, and the "continue?" question

    @Test func bgs027ATaskThatReportsNoProgressIsAskedAboutThenExpired() throws {
        let result = Self.run(Self.app(job: Self.job(progress: .never)))
        #expect(Self.rules(result) == ["BGS027"])
        let prompts = result.events(.liveActivity(.prompt))
        #expect(prompts.map { $0["phase"]?.string ?? "" } == ["shown", "withdrawn"])
        #expect(prompts.first?.time == seconds(20))
        let expire = try #require(result.events(.task(.expire)).first)
        #expect(expire.time == seconds(35))
        #expect(expire["reason"] == "progress stalled")
        let end = try #require(result.events(.task(.end)).first)
        #expect(end["how"] == "expired" && end["success"] == false && end["output"] == "none")
        #expect(result.saved.output(named: "export.mov")?.state == .removed)
        #expect(result.diagnostics.first?.message == "continued processing task com.example.video.export.1 reported no progress for 30.000s; the system expired it")
    }

    @Test func bgs027ProgressInLongBurstsStallsToo() {
        // Progress after every 15 units of 3 s: 45 s between reports.
        let bursts = Self.run(Self.app(job: Self.job(progress: .every(15))))
        #expect(Self.rules(bursts) == ["BGS027"])
        #expect(bursts.events(.task(.expire)).first?.time == seconds(35))
    }

    @Test func bgs027QuietWhenBurstsComeInTime() {
        // Every 5 units of 3 s: 15 s between reports, under the limit (and exactly at the question's delay: not asked).
        let result = Self.run(Self.app(job: Self.job(progress: .every(5))))
        #expect(result.diagnostics.isEmpty)
        #expect(result.events(.liveActivity(.prompt)).isEmpty)
        #expect(result.events(.task(.end)).first?["how"] == "completed")
    }

    @Test func answeringContinueRestartsTheStallClock() throws {
        let timeline = Self.exportThenHome + [at(25, .answerPrompt(identifier: nil, answer: .continue))]
        let result = Self.run(Self.app(job: Self.job(progress: .never)), timeline)
        let prompts = result.events(.liveActivity(.prompt))
        #expect(prompts.map { "\(($0.time - .zero) / Self.second):\($0["phase"]?.string ?? "")" }
            == ["20:shown", "25:answered", "40:shown", "55:withdrawn"])
        #expect(result.events(.task(.expire)).first?.time == seconds(55))
        #expect(Self.rules(result) == ["BGS027"])
    }

    @Test func answeringStopExpiresTheTask() throws {
        let timeline = Self.exportThenHome + [at(25, .answerPrompt(identifier: "com.example.video.export.1", answer: .stop))]
        let result = Self.run(Self.app(job: Self.job(progress: .never)), timeline)
        let expire = try #require(result.events(.task(.expire)).first)
        #expect(expire.time == seconds(25))
        #expect(expire["reason"] == "the person chose to stop it")
        // The person's decision, not a stall: no diagnostic.
        #expect(result.diagnostics.isEmpty)
        #expect(result.events(.task(.end)).first?["output"] == "none")
    }

    @Test func answeringWhenNothingAsksIsIgnored() {
        let timeline = Self.exportThenHome + [at(25, .answerPrompt(identifier: nil, answer: .stop))]
        let result = Self.run(Self.app(), timeline)
        #expect(result.ignoredReasons == ["no Live Activity is asking whether to continue"])
        #expect(result.events(.task(.expire)).isEmpty)
    }

    // MARK: The person cancels in the Live Activity

    @Test func cancellingInTheLiveActivityRunsTheExpirationHandler() throws {
        let timeline = Self.exportThenHome + [at(30, .cancelLiveActivity(identifier: nil))]
        let result = Self.run(Self.app(), timeline)
        #expect(result.diagnostics.isEmpty)
        let expire = try #require(result.events(.task(.expire)).first)
        #expect(expire.time == seconds(30))
        #expect(expire["reason"] == "the person cancelled it in the Live Activity")
        let end = try #require(result.events(.task(.end)).first)
        #expect(end.time == seconds(30))
        #expect(end["how"] == "expired" && end["success"] == false && end["output"] == "none")
        #expect(result.saved.output(named: "export.mov")?.state == .removed)
        // The unit in progress when the person cancelled is dropped, not written after the clean-up.
        #expect(result.events(.app(.output)).last?["state"] == "removed")
        #expect(result.time(enteringState: "suspended") == seconds(30))
    }

    @Test func bgs028AHandlerThatLeavesPartialOutputIsFlagged() throws {
        let lazy = ExpirationBehavior.steps([.cancelWork, .setTaskCompleted(success: false)])
        let timeline = Self.exportThenHome + [at(30, .cancelLiveActivity(identifier: nil))]
        let result = Self.run(Self.app(job: Self.job(onExpiration: lazy)), timeline)
        #expect(Self.rules(result) == ["BGS028"])
        #expect(result.events(.task(.end)).first?["output"] == "partial")
        #expect(result.diagnostics.first?.message
            == "continued processing task com.example.video.export.1 ended (expired, success false) with partial output left: export.mov")
        #expect(result.saved.output(named: "export.mov")?.state == .partial)
        #expect(result.saved.output(named: "export.mov")?.units == 8)
    }

    @Test func bgs028QuietWhenTheTaskCompletes() {
        #expect(!Self.rules(Self.run(Self.app())).contains("BGS028"))
    }

    @Test func withoutAnExpirationHandlerTheCancelledTaskIsMarkedFailed() throws {
        let timeline = Self.exportThenHome + [at(30, .cancelLiveActivity(identifier: nil))]
        let result = Self.run(Self.app(job: Self.job(onExpiration: .noHandler)), timeline)
        #expect(Self.rules(result) == ["BGS015", "BGS028"])
        #expect(result.events(.task(.end)).first?["how"] == "expired")
    }

    @Test func anAppThatIgnoresTheCancelIsKilled() {
        let deaf = ExpirationBehavior.steps([.log("ignoring")])
        let timeline = Self.exportThenHome + [at(30, .cancelLiveActivity(identifier: nil))]
        let result = Self.run(Self.app(job: Self.job(onExpiration: deaf, checksCancellation: false)), timeline)
        #expect(Self.rules(result) == ["BGS014"])
        #expect(result.terminations == [.watchdog])
        #expect(result.terminationEvents.first?.time == seconds(35))
        #expect(result.events(.task(.end)).first?["how"] == "processEnded")
        #expect(result.events(.task(.end)).first?["output"] == "partial")
    }

    @Test func cancellingWithNothingRunningIsIgnored() {
        let result = Self.run(Self.app(), [at(0, .launch), at(5, .cancelLiveActivity(identifier: nil))])
        #expect(result.ignoredReasons == ["no continued processing task is running"])
    }

    // MARK: The app switcher and memory pressure

    @Test func closingInTheAppSwitcherEndsRunningAndQueuedTasksWithoutAWord() throws {
        let one = profile(.iOS26, counts: [.continuedProcessingConcurrency: 1])
        let export = [Self.request(), Self.request()]
        let timeline = Self.exportThenHome + [at(30, .swipeAway)]
        let result = Self.run(Self.app(export: export), timeline, profile: one)
        #expect(result.diagnostics.isEmpty)
        #expect(result.terminations == [.userSwipedAway])
        let end = try #require(result.events(.task(.end)).first)
        #expect(end["how"] == "processEnded" && end["output"] == "partial")
        let dropped = try #require(result.events(.task(.dropped)).first)
        #expect(dropped["identifier"] == "com.example.video.export.2")
        #expect(dropped["reason"] == "the person closed the app in the app switcher")
        // The app heard nothing: no expiration handler, no clean-up; the partial file stays.
        #expect(result.events(.task(.expire)).isEmpty)
        #expect(result.saved.output(named: "export.mov")?.state == .partial)
        #expect(result.events(.task(.start)).count == 1)
    }

    @Test func memoryPressureKillsTheAppInTheBackground() throws {
        let timeline = Self.exportThenHome + [at(30, .memoryPressure)]
        let result = Self.run(Self.app(export: [Self.request(), Self.request(), Self.request()]), timeline)
        #expect(result.terminations == [.memoryPressure])
        #expect(result.events(.task(.end)).map { $0["how"]?.string ?? "" } == ["processEnded", "processEnded"])
        #expect(result.events(.task(.dropped)).first?["reason"] == "the app process ended (memoryPressure)")
        // Continued requests never relaunch the app.
        #expect(result.events(.app(.state)).allSatisfy { $0["process"] == 1 })
    }

    // MARK: Resource pressure

    @Test func underResourcePressureTheTaskWithTheLeastProgressGoesFirst() throws {
        let app = Self.app(
            export: [
                .register(identifier: "com.example.video.export.fast", launchHandler: "fast", onMainQueue: false, asyncHandler: false),
                .register(identifier: "com.example.video.export.slow", launchHandler: "slow", onMainQueue: false, asyncHandler: false),
                Self.request("com.example.video.export.fast"), Self.request("com.example.video.export.slow"),
            ],
            extra: ["fast": Self.job("fast.mov", units: 60, unit: Self.second), "slow": Self.job("slow.mov", units: 6, unit: 10 * Self.second)],
            registersJobs: false)
        let timeline = Self.exportThenHome + [at(30, .resourcePressure), at(31, .resourcePressure)]
        let result = Self.run(app, timeline)
        let expiries = result.events(.task(.expire))
        #expect(expiries.map { $0["identifier"]?.string ?? "" } == ["com.example.video.export.slow", "com.example.video.export.fast"])
        #expect(expiries.allSatisfy { $0["reason"] == "resource pressure" })
        #expect(result.diagnostics.isEmpty)
        #expect(Self.run(Self.app(), [at(0, .launch), at(5, .resourcePressure)]).ignoredReasons == ["no continued processing task is running"])
    }
}
