import SimulationKernel

/// The person's answer when a Live Activity asks whether a slow task should go on.
public enum PromptAnswer: String, Sendable, Hashable, CaseIterable {
    /// Keep the task running.
    case `continue`
    /// Stop it: the task expires.
    case stop
}

/// Continued processing tasks while they run: the Live Activity, progress sampling, the person's actions, and output files.
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
extension AppProcess {
    // MARK: The Live Activity

    /// The task began: its Live Activity shows the request's title and subtitle, and sampling starts.
    func showLiveActivity(of task: RunningTask) {
        traceLiveActivity(task, cause: .start, advanced: false)
        scheduleSample(of: task)
    }

    /// The task ended: its Live Activity goes away with it.
    ///
    /// When the app completed it, the system reads the progress one last
    /// time, so that the trace ends on what the app last reported; a killed
    /// process has nothing left to read.
    func hideLiveActivity(of task: RunningTask) {
        guard let state = task.continued else { return }
        if isAlive {
            var shown = state.shown
            shown.completed = state.progress.completedUnitCount
            shown.total = state.progress.totalUnitCount
            shown.permille = Self.permille(state.progress.fractionCompleted)
            if shown != state.shown {
                let advanced = shown.completed > state.bestCompleted || state.progress.fractionCompleted > state.bestFraction
                state.shown = shown
                traceLiveActivity(task, cause: .end, advanced: advanced)
            }
        }
        withdrawPrompt(of: task, why: "the task ended")
        if let event = state.sampleEvent { kernel.cancel(event) }
        state.sampleEvent = nil
    }

    /// `updateTitle(_:subtitle:)`: the Live Activity shows the new words at once.
    func updateTitle(of task: RunningTask, title: String, subtitle: String) {
        guard isAlive, !task.completed, let state = task.continued else { return }
        state.shown.title = title
        state.shown.subtitle = subtitle
        traceLiveActivity(task, cause: .title, advanced: false)
    }

    private func traceLiveActivity(_ task: RunningTask, cause: TraceRecord.LiveActivityCause, advanced: Bool) {
        guard let shown = task.continued?.shown else { return }
        trace(.liveActivityUpdate(TraceRecord.LiveActivityUpdate(
            process: number, identifier: task.identifier, title: shown.title, subtitle: shown.subtitle,
            completed: shown.completed, total: shown.total, permille: shown.permille, cause: cause, advanced: advanced)))
    }

    private func scheduleSample(of task: RunningTask) {
        guard let state = task.continued else { return }
        // At least a nanosecond apart, or a zero interval from Swift code would sample the same instant forever.
        state.sampleEvent = kernel.schedule(afterNanoseconds: max(1, profile.continuedProgressSampleInterval)) { [self] in
            state.sampleEvent = nil
            sample(task)
        }
    }

    /// `fractionCompleted` in whole thousandths, rounded down and kept within 0...1000: the trace holds integers.
    static func permille(_ fraction: Double) -> Int64 {
        guard fraction.isFinite, fraction > 0 else { return 0 }
        return min(1000, Int64((fraction * 1000).rounded(.down)))
    }

    private func sample(_ task: RunningTask) {
        guard isAlive, !task.completed, let state = task.continued else { return }
        let completed = state.progress.completedUnitCount
        let total = state.progress.totalUnitCount
        let fraction = state.progress.fractionCompleted
        let advanced = completed > state.bestCompleted || fraction > state.bestFraction
        if advanced {
            state.bestCompleted = max(state.bestCompleted, completed)
            state.bestFraction = max(state.bestFraction, fraction)
            state.lastAdvance = now
            withdrawPrompt(of: task, why: "progress resumed")
        }
        var shown = state.shown
        shown.completed = completed
        shown.total = total
        shown.permille = Self.permille(fraction)
        if shown != state.shown {
            state.shown = shown
            traceLiveActivity(task, cause: .progress, advanced: advanced)
        }
        if !task.expired {
            let still = now - state.lastAdvance
            if still >= profile.continuedProgressStallLimit {
                diagnose(
                    Rules.continuedProgressStalled, subject: task.subject,
                    message: "\(task.subject) reported no progress for \(TimeText.format(nanoseconds: still)); the system expired it")
                expire(task, reason: "progress stalled")
            } else if still >= profile.continuedStallPromptDelay && !state.asking {
                state.asking = true
                trace(.liveActivityPrompt(TraceRecord.LiveActivityPrompt(
                    process: number, identifier: task.identifier, phase: .shown(stalledFor: still))))
            }
        }
        if isAlive && !task.completed { scheduleSample(of: task) }
    }

    /// Takes the "continue?" question off the Live Activity, if it was asking.
    func withdrawPrompt(of task: RunningTask, why: String) {
        guard let state = task.continued, state.asking else { return }
        state.asking = false
        trace(.liveActivityPrompt(TraceRecord.LiveActivityPrompt(process: number, identifier: task.identifier, phase: .withdrawn(why: why))))
    }

    // MARK: The person

    /// The running continued tasks, oldest first.
    var runningContinuedTasks: [RunningTask] {
        runningTasks.filter { $0.continued != nil }
    }

    /// The person taps stop in a task's Live Activity: the expiration handler runs. Returns why nothing happened, if nothing did.
    ///
    /// Without an identifier, the oldest Live Activity. Apple's guide says
    /// people can cancel the task through the system interface; Apple DTS
    /// (forums 818623) names user cancellation as a primary cause of the
    /// expiration handler being called.
    func cancelFromLiveActivity(identifier: String?) -> String? {
        guard isAlive else { return "the app is not running" }
        let candidates = runningContinuedTasks.filter { identifier == nil || $0.identifier == identifier }
        guard let task = candidates.first(where: { !$0.expired }) else {
            if candidates.isEmpty {
                return identifier.map { "no Live Activity of a running task \($0)" } ?? "no continued processing task is running"
            }
            return "the task is already expiring"
        }
        expire(task, reason: "the person cancelled it in the Live Activity")
        return nil
    }

    /// The person answers the Live Activity's "continue?" question. Returns why nothing happened, if nothing did.
    ///
    /// "Continue" restarts the stall clock from the answer (assumed: the
    /// person vouches for the task); "stop" expires the task, as a cancel does.
    func answerPrompt(identifier: String?, answer: PromptAnswer) -> String? {
        guard isAlive else { return "the app is not running" }
        guard let task = runningContinuedTasks.first(where: {
            ($0.continued?.asking ?? false) && (identifier == nil || $0.identifier == identifier)
        }), let state = task.continued else {
            return "no Live Activity is asking whether to continue"
        }
        state.asking = false
        trace(.liveActivityPrompt(TraceRecord.LiveActivityPrompt(process: number, identifier: task.identifier, phase: .answered(answer))))
        switch answer {
        case .continue:
            state.lastAdvance = now
        case .stop:
            expire(task, reason: "the person chose to stop it")
        }
        return nil
    }

    /// The system is short of resources: the running continued task with the least progress expires first.
    /// Returns why nothing happened, if nothing did.
    ///
    /// Apple: "The system prioritizes the termination of tasks that reflect
    /// minimal or no progress, when resources become constrained". Ties go to
    /// the task started last (it has done the least work).
    func relieveResourcePressure() -> String? {
        let candidates = runningContinuedTasks.filter { !$0.expired }
        guard var chosen = candidates.first else { return "no continued processing task is running" }
        for task in candidates.dropFirst() {
            let fraction = task.continued?.bestFraction ?? 0
            let least = chosen.continued?.bestFraction ?? 0
            if fraction < least || (fraction == least && task.launchedAt >= chosen.launchedAt) { chosen = task }
        }
        expire(chosen, reason: "resource pressure")
        return nil
    }

    // MARK: Output

    /// Writes unit `unit` of `total` to the output file `name` (a continued task's work, when `task` is given).
    func writeOutputUnit(_ unit: Int, of total: Int, to name: String, for task: RunningTask?) {
        guard isAlive else { return }
        let file = simulation.storage.writeUnit(unit, of: total, to: name, process: number)
        if let state = task?.continued, !state.outputs.contains(name) { state.outputs.append(name) }
        traceOutput(name, file, change: .write, task: task)
    }

    /// Removes the output file `name` if it is partial: the app cleans up after a failure (in `task`'s handler, if given).
    func removePartialOutput(_ name: String, for task: RunningTask?) {
        guard isAlive else { return }
        traceOutput(name, simulation.storage.removePartial(name, process: number), change: .remove, task: task)
    }

    private func traceOutput(_ name: String, _ file: SavedState.Output?, change: TraceRecord.OutputChange, task: RunningTask?) {
        // Which task's work it was (`identifier`): a task's end reports the files its own work wrote.
        trace(.appOutput(TraceRecord.AppOutput(
            process: number, output: name, change: change, units: file?.units ?? 0, total: file?.total ?? 0, state: file?.state,
            identifier: task?.identifier)))
    }

    /// `complete`, `partial` or `none` (nothing written, or the partial output removed): what a continued task leaves.
    func outputState(of task: RunningTask) -> TraceRecord.OutputLeft {
        let files = (task.continued?.outputs ?? []).compactMap { simulation.storage.output(named: $0) }
        if files.contains(where: { $0.state == .partial }) { return .partial }
        if !files.isEmpty && files.allSatisfy({ $0.state == .complete }) { return .complete }
        return .none
    }

    /// The names of a continued task's partial output files.
    func partialOutputs(of task: RunningTask) -> [String] {
        (task.continued?.outputs ?? []).filter { simulation.storage.output(named: $0)?.state == .partial }
    }
}
