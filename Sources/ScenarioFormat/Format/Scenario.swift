import SimulationKernel
import SimulationModel
import SimulationSupport

/// A complete simulation input: the app, the device, what the person does, and what should happen.
///
/// Usually read from a JSON file (see docs/scenario-format.md) with
/// ``Scenario/load(from:)``; it can also be built in Swift.
public struct Scenario: Sendable, Hashable {
    /// The scenario file format version this build reads.
    package static let currentFormat = 1

    /// A short name, for reports.
    public var name: String
    /// What the scenario shows, for readers.
    public var summary: String?
    /// The seed of the run's randomness; `bgsim run --seed` overrides it.
    public var seed: UInt64
    /// The platform version modelled.
    public var profile: PlatformProfile
    /// How long the run lasts: it stops this long after it began.
    public var stopAt: Duration
    /// The app.
    public var app: AppDefinition
    /// The device's conditions at the start.
    public var device: DeviceConditions
    /// How the system picks when background tasks run.
    public var policy: SchedulingPolicy

    /// Whether the device starts locked.
    public var startsLocked: Bool {
        get { device.locked }
        set { device.locked = newValue }
    }
    /// What happens, in time order.
    public var timeline: [TimelineEntry]
    /// What the run should show.
    public var expectations: Expectations
    /// Where each timeline entry was written, for messages (``TimelineSources``); empty for a scenario built in Swift.
    var timelineSources = TimelineSources()

    /// Creates a scenario.
    public init(
        name: String, summary: String? = nil, seed: UInt64 = 1, profile: PlatformProfile = PlatformProfile(.iOS26),
        stopAt: Duration, app: AppDefinition, startsLocked: Bool = false, device: DeviceConditions = DeviceConditions(),
        policy: SchedulingPolicy = .deterministic, timeline: [TimelineEntry], expectations: Expectations = Expectations()
    ) {
        self.name = name
        self.summary = summary
        self.seed = seed
        self.profile = profile
        self.stopAt = stopAt
        self.app = app
        self.device = device
        self.policy = policy
        self.device.locked = device.locked || startsLocked
        self.timeline = timeline
        self.expectations = expectations
    }
}

extension Scenario: Decodable {
    static let topLevelKeys = [
        "format", "name", "description", "seed", "profile", "overrides", "stopAt", "app", "device", "policy",
        "timeline", "expect",
    ]

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(allowing: Self.topLevelKeys)
        let format = try c.required(Int.self, "format")
        guard format == Self.currentFormat else {
            throw invalid(c.path("format"), "format \(format) is not supported; this bgsim reads format \(Self.currentFormat)")
        }
        name = try c.required(String.self, "name")
        summary = try c.optional(String.self, "description")
        seed = try c.optional(UInt64.self, "seed") ?? 1
        let profileNames = PlatformProfile.Name.allCases.map(\.rawValue)
        let profileName = c.contains(AnyKey("profile")) ? try c.choice("profile", among: profileNames) : "iOS26"
        profile = PlatformProfile(PlatformProfile.Name(rawValue: profileName)!)
        if c.contains(AnyKey("overrides")) {
            let keys = PlatformProfile.Key.allCases.map(\.rawValue)
            let o = try c.superDecoder(forKey: AnyKey("overrides")).strictContainer(allowing: keys)
            for key in PlatformProfile.Key.allCases where o.contains(AnyKey(key.rawValue)) {
                switch PlatformProfile.info(key).unit {
                case .duration:
                    profile[duration: key] = try o.duration(key.rawValue)
                case .count:
                    let count = try o.required(Int.self, key.rawValue)
                    guard (0...1000).contains(count) else {
                        throw invalid(o.path(key.rawValue), "\(key.rawValue) is a whole number from 0 to 1000, got \(count)")
                    }
                    profile[key] = Int64(count)
                case .choice:
                    profile.setChoice(key, to: try o.choice(key.rawValue, among: PlatformProfile.info(key).choices))
                case .flag:
                    profile[key] = try o.required(Bool.self, key.rawValue) ? 1 : 0
                }
            }
            if profile[duration: .expirationLead] > profile[duration: .backgroundTimeBudget] {
                throw invalid(c.path("overrides"), "expirationLead must not exceed backgroundTimeBudget")
            }
            if profile.continuedProgressSampleInterval == .zero {
                // The system could never look at the progress again: every sample would fall on the same instant.
                throw invalid(o.path("continuedProgressSampleInterval"), "continuedProgressSampleInterval must be longer than 0s")
            }
        }
        let stopTime = try c.duration("stopAt")
        stopAt = stopTime.duration
        if stopTime == .zero { throw invalid(c.path("stopAt"), "stopAt must be after the start; write for example \"10m\"") }
        app = try c.required(AppDefinition.self, "app")
        device = DeviceConditions()
        if c.contains(AnyKey("device")) {
            let d = try c.superDecoder(forKey: AnyKey("device")).strictContainer(allowing: DeviceConditions.keys + ["note"])
            device = try ConditionChange(from: d, deviceOnly: true).applied(to: device)
        }
        policy = .deterministic
        if c.contains(AnyKey("policy")) {
            policy = SchedulingPolicy(rawValue: try c.choice("policy", among: SchedulingPolicy.allCases.map(\.rawValue)))!
        }
        let items = try c.required([TimelineItemFormat].self, "timeline")
        timeline = items.flatMap(\.entries)
        timelineSources.paths = items.enumerated().flatMap { index, item in
            item.sources.map { source in [AnyKey("timeline"), AnyKey(intValue: index)!] + source }
        }
        expectations = try c.optional(Expectations.self, "expect") ?? Expectations()
        try validateReferences(path: c.codingPath)
    }

    /// Checks what decoding one value at a time cannot: names that refer to other parts, order, and loops.
    func validateReferences(path: [any CodingKey]) throws {
        let timelineKey = AnyKey("timeline")
        var previous = Duration.zero
        // Taps are checked against the build installed at their instant.
        var installed = app
        for (index, entry) in timeline.enumerated() {
            let at = path + (index < timelineSources.paths.count ? timelineSources.paths[index] : [timelineKey, AnyKey(intValue: index)!])
            if entry.at < previous {
                throw invalid(at + [AnyKey("at")], "\(TimeText.formatExact(VirtualDuration(entry.at))) is earlier than the entry before it; keep the timeline in time order")
            }
            if entry.at > stopAt {
                throw invalid(at + [AnyKey("at")], "\(TimeText.formatExact(VirtualDuration(entry.at))) is after stopAt (\(TimeText.formatExact(VirtualDuration(stopAt)))); it would never happen")
            }
            previous = entry.at
            switch entry.action {
            case .person(.tap(let action)) where installed.actions[action] == nil:
                throw invalid(at + [AnyKey("run")], "no action named \"\(action)\" in app.actions"
                    + (installed.build == app.build ? "" : " of build \(installed.build)")
                    + Suggestion.hint(for: action, among: installed.actions.keys.sorted()))
            case .install(.updateApp(let build)):
                guard app.updates.contains(where: { $0.build == build }) else {
                    throw invalid(at + [AnyKey("build")], "no build \"\(build)\" in app.updates"
                        + Suggestion.hint(for: build, among: app.updates.map(\.build)))
                }
                installed = app.build(named: build)
            default:
                break
            }
        }
        let appPath = path + [AnyKey("app")]
        try validate(build: app, actionsPath: appPath + [AnyKey("actions")], handlersPath: appPath + [AnyKey("handlers")])
        for update in app.updates {
            let updatePath = appPath + [AnyKey("updates"), AnyKey(update.build)]
            try validate(
                build: update.applied(to: app), actionsPath: updatePath + [AnyKey("actions")],
                handlersPath: update.handlers == nil ? appPath + [AnyKey("handlers")] : updatePath + [AnyKey("handlers")],
                only: update.actions.keys.sorted())
        }
    }

    /// Checks one build: its handlers, and the actions named in `only` (all by default), against its own actions.
    private func validate(build: AppDefinition, actionsPath: [any CodingKey], handlersPath: [any CodingKey], only: [String]? = nil) throws {
        for handler in build.handlers {
            let at = handlersPath + [AnyKey(handler.callback.rawValue)]
            guard build.actions[handler.action] != nil else {
                throw invalid(at, "no action named \"\(handler.action)\" in app.actions"
                    + Suggestion.hint(for: handler.action, among: build.actions.keys.sorted()))
            }
            if handler.callback.isScene && !build.usesScenes {
                throw invalid(at, "\(handler.callback.rawValue) is a scene delegate callback: only an app with UIApplicationSceneManifest in infoPlist has a scene")
            }
        }
        let checker = StepChecker(app: build)
        for name in only ?? build.actions.keys.sorted() {
            try checker.validate(build.actions[name]!, path: actionsPath + [AnyKey(name)], inExpirationHandler: false)
        }
        for name in build.actions.keys.sorted() {
            var visiting: [String] = []
            try checkCycles(from: name, in: build, visiting: &visiting, path: actionsPath)
        }
    }

    private func checkCycles(from name: String, in build: AppDefinition, visiting: inout [String], path: [any CodingKey]) throws {
        if visiting.contains(name) {
            throw invalid(path + [AnyKey(visiting[0])], "actions perform each other in a loop: \((visiting + [name]).joined(separator: " -> "))")
        }
        visiting.append(name)
        for callee in Self.performed(in: build.actions[name] ?? []) {
            try checkCycles(from: callee, in: build, visiting: &visiting, path: path)
        }
        visiting.removeLast()
    }

    private static func performed(in steps: [Step]) -> [String] {
        steps.flatMap { step -> [String] in
            switch step {
            case .perform(let action): [action]
            case .async(let nested), .dispatchMain(_, let nested), .dispatch(_, _, let nested), .repeating(_, let nested), .while(_, let nested):
                performed(in: nested)
            case .if(_, let then, let otherwise): performed(in: then + otherwise)
            case .backgroundTime(.beginBackgroundTask(_, _, .steps(let handler))), .task(.setTaskExpirationHandler(.steps(let handler))):
                performed(in: handler)
            default: []
            }
        }
    }
}

/// Where each timeline entry of a scenario file was written: `timeline[3]`, or `timeline[3].repeat.entries[1]` for
/// the entries a `repeat` makes (the same place for every repetition).
///
/// Not part of what a scenario is: two scenarios with the same entries are equal however the file spelt them, so
/// equality and hashing ignore it.
struct TimelineSources: Sendable, Hashable {
    /// The path of each entry of ``Scenario/timeline``, relative to the file's top level.
    var paths: [[AnyKey]] = []

    static func == (_: TimelineSources, _: TimelineSources) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

extension Scenario {
    /// Where timeline entry `index` was written, as messages name places (`timeline[3].repeat.entries[1]`).
    package func sourcePath(ofTimelineEntry index: Int) -> String {
        guard index < timelineSources.paths.count else { return "timeline[\(index)]" }
        return ScenarioFormat.describe(timelineSources.paths[index])
    }
}
