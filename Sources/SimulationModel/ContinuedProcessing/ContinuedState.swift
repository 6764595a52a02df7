import Foundation
import SimulationKernel

/// What the system knows of a running continued processing task: what its Live Activity shows, and how its progress went.
package final class ContinuedState {
    /// What the Live Activity shows: the words and the progress as last read.
    package struct Shown: Equatable {
        package var title: String
        package var subtitle: String
        var completed: Int64 = 0
        var total: Int64 = 0
        /// `fractionCompleted` in thousandths, rounded down: the trace holds integers only.
        var permille: Int64 = 0
    }

    /// The task's `progress`, which the app updates and the system samples.
    ///
    /// Foundation's own type: on Linux it computes `fractionCompleted` and
    /// `isFinished` as on Apple platforms (checked when this was written), and
    /// app code written against the real API sets it the same way. Created
    /// without a parent, so no thread's current progress adopts it.
    package let progress = Progress(parent: nil, userInfo: nil)
    package var shown: Shown
    /// The highest `completedUnitCount` and `fractionCompleted` sampled so far: progress counts only when one rises.
    var bestCompleted: Int64 = 0
    var bestFraction: Double = 0
    /// When progress last rose (or the person said to continue): the stall limit counts from here.
    var lastAdvance: VirtualInstant
    /// When a sample first read the progress at its total (every unit done), if one did.
    var reachedTotalAt: VirtualInstant?
    /// Whether the Live Activity is asking the person whether to continue.
    var asking = false
    var sampleEvent: EventHandle?
    /// The outputs the task's work wrote, in the order first written.
    var outputs: [String] = []

    /// Whether every unit is done: a total set and the count at it, or (without units) the fraction at 1.
    var isAtTotal: Bool {
        progress.totalUnitCount > 0 ? progress.completedUnitCount >= progress.totalUnitCount : progress.fractionCompleted >= 1
    }

    /// The progress in words: `10/10 (100 %)`, or `40 %` without units.
    var progressText: String {
        let percent = ContinuedProcessing.permille(progress.fractionCompleted) / 10
        return progress.totalUnitCount > 0 ? "\(progress.completedUnitCount)/\(progress.totalUnitCount) (\(percent) %)" : "\(percent) %"
    }

    init(title: String, subtitle: String, startedAt: VirtualInstant) {
        shown = Shown(title: title, subtitle: subtitle)
        lastAdvance = startedAt
    }
}
