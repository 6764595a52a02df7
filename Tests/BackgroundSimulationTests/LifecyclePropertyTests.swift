import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import SimulationKernel
import SimulationTesting
import Testing

/// Random people, random devices and random (often buggy) apps: the model's invariants hold for all of them.
@Suite struct LifecyclePropertyTests {
    /// A random world: which app code runs on each callback, and what the person does when.
    struct World: CustomStringConvertible {
        var handlers: [Int]  // per callback: 0 for none, else 1 + an index into `templateNames` (so shrinking removes handlers)
        var expiration: Int  // an index into `expirations`
        var timeline: [(gap: Int, action: Int)]  // indexes into `gaps` and `actions`

        var description: String {
            let callbacks = AppDefinition.Callback.allCases
            let attached = zip(callbacks, handlers).filter { $0.1 > 0 }.map { "\($0.0.rawValue)=\(World.templateNames[$0.1 - 1])" }
            let steps = timeline.map { "+\(TimeText.formatExact(nanoseconds: World.gaps[$0.gap])) \(World.actions[$0.action].name)" }
            return "launch, then handlers [\(attached.joined(separator: ", "))], onExpiration \(World.expirations[expiration]), timeline [\(steps.joined(separator: ", "))]"
        }

        static let gaps: [Int64] = [0, 100_000_000, 1_000_000_000, 3_000_000_000, 10_000_000_000, 40_000_000_000, 300_000_000_000]
        static let actions: [UserAction] = [
            .launch, .backgroundLaunch, .goHome, .returnToApp, .lock, .unlock, .swipeAway, .memoryPressure,
            .openControlCenter, .closeControlCenter, .tap(action: "good"),
        ]
        static let expirations: [ExpirationBehavior] = [
            .steps([.endBackgroundTask(variable: nil)]), .steps([]), .noHandler,
            .steps([.dispatchMain(delay: .zero, steps: [.endBackgroundTask(variable: nil)])]),
            .steps([.work(duration: .seconds(7), jitter: .zero, changesState: false), .endBackgroundTask(variable: nil)]),
            .steps([.endBackgroundTask(variable: "t")]),
        ]
        static let templateNames = ["good", "leaky", "slowMain", "lock", "mixed", "double", "crashy"]

        func templates() -> [String: [Step]] {
            let onExpiration = World.expirations[expiration]
            return [
                "good": [
                    .beginBackgroundTask(variable: "t", name: "good", onExpiration: .steps([.endBackgroundTask(variable: nil)])),
                    .async([.work(duration: .seconds(2), jitter: .seconds(1), changesState: true),
                            .save(checkpoint: "s", duration: .milliseconds(100)), .endBackgroundTask(variable: "t")]),
                ],
                "leaky": [
                    .beginBackgroundTask(variable: "t", name: "leaky", onExpiration: onExpiration),
                    .async([.wait(duration: .seconds(40)), .endBackgroundTask(variable: "t")]),
                ],
                "slowMain": [.work(duration: .seconds(6), jitter: .seconds(2), changesState: true)],
                "lock": [.holdLock("db"), .async([.work(duration: .seconds(1), jitter: .zero, changesState: false), .releaseLock("db")])],
                "mixed": [
                    .dispatchMain(delay: .milliseconds(500), steps: [.work(duration: .seconds(1), jitter: .zero, changesState: true)]),
                    .wait(duration: .seconds(1)), .save(checkpoint: "m", duration: .zero),
                    .async([.wait(duration: .seconds(2)), .log("network reply"), .work(duration: .seconds(1), jitter: .zero, changesState: true)]),
                ],
                "double": [
                    .beginBackgroundTask(variable: "t", name: "a", onExpiration: onExpiration),
                    .beginBackgroundTask(variable: "t", name: "b", onExpiration: onExpiration),
                    .repeating(count: 2, steps: [.work(duration: .seconds(1), jitter: .zero, changesState: false), .endBackgroundTask(variable: "t")]),
                ],
                "crashy": [.work(duration: .milliseconds(500), jitter: .milliseconds(500), changesState: true), .crash("boom")],
            ]
        }

        func scenario() -> Scenario {
            var at: Int64 = 0
            // Every world starts with the person opening the app; the rest is random.
            let entries = [TimelineEntry(at: .nanoseconds(0), action: .launch)] + timeline.map { step -> TimelineEntry in
                at += World.gaps[step.gap]
                return TimelineEntry(at: .nanoseconds(at), action: World.actions[step.action])
            }
            let callbacks = AppDefinition.Callback.allCases
            let attached = zip(callbacks, handlers).filter { $0.1 > 0 }.map { (callback: $0.0, action: World.templateNames[$0.1 - 1]) }
            let app = AppDefinition(bundleIdentifier: "com.example.random", handlers: attached, actions: templates())
            return Scenario(name: "random", stopAt: .nanoseconds(at + 600_000_000_000), app: app, timeline: entries)
        }
    }

    static var worlds: Generator<World> { Generator.zip(
        Generator<Int>.int(in: 0...World.templateNames.count).array(length: 6...6),
        Generator<Int>.int(in: 0...(World.expirations.count - 1)),
        Generator.zip(gapIndexes, actionIndexes).map { (gap: $0.0, action: $0.1) }.array(length: 1...25)
    ).map { World(handlers: $0.0, expiration: $0.1, timeline: $0.2) } }

    /// Short gaps are likelier: the interesting races happen within seconds.
    static var gapIndexes: Generator<Int> {
        .oneOf(weighted: [
            (weight: 2, generator: .always(0)), (weight: 3, generator: .always(1)), (weight: 4, generator: .always(2)),
            (weight: 3, generator: .always(3)), (weight: 2, generator: .always(4)), (weight: 2, generator: .always(5)),
            (weight: 1, generator: .always(6)),
        ])
    }

    /// Leaving and coming back are what people do most.
    static var actionIndexes: Generator<Int> {
        .oneOf(weighted: World.actions.indices.map { index in
            let weight = switch World.actions[index] {
            case .goHome, .returnToApp, .launch: 4
            case .person(.tap): 3
            default: 1
            }
            return (weight: weight, generator: .always(index))
        })
    }

    /// Reads `app.state` names back into states, to check moves with the model's own table.
    static func state(named name: String) -> AppState? {
        switch name {
        case "notRunning": .notRunning
        case "launchingForeground": .launching(into: .foreground)
        case "launchingBackground": .launching(into: .background)
        case "foregroundActive": .foregroundActive
        case "foregroundInactive": .foregroundInactive
        case "background": .background
        case "suspended": .suspended
        case "terminated": .terminated(.crash)
        default: nil
        }
    }

    /// Event kinds that only app code produces.
    static let appCodeKinds: Set<TraceKind> = [
        .app(.work), .app(.wait), .app(.save), .app(.lock), .app(.log), .app(.callback), .backgroundTime(.taskBegin),
        .backgroundTime(.taskEnd), .backgroundTime(.taskInvalid),
    ]

    @Test func everyLifecycleMoveIsLegal() {
        checkProperty("every app.state move is one the platform allows", iterations: 150, Self.worlds) { world in
            let result = Simulation(scenario: world.scenario()).run()
            var current: [Int64: String] = [:]
            for event in result.events {
                if event.kind == .model(.illegalTransition) { return false }
                guard event.kind == .app(.state), let process = event["process"]?.int,
                      let from = event["from"]?.string, let to = event["to"]?.string,
                      let fromState = Self.state(named: from), let toState = Self.state(named: to)
                else { continue }
                if (current[process] ?? "notRunning") != from || !fromState.canMove(to: toState) { return false }
                current[process] = to
            }
            return true
        }
    }

    @Test func noAppCodeRunsWhileSuspendedOrTerminated() {
        checkProperty("app code runs only while its process runs", iterations: 150, Self.worlds) { world in
            let result = Simulation(scenario: world.scenario()).run()
            var state: [Int64: String] = [:]
            for event in result.events {
                guard let process = event["process"]?.int else { continue }
                if event.kind == .app(.state) {
                    state[process] = event["to"]?.string
                    continue
                }
                if Self.appCodeKinds.contains(event.kind) {
                    guard let name = state[process], let current = Self.state(named: name), current.isRunning else { return false }
                }
            }
            return true
        }
    }

    @Test func everyBackgroundTaskEndsExactlyOnce() {
        checkProperty("every begun background task is ended once by the app, or by its process ending", iterations: 150, Self.worlds) { world in
            let result = Simulation(scenario: world.scenario()).run()
            var ends: [String: Int] = [:]
            var begun: [String] = []
            var terminatedAt: [Int64: Int] = [:]
            var finalState: [Int64: String] = [:]
            for event in result.events {
                guard let process = event["process"]?.int else { continue }
                let key = "\(process)/\(event["identifier"]?.int ?? -1)"
                switch event.kind {
                case .backgroundTime(.taskBegin): begun.append(key)
                case .backgroundTime(.taskEnd): ends[key, default: 0] += 1
                case .app(.state):
                    finalState[process] = event["to"]?.string
                    if event["to"]?.string == "terminated" { terminatedAt[process] = event.sequence }
                default: break
                }
            }
            for key in begun {
                let process = Int64(key.split(separator: "/")[0])!
                switch ends[key, default: 0] {
                case 1: continue
                case 0:
                    // Not ended by the app: the process must have ended, or the run stopped with the app in front
                    // (in the foreground background time is unlimited).
                    let inFront = finalState[process].map { $0.hasPrefix("foreground") } ?? false
                    if terminatedAt[process] == nil && !inFront { return false }
                default: return false
                }
            }
            return true
        }
    }

    @Test func runsAreDeterministic() {
        checkProperty("the same world and seed give the same fingerprint", iterations: 40, Self.worlds) { world in
            Simulation(scenario: world.scenario()).run().fingerprint == Simulation(scenario: world.scenario()).run().fingerprint
        }
    }
}
