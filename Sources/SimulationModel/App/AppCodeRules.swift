/// The rules of app code under simulation: code that stalls, escapes the simulation's thread, or blocks where it cannot.
extension Rules {
    /// Handler work never finished: the run went idle with tasks still waiting.
    public static let handlerStalled = Rule(
        id: "BGS008", name: "handlerStalled", severity: .error, category: .appBug,
        categoryReason: "The app's code waits for something that it never does itself.",
        summary: "App code was still waiting when nothing else could happen: it would never finish.",
        fix: "Look at what the task waits for: a continuation never resumed, or a wait on something the app never does.",
        source: "bgsim kernel: stall detection")

    /// Async work ran outside the simulation's executor.
    public static let foreignThreadWork = Rule(
        id: "BGS009", name: "foreignThreadWork", severity: .error, category: .appBug,
        categoryReason: "App or test code escaped the virtual clock: the test harness can do otherwise.",
        summary: "Simulated async code resumed on a thread outside the simulation (a real Task.sleep, Task.detached, or a real queue).",
        fix: "Use the simulation's clock instead of Task.sleep, and simulation.spawn (or Task(executorPreference:)) instead of Task.detached.",
        source: "SE-0417 task executor preference; bgsim determinism rules")

    /// Synchronous app code that did not return within the wall-clock watchdog's limit.
    public static let synchronousCodeNeverReturned = Rule(
        id: "BGS034", name: "synchronousCodeNeverReturned", severity: .error, category: .appBug,
        categoryReason: "The test harness's code loops with no virtual cost, which only it can change.",
        summary: "Synchronous app code ran past the wall-clock watchdog without returning or waiting on virtual time: a loop that waits for another thread (its expiration handler, a dispatched block) never ends in a simulation.",
        fix: "Give each turn of the loop its cost (simulateWork(for:), sleep, or await a virtual sleep in async code) so that the system can expire the task and its expiration handler can run; or move the work to async code.",
        source: "bgsim: virtual time only passes when code waits; Apple, WWDC25 \"Finish tasks in the background\" (a loop that runs until the expiration handler clears a flag)")

    /// A look-alike API called from a thread the simulation does not run.
    public static let calledFromOutsideSimulation = Rule(
        id: "BGS035", name: "calledFromOutsideSimulation", severity: .error, category: .appBug,
        categoryReason: "The test harness runs simulated code on real threads, which only it can change.",
        summary: "App code called a simulated API from a thread outside the simulation (a real DispatchQueue or Thread, a detached task, or code that escaped to the real main thread); the call was ignored.",
        fix: "Run the work through the look-alikes the app's file imports (DispatchQueue, OperationQueue, Task), which stay on virtual time; do not start real threads or reach the real Dispatch module from simulated code.",
        source: "bgsim determinism rules: all app code runs on the simulation's thread")

    /// A blocking call bgsim cannot give virtual time to where it was made.
    public static let blockingCallNotSimulated = Rule(
        id: "BGS036", name: "blockingCallNotSimulated", severity: .info, category: .systemNotice,
        categoryReason: "The call is legal on iOS; bgsim cannot give it time, a limit of the simulator, not of the app.",
        summary: "A blocking call (sleep, usleep, Thread.sleep, simulateWork, DispatchGroup.wait, Operation.waitUntilFinished) was made where bgsim cannot block: it returned at once, without the virtual time or the work it waits for.",
        fix: "In async code, await instead (try await Task.sleep(for:), try await application.simulateWork(for:)); instead of waiting for a group or an operation, continue in its notify block or completion block.",
        source: "bgsim: one thread runs the whole simulation, so a blocking wait in the simulated app would wait for ever")

    /// `DispatchQueue.sync` onto the queue the code is already running on.
    public static let dispatchSyncDeadlock = Rule(
        id: "BGS037", name: "dispatchSyncDeadlock", severity: .error, category: .appBug,
        categoryReason: "The app called DispatchQueue.sync on the queue it was running on.",
        summary: "DispatchQueue.sync was called on the queue the code was already running on (for example DispatchQueue.main.sync on the main thread): the app deadlocks and crashes.",
        fix: "Call the block directly when already on the queue, or use async; never call sync on the main queue from the main thread.",
        source: "Apple, DispatchQueue.sync(execute:): \"Calling this function and targeting the current queue results in deadlock\"; libdispatch traps with \"dispatch_sync called on queue already owned by current thread\"")

    /// The rules of this feature, for the catalog (``Rules/all``).
    static let appCode: [Rule] = [
        handlerStalled, foreignThreadWork, synchronousCodeNeverReturned, calledFromOutsideSimulation,
        blockingCallNotSimulated, dispatchSyncDeadlock,
    ]
}
