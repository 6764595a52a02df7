import Dispatch
import SimulationModel

/// The look-alike of Dispatch's `DispatchTime`: in simulated app code, a point on the virtual clock.
///
/// `DispatchTime.now()` is the virtual instant the code runs at, so
/// `DispatchQueue.main.asyncAfter(deadline: .now() + 1.0)` runs the block one
/// virtual second later. Outside simulated app code it is the system's
/// uptime, as Dispatch's is. Intervals are Dispatch's own
/// `DispatchTimeInterval`.
public struct DispatchTime: Comparable, Hashable, Sendable {
    /// Nanoseconds since the simulation began (in simulated app code), or of system uptime.
    public let uptimeNanoseconds: UInt64

    /// Creates a time from nanoseconds.
    public init(uptimeNanoseconds: UInt64) {
        self.uptimeNanoseconds = uptimeNanoseconds
    }

    /// The current time: on the virtual clock in simulated app code.
    public static func now() -> DispatchTime {
        if let process = SimulatedCall.process(nil, "DispatchTime.now()") {
            return DispatchTime(uptimeNanoseconds: UInt64(max(0, process.now.nanoseconds)))
        }
        return DispatchTime(uptimeNanoseconds: Dispatch.DispatchTime.now().uptimeNanoseconds)
    }

    /// A time that never comes.
    public static let distantFuture = DispatchTime(uptimeNanoseconds: .max)

    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: DispatchTime, rhs: DispatchTime) -> Bool {
        lhs.uptimeNanoseconds < rhs.uptimeNanoseconds
    }

    /// Dispatch's own time for the same nanoseconds, for work handed to real queues outside simulations.
    var real: Dispatch.DispatchTime {
        self == .distantFuture ? .distantFuture : Dispatch.DispatchTime(uptimeNanoseconds: uptimeNanoseconds)
    }

    func adding(nanoseconds: Int64) -> DispatchTime {
        guard self != .distantFuture else { return self }
        if nanoseconds >= 0 {
            let (sum, overflow) = uptimeNanoseconds.addingReportingOverflow(UInt64(nanoseconds))
            return DispatchTime(uptimeNanoseconds: overflow ? .max : sum)
        }
        let magnitude = nanoseconds.magnitude
        return DispatchTime(uptimeNanoseconds: uptimeNanoseconds > magnitude ? uptimeNanoseconds - magnitude : 0)
    }
}

extension DispatchTimeInterval {
    /// The interval in nanoseconds; `.never` is the largest.
    var nanoseconds: Int64 {
        switch self {
        case .seconds(let value): Int64(value).multipliedReportingOverflow(by: 1_000_000_000).partialValue
        case .milliseconds(let value): Int64(value) * 1_000_000
        case .microseconds(let value): Int64(value) * 1_000
        case .nanoseconds(let value): Int64(value)
        case .never: .max
        @unknown default: .max
        }
    }
}

/// A time `seconds` after `time`, to the nanosecond.
public func + (time: DispatchTime, seconds: Double) -> DispatchTime {
    time.adding(nanoseconds: Int64((seconds * 1_000_000_000).rounded()))
}

/// A time `seconds` before `time`.
public func - (time: DispatchTime, seconds: Double) -> DispatchTime {
    time.adding(nanoseconds: -Int64((seconds * 1_000_000_000).rounded()))
}

/// A time `interval` after `time`.
public func + (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime {
    interval == .never ? .distantFuture : time.adding(nanoseconds: interval.nanoseconds)
}

/// A time `interval` before `time`.
public func - (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime {
    time.adding(nanoseconds: -interval.nanoseconds)
}
