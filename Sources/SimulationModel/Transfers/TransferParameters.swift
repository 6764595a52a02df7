import SimulationKernel

/// The profile parameters of background `URLSession` transfers.
extension PlatformProfile {
    /// How fast a background transfer moves on Wi-Fi, in bytes per second.
    public var transferWifiBytesPerSecond: Int64 {
        get { self[.transferWifiBytesPerSecond] }
        set { self[.transferWifiBytesPerSecond] = newValue }
    }
    /// How fast a background transfer moves on cellular, in bytes per second.
    public var transferCellularBytesPerSecond: Int64 {
        get { self[.transferCellularBytesPerSecond] }
        set { self[.transferCellularBytesPerSecond] = newValue }
    }
    /// How long an app relaunched for a background session's events has to handle them.
    public var transferEventsBudget: VirtualDuration {
        get { self[duration: .transferEventsBudget] }
        set { self[duration: .transferEventsBudget] = newValue }
    }

    /// The parameters of this feature, registered in `PlatformProfile.parameters`.
    static let transfersParameters: [ParameterInfo] = [
        ParameterInfo(
            key: .transferWifiBytesPerSecond,
            defaultValue: 2_500_000,
            meaning: "How fast a background transfer moves on Wi-Fi, in bytes per second.",
            source: "Assumed: 2.5 MB/s, a modest home connection; Apple documents no rate (the transfer runs in nsurlsessiond, out of process).",
            isAssumed: true, unit: .count, feature: .urlSession),
        ParameterInfo(
            key: .transferCellularBytesPerSecond,
            defaultValue: 1_000_000,
            meaning: "How fast a background transfer moves on cellular, in bytes per second.",
            source: "Assumed: 1 MB/s; Apple documents no rate.",
            isAssumed: true, unit: .count, feature: .urlSession),
        ParameterInfo(
            key: .transferEventsBudget,
            defaultValue: .seconds(30),
            meaning: "How long an app woken or launched for a background session's events has to recreate the session and call the handleEventsForBackgroundURLSession completion handler.",
            source: "Assumed: 30 s, as other background launches; Apple documents no number (research-urlsession-push.md B4).",
            isAssumed: true, feature: .urlSession),
    ]
}

extension PlatformProfile.Key {
    /// The key of ``PlatformProfile/transferWifiBytesPerSecond``.
    public static let transferWifiBytesPerSecond = Self("transferWifiBytesPerSecond")
    /// The key of ``PlatformProfile/transferCellularBytesPerSecond``.
    public static let transferCellularBytesPerSecond = Self("transferCellularBytesPerSecond")
    /// The key of ``PlatformProfile/transferEventsBudget``.
    public static let transferEventsBudget = Self("transferEventsBudget")
}
