import SimulationKernel
import PlatformLookalikes
import SimulationModel

/// `BGTaskScheduler`: registering and submitting, and what a launch handler does with its task.
extension ScenarioApp {
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

    func perform(_ step: TaskStep, in application: UIApplication, context: Context) async throws {
        let process = application.process
        switch step {
        case .register(let identifier, let launchHandler, let onMainQueue, let asyncHandler, let isolation):
            register(identifier, launchHandler: launchHandler, onMainQueue: onMainQueue, asyncHandler: asyncHandler,
                     isolation: isolation, in: application, context: context)
        case .submit(var request, let earliestBegin):
            request.earliestBegin = earliestBegin.map { process.kernel.now + $0 }
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
                    await run(steps, in: application, context: Context(lane: .background, bgTask: task))
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
            task.cancelWork()
            process.trace(.task(.workCancelled(TaskRecord.WorkCancelled(process: process.number, identifier: task.identifier))))
        case .stopIfCancelled:
            guard let task = launchedTask(context, step: "stopIfCancelled", in: process) else { return }
            if task.isWorkCancelled { throw CancellationError() }
        case .updateUI:
            updateUI(in: process, context: context)
        }
    }

    private func register(
        _ identifier: String, launchHandler: String, onMainQueue: Bool, asyncHandler: Bool, isolation: HandlerIsolation,
        in application: UIApplication, context: Context
    ) {
        let process = application.process
        let steps = definition(application).actions[launchHandler] ?? []
        let lane: CodeLane = onMainQueue ? .main : .background
        // The model directly, not the look-alike, to say the closure's isolation (the look-alike learns it from
        // an @isolated(any) closure: issue 12) and that the steps' work is visible.
        _ = process.register(identifier: withJobNumber(identifier, context.job.forRegister, process), registration: TaskRegistration(
            onMainLane: onMainQueue, completesWhenHandlerReturns: asyncHandler,
            isolation: isolation == .mainActor ? .mainActor : .nonisolated, tracksWork: true
        ) { [self] task in
            await run(steps, in: application, context: Context(lane: lane, bgTask: BGTask.lookalike(of: task, in: process)))
        })
    }

    /// Main-actor code: off the main lane it is BGS019, with the launch handler that put it there if there is one.
    private func updateUI(in process: AppProcess, context: Context) {
        if context.lane != .main {
            process.diagnose(
                Rules.mainActorCodeOffMain, subject: context.bgTask.map { "launch handler of \($0.identifier)" } ?? "background code",
                message: "main-actor code ran on a background queue"
                    + (context.bgTask.map { ": the launch handler of \($0.identifier) was registered with using: nil" } ?? ""))
        }
        process.trace(.app(.updateUI(AppRecord.UpdateUI(process: process.number, lane: context.lane))))
    }

    /// The task a BGTask step works on; outside a launch handler the step is traced as ignored.
    func launchedTask(_ context: Context, step: String, in process: AppProcess) -> BGTask? {
        guard let task = context.bgTask else {
            ignored(step, because: "not in a launch handler", in: process)
            return nil
        }
        return task
    }

    /// `identifier` with `{n}` replaced by the job number `number` gives, if it holds the placeholder.
    private func withJobNumber(_ identifier: String, _ number: (AppProcess) -> Int, _ process: AppProcess) -> String {
        guard identifier.contains(Step.jobNumberPlaceholder) else { return identifier }
        return identifier.replacingOccurrences(of: Step.jobNumberPlaceholder, with: String(number(process)))
    }
}
