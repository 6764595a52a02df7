/// Where an app process is in its life.
///
/// Mirrors the states of Apple's "Managing your app's life cycle": not
/// running, foreground (active or inactive), background (running),
/// suspended, and terminated, plus launching.
public enum AppState: Sendable, Hashable {
    case notRunning
    case launching(into: LaunchDestination)
    case foregroundActive
    case foregroundInactive
    case background
    case suspended
    case terminated(TerminationReason)

    /// Where a launch leads.
    public enum LaunchDestination: String, Sendable, Hashable {
        case foreground
        case background
    }

    /// A state without its details: what traces write and reports draw.
    public enum Name: String, Sendable, Hashable, CaseIterable {
        case notRunning
        case launchingForeground
        case launchingBackground
        case foregroundActive
        case foregroundInactive
        case background
        case suspended
        case terminated
    }

    /// The state's name, as traces write it.
    public var name: Name {
        switch self {
        case .notRunning: .notRunning
        case .launching(let destination): destination == .foreground ? .launchingForeground : .launchingBackground
        case .foregroundActive: .foregroundActive
        case .foregroundInactive: .foregroundInactive
        case .background: .background
        case .suspended: .suspended
        case .terminated: .terminated
        }
    }

    /// Whether the process gets CPU time: its code may run.
    public var isRunning: Bool {
        switch self {
        case .launching, .foregroundActive, .foregroundInactive, .background: true
        case .notRunning, .suspended, .terminated: false
        }
    }

    /// Whether the app is in the foreground (active or inactive).
    public var isForeground: Bool {
        self == .foregroundActive || self == .foregroundInactive
    }

    /// Whether the process has ended.
    public var isTerminated: Bool {
        if case .terminated = self { true } else { false }
    }

    /// Whether the platform allows moving from this state to `next` directly.
    public func canMove(to next: AppState) -> Bool {
        if case .terminated = next { return self != .notRunning && !isTerminated }
        switch (self, next) {
        case (.notRunning, .launching): return true
        case (.launching, .foregroundActive), (.launching, .background): return true
        case (.launching(.foreground), .foregroundInactive): return true
        case (.foregroundActive, .foregroundInactive): return true
        case (.foregroundInactive, .foregroundActive), (.foregroundInactive, .background): return true
        case (.background, .foregroundInactive), (.background, .suspended): return true
        case (.suspended, .background), (.suspended, .foregroundInactive): return true
        default: return false
        }
    }
}

/// Why an app process ended.
public enum TerminationReason: String, Sendable, Hashable, CaseIterable, Codable {
    /// The person swiped the app away in the app switcher.
    case userSwipedAway
    /// The system reclaimed memory (jetsam).
    case memoryPressure
    /// The watchdog killed the app for overrunning a time limit: exception code 0x8badf00d.
    case watchdog
    /// The app was suspended while holding a file or database lock: exception code 0xdead10cc.
    case lockHeldAtSuspension
    /// The app crashed.
    case crash
    /// The app exited by itself.
    case exit
    /// The app was updated to another build (the system ends the running process to install it).
    case appUpdated

    /// The exception code the platform reports, where there is one.
    public var exceptionCode: String? {
        switch self {
        case .watchdog: "0x8badf00d"
        case .lockHeldAtSuspension: "0xdead10cc"
        default: nil
        }
    }
}
