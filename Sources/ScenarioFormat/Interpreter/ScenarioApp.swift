import PlatformLookalikes
import SimulationKernel
import SimulationModel

/// The app a scenario describes: its delegate callbacks run the scenario's steps.
///
/// It is a `UIApplicationDelegate` like Swift app code, and every step that
/// has an Apple API goes through the same look-alike (`beginBackgroundTask`,
/// `endBackgroundTask`, `BGTaskScheduler.register` and `submit`, the task's
/// `expirationHandler`, `setTaskCompleted`, `progress`, `updateTitle`), so
/// scenarios and Swift tests exercise one model. What only the scenario
/// language has (CPU work, waits, saves, locks, logs, output files) uses the
/// model's package API, as bgsim's own extensions of `UIApplication` do. One
/// instance serves one process: its variables die with it.
nonisolated final class ScenarioApp: SimulatedApplicationDelegate, SceneCallbackReceiver, SessionEventReceiver, @unchecked Sendable {
    /// The app as the scenario writes it, with every build.
    private let scenarioApp: AppDefinition
    /// The build this process runs: read from the installed build when the process first calls the app's code.
    private var installed: AppDefinition?
    /// The app's stored background task identifiers, by the scenario's variable names.
    private var variables: [String: UIBackgroundTaskIdentifier] = [:]
    /// The app's flags: their starting values, then what `set` made them. Gone with the process.
    private var flags: [String: Bool] = [:]
    /// The app's serial queues by name; looked up, never iterated.
    private var queueTokens: [String: QueueToken] = [:]
    /// The completion handlers `handleEventsForBackgroundURLSession` gave, stored per session as apps do.
    private var eventsCompletions: [String: @Sendable () -> Void] = [:]

    init(definition: AppDefinition) {
        self.scenarioApp = definition
    }

    /// The code of the build installed when this process started.
    private func definition(_ application: UIApplication) -> AppDefinition {
        if let installed { return installed }
        let build = scenarioApp.build(named: application.process.system.appInfo.build)
        installed = build
        for flag in build.flags { flags[flag.name] = flag.value }
        return build
    }

    /// Where steps run, and which background task or BGTask the code in hand belongs to.
    struct Context {
        var lane: String
        /// The serial queue of the app's the code runs on (`dispatchAsync`, `dispatchSync`), if not the main one.
        var serialQueue: String?
        var ownTask: IdentifierBox?
        /// The BGTask a launch handler (or its expiration handler) works on.
        var bgTask: BGTask?
        /// The job number `{n}` stands for in this run of an action.
        var job = JobNumber()
        /// The `fetchCompletionHandler` of the silent push being handled.
        var fetchCompletion: (@Sendable (UIBackgroundFetchResult) -> Void)?
        /// The transfer whose file `didFinishDownloadingTo` hands over, while it runs.
        var downloadedTransfer: Int?
    }

    /// The job number `{n}` stands for in one run of an action: a `register` takes the next number and keeps it for
    /// the `submit` after it, so that the identifier a tap registers is the one it submits; a `submit` takes the kept
    /// number, or a new one.
    final class JobNumber: @unchecked Sendable {
        private var kept: Int?

        func forRegister(in process: AppProcess) -> Int {
            if let kept { return kept }
            let next = process.system.nextJobNumber()
            kept = next
            return next
        }

        func forSubmit(in process: AppProcess) -> Int {
            defer { kept = nil }
            return kept ?? process.system.nextJobNumber()
        }
    }

    /// The identifier an expiration handler's closure captured; set right after `beginBackgroundTask` returns.
    final class IdentifierBox: @unchecked Sendable {
        var value: UIBackgroundTaskIdentifier = .invalid
    }

    // MARK: Callbacks

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: sending [UIApplication.LaunchOptionsKey: Any]?
    ) async -> Bool {
        await run(.didFinishLaunching, application)
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) async {
        await run(.didBecomeActive, application)
    }

    func applicationWillResignActive(_ application: UIApplication) async {
        await run(.willResignActive, application)
    }

    func applicationDidEnterBackground(_ application: UIApplication) async {
        await run(.didEnterBackground, application)
    }

    func applicationWillEnterForeground(_ application: UIApplication) async {
        await run(.willEnterForeground, application)
    }

    func applicationDidReceiveMemoryWarning(_ application: UIApplication) async {
        await run(.didReceiveMemoryWarning, application)
    }

    func application(_ application: UIApplication, performUserAction name: String) async {
        await run(definition(application).actions[name] ?? [], in: application, context: Context(lane: "main"))
    }

    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: sending [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping @Sendable (UIBackgroundFetchResult) -> Void
    ) async {
        let app = definition(application)
        // No handler in the scenario: the method is not implemented, so the handler is never called.
        guard let action = app.action(for: .didReceiveRemoteNotification) else { return }
        var context = Context(lane: "main")
        context.fetchCompletion = completionHandler
        await run(app.actions[action] ?? [], in: application, context: context)
    }

    func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping @Sendable () -> Void
    ) async {
        eventsCompletions[identifier] = completionHandler
        await run(.handleEventsForBackgroundURLSession, application)
    }

    func sessionEvent(_ application: UIApplication, _ callback: TransferCallback) async {
        let app = definition(application)
        var context = Context(lane: "main")
        let handler: AppDefinition.Callback
        switch callback {
        case .didFinishDownloading(_, let transfer):
            handler = .didFinishDownloadingTo
            context.downloadedTransfer = transfer
        case .didCompleteWithError: handler = .didCompleteWithError
        case .urlSessionDidFinishEvents: handler = .urlSessionDidFinishEvents
        case .handleEventsForBackgroundURLSession: return
        }
        guard let action = app.action(for: handler) else { return }
        await run(app.actions[action] ?? [], in: application, context: context)
    }

    func scene(_ application: UIApplication, _ callback: LifecycleCallback) async {
        let name: AppDefinition.Callback? = switch callback {
        case .sceneWillConnect: .sceneWillConnect
        case .sceneDidBecomeActive: .sceneDidBecomeActive
        case .sceneWillResignActive: .sceneWillResignActive
        case .sceneDidEnterBackground: .sceneDidEnterBackground
        case .sceneWillEnterForeground: .sceneWillEnterForeground
        default: nil
        }
        if let name { await run(name, application) }
    }

    private func run(_ callback: AppDefinition.Callback, _ application: UIApplication) async {
        let app = definition(application)
        guard let action = app.action(for: callback) else { return }
        await run(app.actions[action] ?? [], in: application, context: Context(lane: "main"))
    }

    // MARK: Steps

    /// The task a BGTask step works on; outside a launch handler the step is traced as ignored.
    private func launchedTask(_ context: Context, step: String, in process: AppProcess) -> BGTask? {
        guard let task = context.bgTask else {
            process.trace(.app(.stepIgnored(AppRecord.StepIgnored(process: process.number, step: step, why: "not in a launch handler"))))
            return nil
        }
        return task
    }

    /// Runs steps until they end, the task is cancelled, or the process dies.
    func run(_ steps: [Step], in application: UIApplication, context: Context) async {
        do {
            try await perform(steps, in: application, context: context)
        } catch {
            // Cancelled or terminated: the process's code stops here, as it would on a device.
        }
    }

    /// Unit work: each unit is CPU work, then written to the output, with progress every so many units.
    private func processUnits(_ work: UnitWork, in process: AppProcess, context: Context) async throws {
        let task = context.bgTask
        // Only a continued task has a progress for the system to read; elsewhere the units just run.
        let progress = (task as? BGContinuedProcessingTask)?.progress
        // Counting goes on from where the task's progress is; the total grows only if these units do not fit.
        var done: Int64 = 0
        if let progress, case .every = work.progress {
            done = progress.completedUnitCount
            progress.totalUnitCount = max(progress.totalUnitCount, done + Int64(work.count))
        }
        let kernel = process.kernel
        for unit in 1...work.count {
            if work.checksCancellation, task?.isWorkCancelled == true { throw CancellationError() }
            let duration = work.jitter > 0
                ? max(0, work.duration + kernel.draw(ChoiceLabel("app.unitJitter", subject: Int64(process.number)), in: -work.jitter...work.jitter))
                : work.duration
            try await process.compute(duration, label: "unit \(unit) of \(work.count) on \(context.lane)")
            // Cancelled half-way: the unit is dropped rather than written after the clean-up removed the file.
            if work.checksCancellation, task?.isWorkCancelled == true { throw CancellationError() }
            if let output = work.output { process.writeOutputUnit(unit, of: work.count, to: output, for: task?.task) }
            if let progress, case .every(let every) = work.progress, unit % every == 0 || unit == work.count {
                progress.completedUnitCount = done + Int64(unit)
            }
        }
    }

    private func perform(_ steps: [Step], in application: UIApplication, context: Context) async throws {
        let process = application.process
        for step in steps {
            try Task.checkCancellation()
            guard process.isAlive else { throw ProcessTerminated(process: process.number) }
            try await perform(step, in: application, context: context)
        }
    }

    private func perform(_ step: Step, in application: UIApplication, context: Context) async throws {
        let process = application.process
        let kernel = process.kernel
        switch step {
        case .beginBackgroundTask(let variable, let name, let onExpiration):
            let captured = IdentifierBox()
            let handler: (@Sendable () async -> Void)?
            switch onExpiration {
            case .noHandler:
                handler = nil
            case .steps(let steps):
                handler = { [self] in
                    await run(steps, in: application, context: Context(lane: "main", ownTask: captured))
                }
            }
            let identifier = application.beginBackgroundTask(withName: name ?? variable, simulatedExpirationHandler: handler)
            captured.value = identifier
            variables[variable] = identifier

        case .endBackgroundTask(let variable):
            let identifier: UIBackgroundTaskIdentifier
            if let variable {
                identifier = variables[variable] ?? .invalid
            } else {
                identifier = context.ownTask?.value ?? .invalid
            }
            application.endBackgroundTask(identifier)

        case .work(let duration, let jitter, let changesState):
            let actual = jitter > 0
                ? max(0, duration + kernel.draw(ChoiceLabel("app.workJitter", subject: Int64(process.number)), in: -jitter...jitter)) : duration
            process.trace(.app(.work(AppRecord.Activity(process: process.number, duration: actual, lane: context.lane))))
            // The app's memory is dirty from the moment work starts: a kill mid-way loses it.
            if changesState { process.recordWork(actual) }
            try await process.compute(actual, label: "work on \(context.lane)")

        case .wait(let duration):
            process.trace(.app(.wait(AppRecord.Activity(process: process.number, duration: duration, lane: context.lane))))
            try await kernel.clock.sleep(for: .nanoseconds(duration))

        case .save(let checkpoint, let duration):
            try await process.compute(duration, label: "saving \(checkpoint)")
            application.saveState(checkpoint: checkpoint)

        case .async(let steps):
            var inner = context
            inner.lane = "background"
            inner.serialQueue = nil
            process.spawn("background") { [self, inner] in
                await run(steps, in: application, context: inner)
            }

        case .dispatchMain(let delay, let steps):
            // Captured now: a block the person's tap dispatched still serves that tap when it runs.
            let personAction = process.currentPersonAction
            var inner = context
            inner.lane = "main"
            inner.serialQueue = nil
            process.dispatchToMain("dispatched block", personAction: personAction, delay: delay) { [self, inner] in
                await run(steps, in: application, context: inner)
            }

        case .dispatch(let queue, let sync, let steps):
            try await dispatch(steps, to: queue, sync: sync, in: application, context: context)
        case .createSession(let configuration):
            process.system.service(BackgroundTransfers.self).createSession(configuration, in: process)

        case .downloadTask(let session, let bytes, let earliestBegin, let error):
            let request = TransferRequest(session: session, bytes: bytes, earliestBegin: earliestBegin.map { process.now + $0 }, error: error)
            if process.system.service(BackgroundTransfers.self).startDownload(request, in: process) == nil {
                process.trace(.app(.stepIgnored(AppRecord.StepIgnored(
                    process: process.number, step: "downloadTask", why: "this process created no background session \(session)"))))
            }

        case .moveDownloadedFile(let checkpoint):
            guard let transfer = context.downloadedTransfer else {
                process.trace(.app(.stepIgnored(AppRecord.StepIgnored(
                    process: process.number, step: "moveDownloadedFile", why: "not in didFinishDownloadingTo (the file is gone once it returns)"))))
                return
            }
            guard process.system.service(BackgroundTransfers.self).moveFile(of: transfer) else {
                // FileManager.moveItem throws: there is no file at location any more.
                process.trace(.app(.stepIgnored(AppRecord.StepIgnored(
                    process: process.number, step: "moveDownloadedFile",
                    why: "the file of transfer \(transfer) was deleted when didFinishDownloadingTo returned"))))
                return
            }
            application.saveState(checkpoint: checkpoint)

        case .callBackgroundEventsCompletion(let session):
            guard let completion = eventsCompletions.removeValue(forKey: session) else {
                process.trace(.app(.stepIgnored(AppRecord.StepIgnored(
                    process: process.number, step: "callBackgroundEventsCompletion", why: "no stored completion handler for \(session)"))))
                return
            }
            completion()

        case .callFetchCompletion(let result):
            guard let completion = context.fetchCompletion else {
                process.trace(.app(.stepIgnored(AppRecord.StepIgnored(
                    process: process.number, step: "callFetchCompletion", why: "not in a didReceiveRemoteNotification handler"))))
                return
            }
            let value: UIBackgroundFetchResult = switch result {
            case .newData: .newData
            case .noData: .noData
            case .failed: .failed
            }
            completion(value)

        case .holdLock(let name):
            process.holdLock(name)

        case .releaseLock(let name):
            process.releaseLock(name)

        case .perform(let action):
            try await perform(definition(application).actions[action] ?? [], in: application, context: context)

        case .repeating(let count, let steps):
            for _ in 0..<count {
                try await perform(steps, in: application, context: context)
            }

        case .log(let message):
            process.trace(.app(.log(AppRecord.Log(process: process.number, message: message, lane: context.lane))))

        case .crash(let message):
            process.terminate(.crash, message: message)
            throw ProcessTerminated(process: process.number)

        case .exit:
            process.terminate(.exit, message: "the app exited")
            throw ProcessTerminated(process: process.number)

        case .register(let identifier, let launchHandler, let onMainQueue, let asyncHandler, let isolation):
            let steps = definition(application).actions[launchHandler] ?? []
            let lane = onMainQueue ? "main" : "background"
            // The model directly, not the look-alike, to say the closure's isolation (the look-alike learns it from
            // an @isolated(any) closure: issue 12) and that the steps' work is visible.
            _ = process.register(identifier: withJobNumber(identifier, context.job.forRegister, process), registration: TaskRegistration(
                onMainLane: onMainQueue, completesWhenHandlerReturns: asyncHandler,
                isolation: isolation == .mainActor ? .mainActor : .nonisolated, tracksWork: true
            ) { [self] task in
                await run(steps, in: application, context: Context(lane: lane, bgTask: BGTask.lookalike(of: task, in: process)))
            })

        case .submit(var request):
            request.earliestBegin = request.earliestBegin.map { process.now + $0 }
            request.identifier = withJobNumber(request.identifier, context.job.forSubmit, process)
            do {
                try BGTaskScheduler.scheduler(of: application).submit(BGTaskRequest.lookalike(of: request))
            } catch {
                // The app's catch block: the failure is in the trace (bgTask.submitFailed).
            }

        case .cancelTaskRequest(let identifier):
            BGTaskScheduler.scheduler(of: application).cancel(taskRequestWithIdentifier: identifier)

        case .cancelAllTaskRequests:
            BGTaskScheduler.scheduler(of: application).cancelAllTaskRequests()

        case .setTaskExpirationHandler(let behavior):
            guard let task = launchedTask(context, step: "setTaskExpirationHandler", in: process) else { return }
            switch behavior {
            case .noHandler:
                task.simulatedExpirationHandler = nil
            case .steps(let steps):
                // BackgroundTasks calls it on a global background queue, whatever queue the launch handler had.
                task.simulatedExpirationHandler = { [self] in
                    await run(steps, in: application, context: Context(lane: "background", bgTask: task))
                }
            }

        case .setTaskCompleted(let success):
            guard let task = launchedTask(context, step: "setTaskCompleted", in: process) else { return }
            let value = switch success {
            case .constant(let value): value
            case .condition(let condition): holds(condition, in: application, context: context)
            }
            task.setTaskCompleted(success: value)

        case .cancelWork:
            guard let task = launchedTask(context, step: "cancelWork", in: process) else { return }
            task.isWorkCancelled = true
            process.trace(.task(.workCancelled(TaskRecord.WorkCancelled(process: process.number, identifier: task.identifier))))

        case .stopIfCancelled:
            guard let task = launchedTask(context, step: "stopIfCancelled", in: process) else { return }
            if task.isWorkCancelled { throw CancellationError() }

        case .updateUI:
            if context.lane != "main" {
                process.diagnose(
                    Rules.mainActorCodeOffMain, subject: context.bgTask.map { "launch handler of \($0.identifier)" } ?? "background code",
                    message: "main-actor code ran on a background queue"
                        + (context.bgTask.map { ": the launch handler of \($0.identifier) was registered with using: nil" } ?? ""))
            }
            process.trace(.app(.updateUI(AppRecord.UpdateUI(process: process.number, lane: context.lane))))

        case .processUnits(let work):
            try await processUnits(work, in: process, context: context)

        case .updateTitle(let title, let subtitle):
            guard let task = launchedTask(context, step: "updateTitle", in: process) else { return }
            guard let continued = task as? BGContinuedProcessingTask else {
                process.trace(.app(.stepIgnored(AppRecord.StepIgnored(
                    process: process.number, step: "updateTitle", why: "not a continued processing task"))))
                return
            }
            continued.updateTitle(title, subtitle: subtitle)

        case .setProgressTotal(let units):
            guard let task = launchedTask(context, step: "setProgressTotal", in: process) else { return }
            guard let continued = task as? BGContinuedProcessingTask else {
                process.trace(.app(.stepIgnored(AppRecord.StepIgnored(
                    process: process.number, step: "setProgressTotal", why: "not a continued processing task"))))
                return
            }
            continued.progress.totalUnitCount = Int64(units)

        case .removePartialOutput(let output):
            process.removePartialOutput(output, for: context.bgTask?.task)

        case .setFlag(let name, let value):
            flags[name] = value

        case .setInvalid(let variable):
            variables[variable] = .invalid

        case .if(let condition, let then, let otherwise):
            try await perform(holds(condition, in: application, context: context) ? then : otherwise, in: application, context: context)

        case .while(let condition, let steps):
            var idleRounds = 0
            while holds(condition, in: application, context: context) {
                let before = process.now
                try await perform(steps, in: application, context: context)
                // A round that takes no virtual time would loop for ever at one instant: stop, and say so.
                idleRounds = process.now == before ? idleRounds + 1 : 0
                if idleRounds >= Self.idleRoundLimit {
                    process.trace(.app(.stepIgnored(AppRecord.StepIgnored(
                        process: process.number, step: "while",
                        why: "\(Self.idleRoundLimit) rounds took no virtual time; the loop was stopped (give its steps work or a wait)"))))
                    return
                }
            }
        }
    }

    /// How many rounds of a `while` in a row may take no virtual time before the loop is stopped.
    static let idleRoundLimit = 1000

    /// `identifier` with `{n}` replaced by the job number `number` gives, if it holds the placeholder.
    private func withJobNumber(_ identifier: String, _ number: (AppProcess) -> Int, _ process: AppProcess) -> String {
        guard identifier.contains(Step.jobNumberPlaceholder) else { return identifier }
        return identifier.replacingOccurrences(of: Step.jobNumberPlaceholder, with: String(number(process)))
    }

    /// `queue.async { }` or `queue.sync { }` onto a serial queue of the app's (`"main"`: the main queue).
    ///
    /// The block waits behind whatever the queue is running or has queued; `sync` makes the calling code wait for it
    /// too, keeping its own lane busy meanwhile, which is how an expiration handler ends up blocked behind a
    /// database queue's batch. `sync` onto the queue the code is on deadlocks, and libdispatch crashes the app.
    private func dispatch(
        _ steps: [Step], to queue: String, sync: Bool, in application: UIApplication, context: Context
    ) async throws {
        let process = application.process
        let current = context.lane == "main" ? "main" : context.serialQueue
        if sync && current == queue {
            process.dispatchSyncDeadlocked(on: queue == "main" ? "DispatchQueue.main" : "DispatchQueue(\"\(queue)\")")
            throw ProcessTerminated(process: process.number)
        }
        let lane = queue == "main" ? process.mainLane : process.serialLane(for: queueToken(queue), label: queue)
        var blockContext = context
        blockContext.lane = queue
        blockContext.serialQueue = queue == "main" ? nil : queue
        let done = sync ? BlockCompletion() : nil
        lane.enqueue("\(queue) block", personAction: process.currentPersonAction) { [self, blockContext] in
            await run(steps, in: application, context: blockContext)
            done?.finish()
        }
        if let done {
            try await done.wait(in: process, for: "DispatchQueue(\"\(queue)\").sync")
        }
    }

    /// The object a queue's lane belongs to in this process, one per name.
    private func queueToken(_ name: String) -> QueueToken {
        if let token = queueTokens[name] { return token }
        let token = QueueToken()
        queueTokens[name] = token
        return token
    }

    /// Stands for one of the app's serial queues, by name (the model keys lanes by object).
    final class QueueToken {}

    /// Tells code waiting in `dispatchSync` that its block has run.
    final class BlockCompletion: @unchecked Sendable {
        private var finished = false
        private var waiter: Waiter?

        func finish() {
            finished = true
            waiter?.resume()
        }

        func wait(in process: AppProcess, for reason: String) async throws {
            guard !finished else { return }
            try await process.kernel.wait(for: reason) { waiter = $0 }
        }
    }

    /// Whether `condition` holds now, for the code in `context`.
    private func holds(_ condition: Condition, in application: UIApplication, context: Context) -> Bool {
        switch condition {
        case .cancelled:
            return context.bgTask?.isWorkCancelled ?? false
        case .flag(let name):
            return flags[name] ?? false
        case .valid(let variable):
            return (variables[variable] ?? .invalid) != .invalid
        case .backgroundTimeRemainingBelow(let limit):
            guard let remaining = application.process.backgroundTimeRemainingNanoseconds else { return false }
            return remaining < limit
        case .applicationState(let state):
            return switch (state, UIApplication.State(application.process.state)) {
            case (.active, .active), (.inactive, .inactive), (.background, .background): true
            default: false
            }
        case .not(let inner):
            return !holds(inner, in: application, context: context)
        case .all(let list):
            return list.allSatisfy { holds($0, in: application, context: context) }
        case .any(let list):
            return list.contains { holds($0, in: application, context: context) }
        }
    }
}
