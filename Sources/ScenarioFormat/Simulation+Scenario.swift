import PlatformLookalikes
import SimulationModel

extension Simulation {
    /// Creates a simulation of `scenario`.
    ///
    /// ```swift
    /// let scenario = try Scenario.load(from: "Scenarios/save-on-background.json")
    /// let result = Simulation(scenario: scenario, seed: 7).run()
    /// print(result.fingerprint, result.passed)
    /// ```
    ///
    /// - Parameters:
    ///   - seed: Replaces the scenario's seed.
    ///   - stopAt: Replaces how long the scenario lasts.
    ///   - app: The app's code in Swift, a fresh delegate for each process (made on the simulated main thread, so a
    ///     main-actor initializer is fine); by default, the scenario's steps.
    public convenience init(
        scenario: Scenario, seed: UInt64? = nil, stopAt: Duration? = nil, options: Options = Options(),
        app: (@MainActor @Sendable () -> any UIApplicationDelegate)? = nil
    ) {
        self.init(scenario: scenario, seed: seed, stopAt: stopAt, options: options, app: app, extraServices: [])
    }

    /// Creates a simulation with services beyond the standard ones (tests add toy services this way).
    package convenience init(
        scenario: Scenario, seed: UInt64? = nil, stopAt: Duration? = nil, options: Options = Options(),
        app: (@MainActor @Sendable () -> any UIApplicationDelegate)? = nil,
        extraServices: [@Sendable (any SystemContext) -> any SystemService]
    ) {
        let definition = scenario.app
        let expectations = scenario.expectations
        self.init(
            setup: scenario.setup(seed: seed, stopAt: stopAt), options: options,
            appCode: app.map { UIKitApp.factory($0) } ?? UIKitApp.factory(isAppCode: false) { ScenarioApp(definition: definition) },
            expectations: { expectations.check(against: $0) }, extraServices: extraServices)
    }
}

extension Scenario {
    /// What the model needs of the scenario to run it.
    package func setup(seed: UInt64? = nil, stopAt: Duration? = nil) -> SimulationSetup {
        var setup = SimulationSetup(
            name: name, seed: seed ?? self.seed, stopAt: stopAt ?? self.stopAt, profile: profile, policy: policy, app: app.info,
            device: device, timeline: timeline, updates: app.updates.map { $0.applied(to: app).info })
        if app.usesBackgroundSessions { setup.declaredFeatures.insert(.urlSession) }
        return setup
    }
}
