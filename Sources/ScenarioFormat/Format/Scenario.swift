import SimulationKernel
import SimulationModel

/// A complete simulation input: the app, the device, what the person does, and what should happen.
///
/// Usually read from a JSON file (see docs/scenario-format.md) with
/// ``Scenario/load(from:)``; it can also be built in Swift.
public struct Scenario: Sendable, Hashable {
    /// The scenario file format version this build reads.
    public static let currentFormat = 1

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
                    profile[key] = try o.duration(key.rawValue)
                case .count:
                    let count = try o.required(Int.self, key.rawValue)
                    guard (0...1000).contains(count) else {
                        throw invalid(o.path(key.rawValue), "\(key.rawValue) is a whole number from 0 to 1000, got \(count)")
                    }
                    profile[key] = Int64(count)
                }
            }
            if profile.expirationLead > profile.backgroundTimeBudget {
                throw invalid(c.path("overrides"), "expirationLead must not exceed backgroundTimeBudget")
            }
            if profile.continuedProgressSampleInterval == 0 {
                // The system could never look at the progress again: every sample would fall on the same instant.
                throw invalid(o.path("continuedProgressSampleInterval"), "continuedProgressSampleInterval must be longer than 0s")
            }
        }
        let stopTime = try c.duration("stopAt")
        stopAt = .nanoseconds(stopTime)
        if stopTime == 0 { throw invalid(c.path("stopAt"), "stopAt must be after the start; write for example \"10m\"") }
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
        timeline = try c.required([TimelineEntryFormat].self, "timeline").map(\.entry)
        expectations = try c.optional(Expectations.self, "expect") ?? Expectations()
        try validateReferences(path: c.codingPath)
    }

    /// Checks what decoding one value at a time cannot: names that refer to other parts, order, and loops.
    func validateReferences(path: [any CodingKey]) throws {
        let timelineKey = AnyKey("timeline")
        var previous = Duration.zero
        for (index, entry) in timeline.enumerated() {
            let at = path + [timelineKey, AnyKey(intValue: index)!]
            if entry.at < previous {
                throw invalid(at + [AnyKey("at")], "\(TimeText.formatExact(nanoseconds: entry.at.wholeNanoseconds)) is earlier than the entry before it; keep the timeline in time order")
            }
            if entry.at > stopAt {
                throw invalid(at + [AnyKey("at")], "\(TimeText.formatExact(nanoseconds: entry.at.wholeNanoseconds)) is after stopAt (\(TimeText.formatExact(nanoseconds: stopAt.wholeNanoseconds))); it would never happen")
            }
            previous = entry.at
            if case .tap(let action) = entry.action, app.actions[action] == nil {
                throw invalid(at + [AnyKey("run")], "no action named \"\(action)\" in app.actions"
                    + Suggestion.hint(for: action, among: app.actions.keys.sorted()))
            }
        }
        let actionsPath = path + [AnyKey("app"), AnyKey("actions")]
        for name in app.actions.keys.sorted() {
            try validate(app.actions[name]!, path: actionsPath + [AnyKey(name)], inExpirationHandler: false)
        }
        for name in app.actions.keys.sorted() {
            var visiting: [String] = []
            try checkCycles(from: name, visiting: &visiting, path: actionsPath)
        }
    }

    private func validate(_ steps: [Step], path: [any CodingKey], inExpirationHandler: Bool) throws {
        for (index, step) in steps.enumerated() {
            let at = path + [AnyKey(intValue: index)!]
            switch step {
            case .beginBackgroundTask(_, _, .steps(let handler)):
                try validate(handler, path: at + [AnyKey("onExpiration")], inExpirationHandler: true)
            case .setTaskExpirationHandler(.steps(let handler)):
                try validate(handler, path: at + [AnyKey("onExpiration")], inExpirationHandler: inExpirationHandler)
            case .register(_, let handler, _, _) where app.actions[handler] == nil:
                throw invalid(at + [AnyKey("launchHandler")], "no action named \"\(handler)\" in app.actions"
                    + Suggestion.hint(for: handler, among: app.actions.keys.sorted()))
            case .endBackgroundTask(nil) where !inExpirationHandler:
                throw invalid(at, "endBackgroundTask needs an \"id\" outside an expiration handler (the variable the identifier was stored in)")
            case .perform(let action) where app.actions[action] == nil:
                throw invalid(at + [AnyKey("action")], "no action named \"\(action)\" in app.actions"
                    + Suggestion.hint(for: action, among: app.actions.keys.sorted()))
            case .async(let nested), .dispatchMain(_, let nested), .repeating(_, let nested):
                try validate(nested, path: at + [AnyKey("steps")], inExpirationHandler: inExpirationHandler)
            default:
                break
            }
        }
    }

    private func checkCycles(from name: String, visiting: inout [String], path: [any CodingKey]) throws {
        if visiting.contains(name) {
            throw invalid(path + [AnyKey(visiting[0])], "actions perform each other in a loop: \((visiting + [name]).joined(separator: " -> "))")
        }
        visiting.append(name)
        for callee in Self.performed(in: app.actions[name] ?? []) {
            try checkCycles(from: callee, visiting: &visiting, path: path)
        }
        visiting.removeLast()
    }

    private static func performed(in steps: [Step]) -> [String] {
        steps.flatMap { step -> [String] in
            switch step {
            case .perform(let action): [action]
            case .async(let nested), .dispatchMain(_, let nested), .repeating(_, let nested): performed(in: nested)
            case .beginBackgroundTask(_, _, .steps(let handler)), .setTaskExpirationHandler(.steps(let handler)):
                performed(in: handler)
            default: []
            }
        }
    }
}
