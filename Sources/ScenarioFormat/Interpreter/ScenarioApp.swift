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
nonisolated final class ScenarioApp: SimulatedApplicationDelegate, @unchecked Sendable {
    let definition: AppDefinition
    /// The app's stored background task identifiers, by the scenario's variable names.
    private var variables: [String: UIBackgroundTaskIdentifier] = [:]

    init(definition: AppDefinition) {
        self.definition = definition
    }

    /// Where steps run, and which background task or BGTask the code in hand belongs to.
    struct Context {
        var lane: String
        var ownTask: IdentifierBox?
        /// The BGTask a launch handler (or its expiration handler) works on.
        var bgTask: BGTask?
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
        await run(definition.actions[name] ?? [], in: application, context: Context(lane: "main"))
    }

    private func run(_ callback: AppDefinition.Callback, _ application: UIApplication) async {
        guard let action = definition.action(for: callback) else { return }
        await run(definition.actions[action] ?? [], in: application, context: Context(lane: "main"))
    }

    // MARK: Steps

    /// The task a BGTask step works on; outside a launch handler the step is traced as ignored.
    private func launchedTask(_ context: Context, step: String, in process: AppProcess) -> BGTask? {
        guard let task = context.bgTask else {
            process.trace(.appStepIgnored(TraceRecord.AppStepIgnored(process: process.number, step: step, why: "not in a launch handler")))
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
            process.trace(.appWork(TraceRecord.AppActivity(process: process.number, duration: actual, lane: context.lane)))
            // The app's memory is dirty from the moment work starts: a kill mid-way loses it.
            if changesState { process.recordWork(actual) }
            try await process.compute(actual, label: "work on \(context.lane)")

        case .wait(let duration):
            process.trace(.appWait(TraceRecord.AppActivity(process: process.number, duration: duration, lane: context.lane)))
            try await kernel.clock.sleep(for: .nanoseconds(duration))

        case .save(let checkpoint, let duration):
            try await process.compute(duration, label: "saving \(checkpoint)")
            application.saveState(checkpoint: checkpoint)

        case .async(let steps):
            process.spawn("background") { [self] in
                await run(steps, in: application, context: Context(lane: "background", ownTask: context.ownTask, bgTask: context.bgTask))
            }

        case .dispatchMain(let delay, let steps):
            // Captured now: a block the person's tap dispatched still serves that tap when it runs.
            let personAction = process.currentPersonAction
            let enqueue: @Sendable () -> Void = { [self] in
                process.dispatchToMain("dispatched block", personAction: personAction) { [self] in
                    await run(steps, in: application, context: Context(lane: "main", ownTask: context.ownTask, bgTask: context.bgTask))
                }
            }
            if delay > 0 {
                let label = EventLabel("app.dispatchAfter", subject: Int64(process.number))
                kernel.schedule(afterNanoseconds: delay, label: label) { if process.isAlive { enqueue() } }
            } else {
                enqueue()
            }

        case .holdLock(let name):
            process.holdLock(name)

        case .releaseLock(let name):
            process.releaseLock(name)

        case .perform(let action):
            try await perform(definition.actions[action] ?? [], in: application, context: context)

        case .repeating(let count, let steps):
            for _ in 0..<count {
                try await perform(steps, in: application, context: context)
            }

        case .log(let message):
            process.trace(.appLog(TraceRecord.AppLog(process: process.number, message: message, lane: context.lane)))

        case .crash(let message):
            process.terminate(.crash, message: message)
            throw ProcessTerminated(process: process.number)

        case .exit:
            process.terminate(.exit, message: "the app exited")
            throw ProcessTerminated(process: process.number)

        case .register(let identifier, let launchHandler, let onMainQueue, let asyncHandler):
            let steps = definition.actions[launchHandler] ?? []
            let lane = onMainQueue ? "main" : "background"
            BGTaskScheduler.scheduler(of: application).register(
                forTaskWithIdentifier: identifier, onMainLane: onMainQueue, completesWhenHandlerReturns: asyncHandler
            ) { [self] task in
                await run(steps, in: application, context: Context(lane: lane, bgTask: task))
            }

        case .submit(var request):
            request.earliestBegin = request.earliestBegin.map { process.now + $0 }
            if request.identifier.contains(Step.jobNumberPlaceholder) {
                request.identifier = request.identifier.replacingOccurrences(
                    of: Step.jobNumberPlaceholder, with: String(process.system.nextJobNumber()))
            }
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
                let lane = context.lane
                task.simulatedExpirationHandler = { [self] in
                    await run(steps, in: application, context: Context(lane: lane, bgTask: task))
                }
            }

        case .setTaskCompleted(let success):
            guard let task = launchedTask(context, step: "setTaskCompleted", in: process) else { return }
            task.setTaskCompleted(success: success)

        case .cancelWork:
            guard let task = launchedTask(context, step: "cancelWork", in: process) else { return }
            task.isWorkCancelled = true
            process.trace(.taskWorkCancelled(TraceRecord.TaskWorkCancelled(process: process.number, identifier: task.identifier)))

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
            process.trace(.appUpdateUI(TraceRecord.AppUpdateUI(process: process.number, lane: context.lane)))

        case .processUnits(let work):
            try await processUnits(work, in: process, context: context)

        case .updateTitle(let title, let subtitle):
            guard let task = launchedTask(context, step: "updateTitle", in: process) else { return }
            guard let continued = task as? BGContinuedProcessingTask else {
                process.trace(.appStepIgnored(TraceRecord.AppStepIgnored(
                    process: process.number, step: "updateTitle", why: "not a continued processing task")))
                return
            }
            continued.updateTitle(title, subtitle: subtitle)

        case .setProgressTotal(let units):
            guard let task = launchedTask(context, step: "setProgressTotal", in: process) else { return }
            guard let continued = task as? BGContinuedProcessingTask else {
                process.trace(.appStepIgnored(TraceRecord.AppStepIgnored(
                    process: process.number, step: "setProgressTotal", why: "not a continued processing task")))
                return
            }
            continued.progress.totalUnitCount = Int64(units)

        case .removePartialOutput(let output):
            process.removePartialOutput(output, for: context.bgTask?.task)
        }
    }
}
