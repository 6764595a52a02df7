import SimulationKernel
import SimulationModel
import SimulationSupport

/// A test on the app's state, as app code writes `if` and `while`: `if taskID != .invalid`, `while !isCancelled`.
///
/// Written in a scenario as a small object, or the word `"cancelled"`:
///
/// ```json
/// { "valid": "taskID" }
/// { "not": "cancelled" }
/// { "all": [ { "flag": "suggestEnabled" }, { "backgroundTimeRemainingBelow": "10s" } ] }
/// ```
public indirect enum Condition: Sendable, Hashable {
    /// The launched task's work was cancelled (`cancelWork`, as an expiration handler setting `shouldContinue = false`),
    /// or the system cancelled an async handler. False outside a launch handler.
    case cancelled
    /// The app's flag is on.
    case flag(String)
    /// The background task identifier stored in the variable is not `.invalid`.
    case valid(String)
    /// `UIApplication.backgroundTimeRemaining` is below this many nanoseconds (never in the foreground, where it is
    /// the largest finite double).
    case backgroundTimeRemainingBelow(VirtualDuration)
    /// `UIApplication.applicationState` is this one.
    case applicationState(ApplicationState)
    /// In `didCompleteWithError`: the error's `NSURLErrorBackgroundTaskCancelledReasonKey` is this one, the system
    /// having cancelled the transfer. False elsewhere, and for a transfer that finished, failed or the app cancelled.
    case cancelledReason(CancelledReason)
    /// The condition does not hold.
    case not(Condition)
    /// Every condition holds (true when there are none).
    case all([Condition])
    /// At least one condition holds (false when there are none).
    case any([Condition])

    /// `UIApplication.State`, by its Swift name.
    public enum ApplicationState: String, Sendable, Hashable, CaseIterable {
        case active
        case inactive
        case background
    }

    /// Why the system cancelled a background transfer: `NSURLErrorBackgroundTaskCancelledReasonKey`'s values, by
    /// the names of Apple's constants without their `NSURLErrorCancelledReason` prefix.
    public enum CancelledReason: String, Sendable, Hashable, CaseIterable {
        /// `NSURLErrorCancelledReasonUserForceQuitApplication` (0): the person closed the app in the app switcher.
        case userForceQuitApplication
        /// `NSURLErrorCancelledReasonBackgroundUpdatesDisabled` (1).
        case backgroundUpdatesDisabled
        /// `NSURLErrorCancelledReasonInsufficientSystemResources` (2).
        case insufficientSystemResources

        /// The value the error's user info holds.
        var code: Int {
            switch self {
            case .userForceQuitApplication: 0
            case .backgroundUpdatesDisabled: 1
            case .insufficientSystemResources: 2
            }
        }
    }

    /// The keys a condition object may have: exactly one of them.
    package static let keys = ["flag", "valid", "backgroundTimeRemainingBelow", "applicationState", "cancelledReason", "not", "all", "any"]

    /// Every flag and stored identifier the condition reads, for validation.
    var flags: [String] {
        switch self {
        case .flag(let name): [name]
        case .not(let inner): inner.flags
        case .all(let list), .any(let list): list.flatMap(\.flags)
        default: []
        }
    }

    var identifierVariables: [String] {
        switch self {
        case .valid(let name): [name]
        case .not(let inner): inner.identifierVariables
        case .all(let list), .any(let list): list.flatMap(\.identifierVariables)
        default: []
        }
    }
}

extension Condition: Decodable {
    public init(from decoder: any Decoder) throws {
        if let word = try? decoder.singleValueContainer().decode(String.self) {
            guard word == "cancelled" else {
                throw invalid(decoder.codingPath, "unknown condition \"\(word)\"\(Suggestion.hint(for: word, among: ["cancelled"])); "
                    + "a condition is \"cancelled\" or an object with one of \(Self.keys.joined(separator: ", "))")
            }
            self = .cancelled
            return
        }
        guard let probe = try? decoder.container(keyedBy: AnyKey.self) else {
            throw invalid(decoder.codingPath, "a condition is \"cancelled\" or an object with one of \(Self.keys.joined(separator: ", "))")
        }
        let present = Self.keys.filter { probe.contains(AnyKey($0)) }
        guard present.count == 1, let key = present.first else {
            throw invalid(decoder.codingPath, present.isEmpty
                ? "a condition object needs one of \(Self.keys.joined(separator: ", "))"
                : "a condition object has exactly one of \(Self.keys.joined(separator: ", ")); this one has \(present.joined(separator: " and "))")
        }
        let c = try decoder.strictContainer(allowing: [key, "note"])
        switch key {
        case "flag": self = .flag(try c.required(String.self, key))
        case "valid": self = .valid(try c.required(String.self, key))
        case "backgroundTimeRemainingBelow": self = .backgroundTimeRemainingBelow(try c.duration(key))
        case "applicationState":
            self = .applicationState(ApplicationState(rawValue: try c.choice(key, among: ApplicationState.allCases.map(\.rawValue)))!)
        case "cancelledReason":
            self = .cancelledReason(CancelledReason(rawValue: try c.choice(key, among: CancelledReason.allCases.map(\.rawValue)))!)
        case "not": self = .not(try c.required(Condition.self, key))
        case "all": self = .all(try c.required([Condition].self, key))
        default: self = .any(try c.required([Condition].self, key))
        }
    }
}

/// `setTaskCompleted`'s `success`: a constant, or a condition evaluated when the step runs (`success: !isCancelled`).
public enum SuccessValue: Sendable, Hashable {
    case constant(Bool)
    case condition(Condition)
}

extension SuccessValue: Decodable {
    public init(from decoder: any Decoder) throws {
        if let value = try? decoder.singleValueContainer().decode(Bool.self) {
            self = .constant(value)
        } else {
            self = .condition(try Condition(from: decoder))
        }
    }
}

extension SuccessValue: ExpressibleByBooleanLiteral {
    /// `true` or `false`, as most scenarios write it.
    public init(booleanLiteral value: Bool) {
        self = .constant(value)
    }
}
