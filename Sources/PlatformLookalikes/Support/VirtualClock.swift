import Foundation
import SimulationKernel

/// Dates on the simulation's virtual clock: instant zero is ``BGTaskScheduler/epoch``.
enum VirtualClock {
    /// The date of a virtual instant.
    static func date(at instant: VirtualInstant) -> Date {
        BGTaskScheduler.epoch.addingTimeInterval(Double(instant.nanoseconds) / 1_000_000_000)
    }

    /// The virtual instant of `date`, computed from its distance to `now` and kept to whole microseconds.
    ///
    /// A `Date` holds seconds in a `Double`, which at today's dates cannot
    /// hold every nanosecond: `Date(timeIntervalSinceNow: 15 * 60)` read back
    /// against the epoch could come out a nanosecond short of 15 minutes, and
    /// trip the 15-minute rule. Against `now`, rounded to the microsecond, it
    /// is exactly 15 minutes.
    static func instant(of date: Date, now: VirtualInstant) -> VirtualInstant {
        let distance = date.timeIntervalSince(self.date(at: now))
        return VirtualInstant(nanoseconds: now.nanoseconds + Int64((distance * 1_000_000).rounded()) * 1_000)
    }
}
