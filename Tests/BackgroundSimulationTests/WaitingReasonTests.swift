import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import Foundation
import SimulationKernel
import Testing

/// `bgTask.waiting`: the scheduler says why each pending request waits, whenever that changes, and only then.
@Suite struct WaitingReasonTests {
    static let minute = TaskSchedulerTests.minute
    static let cleanupID = TaskSchedulerTests.cleanupID

    /// The waiting records of a run: identifier, instant and reason.
    static func waits(_ result: SimulationResult) -> [(time: VirtualInstant, identifier: String, reason: TaskRecord.Waiting.Reason)] {
        result.events.compactMap { event in
            guard case .task(.waiting(let waiting)) = event.record else { return nil }
            return (event.time, waiting.identifier, waiting.reason)
        }
    }

    /// A clean-up that needs power, submitted when the person leaves the app at 1m.
    static func cleanupApp() -> AppDefinition {
        var request = TaskRequest(identifier: cleanupID, kind: .processing)
        request.requiresExternalPower = true
        return TaskSchedulerTests.app(actions: [
            "registerTasks": [.register(identifier: cleanupID, launchHandler: "cleanup", onMainQueue: false, asyncHandler: false)],
            "schedule": [.submit(request)],
            "cleanup": TaskSchedulerTests.goodRefresh,
        ], handlers: [(.didFinishLaunching, "registerTasks"), (.didEnterBackground, "schedule")])
    }

    static func change(_ edit: (inout ConditionChange) -> Void) -> UserAction {
        var change = ConditionChange()
        edit(&change)
        return .conditions(change)
    }

    @Test func eachChangeOfReasonIsRecordedOnceAndTheLaunchEndsTheList() throws {
        let timeline = [
            TimelineEntry(at: .zero, action: .launch),
            TimelineEntry(at: Self.minute.duration, action: .goHome),
            TimelineEntry(at: (2 * Self.minute).duration, action: .lock),
            // The battery drains: the reason (no power) stays the same, so nothing new is recorded.
            TimelineEntry(at: (3 * Self.minute).duration, action: Self.change { $0.batteryLevel = 60 }),
            TimelineEntry(at: (4 * Self.minute).duration, action: Self.change { $0.lowPowerMode = true }),
            TimelineEntry(at: (5 * Self.minute).duration, action: Self.change { $0.lowPowerMode = false }),
            TimelineEntry(at: (10 * Self.minute).duration, action: Self.change { $0.charging = true }),
        ]
        let result = TaskSchedulerTests.run(Self.cleanupApp(), timeline)
        let waits = Self.waits(result)
        #expect(waits.map(\.time) == [1, 2, 4, 5].map { VirtualInstant.zero + $0 * Self.minute })
        #expect(waits.map(\.reason) == [
            .blocked(.deviceInUse), .blocked(.needsExternalPower), .blocked(.lowPowerMode), .blocked(.needsExternalPower),
        ])
        #expect(waits.allSatisfy { $0.identifier == Self.cleanupID })
        // Plugged in at 10m, idle since 2m: due at once, so the launch follows with no waiting line before it.
        let launch = try #require(result.events.first { $0.kind == .task(.launchRequest) })
        #expect(launch.time == VirtualInstant.zero + 10 * Self.minute)
        #expect(result.events.last { $0.kind == .task(.waiting) }.map { $0.sequence < launch.sequence } == true)
    }

    @Test func aRequestNothingHoldsBackSaysWhenItIsDue() {
        let timeline = TaskSchedulerTests.leaveAtOneMinute + [
            TimelineEntry(at: (5 * Self.minute).duration, action: Self.change { $0.lowPowerMode = true }),
            TimelineEntry(at: (6 * Self.minute).duration, action: Self.change { $0.lowPowerMode = false }),
        ]
        let result = TaskSchedulerTests.run(TaskSchedulerTests.refreshApp(handler: TaskSchedulerTests.goodRefresh), timeline)
        let waits = Self.waits(result)
        // Submitted at 1m with earliestBegin 20m: due at 21m; Low Power Mode holds it back for a minute, then it is due again.
        #expect(waits.map(\.reason) == [.ready(at: .zero + 21 * Self.minute), .blocked(.lowPowerMode), .ready(at: .zero + 21 * Self.minute)])
        #expect(waits.map(\.time) == [1, 5, 6].map { VirtualInstant.zero + $0 * Self.minute })
        #expect(result.events.contains { $0.kind == .task(.start) && $0.time == VirtualInstant.zero + 21 * Self.minute })
    }

    @Test func aQueuedContinuedRequestWaitsForASlotAndTheTraceSaysSo() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let scenario = try Scenario.load(from: root.appendingPathComponent("Scenarios/continued-app-switcher-close.json").path)
        let waits = Self.waits(Simulation(scenario: scenario).run())
        #expect(waits.map(\.reason) == [.blocked(.concurrencyLimit(running: 2)), .blocked(.closedInAppSwitcher)])
        #expect(Set(waits.map(\.identifier)).count == 1)
    }

    @Test func aCorrectRunWithNothingPendingRecordsNothing() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let scenario = try Scenario.load(from: root.appendingPathComponent("Scenarios/save-on-background.json").path)
        #expect(Self.waits(Simulation(scenario: scenario).run()).isEmpty)
    }
}
