import SimulationKernel

/// When the system launches pending requests: a pure function of the world, the requests and the history.
///
/// The scheduler asks it whenever something it weighs changes; nothing here
/// reads the simulation, schedules events or draws random numbers (the
/// realistic policy's randomness is drawn once per request at submission,
/// ``PendingRequest/delayDraw``). So the rules can be tested on their own:
///
/// ```swift
/// let policy = LaunchPolicy(kind: .deterministic, profile: PlatformProfile(.iOS26))
/// var world = WorldSnapshot(now: .zero, conditions: DeviceConditions())
/// world.conditions.lowPowerMode = true
/// policy.blocker(for: TaskRequest(identifier: "r", kind: .appRefresh), in: world)  // .lowPowerMode
/// ```
///
/// docs/system-policy.md describes the rules and their sources.
package struct LaunchPolicy: Sendable, Hashable {
    /// Deterministic (the earliest allowed instant) or realistic (seeded delays).
    var kind: SchedulingPolicy
    /// The platform's numbers.
    var profile: PlatformProfile

    /// Creates the policy of a run.
    init(kind: SchedulingPolicy, profile: PlatformProfile) {
        self.kind = kind
        self.profile = profile
    }

    /// Why `request` may not be launched now, or nil when it may.
    func blocker(for request: TaskRequest, in world: WorldSnapshot) -> LaunchBlocker? {
        request.kind.behavior.blocker(for: request, in: world, policy: self)
    }

    /// The earliest instant `entry` may run if the conditions that hold now keep holding.
    func readyTime(for entry: PendingRequest, in world: WorldSnapshot, history: LaunchHistory) -> VirtualInstant {
        entry.request.kind.behavior.readyTime(for: entry, in: world, history: history, policy: self)
    }

    /// The instant the scheduler should look again: the earliest ready time of a request nothing holds back, or nil.
    func nextCheck(pending: [PendingRequest], in world: WorldSnapshot, history: LaunchHistory) -> VirtualInstant? {
        var next: VirtualInstant?
        for entry in pending where blocker(for: entry.request, in: world) == nil {
            let ready = max(world.now, readyTime(for: entry, in: world, history: history))
            next = min(next ?? ready, ready)
        }
        return next
    }

    /// The requests that may be launched now, in submission order.
    func due(pending: [PendingRequest], in world: WorldSnapshot, history: LaunchHistory) -> [PendingRequest] {
        pending.filter { blocker(for: $0.request, in: world) == nil && readyTime(for: $0, in: world, history: history) <= world.now }
    }
}
