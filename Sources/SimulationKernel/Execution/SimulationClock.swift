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
    /// Instants of the clock are the kernel's virtual instants.
    public typealias Instant = VirtualInstant
    /// Durations of the clock are Swift's `Duration`.
    public typealias Duration = Swift.Duration

    let kernel: Kernel

    init(kernel: Kernel) {
        self.kernel = kernel
    }

    /// The kernel's current virtual instant.
    public var now: VirtualInstant { kernel.now }

    /// One nanosecond: virtual time has no coarser grain.
    public var minimumResolution: Swift.Duration { .nanoseconds(1) }

    /// Suspends the calling task until `deadline` on the virtual clock; `tolerance` is ignored.
    public func sleep(until deadline: VirtualInstant, tolerance: Swift.Duration? = nil) async throws {
        try await kernel.sleep(until: deadline)
    }
}
