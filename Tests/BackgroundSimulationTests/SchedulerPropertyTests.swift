import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationKernel
import SimulationTesting
import Testing

/// Random people, devices and request sequences: the scheduler's invariants hold for all of them.
@Suite struct SchedulerPropertyTests {
    static let minute: VirtualDuration = .minutes(1)
    static let identifiers = ["r.refresh", "r.p0", "r.p1", "r.p2"]

    /// One random world: what the handlers do, and what happens when.
    struct World: CustomStringConvertible {
        var handler: Int
        var timeline: [(gap: Int, action: Int)]

        static let gaps: [VirtualDuration] = [.zero, minute / 2, minute, 5 * minute, 20 * minute, 90 * minute]
        static let handlers: [[Step]] = [
            [.setTaskExpirationHandler(.steps([.cancelWork, .setTaskCompleted(success: false)])),
             .wait(duration: .seconds(3)), .setTaskCompleted(success: true)],
            [.setTaskExpirationHandler(.steps([.cancelWork, .setTaskCompleted(success: false)])),
             .repeating(count: 30, steps: [.stopIfCancelled, .work(duration: .seconds(20), jitter: .zero, changesState: false)]),
             .setTaskCompleted(success: true)],
            [.wait(duration: .seconds(45))],
            [.setTaskExpirationHandler(.steps([.cancelWork])), .wait(duration: .seconds(2))],
        ]
        static let handlerNames = ["good", "long", "noExpirationHandler", "neverCompletes"]

        static var actions: [UserAction] {
            var charging = ConditionChange()
            charging.charging = true
            var battery = ConditionChange()
            battery.charging = false
            var offline = ConditionChange()
            offline.network = DeviceConditions.Network.none
            var online = ConditionChange()
            online.network = .wifi
            var lowPower = ConditionChange()
            lowPower.lowPowerMode = true
            var normalPower = ConditionChange()
            normalPower.lowPowerMode = false
            return [
                .launch, .goHome, .lock, .unlock, .memoryPressure, .swipeAway,
                .conditions(charging), .conditions(battery), .conditions(offline), .conditions(online),
                .conditions(lowPower), .conditions(normalPower),
                .tap(action: "submitRefresh"), .tap(action: "submitRefreshSoon"), .tap(action: "submitP0"),
                .tap(action: "submitP1"), .tap(action: "submitP2"), .tap(action: "cancelP0"), .tap(action: "cancelAll"),
                .simulateLaunch(identifier: "r.p1"), .simulateExpiration(identifier: "r.refresh"),
            ]
        }

        var description: String {
            let steps = timeline.map { "+\(TimeText.formatExact(World.gaps[$0.gap])) \(World.actions[$0.action])" }
            return "handler \(World.handlerNames[handler]), timeline [\(steps.joined(separator: ", "))]"
        }

        func scenario() -> Scenario {
            let registrations = SchedulerPropertyTests.identifiers.map {
                Step.register(identifier: $0, launchHandler: "handler", onMainQueue: false, asyncHandler: false)
            }
            let app = AppDefinition(
                bundleIdentifier: "r", backgroundModes: ["fetch", "processing"], permittedIdentifiers: SchedulerPropertyTests.identifiers,
                handlers: [(callback: .didFinishLaunching, action: "register")],
                actions: [
                    "register": registrations,
                    "handler": World.handlers[handler],
                    "submitRefresh": [.submit(TaskRequest(identifier: "r.refresh", kind: .appRefresh), earliestBegin: 30 * minute)],
                    "submitRefreshSoon": [.submit(TaskRequest(identifier: "r.refresh", kind: .appRefresh), earliestBegin: minute)],
                    "submitP0": [.submit(TaskRequest(identifier: "r.p0", kind: .processing))],
                    "submitP1": [.submit(TaskRequest(identifier: "r.p1", kind: .processing, requiresExternalPower: true), earliestBegin: 10 * minute)],
                    "submitP2": [.submit(TaskRequest(identifier: "r.p2", kind: .processing, requiresNetworkConnectivity: true))],
                    "cancelP0": [.cancelTaskRequest(identifier: "r.p0")],
                    "cancelAll": [.cancelAllTaskRequests],
                ])
            var at = VirtualDuration.zero
            let entries = [TimelineEntry(at: .zero, action: .launch)] + timeline.map { step -> TimelineEntry in
                at = at + World.gaps[step.gap]
                return TimelineEntry(at: at.duration, action: World.actions[step.action])
            }
            return Scenario(name: "random-scheduler", stopAt: (at + 600 * minute).duration, app: app, timeline: entries)
        }
    }

    static var worlds: Generator<World> {
        Generator.zip(
            Generator<Int>.int(in: 0...(World.handlers.count - 1)),
            Generator.zip(Generator<Int>.int(in: 0...(World.gaps.count - 1)), Generator<Int>.int(in: 0...(World.actions.count - 1)))
                .map { (gap: $0.0, action: $0.1) }.array(length: 1...30)
        ).map { World(handler: $0.0, timeline: $0.1) }
    }

    /// What the trace says about requests, replayed against the platform's rules.
    struct Replay {
        var pending: [String: (kind: String, earliest: Int64)] = [:]
        var violations: [String] = []
        var running: [String: Int64] = [:]
        var locked = false
        var charging = false
        var online = true

        mutating func read(_ event: TraceEvent) {
            let identifier = event["identifier"]?.string ?? ""
            switch event.kind {
            case .device(.state):
                locked = event["locked"] == .bool(true)
                charging = event["charging"] == .bool(true)
                online = event["network"] != "none"
                if !locked {
                    for (id, _) in running where id != "r.refresh" {
                        // An unlock must expire a running processing task at that very instant (checked at bgTask.expire).
                        unlockedWhileRunning.insert(id)
                    }
                }
            case .task(.submit):
                let wasPending = pending[identifier] != nil
                if (event["replaced"] == .bool(true)) != wasPending { violations.append("replaced flag wrong for \(identifier) at \(event.time)") }
                pending[identifier] = (event["type"]?.string ?? "", event["earliestBegin"]?.int ?? -1)
                let refresh = pending.values.filter { $0.kind == "appRefresh" }.count
                let processing = pending.values.filter { $0.kind == "processing" }.count
                if refresh > 1 || processing > 10 { violations.append("too many pending at \(event.time)") }
            case .task(.cancel):
                pending[identifier] = nil
            case .task(.cancelAll):
                pending = [:]
            case .task(.launchRequest):
                guard let request = pending[identifier] else {
                    violations.append("launched \(identifier) that was not pending at \(event.time)")
                    return
                }
                if event["cause"] == "policy" && request.earliest >= 0 && event.time.nanoseconds < request.earliest {
                    violations.append("\(identifier) started before its earliestBegin")
                }
                if event["cause"] == "policy" && request.kind == "processing" && !locked {
                    violations.append("processing \(identifier) started while the device was in use")
                }
                if event["cause"] == "policy" && identifier == "r.p1" && !charging {
                    violations.append("r.p1 started without power")
                }
                if event["cause"] == "policy" && identifier == "r.p2" && !online {
                    violations.append("r.p2 started without a network")
                }
                pending[identifier] = nil
            case .task(.start):
                if running[identifier] != nil { violations.append("\(identifier) started twice at \(event.time)") }
                running[identifier] = event.time.nanoseconds
            case .task(.expire):
                unlockedWhileRunning.remove(identifier)
            case .task(.end):
                if running.removeValue(forKey: identifier) == nil { violations.append("\(identifier) ended without running at \(event.time)") }
                if unlockedWhileRunning.remove(identifier) != nil {
                    violations.append("processing \(identifier) kept running after an unlock")
                }
            default:
                break
            }
        }

        var unlockedWhileRunning: Set<String> = []
    }

    @Test func requestsFollowThePlatformsRules() {
        checkProperty("limits, replacement, earliestBegin, conditions and one end per launch", iterations: 150, Self.worlds) { world in
            let result = Simulation(scenario: world.scenario()).run()
            var replay = Replay()
            for event in result.events { replay.read(event) }
            // Tasks still running when the run stops are not ended yet; every other launch ended once.
            let stillRunning = replay.running.keys.allSatisfy { _ in result.finalState.isRunning }
            return replay.violations.isEmpty && stillRunning
        }
    }

    @Test func everyLaunchedTaskEndsExactlyOnceAndIsReported() {
        checkProperty("every bgTask.start has one bgTask.end, with how it ended", iterations: 150, Self.worlds) { world in
            let result = Simulation(scenario: world.scenario()).run()
            var open: [String: Int] = [:]
            for event in result.events {
                let id = event["identifier"]?.string ?? ""
                if event.kind == .task(.start) { open[id, default: 0] += 1 }
                if event.kind == .task(.end) {
                    open[id, default: 0] -= 1
                    guard ["completed", "expired", "processEnded"].contains(event["how"]?.string ?? "") else { return false }
                }
                if open[id, default: 0] < 0 || open[id, default: 0] > 1 { return false }
            }
            let unfinished = open.values.reduce(0, +)
            return unfinished == 0 || result.finalState.isRunning
        }
    }
}
