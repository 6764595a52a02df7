import Foundation
import SimulationModel

/// The look-alike of `BGContinuedProcessingTask` (iOS 26): work the person started that goes on in the background.
///
/// The system shows it in a Live Activity with ``title``, ``subtitle`` and
/// ``progress``, and the person can cancel it there. Report progress
/// regularly: a task whose progress stops rising is expired (bgsim:
/// `continuedProgressStallLimit`, about 30 s, assumed).
///
/// ```swift
/// BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.video.export.*", using: nil) { task in
///     let task = task as! BGContinuedProcessingTask
///     task.expirationHandler = { cancelExport(); task.setTaskCompleted(success: false) }
///     task.progress.totalUnitCount = 100
///     // ...after each unit: task.progress.completedUnitCount += 1
/// }
/// ```
///
/// Apple's class conforms to `ProgressReporting`; on Linux that protocol
/// requires `NSObjectProtocol`, so this one offers the same `progress`
/// property without declaring the conformance.
public final class BGContinuedProcessingTask: BGTask, @unchecked Sendable {
    /// The title the Live Activity shows.
    public var title: String { task.continued?.shown.title ?? "" }

    /// The subtitle the Live Activity shows.
    public var subtitle: String { task.continued?.shown.subtitle ?? "" }

    /// The task's progress: set `totalUnitCount`, then raise `completedUnitCount` as the work goes.
    ///
    /// Foundation's `Progress`; the system reads it every
    /// `continuedProgressSampleInterval` of virtual time.
    public var progress: Progress {
        guard let state = task.continued else { preconditionFailure("a continued processing task without its state") }
        return state.progress
    }

    /// Changes the title and subtitle of the Live Activity.
    public func updateTitle(_ title: String, subtitle: String) {
        guard let process = SimulatedCall.process(process, "BGContinuedProcessingTask.updateTitle(_:subtitle:)") else { return }
        process.system.service(ContinuedProcessing.self).updateTitle(of: task, in: process, title: title, subtitle: subtitle)
    }
}
