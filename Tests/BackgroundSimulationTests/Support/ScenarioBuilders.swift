import BackgroundSimulation
import PlatformLookalikes
import ScenarioFormat
import SimulationModel
import Foundation
import SimulationKernel
import Synchronization

// Small builders so that each test reads as its scenario: what the app does, what the person does, when.

/// A time the tests write in seconds: a span, the instant that long into the run, or a trace field's nanoseconds.
protocol TimeInTests {
    init(nanoseconds: Int64)
}

extension VirtualDuration: TimeInTests {}
extension VirtualInstant: TimeInTests {}
extension Int64: TimeInTests {
    init(nanoseconds: Int64) { self = nanoseconds }
}

/// `value` seconds (fractions allowed: `seconds(0.5)`), as the context needs it.
func seconds<Time: TimeInTests>(_ value: Double) -> Time { Time(nanoseconds: Int64((value * 1_000_000_000).rounded())) }

/// `value` milliseconds, as the context needs it.
func milliseconds<Time: TimeInTests>(_ value: Int64) -> Time { Time(nanoseconds: value * 1_000_000) }

/// `value` minutes, as the context needs it.
func minutes<Time: TimeInTests>(_ value: Int64) -> Time { Time(nanoseconds: value * 60_000_000_000) }

/// A timeline entry: `at(10, .goHome)`, with the instant in seconds.
func at(_ time: Double, _ action: UserAction) -> TimelineEntry {
    TimelineEntry(at: .nanoseconds(seconds(time) as Int64), action: action)
}

/// The iOS 26 profile with some parameters changed: durations, and counts.
func profile(
    _ name: PlatformProfile.Name = .iOS26, _ durations: [PlatformProfile.Key: VirtualDuration] = [:],
    counts: [PlatformProfile.Key: Int64] = [:]
) -> PlatformProfile {
    var profile = PlatformProfile(name)
    for key in PlatformProfile.Key.allCases {
        if let value = durations[key] { profile[duration: key] = value }
        if let value = counts[key] { profile[count: key] = value }
    }
    return profile
}

/// A scenario built in Swift: the app's actions and handlers, and the person's timeline.
func scenario(
    name: String = "test", seed: UInt64 = 1, profile: PlatformProfile = PlatformProfile(.iOS26),
    actions: [String: [Step]] = [:], handlers: [(AppDefinition.Callback, String)] = [],
    timeline: [TimelineEntry], stopAt: Duration = .seconds(600), startsLocked: Bool = false,
    expectations: Expectations = Expectations()
) -> Scenario {
    let app = AppDefinition(
        bundleIdentifier: "com.example.test", handlers: handlers.map { (callback: $0.0, action: $0.1) }, actions: actions)
    return Scenario(
        name: name, seed: seed, profile: profile, stopAt: stopAt, app: app, startsLocked: startsLocked,
        timeline: timeline, expectations: expectations)
}

/// Builds and runs a scenario in one go.
func run(
    seed: UInt64 = 1, profile: PlatformProfile = PlatformProfile(.iOS26),
    actions: [String: [Step]] = [:], handlers: [(AppDefinition.Callback, String)] = [],
    timeline: [TimelineEntry], stopAt: Duration = .seconds(600), startsLocked: Bool = false
) -> SimulationResult {
    Simulation(scenario: scenario(
        seed: seed, profile: profile, actions: actions, handlers: handlers, timeline: timeline, stopAt: stopAt,
        startsLocked: startsLocked)).run()
}

/// Runs Swift app code (a fresh delegate per process) against a timeline.
func run(
    app: @escaping @Sendable () -> any UIApplicationDelegate, seed: UInt64 = 1,
    profile: PlatformProfile = PlatformProfile(.iOS26), timeline: [TimelineEntry], stopAt: Duration = .seconds(600)
) -> SimulationResult {
    Simulation(scenario: scenario(seed: seed, profile: profile, timeline: timeline, stopAt: stopAt), app: app).run()
}

// MARK: Steps, shortly

/// CPU work that dirties the app's memory (unsaved until the next save).
func work(_ duration: Double, changesState: Bool = true) -> Step {
    .work(duration: seconds(duration), jitter: .zero, changesState: changesState)
}

/// CPU work that leaves the app's memory clean (formatting, rendering).
func busy(_ duration: Double) -> Step { work(duration, changesState: false) }

/// A wait without CPU (a network reply).
func waitFor(_ duration: Double) -> Step { .wait(duration: seconds(duration)) }

/// `beginBackgroundTask` into variable `id`, named `name` (defaults to the variable).
func begin(_ id: String, name: String? = nil, onExpiration: ExpirationBehavior = .steps([.endBackgroundTask(variable: nil)])) -> Step {
    .beginBackgroundTask(variable: id, name: name, onExpiration: onExpiration)
}

/// `endBackgroundTask` with the identifier stored in `id`.
func end(_ id: String) -> Step { .endBackgroundTask(variable: id) }

/// The correct expiration handler: end its own task before returning.
let endOwnTask = ExpirationBehavior.steps([.endBackgroundTask(variable: nil)])

// MARK: Reading results

extension SimulationResult {
    /// The events of one kind, in trace order.
    func events(_ kind: TraceKind) -> [TraceEvent] { events.filter { $0.kind == kind } }

    /// `"from->to"` for each `app.state` event of `process` (every process when nil).
    func moves(process: Int64? = nil) -> [String] {
        events(.app(.state)).filter { process == nil || $0["process"]?.int == process }.map {
            "\($0["from"]?.string ?? "?")->\($0["to"]?.string ?? "?")"
        }
    }

    /// The instant of the first `app.state` event into `state` (of `process`, if given).
    func time(enteringState state: String, process: Int64? = nil) -> VirtualInstant? {
        events(.app(.state)).first { $0["to"]?.string == state && (process == nil || $0["process"]?.int == process) }?.time
    }

    /// The rule ids that fired, in order, with repeats.
    var ruleIDs: [String] { diagnostics.map(\.rule.id) }

    /// The diagnostics of one rule.
    func diagnostics(_ id: String) -> [Diagnostic] { diagnostics.filter { $0.rule.id == id } }

    /// The `console` messages, in order.
    var consoleMessages: [String] { events(.console).compactMap { $0["message"]?.string } }

    /// The start instants of delegate callback `name`.
    func callbackStarts(_ name: String) -> [VirtualInstant] {
        events(.app(.callback)).filter { $0["callback"]?.string == name && $0["phase"]?.string == "start" }.map(\.time)
    }

    /// The start instants of expiration handlers.
    var expirationHandlerStarts: [VirtualInstant] {
        events(.backgroundTime(.taskExpirationHandler)).filter { $0["phase"]?.string == "start" }.map(\.time)
    }

    /// The `why` of each ignored user action.
    var ignoredReasons: [String] { events(.person(.actionIgnored)).compactMap { $0["why"]?.string } }

    /// The termination `app.state` events.
    var terminationEvents: [TraceEvent] { events(.app(.state)).filter { $0["to"]?.string == "terminated" } }
}

/// Reads an `app.state` name back into a state (terminations with an arbitrary reason: moves do not depend on it).
func appState(named name: String) -> AppState? {
    switch name {
    case "notRunning": .notRunning
    case "launchingForeground": .launching(into: .foreground)
    case "launchingBackground": .launching(into: .background)
    case "foregroundActive": .foregroundActive
    case "foregroundInactive": .foregroundInactive
    case "background": .background
    case "suspended": .suspended
    case "terminated": .terminated(.exit)
    default: nil
    }
}

// MARK: Swift app code helpers

/// A thread-safe list that app code appends to and tests read afterwards.
final class Log<Element: Sendable>: Sendable {
    private let storage = Mutex<[Element]>([])

    func append(_ element: Element) { storage.withLock { $0.append(element) } }

    var all: [Element] { storage.withLock { $0 } }
}

/// A stored background task identifier, as app code keeps in a property.
final class IdentifierBox: Sendable {
    private let storage = Mutex(UIBackgroundTaskIdentifier.invalid)

    var value: UIBackgroundTaskIdentifier {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}

/// The package's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
