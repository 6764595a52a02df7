import SimulationKernel

/// The choice strategy of a plan: forces the decisions its overrides name, leaves every other to the seed.
final class PlannedChoices: ChoiceStrategy {
    private let overrides: [ChoiceOverride]
    /// How many times each label (name and subject) has been decided, for overrides of one occurrence.
    private var seen: [(label: ChoiceLabel, count: Int)] = []
    private let countsOccurrences: Bool

    init(_ overrides: [ChoiceOverride]) {
        self.overrides = overrides
        countsOccurrences = overrides.contains { $0.occurrence != nil }
    }

    func value(at point: ChoicePoint, seeded: Int64) -> Int64 {
        var occurrence = 0
        if countsOccurrences {
            // A handful of labels per run: a linear search beats hashing, and never depends on hash order.
            if let index = seen.firstIndex(where: { $0.label == point.label }) {
                occurrence = seen[index].count
                seen[index].count += 1
            } else {
                seen.append((point.label, 1))
            }
        }
        for override in overrides where override.matches(point.label) {
            if let wanted = override.occurrence, wanted != occurrence { continue }
            return override.value
        }
        return seeded
    }
}
