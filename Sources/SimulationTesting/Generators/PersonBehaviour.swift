import SimulationKernel
import SimulationModel

/// What a person does with the app over a few days: when they open it, what they tap, how they leave.
///
/// Made by ``Generator/personBehaviour(days:sessionsPerDay:taps:)`` for
/// property tests; it prints as a readable schedule, so a shrunk failure
/// reads as a story:
///
/// ```
/// day 1 08:14 open, tap "export" after 5s, leave by going home after 40s
/// day 1 19:02 open, leave by swiping the app away after 12s
/// ```
public struct PersonBehaviour: Sendable, Hashable, CustomStringConvertible {
    /// How a session ends.
    public enum Leaving: String, Sendable, Hashable, CaseIterable {
        /// Home gesture: the app goes to the background.
        case goHome
        /// Locks the phone (and unlocks it a minute later, without reopening the app... the lock screen).
        case lock
        /// Closes the app in the app switcher: it is terminated and gets no background launch until reopened.
        case swipeAway
    }

    /// One time the person uses the app.
    public struct Session: Sendable, Hashable {
        /// How long after the run began the person opens the app (whole seconds).
        public var start: Duration
        /// The taps, each how long after opening, with the action's name.
        public var taps: [(after: Duration, action: String)]
        /// How long after opening the person leaves.
        public var length: Duration
        /// How they leave.
        public var leaving: Leaving

        public static func == (lhs: Session, rhs: Session) -> Bool {
            lhs.start == rhs.start && lhs.length == rhs.length && lhs.leaving == rhs.leaving
                && lhs.taps.map(\.after) == rhs.taps.map(\.after) && lhs.taps.map(\.action) == rhs.taps.map(\.action)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(start)
            hasher.combine(length)
            hasher.combine(leaving)
            for tap in taps {
                hasher.combine(tap.after)
                hasher.combine(tap.action)
            }
        }
    }

    /// The sessions, in time order.
    public var sessions: [Session]
    /// How long the behaviour spans: whole days.
    public var duration: Duration

    /// What the person does, as timeline entries for a run.
    public var timeline: [TimelineEntry] {
        var entries: [TimelineEntry] = []
        for session in sessions {
            let open = session.start
            entries.append(TimelineEntry(at: open, action: .launch))
            for tap in session.taps where tap.after < session.length {
                entries.append(TimelineEntry(at: open + tap.after, action: .tap(action: tap.action)))
            }
            let leave = open + session.length
            switch session.leaving {
            case .goHome:
                entries.append(TimelineEntry(at: leave, action: .goHome))
            case .lock:
                entries.append(TimelineEntry(at: leave, action: .lock))
                entries.append(TimelineEntry(at: leave + .seconds(60), action: .unlock))
            case .swipeAway:
                entries.append(TimelineEntry(at: leave, action: .goHome))
                entries.append(TimelineEntry(at: leave + .seconds(1), action: .swipeAway))
            }
        }
        return entries
    }

    public var description: String {
        guard !sessions.isEmpty else { return "never opens the app" }
        return sessions.map { session in
            let start = session.start.components.seconds
            let day = start / 86_400 + 1
            let minute = (start % 86_400) / 60
            let clock = "\(minute / 60 < 10 ? "0" : "")\(minute / 60):\(minute % 60 < 10 ? "0" : "")\(minute % 60)"
            var words = ["day \(day) \(clock) open"]
            words += session.taps.filter { $0.after < session.length }.map { "tap \"\($0.action)\" after \($0.after.components.seconds)s" }
            let how = switch session.leaving {
            case .goHome: "going home"
            case .lock: "locking the phone"
            case .swipeAway: "swiping the app away"
            }
            words.append("leave by \(how) after \(session.length.components.seconds)s")
            return words.joined(separator: ", ")
        }.joined(separator: "\n")
    }
}

extension Generator where Value == PersonBehaviour {
    /// A person using the app for `days` days: a few sessions a day between 7:00 and 23:00, some taps, and a way
    /// of leaving (mostly going home, sometimes locking, now and then swiping the app away).
    ///
    /// Shrinks toward fewer sessions, fewer taps, shorter sessions and going home.
    ///
    /// ```swift
    /// checkProperty("an export always completes once", .personBehaviour(days: 1, taps: ["export"])) { person in
    ///     app.run(person).diagnostics.isEmpty
    /// }
    /// ```
    public static func personBehaviour(
        days: Int = 1, sessionsPerDay: ClosedRange<Int> = 1...4, taps: [String] = []
    ) -> Generator<PersonBehaviour> {
        precondition(days > 0, "personBehaviour needs at least one day")
        let leaving = Generator<PersonBehaviour.Leaving>.oneOf(weighted: [
            (6, .always(.goHome)), (3, .always(.lock)), (1, .always(.swipeAway)),
        ])
        let tap: Generator<(after: Duration, action: String)> = taps.isEmpty
            ? .always((.zero, ""))
            : Generator<(Int64, String)>.zip(.int(in: 1...120), .element(of: taps)).map { (after: .seconds($0), action: $1) }
        let tapCount = taps.isEmpty ? 0...0 : 0...3
        let parts = Generator<(Int, [(after: Duration, action: String)], Int64, PersonBehaviour.Leaving)>.zip(
            .int(in: 0...(days * 16 * 60 - 1)), tap.array(length: tapCount), .int(in: Int64(5)...600), leaving)
        let session = parts.map { minute, taps, length, leaving in
            // Waking hours only: 7:00 to 23:00 of the day the minute falls in.
            let day = minute / (16 * 60)
            let start = Duration.seconds(day * 86_400 + 7 * 3_600 + minute % (16 * 60) * 60)
            return PersonBehaviour.Session(
                start: start, taps: taps.sorted { $0.after < $1.after }, length: .seconds(length), leaving: leaving)
        }
        let count = sessionsPerDay.lowerBound * days...sessionsPerDay.upperBound * days
        return session.array(length: count).map { sessions in
            // Sessions never overlap: each starts after the previous one ended (and its unlock).
            var placed: [PersonBehaviour.Session] = []
            for var session in sessions.sorted(by: { $0.start < $1.start }) {
                if let last = placed.last { session.start = max(session.start, last.start + last.length + .seconds(120)) }
                placed.append(session)
            }
            return PersonBehaviour(sessions: placed, duration: .seconds(Int64(days) * 86_400))
        }
    }
}
