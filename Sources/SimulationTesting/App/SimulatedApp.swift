import PlatformLookalikes
import ScenarioFormat
import SimulationKernel
import SimulationModel

/// An app written in Swift against the look-alikes, ready to run: its delegate, its Info.plist, and the device.
///
/// ```swift
/// let app = SimulatedApp(
///     bundleIdentifier: "com.example.notes", backgroundModes: ["fetch"],
///     permittedIdentifiers: ["com.example.notes.refresh"]
/// ) { AppDelegate() }
///
/// let result = app.run([.at(.zero, .launch), .at(.seconds(10), .goHome)], for: .hours(1))
/// expectNoDiagnostics(result)
/// ```
///
/// Each run makes a fresh delegate for every process (a relaunch starts
/// from nothing), on the simulated main thread. Runs share nothing: many
/// can go side by side, as Swift Testing runs tests in parallel. (Globals
/// and singletons of the app's own code are the exception: they are
/// shared by every simulation in the test process.)
public struct SimulatedApp: Sendable {
    /// Makes the app's delegate for a new process.
    public var makeDelegate: @MainActor @Sendable () -> any UIApplicationDelegate
    /// What the system knows of the app without running it (Info.plist, entitlements).
    public var info: AppInfo
    /// The platform version modelled.
    public var profile = PlatformProfile(.iOS26)
    /// How the system picks when background tasks run.
    public var policy = SchedulingPolicy.deterministic
    /// The device at the start of each run.
    public var device = DeviceConditions()
    /// How long synchronous app code may run on the wall clock before the watchdog stops it; nil keeps the default.
    public var watchdogLimit: Duration?

    /// Creates an app from its Info.plist entries, written as Info.plist writes them, and its delegate.
    public init(
        bundleIdentifier: String, backgroundModes: [String] = [], permittedIdentifiers: [String] = [], entitlements: [String] = [],
        delegate: @escaping @MainActor @Sendable () -> any UIApplicationDelegate
    ) {
        self.info = AppInfo(
            bundleIdentifier: bundleIdentifier, backgroundModes: backgroundModes.map(BackgroundMode.init(rawValue:)),
            permittedIdentifiers: permittedIdentifiers, entitlements: entitlements)
        self.makeDelegate = delegate
    }

    /// The scenario of one run: this app on this device, with the person's timeline.
    public func scenario(_ timeline: [TimelineEntry], for duration: Duration, seed: UInt64? = nil, name: String? = nil) -> Scenario {
        let app = AppDefinition(
            bundleIdentifier: info.bundleIdentifier, backgroundModes: info.backgroundModes,
            permittedIdentifiers: info.permittedIdentifiers, entitlements: info.entitlements)
        return Scenario(
            name: name ?? info.bundleIdentifier, seed: seed ?? SimulationSeed.current?.value ?? 1, profile: profile,
            stopAt: duration, app: app, device: device, policy: policy,
            timeline: timeline.sorted { $0.at < $1.at })
    }

    /// Runs the app for `duration` against what the person does; the seed is `seed`, else that of the test's
    /// ``SimulationSeed`` trait, else 1.
    public func run(
        _ timeline: [TimelineEntry], for duration: Duration, seed: UInt64? = nil, options: Simulation.Options = Simulation.Options()
    ) -> SimulationResult {
        let simulation = Simulation(scenario: scenario(timeline, for: duration, seed: seed), options: options, app: makeDelegate)
        guard let watchdogLimit else { return simulation.run() }
        return SynchronousCodeWatchdog.$limit.withValue(watchdogLimit) { simulation.run() }
    }

    /// Runs the app for `duration` with a generated person (see ``PersonBehaviour``).
    public func run(
        _ person: PersonBehaviour, for duration: Duration? = nil, seed: UInt64? = nil, options: Simulation.Options = Simulation.Options()
    ) -> SimulationResult {
        run(person.timeline, for: duration ?? person.duration, seed: seed, options: options)
    }
}

extension TimelineEntry {
    /// What the person or the device does at `time` after the run began: `.at(.minutes(15), .goHome)`.
    public static func at(_ time: Duration, _ action: UserAction) -> TimelineEntry {
        TimelineEntry(at: time, action: action)
    }
}
