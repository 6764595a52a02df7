import SimulationKernel
import SimulationModel

/// The next silent push lost on its way (`pushDropped`) or late (`pushDelayed`): offered only for scenarios that
/// send pushes.
enum PushFaults: FeatureFaults {
    static func summary(of kind: FaultKind) -> String {
        kind == .pushDropped ? "the next silent push is lost on its way" : "the next silent push arrives late"
    }

    static func needsPushes(_ kind: FaultKind) -> Bool { true }

    static func action(of fault: Fault) -> UserAction {
        fault.kind == .pushDropped ? .dropPush : .delayPush(by: Fault.pushDelay)
    }

    /// Just before a push of the scenario (an injected entry at the push's own instant would run after it).
    static func place(_ kind: FaultKind, with placer: inout FaultPlacer) -> Fault? {
        guard let time = placer.random.choose(from: placer.pushTimes), time > .zero else { return nil }
        let before = placer.random.nextInt(in: 1...min(time.nanoseconds, VirtualDuration.minutes(1).nanoseconds))
        return Fault(at: time - .nanoseconds(before), kind: kind)
    }
}

extension Fault {
    /// How late a `pushDelayed` fault makes the next push: long enough to cross the rate limit's hour or the
    /// app's next state change (assumed: APNs gives no bound; it "may store" a push for up to 30 days).
    static let pushDelay: VirtualDuration = .minutes(15)
}
