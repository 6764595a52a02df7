import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationKernel
import SimulationTesting
import Testing

/// Random bursts of pushes, random handlers and random people: the push service keeps Apple's promises.
@Suite struct SilentPushPropertyTests {
    static let second: VirtualDuration = .seconds(1)

    /// One random world: how the handler behaves, then what happens when.
    struct World: CustomStringConvertible {
        var handler: Int  // index into `handlers`
        var timeline: [(gap: Int, action: Int)]

        static let handlers: [(name: String, steps: [Step])] = [
            ("fast", [.wait(duration: 2 * second), .callFetchCompletion(result: .newData)]),
            ("slow", [.wait(duration: 40 * second), .callFetchCompletion(result: .newData)]),
            ("never", [.wait(duration: second)]),
            ("twice", [.callFetchCompletion(result: .noData), .wait(duration: second), .callFetchCompletion(result: .noData)]),
        ]
        static let gaps: [VirtualDuration] = [.zero, second, 20 * second, 5 * 60 * second, 20 * 60 * second, 3600 * second]

        static var actions: [UserAction] {
            var lowPower = ConditionChange()
            lowPower.lowPowerMode = true
            var normalPower = ConditionChange()
            normalPower.lowPowerMode = false
            return [
                .push(RemoteNotification()), .push(RemoteNotification()), .push(RemoteNotification()),
                .push(RemoteNotification(priority: 10)), .push(RemoteNotification(contentAvailable: false, pushType: .alert)),
                .launch, .goHome, .swipeAway, .memoryPressure, .conditions(lowPower), .conditions(normalPower),
                .dropPush, .delayPush(by: 600 * second),
            ]
        }

        var description: String {
            let steps = timeline.map { "+\(TimeText.formatExact(World.gaps[$0.gap])) \(World.actions[$0.action])" }
            return "handler \(World.handlers[handler].name), timeline [\(steps.joined(separator: ", "))]"
        }

        func scenario() -> Scenario {
            let app = AppDefinition(
                bundleIdentifier: "com.example.chat", backgroundModes: ["remote-notification"],
                handlers: [(callback: .didReceiveRemoteNotification, action: "onPush")], actions: ["onPush": World.handlers[handler].steps])
            var at = VirtualDuration.zero
            let entries = [TimelineEntry(at: .zero, action: .launch)] + timeline.map { step -> TimelineEntry in
                at = at + World.gaps[step.gap]
                return TimelineEntry(at: at.duration, action: World.actions[step.action])
            }
            return Scenario(name: "random-pushes", stopAt: (at + 2 * 3600 * second).duration, app: app, timeline: entries)
        }
    }

    static var worlds: Generator<World> {
        // Pushes weigh more than anything else, so that most worlds hit the rate limit.
        let action = Generator.oneOf(weighted: [
            (weight: 3, generator: Generator<Int>.int(in: 0...2)),
            (weight: 2, generator: Generator<Int>.int(in: 0...(World.actions.count - 1))),
        ])
        let step = Generator.zip(Generator<Int>.int(in: 0...(World.gaps.count - 1)), action).map { (gap: $0.0, action: $0.1) }
        return Generator.zip(Generator<Int>.int(in: 0...(World.handlers.count - 1)), step.array(length: 1...25))
            .map { World(handler: $0.0, timeline: $0.1) }
    }

    /// What the trace says about pushes, replayed against the rules.
    struct Replay {
        var violations: [String] = []
        /// Pushes received, and those that reached an end (coalesced, dropped, discarded, delivered).
        var received: Set<Int> = []
        var ended: Set<Int> = []
        /// When pushes woke the app in the background.
        var backgroundDeliveries: [VirtualInstant] = []
        var foreground = false
        /// Closed in the app switcher and not opened since.
        var closed = false

        mutating func read(_ event: TraceEvent, limit: Int64) {
            let t = event.time
            let push = Int(event["push"]?.int ?? 0)
            switch event.kind {
            case .app(.state):
                let to = event["to"]?.string ?? ""
                foreground = to.hasPrefix("foreground") || to == "launchingForeground"
                if event["reason"] == "userSwipedAway" { closed = true }
                if to == "launchingForeground" || (to.hasPrefix("foreground") && event["from"] != "launchingForeground") { closed = false }
            case .push(.received):
                if !received.insert(push).inserted { violations.append("push \(push) received twice at \(t.nanoseconds)") }
            case .push(.outcome):
                let outcome = event["outcome"]?.string ?? ""
                guard received.contains(push) else { return violations.append("push \(push) has an outcome before it arrived at \(t.nanoseconds)") }
                if outcome == "held" { return }
                if !ended.insert(push).inserted { violations.append("push \(push) ended twice (\(outcome)) at \(t.nanoseconds)") }
                guard outcome == "delivered" else { return }
                if closed && !foreground { violations.append("push \(push) delivered after a force quit before the person opened the app, at \(t.nanoseconds)") }
                if event["wake"] != "running" || !foreground {
                    backgroundDeliveries.append(t)
                    let inHour = backgroundDeliveries.filter { $0 > t - 3600 * SilentPushPropertyTests.second }.count
                    if inHour > limit { violations.append("\(inHour) background deliveries in the hour before \(t.nanoseconds), over \(limit)") }
                }
            default:
                break
            }
        }
    }

    static func replay(_ world: World) -> (result: SimulationResult, replay: Replay) {
        let result = Simulation(scenario: world.scenario()).run()
        var replay = Replay()
        for event in result.events { replay.read(event, limit: PlatformProfile(.iOS26).pushMaxPerHour) }
        return (result, replay)
    }

    @Test func everyPushEndsAtMostOnceAndNothingReachesAForceQuitApp() {
        checkProperty("each push delivered, dropped, coalesced or discarded at most once; none delivered after a force quit until opened", iterations: 150, Self.worlds) { world in
            Self.replay(world).replay.violations.filter { !$0.contains("over") }.isEmpty
        }
    }

    @Test func noMoreBackgroundDeliveriesPerHourThanTheProfileAllows() {
        checkProperty("at most pushMaxPerHour background deliveries in any hour", iterations: 150, Self.worlds) { world in
            !Self.replay(world).replay.violations.contains { $0.contains("over") }
        }
    }

    @Test func aHandlerEndsOnceWithinItsBudget() {
        checkProperty("each delivered push's handler is called in time or the app is terminated at 30 s, once", iterations: 100, Self.worlds) { world in
            let (result, _) = Self.replay(world)
            var firstEnd: [Int64: Int64] = [:]
            for event in result.events(.push(.completion)) where event["phase"] != "calledAgain" {
                let push = event["push"]?.int ?? 0
                if firstEnd[push] != nil { return false }
                firstEnd[push] = event.time.nanoseconds
            }
            return result.diagnostics(.init("BGS041")).count == result.events(.push(.completion)).filter { $0["phase"] == "timedOut" }.count
        }
    }

    @Test func theSameWorldGivesTheSameTrace() {
        checkProperty("a push world is deterministic", iterations: 30, Self.worlds) { world in
            Simulation(scenario: world.scenario()).run().fingerprint == Simulation(scenario: world.scenario()).run().fingerprint
        }
    }
}
