/// A `Clock` on the simulation's virtual time.
///
/// `sleep(until:)` suspends on the kernel's timer queue: no thread sleeps,
/// and the run jumps straight to the next instant anything is due. Handler
/// code written against `any Clock<Duration>` runs unchanged:
///
/// ```swift
/// func refresh(clock: some Clock<Duration>) async throws {
///     try await clock.sleep(for: .seconds(2))  // virtual seconds
/// }
/// try await refresh(clock: kernel.clock)
/// ```
///
/// Cancelling the sleeping task removes its timer and throws `CancellationError`.
public struct SimulationClock: Clock, Sendable {
    public typealias Instant = VirtualInstant
    public typealias Duration = Swift.Duration

    let kernel: Kernel

    init(kernel: Kernel) {
        self.kernel = kernel
    }

    public var now: VirtualInstant { kernel.now }

    public var minimumResolution: Swift.Duration { .nanoseconds(1) }

    public func sleep(until deadline: VirtualInstant, tolerance: Swift.Duration? = nil) async throws {
        try await kernel.sleep(until: deadline)
    }
}
