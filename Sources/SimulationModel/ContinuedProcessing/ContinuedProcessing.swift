import SimulationKernel

/// Continued processing (iOS 26) as the system runs it: the Live Activity, progress sampling, the person's
/// actions on it, and the queue that dies with its process.
///
/// The system reads `task.progress` every `continuedProgressSampleInterval`
/// (it cannot be told: on Linux, Foundation's `Progress` has no key-value
/// observing, and on a device the app does not call the system either; the
/// system looks). Progress counts when `completedUnitCount` or
/// `fractionCompleted` rises above anything read before. After
/// `continuedStallPromptDelay` without it, the Live Activity asks the person
/// whether to continue; after `continuedProgressStallLimit`, the task expires
/// (BGS027). Apple: the system "make[s] informed suggestions through the
/// interface about possibly stuck tasks that a person can cancel", and
/// prioritises terminating tasks "that reflect minimal or no progress".
package final class ContinuedProcessing: SystemService {
    private unowned let system: any SystemContext
    /// Partial output files of continued tasks whose process ended under them (the app heard nothing): BGS028 when the
    /// run ends with one still partial, as that process left it, although a later process finished its launch.
    private var leftByEndedProcesses: [LeftOutput] = []

    /// A continued task's partial output, left when its process ended.
    private struct LeftOutput {
        var output: String
        var task: String
        var process: Int
        var endedAt: VirtualInstant
        var reason: TerminationReason
    }
    /// The processes whose launch finished (didFinishLaunching returned), ended ones only: those that ran the app's
    /// launch code, which could have removed what an earlier process left.
    private var launchedProcesses: [Int] = []

    package init(system: any SystemContext) {
        self.system = system
    }

    private var profile: PlatformProfile { system.profile }

    // MARK: Service

    package func perform(_ action: UserAction) -> ActionOutcome {
        guard case .continued(let action) = action else { return .notMine }
        let outcome: String?
        switch action {
        case .cancelLiveActivity(let identifier):
            outcome = onProcess { cancelFromLiveActivity(identifier: identifier, in: $0) }
        case .answerPrompt(let identifier, let answer):
            outcome = onProcess { answerPrompt(identifier: identifier, answer: answer, in: $0) }
        case .resourcePressure:
            outcome = onProcess { relieveResourcePressure(in: $0) }
        }
        return outcome.map { .ignored($0) } ?? .performed
    }

    private func onProcess(_ body: (AppProcess) -> String?) -> String? {
        guard let process = system.process, process.isAlive else { return "the app is not running" }
        return body(process)
    }

    /// Cancels every queued continued request: the process that submitted them is gone.
    ///
    /// Apple documents this for the app switcher ("The system cancels queued
    /// BGContinuedProcessingTaskRequest objects if someone closes your app
    /// using the app switcher"); for other ends of the process it is assumed:
    /// the work lived in that process, and its handler was registered there.
    package func processEnded(_ process: AppProcess) {
        guard case .terminated(let reason) = process.state else { return }
        if process.lifecycle.launchFinished { launchedProcesses.append(process.number) }
        system.service(TaskScheduler.self).drop(kind: .continuedProcessing, reason: reason == .userSwipedAway
            ? "the person closed the app in the app switcher" : "the app process ended (\(reason.rawValue))")
    }

    /// A continued task began: its Live Activity shows.
    package func taskStarted(_ task: RunningTask, in process: AppProcess) {
        guard task.continued != nil else { return }
        showLiveActivity(of: task, in: process)
    }

    /// A continued task expired: its Live Activity stops asking whether to continue.
    package func taskExpired(_ task: RunningTask, in process: AppProcess) {
        guard task.continued != nil else { return }
        withdrawPrompt(of: task, in: process, why: "the task expired")
    }

    /// A continued task is ending: its Live Activity goes. If its process ended under it, the partial output it
    /// wrote is remembered: only a later process can remove it.
    package func taskEnding(_ task: RunningTask, in process: AppProcess) {
        guard task.continued != nil else { return }
        hideLiveActivity(of: task, in: process)
        if case .terminated(let reason) = process.state {
            for output in process.partialOutputs(of: task) {
                leftByEndedProcesses.append(LeftOutput(
                    output: output, task: task.subject, process: process.number, endedAt: process.kernel.now, reason: reason))
            }
        }
    }

    /// BGS028 for partial output a continued task left when its process ended (a close in the app switcher, a kill),
    /// still as that process left it when the run ends, although a later process finished its launch and could have
    /// removed it (one closed or killed before didFinishLaunching returned ran none of the app's launch code).
    ///
    /// The app hears nothing when its process ends under a continued task
    /// (Apple, `SubmissionStrategy.queue`: a close in the app switcher
    /// cancels without any indication), so the clean-up falls to the next
    /// launch; or the output was written to a temporary file and only moved
    /// into place when complete. The trace shows it: the task's `task.end`
    /// with `output` partial, and no later `app.output` of that file.
    package func runEnded() {
        var launched = launchedProcesses
        if let live = system.process, !live.state.isTerminated, live.lifecycle.launchFinished { launched.append(live.number) }
        for left in leftByEndedProcesses {
            let after = launched.filter { $0 > left.process }
            guard let first = after.first, let last = after.last else { continue }
            guard let file = system.saved.output(named: left.output), file.state == .partial, file.process == left.process else { continue }
            let how = left.reason == .userSwipedAway
                ? "the person closed the app in the app switcher" : "the app process ended (\(left.reason.rawValue))"
            let later = after.count == 1 ? "app #\(first), launched after it," : "\(after.count) launches after it (apps #\(first) to #\(last))"
            system.diagnose(
                Rules.partialOutputLeftBehind, process: last, subject: left.task,
                message: "\(left.task) ended at \(TimeText.format(left.endedAt)) when \(how), leaving \(left.output) partial "
                    + "(\(file.units) of \(file.total) units); \(later) had not removed it when the run ended at "
                    + "\(TimeText.format(system.kernel.now))",
                fix: "Write the output to a temporary file and move it into place only when it is complete; or, at launch, remove "
                    + "the partial output of a job that did not finish: when the process ends under a continued task (a close in "
                    + "the app switcher), the app hears nothing and its expiration handler does not run.")
        }
    }

    // MARK: The Live Activity

    /// The task began: its Live Activity shows the request's title and subtitle, and sampling starts.
    private func showLiveActivity(of task: RunningTask, in process: AppProcess) {
        traceLiveActivity(task, in: process, cause: .start, advanced: false)
        scheduleSample(of: task, in: process)
    }

    /// The task ended: its Live Activity goes away with it.
    ///
    /// When the app completed it, the system reads the progress one last
    /// time, so that the trace ends on what the app last reported; a killed
    /// process has nothing left to read.
    private func hideLiveActivity(of task: RunningTask, in process: AppProcess) {
        guard let state = task.continued else { return }
        if process.isAlive {
            var shown = state.shown
            shown.completed = state.progress.completedUnitCount
            shown.total = state.progress.totalUnitCount
            shown.permille = Self.permille(state.progress.fractionCompleted)
            if shown != state.shown {
                let advanced = shown.completed > state.bestCompleted || state.progress.fractionCompleted > state.bestFraction
                state.shown = shown
                traceLiveActivity(task, in: process, cause: .end, advanced: advanced)
            }
        }
        withdrawPrompt(of: task, in: process, why: "the task ended")
        if let event = state.sampleEvent { system.kernel.cancel(event) }
        state.sampleEvent = nil
    }

    /// `updateTitle(_:subtitle:)`: the Live Activity shows the new words at once.
    package func updateTitle(of task: RunningTask, in process: AppProcess, title: String, subtitle: String) {
        guard process.isAlive, !task.phase.hasEnded, let state = task.continued else { return }
        state.shown.title = title
        state.shown.subtitle = subtitle
        traceLiveActivity(task, in: process, cause: .title, advanced: false)
    }

    private func traceLiveActivity(_ task: RunningTask, in process: AppProcess, cause: LiveActivityRecord.Cause, advanced: Bool) {
        guard let shown = task.continued?.shown else { return }
        process.trace(.liveActivity(.update(LiveActivityRecord.Update(
            process: process.number, identifier: task.identifier, title: shown.title, subtitle: shown.subtitle,
            completed: shown.completed, total: shown.total, permille: shown.permille, cause: cause, advanced: advanced))))
    }

    private func scheduleSample(of task: RunningTask, in process: AppProcess) {
        guard let state = task.continued else { return }
        // At least a nanosecond apart, or a zero interval from Swift code would sample the same instant forever.
        let label = EventLabel("liveActivity.sample", subject: Int64(process.number))
        state.sampleEvent = system.kernel.schedule(after: max(.nanoseconds(1), profile.continuedProgressSampleInterval), label: label) { [self] in
            state.sampleEvent = nil
            sample(task, in: process)
        }
    }

    /// `fractionCompleted` in whole thousandths, rounded down and kept within 0...1000: the trace holds integers.
    static func permille(_ fraction: Double) -> Int64 {
        guard fraction.isFinite, fraction > 0 else { return 0 }
        return min(1000, Int64((fraction * 1000).rounded(.down)))
    }

    private func sample(_ task: RunningTask, in process: AppProcess) {
        guard process.isAlive, !task.phase.hasEnded, let state = task.continued else { return }
        let now = process.kernel.now
        let completed = state.progress.completedUnitCount
        let total = state.progress.totalUnitCount
        let fraction = state.progress.fractionCompleted
        let advanced = completed > state.bestCompleted || fraction > state.bestFraction
        if advanced {
            state.bestCompleted = max(state.bestCompleted, completed)
            state.bestFraction = max(state.bestFraction, fraction)
            state.lastAdvance = now
            withdrawPrompt(of: task, in: process, why: "progress resumed")
        }
        if state.reachedTotalAt == nil && state.isAtTotal { state.reachedTotalAt = now }
        var shown = state.shown
        shown.completed = completed
        shown.total = total
        shown.permille = Self.permille(fraction)
        if shown != state.shown {
            state.shown = shown
            traceLiveActivity(task, in: process, cause: .progress, advanced: advanced)
        }
        if !task.phase.hasExpired {
            let still = now - state.lastAdvance
            if still >= profile.continuedProgressStallLimit {
                reportStall(of: task, state: state, still: still, in: process)
                process.expire(task, reason: "progress stalled")
            } else if still >= profile.continuedStallPromptDelay && !state.asking {
                state.asking = true
                process.trace(.liveActivity(.prompt(LiveActivityRecord.Prompt(
                    process: process.number, identifier: task.identifier, phase: .shown(stalledFor: still)))))
            }
        }
        if process.isAlive && !task.phase.hasEnded { scheduleSample(of: task, in: process) }
    }

    /// The task showed no progress for the stall limit, and the system expires it: a missing completion (BGS031) when
    /// its work had reached its total, or its handler and the work it started had ended; else progress that stalled
    /// (BGS027).
    private func reportStall(of task: RunningTask, state: ContinuedState, still: VirtualDuration, in process: AppProcess) {
        let now = process.kernel.now
        let progress = state.progressText
        if let reached = state.reachedTotalAt {
            // Work the model sees still going after the last unit (a final write) is not counted in the progress.
            let stillWorking = task.tracksWork && task.isWorking
            process.diagnose(
                Rules.workFinishedWithoutCompleting, subject: task.subject,
                message: "\(task.subject) reached \(progress) at \(TimeText.format(reached)) and had not called setTaskCompleted(success:) "
                    + "when the system expired it \(TimeText.format(now - reached)) later, seeing no more progress"
                    + (stillWorking ? " (its handler was still working)" : ""),
                fix: stillWorking
                    ? "Count the work left after the last unit (a final write, an upload) in task.progress, and call "
                        + "setTaskCompleted(success: true) when it ends: the system expires a task whose progress stops."
                    : "Call setTaskCompleted(success: true) after the last unit: the system cannot tell finished work from stuck "
                        + "work, and expires a task whose progress stops.")
        } else if task.tracksWork && !task.isWorking, let ended = task.workEndedAt {
            process.diagnose(
                Rules.workFinishedWithoutCompleting, subject: task.subject,
                message: "the work of \(task.subject) ended at \(TimeText.format(ended)) at \(progress) without setTaskCompleted(success:); "
                    + "the system expired it \(TimeText.format(now - ended)) later, seeing no more progress",
                fix: "Call setTaskCompleted(success:) when the work ends, on every path: success: true when every unit is done, "
                    + "success: false (after removing the partial output) when it stops early.")
        } else {
            process.diagnose(
                Rules.continuedProgressStalled, subject: task.subject,
                message: "\(task.subject) reported no progress for \(TimeText.format(still)); the system expired it")
        }
    }

    /// Takes the "continue?" question off the Live Activity, if it was asking.
    private func withdrawPrompt(of task: RunningTask, in process: AppProcess, why: String) {
        guard let state = task.continued, state.asking else { return }
        state.asking = false
        process.trace(.liveActivity(.prompt(LiveActivityRecord.Prompt(
            process: process.number, identifier: task.identifier, phase: .withdrawn(why: why)))))
    }

    // MARK: The person

    /// The person taps stop in a task's Live Activity: the expiration handler runs. Returns why nothing happened, if nothing did.
    ///
    /// Without an identifier, the oldest Live Activity. Apple's guide says
    /// people can cancel the task through the system interface; Apple DTS
    /// (forums 818623) names user cancellation as a primary cause of the
    /// expiration handler being called.
    private func cancelFromLiveActivity(identifier: String?, in process: AppProcess) -> String? {
        let candidates = process.runningContinuedTasks.filter { identifier == nil || $0.identifier == identifier }
        guard let task = candidates.first(where: { !$0.phase.hasExpired }) else {
            if candidates.isEmpty {
                return identifier.map { "no Live Activity of a running task \($0)" } ?? "no continued processing task is running"
            }
            return "the task is already expiring"
        }
        process.expire(task, reason: "the person cancelled it in the Live Activity")
        return nil
    }

    /// The person answers the Live Activity's "continue?" question. Returns why nothing happened, if nothing did.
    ///
    /// "Continue" restarts the stall clock from the answer (assumed: the
    /// person vouches for the task); "stop" expires the task, as a cancel does.
    private func answerPrompt(identifier: String?, answer: PromptAnswer, in process: AppProcess) -> String? {
        guard let task = process.runningContinuedTasks.first(where: {
            ($0.continued?.asking ?? false) && (identifier == nil || $0.identifier == identifier)
        }), let state = task.continued else {
            return "no Live Activity is asking whether to continue"
        }
        state.asking = false
        process.trace(.liveActivity(.prompt(LiveActivityRecord.Prompt(
            process: process.number, identifier: task.identifier, phase: .answered(answer)))))
        switch answer {
        case .continue:
            state.lastAdvance = process.now
        case .stop:
            process.expire(task, reason: "the person chose to stop it")
        }
        return nil
    }

    /// The system is short of resources: the running continued task with the least progress expires first.
    /// Returns why nothing happened, if nothing did.
    ///
    /// Apple: "The system prioritizes the termination of tasks that reflect
    /// minimal or no progress, when resources become constrained". Ties go to
    /// the task started last (it has done the least work).
    private func relieveResourcePressure(in process: AppProcess) -> String? {
        let candidates = process.runningContinuedTasks.filter { !$0.phase.hasExpired }
        guard var chosen = candidates.first else { return "no continued processing task is running" }
        for task in candidates.dropFirst() {
            let fraction = task.continued?.bestFraction ?? 0
            let least = chosen.continued?.bestFraction ?? 0
            if fraction < least || (fraction == least && task.launchedAt >= chosen.launchedAt) { chosen = task }
        }
        process.expire(chosen, reason: "resource pressure")
        return nil
    }
}
