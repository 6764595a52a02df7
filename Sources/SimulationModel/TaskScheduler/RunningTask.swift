import Foundation
import SimulationKernel

/// A `BGTask` the system launched and has not yet seen end. Touched only on the simulation's loop thread.
package final class RunningTask: @unchecked Sendable {
    package let request: TaskRequest
    package let launchedAt: Int64
    /// When its time runs out, or -1 for continued processing, which has no fixed limit.
    let deadline: Int64
    let onMainLane: Bool
    let completesWhenHandlerReturns: Bool
    package var expirationHandler: ExpirationHandler?
    package var expired = false
    package var completed = false
    /// Set by the expiration handler (or the system, for async handlers): work that checks it stops.
    package var workCancelled = false
    var handlerContext: TaskContext?
    var timers: [EventHandle] = []
    /// The Live Activity and progress of a continued processing task; nil for other kinds.
    package let continued: ContinuedState?
    /// The look-alike object app code holds (a `BGAppRefreshTask`...), kept alive while the task runs,
    /// as the system keeps the `BGTask` it hands to the launch handler.
    package var lookalike: AnyObject?

    /// Whether the model sees the task's work start and end (scenario steps; not Swift code's own tasks).
    let tracksWork: Bool
    /// Whether the debugger's `_simulateLaunchForTaskWithIdentifier:` started it: only such a task can be
    /// expired with `_simulateExpirationForTaskWithIdentifier:` (iOS 18.2 and 26.1's BackgroundTasks).
    package var simulated = false
    /// App code still working for the task: its launch handler, and what that started and has not finished.
    private(set) var liveWork = 0
    /// When the last of the task's work ended, if it did.
    private(set) var workEndedAt: Int64?
    /// Its entry in the run's list of task runs.
    var runIndex = 0
    /// Whether its expiration handler was called and has not returned.
    var expirationHandlerRunning = false
    /// Whether its expiration handler returned.
    var expirationHandlerReturned = false

    init(
        request: TaskRequest, launchedAt: Int64, deadline: Int64, onMainLane: Bool, completesWhenHandlerReturns: Bool,
        tracksWork: Bool = false
    ) {
        self.request = request
        self.launchedAt = launchedAt
        self.deadline = deadline
        self.onMainLane = onMainLane
        self.completesWhenHandlerReturns = completesWhenHandlerReturns
        self.tracksWork = tracksWork
        self.continued = request.kind == .continuedProcessing
            ? ContinuedState(title: request.title, subtitle: request.subtitle, startedAt: launchedAt) : nil
    }

    package var identifier: String { request.identifier }

    package var subject: String { "\(request.kind.subjectName) task \(request.identifier)" }

    /// How BackgroundTasks names the task in its log: `<BGProcessingTask: com.example.cleanup>`, and for a continued
    /// task `<BGContinuedProcessingTask: com.example.export.1 (Exporting video)>` (cocoa-mhlw/cocoa PR #644; iOS 26.1).
    package var logDescription: String {
        switch request.kind {
        case .appRefresh: "<BGAppRefreshTask: \(identifier)>"
        case .processing: "<BGProcessingTask: \(identifier)>"
        case .continuedProcessing: "<BGContinuedProcessingTask: \(identifier) (\(request.title))>"
        }
    }

    /// Whether code is still working for the task.
    var isWorking: Bool { liveWork > 0 }

    func workStarted() {
        liveWork += 1
    }

    func workEnded(at now: Int64) {
        liveWork -= 1
        if liveWork == 0 { workEndedAt = now }
    }
}

/// What the system knows of a running continued processing task: what its Live Activity shows, and how its progress went.
package final class ContinuedState {
    /// What the Live Activity shows: the words and the progress as last read.
    package struct Shown: Equatable {
        package var title: String
        package var subtitle: String
        package var completed: Int64 = 0
        package var total: Int64 = 0
        /// `fractionCompleted` in thousandths, rounded down: the trace holds integers only.
        package var permille: Int64 = 0
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
    var lastAdvance: Int64
    /// Whether the Live Activity is asking the person whether to continue.
    var asking = false
    var sampleEvent: EventHandle?
    /// The outputs the task's work wrote, in the order first written.
    var outputs: [String] = []

    init(title: String, subtitle: String, startedAt: Int64) {
        shown = Shown(title: title, subtitle: subtitle)
        lastAdvance = startedAt
    }
}
