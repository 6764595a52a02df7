import SimulationKernel
import Foundation
import SimulationModel

extension Date {
    /// The current date: in simulated app code, the virtual clock's; elsewhere the system's.
    ///
    /// A file that imports the look-alikes gets this initializer for
    /// `Date()`, so app code that dates its requests and its records
    /// (`Date(timeIntervalSinceNow: 15 * 60)`, `lastCleaned = Date()`) stays on
    /// virtual time, counted from ``BGTaskScheduler/epoch``. (A file that also
    /// imports Foundation by name sees both initializers and must choose: the
    /// compiler says `Date()` is ambiguous, never silently picks the real clock.)
    public init() {
        self = Date.virtualNow ?? Date(timeIntervalSinceReferenceDate: Date.timeIntervalSinceReferenceDate)
    }

    /// A date `timeIntervalSinceNow` seconds from now: on the virtual clock in simulated app code.
    public init(timeIntervalSinceNow: TimeInterval) {
        let now = Date.virtualNow ?? Date(timeIntervalSinceReferenceDate: Date.timeIntervalSinceReferenceDate)
        self = now.addingTimeInterval(timeIntervalSinceNow)
    }

    /// The current date: on the virtual clock in simulated app code.
    public static var now: Date { Date() }

    /// The virtual clock's date when simulated app code is calling, on the simulation's thread.
    private static var virtualNow: Date? {
        guard let process = SimulatedCall.process(nil, "Date()") else { return nil }
        return VirtualClock.date(at: process.kernel.now)
    }
}
