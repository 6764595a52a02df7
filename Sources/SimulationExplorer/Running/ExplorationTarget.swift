import PlatformLookalikes
import ScenarioFormat
import SimulationKernel
import SimulationModel

/// What a campaign or an exploration runs: a scenario, and the app code that plays it.
///
/// The app is the scenario's own steps, or Swift code: a factory that makes
/// a fresh `UIApplicationDelegate` for each process, as in
/// `Simulation(scenario:app:)`, so a team fuzzes its real handlers.
///
/// ```swift
/// let target = ExplorationTarget(scenario: scenario) { MyAppDelegate() }
/// let result = Campaign(target: target, settings: .init(runs: 2_000)).run()
/// #expect(result.failures.isEmpty, "\(result.failures.map(\.signature))")
/// ```
public struct ExplorationTarget: Sendable {
    /// The scenario: device, timeline, expectations.
    public var scenario: Scenario
    /// The scenario file as the person gave it, for replay commands; nil for a scenario built in Swift.
    public var path: String?
    /// The app's code in Swift; nil runs the scenario's steps.
    public var app: (@MainActor @Sendable () -> any UIApplicationDelegate)?
    /// How failures are told from passes.
    let judge: Judge

    /// Creates a target.
    ///
    /// - Parameter failOn: Which app bugs the scenario does not expect fail a run; every one by default.
    public init(
        scenario: Scenario, path: String? = nil, failOn: FailOn = .appBug,
        app: (@MainActor @Sendable () -> any UIApplicationDelegate)? = nil
    ) {
        self.scenario = scenario
        self.path = path
        self.app = app
        self.judge = Judge(expectations: scenario.expectations, failOn: failOn)
    }

    /// Loads a scenario file as a target run by its own steps.
    ///
    /// - Parameter failOn: Which app bugs the scenario does not expect fail a run; every one by default.
    public static func load(path: String, failOn: FailOn = .appBug) throws(ScenarioError) -> ExplorationTarget {
        ExplorationTarget(scenario: try Scenario.load(from: path), path: path, failOn: failOn)
    }

    /// The run of `plan`, with its trace kept unless asked otherwise: what a test replays to show the diagnostics of a
    /// failure a campaign found (its ``FailureGroup/replayPlan``).
    ///
    /// - Parameters:
    ///   - plan: The faults and parameters to apply to the target's scenario.
    ///   - retention: Whether the result keeps the trace's events.
    ///   - recordsDecisions: Whether the result lists every choice-point decision and ordering answer.
    public func result(
        of plan: FaultPlan, retention: TraceRecorder.Retention = .keep, recordsDecisions: Bool = false
    ) throws(FaultPlanError) -> SimulationResult {
        var options = Simulation.Options(retention: retention)
        options.recordsDecisions = recordsDecisions
        return try plan.simulation(of: scenario, options: options, app: app).run()
    }

    /// The run of `plan` as a campaign keeps it: judged, observed, with the trace discarded.
    func outcome(of plan: FaultPlan) throws(FaultPlanError) -> RunOutcome {
        try outcome(of: plan, ordering: nil)
    }

    /// The run of `plan`, with `ordering` in place of the plan's own same-instant order when given (to record it, or
    /// to answer its questions one by one as exploration does).
    func outcome(of plan: FaultPlan, ordering: PlannedOrdering?) throws(FaultPlanError) -> RunOutcome {
        let observer = RunObserver(faultKinds: plan.faultsInOrder.map(\.kind))
        var options = plan.options(Simulation.Options(retention: .discard))
        options.recordObserver = { record, time in observer.observe(record, at: time) }
        if let ordering { options.ordering = { ordering } }
        let planned = try plan.applied(to: scenario)
        let result = Simulation(scenario: planned, seed: plan.seed, options: options, app: app).run()
        return outcome(of: result, plan: plan, observer: observer)
    }

    func outcome(of result: SimulationResult, plan: FaultPlan, observer: RunObserver) -> RunOutcome {
        var rules: UInt64 = 0
        for diagnostic in result.diagnostics {
            if let index = RunOutcome.ruleIndex[diagnostic.rule.id] { rules |= 1 << UInt64(index) }
        }
        let injected = plan.kindBits
        // Kinds that act through the model's seams take effect by being there; timeline faults when not ignored.
        let seams = injected & ~FaultKind.timelineBits & ~FaultKind.expireBackgroundTime.bit
        return RunOutcome(
            failures: judge.failures(of: result, observed: observer, unperturbed: plan.isEmpty),
            ruleBits: rules, milestoneBits: observer.milestones, injectedBits: injected,
            effectiveBits: (observer.effectiveFaults & injected) | seams,
            fingerprint: result.fingerprint, eventCount: result.eventCount)
    }

    /// The name reports give the scenario: its file's path when known, else its name.
    public var displayName: String { path ?? scenario.name }
}

extension FaultKind {
    /// The bits of the kinds that are timeline entries.
    static let timelineBits: UInt32 = allCases.filter(\.isTimelineEntry).reduce(0) { $0 | $1.bit }
}
