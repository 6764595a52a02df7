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
    /// Whether the Live Activity is asking the person whether to continue.
    var asking = false
    var sampleEvent: EventHandle?
    /// The outputs the task's work wrote, in the order first written.
    var outputs: [String] = []

    init(title: String, subtitle: String, startedAt: VirtualInstant) {
        shown = Shown(title: title, subtitle: subtitle)
        lastAdvance = startedAt
    }
}
