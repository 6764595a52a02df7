import SimulationKernel
import SimulationModel

/// What one scenario did over many seeds: runs per task, time to first launch, expiry and termination shares, rules, verdicts.
///
/// Everything is kept in arrays sorted by name, so the printed distribution
/// never depends on hash order.
struct SeedDistribution: Sendable {
    /// Minimum, median and maximum of a list of numbers (the lower median for an even count).
    struct Spread: Sendable, Equatable {
        var minimum: Int64
        var median: Int64
        var maximum: Int64

        init?(_ values: [Int64]) {
            guard !values.isEmpty else { return nil }
            let sorted = values.sorted()
            minimum = sorted[0]
            median = sorted[(sorted.count - 1) / 2]
            maximum = sorted[sorted.count - 1]
        }
    }

    /// One task identifier over every run.
    struct TaskFigures: Sendable {
        var identifier: String
        /// How many times it was launched, per run (0 where it never ran).
        var launches: [Int64] = []
        /// When it was first launched, in the runs where it was.
        var firstLaunch: [Int64] = []
        /// In how many runs it expired at least once.
        var expiredRuns = 0
    }

    var seeds: [UInt64] = []
    var passed = 0
    var failed = 0
    /// By identifier, sorted.
    var tasks: [TaskFigures] = []
    /// Runs in which the app was terminated for each reason, sorted by reason.
    var terminations: [(reason: String, runs: Int)] = []
    /// Runs in which each rule fired, sorted by id.
    var rules: [(rule: Rule, runs: Int)] = []
    /// Runs that stalled or hit a limit.
    var abnormalEndings = 0

    var runs: Int { seeds.count }

    /// Adds one run.
    mutating func add(seed: UInt64, result: SimulationResult, passed runPassed: Bool) {
        let index = seeds.count
        seeds.append(seed)
        if runPassed { passed += 1 } else { failed += 1 }
        if result.ending != .completed { abnormalEndings += 1 }
        for slot in tasks.indices { tasks[slot].launches.append(0) }
        var expiredHere: [String] = []
        var launchesHere: [(String, Int64)] = []
        for event in result.events {
            switch event.kind {
            case .task(.submit), .task(.start), .task(.expire):
                guard let identifier = event["identifier"]?.string else { continue }
                let slot = taskSlot(identifier, runsBefore: index)
                if event.kind == .task(.start) {
                    tasks[slot].launches[index] += 1
                    if !launchesHere.contains(where: { $0.0 == identifier }) { launchesHere.append((identifier, event.time.nanoseconds)) }
                }
                if event.kind == .task(.expire), !expiredHere.contains(identifier) { expiredHere.append(identifier) }
            default: continue
            }
        }
        for (identifier, time) in launchesHere { tasks[taskSlot(identifier, runsBefore: index)].firstLaunch.append(time) }
        for identifier in expiredHere { tasks[taskSlot(identifier, runsBefore: index)].expiredRuns += 1 }
        for reason in Set(result.terminations.map(\.rawValue)) {
            if let slot = terminations.firstIndex(where: { $0.reason == reason }) { terminations[slot].runs += 1 } else {
                terminations.append((reason, 1))
            }
        }
        terminations.sort { $0.reason < $1.reason }
        for tally in result.diagnosticCounts {
            if let slot = rules.firstIndex(where: { $0.rule.id == tally.rule.id }) { rules[slot].runs += 1 } else {
                rules.append((tally.rule, 1))
            }
        }
        rules.sort { $0.rule.id < $1.rule.id }
    }

    /// The slot of `identifier`, added in sorted place (with zero launches in the runs before) when new.
    private mutating func taskSlot(_ identifier: String, runsBefore: Int) -> Int {
        if let slot = tasks.firstIndex(where: { $0.identifier == identifier }) { return slot }
        let slot = tasks.firstIndex { $0.identifier > identifier } ?? tasks.endIndex
        tasks.insert(TaskFigures(identifier: identifier, launches: Array(repeating: 0, count: runsBefore + 1)), at: slot)
        return slot
    }

    /// The seeds in short form: `1-100`, `1, 5, 9`.
    var seedsText: String {
        var parts: [String] = []
        var start = 0
        while start < seeds.count {
            var end = start
            while end + 1 < seeds.count, seeds[end] != .max, seeds[end + 1] == seeds[end] + 1 { end += 1 }
            parts.append(end > start ? "\(seeds[start])-\(seeds[end])" : "\(seeds[start])")
            start = end + 1
        }
        return parts.joined(separator: ",")
    }

    /// "12 of 100 runs (12%)".
    func share(_ count: Int) -> String {
        "\(count) of \(runs) runs (\(runs == 0 ? 0 : (count * 100 + runs / 2) / runs)%)"
    }
}
