import SimulationKernel

/// `BGContinuedProcessingTask` (iOS 26): work the person started in the foreground that goes on in the background.
///
/// Sources: Apple, "Performing long-running tasks on iOS and iPadOS",
/// `BGContinuedProcessingTaskRequest` and its `SubmissionStrategy`, and
/// ../shared/platform-facts.md. What Apple does not document (the number of
/// slots, the error codes of some refusals) is a profile parameter or marked
/// assumed where it is decided. The system's side while the task runs (its
/// Live Activity) is the ``ContinuedProcessing`` service.
struct ContinuedProcessingTasks: TaskBehavior {
    static let shared = ContinuedProcessingTasks()

    var kind: TaskKind { .continuedProcessing }
    var subjectName: String { "continued processing" }
    var taskClassName: String { "BGContinuedProcessingTask" }
    /// None: Apple's guide lists only the permitted identifier (and an entitlement for the GPU). Assumed.
    var backgroundMode: BackgroundMode? { nil }
    /// Continued requests wait in a queue that Apple gives no length for: unbounded here.
    var pendingLimit: Int { .max }
    /// Continued tasks are the person's own: a failed one does not push back the app's later tasks.
    var penalizesIncompleteTasks: Bool { false }
    /// Apps register continued handlers when the person asks for the work (BGTaskScheduler.h; Apple's article and
    /// WWDC25 sample register on the tap).
    var registersOnDemand: Bool { true }

    /// At most `continuedProcessingConcurrency` run at once; the others wait in a queue (strategy `.queue`).
    var hasConcurrencySlots: Bool { true }

    /// No fixed limit (Apple forums 818623: "There isn't any specific time limit"): it runs while it makes progress.
    func runtime(in profile: PlatformProfile) -> VirtualDuration? { nil }

    func submit(_ request: TaskRequest, from process: AppProcess, to scheduler: TaskScheduler) throws(SubmitError) {
        let system = process.system
        let app = system.appInfo
        let profile = system.profile
        let now = process.kernel.now
        let personAction = process.currentPersonAction
        func refuse(_ error: SubmitError, _ why: String) -> SubmitError {
            scheduler.refuse(request, from: process, personAction: personAction, error, why)
        }
        let subject = "continued processing request \(request.identifier)"
        guard profile.supportsContinuedProcessing else {
            process.diagnose(
                Rules.continuedProcessingUnavailable, subject: subject,
                message: "BGContinuedProcessingTaskRequest does not exist on \(profile.name.rawValue); continued processing needs iOS 26")
            throw refuse(.unavailable, "continued processing needs iOS 26; the profile is \(profile.name.rawValue)")
        }
        let permitted = PermittedIdentifiers(app: app, profile: profile)
        guard permitted.permitsContinued(request.identifier) else {
            let why = permitted.whyNotPermitted(continued: request.identifier)
            process.console("\(request.identifier) is not advertised in the application's Info.plist")
            process.diagnose(
                Rules.taskIdentifierNotPermitted, subject: "task identifier \(request.identifier)",
                message: "submit(_:) threw notPermitted: \(why)", fix: permitted.fixNotPermitted(continued: request.identifier))
            throw refuse(.notPermitted, why)
        }
        guard process.registration(for: request) != nil else {
            // Raised at once, before any other check (iOS 26.1, BGTaskScheduler.m:379; forums thread 799126).
            process.raiseNoLaunchHandler(request, atSubmit: true)
            throw .notPermitted
        }
        guard process.state.isForeground else {
            // Apple: the request is created "on behalf of the currently foregrounded app". The error code is assumed.
            process.diagnose(
                Rules.continuedSubmittedInBackground, subject: subject,
                message: "\(request.identifier) was submitted while the app was \(process.state.name.rawValue); continued processing starts only from the foreground")
            throw refuse(.notPermitted, "the app is not in the foreground (\(process.state.name.rawValue))")
        }
        if request.requiresGPU, let (error, why) = gpuRefusal(of: request, from: process) { throw refuse(error, why) }
        reviewSubmission(request, personAction: personAction, from: process)
        let replacing = scheduler.isPending(request.identifier)
        let running = process.continuedTaskCount
        let queuedAhead = scheduler.pending.reduce(0) {
            $0 + ($1.request.kind == kind && $1.request.identifier != request.identifier ? 1 : 0)
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
        // No seeded delay applies to continued requests, so none is drawn: the run's random sequence stays as it was.
        scheduler.enqueue(PendingRequest(request: request, submittedAt: now, delayDraw: 0))
        process.trace(.task(.submit(TaskRecord.Submit(
            process: process.number, request: request, personAction: personAction, replaced: replacing, queued: !startsNow))))
        scheduler.reevaluate()
    }


    /// What the system accepts but reports: a submission outside the person's action, an earliest begin date.
    private func reviewSubmission(_ request: TaskRequest, personAction: String?, from process: AppProcess) {
        let subject = "continued processing request \(request.identifier)"
        if personAction == nil {
            process.diagnose(
                Rules.continuedNotFromPersonAction, subject: subject,
                message: "\(request.identifier) was submitted while the app handled no action of the person (a tap or gesture)")
        }
        if let begin = request.earliestBegin {
            let ahead = TimeText.formatExact(max(.zero, begin - process.kernel.now))
            process.diagnose(
                Rules.continuedEarliestBeginIgnored, subject: subject,
                message: "\(request.identifier) asked to begin \(ahead) from now; the system ignores earliestBeginDate for continued processing")
        }
    }

    /// Why a request that requires the GPU is refused, diagnosed, if it is: the device or the entitlement.
    private func gpuRefusal(of request: TaskRequest, from process: AppProcess) -> (SubmitError, String)? {
        let subject = "continued processing request \(request.identifier)"
        guard process.system.snapshot.conditions.supportsBackgroundGPU else {
            process.diagnose(
                Rules.backgroundGPUNotSupported, subject: subject,
                message: "\(request.identifier) required .gpu, but BGTaskScheduler.supportedResources does not contain .gpu on this device")
            return (.unavailable, "the device does not support background GPU use")
        }
        guard process.system.appInfo.entitlements.contains(AppInfo.gpuEntitlement) else {
            process.diagnose(
                Rules.backgroundGPUEntitlementMissing, subject: subject,
                message: "\(request.identifier) required .gpu without the entitlement \(AppInfo.gpuEntitlement)")
            return (.notPermitted, "the app lacks the entitlement \(AppInfo.gpuEntitlement)")
        }
        return nil
    }

    /// A queued continued request begins as soon as a slot is free for it in the process that submitted it.
    func blocker(for request: TaskRequest, in world: WorldSnapshot, policy: LaunchPolicy) -> LaunchBlocker? {
        if world.closedInAppSwitcher { return .closedInAppSwitcher }
        guard let app = world.liveApp else { return .appNotRunning }
        if app.runningTasks.contains(request.identifier) { return .alreadyRunning }
        if app.continuedTasks >= policy.profile.continuedProcessingConcurrency {
            return .concurrencyLimit(running: app.continuedTasks)
        }
        return nil
    }

    /// `earliestBeginDate` is ignored; no delay applies: the person is waiting.
    func readyTime(for entry: PendingRequest, in world: WorldSnapshot, history: LaunchHistory, policy: LaunchPolicy) -> VirtualInstant {
        entry.submittedAt
    }

    /// What the task's own work left in its output files: its end says it, also when the app never heard.
    func outputLeft(by task: RunningTask, in process: AppProcess) -> TaskRecord.OutputLeft? {
        process.outputState(of: task)
    }

    /// The log adds the Live Activity's title (cocoa-mhlw/cocoa PR #644; iOS 26.1).
    func logDescription(of request: TaskRequest) -> String {
        "<\(taskClassName): \(request.identifier) (\(request.title))>"
    }

    /// The Live Activity shows the request's title and subtitle and the progress the system samples.
    var hasLiveActivity: Bool { true }

    /// Where the profile reads a wildcard entry's handler as every job's under it.
    func findsHandlerUnderWildcard(in profile: PlatformProfile) -> Bool {
        profile.continuedWildcardRegistration == .matchesComposed
    }

    /// `BGContinuedProcessingTaskRequest`'s words, strategy and resources, and the person's action it answered.
    func encodeFields(of request: TaskRequest, personAction: String?, to fields: inout TraceFieldWriter) {
        fields.add("title", request.title)
        fields.add("subtitle", request.subtitle)
        fields.add("strategy", request.strategy)
        fields.add("requiredResources", request.requiresGPU ? "gpu" : "default")
        fields.add("personAction", personAction ?? "")
    }

    func decodeFields(into request: inout TaskRequest, from fields: inout TraceFieldReader) throws(TraceDecodingError) -> String? {
        request.title = try fields.string("title")
        request.subtitle = try fields.string("subtitle")
        request.strategy = try fields.choice("strategy")
        switch try fields.string("requiredResources") {
        case "gpu": request.requiresGPU = true
        case "default": request.requiresGPU = false
        case let other: throw TraceDecodingError(field: "requiredResources", reason: "must be \"default\" or \"gpu\", not \"\(other)\"")
        }
        let action = try fields.string("personAction")
        return action.isEmpty ? nil : action
    }
}
