import SimulationKernel

/// What protects the app's unsaved work (``WorkCover``, kept by ``AppMemory``), and whose doing it was when a
/// termination lost it (``LostWork``): crosses background time, the launched tasks and the lifecycle.
extension AppProcess {
    /// Whether a background task is open or a `BGTask` runs that has not expired: the app's work is protected.
    var workIsProtected: Bool {
        backgroundTime.openTaskCount > 0 || tasks.running.contains { $0.phase == .running }
    }

    /// A background task opened or a `BGTask` started: the work is protected from now on.
    func protectionBegan() {
        memory.cover.began(at: now)
    }

    /// A background task ended, a `BGTask` completed or expired (`what`, `how`): if nothing else protects the work,
    /// its span of protection ended so.
    func protectionEnded(_ what: String, isBGTask: Bool, how: WorkCover.Ending.How) {
        guard !workIsProtected else { return }
        memory.cover.ended(what, isBGTask: isBGTask, at: now, how: how)
    }

    /// What protects the work at this instant, in words; nil when nothing does. A background task protects work in
    /// flight: while the app's code works (or does what the model cannot see: Swift code's own tasks).
    private var protectionNow: String? {
        if let task = backgroundTime.firstOpenTask, appCodeIdleSince == nil { return task.subject }
        if let task = tasks.running.first(where: { $0.phase == .running }) { return task.subject }
        if state == .background || state == .launching(into: .background), lifecycle.isHeld {
            return "the time the system gives the app to finish a callback or a service's event (applicationDidEnterBackground, "
                + "a silent push, a session's events)"
        }
        return nil
    }

    /// The process ends for `reason` with its memory: work since the last save is lost, and the diagnostic says whose
    /// doing that was (BGS005 when the app left it exposed, BGS046 when no app could have kept it).
    func loseMemory(terminatedFor reason: TerminationReason) {
        let facts = LostWork.Facts(
            reason: reason, state: state, protectedBy: protectionNow,
            heldIdle: backgroundTime.firstOpenTask.flatMap { task in appCodeIdleSince.map { (task.subject, $0) } },
            cover: memory.cover,
            unsavedSince: memory.unsavedSince ?? now, lastSaveAt: memory.lastSaveAt)
        let lost = memory.lose()
        guard lost > .zero else { return }
        let situation = LostWork(facts)
        diagnose(
            situation.rule, subject: "unsaved work",
            message: situation.message(lost: lost, reason: reason, unsavedSince: facts.unsavedSince), fix: situation.fix)
    }
}
