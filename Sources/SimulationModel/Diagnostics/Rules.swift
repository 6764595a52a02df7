/// Every rule bgsim checks: the catalog `bgsim rules` prints.
///
/// Sources are the facts in docs/platform-facts (shared/platform-facts.md):
/// Apple's documentation where it exists, otherwise the observation named.
public enum Rules {
    /// A background task was still open when background time ran out: the watchdog killed the app (0x8badf00d).
    public static let backgroundTaskLeaked = Rule(
        id: "BGS001", name: "backgroundTaskLeaked", severity: .error,
        summary: "A background task was still open when the background time ran out; the system killed the app (0x8badf00d).",
        fix: "Balance every beginBackgroundTask with exactly one endBackgroundTask, on every path, and end the task in its expiration handler.",
        source: "Apple, \"Extending your app's background execution time\"; exception code 0x8badf00d; Apple forums 85066 (Quinn: a task not ended gets the app killed by the watchdog)")

    /// `endBackgroundTask(_:)` with an identifier that is not open: ended twice, never begun, or `.invalid`.
    public static let endedUnknownBackgroundTask = Rule(
        id: "BGS002", name: "endedUnknownBackgroundTask", severity: .warning,
        summary: "endBackgroundTask was called with an identifier that is not open: it was ended already, never begun, or is .invalid.",
        fix: "Keep one identifier per task, end it once, and set the stored identifier to .invalid after ending it.",
        source: "Console: \"Can't end BackgroundTask: no background task exists with identifier <id> (0x<hex id>), or it may have already been ended. Break in UIApplicationEndBackgroundTaskError() to debug.\" (mixpanel-swift #335)")

    /// A background task open for more than 30 seconds while the app runs in the background.
    public static let backgroundTaskOpenTooLong = Rule(
        id: "BGS003", name: "backgroundTaskOpenTooLong", severity: .warning,
        summary: "A background task was open for more than 30 seconds while the app ran in the background.",
        fix: "Begin background tasks just before the work they protect and end them as soon as it is done; do not hold one for the app's whole life.",
        source: "Console: \"Background Task <id> (\\\"<name>\\\"), was created over 30 seconds ago. In applications running in the background, this creates a risk of termination. Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.\" (deltachat-ios #1128)")

    /// The expiration handler returned with its task still open.
    public static let expirationHandlerLeftTaskOpen = Rule(
        id: "BGS004", name: "expirationHandlerLeftTaskOpen", severity: .error,
        summary: "The expiration handlers returned while this background task, whose handler had run, was still open.",
        fix: "End the task synchronously inside the expiration handler: call endBackgroundTask before returning, not from a block dispatched for later.",
        source: "Console: \"Background task still not ended after expiration handlers were called: <task>. This app will likely be terminated by the system. Call UIApplication.endBackgroundTask(_:) to avoid this.\" (iOS 26.1's UIKitCore; WordPress-iOS PR #21254)")

    /// The app was terminated with work done since its last save: the work is lost.
    public static let workLostAtTermination = Rule(
        id: "BGS005", name: "workLostAtTermination", severity: .error,
        summary: "The app was terminated with work done since its last save; that work is lost.",
        fix: "Save when the app leaves the foreground (willResignActive or didEnterBackground), protected by a background task, and save long work incrementally.",
        source: "Apple, \"Extending your app's background execution time\"; a relaunch is a new process")

    /// `applicationDidEnterBackground(_:)` did not return within about five seconds.
    public static let didEnterBackgroundTooSlow = Rule(
        id: "BGS006", name: "didEnterBackgroundTooSlow", severity: .error,
        summary: "applicationDidEnterBackground did not return within about five seconds; the system killed the app.",
        fix: "Return from applicationDidEnterBackground quickly: start the work on another queue inside a background task instead of doing it there.",
        source: "Apple, \"Extending your app's background execution time\" (about five seconds)")

    /// The app was suspended while holding a file or database lock.
    public static let lockHeldAtSuspension = Rule(
        id: "BGS007", name: "lockHeldAtSuspension", severity: .error,
        summary: "The app was suspended while holding a file or SQLite lock; the system killed it (0xdead10cc).",
        fix: "Release file and database locks before the app can be suspended, and protect the work that holds them with a background task.",
        source: "Exception code 0xdead10cc: \"held on to a file lock or SQLite database lock during suspension\"")

    /// Handler work never finished: the run went idle with tasks still waiting.
    public static let handlerStalled = Rule(
        id: "BGS008", name: "handlerStalled", severity: .error,
        summary: "App code was still waiting when nothing else could happen: it would never finish.",
        fix: "Look at what the task waits for: a continuation never resumed, or a wait on something the app never does.",
        source: "bgsim kernel: stall detection")

    /// Async work ran outside the simulation's executor.
    public static let foreignThreadWork = Rule(
        id: "BGS009", name: "foreignThreadWork", severity: .error,
        summary: "Simulated async code resumed on a thread outside the simulation (a real Task.sleep, Task.detached, or a real queue).",
        fix: "Use the simulation's clock instead of Task.sleep, and simulation.spawn (or Task(executorPreference:)) instead of Task.detached.",
        source: "SE-0417 task executor preference; bgsim determinism rules")

    /// A task identifier not listed in Info.plist, or its background mode missing.
    public static let taskIdentifierNotPermitted = Rule(
        id: "BGS010", name: "taskIdentifierNotPermitted", severity: .error,
        summary: "A BGTaskScheduler identifier is not in BGTaskSchedulerPermittedIdentifiers, or the background mode its task type needs is missing.",
        fix: "List every task identifier in Info.plist's BGTaskSchedulerPermittedIdentifiers and add UIBackgroundModes fetch (refresh) or processing (processing); a continued processing identifier is listed exactly or falls under a wildcard entry <bundle id>.<context>.*, and the wildcard entry itself is not an identifier to register or submit.",
        source: "Apple, BGTaskScheduler: register returns false and submit throws notPermitted; console \"Registration rejected; <id> is not advertised in the application's Info.plist\" and \"<id> is not advertised in the application's Info.plist\" (iOS 26.1's BackgroundTasks; flutter_workmanager #660)")

    /// `register` after the app finished launching: the app crashes.
    public static let registeredAfterLaunch = Rule(
        id: "BGS011", name: "registeredAfterLaunch", severity: .error,
        summary: "A launch handler was registered after the app finished launching, on a platform that raises for it (the profile's registrationAfterLaunch); the app crashed.",
        fix: "Register every launch handler in application(_:didFinishLaunchingWithOptions:), before it returns (not in scene(_:willConnectTo:options:), which comes after).",
        source: "NSInternalInconsistencyException: \"All launch handlers must be registered before application finishes launching\" (iOS 18.2's BackgroundTasks, BGTaskScheduler.m:225; transistorsoft/flutter_background_fetch #414); BGTaskScheduler.h exempts BGContinuedProcessingTask registrations")

    /// `register` twice for one identifier: the app crashes.
    public static let registeredTwice = Rule(
        id: "BGS012", name: "registeredTwice", severity: .error,
        summary: "A launch handler was registered twice for one identifier; the app crashed.",
        fix: "Register each identifier exactly once per launch.",
        source: "\"Launch handler for task with identifier <id> has already been registered\"")

    /// The system launched the app for a request whose identifier has no registered handler.
    public static let noLaunchHandler = Rule(
        id: "BGS013", name: "noLaunchHandler", severity: .error,
        summary: "The app submitted a request, or the system launched the app for one, whose identifier this process did not register: NSInternalInconsistencyException, and the app crashed.",
        fix: "Register every identifier you submit on every launch, unconditionally, and keep registering an identifier a previous version may have submitted.",
        source: "\"No launch handler registered for task with identifier <id>\": raised by submit and by the launch (iOS 18.2 and 26.1's BackgroundTasks; firefox-ios #19031, flutter_workmanager #660, WordPress-iOS #18156, Apple forums 799126)")

    /// A task never called `setTaskCompleted` and used up its time.
    public static let taskNeverCompleted = Rule(
        id: "BGS014", name: "taskNeverCompleted", severity: .error,
        summary: "A background task had not called setTaskCompleted(success:) when the grace after its expiration handler was over; the app was killed.",
        fix: "Call setTaskCompleted(success:) exactly once on every path, and in the expiration handler itself, synchronously: not from work queued behind something else.",
        source: "BGTask.h: the app keeps running until all the available time is consumed; katagaki/SakuraRSS PR #254: a completion that came too late after expiry ended in a watchdog kill; the grace is assumed")

    /// A task without an expiration handler ran out of time.
    public static let noTaskExpirationHandler = Rule(
        id: "BGS015", name: "noTaskExpirationHandler", severity: .warning,
        summary: "A background task had no expiration handler when its time ran out; the system marked it complete and unsuccessful.",
        fix: "Set task.expirationHandler first thing in the launch handler: cancel the work and call setTaskCompleted(success: false).",
        source: "Apple, BGTask.expirationHandler")

    /// `setTaskCompleted` called twice, or after the system completed the task.
    public static let taskCompletedTwice = Rule(
        id: "BGS016", name: "taskCompletedTwice", severity: .warning,
        summary: "setTaskCompleted(success:) was called on a task that was already complete.",
        fix: "Call setTaskCompleted(success:) exactly once: guard the work's completion and the expiration handler against each other.",
        source: "Apple, BGTask.setTaskCompleted(success:)")

    /// A refresh requested much sooner than the system will run one.
    public static let refreshRequestedTooSoon = Rule(
        id: "BGS017", name: "refreshRequestedTooSoon", severity: .warning,
        summary: "An app refresh was requested to begin sooner than about 15 minutes; the system throttles it anyway.",
        fix: "Set earliestBeginDate 15 minutes or more ahead, treat it as a hint, and do not reschedule more often.",
        source: "Platform facts: refresh requests sooner than about 15 minutes are pointless and throttled")

    /// A task ran out of time: its work does not fit the task type.
    public static let taskExpired = Rule(
        id: "BGS018", name: "taskExpired", severity: .warning,
        summary: "A background task ran out of time with its work still going: the work does not fit the time the task type gets.",
        fix: "Fit the work to the task type: a few seconds for an app refresh, resumable chunks for a processing task (the diagnostic names the kind's own advice).",
        source: "BGAppRefreshTask: about 30 s (assumed; Apple forums 780956 saw 2 to 5 s); BGProcessingTask: minutes (Apple)")

    /// Main-actor code ran on a background queue.
    public static let mainActorCodeOffMain = Rule(
        id: "BGS019", name: "mainActorCodeOffMain", severity: .error,
        summary: "Code that must run on the main actor (UI state) ran on a background queue, in a launch handler registered with using: nil or work it started.",
        fix: "Hop to the main actor (await MainActor.run, or DispatchQueue.main.async) before touching UI state.",
        source: "BGTaskScheduler.register: the launch handler runs on the given queue (nil: a background queue, com.apple.BGTaskScheduler (<identifier>)); UIKit is main-thread only")

    // MARK: Continued processing (iOS 26)

    /// A continued processing request on an OS that does not have it.
    public static let continuedProcessingUnavailable = Rule(
        id: "BGS020", name: "continuedProcessingUnavailable", severity: .error,
        summary: "A BGContinuedProcessingTaskRequest was submitted on an OS before iOS 26, which does not have continued processing.",
        fix: "Guard continued processing with if #available(iOS 26, *), and on earlier versions fall back to beginBackgroundTask (about 30 s) or a BGProcessingTask.",
        source: "Apple, BGContinuedProcessingTask and BGContinuedProcessingTaskRequest: available from iOS 26.0. Assumed: what a device before iOS 26 does is unknown (Swift refuses the code without if #available; iOS 18.2 has a private class of that name with another initializer), so bgsim refuses the request with unavailable")

    /// A continued processing request submitted while the app was not in the foreground.
    public static let continuedSubmittedInBackground = Rule(
        id: "BGS021", name: "continuedSubmittedInBackground", severity: .error,
        summary: "A continued processing request was submitted while the app was not in the foreground; the system refused it.",
        fix: "Submit continued processing requests from the foreground, when the person asks for the work; schedule work the app starts by itself with BGProcessingTask.",
        source: "Apple, BGContinuedProcessingTaskRequest.init(identifier:title:subtitle:): \"Creates an instance on behalf of the currently foregrounded app\"; the error code is assumed")

    /// A continued processing request the person did not ask for.
    public static let continuedNotFromPersonAction = Rule(
        id: "BGS022", name: "continuedNotFromPersonAction", severity: .warning,
        summary: "A continued processing request was submitted without the person asking for the work (not while handling a tap or gesture).",
        fix: "Submit continued processing requests only in response to the person's action, such as tapping Export; use BGProcessingTask for automatic work (backups, sync, maintenance).",
        source: "Apple, \"Performing long-running tasks on iOS and iPadOS\": run the task only in response to someone's action, such as tapping a button")

    /// `earliestBeginDate` on a continued processing request, which the system ignores.
    public static let continuedEarliestBeginIgnored = Rule(
        id: "BGS023", name: "continuedEarliestBeginIgnored", severity: .warning,
        summary: "A continued processing request set earliestBeginDate, which the system ignores: the task begins at once or waits in the queue.",
        fix: "Leave earliestBeginDate unset on a BGContinuedProcessingTaskRequest; if the work must wait, submit the request when it should begin.",
        source: "Apple, BGContinuedProcessingTaskRequest.init(identifier:title:subtitle:): earliestBeginDate is ignored in favor of NSDate.now")

    /// A `.fail` request that could not begin at once.
    public static let continuedRunIneligible = Rule(
        id: "BGS024", name: "continuedRunIneligible", severity: .info,
        summary: "A continued processing request with strategy .fail could not begin at once and was refused with immediateRunIneligible.",
        fix: "Catch immediateRunIneligible and tell the person the job did not start, or submit with strategy .queue; to make room for an important job, cancel less important requests first.",
        source: "Apple, BGTaskScheduler.Error.Code.immediateRunIneligible and BGContinuedProcessingTaskRequest.SubmissionStrategy.fail")

    /// A GPU request on a device without background GPU support.
    public static let backgroundGPUNotSupported = Rule(
        id: "BGS025", name: "backgroundGPUNotSupported", severity: .error,
        summary: "A continued processing request required the background GPU on a device that does not support it; the system rejected it.",
        fix: "Set requiredResources = .gpu only when BGTaskScheduler.supportedResources contains .gpu, and fall back to CPU work otherwise.",
        source: "Apple, BGContinuedProcessingTaskRequest.requiredResources and BGTaskScheduler.supportedResources: not all devices support background GPU use; the error code is assumed")

    /// A GPU request without the entitlement.
    public static let backgroundGPUEntitlementMissing = Rule(
        id: "BGS026", name: "backgroundGPUEntitlementMissing", severity: .error,
        summary: "A continued processing request required the background GPU without the entitlement com.apple.developer.background-tasks.continued-processing.gpu; the system rejected it.",
        fix: "Add the Background GPU Access capability to the app target (entitlement com.apple.developer.background-tasks.continued-processing.gpu set to true).",
        source: "Apple, BGContinuedProcessingTaskRequest.Resources.gpu; the error code is assumed")

    /// A continued task whose progress stopped rising for the stall limit.
    public static let continuedProgressStalled = Rule(
        id: "BGS027", name: "continuedProgressStalled", severity: .warning,
        summary: "A continued processing task reported no progress for the stall limit (about 30 s, assumed); the system expired it.",
        fix: "Raise task.progress.completedUnitCount every few seconds, in units small enough to finish well within the limit; report long waits (a slow upload) in steps too.",
        source: "Apple, BGContinuedProcessingTask: the system terminates first tasks that report minimal or no progress; Apple forums 818623 (DTS: failing to report progress is a primary cause of expiration); the limit is an observation (assumed)")

    /// A failed or cancelled continued task that left its partial output.
    public static let partialOutputLeftBehind = Rule(
        id: "BGS028", name: "partialOutputLeftBehind", severity: .warning,
        summary: "A continued processing task ended without success while the app was running, and left its partial output behind.",
        fix: "When the task is cancelled or fails, stop the work and remove the partial output before calling setTaskCompleted(success: false); or write to a temporary file and move it into place only when complete.",
        source: "Apple, \"Performing long-running tasks on iOS and iPadOS\": the person can cancel the task from the Live Activity; platform facts: work must be cancellation-safe")

    // MARK: What real apps' code showed (issue 11)

    /// A main-actor isolated launch handler registered with `using: nil`: it traps at its entry.
    public static let mainActorHandlerOnBackgroundQueue = Rule(
        id: "BGS029", name: "mainActorHandlerOnBackgroundQueue", severity: .error,
        summary: "A launch handler isolated to the main actor (written in a @MainActor type or a SwiftUI App) was registered with using: nil; it was called on the scheduler's background queue and trapped at its entry (EXC_BREAKPOINT).",
        fix: "Make the launch handler nonisolated (a static nonisolated function, or a closure built outside the @MainActor type) and hop to the main actor inside it for UI work; or register with using: .main.",
        source: "VivaDicta PR #316 and SakuraRSS PR #186: EXC_BREAKPOINT in _dispatch_assert_queue_fail / _swift_task_checkIsolatedSwift on com.apple.BGTaskScheduler (<identifier>); iOS 26.1's BackgroundTasks makes a serial background queue per registration when the queue is nil")

    /// `setTaskCompleted(success: true)` after the task expired.
    public static let successAfterExpiration = Rule(
        id: "BGS030", name: "successAfterExpiration", severity: .warning,
        summary: "setTaskCompleted(success: true) was called after the task expired: work its expiration handler cut short is reported as done.",
        fix: "Report what happened: setTaskCompleted(success: false) once the expiration handler ran, or success: !isCancelled after a loop that stops when cancelled.",
        source: "iOS 26.1's BGTask accepts the call without a word (-[BGTask _setTaskCompletedWithSuccess:actionsIfNotAlreadyCompleted:]); Apple's WWDC25 \"Finish tasks in the background\" sample does it; what the scheduler makes of it is undocumented")

    /// The task's work ended without `setTaskCompleted`: it idled until its time ran out.
    public static let workFinishedWithoutCompleting = Rule(
        id: "BGS031", name: "workFinishedWithoutCompleting", severity: .warning,
        summary: "A background task's work ended without setTaskCompleted(success:); the task idled, keeping the app running, until its time ran out.",
        fix: "Call setTaskCompleted(success:) when the work ends, on every path (after the last await, and in catch blocks): the system suspends the app as soon as its tasks are complete.",
        source: "BGTask.h: \"If you do not call setTaskCompletedWithSuccess: on the task, the system continues to run in the background until all the available time is consumed, wasting battery power.\"")

    /// An expiration handler that had not returned (or not started) when the time for it was over.
    public static let expirationHandlerBlocked = Rule(
        id: "BGS032", name: "expirationHandlerBlocked", severity: .error,
        summary: "An expiration handler had not returned (or, queued behind other work on the main thread, not even started) when its time was over; the watchdog killed the app.",
        fix: "Make expiration handlers return at once: end the task or call setTaskCompleted synchronously, do no long or blocking work in them (no dispatch sync, no waiting on a busy queue), and keep the main thread free in the background.",
        source: "Apple forums 85066 (Quinn: the expiry handler \"must run quickly, that is, in less than a second or so\"; \"the watchdog has a strict limit (a few seconds) on the total amount of time taken to run background task expiry handlers\"); Apple, BGTask.expirationHandler: \"All expiration handlers must complete before the allocated time\"; neevaco/neeva-ios #4173")

    /// A refresh or processing handler registered after launch, accepted by the platform.
    public static let registeredAfterLaunchAccepted = Rule(
        id: "BGS033", name: "registeredAfterLaunchAccepted", severity: .warning,
        summary: "A refresh or processing request was submitted with a launch handler registered after the app finished launching: this platform accepts the registration, but a background launch for the task finds no handler unless the same code runs before launch finishes.",
        fix: "Register refresh and processing handlers in application(_:didFinishLaunchingWithOptions:), unconditionally, before it returns; only continued processing handlers belong with the person's action.",
        source: "BGTaskScheduler.h (iOS 26): \"You must register launch handlers before your application finishes launching\"; iOS 26.1's BackgroundTasks no longer checks (docs/system-policy.md); iOS 18.2 raises (BGS011)")
    // MARK: App code under simulation

    /// Synchronous app code that did not return within the wall-clock watchdog's limit.
    public static let synchronousCodeNeverReturned = Rule(
        id: "BGS034", name: "synchronousCodeNeverReturned", severity: .error,
        summary: "Synchronous app code ran past the wall-clock watchdog without returning or waiting on virtual time: a loop that waits for another thread (its expiration handler, a dispatched block) never ends in a simulation.",
        fix: "Give each turn of the loop its cost (simulateWork(for:), sleep, or await a virtual sleep in async code) so that the system can expire the task and its expiration handler can run; or move the work to async code.",
        source: "bgsim: virtual time only passes when code waits; Apple, WWDC25 \"Finish tasks in the background\" (a loop that runs until the expiration handler clears a flag)")

    /// A look-alike API called from a thread the simulation does not run.
    public static let calledFromOutsideSimulation = Rule(
        id: "BGS035", name: "calledFromOutsideSimulation", severity: .error,
        summary: "App code called a simulated API from a thread outside the simulation (a real DispatchQueue or Thread, a detached task, or code that escaped to the real main thread); the call was ignored.",
        fix: "Run the work through the look-alikes the app's file imports (DispatchQueue, OperationQueue, Task), which stay on virtual time; do not start real threads or reach the real Dispatch module from simulated code.",
        source: "bgsim determinism rules: all app code runs on the simulation's thread")

    /// A blocking call bgsim cannot give virtual time to where it was made.
    public static let blockingCallNotSimulated = Rule(
        id: "BGS036", name: "blockingCallNotSimulated", severity: .warning,
        summary: "A blocking call (sleep, usleep, Thread.sleep, simulateWork, DispatchGroup.wait, Operation.waitUntilFinished) was made where bgsim cannot block: it returned at once, without the virtual time or the work it waits for.",
        fix: "In async code, await instead (try await Task.sleep(for:), try await application.simulateWork(for:)); instead of waiting for a group or an operation, continue in its notify block or completion block.",
        source: "bgsim: one thread runs the whole simulation, so a blocking wait in the simulated app would wait for ever")

    /// `DispatchQueue.sync` onto the queue the code is already running on.
    public static let dispatchSyncDeadlock = Rule(
        id: "BGS037", name: "dispatchSyncDeadlock", severity: .error,
        summary: "DispatchQueue.sync was called on the queue the code was already running on (for example DispatchQueue.main.sync on the main thread): the app deadlocks and crashes.",
        fix: "Call the block directly when already on the queue, or use async; never call sync on the main queue from the main thread.",
        source: "Apple, DispatchQueue.sync(execute:): \"Calling this function and targeting the current queue results in deadlock\"; libdispatch traps with \"dispatch_sync called on queue already owned by current thread\"")

    // MARK: Silent push

    /// A background push sent with priority 10.
    public static let pushPriorityTooHigh = Rule(
        id: "BGS038", name: "pushPriorityTooHigh", severity: .error,
        summary: "A background push (apns-push-type background) was sent with apns-priority 10 (or without the header, which means 10): Apple calls this an error, and the device may not wake the app for it.",
        fix: "Send background pushes with apns-push-type: background and apns-priority: 5, always.",
        source: "Apple, \"Sending notification requests to APNs\": \"Always use priority 5. Using priority 10 is an error\" and \"If you omit this header, APNs sets the notification priority to 10\"; node-apn #241 (not woken at 10); research-urlsession-push.md P2")

    /// A content-available push for an app without the remote-notification background mode.
    public static let remoteNotificationModeMissing = Rule(
        id: "BGS039", name: "remoteNotificationModeMissing", severity: .error,
        summary: "A content-available push arrived while the app was not in the foreground, and Info.plist's UIBackgroundModes lacks remote-notification: the system does not wake or launch the app for it.",
        fix: "Add remote-notification to UIBackgroundModes (the Remote notifications background mode in Xcode).",
        source: "Apple, \"Pushing background updates to your App\": \"you must add the remote notifications background mode to your app\"; application(_:didReceiveRemoteNotification:fetchCompletionHandler:): \"if you enabled the remote notifications background mode, the system launches your app (or wakes it from the suspended state)\"")

    /// More background pushes than the system delivers in an hour.
    public static let pushThrottled = Rule(
        id: "BGS040", name: "pushThrottled", severity: .warning,
        summary: "More background pushes arrived in an hour than the system delivers: this one was held back, and a held push is replaced by the next one (only the newest is kept) or thrown away if the app is killed.",
        fix: "Send no more than two or three background pushes an hour, never one per data item; on each push fetch the current state from the server instead of relying on each push's contents.",
        source: "Apple, \"Pushing background updates to your App\": \"don't try to send more than two or three per hour\"; \"When the system receives a new background notification, it discards the older notification and only holds the newest one\"; \"If something force quits or kills the app, the system discards the held notification\"")

    /// The push handler did not call its completion handler in time.
    public static let pushCompletionNotCalled = Rule(
        id: "BGS041", name: "pushCompletionNotCalled", severity: .error,
        summary: "application(_:didReceiveRemoteNotification:fetchCompletionHandler:) did not call its completion handler within its 30 seconds (still working, or returned without calling it on some path): the system terminated the app.",
        fix: "Call the completion handler on every path (errors and early returns too) as soon as the work is done, and bound the work (a request timeout well under 30 s); report .newData, .noData or .failed truthfully.",
        source: "Apple, application(_:didReceiveRemoteNotification:fetchCompletionHandler:): \"you must call the block in the handler parameter or your app will be terminated. Your app has up to 30 seconds of wall-clock time\"; console \"the completion handler was never called\" (WordPress-iOS #4454, observed); exception code assumed 0x8badf00d")

    /// The push handler's completion handler called twice.
    public static let pushCompletionCalledTwice = Rule(
        id: "BGS042", name: "pushCompletionCalledTwice", severity: .error,
        summary: "A silent push handler's completion handler was called more than once.",
        fix: "Call fetchCompletionHandler exactly once: not once unconditionally and again from an asynchronous path, and not from both an SDK and the app.",
        source: "Observed: crash on iOS 14 when app delegate completion methods are called more than once (firebase-ios-sdk PR #6863); \"this request has been neutered - you can't call -sendResponse: twice\" (OneSignal #148); research-urlsession-push.md P5")

    // MARK: Background URLSession

    /// The downloaded file was not moved before `didFinishDownloadingTo` returned.
    public static let downloadedFileNotMoved = Rule(
        id: "BGS043", name: "downloadedFileNotMoved", severity: .error,
        summary: "urlSession(_:downloadTask:didFinishDownloadingTo:) returned without moving the downloaded file: the system deleted it, and the download is lost.",
        fix: "Move (or open) the file at location synchronously inside didFinishDownloadingTo, before returning; not from a block dispatched to another queue or the main actor.",
        source: "Apple, urlSession(_:downloadTask:didFinishDownloadingTo:): \"you must either open the file for reading or move it to a permanent location in your app's sandbox container directory before returning from this delegate method\"; NSURLSession.h: \"it will be removed when the delegate message returns\"")

    /// Relaunched for a background session's events, the app made no session with that identifier.
    public static let backgroundSessionNotRecreated = Rule(
        id: "BGS044", name: "backgroundSessionNotRecreated", severity: .error,
        summary: "The app was woken or relaunched for a background session's events and did not create a session with that identifier in time: the delegate events (the downloaded files) were not delivered.",
        fix: "In handleEventsForBackgroundURLSession (or at launch), store the completion handler and create URLSession(configuration: .background(withIdentifier: identifier), delegate: ...) with the same fixed identifier and the same configuration.",
        source: "Apple, application(_:handleEventsForBackgroundURLSession:completionHandler:): \"use the provided identifier to create a new URLSessionConfiguration and URLSession object\"; research-urlsession-push.md B4")

    /// The stored completion handler of `handleEventsForBackgroundURLSession` was not called.
    public static let backgroundEventsCompletionNotCalled = Rule(
        id: "BGS045", name: "backgroundEventsCompletionNotCalled", severity: .warning,
        summary: "The completion handler handleEventsForBackgroundURLSession gave the app was not called in time after the session's events.",
        fix: "Store the handler per session identifier and call it on the main queue from urlSessionDidFinishEvents(forBackgroundURLSession:).",
        source: "Apple, \"Downloading files in the background\": call the stored handler in urlSessionDidFinishEvents; \"Calling this completion handler lets the system know that your app's user interface is updated and a new snapshot can be taken\"; what happens if it is not is undocumented (assumed: the app stays running until its time runs out)")

    /// Every rule, in identifier order.
    public static let all: [Rule] = [
        backgroundTaskLeaked, endedUnknownBackgroundTask, backgroundTaskOpenTooLong,
        expirationHandlerLeftTaskOpen, workLostAtTermination, didEnterBackgroundTooSlow,
        lockHeldAtSuspension, handlerStalled, foreignThreadWork, taskIdentifierNotPermitted,
        registeredAfterLaunch, registeredTwice, noLaunchHandler, taskNeverCompleted, noTaskExpirationHandler,
        taskCompletedTwice, refreshRequestedTooSoon, taskExpired, mainActorCodeOffMain,
        continuedProcessingUnavailable, continuedSubmittedInBackground, continuedNotFromPersonAction,
        continuedEarliestBeginIgnored, continuedRunIneligible, backgroundGPUNotSupported, backgroundGPUEntitlementMissing,
        continuedProgressStalled, partialOutputLeftBehind, mainActorHandlerOnBackgroundQueue, successAfterExpiration,
        workFinishedWithoutCompleting, expirationHandlerBlocked, registeredAfterLaunchAccepted,
        synchronousCodeNeverReturned, calledFromOutsideSimulation, blockingCallNotSimulated, dispatchSyncDeadlock,
        pushPriorityTooHigh, remoteNotificationModeMissing, pushThrottled, pushCompletionNotCalled, pushCompletionCalledTwice,
        downloadedFileNotMoved, backgroundSessionNotRecreated, backgroundEventsCompletionNotCalled,
    ]

    /// The rule with identifier `id`, if any.
    public static func rule(withID id: String) -> Rule? {
        all.first { $0.id == id }
    }
}
