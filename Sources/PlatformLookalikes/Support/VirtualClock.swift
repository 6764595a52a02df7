import Foundation

/// Dates on the simulation's virtual clock: instant zero is ``BGTaskScheduler/epoch``.
enum VirtualClock {
    /// The date of a virtual instant.
    static func date(atNanoseconds nanoseconds: Int64) -> Date {
        BGTaskScheduler.epoch.addingTimeInterval(Double(nanoseconds) / 1_000_000_000)
    }

    /// The virtual instant of `date`, computed from its distance to `now` and kept to whole microseconds.
    ///
    /// A `Date` holds seconds in a `Double`, which at today's dates cannot
    /// hold every nanosecond: `Date(timeIntervalSinceNow: 15 * 60)` read back
    /// against the epoch could come out a nanosecond short of 15 minutes, and
    /// trip the 15-minute rule. Against `now`, rounded to the microsecond, it
    /// is exactly 15 minutes.
    static func nanoseconds(of date: Date, now: Int64) -> Int64 {
        let distance = date.timeIntervalSince(self.date(atNanoseconds: now))
        return now + Int64((distance * 1_000_000).rounded()) * 1_000
    }
}
