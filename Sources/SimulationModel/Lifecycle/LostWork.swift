import SimulationKernel

/// Whose doing it was that a process ended with work unsaved: the situation the model tracked up to the
/// termination decides between an app bug (BGS005, the work was exposed) and a system notice (BGS046, work in
/// flight that no app could have kept).
///
/// - Killed in the foreground (a swipe of the active app): BGS046.
/// - Killed with the work protected at that instant (a background task open while the app's code works, a BGTask
///   running that has not expired, a system callback or a service keeping the app running): BGS046. A background
///   task held open while the app's code does nothing protects nothing in flight: the app could have saved (BGS005).
/// - Otherwise the work was exposed (the app was suspended, or ran with nothing protecting it):
///   - never protected since the work began, or the app itself ended the protection with the work unsaved: BGS005
///     (BGS046 when the system had cut the background time short of the documented budget: the app may have stopped
///     for lack of time);
///   - the protection expired: BGS046 if the app saved since the protection began (the loss is the piece in flight)
///     or the system cut the time short of the documented budget; BGS005 otherwise (a save that cannot fit).
/// - The app's own failure ended the process (a crash, an exit, a watchdog kill for its own overrun, a lock held
///   at suspension): BGS005, beside the rule that names the failure.
enum LostWork: Equatable {
    /// The system or the person ended the process while the app was in the foreground.
    case inForeground
    /// The system or the person ended the process while `by` protected the work.
    case protected(by: String)
    /// A background task (`task`) was open, but the app's code had done nothing since `idleSince` to save the work.
    case heldWithoutSaving(task: String, idleSince: VirtualInstant)
    /// The protection expired after the app had saved since it began: only the piece in flight was lost.
    case pieceInFlight(WorkCover.Ending, lastSave: VirtualInstant)
    /// The system cut the protection short of the documented time (`how`, in words).
    case cutShort(WorkCover.Ending, how: String)
    /// The app's own failure ended the process.
    case ownTermination
    /// Nothing protected the work since it began; `suspendedAt` when the app was suspended with it.
    case exposed(suspendedAt: VirtualInstant?)
    /// The app ended the protection (its last background task, or its BGTask by completing it) with the work unsaved.
    case protectionEndedByApp(WorkCover.Ending)
    /// The protection expired at the documented time with no save since it began: the work does not fit.
    case doesNotFit(WorkCover.Ending)

    /// What the model tracked, at the instant the process ends.
    struct Facts {
        var reason: TerminationReason
        /// The process's state just before the termination.
        var state: AppState
        /// What protects the work now, in words; nil when nothing does.
        var protectedBy: String?
        /// A background task open while the app's code had no work going on (since when), if one was.
        var heldIdle: (task: String, since: VirtualInstant)?
        var cover: WorkCover
        /// When the work lost started to be done.
        var unsavedSince: VirtualInstant
        var lastSaveAt: VirtualInstant?
    }

    /// The situation the facts show.
    init(_ facts: Facts) {
        guard !facts.reason.isTheAppsOwnFailure else {
            self = .ownTermination
            return
        }
        switch facts.state {
        case .foregroundActive, .foregroundInactive, .launching(into: .foreground):
            self = .inForeground
            return
        default:
            break
        }
        if let protectedBy = facts.protectedBy {
            self = .protected(by: protectedBy)
            return
        }
        if let held = facts.heldIdle {
            self = .heldWithoutSaving(task: held.task, idleSince: held.since)
            return
        }
        // What ended before the work began protected something else.
        guard let ending = facts.cover.lastEnding, ending.at >= facts.unsavedSince else {
            self = .exposed(suspendedAt: facts.state == .suspended ? facts.cover.suspendedAt : nil)
            return
        }
        switch ending.how {
        case .endedByApp(let cutShort):
            // With less time than documented, the app may have stopped short for lack of time: the system's doing.
            if let cutShort {
                self = .cutShort(ending, how: cutShort)
            } else {
                self = .protectionEndedByApp(ending)
            }
        case .expired(let cutShort):
            if let lastSave = facts.lastSaveAt, lastSave >= ending.began {
                self = .pieceInFlight(ending, lastSave: lastSave)
            } else if let cutShort {
                self = .cutShort(ending, how: cutShort)
            } else {
                self = .doesNotFit(ending)
            }
        }
    }

    /// BGS046 when no app could have kept the work; BGS005 when the app left it exposed.
    var rule: Rule {
        switch self {
        case .inForeground, .protected, .pieceInFlight, .cutShort: Rules.workInFlightLost
        case .ownTermination, .heldWithoutSaving, .exposed, .protectionEndedByApp, .doesNotFit: Rules.workLostAtTermination
        }
    }

    /// The diagnostic's message: what was lost, how the process ended, and the situation.
    func message(lost: VirtualDuration, reason: TerminationReason, unsavedSince: VirtualInstant) -> String {
        let lostWhen = "\(lost) of work since the last save was lost when \(reason.endingWords) (\(reason.rawValue))"
        switch self {
        case .inForeground:
            return "\(lostWhen): the app was in the foreground with that work in flight since \(unsavedSince); "
                + "bgsim does not model applicationWillTerminate(_:), so the app had no callback to save in"
        case .protected(let by):
            return "\(lostWhen): the work in flight since \(unsavedSince) was protected by \(by) at that instant; "
                + "no app can keep work in flight through a kill"
        case .pieceInFlight(let ending, let lastSave):
            return "\(lostWhen): \(ending.what), which protected the work from \(ending.began), expired at \(ending.at); "
                + "the app had saved at \(lastSave) since, so only the piece in flight since \(unsavedSince) was lost"
        case .cutShort(let ending, let how):
            return "\(lostWhen): the system cut short the time of \(ending.what): \(how); "
                + "the work in flight since \(unsavedSince) was left unsaved when that protection ended at \(ending.at)"
        case .heldWithoutSaving(let task, let idleSince):
            return "\(lostWhen): \(task) was open, but the app's code had had no work going on since \(idleSince), with that "
                + "work unsaved (since \(unsavedSince)): the task kept the app running, and nothing saved the work"
        case .ownTermination:
            return "\(lostWhen): the app's own failure ended the process (the diagnostic before this one says which), "
                + "with that work in flight since \(unsavedSince)"
        case .exposed(let suspendedAt):
            let where_ = suspendedAt.map { "the app had been suspended since \($0)" } ?? "the app was running in the background"
            return "\(lostWhen): \(where_) with that work unsaved (since \(unsavedSince)) and nothing protecting it: "
                + "no background task was open and no BGTask ran for it"
        case .protectionEndedByApp(let ending):
            let verb = ending.isBGTask ? "completed" : "ended"
            return "\(lostWhen): the app \(verb) \(ending.what) at \(ending.at) while that work (since \(unsavedSince)) "
                + "was still unsaved, and nothing protected it after that"
        case .doesNotFit(let ending):
            return "\(lostWhen): \(ending.what) protected the work from \(ending.began) until the system's time ran out at "
                + "\(ending.at), \(ending.at - ending.began) later, with no save since it began: "
                + "the work does not fit the time the system gives"
        }
    }

    /// The advice for the situation.
    var fix: String {
        switch self {
        case .inForeground:
            "Nothing to change for this run. On a device, a running app closed in the app switcher gets "
                + "applicationWillTerminate(_:) with about five seconds: save there too, and save as the person works, so "
                + "that little is ever in flight."
        case .protected:
            "Nothing to change: keep protecting work with a background task or a BGTask and save it in pieces, so that a "
                + "kill loses only the piece in flight."
        case .pieceInFlight:
            "Nothing to change: saving in pieces kept the rest, and the work resumes from the last save."
        case .cutShort:
            "Nothing to change for this run: the system ended the time before its documented budget. Keep saving in pieces "
                + "that each fit, so that a short budget loses only the piece in flight."
        case .heldWithoutSaving:
            "Save the work under the background task as soon as it is done, then end the task: a task held open keeps the "
                + "app running, it saves nothing by itself."
        case .ownTermination:
            "Fix what ended the process (the diagnostic just before this one): the work is then saved as usual."
        case .exposed:
            "Save when the app leaves the foreground: in applicationDidEnterBackground (or willResignActive) begin a "
                + "background task, save, and end the task when the save is done."
        case .protectionEndedByApp(let ending):
            !ending.isBGTask
                ? "End the background task after the save, not before: call endBackgroundTask once the save has returned, on "
                    + "every path."
                : "Save the task's work before setTaskCompleted(success:): the app is suspended as soon as its tasks are "
                    + "complete."
        case .doesNotFit(let ending):
            !ending.isBGTask
                ? "Commit the work in pieces that each fit well inside the ~30 s of background time (check "
                    + "backgroundTimeRemaining before each), or move it to a BGProcessingTask."
                : "Save the work in pieces as the task goes, stop when the expiration handler runs and resume in the next "
                    + "task; move work that needs longer to a BGProcessingTask or a background URLSession."
        }
    }
}

extension TerminationReason {
    /// Whether the app's own code ended the process (a crash, an exit, a watchdog kill for its own overrun, a lock
    /// held at suspension), rather than the system reclaiming memory, the person, or an update.
    var isTheAppsOwnFailure: Bool {
        switch self {
        case .userSwipedAway, .memoryPressure, .appUpdated: false
        case .watchdog, .lockHeldAtSuspension, .crash, .exit: true
        }
    }

    /// How the process ended, in words: `the system reclaimed memory`.
    var endingWords: String {
        switch self {
        case .userSwipedAway: "the person closed the app in the app switcher"
        case .memoryPressure: "the system reclaimed memory"
        case .appUpdated: "the system ended the app to update it"
        case .watchdog: "the watchdog killed the app"
        case .lockHeldAtSuspension: "the system killed the app for a lock held at suspension"
        case .crash: "the app crashed"
        case .exit: "the app exited"
        }
    }
}
