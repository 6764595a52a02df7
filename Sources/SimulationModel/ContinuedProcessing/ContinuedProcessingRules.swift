/// The rules of `BGContinuedProcessingTask` (iOS 26) and its Live Activity.
extension Rules {
    /// A continued processing request on an OS that does not have it.
    public static let continuedProcessingUnavailable = Rule(
        id: "BGS020", name: "continuedProcessingUnavailable", severity: .error, category: .appBug,
        categoryReason: "The app used continued processing without an #available(iOS 26, *) check.",
        summary: "A BGContinuedProcessingTaskRequest was submitted on an OS before iOS 26, which does not have continued processing.",
        fix: "Guard continued processing with if #available(iOS 26, *), and on earlier versions fall back to beginBackgroundTask (about 30 s) or a BGProcessingTask.",
        source: "Apple, BGContinuedProcessingTask and BGContinuedProcessingTaskRequest: available from iOS 26.0. Assumed: what a device before iOS 26 does is unknown (Swift refuses the code without if #available; iOS 18.2 has a private class of that name with another initializer), so bgsim refuses the request with unavailable")

    /// A continued processing request submitted while the app was not in the foreground.
    public static let continuedSubmittedInBackground = Rule(
        id: "BGS021", name: "continuedSubmittedInBackground", severity: .error, category: .appBug,
        categoryReason: "The app submitted the request from the background.",
        summary: "A continued processing request was submitted while the app was not in the foreground; the system refused it.",
        fix: "Submit continued processing requests from the foreground, when the person asks for the work; schedule work the app starts by itself with BGProcessingTask.",
        source: "Apple, BGContinuedProcessingTaskRequest.init(identifier:title:subtitle:): \"Creates an instance on behalf of the currently foregrounded app\"; the error code is assumed")

    /// A continued processing request the person did not ask for.
    public static let continuedNotFromPersonAction = Rule(
        id: "BGS022", name: "continuedNotFromPersonAction", severity: .warning, category: .appBug,
        categoryReason: "The app submitted the request without the person asking for the work.",
        summary: "A continued processing request was submitted without the person asking for the work (not while handling a tap or gesture).",
        fix: "Submit continued processing requests only in response to the person's action, such as tapping Export; use BGProcessingTask for automatic work (backups, sync, maintenance).",
        source: "Apple, \"Performing long-running tasks on iOS and iPadOS\": run the task only in response to someone's action, such as tapping a button")

    /// `earliestBeginDate` on a continued processing request, which the system ignores.
    public static let continuedEarliestBeginIgnored = Rule(
        id: "BGS023", name: "continuedEarliestBeginIgnored", severity: .info, category: .appBug,
        categoryReason: "The app set earliestBeginDate, which a continued processing request ignores: the app's mistake, but it has no effect, so it is only info.",
        summary: "A continued processing request set earliestBeginDate, which the system ignores: the task begins at once or waits in the queue.",
        fix: "Leave earliestBeginDate unset on a BGContinuedProcessingTaskRequest; if the work must wait, submit the request when it should begin.",
        source: "Apple, BGContinuedProcessingTaskRequest.init(identifier:title:subtitle:): earliestBeginDate is ignored in favor of NSDate.now")

    /// A `.fail` request that could not begin at once.
    public static let continuedRunIneligible = Rule(
        id: "BGS024", name: "continuedRunIneligible", severity: .info, category: .systemNotice,
        categoryReason: "The system refused a .fail request, as that strategy asks it to; the app handles the error.",
        summary: "A continued processing request with strategy .fail could not begin at once and was refused with immediateRunIneligible.",
        fix: "Catch immediateRunIneligible and tell the person the job did not start, or submit with strategy .queue; to make room for an important job, cancel less important requests first.",
        source: "Apple, BGTaskScheduler.Error.Code.immediateRunIneligible and BGContinuedProcessingTaskRequest.SubmissionStrategy.fail")

    /// A GPU request on a device without background GPU support.
    public static let backgroundGPUNotSupported = Rule(
        id: "BGS025", name: "backgroundGPUNotSupported", severity: .error, category: .appBug,
        categoryReason: "The app required the background GPU without checking supportedResources.",
        summary: "A continued processing request required the background GPU on a device that does not support it; the system rejected it.",
        fix: "Set requiredResources = .gpu only when BGTaskScheduler.supportedResources contains .gpu, and fall back to CPU work otherwise.",
        source: "Apple, BGContinuedProcessingTaskRequest.requiredResources and BGTaskScheduler.supportedResources: not all devices support background GPU use; the error code is assumed")

    /// A GPU request without the entitlement.
    public static let backgroundGPUEntitlementMissing = Rule(
        id: "BGS026", name: "backgroundGPUEntitlementMissing", severity: .error, category: .appBug,
        categoryReason: "The app lacks the entitlement it needs.",
        summary: "A continued processing request required the background GPU without the entitlement com.apple.developer.background-tasks.continued-processing.gpu; the system rejected it.",
        fix: "Add the Background GPU Access capability to the app target (entitlement com.apple.developer.background-tasks.continued-processing.gpu set to true).",
        source: "Apple, BGContinuedProcessingTaskRequest.Resources.gpu; the error code is assumed")

    /// A continued task whose progress stopped rising for the stall limit.
    public static let continuedProgressStalled = Rule(
        id: "BGS027", name: "continuedProgressStalled", severity: .warning, category: .appBug,
        categoryReason: "The app reported progress too coarsely for the system to see it moving.",
        summary: "A continued processing task reported no progress for the stall limit (about 30 s, assumed); the system expired it.",
        fix: "Raise task.progress.completedUnitCount every few seconds, in units small enough to finish well within the limit; report long waits (a slow upload) in steps too.",
        source: "Apple, BGContinuedProcessingTask: the system terminates first tasks that report minimal or no progress; Apple forums 818623 (DTS: failing to report progress is a primary cause of expiration); the limit is an observation (assumed)")

    /// A failed or cancelled continued task that left its partial output.
    public static let partialOutputLeftBehind = Rule(
        id: "BGS028", name: "partialOutputLeftBehind", severity: .warning, category: .appBug,
        categoryReason: "The app did not clean up its partial output when the task failed.",
        summary: "A continued processing task ended without success while the app was running, and left its partial output behind; or its process ended under it (a close in the app switcher, a kill) and the output it left was still partial, as that process left it, when the run ended although a later launch of the app had finished (didFinishLaunching returned).",
        fix: "When the task is cancelled or fails, stop the work and remove the partial output before calling setTaskCompleted(success: false); or write to a temporary file and move it into place only when complete. A process that ends under the task hears nothing: remove leftovers at the next launch.",
        source: "Apple, \"Performing long-running tasks on iOS and iPadOS\": the person can cancel the task from the Live Activity; BGContinuedProcessingTaskRequest.SubmissionStrategy.queue: \"The system cancels queued BGContinuedProcessingTaskRequest objects if someone closes your app using the app switcher\"; platform facts: work must be cancellation-safe")

    /// The rules of this feature, for the catalog (``Rules/all``).
    static let continuedProcessing: [Rule] = [
        continuedProcessingUnavailable, continuedSubmittedInBackground, continuedNotFromPersonAction,
        continuedEarliestBeginIgnored, continuedRunIneligible, backgroundGPUNotSupported,
        backgroundGPUEntitlementMissing, continuedProgressStalled, partialOutputLeftBehind,
    ]
}
