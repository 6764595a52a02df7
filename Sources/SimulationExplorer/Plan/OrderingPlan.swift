/// How a run orders events due at one instant.
public enum OrderingPlan: Sendable, Hashable {
    /// First in, first out: the kernel's own order.
    case fifo
    /// A random order drawn from this seed at every instant with two or more events (`SeededOrdering`).
    case seeded(UInt64)
    /// First in, first out, except at these questions of the ordering policy.
    ///
    /// Shrinking turns a seeded order into the few deviations that matter;
    /// exploration enumerates them.
    case deviations([OrderingDeviation])
    /// The answers to the ordering policy's first questions, by question number (0 is first in, first out); first in,
    /// first out after them. Exact but brittle: exploration writes schedules this way, and shrinking rewrites them as
    /// deviations.
    case answers([Int])

    /// How many deviations from first in, first out the plan makes: a seeded order counts as one.
    public var deviationCount: Int {
        switch self {
        case .fifo: 0
        case .seeded: 1
        case .deviations(let list): list.count
        case .answers(let list): list.reduce(0) { $0 + ($1 == 0 ? 0 : 1) }
        }
    }
}

/// One same-instant race decided the other way: an event run before the one first in, first out would run.
///
/// The kernel asks its ordering policy whenever two or more events are due
/// at the earliest instant. A deviation names the race by the labels of the
/// two events (``EventLabel``'s text, such as `app.workDone(1)`) and by how
/// many times that race happened before in the run, not by its instant: a
/// change elsewhere (a timeline entry moved, another seed) moves the race in
/// time without making the deviation miss it.
public struct OrderingDeviation: Sendable, Hashable {
    /// The label of the event that runs first, against first in, first out.
    public var run: String
    /// The label of the event first in, first out would have run (the earliest scheduled of those due).
    public var before: String
    /// Which occurrence of this race, from 0: the race happened this many times before in the run.
    public var occurrence: Int

    /// Creates a deviation.
    public init(run: String, before: String, occurrence: Int = 0) {
        self.run = run
        self.before = before
        self.occurrence = occurrence
    }

    /// For example `liveActivity.sample(1) ran before app.workDone(1), the 3rd time they were due together`.
    public var description: String {
        "\(run) ran before \(before)" + (occurrence == 0 ? "" : ", the \(Self.ordinal(occurrence + 1)) time they were due together")
    }

    static func ordinal(_ number: Int) -> String {
        let suffix = (11...13).contains(number % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return "\(number)\(suffix)"
    }
}
