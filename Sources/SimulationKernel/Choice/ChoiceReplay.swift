/// A choice strategy that plays back a recorded list of decisions, then leaves the rest to the seed.
///
/// The fallback rule: the *k*-th choice point the replay is asked about (the
/// run's *k*-th, when it is installed before the run starts) takes the value
/// of the list's *k*-th entry when that entry has the same label (name and
/// subject); its range need not match.
/// At the first choice point past the end of the list, or whose label differs
/// from its entry's, the replay stops following the list for good: that
/// choice and every later one take the seeded value, as in a run with no
/// strategy. Since the kernel draws the seeded value at every choice point
/// whether it is used or not, "the seed" there means exactly what an
/// unreplayed run with the same choices so far would have drawn.
///
/// A recorded value outside the choice point's range (the list was edited,
/// or the range depends on an earlier change) is clamped into it by the kernel.
///
/// Use it to reproduce a run from its recorded choices, and to shrink one:
/// change or truncate the list, replay, and see whether the failure stays.
///
/// ```swift
/// first.recordsChoices = true
/// _ = first.run()
/// let replay = ChoiceReplay(first.recordedChoices)
/// let second = Kernel(seed: seed)
/// second.choiceStrategy = replay
/// _ = second.run()                       // the same decisions, the same run
/// assert(replay.divergence == nil)
/// ```
final class ChoiceReplay: ChoiceStrategy {
    /// The decisions to play back, in order.
    let choices: [RecordedChoice]
    /// How many choice points took their value from the list.
    private(set) var replayedCount = 0
    /// The index of the first choice point whose label did not match its entry, if one did not.
    ///
    /// Running past the end of the list is not a divergence: ``replayedCount``
    /// equal to `choices.count` says the whole list was used.
    private(set) var divergence: Int?

    /// Creates a replay of `choices`.
    init(_ choices: [RecordedChoice]) {
        self.choices = choices
    }

    func value(at point: ChoicePoint, seeded: Int64) -> Int64 {
        guard divergence == nil, replayedCount < choices.count else { return seeded }
        let entry = choices[replayedCount]
        guard entry.label == point.label else {
            divergence = point.index
            return seeded
        }
        replayedCount += 1
        return entry.value
    }
}
