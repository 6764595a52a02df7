import SimulationKernel

/// Every number and switch of the modelled platform, for one OS version.
///
/// Apple documents few of these numbers. Each parameter says where its value
/// comes from, or that it is assumed (an observation or community consensus
/// the model adopts). A scenario can override any of them by name. Each
/// feature declares its parameters in its folder (`<Feature>Parameters.swift`),
/// and `parameters` registers them with one line per feature.
public struct PlatformProfile: Sendable, Hashable {
    /// The OS versions bgsim models.
    public enum Name: String, Sendable, Hashable, CaseIterable, Codable {
        case iOS17
        case iOS26
    }

    /// The name of a parameter, as written in a scenario's `overrides`: `PlatformProfile.Key.backgroundTimeBudget`.
    ///
    /// Each feature declares its keys beside its parameters; only those
    /// registered in `PlatformProfile.parameters` exist.
    public struct Key: RawRepresentable, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
        /// The name, as written in a scenario's `overrides` and in `run.start` (after `profile.`).
        public let rawValue: String
        /// Where the declaration's name is stored, unique to each key: a parameter read compares this word, not the
        /// name (hashing names cost about 2% of whole runs of the samples: parameters are read at every progress sample).
        fileprivate let address: UInt

        /// The key named `rawValue`, if a feature registered it.
        public init?(rawValue: String) {
            guard let index = PlatformProfile.indexes[rawValue] else { return nil }
            self = PlatformProfile.keys[index]
        }

        /// A feature's key: only declarations beside the feature's parameters make one.
        init(_ name: StaticString) {
            self.rawValue = name.description
            self.address = UInt(bitPattern: name.utf8Start)
        }

        /// Keys are equal when their names are.
        public static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.rawValue == rhs.rawValue
        }

        /// Hashes the name.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(rawValue)
        }

        /// Every key, in the order of `PlatformProfile.parameters`.
        public static var allCases: [Key] { PlatformProfile.keys }

        /// The name.
        public var description: String { rawValue }

        /// Reads a key by its name, refusing names no feature registered.
        public init(from decoder: any Decoder) throws {
            let name = try decoder.singleValueContainer().decode(String.self)
            guard let key = Key(rawValue: name) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "unknown profile parameter \"\(name)\""))
            }
            self = key
        }

        /// Writes the key's name.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }

    /// A model area whose parameters `run.start` lists only when the run uses it, so that traces of runs without it
    /// stay as they were before the area existed.
    public enum Feature: String, Sendable, Hashable, CaseIterable {
        /// Silent (background) push: the scenario's timeline sends pushes.
        case push
        /// Background `URLSession`: the app creates a background session.
        case urlSession
    }

    /// What a parameter's value counts.
    package enum Unit: String, Sendable, Hashable {
        /// Nanoseconds; a scenario writes a duration (`"30s"`).
        case duration
        /// A number of things; a scenario writes a whole number.
        case count
        /// One of a few named behaviours (``ParameterInfo/choices``), where sources disagree; a scenario writes the name.
        case choice
        /// On or off; a scenario writes `true` or `false`.
        case flag
    }

    /// What a parameter means, its default, and where its value comes from.
    package struct ParameterInfo: Sendable, Hashable {
        /// The parameter.
        var key: Key
        /// Its stored value in every profile that ``valuesByProfile`` does not name (see ``PlatformProfile/subscript(duration:)``).
        var defaultValue: Int64
        /// Stored values that differ on some OS versions.
        var valuesByProfile: [Name: Int64]
        /// One sentence: what it governs.
        var meaning: String
        /// The source of the value, or why it is assumed.
        var source: String
        /// Whether the value is an assumption rather than documented by Apple.
        var isAssumed: Bool
        /// What the value counts: most parameters are durations.
        package var unit: Unit
        /// The names of a `.choice` parameter's values, in the order of their stored index; empty otherwise.
        package var choices: [String]
        /// The model area the parameter belongs to, when `run.start` lists it only for runs that use that area.
        var feature: Feature?

        /// A count, choice or flag, stored as `defaultValue` (a choice's index, 0 or 1 for a flag).
        init(
            key: Key, defaultValue: Int64, byProfile valuesByProfile: [Name: Int64] = [:], meaning: String, source: String,
            isAssumed: Bool, unit: Unit, choices: [String] = [], feature: Feature? = nil
        ) {
            precondition(unit != .duration, "\(key): a duration parameter's default is a VirtualDuration")
            self.key = key
            self.defaultValue = defaultValue
            self.valuesByProfile = valuesByProfile
            self.meaning = meaning
            self.source = source
            self.isAssumed = isAssumed
            self.unit = unit
            self.choices = choices
            self.feature = feature
        }

        /// A duration.
        init(key: Key, defaultValue: VirtualDuration, meaning: String, source: String, isAssumed: Bool, feature: Feature? = nil) {
            self.key = key
            self.defaultValue = defaultValue.nanoseconds
            self.valuesByProfile = [:]
            self.meaning = meaning
            self.source = source
            self.isAssumed = isAssumed
            self.unit = .duration
            self.choices = []
            self.feature = feature
        }

        /// The parameter's stored value in the profile `name` before any override.
        func defaultValue(in name: Name) -> Int64 {
            valuesByProfile[name] ?? defaultValue
        }
    }

    /// Which OS version this profile models.
    public var name: Name
    private var values: [Int64]

    /// The profile of `name` with its default values.
    public init(_ name: Name) {
        self.name = name
        // Background execution numbers did not change between iOS 13 and iOS 26 as far as anyone has observed.
        self.values = Self.parameters.map { $0.defaultValue(in: name) }
    }

    /// Whether the OS has `BGContinuedProcessingTask`: Apple lists it as available from iOS 26.0.
    ///
    /// Not a parameter: it is what the OS version is, not a number to tune.
    /// On earlier versions a continued request is refused (BGS020), wildcard
    /// identifiers are plain strings, and no handler is exempt from the
    /// launch rule.
    public var supportsContinuedProcessing: Bool { name != .iOS17 }

    /// The stored value of a parameter: nanoseconds, a count, a choice's index, or 0 and 1 for a flag.
    ///
    /// The profile's storage, for code that treats parameters generically
    /// (reading a scenario's `overrides`, writing `run.start`); everything
    /// else reads and sets the typed properties (``backgroundTimeBudget``,
    /// ``pushMaxPerHour``...) or a duration through ``subscript(duration:)``.
    package subscript(key: Key) -> Int64 {
        get { values[Self.index(of: key)] }
        set { values[Self.index(of: key)] = newValue }
    }

    /// The value of a duration parameter.
    ///
    /// ```swift
    /// var profile = PlatformProfile(.iOS26)
    /// profile[duration: .backgroundTimeBudget] = .seconds(10)
    /// ```
    package subscript(duration key: Key) -> VirtualDuration {
        get { .nanoseconds(self[key]) }
        set { self[key] = newValue.nanoseconds }
    }

    /// The value of a count parameter.
    package subscript(count key: Key) -> Int64 {
        get { self[key] }
        set { self[key] = newValue }
    }

    private static func index(of key: Key) -> Int {
        addresses.firstIndex(of: key.address) ?? indexes[key.rawValue]!
    }

    /// Each key's ``Key/address``, in the order of ``parameters``.
    private static let addresses = parameters.map(\.key.address)

    /// Each key's position in ``parameters``: how a parameter read finds its value.
    private static let indexes: [String: Int] = Dictionary(uniqueKeysWithValues: parameters.enumerated().map { ($1.key.rawValue, $0) })

    /// Every key, made once.
    private static let keys = parameters.map(\.key)

    /// The information of one parameter.
    package static func info(_ key: Key) -> ParameterInfo {
        parameters[index(of: key)]
    }

    /// The value a duration parameter has in this profile before any override (a scenario's or a fault plan's): what
    /// the platform documents or the model assumes, against which a shorter budget counts as cut short.
    package func defaultDuration(of key: Key) -> VirtualDuration {
        .nanoseconds(Self.info(key).defaultValue(in: name))
    }

    /// What each parameter means and where it comes from: each feature's parameters, one line per feature.
    static let parameters: [ParameterInfo] = {
        var features = [
            backgroundTimeParameters,
            lifecycleParameters,
            taskSchedulerParameters,
            appRefreshParameters,
            processingParameters,
            continuedProcessingParameters,
            pushParameters,
            transfersParameters,
        ]
        #if BGSIM_FEATURE_DEMO
        features += [demoMaintenanceParameters, demoBeaconParameters]
        #endif
        return features.flatMap { $0 }
    }()
}
