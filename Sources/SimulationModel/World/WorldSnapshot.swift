import SimulationKernel

/// A read-only picture of the world at one instant: what the system's services decide from.
///
/// Services read the world through a snapshot instead of the simulation's
/// fields, so their decisions are functions of plain values and can be
/// tested without a run (see ``LaunchPolicy``).
package struct WorldSnapshot: Sendable, Hashable {
    /// What the system knows of the app process.
    struct App: Sendable, Hashable {
        /// The process number (1 for the first launch).
        var process: Int
        /// Its state.
        var state: AppState
        /// The identifiers of the tasks it runs now, oldest first.
        var runningTasks: [String]
        /// How many continued processing tasks it runs, or was handed and is about to start.
        var continuedTasks: Int

        /// Creates the picture of an app process.
        init(process: Int, state: AppState, runningTasks: [String] = [], continuedTasks: Int = 0) {
            self.process = process
            self.state = state
            self.runningTasks = runningTasks
            self.continuedTasks = continuedTasks
        }

        /// Whether the process is alive: launched and not terminated.
        var isAlive: Bool { !state.isTerminated && state != .notRunning }
    }

    /// The instant.
    var now: VirtualInstant
    /// The device's conditions.
    package var conditions: DeviceConditions
    /// When the device was locked, if it is.
    var lockedSince: VirtualInstant?
    /// Whether the person closed the app in the app switcher and has not opened it since.
    var closedInAppSwitcher: Bool
    /// The current app process, if the app was ever launched; after it ended, the ended process.
    var app: App?
    /// The instants the person opened the app, in order.
    var opens: [VirtualInstant]

    /// Creates a snapshot.
    init(
        now: VirtualInstant, conditions: DeviceConditions = DeviceConditions(), lockedSince: VirtualInstant? = nil,
        closedInAppSwitcher: Bool = false, app: App? = nil, opens: [VirtualInstant] = []
    ) {
        self.now = now
        self.conditions = conditions
        self.lockedSince = lockedSince ?? (conditions.locked ? .zero : nil)
        self.closedInAppSwitcher = closedInAppSwitcher
        self.app = app
        self.opens = opens
    }

    /// The app process, if it is alive.
    var liveApp: App? {
        guard let app, app.isAlive else { return nil }
        return app
    }

    /// How many times the person opened the app in the last `window`.
    func opens(within window: VirtualDuration) -> Int {
        let since = now - window
        return opens.reduce(0) { $0 + ($1 >= since ? 1 : 0) }
    }

    /// The next instant at or after `time` at a time of day the person opened the app in the past week, if any.
    ///
    /// The usage prediction of the realistic policy: people open apps at habitual times.
    func nextUsualOpen(after time: VirtualInstant) -> VirtualInstant? {
        let since = now - Self.week
        var next: VirtualInstant?
        for open in opens where open >= since {
            var offset = (open - time) % Self.day
            if offset < .zero { offset = offset + Self.day }
            next = min(next ?? time + offset, time + offset)
        }
        return next
    }

    /// A day of the virtual clock, which has no calendar: 24 hours.
    static let day: VirtualDuration = .days(1)

    /// The window the realistic policy looks back over: a week.
    static let week: VirtualDuration = .days(7)
}
