import SimulationKernel

/// Tasks the system launches in the background when its policy sees fit: app refresh and processing.
///
/// They share their submission checks, their reasons to wait and the shape
/// of their ready time; each kind adds its own reasons and bounds through
/// the hooks below.
protocol SystemLaunchedTask: TaskBehavior {
    /// A reason of this kind alone, checked after Low Power Mode and before the battery.
    func settingsBlocker(in world: WorldSnapshot) -> LaunchBlocker?
    /// Reasons of this kind alone, checked last.
    func kindBlocker(for request: TaskRequest, in world: WorldSnapshot, policy: LaunchPolicy) -> LaunchBlocker?
    /// A lower bound of this kind alone on the ready time (the refresh interval, the idle delay).
    func earliestBegin(in world: WorldSnapshot, history: LaunchHistory, profile: PlatformProfile) -> VirtualInstant?
    /// The realistic policy's delay after the ready time, scaled by the request's draw.
    func realisticDelay(for entry: PendingRequest, readyAt ready: VirtualInstant, in world: WorldSnapshot, profile: PlatformProfile) -> VirtualDuration
    /// Checks of this kind alone after the common ones pass; may report a diagnostic but not refuse.
    func reviewSubmission(_ request: TaskRequest, from process: AppProcess, profile: PlatformProfile)
}

extension SystemLaunchedTask {
    var penalizesIncompleteTasks: Bool { true }
    var registersOnDemand: Bool { false }

    func settingsBlocker(in world: WorldSnapshot) -> LaunchBlocker? { nil }
    func reviewSubmission(_ request: TaskRequest, from process: AppProcess, profile: PlatformProfile) {}

    /// `BGProcessingTaskRequest`'s conditions, false for the kinds whose request class lacks them.
    func encodeFields(of request: TaskRequest, personAction: String?, to fields: inout TraceFieldWriter) {
        fields.add("requiresNetworkConnectivity", request.requiresNetworkConnectivity)
        fields.add("requiresExternalPower", request.requiresExternalPower)
    }

    func decodeFields(into request: inout TaskRequest, from fields: inout TraceFieldReader) throws(TraceDecodingError) -> String? {
        request.requiresNetworkConnectivity = try fields.bool("requiresNetworkConnectivity")
        request.requiresExternalPower = try fields.bool("requiresExternalPower")
        return nil
    }

    func submit(_ request: TaskRequest, from process: AppProcess, to scheduler: TaskScheduler) throws(SubmitError) {
        let system = process.system
        let conditions = system.snapshot.conditions
        if !PermittedIdentifiers(app: system.appInfo, profile: system.profile).listsExactly(request.identifier) {
            // iOS 26.1 logs this, then fails with error 3 (flutter_workmanager #660 shows both lines).
            process.console("\(request.identifier) is not advertised in the application's Info.plist")
            let permitted = PermittedIdentifiers(app: system.appInfo, profile: system.profile)
            let wildcard = permitted.wildcardEntry(matching: request.identifier)
            process.diagnose(
                Rules.taskIdentifierNotPermitted, subject: "task identifier \(request.identifier)",
                message: "submit(_:) threw notPermitted: \(request.identifier) is not in BGTaskSchedulerPermittedIdentifiers"
                    + (wildcard.map { " (it falls under the wildcard entry \($0), which only continued processing identifiers may use)" } ?? ""),
                fix: wildcard == nil
                    ? "Add \(request.identifier) to Info.plist's BGTaskSchedulerPermittedIdentifiers, exactly as the code registers and submits it."
                    : "List \(request.identifier) exactly in BGTaskSchedulerPermittedIdentifiers: \(kind == .appRefresh ? "an" : "a") "
                        + "\(subjectName) identifier must be listed as it is; wildcard entries permit only continued processing identifiers.")
            throw scheduler.refuse(request, from: process, .notPermitted, "identifier not in BGTaskSchedulerPermittedIdentifiers")
        }
        // Permitted but not registered in this process: the exception is raised at once, on the submitting thread
        // (iOS 18.2 and 26.1; firefox-ios #19031, flutter_workmanager #660), before anything else is checked.
        guard let registration = process.registration(for: request) else {
            process.raiseNoLaunchHandler(request, atSubmit: true)
            throw .notPermitted
        }
        if let mode = backgroundMode, !system.appInfo.backgroundModes.contains(mode) {
            process.diagnose(
                Rules.taskIdentifierNotPermitted, subject: "task identifier \(request.identifier)",
                message: "submit(_:) threw notPermitted: UIBackgroundModes lacks \"\(mode)\"",
                fix: "Add \(mode) to Info.plist's UIBackgroundModes (the Background Modes capability in Xcode: "
                    + "\(mode == .fetch ? "Background fetch" : "Background processing")), which \(subjectName) tasks need.")
            throw scheduler.refuse(request, from: process, .notPermitted, "UIBackgroundModes lacks \(mode)")
        }
        if conditions.backgroundAppRefresh != .available {
            throw scheduler.refuse(request, from: process, .unavailable, "Background App Refresh is \(conditions.backgroundAppRefresh.rawValue)")
        }
        if conditions.lowPowerMode && system.profile.lowPowerModeRefusesSubmit {
            throw scheduler.refuse(request, from: process, .unavailable, "Low Power Mode is on")
        }
        let replacing = scheduler.isPending(request.identifier)
        if !replacing && scheduler.pendingCount(of: kind) >= pendingLimit {
            reportTooManyPending(request, from: process, scheduler: scheduler)
            throw scheduler.refuse(request, from: process, .tooManyPendingTaskRequests, "\(pendingLimit) \(kind.rawValue) request(s) already pending")
        }
        if registration.registeredAfterLaunch {
            process.diagnose(
                Rules.registeredAfterLaunchAccepted, subject: "task identifier \(request.identifier)",
                message: "\(request.identifier) is submitted with a launch handler registered after the app finished launching; "
                    + "when the system launches the app in the background for it, only a handler registered before that launch finishes is found")
        }
        reviewSubmission(request, from: process, profile: system.profile)
        let draw: Int64 = system.kernel.draw(ModelChoice.delayDraw.label(), in: 0...999_999)
        scheduler.enqueue(PendingRequest(request: request, submittedAt: process.kernel.now, delayDraw: draw))
        scheduler.noteSubmission(of: request.identifier, by: process)
        process.trace(.task(.submit(TaskRecord.Submit(
            process: process.number, request: request, personAction: nil, replaced: replacing, queued: false))))
        scheduler.reevaluate()
    }

    /// BGS050: the kind's pending requests are at the documented limit, so `request` is refused; the text names the
    /// pending ones, and for an app refresh (one at a time) says to refresh everything in one task.
    private func reportTooManyPending(_ request: TaskRequest, from process: AppProcess, scheduler: TaskScheduler) {
        let others = scheduler.pending.filter { $0.request.kind == kind }.map(\.request.identifier)
        let listed = others.count <= 3 ? others.joined(separator: ", ") : others.prefix(3).joined(separator: ", ") + " and \(others.count - 3) more"
        let message = "submit(_:) threw tooManyPendingTaskRequests: \(request.identifier) was not scheduled, because "
            + "\(others.count) \(subjectName) request\(others.count == 1 ? " was" : "s were") already pending (\(listed)) "
            + "and the system keeps \(pendingLimit) at a time; its work will not run in the background"
        let fix = pendingLimit == 1
            ? "Submit one \(subjectName) request and do the work of both \(others.first ?? "") and \(request.identifier) in its "
                + "handler; or cancel(taskRequestWithIdentifier: \"\(others.first ?? "")\") before submitting \(request.identifier). "
                + "Handle the error submit throws: it says this request will never run."
            : "Cancel a pending \(subjectName) request you no longer need (cancel(taskRequestWithIdentifier:)) before submitting "
                + "\(request.identifier), or do several jobs in one task; handle the error submit throws."
        process.diagnose(Rules.tooManyPendingTaskRequests, subject: "task identifier \(request.identifier)", message: message, fix: fix)
    }

    func blocker(for request: TaskRequest, in world: WorldSnapshot, policy: LaunchPolicy) -> LaunchBlocker? {
        let conditions = world.conditions
        if world.closedInAppSwitcher { return .closedInAppSwitcher }
        if let app = world.liveApp {
            switch app.state {
            case .foregroundActive, .foregroundInactive, .launching(into: .foreground): return .appInForeground
            default: break
            }
            if app.runningTasks.contains(request.identifier) { return .alreadyRunning }
        }
        // Assumed for both kinds: WWDC20 names Low Power Mode and a battery under 20% among what the system weighs; no
        // Apple text says either holds back a refresh or a processing task outright.
        if conditions.lowPowerMode { return .lowPowerMode }
        if let blocker = settingsBlocker(in: world) { return blocker }
        if conditions.batteryLevel < 20 && !conditions.charging { return .lowBattery }
        if conditions.thermalState == .serious || conditions.thermalState == .critical { return .thermalState(conditions.thermalState) }
        return kindBlocker(for: request, in: world, policy: policy)
    }

    func readyTime(for entry: PendingRequest, in world: WorldSnapshot, history: LaunchHistory, policy: LaunchPolicy) -> VirtualInstant {
        var ready = max(entry.submittedAt, entry.request.earliestBegin ?? .zero)
        if let bound = earliestBegin(in: world, history: history, profile: policy.profile) { ready = max(ready, bound) }
        if let penalty = history.penaltyUntil[kind] { ready = max(ready, penalty) }
        if policy.kind == .realistic { ready = ready + realisticDelay(for: entry, readyAt: ready, in: world, profile: policy.profile) }
        return ready
    }
}
