import SimulationKernel
import SimulationModel

/// The person and the device at a bad moment (the app swiped away, memory pressure, the network, the charger, Low
/// Power Mode, the person coming back), and a launch as slow as the launch jitter allows (`delayedLaunch`).
enum LifecycleFaults: FeatureFaults {
    static func summary(of kind: FaultKind) -> String {
        switch kind {
        case .swipeAway: "the person closes the app in the app switcher"
        case .memoryPressure: "memory pressure kills a background or suspended app"
        case .networkLoss: "the network goes away"
        case .networkReturn: "the network comes back"
        case .chargerUnplugged: "the charger is unplugged"
        case .lowPowerMode: "Low Power Mode is turned on"
        case .returnToApp: "the person returns to the app"
        case .delayedLaunch: "a launch takes as long as the launch jitter allows"
        default: preconditionFailure("\(kind.rawValue) is not a lifecycle fault")
        }
    }

    static func isTimelineEntry(_ kind: FaultKind) -> Bool { kind != .delayedLaunch }

    /// The app switcher and the app itself need an unlocked phone (trust findings C2: swipes on a locked phone).
    static func needsUnlockedDevice(_ kind: FaultKind) -> Bool { kind == .swipeAway || kind == .returnToApp }

    static func action(of fault: Fault) -> UserAction {
        switch fault.kind {
        case .swipeAway: .swipeAway
        case .memoryPressure: .memoryPressure
        case .networkLoss: .conditions(change { $0.network = DeviceConditions.Network.none })
        case .networkReturn: .conditions(change { $0.network = .wifi })
        case .chargerUnplugged: .conditions(change { $0.charging = false })
        case .lowPowerMode: .conditions(change { $0.lowPowerMode = true })
        case .returnToApp: .returnToApp
        default: preconditionFailure("\(fault.kind.rawValue) is not a timeline fault")
        }
    }

    private static func change(_ body: (inout ConditionChange) -> Void) -> ConditionChange {
        var change = ConditionChange()
        body(&change)
        return change
    }

    /// `delayedLaunch`: one launch (of a process the unperturbed run had, or the next) takes the longest jitter.
    static func delayLaunch(in plan: inout FaultPlan, landmarks: Landmarks, random: inout SeededGenerator) {
        let process = random.nextInt(in: 1...(landmarks.processCount + 1))
        plan.choices.append(ChoiceOverride(.launchJitter, subject: Int64(process), value: .max))
    }
}
