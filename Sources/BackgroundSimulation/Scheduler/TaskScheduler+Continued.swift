import SimulationKernel

/// Continued processing (iOS 26): requests the person starts in the foreground, run at once or queued for a free slot.
///
/// Sources: Apple, "Performing long-running tasks on iOS and iPadOS",
/// `BGContinuedProcessingTaskRequest` and its `SubmissionStrategy`, and
/// ../shared/platform-facts.md. What Apple does not document (the number of
/// slots, the error codes of some refusals) is a profile parameter or marked
/// assumed where it is decided.
extension TaskScheduler {
    /// Continued processing tasks running now, or handed to the app and about to start.
    var runningContinuedCount: Int {
        guard let process = simulation.process, process.isAlive else { return 0 }
        return process.runningTasks.reduce(0) { $0 + ($1.request.kind == .continuedProcessing ? 1 : 0) }
            + process.pendingDeliveries.reduce(0) { $0 + ($1.kind == .continuedProcessing ? 1 : 0) }
    }

    /// Continued processing requests waiting in the queue.
    var queuedContinuedCount: Int {
        pending.reduce(0) { $0 + ($1.request.kind == .continuedProcessing ? 1 : 0) }
    }

    /// `submit(_:)` of a `BGContinuedProcessingTaskRequest`.
    func submitContinued(_ request: TaskRequest, from process: AppProcess) throws(SubmitError) {
        let app = simulation.scenario.app
        let personAction = process.currentPersonAction
        func refuse(_ error: SubmitError, _ why: String) -> SubmitError {
            process.trace(.taskSubmitFailed(TraceRecord.TaskSubmitFailed(
                process: process.number, request: request, personAction: personAction, error: error, why: why)))
            return error
        }
        let subject = "continued processing request \(request.identifier)"
        guard profile.supportsContinuedProcessing else {
            process.diagnose(
                Rules.continuedProcessingUnavailable, subject: subject,
                message: "BGContinuedProcessingTaskRequest does not exist on \(profile.name.rawValue); continued processing needs iOS 26")
            throw refuse(.unavailable, "continued processing needs iOS 26; the profile is \(profile.name.rawValue)")
        }
        let permitted = PermittedIdentifiers(app: app, profile: profile)
        guard permitted.wildcardEntry(matching: request.identifier) != nil else {
            let why = permitted.whyNotPermitted(continued: request.identifier)
            process.diagnose(
                Rules.taskIdentifierNotPermitted, subject: "task identifier \(request.identifier)",
                message: "submit(_:) threw notPermitted: \(why)")
            throw refuse(.notPermitted, why)
        }
        guard process.state.isForeground else {
            // Apple: the request is created "on behalf of the currently foregrounded app". The error code is assumed.
            process.diagnose(
                Rules.continuedSubmittedInBackground, subject: subject,
                message: "\(request.identifier) was submitted while the app was \(process.state.name); continued processing starts only from the foreground")
            throw refuse(.notPermitted, "the app is not in the foreground (\(process.state.name))")
        }
        if request.requiresGPU {
            guard simulation.conditions.supportsBackgroundGPU else {
                process.diagnose(
                    Rules.backgroundGPUNotSupported, subject: subject,
                    message: "\(request.identifier) required .gpu, but BGTaskScheduler.supportedResources does not contain .gpu on this device")
                throw refuse(.unavailable, "the device does not support background GPU use")
            }
            guard app.entitlements.contains(AppDefinition.gpuEntitlement) else {
                process.diagnose(
                    Rules.backgroundGPUEntitlementMissing, subject: subject,
                    message: "\(request.identifier) required .gpu without the entitlement \(AppDefinition.gpuEntitlement)")
                throw refuse(.notPermitted, "the app lacks the entitlement \(AppDefinition.gpuEntitlement)")
            }
        }
        guard process.registration(for: request) != nil else {
            // Apple forums 799126: submit raises at once when no handler matches the identifier.
            let message = "No launch handler registered for task with identifier \(request.identifier)"
            process.diagnose(Rules.noLaunchHandler, subject: "task identifier \(request.identifier)", message: message)
            process.terminate(.crash, message: "NSInternalInconsistencyException: \(message)")
            throw .notPermitted
        }
        if personAction == nil {
            process.diagnose(
                Rules.continuedNotFromPersonAction, subject: subject,
                message: "\(request.identifier) was submitted while the app handled no action of the person (a tap or gesture)")
        }
        if let begin = request.earliestBegin {
            let ahead = TimeText.formatExact(nanoseconds: max(0, begin - now))
            process.diagnose(
                Rules.continuedEarliestBeginIgnored, subject: subject,
                message: "\(request.identifier) asked to begin \(ahead) from now; the system ignores earliestBeginDate for continued processing")
        }
        let replacing = pending.contains { $0.request.identifier == request.identifier }
        let running = runningContinuedCount
        let queuedAhead = pending.reduce(0) {
            $0 + ($1.request.kind == .continuedProcessing && $1.request.identifier != request.identifier ? 1 : 0)
        }
        let sameRunning = process.runningTask(withIdentifier: request.identifier) != nil
        let startsNow = !sameRunning && running + queuedAhead < profile.continuedProcessingConcurrency
        if !startsNow && request.strategy == .fail {
            let why = sameRunning
                ? "a task with this identifier is running"
                : "\(running + queuedAhead) already running or about to start; at most \(profile.continuedProcessingConcurrency) run at once"
            process.diagnose(
                Rules.continuedRunIneligible, subject: subject,
                message: "submit(_:) threw immediateRunIneligible: \(request.identifier) could not begin at once (\(why))")
            throw refuse(.immediateRunIneligible, why)
        }
        pending.removeAll { $0.request.identifier == request.identifier }
        // No seeded delay applies to continued requests, so none is drawn: the run's random sequence stays as it was.
        pending.append(Pending(request: request, submittedAt: now, delayDraw: 0))
        process.trace(.taskSubmit(TraceRecord.TaskSubmit(
            process: process.number, request: request, personAction: personAction, replaced: replacing, queued: !startsNow)))
        reevaluate()
    }

    /// Why a queued continued request may not begin now, or nil when a slot is free for it.
    func continuedBlocker(for request: TaskRequest) -> String? {
        if simulation.closedInAppSwitcher { return "the person closed the app in the app switcher" }
        guard let process = simulation.process, process.isAlive else { return "the app is not running" }
        if process.runningTask(withIdentifier: request.identifier) != nil { return "the task is already running" }
        let running = runningContinuedCount
        if running >= profile.continuedProcessingConcurrency {
            return "\(running) continued processing task(s) are running (the limit)"
        }
        return nil
    }

    /// Cancels every queued continued request: the process that submitted them is gone.
    ///
    /// Apple documents this for the app switcher ("The system cancels queued
    /// BGContinuedProcessingTaskRequest objects if someone closes your app
    /// using the app switcher"); for other ends of the process it is assumed:
    /// the work lived in that process, and its handler was registered there.
    func dropQueuedContinued(reason: String) {
        let dropped = pending.filter { $0.request.kind == .continuedProcessing }
        guard !dropped.isEmpty else { return }
        pending.removeAll { $0.request.kind == .continuedProcessing }
        for entry in dropped {
            simulation.trace(.taskDropped(TraceRecord.TaskDropped(identifier: entry.request.identifier, type: entry.request.kind, reason: reason)))
        }
    }
}
