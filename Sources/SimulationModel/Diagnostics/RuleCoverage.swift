/// What the rules catch of what the seeds ask of apps: each checklist item and common mistake, and the rules that
/// fire when an app gets it wrong, or why no rule can.
///
/// `bgsim rules --format markdown` prints it as docs/rules.md's coverage table, and CI checks that the file is what
/// the command prints, so the table cannot drift from the catalog.
package struct CoverageItem: Sendable, Hashable {
    /// Where the practice comes from.
    package enum Origin: String, Sendable, Hashable, CaseIterable {
        /// The seeds' review checklist (what apps must do).
        case checklist
        /// A mistake the seeds and the platform facts name, with its sample scenario where there is one.
        case commonMistake
    }

    /// Where the practice comes from.
    package var origin: Origin
    /// The practice or the mistake, in a few words.
    package var practice: String
    /// The rules that fire when an app gets it wrong; empty when none can.
    package var rules: [String]
    /// How the model observes it, or why it cannot.
    package var note: String
    /// Sample scenarios that show it, by file name in Scenarios/.
    package var samples: [String]

    /// Creates an item.
    package init(_ origin: Origin, _ practice: String, rules: [String], note: String, samples: [String] = []) {
        self.origin = origin
        self.practice = practice
        self.rules = rules
        self.note = note
        self.samples = samples
    }
}

/// The coverage table: every checklist item and common mistake, in the seeds' order.
package enum RuleCoverage {
    /// Every item, checklist first.
    package static let items: [CoverageItem] = [
        CoverageItem(
            .checklist, "All task identifiers are in BGTaskSchedulerPermittedIdentifiers", rules: ["BGS010"],
            note: "register returns false and submit throws notPermitted, with the console's words.",
            samples: ["mistake-identifier-not-permitted"]),
        CoverageItem(
            .checklist, "The background modes are enabled (fetch, processing)", rules: ["BGS010"],
            note: "submit throws notPermitted when UIBackgroundModes lacks the task type's mode."),
        CoverageItem(
            .checklist, "Launch handlers are registered before launch completes", rules: ["BGS011", "BGS033", "BGS013"],
            note: "A late registration raises or is accepted as the profile says (registrationAfterLaunch); either way a background launch finds no handler unless launch registered it.",
            samples: ["mistake-register-on-feature-flag"]),
        CoverageItem(
            .checklist, "setTaskCompleted(success:) is called on every path", rules: ["BGS031", "BGS014", "BGS016", "BGS030"],
            note: "Work that ends without it idles the task (BGS031) until the kill (BGS014); twice is BGS016; success after expiry is BGS030.",
            samples: ["mistake-forgot-set-task-completed", "continued-success-after-cancel"]),
        CoverageItem(
            .checklist, "The expiration handler is set and cancels in-flight work", rules: ["BGS015", "BGS014", "BGS032", "BGS028"],
            note: "A missing handler is BGS015; one that does not complete the task, or blocks, is BGS014 or BGS032; partial output left behind is BGS028. Whether the handler stops the app's own work cannot be observed in Swift code (the model does not see the app's cancellation mechanism); scenario steps show it with cancelWork.",
            samples: ["mistake-no-expiration-handler", "blocked-expiration-handler"]),
        CoverageItem(
            .checklist, "The next refresh is scheduled inside the handler", rules: [],
            note: "Not a rule: a refresh that does not resubmit simply never runs again, which may be what the app wants. The trace shows it (no later bgTask.start), and a scenario can expect it with tasks.<identifier>.runs.",
            samples: ["feed-refresh-week"]),
        CoverageItem(
            .checklist, "earliestBeginDate is reasonable (15 minutes or more) and treated as a hint", rules: ["BGS017"],
            note: "A refresh asked for sooner than refreshMinimumInterval is flagged; the system throttles it anyway.",
            samples: ["mistake-refresh-every-minute"]),
        CoverageItem(
            .checklist, "Background URLSession uses the delegate API", rules: [],
            note: "Not checked: a scenario's background session is delegate-based by construction, and there is no look-alike URLSession for Swift code yet, so the completion-handler API cannot be misused in a run."),
        CoverageItem(
            .checklist, "The file is moved in didFinishDownloadingTo before it returns", rules: ["BGS043"],
            note: "The system deletes the file when the delegate method returns; a move dispatched for later finds nothing (the step is traced as ignored) and the download is lost.",
            samples: ["podcast-download-file-not-moved"]),
        CoverageItem(
            .checklist, "The stored background session completion handler is called", rules: ["BGS045", "BGS044"],
            note: "Not called within transferEventsBudget is BGS045; a relaunched app that does not recreate the session with the same identifier (its events are never delivered) is BGS044.",
            samples: ["podcast-download-while-terminated"]),
        CoverageItem(
            .checklist, "The push payload has content-available: 1, push type background, priority 5", rules: ["BGS038", "BGS039"],
            note: "Priority 10 on a background push is BGS038 (dropped by default); a content-available push to an app without the remote-notification mode is BGS039. A push without content-available simply does not wake the app (push.outcome dropped). A server that sends more than two or three an hour is BGS049; the system holding such pushes back is BGS040, a notice.",
            samples: ["chat-push-burst-throttled"]),
        CoverageItem(
            .checklist, "fetchCompletionHandler is called promptly with the right result", rules: ["BGS041", "BGS042"],
            note: "Not called within 30 s (still working, or never on some path) is BGS041 and the app is terminated; called twice is BGS042. Whether the result is truthful is not observable (Apple documents it as an input only for background fetch).",
            samples: ["push-handler-too-slow"]),
        CoverageItem(
            .checklist, "Continued processing tasks report progress", rules: ["BGS027", "BGS031"],
            note: "The system samples task.progress; without progress the Live Activity asks, then the task expires (BGS027). A task whose progress reached its total, or whose handler returned, without setTaskCompleted is a missing completion (BGS031).",
            samples: ["continued-photo-batch-stalled"]),
        CoverageItem(
            .checklist, "Work is incremental and cancellation-safe (saved early and often, resumable)", rules: ["BGS005", "BGS028"],
            note: "Work lost at termination that the app left exposed (no background task or BGTask protecting it, one ended before the save, a save longer than the time the system gives) is BGS005; work in flight under protection, or cut short by the system, is the notice BGS046; a continued task's partial output left after a failure, or left by a process that ended under it and not removed by a later one, is BGS028. Whether the app resumes where it stopped is its own logic: a scenario shows it with saves and expectations (saved, notSaved, outputs).",
            samples: ["continued-cancel-live-activity"]),
        CoverageItem(
            .checklist, "No blocking synchronous work in handlers", rules: ["BGS006", "BGS032", "BGS048"],
            note: "applicationDidEnterBackground over about five seconds is BGS006; an expiration handler that has not returned in time is BGS032 (the kill line names what held it up); an app refresh whose work does not fit its ~30 s is BGS048 (a processing task the system ends is the notice BGS018).",
            samples: ["blocked-expiration-handler", "mistake-long-sync-in-refresh"]),
        CoverageItem(
            .commonMistake, "1. The identifier is not in BGTaskSchedulerPermittedIdentifiers", rules: ["BGS010"],
            note: "register returns false and submit throws notPermitted.", samples: ["mistake-identifier-not-permitted"]),
        CoverageItem(
            .commonMistake, "2. setTaskCompleted is never called", rules: ["BGS031", "BGS014"],
            note: "The task idles until its time runs out, then the app is killed.", samples: ["mistake-forgot-set-task-completed"]),
        CoverageItem(
            .commonMistake, "3. No expiration handler", rules: ["BGS015"],
            note: "The system marks the task complete and unsuccessful.", samples: ["mistake-no-expiration-handler"]),
        CoverageItem(
            .commonMistake, "4. A refresh requested every minute", rules: ["BGS017"],
            note: "The system throttles it to about one per 15 minutes.", samples: ["mistake-refresh-every-minute"]),
        CoverageItem(
            .commonMistake, "5. Long work in a refresh task", rules: ["BGS048"],
            note: "A refresh gets about 30 s; the work runs out of time. A refresh the system cuts shorter is the notice BGS018.", samples: ["mistake-long-sync-in-refresh"]),
        CoverageItem(
            .commonMistake, "The expiration handler ends its task asynchronously (DispatchQueue.main.async)", rules: ["BGS004", "BGS001"],
            note: "The handler returns with the task open: the console says so, and the watchdog kills the app if the block comes too late.",
            samples: ["expiration-ends-async"]),
        CoverageItem(
            .commonMistake, "One stored identifier overwritten by a second begin", rules: ["BGS002", "BGS004", "BGS001"],
            note: "One task is ended twice, the other never: BGS002 names the overwritten identifier, BGS004 a handler that ended the other task's.", samples: ["leaked-assertion-watchdog"]),
        CoverageItem(
            .commonMistake, "A background task held for the app's life (begun at launch \"to be safe\", or left open after its work)", rules: ["BGS047"],
            note: "Open over 30 s in the background with no work of the app's going on; UIKit's console line alone (BGS003) is a notice. Seen in scenario steps, not in Swift code's own tasks."),
        CoverageItem(
            .commonMistake, "Registration depends on a flag, a scene, or code that did not run in this launch; an identifier renamed by an update", rules: ["BGS013", "BGS033"],
            note: "submit raises at once when this process registered no handler; a launch for a request an earlier build submitted raises at launch. The diagnostic says which case it was (an older build's request, a registration made only after launch, one behind a condition, a per-job continued identifier under a wildcard) and the fix for that case.",
            samples: ["mistake-register-on-feature-flag", "app-update-stale-request"]),
        CoverageItem(
            .commonMistake, "A background push for every message or data item (more than two or three an hour)", rules: ["BGS049", "BGS040"],
            note: "Counted at the instants the server sent them, before any delay on the way: each beyond pushMaxPerHour in an hour is BGS049, the server's mistake; the system holding pushes back (which late delivery can cause for a server that kept to the advice) is BGS040, a notice.",
            samples: ["chat-push-burst-throttled"]),
        CoverageItem(
            .commonMistake, "A download a force quit cancelled is never started again", rules: ["BGS051"],
            note: "The app hears NSURLErrorCancelled with NSURLErrorBackgroundTaskCancelledReasonKey 0 in didCompleteWithError once the person opens it; a transfer it heard of and had not started again when the run ended is flagged then. An app the person never reopened could not have known."),
        CoverageItem(
            .commonMistake, "One refresh request per category (more requests than the system keeps pending)", rules: ["BGS050"],
            note: "submit throws tooManyPendingTaskRequests beyond 1 app refresh or 10 processing requests; an app that only logs the error never runs that work in the background."),
        CoverageItem(
            .commonMistake, "A launch handler registered twice", rules: ["BGS012"],
            note: "NSInternalInconsistencyException; for continued processing, re-registering the same identifier on each tap."),
        CoverageItem(
            .commonMistake, "A main-actor isolated launch handler registered with using: nil", rules: ["BGS029"],
            note: "The closure traps at its entry on the scheduler's queue (EXC_BREAKPOINT).", samples: ["main-actor-launch-handler"]),
        CoverageItem(
            .commonMistake, "UI state touched from a background queue", rules: ["BGS019"],
            note: "Main-actor code in a launch handler registered with using: nil, or in work it started."),
        CoverageItem(
            .commonMistake, "A file or database lock held when the app is suspended", rules: ["BGS007"],
            note: "The system kills the app with 0xdead10cc."),
        CoverageItem(
            .commonMistake, "Continued processing for automatic work, or submitted from the background", rules: ["BGS022", "BGS021"],
            note: "Continued processing runs only in response to the person's action, from the foreground."),
        CoverageItem(
            .commonMistake, "requiredResources = .gpu without checking supportedResources or the entitlement", rules: ["BGS025", "BGS026"],
            note: "The system rejects the request.", samples: ["continued-gpu-unsupported"]),
        CoverageItem(
            .commonMistake, "setTaskCompleted(success: true) after the task was cancelled", rules: ["BGS030"],
            note: "The system accepts it without a word; work cut short is reported as done.", samples: ["continued-success-after-cancel"]),
        CoverageItem(
            .commonMistake, "A synchronous loop that runs until its expiration handler clears a flag (WWDC25's sample)", rules: ["BGS034"],
            note: "On iOS the handler runs on another thread; in a simulation the loop must wait on virtual time (simulateWork, sleep) or the watchdog stops it."),
        CoverageItem(
            .commonMistake, "DispatchQueue.main.sync from the main thread", rules: ["BGS037"],
            note: "libdispatch traps: the app crashes."),
        CoverageItem(
            .commonMistake, "App code that escapes the simulation (a real thread, a blocking wait bgsim cannot give time to)", rules: ["BGS035", "BGS036"],
            note: "Reported, never acted on: such code would make runs differ; use the look-alike queues and await instead."),
    ]

    /// The items that name `ruleID`, in table order.
    package static func items(for ruleID: String) -> [CoverageItem] {
        items.filter { $0.rules.contains(ruleID) }
    }
}
