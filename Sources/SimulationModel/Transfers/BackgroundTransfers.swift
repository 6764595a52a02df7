import SimulationKernel

/// Background `URLSession` as `nsurlsessiond` runs it: transfers out of process on the virtual clock, paused
/// without network, and the app woken or relaunched when a session's tasks are all done.
///
/// Sources (research-urlsession-push.md B1-B10, docs/system-policy.md):
/// - Apple, `background(withIdentifier:)`: transfers go on "even when the
///   app itself is suspended or terminated"; a force quit cancels them and
///   the app is not relaunched until the person opens it.
/// - Apple, `application(_:handleEventsForBackgroundURLSession:completionHandler:)`:
///   called "when all background transfers associated with an URLSession
///   object are done"; the app recreates the session with the same
///   identifier, receives the delegate events, and calls the handler.
/// - Apple, `urlSession(_:downloadTask:didFinishDownloadingTo:)`: the file
///   must be moved "before returning from this delegate method".
/// - Apple, `isDiscretionary`: the system "might delay transferring large
///   files until the device is plugged in and connected to the network via
///   Wi-Fi" (assumed: it always does); transfers started in the background
///   are discretionary whatever the app set.
package final class BackgroundTransfers: SystemService {
    private unowned let system: any SystemContext

    /// The sessions' configurations, as last created, in creation order.
    private var configurations: [BackgroundSessionConfiguration] = []
    private var transfers: [Transfer] = []
    /// The sessions that have a session object in the current process, by identifier.
    private var liveSessions: [String] = []
    private var liveProcess = 0
    /// Sessions whose events wait for the app, after a wake or relaunch for them.
    private var waiting: [Waiting] = []

    /// A session whose events the system woke or launched the app for.
    private struct Waiting {
        var session: String
        /// The process woken or launched for the events.
        var process: Int
        /// The end of the app's time to call the stored handler (`transferEventsBudget`); nil once the process ended.
        var budget: EventHandle?
        /// Whether `handleEventsForBackgroundURLSession` has been called: until then the session's delegate events
        /// wait (NSURLSession.h).
        var handleEventsCalled = false
    }

    package init(system: any SystemContext) {
        self.system = system
    }

    private var profile: PlatformProfile { system.profile }
    private var now: VirtualInstant { system.kernel.now }

    // MARK: The app's calls

    /// `URLSession(configuration:delegate:delegateQueue:)` with a background configuration: the process now has the
    /// session object, and events waiting for it are delivered.
    package func createSession(_ configuration: BackgroundSessionConfiguration, in process: AppProcess) {
        guard process.isAlive else { return }
        if liveProcess != process.number {
            liveProcess = process.number
            liveSessions = []
        }
        configurations.removeAll { $0.identifier == configuration.identifier }
        configurations.append(configuration)
        if !liveSessions.contains(configuration.identifier) { liveSessions.append(configuration.identifier) }
        process.trace(.transfer(.session(TransferRecord.Session(session: configuration.identifier, phase: .created, process: process.number))))
        deliverIfReady(configuration.identifier, in: process)
    }

    /// `downloadTask(with:)` then `resume()`: the daemon takes the transfer. Returns its number, or nil when the
    /// process has no session with that identifier.
    @discardableResult
    package func startDownload(_ request: TransferRequest, in process: AppProcess) -> Int? {
        guard process.isAlive, hasSession(request.session, in: process),
              let configuration = configurations.first(where: { $0.identifier == request.session }) else { return nil }
        // Apple, isDiscretionary: "For transfers started while your app is in the background, the system always
        // starts transfers at its discretion". An app launching into the foreground (its didFinishLaunching) is not in
        // the background.
        let inForeground = process.state.isForeground || process.state == .launching(into: .foreground)
        let discretionary = configuration.isDiscretionary || !inForeground
        let transfer = Transfer(number: transfers.count + 1, request: request, discretionary: discretionary, startedAt: now)
        transfers.append(transfer)
        plan(transfer)
        return transfer.number
    }

    /// `moveItem(at:to:)` of the file `didFinishDownloadingTo` handed over: the file is the app's now. False when the
    /// file is gone (the delegate method returned before the move).
    ///
    /// Only `didFinishDownloadingTo` hands the file over, so before the
    /// transfer's events are delivered there is no file to move either.
    package func moveFile(of transfer: Int) -> Bool {
        guard let found = transfers.first(where: { $0.number == transfer }) else { return false }
        switch found.phase {
        case .delivered:
            move(found, to: .fileMoved)
            return true
        case .fileMoved:
            return true
        case .waiting, .running, .finished, .failed, .cancelled, .fileDeleted:
            return false
        }
    }

    /// The app called the completion handler `handleEventsForBackgroundURLSession` gave it.
    package func eventsCompletionCalled(session: String, in process: AppProcess) {
        guard process.isAlive, let index = waiting.firstIndex(where: { $0.session == session }) else { return }
        if let budget = waiting[index].budget { system.kernel.cancel(budget) }
        waiting.remove(at: index)
        process.trace(.transfer(.session(TransferRecord.Session(session: session, phase: .completionCalled, process: process.number))))
        if !hasSession(session, in: process) {
            process.diagnose(
                Rules.backgroundSessionNotRecreated, subject: "session \(session)",
                message: "the app called the completion handler for background session \(session) without creating a session with that identifier: its events were not delivered")
        }
        process.releaseServiceHold()
    }

    /// `cancel()` of a task the daemon holds: it ends with `NSURLErrorCancelled`, and the session's events follow as for
    /// any other end (Apple, `cancel()`: the task's delegate gets `didCompleteWithError` with `NSURLErrorCancelled`).
    package func cancelTransfer(_ number: Int, in process: AppProcess) {
        guard process.isAlive, let transfer = transfers.first(where: { $0.number == number }), !transfer.isDone else { return }
        settle(transfer)
        if let event = transfer.event { system.kernel.cancel(event) }
        transfer.event = nil
        move(transfer, to: .cancelled)
        transfer.why = .cancelledByApp
        trace(transfer)
        let session = transfer.request.session
        guard !transfers.contains(where: { $0.request.session == session && !$0.isDone }) else { return }
        eventsReady(session)
    }

    /// The requests of session `identifier`'s transfers, by transfer number, in the order they were started: the
    /// look-alike `URLSession` rebuilds its task objects from them in a relaunched process.
    package func requests(in identifier: String) -> [(transfer: Int, request: TransferRequest)] {
        transfers.filter { $0.request.session == identifier }.map { ($0.number, $0.request) }
    }

    private func hasSession(_ identifier: String, in process: AppProcess) -> Bool {
        liveProcess == process.number && liveSessions.contains(identifier)
    }

    // MARK: Service

    package func conditionsChanged(from old: DeviceConditions) {
        // The bytes moved until now moved at the old network's rate.
        for transfer in transfers where !transfer.isDone { settle(transfer, under: old) }
        for transfer in transfers where !transfer.isDone { plan(transfer) }
    }

    /// A force quit cancels every transfer (Apple: "the system cancels all of the session's background
    /// transfers"); other ends of the process leave them to the daemon.
    package func processEnded(_ process: AppProcess) {
        if liveProcess == process.number { liveSessions = [] }
        for index in waiting.indices {
            if let budget = waiting[index].budget { system.kernel.cancel(budget) }
            waiting[index].budget = nil
        }
        guard case .terminated(.userSwipedAway) = process.state else { return }
        for transfer in transfers where !transfer.isDone {
            settle(transfer)
            if let event = transfer.event { system.kernel.cancel(event) }
            transfer.event = nil
            move(transfer, to: .cancelled)
            transfer.why = .cancelledByForceQuit
            transfer.cancelledByForceQuitAt = now
            trace(transfer)
        }
    }

    /// BGS051: a transfer a force quit cancelled, which the app heard of and never started again before the run ended.
    ///
    /// A force quit cancels the app's background transfers, and only the app
    /// can start them again; it learns of it in `didCompleteWithError`
    /// (`NSURLErrorCancelled`, `NSURLErrorBackgroundTaskCancelledReasonKey` 0)
    /// once it runs and recreates the session. A transfer started in the same
    /// session after the cancellation (the same URL when both have one)
    /// counts as starting it again, once. An app that never heard (the person
    /// did not open it again) could not have done otherwise.
    package func runEnded() {
        var candidates = transfers
        for cancelled in transfers {
            guard let at = cancelled.cancelledByForceQuitAt, let heard = cancelled.heard else { continue }
            if let index = candidates.firstIndex(where: { startsAgain(cancelled, $0, after: at) }) {
                candidates.remove(at: index)
                continue
            }
            let what = cancelled.request.url.map { " (\($0))" } ?? ""
            system.diagnose(
                Rules.cancelledTransferNotRestarted, process: heard.process,
                subject: "transfer \(cancelled.number) of \(cancelled.request.session)",
                message: "transfer \(cancelled.number)\(what) of \(cancelled.request.session), \(cancelled.bytes) of \(cancelled.request.bytes) bytes, "
                    + "was cancelled at \(TimeText.format(at)) when the person closed the app in the app switcher "
                    + "(NSURLErrorCancelled, NSURLErrorBackgroundTaskCancelledReasonKey 0); the app heard it in didCompleteWithError at "
                    + "\(TimeText.format(heard.at)) (app #\(heard.process)) and had not started it again when the run ended at \(TimeText.format(now))")
        }
    }

    /// Whether `later` starts `cancelled` again: the same session, started after the cancellation, the same URL if both
    /// have one.
    private func startsAgain(_ cancelled: Transfer, _ later: Transfer, after at: VirtualInstant) -> Bool {
        guard later.number != cancelled.number, later.request.session == cancelled.request.session, later.startedAt >= at else {
            return false
        }
        if let url = cancelled.request.url, let other = later.request.url { return url == other }
        return true
    }

    // MARK: Moving bytes

    /// Moves `transfer` to `next`; a move transfers never make is recorded as a bug in the model.
    private func move(_ transfer: Transfer, to next: TransferPhase) {
        let from = transfer.phase
        guard !transfer.move(to: next) else { return }
        system.trace(.model(.illegalTransferTransition(ModelRecord.IllegalTransferTransition(
            transfer: transfer.number, from: from, to: next))))
    }

    /// Traces where the transfer is, while the daemon holds its events.
    private func trace(_ transfer: Transfer) {
        guard let phase = transfer.phase.recorded else {
            return assertionFailure("transfer \(transfer.number) traced after its events were delivered")
        }
        system.trace(.transfer(.state(TransferRecord.State(
            transfer: transfer.number, session: transfer.request.session, phase: phase, bytes: transfer.bytes,
            total: transfer.request.bytes, why: transfer.why))))
    }

    /// Counts the bytes moved since the last count.
    private func settle(_ transfer: Transfer, under conditions: DeviceConditions? = nil) {
        guard transfer.phase == .running else { return }
        let rate = self.rate(conditions ?? system.snapshot.conditions)
        let elapsed = now - transfer.countedAt
        transfer.bytes = min(transfer.request.bytes, transfer.bytes + Self.bytes(in: elapsed, at: rate))
        transfer.countedAt = now
    }

    private static func bytes(in elapsed: VirtualDuration, at rate: Int64) -> Int64 {
        let (high, low) = elapsed.nanoseconds.multipliedFullWidth(by: rate)
        guard high == 0, low < UInt64(Int64.max) else { return .max }
        return Int64(low) / Self.nanosecondsPerSecond
    }

    /// Rates are in bytes per second; time is in nanoseconds.
    private static let nanosecondsPerSecond = VirtualDuration.seconds(1).nanoseconds

    private func rate(_ conditions: DeviceConditions) -> Int64 {
        switch conditions.network {
        case .wifi: max(1, profile.transferWifiBytesPerSecond)
        case .cellular: max(1, profile.transferCellularBytesPerSecond)
        case .none: 0
        }
    }

    /// Why the transfer cannot move now, if it cannot.
    private func blocker(_ transfer: Transfer, _ conditions: DeviceConditions) -> TransferRecord.State.Reason? {
        if let begin = transfer.request.earliestBegin, begin > now { return .earliestBeginDate }
        if conditions.network == .none { return .noNetwork }
        if transfer.discretionary {
            if conditions.network != .wifi { return .discretionaryWaitsForWiFi }
            if !conditions.charging { return .discretionaryWaitsForPower }
        }
        return nil
    }

    /// Decides where the transfer is now and plans its next event: its begin date, or the instant its bytes are in.
    private func plan(_ transfer: Transfer) {
        settle(transfer)
        if let event = transfer.event { system.kernel.cancel(event) }
        transfer.event = nil
        let conditions = system.snapshot.conditions
        if let why = blocker(transfer, conditions) {
            if transfer.phase != .waiting || transfer.why != why {
                if transfer.phase != .waiting { move(transfer, to: .waiting) }
                transfer.why = why
                trace(transfer)
            }
            if why == .earliestBeginDate, let begin = transfer.request.earliestBegin {
                let label = EventLabel("transfer.begin", subject: Int64(transfer.number))
                transfer.event = system.kernel.schedule(at: begin, label: label) { [self] in
                    transfer.event = nil
                    plan(transfer)
                }
            }
            return
        }
        if transfer.phase != .running {
            move(transfer, to: .running)
            transfer.why = nil
            transfer.countedAt = now
            trace(transfer)
        }
        let rate = self.rate(conditions)
        let remaining = transfer.request.bytes - transfer.bytes
        // Whole nanoseconds, rounded up: the last byte is in at the end of the instant.
        let (high, low) = remaining.multipliedFullWidth(by: Self.nanosecondsPerSecond)
        let time = high == 0 && low < UInt64(Int64.max) ? (Int64(low) + rate - 1) / rate : Int64.max / 2
        let label = EventLabel("transfer.done", subject: Int64(transfer.number))
        transfer.event = system.kernel.schedule(after: .nanoseconds(time), label: label) { [self] in
            transfer.event = nil
            finish(transfer)
        }
    }

    private func finish(_ transfer: Transfer) {
        transfer.bytes = transfer.request.bytes
        if let error = transfer.request.error {
            move(transfer, to: .failed)
            transfer.why = .error(error)
        } else {
            move(transfer, to: .finished)
            transfer.why = nil
        }
        trace(transfer)
        let session = transfer.request.session
        guard !transfers.contains(where: { $0.request.session == session && !$0.isDone }) else { return }
        eventsReady(session)
    }

    // MARK: Delivering events

    /// All the session's tasks are done: the app hears of it now if it has the session, else it is woken or
    /// launched in the background (unless `sessionSendsLaunchEvents` is false, or the person force quit it).
    private func eventsReady(_ session: String) {
        let snapshot = system.snapshot
        let sendsLaunchEvents = configurations.first { $0.identifier == session }?.sendsLaunchEvents ?? true
        if let process = system.process, process.isAlive, process.state != .suspended, hasSession(session, in: process) {
            system.trace(.transfer(.session(TransferRecord.Session(session: session, phase: .eventsReady, process: process.number, wake: .running))))
            return deliverIfReady(session, in: process)
        }
        guard sendsLaunchEvents, !snapshot.closedInAppSwitcher else {
            let why: TransferRecord.Session.Reason = sendsLaunchEvents ? .closedInAppSwitcher : .noLaunchEvents
            system.trace(.transfer(.session(TransferRecord.Session(session: session, phase: .eventsReady, why: why))))
            return
        }
        let process: AppProcess
        let wake: ServiceWake
        if let current = system.process, current.isAlive {
            process = current
            wake = current.state == .suspended ? .woken : .running
            current.wakeForService(cause: .backgroundSession(session))
        } else {
            process = system.launchIntoBackground(cause: .backgroundSession(session))
            wake = .launched
        }
        system.trace(.transfer(.session(TransferRecord.Session(session: session, phase: .eventsReady, process: process.number, wake: wake))))
        process.holdForService()
        let budget = system.kernel.schedule(
            after: profile.transferEventsBudget, label: EventLabel("transfer.budget", subject: Int64(process.number))
        ) { [self] in
            timedOut(session, in: process)
        }
        waiting.append(Waiting(session: session, process: process.number, budget: budget))
        process.whenLaunched { [self] in
            guard process.isAlive else { return }
            // The delegate's events follow handleEvents: to a session it recreates, at once (queued behind it on the main
            // queue); to one that exists already (recreated at launch, or kept by a suspended app), when it returns.
            process.callForService(.transfer(.handleEventsForBackgroundURLSession(session: session)), started: { [self] in
                if let index = waiting.firstIndex(where: { $0.session == session && $0.process == process.number }) {
                    waiting[index].handleEventsCalled = true
                }
            }, finished: { [self] in
                deliverIfReady(session, in: process)
            })
        }
    }

    /// Hands the session's finished transfers to the session object, if the process has one, and, in a process woken
    /// or launched for them, once `handleEventsForBackgroundURLSession` has been called.
    ///
    /// NSURLSession.h: the delegate is sent `URLSessionDidFinishEventsForBackgroundURLSession:` only after the app has
    /// received `application:handleEventsForBackgroundURLSession:completionHandler:`. A session the app recreates at
    /// launch, as Apple advises, exists before that call: its events wait for it, so the app has stored the handler
    /// by the time `urlSessionDidFinishEvents` asks it to call it.
    private func deliverIfReady(_ session: String, in process: AppProcess) {
        guard process.isAlive, hasSession(session, in: process) else { return }
        if waiting.contains(where: { $0.session == session && $0.process == process.number && !$0.handleEventsCalled }) { return }
        let ready = transfers.filter { $0.request.session == session && $0.awaitsDelivery }
        guard !ready.isEmpty else { return }
        process.trace(.transfer(.session(TransferRecord.Session(session: session, phase: .eventsDelivered, process: process.number))))
        for transfer in ready {
            let outcome = transfer.phase
            move(transfer, to: .delivered)
            transfer.heard = (now, process.number)
            if outcome == .finished {
                process.callForService(.transfer(.didFinishDownloading(session: session, transfer: transfer.number)), finished: { [self] in
                    fileDeleted(transfer, in: process)
                })
            }
            let error = outcome == .finished ? nil : outcome == .cancelled ? "NSURLErrorCancelled" : transfer.why?.description
            // NSURLErrorCancelledReasonUserForceQuitApplication: the error says the person closed the app.
            let reason = transfer.cancelledByForceQuitAt == nil ? nil : 0
            process.callForService(.transfer(.didCompleteWithError(
                session: session, transfer: transfer.number, error: error, cancelledReason: reason)))
        }
        // Only after a wake or relaunch for the session's events (Apple: the method "tells the delegate that all
        // messages enqueued for a background session ... have been delivered").
        if waiting.contains(where: { $0.session == session }) {
            process.callForService(.transfer(.urlSessionDidFinishEvents(session: session)))
        }
    }

    /// `didFinishDownloadingTo` returned: the file at `location` is gone unless the app moved it.
    private func fileDeleted(_ transfer: Transfer, in process: AppProcess) {
        guard transfer.phase == .delivered else { return }
        move(transfer, to: .fileDeleted)
        guard process.isAlive else { return }
        process.diagnose(
            Rules.downloadedFileNotMoved, subject: "transfer \(transfer.number) of \(transfer.request.session)",
            message: "didFinishDownloadingTo returned without moving the file of transfer \(transfer.number) "
                + "(\(transfer.request.bytes) bytes): the system deleted it")
    }

    // MARK: Invariants

    package func checkInvariants() {
        for transfer in transfers { transfer.checkInvariants(now: now) }
    }

    private func timedOut(_ session: String, in process: AppProcess) {
        guard let index = waiting.firstIndex(where: { $0.session == session }) else { return }
        waiting.remove(at: index)
        guard process.isAlive else { return }
        let limit = TimeText.format(profile.transferEventsBudget)
        if !hasSession(session, in: process) {
            process.trace(.transfer(.session(TransferRecord.Session(
                session: session, phase: .timedOut, process: process.number, why: .sessionNotRecreated))))
            process.diagnose(
                Rules.backgroundSessionNotRecreated, subject: "session \(session)",
                message: "the app was relaunched for background session \(session) and created no session with that identifier within \(limit): its events were not delivered")
        } else {
            process.trace(.transfer(.session(TransferRecord.Session(
                session: session, phase: .timedOut, process: process.number, why: .completionHandlerNotCalled))))
            process.diagnose(
                Rules.backgroundEventsCompletionNotCalled, subject: "session \(session)",
                message: "the completion handler of handleEventsForBackgroundURLSession for \(session) was not called within \(limit)")
        }
        process.releaseServiceHold()
    }
}
