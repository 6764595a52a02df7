import SimulationKernel

/// One run on a fresh world: device, person, system and app process.
///
/// Usually made from a scenario (module ScenarioFormat), with the app's code
/// as scenario steps or as Swift (`Simulation(scenario:app:)`):
///
/// ```swift
/// let scenario = try Scenario.load(from: "Scenarios/save-on-background.json")
/// let result = Simulation(scenario: scenario).run()
/// print(result.fingerprint, result.diagnostics.map(\.rule.id))
/// ```
///
/// A simulation shares nothing with others: many can run side by side.
public final class Simulation: SystemContext, @unchecked Sendable {
    /// What the run starts from.
    public let setup: SimulationSetup
    /// The seed in use.
    public var seed: UInt64 { setup.seed }
    /// How long the run lasts.
    public var stopAt: Duration { setup.stopAt }
    /// When the run stops.
    private var stopTime: VirtualInstant { .zero + VirtualDuration(setup.stopAt) }

    package let kernel: Kernel
    package let profile: PlatformProfile
    package let policy: LaunchPolicy
    /// The installed build's Info.plist and entitlements; `updateApp` installs another.
    package private(set) var appInfo: AppInfo
    let recorder: TraceRecorder
    var storage = SavedState()
    private let makeAppCode: AppCodeFactory
    private let checkExpectations: @Sendable (SimulationResult) -> [ExpectationResult]
    package private(set) var process: AppProcess?
    private var processCount = 0
    private var terminations: [TerminationReason] = []
    private(set) var conditions: DeviceConditions
    /// When the device was locked, if it is; processing tasks wait for it to be idle.
    private(set) var lockedSince: VirtualInstant?
    /// The instants the person opened the app; the realistic policy weighs them.
    private var opens: [VirtualInstant] = []
    private var appWasInFrontWhenLocked = false
    private(set) var closedInAppSwitcher = false
    /// The system's services, in the order they hear of what happens.
    private(set) var services: [any SystemService] = []
    private var hasRun = false
    private var jobNumbers = 0
    /// Every launched task's run, in start order.
    private var taskRuns: [TaskRun] = []

    /// The services every run has, in the order they hear of what happens: one line registers a service.
    static let standardServices: [@Sendable (any SystemContext) -> any SystemService] = {
        var services: [@Sendable (any SystemContext) -> any SystemService] = [
            { TaskScheduler(system: $0) },
            { ContinuedProcessing(system: $0) },
            { SilentPush(system: $0) },
            { BackgroundTransfers(system: $0) },
        ]
        #if BGSIM_FEATURE_DEMO
        services.append { DemoBeacon(system: $0) }
        #endif
        return services
    }()

    /// Creates a simulation of `setup` with the app's code.
    ///
    /// - Parameters:
    ///   - appCode: Makes the app's code for each process.
    ///   - expectations: Judges the result (a scenario's `expect`); none by default.
    ///   - extraServices: Services beyond the standard ones (tests add toy services this way).
    package init(
        setup: SimulationSetup, options: Options = Options(), appCode: @escaping AppCodeFactory,
        expectations: @escaping @Sendable (SimulationResult) -> [ExpectationResult] = { _ in [] },
        extraServices: [@Sendable (any SystemContext) -> any SystemService] = []
    ) {
        self.setup = setup
        self.profile = setup.profile
        self.policy = LaunchPolicy(kind: setup.policy, profile: setup.profile)
        self.appInfo = setup.app
        self.kernel = Kernel(seed: setup.seed, limits: options.limits)
        kernel.choiceStrategy = options.choices?()
        kernel.sameInstantOrdering = options.ordering?()
        kernel.recordsChoices = options.recordsDecisions
        kernel.recordsOrderingDecisions = options.recordsDecisions
        kernel.eventObserver = options.eventObserver
        self.recorder = TraceRecorder(
            retention: options.retention, sink: options.traceSink, observer: options.recordObserver,
            capacity: options.limits.maximumTraceRecords, keptDiagnosticsPerRule: max(1, options.limits.keptDiagnosticsPerRule))
        self.conditions = setup.device
        self.lockedSince = setup.device.locked ? .zero : nil
        self.makeAppCode = appCode
        self.checkExpectations = expectations
        self.services = (Self.standardServices + extraServices).map { $0(self) }
        recorder.onFull = { [unowned self] in traceLimitReached() }
        #if DEBUG
        // Before each event, that is after the one before it and the jobs it released: every test run checks them.
        let observer = options.eventObserver
        kernel.eventObserver = { [unowned self] event in
            checkInvariants()
            observer?(event)
        }
        #endif
    }

    // MARK: Trace

    package func trace(_ record: TraceRecord) {
        guard !kernel.isShutDown else { return }
        recorder.record(record, at: kernel.now)
    }

    /// The trace is full: nothing more is written, and the run ends as for any other limit.
    ///
    /// Only the recorder sees a loop that never waits (steps that write
    /// records and take no time), so it is the one that stops it.
    private func traceLimitReached() {
        kernel.stop(
            .traceRecords,
            message: "the run stopped at \(kernel.now) after \(recorder.count) trace records: "
                + "the trace limit was reached; look for app code that loops without waiting "
                + "(a repeat of steps that take no time), or raise the limit")
    }

    package var saved: SavedState { storage }

    package func diagnose(_ rule: Rule, process: Int?, subject: String, message: String) {
        diagnose(rule, process: process, subject: subject, message: message, at: nil)
    }

    /// Reports a breach with advice that fits the case better than the rule's own fix.
    package func diagnose(_ rule: Rule, process: Int?, subject: String, message: String, fix: String?) {
        diagnose(rule, process: process, subject: subject, message: message, at: nil, fix: fix)
    }

    func diagnose(_ rule: Rule, process: Int?, subject: String, message: String, at time: VirtualInstant?, fix: String? = nil) {
        guard !kernel.isShutDown else { return }
        recorder.report(Diagnostic(
            rule: rule, time: time ?? kernel.now, process: process, subject: subject, message: message, fix: fix))
    }

    /// A process ended: every service hears it, then re-plans.
    func processEnded(_ process: AppProcess) {
        if case .terminated(let reason) = process.state { terminations.append(reason) }
        for service in services { service.processEnded(process) }
        worldChanged()
    }

    // MARK: The system's view

    package var snapshot: WorldSnapshot {
        var app: WorldSnapshot.App?
        if let process {
            app = WorldSnapshot.App(
                process: process.number, state: process.state,
                runningTasks: process.isAlive ? process.runningTasks.map(\.identifier) : [], continuedTasks: process.continuedTaskCount)
        }
        return WorldSnapshot(
            now: kernel.now, conditions: conditions, lockedSince: lockedSince,
            closedInAppSwitcher: closedInAppSwitcher, app: app, opens: opens)
    }

    /// Records that a launched task started; returns its index for `taskRunEnded`.
    func taskRunStarted(_ run: TaskRun) -> Int {
        taskRuns.append(run)
        return taskRuns.count - 1
    }

    /// Records how the task run at `index` ended.
    func taskRunEnded(_ index: Int, how: TaskRecord.Ending, success: Bool) {
        taskRuns[index].endedAt = kernel.now
        taskRuns[index].how = how
        taskRuns[index].success = success
    }

    /// The next job number for a continued identifier's `{n}`: counted over the run, so no two jobs share one.
    package func nextJobNumber() -> Int {
        jobNumbers += 1
        return jobNumbers
    }

    // MARK: Running

    /// Runs the scenario to its stop time and returns what happened. A simulation runs once.
    public func run() -> SimulationResult {
        precondition(!hasRun, "a Simulation runs once; create a new one to run again")
        hasRun = true
        trace(.run(.start(RunRecord.Start(
            scenario: setup.name, seed: seed, profile: profile, version: BGSimVersion.current, stopAt: stopTime,
            bundleIdentifier: appInfo.bundleIdentifier, policy: setup.policy,
            supportsBackgroundGPU: conditions.supportsBackgroundGPU, features: setup.features))))
        trace(.device(.state(DeviceRecord.State(conditions))))
        for (index, entry) in setup.timeline.enumerated() {
            kernel.schedule(at: .zero + VirtualDuration(entry.at), label: EventLabel("timeline.action", subject: Int64(index))) { [self] in
                perform(entry)
            }
        }

        var ending = SimulationResult.Ending.completed
        let end = kernel.run(until: stopTime)
        #if DEBUG
        checkInvariants()
        #endif
        // What the run concluded is written even when the trace is full: a trace always says how it ended.
        recorder.capacity = .max
        switch end {
        case .idle, .deadlineReached:
            break
        case .stalled(let report):
            if process?.state == .suspended {
                break  // A suspended app's code waits for the app to run again: that is not a stall.
            }
            ending = .stalled(report)
            for task in report.tasks {
                diagnose(
                    Rules.handlerStalled, process: process?.number, subject: "task \"\(task.name)\"",
                    message: "\"\(task.name)\" never finished: it waits for "
                        + (task.waitingFor ?? "something outside the simulation (a real sleep, a detached task, or a continuation never resumed)"),
                    at: report.at)
            }
        case .limitExceeded(_, let message):
            ending = .limitExceeded(message)
            trace(.run(.limitExceeded(RunRecord.LimitExceeded(message: message))))
        }
        // What the services can judge only once nothing more will happen (a run cut short by a limit is not judged).
        if case .limitExceeded = ending {} else {
            for service in services { service.runEnded() }
        }
        // Simulated APIs called from other threads (real Dispatch queues, real threads): reported, never acted on.
        process?.reportOutsideCalls()
        let foreign = kernel.executor.foreignEnqueueCount
        if foreign > 0 {
            diagnose(
                Rules.foreignThreadWork, process: process?.number, subject: "simulated async code",
                message: "\(foreign) resumption(s) arrived from a thread outside the simulation and were not run")
        }
        let endTime = kernel.now
        trace(.run(.end(RunRecord.End(
            ending: SimulationResult.recordedEnding(of: ending), state: process?.state.name ?? .notRunning, diagnostics: recorder.diagnosticTotal))))
        kernel.shutDown()

        let finalState = process?.state ?? .notRunning
        var result = SimulationResult(
            scenarioName: setup.name, seed: seed, profile: profile, stopAt: stopTime, endTime: endTime,
            ending: ending, events: recorder.events, eventCount: recorder.count, diagnostics: recorder.diagnostics,
            diagnosticCounts: recorder.diagnosticCounts,
            expectations: [], terminations: terminations, saved: storage, finalState: finalState,
            fingerprint: recorder.fingerprint, kernelEventCount: kernel.eventCount, taskRuns: taskRuns,
            choices: kernel.recordedChoices, orderingDecisions: kernel.recordedOrderingDecisions)
        result.expectations = checkExpectations(result)
        return result
    }

    // MARK: The person and the device

    /// A timeline entry happens: the service it belongs to performs it, or else the world does (the device and the app's lifecycle).
    private func perform(_ entry: TimelineEntry) {
        if entry.unlocksFirst, conditions.locked {
            perform(TimelineEntry(
                at: entry.at, action: .unlock,
                note: "the device was locked: the person unlocks it first, for " + (entry.note ?? entry.action.name.rawValue)))
        }
        trace(.person(.action(PersonRecord.Action(entry.action, note: entry.note))))
        for service in services {
            switch service.perform(entry.action) {
            case .notMine: continue
            case .performed: return
            case .ignored(let why): return ignored(why)
            }
        }
        switch entry.action {
        case .person(let action): performPersonAction(action)
        case .install(.updateApp(let build)): updateApp(to: build)
        default:
            // A service's action that no service took: only possible if a standard service is missing.
            ignored("no service performs \(entry.action.name.rawValue)")
        }
    }

    /// What the person does to the device and to the app as a whole.
    private func performPersonAction(_ action: PersonAction) {
        switch action {
        case .launch:
            openApp(cause: .launch)
        case .returnToApp:
            openApp(cause: .returnToApp)
        case .backgroundLaunch:
            if let process, !process.state.isTerminated {
                ignored("the app is already running")
            } else if closedInAppSwitcher {
                ignored("the person closed the app in the app switcher; no background launch until they open it again")
            } else {
                startProcess(into: .background, cause: .backgroundLaunch)
            }
        case .goHome:
            guard let process, process.state.isForeground || process.state == .launching(into: .foreground) else {
                return ignored("the app is not in the foreground")
            }
            process.enterBackground(cause: .goHome)
        case .lock:
            guard !conditions.locked else { return ignored("the device is already locked") }
            let old = conditions
            conditions.locked = true
            lockedSince = kernel.now
            conditionsChanged(from: old)
            appWasInFrontWhenLocked = process.map { $0.state.isForeground || $0.state == .launching(into: .foreground) } ?? false
            if appWasInFrontWhenLocked { process?.enterBackground(cause: .lock) }
            worldChanged()
        case .unlock:
            guard conditions.locked else { return ignored("the device is not locked") }
            let old = conditions
            conditions.locked = false
            lockedSince = nil
            conditionsChanged(from: old)
            if appWasInFrontWhenLocked { openApp(cause: .unlock) }
            appWasInFrontWhenLocked = false
            worldChanged()
        case .swipeAway:
            guard let process else { return ignored("the app was never opened, so it is not in the app switcher") }
            // A killed app stays in the app switcher: closing it there still stops background launches.
            closedInAppSwitcher = true
            guard !process.state.isTerminated else {
                return ignored("the app was not running; it is removed from the app switcher")
            }
            process.resignActive(cause: .appSwitcher)
            process.terminate(.userSwipedAway, message: "the person closed the app in the app switcher")
        case .memoryPressure:
            onProcess { $0.memoryPressure() }
        case .openControlCenter:
            onProcess { $0.resignActive(cause: .controlCenter) }
        case .closeControlCenter:
            onProcess { $0.becomeActive(cause: .controlCenter) }
        case .tap(let action):
            guard let process else { return ignored("the app is not running") }
            process.performUserAction(action)
        case .conditions(let change):
            let old = conditions
            conditions = change.applied(to: conditions)
            conditionsChanged(from: old)
            worldChanged()
        }
    }

    /// Installs another build: the running process ends (the system terminates an app to update it), pending
    /// requests stay with the system, and the next launch runs the new build (WordPress-iOS #18156: requests an
    /// earlier build submitted, pending when a build with other handlers launched).
    private func updateApp(to build: String) {
        guard let info = setup.updates.first(where: { $0.build == build }) else {
            return ignored("no build \(build) in the scenario")
        }
        if let process, process.isAlive {
            process.terminate(.appUpdated, message: "the app was updated to build \(build)")
        }
        appInfo = info
        worldChanged()
    }

    /// The device's conditions changed: traced, then every service hears it.
    private func conditionsChanged(from old: DeviceConditions) {
        trace(.device(.state(DeviceRecord.State(conditions))))
        for service in services { service.conditionsChanged(from: old) }
    }

    private func openApp(cause: StateChangeCause) {
        if conditions.locked { return ignored("the device is locked") }
        closedInAppSwitcher = false
        opens.append(kernel.now)
        if let process, !process.state.isTerminated {
            if process.state.isForeground { return ignored("the app is already in the foreground") }
            process.enterForeground(cause: cause)
        } else {
            startProcess(into: .foreground, cause: cause)
        }
    }

    @discardableResult
    private func startProcess(into destination: AppState.LaunchDestination, cause: StateChangeCause) -> AppProcess {
        processCount += 1
        let process = AppProcess(number: processCount, simulation: self, makeAppCode: makeAppCode)
        self.process = process
        process.launch(into: destination, cause: cause)
        for service in services { service.processStarted(process) }
        return process
    }

    /// The app's state changed: the services' plans may change with it.
    func processStateChanged() {
        worldChanged()
    }

    package func deliver(_ request: TaskRequest, simulated: Bool) {
        if let process, process.isAlive {
            process.deliver(request, simulated: simulated)
        } else if request.kind.behavior.registersOnDemand {
            // Never reached: queued continued requests go with their process, and a background launch could not
            // run one (its handler is registered when the person asks for the work).
            return
        } else {
            startProcess(into: .background, cause: .bgTask(request.identifier)).deliver(request, simulated: simulated)
        }
    }

    package func launchIntoBackground(cause: StateChangeCause) -> AppProcess {
        startProcess(into: .background, cause: cause)
    }

    /// Applies a person's action to the app process, or traces why it did not apply.
    private func onProcess(_ action: (AppProcess) -> String?) {
        guard let process else { return ignored("the app is not running") }
        if let why = action(process) { ignored(why) }
    }

    private func ignored(_ why: String) {
        trace(.person(.actionIgnored(PersonRecord.ActionIgnored(why: why))))
    }
}
