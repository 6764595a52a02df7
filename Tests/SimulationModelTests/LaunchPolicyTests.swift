import SimulationKernel
@testable import SimulationModel
import Testing

/// The launch policy on its own: plain values in, a decision out. No simulation is built here.
@Suite struct LaunchPolicyTests {
    static let minute: VirtualDuration = .minutes(1)
    static let hour: VirtualDuration = .hours(1)
    static let day: VirtualDuration = .days(1)
    static let profile = PlatformProfile(.iOS26)
    static let deterministic = LaunchPolicy(kind: .deterministic, profile: profile)
    static let realistic = LaunchPolicy(kind: .realistic, profile: profile)

    static let refresh = TaskRequest(identifier: "com.example.refresh", kind: .appRefresh)
    static let processing = TaskRequest(identifier: "com.example.cleanup", kind: .processing)
    static let continued = TaskRequest(identifier: "com.example.export.1", kind: .continuedProcessing)

    /// A locked, charging phone on Wi-Fi with the app suspended in the background: nothing holds any task back.
    static func idleWorld(now: VirtualInstant = .zero + 10 * hour) -> WorldSnapshot {
        var conditions = DeviceConditions()
        conditions.locked = true
        conditions.charging = true
        return WorldSnapshot(
            now: now, conditions: conditions, lockedSince: .zero, app: WorldSnapshot.App(process: 1, state: .suspended),
            opens: [now - hour])
    }

    @Test func nothingHoldsBackATaskInAnIdleWorld() {
        for request in [Self.refresh, Self.processing] {
            #expect(Self.deterministic.blocker(for: request, in: Self.idleWorld()) == nil)
        }
    }

    @Test(arguments: [
        ("closed in the app switcher", LaunchBlocker.closedInAppSwitcher),
        ("app in front", .appInForeground),
        ("already running", .alreadyRunning),
        ("Low Power Mode", .lowPowerMode),
        ("refresh off", .backgroundAppRefresh(.denied)),
        ("battery", .lowBattery),
        ("hot", .thermalState(.serious)),
    ])
    func eachConditionHoldsBackARefresh(change: String, expected: LaunchBlocker) {
        var world = Self.idleWorld()
        switch change {
        case "closed in the app switcher": world.closedInAppSwitcher = true
        case "app in front": world.app?.state = .foregroundActive
        case "already running": world.app?.runningTasks = [Self.refresh.identifier]
        case "Low Power Mode": world.conditions.lowPowerMode = true
        case "refresh off": world.conditions.backgroundAppRefresh = .denied
        case "battery": (world.conditions.batteryLevel, world.conditions.charging) = (15, false)
        default: world.conditions.thermalState = .serious
        }
        #expect(Self.deterministic.blocker(for: Self.refresh, in: world) == expected)
    }

    @Test func theFirstReasonFoundIsTheOneGiven() {
        var world = Self.idleWorld()
        world.conditions.lowPowerMode = true
        world.conditions.thermalState = .critical
        #expect(Self.deterministic.blocker(for: Self.refresh, in: world) == .lowPowerMode)
        #expect(LaunchBlocker.lowPowerMode.description == "Low Power Mode is on")
    }

    @Test func processingWaitsForAnIdleDevicePowerAndNetwork() {
        var request = Self.processing
        request.requiresExternalPower = true
        request.requiresNetworkConnectivity = true
        var world = Self.idleWorld()
        world.conditions.locked = false
        #expect(Self.deterministic.blocker(for: request, in: world) == .deviceInUse)
        world.conditions.locked = true
        world.conditions.charging = false
        #expect(Self.deterministic.blocker(for: request, in: world) == .needsExternalPower)
        world.conditions.charging = true
        world.conditions.network = .none
        #expect(Self.deterministic.blocker(for: request, in: world) == .needsNetwork)
        // A refresh cares about none of these.
        #expect(Self.deterministic.blocker(for: Self.refresh, in: world) == nil)
    }

    @Test func theRealisticPolicySkipsProcessingForAnAppUnusedForAWeek() {
        var world = Self.idleWorld(now: .zero + 30 * Self.day)
        world.opens = [world.now - 8 * Self.day]
        #expect(Self.realistic.blocker(for: Self.processing, in: world) == .appNotUsedRecently)
        #expect(Self.deterministic.blocker(for: Self.processing, in: world) == nil)
        world.opens.append(world.now - Self.day)
        #expect(Self.realistic.blocker(for: Self.processing, in: world) == nil)
    }

    @Test func continuedTasksWaitForASlotInTheirOwnProcess() {
        var world = Self.idleWorld()
        world.app?.state = .foregroundActive
        #expect(Self.deterministic.blocker(for: Self.continued, in: world) == nil)
        world.app?.continuedTasks = Self.profile.continuedProcessingConcurrency
        #expect(Self.deterministic.blocker(for: Self.continued, in: world) == .concurrencyLimit(running: 2))
        world.app?.state = .terminated(.crash)
        #expect(Self.deterministic.blocker(for: Self.continued, in: world) == .appNotRunning)
    }

    @Test func aRefreshWaitsForItsBeginDateTheIntervalAndAPenalty() {
        let world = Self.idleWorld()
        var request = Self.refresh
        request.earliestBegin = world.now + Self.hour
        let entry = PendingRequest(request: request, submittedAt: world.now)
        var history = LaunchHistory()
        #expect(Self.deterministic.readyTime(for: entry, in: world, history: history) == world.now + Self.hour)
        history.lastLaunch[.appRefresh] = world.now + 50 * Self.minute
        #expect(Self.deterministic.readyTime(for: entry, in: world, history: history)
            == world.now + 50 * Self.minute + Self.profile.refreshMinimumInterval)
        history.penaltyUntil[.appRefresh] = world.now + 5 * Self.hour
        #expect(Self.deterministic.readyTime(for: entry, in: world, history: history) == world.now + 5 * Self.hour)
    }

    @Test func processingWaitsForTheDeviceToBeIdleLongEnough() {
        var world = Self.idleWorld()
        world.lockedSince = world.now - Self.minute
        let entry = PendingRequest(request: Self.processing, submittedAt: world.now)
        #expect(Self.deterministic.readyTime(for: entry, in: world, history: LaunchHistory())
            == world.now - Self.minute + Self.profile.processingIdleDelay)
    }

    @Test func continuedRequestsIgnoreTheirBeginDate() {
        var request = Self.continued
        request.earliestBegin = .zero + Self.day
        let entry = PendingRequest(request: request, submittedAt: VirtualInstant(nanoseconds: 5))
        #expect(Self.realistic.readyTime(for: entry, in: Self.idleWorld(), history: LaunchHistory()) == VirtualInstant(nanoseconds: 5))
    }

    @Test func theRealisticPolicyAimsARefreshJustBeforeTheUsualOpeningTime() {
        // Opened every day at 08:00 for a week; a refresh ready at 02:00 runs before 08:00, by at most the lead.
        let now = VirtualInstant.zero + 7 * Self.day + 2 * Self.hour
        var world = Self.idleWorld(now: now)
        world.opens = (0..<7).map { VirtualInstant.zero + Int64($0) * Self.day + 8 * Self.hour }
        for draw: Int64 in [0, 500_000, 999_999] {
            let entry = PendingRequest(request: Self.refresh, submittedAt: now, delayDraw: draw)
            let ready = Self.realistic.readyTime(for: entry, in: world, history: LaunchHistory())
            let usualOpen = VirtualInstant.zero + 7 * Self.day + 8 * Self.hour
            #expect(ready <= usualOpen)
            #expect(ready >= usualOpen - Self.profile.realisticPredictionLead)
            #expect(ready == usualOpen - Self.profile.realisticPredictionLead / 1_000_000 * draw)
        }
    }

    @Test func theNextCheckIsTheEarliestReadyRequestThatNothingHoldsBack() {
        var world = Self.idleWorld()
        var late = Self.refresh
        late.earliestBegin = world.now + 2 * Self.hour
        var blocked = Self.processing
        blocked.requiresNetworkConnectivity = true
        world.conditions.network = .none
        let pending = [
            PendingRequest(request: late, submittedAt: world.now),
            PendingRequest(request: blocked, submittedAt: world.now),
        ]
        #expect(Self.deterministic.nextCheck(pending: pending, in: world, history: LaunchHistory()) == world.now + 2 * Self.hour)
        #expect(Self.deterministic.due(pending: pending, in: world, history: LaunchHistory()).isEmpty)
        world.now = world.now + 2 * Self.hour
        #expect(Self.deterministic.due(pending: pending, in: world, history: LaunchHistory()).map(\.request) == [late])
        #expect(Self.deterministic.nextCheck(pending: [], in: world, history: LaunchHistory()) == nil)
    }
}
