import SimulationKernel

/// The same-instant ordering policy of a plan: a seeded order, first in first out with deviations, or a list of answers.
///
/// It can record every question with the labels of its candidates, which is
/// how a seeded order becomes deviations and how exploration enumerates
/// orders. Confined to the thread of the simulation that uses it, like the kernel.
final class PlannedOrdering: SameInstantOrdering, @unchecked Sendable {
    enum Mode: Sendable {
        case seeded(UInt64)
        case deviations([OrderingDeviation])
        /// The answers to the first questions, by question number; first in, first out after them.
        case answers([Int])
    }

    /// One question asked: its candidates' labels, and the answer given.
    struct Question: Sendable, Hashable {
        var labels: [String]
        var chosen: Int
    }

    private let mode: Mode
    private var random: SeededGenerator?
    private var asked = 0
    /// For deviations: how many times each race (first label, other label) was seen so far.
    private var races: [(first: String, other: String, count: Int)] = []
    private let records: Bool
    /// Every question, when recording.
    private(set) var questions: [Question] = []
    /// How many questions were answered otherwise than first in, first out.
    private(set) var deviated = 0

    init(_ mode: Mode, records: Bool = false) {
        self.mode = mode
        self.records = records
        if case .seeded(let seed) = mode { random = SeededGenerator(seed: seed) }
    }

    func nextEvent(among candidates: [ScheduledEvent]) -> Int {
        let question = asked
        asked += 1
        var chosen = 0
        var labels: [String] = []
        switch mode {
        case .seeded:
            chosen = Int(random!.nextInt(below: UInt64(candidates.count)))
        case .answers(let answers):
            if question < answers.count, answers[question] < candidates.count { chosen = answers[question] }
        case .deviations(let deviations):
            labels = candidates.map(\.label.description)
            chosen = answer(deviations, labels: labels)
        }
        if chosen != 0 { deviated += 1 }
        if records {
            if labels.isEmpty { labels = candidates.map(\.label.description) }
            questions.append(Question(labels: labels, chosen: chosen))
        }
        return chosen
    }

    /// Counts each race this question holds (the first candidate against each other one) and applies a deviation that names one.
    private func answer(_ deviations: [OrderingDeviation], labels: [String]) -> Int {
        var chosen = 0
        let first = labels[0]
        for index in labels.indices.dropFirst() {
            let other = labels[index]
            // Two candidates with one label make one race, not two.
            if labels[1..<index].contains(other) { continue }
            let seen: Int
            if let race = races.firstIndex(where: { $0.first == first && $0.other == other }) {
                seen = races[race].count
                races[race].count += 1
            } else {
                seen = 0
                races.append((first, other, 1))
            }
            if chosen == 0, deviations.contains(where: { $0.run == other && $0.before == first && $0.occurrence == seen }) {
                chosen = index
            }
        }
        return chosen
    }

    /// The deviations that make a run ask and answer `questions` as recorded: one per question not answered first in, first out.
    static func deviations(of questions: [Question]) -> [OrderingDeviation] {
        var races: [(first: String, other: String, count: Int)] = []
        var result: [OrderingDeviation] = []
        for question in questions {
            let first = question.labels[0]
            for index in question.labels.indices.dropFirst() {
                let other = question.labels[index]
                if question.labels[1..<index].contains(other) { continue }
                let seen: Int
                if let race = races.firstIndex(where: { $0.first == first && $0.other == other }) {
                    seen = races[race].count
                    races[race].count += 1
                } else {
                    seen = 0
                    races.append((first, other, 1))
                }
                if index == question.chosen { result.append(OrderingDeviation(run: other, before: first, occurrence: seen)) }
            }
        }
        return result
    }
}
