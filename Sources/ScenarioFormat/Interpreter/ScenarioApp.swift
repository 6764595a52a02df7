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
///
/// This file runs the language's own steps; each feature's steps and
/// callbacks run in its folder (`ScenarioApp+<Feature>.swift`).
nonisolated final class ScenarioApp: SimulatedApplicationDelegate, @unchecked Sendable {
    /// The app as the scenario writes it, with every build.
    private let scenarioApp: AppDefinition
    /// The build this process runs: read from the installed build when the process first calls the app's code.
    private var installed: AppDefinition?
    /// The app's stored background task identifiers, by the scenario's variable names (background time's steps).
    var variables: [String: UIBackgroundTaskIdentifier] = [:]
    /// The app's flags: their starting values, then what `set` made them. Gone with the process.
    private var flags: [String: Bool] = [:]
    /// The app's serial queues by name; looked up, never iterated.
    private var queueTokens: [String: QueueToken] = [:]
    /// The completion handlers `handleEventsForBackgroundURLSession` gave, stored per session as apps do (transfers).
    var eventsCompletions: [String: @Sendable () -> Void] = [:]

    init(definition: AppDefinition) {
        self.scenarioApp = definition
    }

    /// The code of the build installed when this process started.
    func definition(_ application: UIApplication) -> AppDefinition {
        if let installed { return installed }
        let build = scenarioApp.build(named: application.process.system.appInfo.build)
        installed = build
        for flag in build.flags { flags[flag.name] = flag.value }
        return build
    }

    /// Where steps run, and which background task or BGTask the code in hand belongs to.
    struct Context {
        /// The queue the code runs on: the main one, a background one, or a serial queue of the app's
        /// (`dispatchAsync`, `dispatchSync`).
        var lane: CodeLane
        /// The background task whose expiration handler this is (background time).
        var ownTask: IdentifierBox?
        /// The BGTask a launch handler (or its expiration handler) works on (tasks).
        var bgTask: BGTask?
        /// The job number `{n}` stands for in this run of an action (tasks).
        var job = JobNumber()
        /// The `fetchCompletionHandler` of the silent push being handled (push).
        var fetchCompletion: (@Sendable (UIBackgroundFetchResult) -> Void)?
        /// The transfer whose file `didFinishDownloadingTo` hands over, while it runs (transfers).
        var downloadedTransfer: Int?
        /// The error's `NSURLErrorBackgroundTaskCancelledReasonKey` in `didCompleteWithError`, when the system cancelled
        /// the transfer (transfers).
        var cancelledReason: Int?
    }

    /// Runs the action attached to `callback`, if the scenario attached one.
    func run(_ callback: AppDefinition.Callback, _ application: UIApplication, context: Context = Context(lane: .main)) async {
        let app = definition(application)
        guard let action = app.action(for: callback) else { return }
        await run(app.actions[action] ?? [], in: application, context: context)
    }

    // MARK: Steps

    /// Runs steps until they end, the task is cancelled, or the process dies.
    func run(_ steps: [Step], in application: UIApplication, context: Context) async {
        do {
            try await perform(steps, in: application, context: context)
        } catch {
            // Cancelled or terminated: the process's code stops here, as it would on a device.
        }
    }

    func perform(_ steps: [Step], in application: UIApplication, context: Context) async throws {
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
        case .work(let duration, let jitter, let changesState):
            let actual = jitter > .zero
                ? max(.zero, duration + kernel.draw(ModelChoice.workJitter.label(subject: process.number), in: -jitter...jitter)) : duration
            process.trace(.app(.work(AppRecord.Activity(process: process.number, duration: actual, lane: context.lane))))
            // The app's memory is dirty from the moment work starts: a kill mid-way loses it.
            if changesState { process.recordWork(actual) }
            try await process.compute(actual, label: "work on \(context.lane)")
        case .wait(let duration):
            process.trace(.app(.wait(AppRecord.Activity(process: process.number, duration: duration, lane: context.lane))))
            try await kernel.sleep(until: kernel.now + duration)
        case .save(let checkpoint, let duration):
            try await process.compute(duration, label: "saving \(checkpoint)")
            application.saveState(checkpoint: checkpoint)
        case .async(let steps):
            var inner = context
            inner.lane = .background
            process.spawn("background") { [self, inner] in
                await run(steps, in: application, context: inner)
            }
        case .dispatchMain(let delay, let steps):
            // Captured now: a block the person's tap dispatched still serves that tap when it runs.
            let personAction = process.currentPersonAction
            var inner = context
            inner.lane = .main
            process.dispatchToMain("dispatched block", personAction: personAction, delay: delay) { [self, inner] in
                await run(steps, in: application, context: inner)
            }
        case .dispatch(let queue, let sync, let steps):
            try await dispatch(steps, to: queue, sync: sync, in: application, context: context)
        case .holdLock(let name): process.holdLock(name)
        case .releaseLock(let name): process.releaseLock(name)
        case .perform(let action): try await perform(definition(application).actions[action] ?? [], in: application, context: context)
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
        case .setFlag(let name, let value): flags[name] = value
        case .if(let condition, let then, let otherwise):
            try await perform(holds(condition, in: application, context: context) ? then : otherwise, in: application, context: context)
        case .while(let condition, let steps): try await loop(while: condition, steps, in: application, context: context)
        case .backgroundTime(let step): perform(step, in: application, context: context)
        case .task(let step): try await perform(step, in: application, context: context)
        case .continued(let step): try await perform(step, in: application, context: context)
        case .push(let step): perform(step, in: application, context: context)
        case .transfer(let step): perform(step, in: application, context: context)
        }
    }

    /// Traces a step that did not apply here, and why: the app's code goes on.
    func ignored(_ step: String, because why: String, in process: AppProcess) {
        process.trace(.app(.stepIgnored(AppRecord.StepIgnored(process: process.number, step: step, why: why))))
    }

    /// How many rounds of a `while` in a row may take no virtual time before the loop is stopped.
    static let idleRoundLimit = 1000

    /// Runs `steps` while `condition` holds, checked before each round.
    private func loop(while condition: Condition, _ steps: [Step], in application: UIApplication, context: Context) async throws {
        let process = application.process
        var idleRounds = 0
        while holds(condition, in: application, context: context) {
            let before = process.now
            try await perform(steps, in: application, context: context)
            // A round that takes no virtual time would loop for ever at one instant: stop, and say so.
            idleRounds = process.now == before ? idleRounds + 1 : 0
            if idleRounds >= Self.idleRoundLimit {
                ignored("while", because: "\(Self.idleRoundLimit) rounds took no virtual time; the loop was stopped (give its steps work or a wait)",
                        in: process)
                return
            }
        }
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
        let target = CodeLane(name: queue)
        // `background` names no serial queue here: a queue the app labelled so is one of its own.
        let destination: CodeLane = target == .main ? .main : .queue(queue)
        if sync && context.lane == destination {
            process.dispatchSyncDeadlocked(on: destination == .main ? "DispatchQueue.main" : "DispatchQueue(\"\(queue)\")")
            throw ProcessTerminated(process: process.number)
        }
        let lane = destination == .main ? process.mainLane : process.serialLane(for: queueToken(queue), label: queue)
        var blockContext = context
        blockContext.lane = destination
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
    func holds(_ condition: Condition, in application: UIApplication, context: Context) -> Bool {
        switch condition {
        case .cancelled:
            return context.bgTask?.isWorkCancelled ?? false
        case .flag(let name):
            return flags[name] ?? false
        case .valid(let variable):
            return (variables[variable] ?? .invalid) != .invalid
        case .backgroundTimeRemainingBelow(let limit):
            guard let remaining = application.process.backgroundTimeRemaining else { return false }
            return remaining < limit
        case .applicationState(let state):
            return switch (state, UIApplication.State(application.process.state)) {
            case (.active, .active), (.inactive, .inactive), (.background, .background): true
            default: false
            }
        case .cancelledReason(let reason):
            return context.cancelledReason == reason.code
        case .not(let inner):
            return !holds(inner, in: application, context: context)
        case .all(let list):
            return list.allSatisfy { holds($0, in: application, context: context) }
        case .any(let list):
            return list.contains { holds($0, in: application, context: context) }
        }
    }
}
