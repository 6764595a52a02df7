/// The profile's switches: behaviours where sources disagree, or where bgsim had to assume one reading.
///
/// Each is a parameter like the numbers (a scenario overrides it by name in
/// `overrides`), stored as the index of its value; docs/system-policy.md
/// gives the evidence for each value.
extension PlatformProfile {
    /// What `register(forTaskWithIdentifier:using:launchHandler:)` does after the app finished launching.
    public enum RegistrationAfterLaunch: String, Sendable, Hashable, CaseIterable {
        /// NSInternalInconsistencyException "All launch handlers must be registered before application finishes
        /// launching", for every identifier (iOS 18.2's framework, BGTaskScheduler.m:225).
        case raises
        /// The iOS 26 header: an error, except for continued processing registrations. At registration only an
        /// identifier under a wildcard entry can be told to be one, so an exactly listed identifier raises.
        case continuedExempt
        /// iOS 26.1's framework: no check at all. A late handler still misses a background launch that
        /// finishes before the code registering it runs.
        case accepted
    }

    /// What registering a continued processing wildcard entry itself (`com.example.export.*`) does.
    public enum WildcardRegistration: String, Sendable, Hashable, CaseIterable {
        /// `register` returns false ("Registration rejected; ... is not advertised in the application's Info.plist"):
        /// iOS 26.1's `_BGTaskIdentifierRegistry` does not permit the wildcard string itself.
        case rejected
        /// `register` returns true, but the registration matches no submitted identifier (forums thread 799126,
        /// iOS 26.0 beta 7).
        case acceptedUnmatched
        /// The registration handles every identifier under the wildcard (bgsim's earlier reading).
        case matchesComposed
    }

    /// What `beginBackgroundTask` returns once the background time began to expire.
    public enum BackgroundTaskAfterExpiration: String, Sendable, Hashable, CaseIterable {
        /// `.invalid`: Apple, "returns invalid if running in the background is not possible".
        case invalid
        /// A new identifier whose expiration handler is never called (wire-ios PR #4935).
        case grantedWithoutExpiration
    }

    /// How UIKit's console messages show a background task's `%{private}` details.
    public enum ConsolePrivateData: String, Sendable, Hashable, CaseIterable {
        /// As under the Xcode debugger: `<_UIBackgroundTaskInfo: 0x...>: taskID = 3, taskName = ..., ...`.
        case shown
        /// As in Console and device logs: `<private>`.
        case redacted
    }

    /// What the device does with a background push sent with `apns-priority: 10`.
    public enum Priority10Policy: String, Sendable, Hashable, CaseIterable {
        /// Not delivered (node-apn #241: the app did not wake; Apple: "Using priority 10 is an error").
        case drop
        /// Delivered as a low-priority push (forum thread 745345, 2024: the app woke).
        case deliverAsLowPriority
    }

    static func defaultRegistrationAfterLaunch(_ name: Name) -> RegistrationAfterLaunch {
        name == .iOS17 ? .raises : .accepted
    }

    /// What `register` does after the app finished launching.
    public var registrationAfterLaunch: RegistrationAfterLaunch { choice(.registrationAfterLaunch) }
    /// What registering a continued processing wildcard entry itself does.
    public var continuedWildcardRegistration: WildcardRegistration { choice(.continuedWildcardRegistration) }
    /// What `beginBackgroundTask` returns once the background time began to expire.
    public var beginBackgroundTaskAfterExpiration: BackgroundTaskAfterExpiration { choice(.beginBackgroundTaskAfterExpiration) }
    /// Whether `submit(_:)` throws `unavailable` for refresh and processing requests in Low Power Mode.
    public var lowPowerModeRefusesSubmit: Bool { self[.lowPowerModeRefusesSubmit] != 0 }
    /// How UIKit's console messages show a background task's private details.
    public var consolePrivateData: ConsolePrivateData { choice(.consolePrivateData) }
    /// What the device does with a background push sent with priority 10.
    public var pushPriority10Policy: Priority10Policy { choice(.pushPriority10Policy) }

    /// The name of a `.choice` parameter's value, or of a flag's (`true`, `false`).
    public func valueName(_ key: Key) -> String? {
        let info = Self.info(key)
        switch info.unit {
        case .choice:
            let index = Int(clamping: self[key])
            return info.choices.indices.contains(index) ? info.choices[index] : nil
        case .flag:
            return self[key] != 0 ? "true" : "false"
        case .duration, .count:
            return nil
        }
    }

    /// Sets a `.choice` parameter by the name of its value; false when the name is not one of its choices.
    @discardableResult
    public mutating func setChoice(_ key: Key, to name: String) -> Bool {
        guard let index = Self.info(key).choices.firstIndex(of: name) else { return false }
        self[key] = Int64(index)
        return true
    }

    private func choice<Value: RawRepresentable & CaseIterable>(_ key: Key) -> Value where Value.RawValue == String {
        let all = Array(Value.allCases)
        let index = Int(clamping: self[key])
        return all.indices.contains(index) ? all[index] : all[0]
    }
}

extension CaseIterable where Self: Equatable {
    /// The value's position among all cases: how a profile stores a choice.
    var profileIndex: Int64 { Int64(Array(Self.allCases).firstIndex(of: self)!) }
}
