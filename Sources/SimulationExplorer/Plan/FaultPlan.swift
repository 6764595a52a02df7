import PlatformLookalikes
import ScenarioFormat
import SimulationKernel
import SimulationModel

/// Everything a campaign changed in one run of a scenario, as data: replaying the plan replays the run byte for byte.
///
/// A plan is made of what already exists in a scenario and the model:
/// timeline entries added (``faults``), the scenario's own entries moved
/// (``shifts``), profile parameters set (``parameters``), random decisions
/// forced at choice points (``choices``), the order of same-instant events
/// (``ordering``) and the run's ``seed``. The empty plan is the scenario as
/// written. `bgsim run x.json --faults plan.json` replays one; its JSON form
/// is described in docs/fuzzing.md.
///
/// ```swift
/// var plan = FaultPlan()
/// plan.faults = [Fault(at: .zero + .seconds(31), kind: .memoryPressure)]
/// let result = try plan.simulation(of: scenario).run()
/// ```
public struct FaultPlan: Sendable, Hashable {
    /// The scenario's name the plan was made for; a replay of another scenario is refused. Nil: any scenario.
    public var scenario: String?
    /// The run's seed; nil keeps the scenario's own.
    public var seed: UInt64?
    /// Timeline entries added to the scenario, in time order.
    public var faults: [Fault]
    /// Entries of the scenario's own timeline moved, in entry order.
    public var shifts: [TimelineShift]
    /// Profile parameters set for the run, in key order.
    public var parameters: [ParameterOverride]
    /// Random decisions forced, first match wins.
    public var choices: [ChoiceOverride]
    /// The order of same-instant events.
    public var ordering: OrderingPlan

    /// Creates a plan; the empty plan runs the scenario as written.
    public init(
        scenario: String? = nil, seed: UInt64? = nil, faults: [Fault] = [], shifts: [TimelineShift] = [],
        parameters: [ParameterOverride] = [], choices: [ChoiceOverride] = [], ordering: OrderingPlan = .fifo
    ) {
        self.scenario = scenario
        self.seed = seed
        self.faults = faults
        self.shifts = shifts
        self.parameters = parameters
        self.choices = choices
        self.ordering = ordering
    }

    /// How many things the plan changes besides the seed: faults, shifts, parameters, forced choices and
    /// ordering deviations (a seeded order counts as one).
    public var faultCount: Int {
        faults.count + shifts.count + parameters.count + choices.count + ordering.deviationCount
    }

    /// Whether the plan changes nothing.
    public var isEmpty: Bool { faultCount == 0 && seed == nil }

    /// The kinds of fault the plan uses.
    public var kinds: [FaultKind] { FaultKind.kinds(in: kindBits) }

    var kindBits: UInt32 {
        var bits: UInt32 = 0
        for fault in faults { bits |= fault.kind.bit }
        if seed != nil { bits |= FaultKind.otherSeed.bit }
        if !shifts.isEmpty { bits |= FaultKind.timelineJitter.bit }
        for parameter in parameters {
            bits |= parameter.key == .backgroundTimeBudget ? FaultKind.expireBackgroundTime.bit : FaultKind.assumedParameters.bit
        }
        for choice in choices {
            bits |= choice.choice == .launchJitter ? FaultKind.delayedLaunch.bit : FaultKind.extremeChoices.bit
        }
        if ordering.deviationCount > 0 { bits |= FaultKind.reorder.bit }
        return bits
    }

    /// Each change the plan makes, one line each, in words ("swipeAway at 12h31m"), for summaries and test failures.
    public var lines: [String] {
        var lines: [String] = []
        if let seed { lines.append("seed \(seed)") }
        lines += faults.map(\.description)
        lines += shifts.map(\.description)
        lines += parameters.map(\.description)
        lines += choices.map(\.description)
        switch ordering {
        case .fifo: break
        case .seeded(let seed): lines.append("same-instant events in the order of seed \(seed)")
        case .deviations(let list): lines += list.map(\.description)
        case .answers(let list): lines.append("same-instant questions answered \(list.map(String.init).joined(separator: ", ")), then first in, first out")
        }
        return lines
    }

    // MARK: Applying

    /// The scenario with the plan's timeline and parameters; choices and ordering act through ``options(_:)``.
    ///
    /// - Throws: ``FaultPlanError`` when the plan does not fit the scenario:
    ///   another scenario's name, an entry that does not exist, a fault
    ///   after the stop time, or parameters the profile forbids.
    public func applied(to scenario: Scenario) throws(FaultPlanError) -> Scenario {
        if let name = self.scenario, name != scenario.name {
            throw FaultPlanError("the plan was made for scenario \"\(name)\", not \"\(scenario.name)\"", at: "scenario")
        }
        var result = scenario
        let stop = VirtualInstant.zero + VirtualDuration(scenario.stopAt)
        var timeline = scenario.timeline
        if !shifts.isEmpty {
            var by = [Int64](repeating: 0, count: timeline.count)
            for (index, shift) in shifts.enumerated() {
                guard timeline.indices.contains(shift.entry) else {
                    throw FaultPlanError(
                        "entry \(shift.entry) does not exist: the scenario's timeline has \(timeline.count) entries (0 to \(timeline.count - 1))",
                        at: "timeline[\(index)].entry")
                }
                by[shift.entry] += shift.by.nanoseconds
            }
            var previous: Int64 = 0
            for index in timeline.indices {
                let original = timeline[index].at.wholeNanoseconds
                let moved = min(stop.nanoseconds, max(previous, original &+ by[index]))
                timeline[index].at = .nanoseconds(moved)
                previous = moved
            }
        }
        if !faults.isEmpty {
            for (index, fault) in faults.enumerated() {
                guard fault.at >= .zero, fault.at <= stop else {
                    throw FaultPlanError(
                        "\(DurationText.exact(max(.zero, fault.at))) is after the scenario's stop time (\(DurationText.exact(stop)))",
                        at: "faults[\(index)].at")
                }
            }
            // Stable: an injected entry runs after the scenario's own entries at the same instant.
            let injected = faultsInOrder
            var merged: [TimelineEntry] = []
            merged.reserveCapacity(timeline.count + injected.count)
            var next = injected.startIndex
            for entry in timeline {
                while next < injected.endIndex, injected[next].at < .zero + VirtualDuration(entry.at) {
                    merged.append(Self.entry(of: injected[next]))
                    next += 1
                }
                merged.append(entry)
            }
            merged += injected[next...].map(Self.entry(of:))
            timeline = merged
        }
        result.timeline = timeline
        for (index, parameter) in parameters.enumerated() {
            try Self.check(parameter, at: "parameters.\(parameter.key.rawValue)", index: index)
            result.profile[parameter.key] = parameter.value
        }
        let lead = result.profile[duration: .expirationLead]
        let budget = result.profile[duration: .backgroundTimeBudget]
        if lead > budget {
            throw FaultPlanError(
                "expirationLead (\(DurationText.exact(lead))) must not exceed backgroundTimeBudget (\(DurationText.exact(budget)))",
                at: "parameters")
        }
        return result
    }

    /// The plan's timeline faults in the order their entries run: by instant, then as listed.
    var faultsInOrder: [Fault] {
        // Plans are usually written in order already; sorting costs more than checking.
        if zip(faults, faults.dropFirst()).allSatisfy({ $0.at <= $1.at }) { return faults }
        return faults.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }

    private static func entry(of fault: Fault) -> TimelineEntry {
        var entry = TimelineEntry(at: (fault.at - .zero).duration, action: fault.action, note: fault.note)
        entry.unlocksFirst = fault.kind.needsUnlockedDevice
        return entry
    }

    private static func check(_ parameter: ParameterOverride, at path: String, index: Int) throws(FaultPlanError) {
        let info = PlatformProfile.info(parameter.key)
        switch info.unit {
        case .choice:
            guard info.choices.indices.contains(Int(clamping: parameter.value)) else {
                throw FaultPlanError("\(parameter.key.rawValue) is one of \(info.choices.joined(separator: ", "))", at: path)
            }
        case .flag:
            guard parameter.value == 0 || parameter.value == 1 else {
                throw FaultPlanError("\(parameter.key.rawValue) is true or false", at: path)
            }
        case .count:
            guard (0...1000).contains(parameter.value) else {
                throw FaultPlanError("\(parameter.key.rawValue) is a whole number from 0 to 1000, got \(parameter.value)", at: path)
            }
        case .duration:
            guard parameter.value >= 0, parameter.value <= RunLimits.tenYears.nanoseconds else {
                throw FaultPlanError("\(parameter.key.rawValue) must be a duration from 0s to ten years", at: path)
            }
            if parameter.key == .continuedProgressSampleInterval, parameter.value == 0 {
                throw FaultPlanError("continuedProgressSampleInterval must be longer than 0s", at: path)
            }
        }
    }

    /// `base` with the plan's forced choices and same-instant order.
    package func options(_ base: Simulation.Options = Simulation.Options()) -> Simulation.Options {
        var options = base
        if !choices.isEmpty {
            let choices = self.choices
            options.choices = { PlannedChoices(choices) }
        }
        switch ordering {
        case .fifo: break
        case .seeded(let seed): options.ordering = { SeededOrdering(seed: seed) }
        case .deviations(let list): options.ordering = { PlannedOrdering(.deviations(list)) }
        case .answers(let list): options.ordering = { PlannedOrdering(.answers(list)) }
        }
        return options
    }

    /// A simulation of `scenario` under this plan: the run the plan describes.
    ///
    /// - Parameters:
    ///   - stopAt: Replaces how long the scenario lasts.
    ///   - options: How to run it; the plan adds its choices and ordering.
    ///   - app: The app's code in Swift, a fresh delegate for each process; by default the scenario's steps.
    public func simulation(
        of scenario: Scenario, stopAt: Duration? = nil, options: Simulation.Options = Simulation.Options(),
        app: (@MainActor @Sendable () -> any UIApplicationDelegate)? = nil
    ) throws(FaultPlanError) -> Simulation {
        let planned = try applied(to: scenario)
        return Simulation(scenario: planned, seed: seed, stopAt: stopAt, options: self.options(options), app: app)
    }
}
