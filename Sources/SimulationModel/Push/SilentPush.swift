import SimulationKernel

/// Silent (background) push as the system handles it: who gets woken, when pushes are held, coalesced or
/// dropped, and the 30 seconds the app has to call its completion handler.
///
/// Sources (docs/system-policy.md, research-urlsession-push.md):
/// - Apple, "Pushing background updates to your App": low priority, no
///   more than two or three an hour, the device holds only the newest
///   throttled push and discards it if the app is force quit or killed, and
///   delivers it at once when the person launches the app; "Your app has 30
///   seconds".
/// - Apple, `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`:
///   the system launches the app or wakes it from suspension, but not after
///   a force quit until the person opens it; the handler must be called or
///   the app is terminated.
/// - WWDC20 10063 (third-party summaries): pushes weigh Low Power Mode and
///   the Background App Refresh switch (assumed: no delivery in either).
package final class SilentPush: SystemService {
    private unowned let system: any SystemContext

    /// Pushes received so far: the next push's number is one more.
    private var received = 0
    /// When pushes were delivered to the app in the background, in order: the rate limit counts the last hour.
    private var wakes: [VirtualInstant] = []
    /// The throttled push the device holds (only the newest), and the event that delivers it when the hour allows.
    private var held: (push: Int, notification: RemoteNotification, event: EventHandle?)?
    /// Handlers running now: the push, its process, and the event that terminates the app at the deadline.
    private var running: [(push: Int, process: AppProcess, deadline: EventHandle)] = []
    /// Pushes whose completion handler was called: a second call is a mistake.
    private var completed: Set<Int> = []
    /// Injected faults waiting for the next push: lose it (nil), or make it late by this long.
    private var faults: [VirtualDuration?] = []
    /// The background pushes the server sent in the last hour, with when (before any fault delays one): Apple's advice
    /// to senders counts these (BGS049).
    private var sent: [(push: Int, at: VirtualInstant)] = []

    private static let hour: VirtualDuration = .hours(1)

    package init(system: any SystemContext) {
        self.system = system
    }

    // MARK: Service

    package func perform(_ action: UserAction) -> ActionOutcome {
        guard case .push(let action) = action else { return .notMine }
        switch action {
        case .dropPush:
            faults.append(nil)
        case .delayPush(let by):
            faults.append(max(.zero, by))
        case .push(let notification):
            received += 1
            let push = received
            system.trace(.push(.received(PushRecord.Received(push: push, notification: notification))))
            if notification.contentAvailable { countSent(push) }
            guard !faults.isEmpty else {
                receive(push, notification)
                break
            }
            guard let delay = faults.removeFirst() else {
                drop(push, why: .lostOnTheWay)
                break
            }
            system.trace(.push(.outcome(PushRecord.Outcome(
                push: push, outcome: .held, why: .lateOnTheWay(delay)))))
            system.kernel.schedule(after: delay, label: EventLabel("push.late", subject: Int64(push))) { [self] in
                receive(push, notification)
            }
        }
        return .performed
    }

    /// A held push is thrown away with the process (Apple: "If something force quits or kills the app, the system
    /// discards the held notification"); a handler still running ends with it.
    package func processEnded(_ process: AppProcess) {
        running.removeAll { entry in
            guard entry.process === process else { return false }
            system.kernel.cancel(entry.deadline)
            return true
        }
        if let held, process.state.isTerminated {
            if let event = held.event { system.kernel.cancel(event) }
            self.held = nil
            system.trace(.push(.outcome(PushRecord.Outcome(
                push: held.push, outcome: .discarded, why: .terminatedWhileHeld))))
        }
    }

    /// "If the user launches the app, the system immediately delivers the held notification."
    package func worldChanged() {
        guard let held, let app = system.snapshot.liveApp, app.state.isForeground else { return }
        if let event = held.event { system.kernel.cancel(event) }
        self.held = nil
        let label = EventLabel("push.release", subject: Int64(held.push))
        // At the same instant but outside the state change that called us: delivery queues app callbacks.
        system.kernel.schedule(after: .zero, label: label) { [self] in
            deliver(held.push, held.notification, why: .appOpened)
        }
    }

    // MARK: The server

    /// The server sent background push `push` now: more than `pushMaxPerHour` in an hour is more than Apple advises
    /// senders (BGS049), whatever the system then does with them.
    private func countSent(_ push: Int) {
        let now = system.kernel.now
        sent.removeAll { $0.at <= now - Self.hour }
        sent.append((push, now))
        let limit = system.profile.pushMaxPerHour
        guard sent.count > Int(max(0, limit)) else { return }
        let earlier = sent.dropLast()
        let listed = earlier.count <= 4
            ? earlier.map { "push \($0.push) at \(TimeText.format($0.at))" }.joined(separator: ", ")
            : "\(earlier.count) earlier, the first push \(earlier.first!.push) at \(TimeText.format(earlier.first!.at))"
        system.diagnose(
            Rules.pushesSentTooOften, process: system.process?.number, subject: "push \(push)",
            message: "the server sent push \(push) at \(TimeText.format(now)), its \(Self.ordinal(sent.count)) background push within an hour "
                + "(\(listed)): Apple advises no more than two or three an hour (pushMaxPerHour \(limit))")
    }

    /// `4th`, `11th`, `22nd`.
    private static func ordinal(_ number: Int) -> String {
        let suffix = (11...13).contains(number % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return "\(number)\(suffix)"
    }

    // MARK: Receiving

    private func receive(_ push: Int, _ notification: RemoteNotification) {
        var notification = notification
        if notification.pushType == .background && notification.priority == 10 {
            system.diagnose(
                Rules.pushPriorityTooHigh, process: system.process?.number, subject: "push \(push)",
                message: "push \(push) has apns-push-type background with apns-priority 10")
            switch system.profile.pushPriority10Policy {
            case .drop:
                return drop(push, why: .priority10)
            case .deliverAsLowPriority:
                notification.priority = 5
            }
        }
        let snapshot = system.snapshot
        if let app = snapshot.liveApp, app.state.isForeground {
            // In the foreground the method is called whatever the payload; no wake, so no throttle (assumed).
            return deliver(push, notification, why: nil)
        }
        guard notification.contentAvailable else {
            return drop(push, why: .noContentAvailable)
        }
        guard system.appInfo.backgroundModes.contains(.remoteNotification) else {
            system.diagnose(
                Rules.remoteNotificationModeMissing, process: system.process?.number, subject: "push \(push)",
                message: "push \(push) has content-available, but UIBackgroundModes lacks remote-notification")
            return drop(push, why: .remoteNotificationModeMissing)
        }
        if let why = blocker(snapshot) { return drop(push, why: why) }
        let since = snapshot.now - Self.hour
        wakes.removeAll { $0 <= since }
        if wakes.count >= Int(max(0, system.profile.pushMaxPerHour)) {
            return hold(push, notification)
        }
        deliver(push, notification, why: nil)
    }

    /// Why the system does not deliver a background push now, if it does not.
    private func blocker(_ snapshot: WorldSnapshot) -> PushReason? {
        if snapshot.closedInAppSwitcher { return .closedInAppSwitcher }
        if snapshot.conditions.backgroundAppRefresh != .available { return .backgroundAppRefresh(snapshot.conditions.backgroundAppRefresh) }
        if snapshot.conditions.lowPowerMode { return .lowPowerMode }
        return nil
    }

    private func drop(_ push: Int, why: PushReason) {
        system.trace(.push(.outcome(PushRecord.Outcome(push: push, outcome: .dropped, why: why))))
    }

    /// Throttled: the device holds the push, replacing any older held one, until the hour allows another wake.
    private func hold(_ push: Int, _ notification: RemoteNotification) {
        if let older = held {
            if let event = older.event { system.kernel.cancel(event) }
            system.trace(.push(.outcome(PushRecord.Outcome(
                push: older.push, outcome: .coalesced, why: .replaced(byPush: push)))))
        }
        let limit = system.profile.pushMaxPerHour
        system.diagnose(
            Rules.pushThrottled, process: system.process?.number, subject: "push \(push)",
            message: "push \(push) arrived after \(wakes.count) background push(es) in the last hour (the limit is \(limit)): held")
        system.trace(.push(.outcome(PushRecord.Outcome(
            push: push, outcome: .held, why: .rateLimited(lastHour: wakes.count, limit: limit)))))
        var event: EventHandle?
        if let oldest = wakes.first {
            let label = EventLabel("push.release", subject: Int64(push))
            event = system.kernel.schedule(at: oldest + Self.hour, label: label) { [self] in
                release(push)
            }
        }
        held = (push, notification, event)
    }

    /// The hour allows another wake: the held push goes through the checks again.
    private func release(_ push: Int) {
        guard let held, held.push == push else { return }
        self.held = nil
        receive(push, held.notification)
    }

    // MARK: Delivering

    private func deliver(_ push: Int, _ notification: RemoteNotification, why: PushReason?) {
        let wake: ServiceWake
        let process: AppProcess
        if let current = system.process, current.isAlive {
            process = current
            if current.state == .suspended {
                wake = .woken
                current.wakeForService(cause: .push(push))
            } else {
                wake = .running
            }
        } else {
            process = system.launchIntoBackground(cause: .push(push))
            wake = .launched
        }
        if !process.state.isForeground && process.state != .launching(into: .foreground) {
            wakes.append(system.kernel.now)
        }
        system.trace(.push(.outcome(PushRecord.Outcome(push: push, outcome: .delivered, why: why, process: process.number, wake: wake))))
        process.holdForService()
        process.whenLaunched { [self] in
            guard process.isAlive else { return }
            process.callForService(.push(.didReceiveRemoteNotification(push: push)), started: { [self] in
                startDeadline(push, in: process)
            })
        }
    }

    /// The handler started: it has `pushHandlerBudget` to call its completion handler.
    private func startDeadline(_ push: Int, in process: AppProcess) {
        let budget = system.profile.pushHandlerBudget
        let label = EventLabel("push.deadline", subject: Int64(push))
        let deadline = system.kernel.schedule(after: budget, label: label) { [self] in
            guard let index = running.firstIndex(where: { $0.push == push }) else { return }
            running.remove(at: index)
            guard process.isAlive else { return }
            let limit = TimeText.format(budget)
            process.trace(.push(.completion(PushRecord.Completion(push: push, process: process.number, phase: .timedOut))))
            process.diagnose(
                Rules.pushCompletionNotCalled, subject: "push \(push)",
                message: "didReceiveRemoteNotification did not call its completion handler for push \(push) within \(limit)")
            process.terminate(.watchdog, message: "the silent push handler did not call its completion handler within \(limit)")
        }
        running.append((push, process, deadline))
    }

    /// The app called `fetchCompletionHandler` of push `push` with `result`.
    package func completionCalled(push: Int, result: BackgroundFetchResult, in process: AppProcess) {
        guard process.isAlive else { return }
        guard let index = running.firstIndex(where: { $0.push == push }) else {
            guard completed.contains(push) else { return }
            process.trace(.push(.completion(PushRecord.Completion(push: push, process: process.number, phase: .calledAgain, result: result))))
            process.diagnose(
                Rules.pushCompletionCalledTwice, subject: "push \(push)",
                message: "the completion handler of push \(push) was called again (.\(result.rawValue))")
            return
        }
        let entry = running.remove(at: index)
        system.kernel.cancel(entry.deadline)
        completed.insert(push)
        process.trace(.push(.completion(PushRecord.Completion(push: push, process: process.number, phase: .called, result: result))))
        process.releaseServiceHold()
    }
}
