/// The rules of `BGTaskScheduler` common to every kind of task: identifiers, registration, launch handlers, completion and expiration.
extension Rules {
    /// A task identifier not listed in Info.plist, or its background mode missing.
    public static let taskIdentifierNotPermitted = Rule(
        id: "BGS010", name: "taskIdentifierNotPermitted", severity: .error, category: .appBug,
        categoryReason: "The app's Info.plist, or the identifier it registers or submits, is wrong.",
        summary: "A BGTaskScheduler identifier is not in BGTaskSchedulerPermittedIdentifiers, or the background mode its task type needs is missing.",
        fix: "List every task identifier in Info.plist's BGTaskSchedulerPermittedIdentifiers and add UIBackgroundModes fetch (refresh) or processing (processing); a continued processing identifier is listed exactly or falls under a wildcard entry <bundle id>.<context>.*, and the wildcard entry itself is not an identifier to register or submit.",
        source: "Apple, BGTaskScheduler: register returns false and submit throws notPermitted; console \"Registration rejected; <id> is not advertised in the application's Info.plist\" and \"<id> is not advertised in the application's Info.plist\" (iOS 26.1's BackgroundTasks; flutter_workmanager #660)")

    /// `register` after the app finished launching: the app crashes.
    public static let registeredAfterLaunch = Rule(
        id: "BGS011", name: "registeredAfterLaunch", severity: .error, category: .appBug,
        categoryReason: "The app registered its handler after launch, which crashes on iOS 18.",
        summary: "A launch handler was registered after the app finished launching, on a platform that raises for it (the profile's registrationAfterLaunch); the app crashed.",
        fix: "Register every launch handler in application(_:didFinishLaunchingWithOptions:), before it returns (not in scene(_:willConnectTo:options:), which comes after).",
        source: "NSInternalInconsistencyException: \"All launch handlers must be registered before application finishes launching\" (iOS 18.2's BackgroundTasks, BGTaskScheduler.m:225; transistorsoft/flutter_background_fetch #414); BGTaskScheduler.h exempts BGContinuedProcessingTask registrations")

    /// `register` twice for one identifier: the app crashes.
    public static let registeredTwice = Rule(
        id: "BGS012", name: "registeredTwice", severity: .error, category: .appBug,
        categoryReason: "The app registered one identifier twice, which crashes.",
        summary: "A launch handler was registered twice for one identifier; the app crashed.",
        fix: "Register each identifier exactly once per launch.",
        source: "\"Launch handler for task with identifier <id> has already been registered\"")

    /// The system launched the app for a request whose identifier has no registered handler.
    public static let noLaunchHandler = Rule(
        id: "BGS013", name: "noLaunchHandler", severity: .error, category: .appBug,
        categoryReason: "This process did not register the identifier it submitted or was launched for, which crashes: registering at launch, unconditionally, is the app's to do.",
        summary: "The app submitted a request, or the system launched the app for one, whose identifier this process did not register: NSInternalInconsistencyException, and the app crashed.",
        fix: "Register every identifier you submit on every launch, unconditionally, and keep registering an identifier a previous version may have submitted.",
        source: "\"No launch handler registered for task with identifier <id>\": raised by submit and by the launch (iOS 18.2 and 26.1's BackgroundTasks; firefox-ios #19031, flutter_workmanager #660, WordPress-iOS #18156, Apple forums 799126)")

    /// A task never called `setTaskCompleted` and used up its time.
    public static let taskNeverCompleted = Rule(
        id: "BGS014", name: "taskNeverCompleted", severity: .error, category: .appBug,
        categoryReason: "The app did not complete the task within the grace after its expiration handler.",
        summary: "A background task had not called setTaskCompleted(success:) when the grace after its expiration handler was over; the app was killed.",
        fix: "Call setTaskCompleted(success:) exactly once on every path, and in the expiration handler itself, synchronously: not from work queued behind something else.",
        source: "BGTask.h: the app keeps running until all the available time is consumed; katagaki/SakuraRSS PR #254: a completion that came too late after expiry ended in a watchdog kill; the grace is assumed")

    /// A task without an expiration handler ran out of time.
    public static let noTaskExpirationHandler = Rule(
        id: "BGS015", name: "noTaskExpirationHandler", severity: .warning, category: .appBug,
        categoryReason: "The app set no expiration handler, so the system had to complete the task for it.",
        summary: "A background task had no expiration handler when its time ran out; the system marked it complete and unsuccessful, and ignores a setTaskCompleted(success:) the app calls after that (not BGS016).",
        fix: "Set task.expirationHandler first thing in the launch handler: cancel the work and call setTaskCompleted(success: false).",
        source: "Apple, BGTask.expirationHandler")

    /// `setTaskCompleted` called twice (not when the system completed the task first, for want of an expiration
    /// handler: BGS015 says that).
    public static let taskCompletedTwice = Rule(
        id: "BGS016", name: "taskCompletedTwice", severity: .warning, category: .appBug,
        categoryReason: "The app's code completes the task on two paths; iOS 26.1 ignores the second call, so it stays a warning. When the system completed the task first, for want of an expiration handler, BGS015 says so and this rule does not fire.",
        summary: "setTaskCompleted(success:) was called on a task the app had already completed (in its expiration handler or its work); after the system's own completion it is BGS015's.",
        fix: "Call setTaskCompleted(success:) exactly once: guard the work's completion and the expiration handler against each other.",
        source: "Apple, BGTask.setTaskCompleted(success:)")

    /// A task ran out of time: its work does not fit the task type.
    public static let taskExpired = Rule(
        id: "BGS018", name: "taskExpired", severity: .info, category: .systemNotice,
        categoryReason: "The system decides how long a task runs and may expire it before its full time (Apple, BGTask.expirationHandler); resumable work cut short is not a mistake.",
        summary: "The system ended a background task with its work still going: a processing task after the time the system gave it, or an app refresh short of the ~30 s the task type usually gets (an app refresh that had all of it is BGS048).",
        fix: "Nothing to change for the run if the work is resumable: save progress as it goes, stop when the expiration handler runs, and submit the request again so that the next task resumes from the last save.",
        source: "Apple, BGTask.expirationHandler (\"may be called before the background process uses the full amount of its allocated time\"); BGProcessingTask (\"can run for minutes\"; WWDC19 707: \"several minutes\"); BGAppRefreshTask: about 30 s (WWDC19 707; Apple forums 780956 saw 2 to 5 s)")

    /// Main-actor code ran on a background queue.
    public static let mainActorCodeOffMain = Rule(
        id: "BGS019", name: "mainActorCodeOffMain", severity: .error, category: .appBug,
        categoryReason: "The app ran UI code on a background queue.",
        summary: "Code that must run on the main actor (UI state) ran on a background queue, in a launch handler registered with using: nil or work it started.",
        fix: "Hop to the main actor (await MainActor.run, or DispatchQueue.main.async) before touching UI state.",
        source: "BGTaskScheduler.register: the launch handler runs on the given queue (nil: a background queue, com.apple.BGTaskScheduler (<identifier>)); UIKit is main-thread only")

    /// A main-actor isolated launch handler registered with `using: nil`: it traps at its entry.
    public static let mainActorHandlerOnBackgroundQueue = Rule(
        id: "BGS029", name: "mainActorHandlerOnBackgroundQueue", severity: .error, category: .appBug,
        categoryReason: "The app registered a main-actor handler on a background queue: an isolation mismatch that traps.",
        summary: "A launch handler isolated to the main actor (written in a @MainActor type or a SwiftUI App) was registered with using: nil; it was called on the scheduler's background queue and trapped at its entry (EXC_BREAKPOINT).",
        fix: "Make the launch handler nonisolated (a static nonisolated function, or a closure built outside the @MainActor type) and hop to the main actor inside it for UI work; or register with using: .main.",
        source: "VivaDicta PR #316 and SakuraRSS PR #186: EXC_BREAKPOINT in _dispatch_assert_queue_fail / _swift_task_checkIsolatedSwift on com.apple.BGTaskScheduler (<identifier>); iOS 26.1's BackgroundTasks makes a serial background queue per registration when the queue is nil")

    /// `setTaskCompleted(success: true)` after the task expired.
    public static let successAfterExpiration = Rule(
        id: "BGS030", name: "successAfterExpiration", severity: .warning, category: .appBug,
        categoryReason: "The app reported success for work its expiration handler cut short.",
        summary: "setTaskCompleted(success: true) was called after the task expired: work its expiration handler cut short is reported as done.",
        fix: "Report what happened: setTaskCompleted(success: false) once the expiration handler ran, or success: !isCancelled after a loop that stops when cancelled.",
        source: "iOS 26.1's BGTask accepts the call without a word (-[BGTask _setTaskCompletedWithSuccess:actionsIfNotAlreadyCompleted:]); Apple's WWDC25 \"Finish tasks in the background\" sample does it; what the scheduler makes of it is undocumented")

    /// The task's work ended without `setTaskCompleted`: it idled until its time ran out.
    public static let workFinishedWithoutCompleting = Rule(
        id: "BGS031", name: "workFinishedWithoutCompleting", severity: .warning, category: .appBug,
        categoryReason: "The app's work ended without setTaskCompleted(success:).",
        summary: "A background task's work ended without setTaskCompleted(success:) (for a continued processing task: its work ended, or its progress reached its total, without it); the task idled, keeping the app running, until its time ran out, or the system expired the continued task for showing no more progress.",
        fix: "Call setTaskCompleted(success:) when the work ends, on every path (after the last await, and in catch blocks): the system suspends the app as soon as its tasks are complete.",
        source: "BGTask.h: \"If you do not call setTaskCompletedWithSuccess: on the task, the system continues to run in the background until all the available time is consumed, wasting battery power.\"; for continued processing, BGContinuedProcessingTask: the system terminates first tasks that report minimal or no progress, and a task whose work is done reports none (the stall limit is assumed, as for BGS027)")

    /// An expiration handler that had not returned (or not started) when the time for it was over.
    public static let expirationHandlerBlocked = Rule(
        id: "BGS032", name: "expirationHandlerBlocked", severity: .error, category: .appBug,
        categoryReason: "The app's expiration handler blocked (or waited behind the app's own work on its queue) past the time it had.",
        summary: "An expiration handler had not returned (or, queued behind other work on the main thread, not even started) when its time was over; the watchdog killed the app.",
        fix: "Make expiration handlers return at once: end the task or call setTaskCompleted synchronously, do no long or blocking work in them (no dispatch sync, no waiting on a busy queue), and keep the main thread free in the background.",
        source: "Apple forums 85066 (Quinn: the expiry handler \"must run quickly, that is, in less than a second or so\"; \"the watchdog has a strict limit (a few seconds) on the total amount of time taken to run background task expiry handlers\"); Apple, BGTask.expirationHandler: \"All expiration handlers must complete before the allocated time\"; neevaco/neeva-ios #4173")

    /// A refresh or processing handler registered after launch, accepted by the platform.
    public static let registeredAfterLaunchAccepted = Rule(
        id: "BGS033", name: "registeredAfterLaunchAccepted", severity: .warning, category: .appBug,
        categoryReason: "The app registered late; it works only by luck.",
        summary: "A refresh or processing request was submitted with a launch handler registered after the app finished launching: this platform accepts the registration, but a background launch for the task finds no handler unless the same code runs before launch finishes.",
        fix: "Register refresh and processing handlers in application(_:didFinishLaunchingWithOptions:), unconditionally, before it returns; only continued processing handlers belong with the person's action.",
        source: "BGTaskScheduler.h (iOS 26): \"You must register launch handlers before your application finishes launching\"; iOS 26.1's BackgroundTasks no longer checks (docs/system-policy.md); iOS 18.2 raises (BGS011)")

    /// `submit` threw `tooManyPendingTaskRequests`: the request was not scheduled.
    public static let tooManyPendingTaskRequests = Rule(
        id: "BGS050", name: "tooManyPendingTaskRequests", severity: .warning, category: .appBug,
        categoryReason: "How many requests of a kind the app keeps pending is the app's choice; the limit is documented.",
        summary: "submit(_:) threw tooManyPendingTaskRequests: as many requests of the kind as the system keeps (1 app refresh, 10 processing) were already pending, so this one was not scheduled and its work never runs in the background.",
        fix: "Keep within the limit: one app refresh request whose handler refreshes everything the app needs, ten processing requests at most; to schedule another, cancel(taskRequestWithIdentifier:) a pending one first and submit again, and handle the error submit throws.",
        source: "Apple, BGTaskScheduler.submit(_:): \"There can be a total of 1 refresh task and 10 processing tasks scheduled at any time. Trying to schedule more tasks returns BGTaskScheduler.Error.Code.tooManyPendingTaskRequests\"; BGTaskScheduler.Error.Code.tooManyPendingTaskRequests: \"Try canceling some existing task requests and then resubmit the request that failed\"")

    /// The rules of this feature, for the catalog (``Rules/all``).
    static let taskScheduler: [Rule] = [
        taskIdentifierNotPermitted, registeredAfterLaunch, registeredTwice, noLaunchHandler,
        taskNeverCompleted, noTaskExpirationHandler, taskCompletedTwice, taskExpired, mainActorCodeOffMain,
        mainActorHandlerOnBackgroundQueue, successAfterExpiration, workFinishedWithoutCompleting,
        expirationHandlerBlocked, registeredAfterLaunchAccepted, tooManyPendingTaskRequests,
    ]
}
